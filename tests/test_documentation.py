"""README.md and CONTRIBUTING.md against the code: what they name must exist and say what it does.

A reader on a fresh machine types what the README shows; a contributor looks for the files,
functions, make targets and options CONTRIBUTING names. Each test reads the claim from the
document itself and checks it against the code (or runs it as a user would), so that a renamed
module, a new option or a new target cannot leave the documents behind. Figures (timings, test
counts) are measurements, dated in the README: no test asserts them.
"""

from __future__ import annotations

import importlib
import json
import os
import pkgutil
import re
import shlex
import subprocess
import tomllib
from pathlib import Path

import pytest

import indexer
from indexer.cli.dispatch import commande_implicite
from indexer.cli.options import COMMANDES, DEBUG
from indexer.cli.parseur import lire

RACINE = Path(__file__).resolve().parent.parent
LOI = RACINE / ".venv" / "bin" / "loi"
DOCUMENTS = ("README.md", "CONTRIBUTING.md")
TEXTES = {nom: (RACINE / nom).read_text(encoding="utf-8") for nom in DOCUMENTS}
README = TEXTES["README.md"]
CONTRIBUTING = TEXTES["CONTRIBUTING.md"]

# What the documents name but the checkout does not hold: written by a build (genere/, site/, dist/,
# the wheel) or a name inside the built site.
GENERES = {"recherche-donnees.js", "citations-donnees.js", "sw.js", "search.json", "COMPLET.json"}
# Flags the README shows for other tools (pip, build, scripts/evaluer.py, pytest) and one it shows refused.
AUTRES_OPTIONS = {"--no-isolation", "--no-deps", "--no-index", "--python", "--wheel", "--echecs", "--plis",
                  "--milieu", "--update-golden", "--lim"}  # fmt: skip


def section(texte: str, titre: str) -> str:
    """The body of the section whose heading is ``titre``, up to the next heading of its level or above."""
    debut = re.search(rf"^(#+) {re.escape(titre)}\n", texte, re.MULTILINE)
    assert debut, f"section « {titre} » absente"
    fin = re.compile(rf"^#{{1,{len(debut.group(1))}}} ", re.MULTILINE).search(texte, debut.end())
    return texte[debut.end() : fin.start() if fin else len(texte)]


def codes(texte: str) -> list[str]:
    """Every inline code span (`…`) of ``texte``, fenced blocks left out."""
    return re.findall(r"`([^`\n]+)`", re.sub(r"^```.*?^```", "", texte, flags=re.MULTILINE | re.DOTALL))


def blocs(texte: str, langue: str) -> list[str]:
    return re.findall(rf"^```{langue}\n(.*?)^```", texte, re.MULTILINE | re.DOTALL)


def lancer(*argv: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "80"}
    return subprocess.run([str(LOI), *argv], capture_output=True, text=True, env=env, timeout=120)


# The quick start and CI ---------------------------------------------------------------------------


def test_demarrage_rapide_deux_commandes() -> None:
    """Two commands on a fresh machine: one sets up and runs the main job, one runs the whole suite;
    ``.ci/run`` runs that same command and nothing looser."""
    (bloc,) = blocs(section(README, "Démarrage rapide"), "sh")
    commandes = [ligne.split("#", 1)[0].strip() for ligne in bloc.splitlines() if ligne.strip()]
    assert commandes == ["make", "make test"]
    makefile = (RACINE / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"^\.DEFAULT_GOAL := all$", makefile, re.MULTILINE)
    assert re.search(r"^all: setup docs index demo ", makefile, re.MULTILINE)
    ci = [ligne.strip() for ligne in (RACINE / ".ci/run").read_text(encoding="utf-8").splitlines()]
    lance = [ligne for ligne in ci if re.match(r"(make|pytest|\S*python\S* -m pytest)\b", ligne)]
    assert lance == [commandes[1]]


# Make targets -------------------------------------------------------------------------------------

CIBLES = re.findall(r"^([a-z]+):.*## ", (RACINE / "Makefile").read_text(encoding="utf-8"), re.MULTILINE)


def test_make_help_liste_les_cibles_du_readme() -> None:
    phrase = re.search(r"`make help` les liste[^:]*:(.*?)\.\n", section(README, "Cibles `make`"), re.DOTALL)
    assert phrase, "la phrase « make help les liste : … » a changé"
    assert re.findall(r"`([a-z]+)`", re.sub(r"\([^)]*\)", "", phrase.group(1))) == CIBLES
    aide = subprocess.run(["make", "-s", "help"], cwd=RACINE, capture_output=True, text=True, timeout=60)
    assert re.findall(r"^  make (\S+)", aide.stdout, re.MULTILINE) == CIBLES


NOMMEES = sorted({c for texte in TEXTES.values() for c in re.findall(r"`make ([a-z]+)", texte)})


@pytest.mark.parametrize("cible", NOMMEES)
def test_chaque_cible_nommee_existe(cible: str) -> None:
    """``make -n``: the target exists and its recipe expands (nothing runs)."""
    assert cible in CIBLES
    essai = subprocess.run(["make", "-n", cible], cwd=RACINE, capture_output=True, text=True, timeout=60)
    assert essai.returncode == 0, essai.stderr


# Paths and Python names ----------------------------------------------------------------------------

SUIVIS = {p.name for p in RACINE.iterdir()} - {"genere", "site", "dist", "build", "node_modules", ".venv"}


def _motif(chemin: str) -> str:
    """A documented path as a glob: ``N`` (a law's number), ``x`` and ``<nom>`` stand for any name."""
    chemin = re.sub(r"<[^>]+>", "*", chemin.split("#")[0])
    return "/".join("*" if p in ("N", "x") else re.sub(r"^N\.", "*.", p) for p in chemin.split("/"))


def chemins_nommes(texte: str) -> set[str]:
    """The checkout's paths a document names: a first folder the checkout has, or a bare script name."""
    trouves = set()
    for code in codes(texte):
        for mot in re.split(r"[\s,;()=]+", code):
            mot = mot.strip(".:").removesuffix(")")
            dans_le_depot = "/" in mot and mot.split("/")[0] in SUIVIS
            script = re.fullmatch(r"[\w-]+\.(py|mjs|sh|toml)", mot) and mot not in GENERES
            if dans_le_depot or script:
                trouves.add(mot)
    return trouves


@pytest.mark.parametrize(("document", "chemin"), [(d, c) for d in DOCUMENTS for c in sorted(chemins_nommes(TEXTES[d]))])
def test_chaque_chemin_nomme_existe(document: str, chemin: str) -> None:
    if "/" in chemin:
        assert list(RACINE.glob(_motif(chemin))), f"{document} nomme {chemin}, absent du dépôt"
    else:
        assert any(RACINE.glob(f"*/**/{chemin}")) or (RACINE / chemin).exists(), f"{document} nomme {chemin}"


def test_le_temoin_des_chemins() -> None:
    """The path reader itself, on a table: what it takes for a path, and what it leaves."""
    texte = "`indexer/build.py`, `docs/lois/N/index.md`, `lois/68/index.html`, `genere/index`, `clean.py`, `sw.js`"
    assert chemins_nommes(texte) == {"indexer/build.py", "docs/lois/N/index.md", "clean.py"}
    assert _motif("docs/donnees/lois/N.json") == "docs/donnees/lois/*.json"
    assert _motif("indexer/corpus/parsers/<name>.py") == "indexer/corpus/parsers/*.py"


MODULES = {m.name for m in pkgutil.walk_packages(indexer.__path__, "indexer.")}
# Any tail of a module's dotted name finds it: ``recherche.dossier``, ``dossier``, ``indexer.cli.parseur``.
SUFFIXES: dict[str, set[str]] = {}
for _module in MODULES:
    _parties = _module.split(".")
    for _i in range(len(_parties)):
        SUFFIXES.setdefault(".".join(_parties[_i:]), set()).add(_module)
MKDOCS = (RACINE / "mkdocs.yml").read_text(encoding="utf-8")


def noms_python(texte: str) -> set[str]:
    """The dotted names of ``texte`` that start with one of our modules (``lecture.conforme``,
    ``indexer.cli.parseur.lire``); a key of mkdocs.yml (``navigation.prune``) is not ours."""
    noms = set()
    for code in codes(texte):
        for nom in re.findall(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+", code):
            fichier = re.search(r"\.(py|md|toml|js|mjs|json|html|yml|tsv|txt|whl|zip|css)$", nom)
            if not fichier and nom not in MKDOCS and _module_de(nom):
                noms.add(nom)
    return noms


def _module_de(nom: str) -> tuple[set[str], list[str]] | None:
    parties = nom.removeprefix("indexer.").split(".")
    for k in range(len(parties), 0, -1):
        if ".".join(parties[:k]) in SUFFIXES:
            return SUFFIXES[".".join(parties[:k])], parties[k:]
    return None


def _existe(module: str, attributs: list[str]) -> bool:
    objet = importlib.import_module(module)
    for attribut in attributs:
        champs = getattr(objet, "__dataclass_fields__", {})
        if attribut in champs and attribut == attributs[-1]:
            return True
        if not hasattr(objet, attribut):
            return False
        objet = getattr(objet, attribut)
    return True


@pytest.mark.parametrize(("document", "nom"), [(d, n) for d in DOCUMENTS for n in sorted(noms_python(TEXTES[d]))])
def test_chaque_nom_python_existe(document: str, nom: str) -> None:
    trouve = _module_de(nom)
    assert trouve is not None
    modules, attributs = trouve
    assert any(_existe(m, attributs) for m in sorted(modules)), f"{document} nomme {nom}, qui n'existe pas"


def test_le_temoin_des_noms() -> None:
    assert noms_python("`lecture.conforme`, `navigation.prune`, `JSON.parse`, `rendu/loi.py`") == {"lecture.conforme"}
    assert not _existe("indexer.lecture", ["conforme_pas"])
    assert _existe("indexer.model", ["Bloc", "texte"])  # a dataclass field


# The layers ------------------------------------------------------------------------------------------


def _couches() -> str:
    return section(CONTRIBUTING, "Les couches")


def test_le_vocabulaire_est_celui_du_test_d_architecture() -> None:
    from test_architecture import VOCABULAIRE

    ligne = re.search(r"^  vocabulaire +(.*)$", _couches(), re.MULTILINE)
    assert ligne and ligne.group(1).split(", ") == list(VOCABULAIRE)
    phrase = re.search(r"le vocabulaire \(([^)]*)\)", README)
    assert phrase and set(re.findall(r"`(\w+)`", phrase.group(1))) == set(VOCABULAIRE)


def test_chaque_etape_du_corpus_est_nommee() -> None:
    """Every module of indexer/corpus/ has its place in CONTRIBUTING's picture of the layers."""
    modules = {p.stem for p in (RACINE / "indexer/corpus").glob("*.py")} - {"__init__"}
    assert {m for m in modules if not re.search(rf"\b{m}\b", _couches())} == set()


def test_chaque_partie_du_paquet_a_sa_couche_dans_le_dessin() -> None:
    parties = {p.stem for p in (RACINE / "indexer").iterdir() if p.suffix == ".py" or (p / "__init__.py").exists()}
    parties -= {"__init__", "__main__"}
    assert {p for p in parties if not re.search(rf"\b{p}\b", _couches())} == set()


# The command ----------------------------------------------------------------------------------------


def options_de_loi() -> set[str]:
    """Every flag of ``loi``, read from its help as a user reads it (``loi --help``, ``loi CMD --help``)."""
    aides = [lancer("--help").stdout] + [lancer(commande, "--help").stdout for commande in COMMANDES]
    return {o for aide in aides for o in re.findall(r"(?<![\w-])--[a-z][a-z-]*", aide)}


def test_chaque_option_de_loi_est_dans_le_readme_et_inversement() -> None:
    partie = README.split("## La commande `loi`", 1)[1].split("## Le corpus et sa construction", 1)[0]
    nommees = {o for o in re.findall(r"(?<![\w-])--[a-z][a-z-]*", partie)} - AUTRES_OPTIONS
    assert nommees == options_de_loi() | {"--help"}


def test_chaque_commande_de_loi_est_dans_le_tableau() -> None:
    tableau = "\n".join(ligne for ligne in section(README, "La commande `loi`").splitlines() if ligne.startswith("| `"))
    nommees = set(re.findall(r"`loi (\w+)", tableau)) & (set(COMMANDES) | {"voir", "cherche"})
    assert nommees == set(COMMANDES)
    aide = lancer("--help").stdout
    assert set(re.findall(r"^    (\w+)", aide, re.MULTILINE)) == set(COMMANDES)


def exemple_complet(code: str) -> bool:
    """A whole command line (`loi 68C`, `loi completion bash`), not the name of a command or an option
    (`loi voir`, `loi --help`), an alternation (`bash|zsh|fish`) or a line cut for the completion."""
    if not code.startswith("loi ") or "|" in code or code.endswith(" "):
        return False
    mots = [m for m in shlex.split(code)[1:] if not m.startswith("-") or m[1:2].isdecimal()]
    return bool(mots) and (mots[0] not in COMMANDES or len(mots) > 1)


EXEMPLES = sorted({c for c in codes(README) if exemple_complet(c)})


@pytest.mark.parametrize("exemple", EXEMPLES)
def test_chaque_ligne_loi_du_readme_se_lit(exemple: str) -> None:
    """Each `loi …` the README shows is a line the command's grammar reads (its words and options
    exist); what it then answers is the commands' own tests."""
    argv = [a for a in shlex.split(exemple)[1:] if a != DEBUG]
    lire(commande_implicite(argv))


def test_l_exemple_console_du_readme() -> None:
    """The README's transcript, run as typed: the same lines come back."""
    (bloc,) = blocs(README, "console")
    for morceau in re.split(r"^\$ ", bloc, flags=re.MULTILINE)[1:]:
        ligne, *attendu = morceau.rstrip("\n").split("\n")
        sortie = lancer(*shlex.split(ligne)[1:])
        assert (sortie.returncode, sortie.stdout.rstrip("\n").split("\n")) == (0, attendu), ligne


def test_le_json_de_voir_est_celui_du_schema() -> None:
    from indexer.rendu.schema import VERSION

    ligne = next(ligne for ligne in README.splitlines() if ligne.startswith("| `loi voir --json 68C`"))
    cles = re.findall(r"`(\w+)`", ligne.split("(", 1)[1].split(";", 1)[0])
    cles += re.findall(r"et `(\w+)` pour un paragraphe", ligne)
    schema = json.loads((RACINE / "docs/donnees/schema-loi.json").read_text(encoding="utf-8"))
    assert set(cles) == set(schema["properties"])
    assert f"(version {VERSION})" in ligne


def _cles(objet: object) -> object:
    if isinstance(objet, dict):
        return {cle: _cles(valeur) for cle, valeur in objet.items() if cle != "resultats" and cle != "passages"} | {
            cle: _cles(objet[cle][0]) for cle in ("resultats", "passages") if cle in objet
        }
    return None


def test_le_json_de_cherche_est_celui_du_readme() -> None:
    """The example of `loi cherche --json` has the fields the command writes, at each level, and its
    addresses (scores and extracts follow the ranking, which `make eval` measures)."""
    (exemple,) = blocs(section(README, "Options et sortie JSON").replace("\n  ", "\n"), "json")
    sortie = lancer("cherche", "--json", "--limite", "1", "enchère", "insuffisante")
    assert sortie.returncode == 0, sortie.stderr
    montre, recu = json.loads(exemple), json.loads(sortie.stdout)
    assert _cles(montre) == _cles(recu)
    assert montre["version"] == recu["version"]
    assert montre["resultats"][0]["url"] == recu["resultats"][0]["url"]
    assert montre["resultats"][0]["passages"][0]["url"].split("#")[0] == recu["resultats"][0]["url"]


# Files the README lists ------------------------------------------------------------------------------


def test_les_plans_de_reference_sont_ceux_du_readme() -> None:
    phrase = re.search(r"plans des lois ([\d, et]+) \(`tests/golden/`\)", README)
    assert phrase
    nommes = sorted(int(n) for n in re.findall(r"\d+", phrase.group(1)))
    assert nommes == sorted(int(p.stem.removeprefix("loi-")) for p in (RACINE / "tests/golden").glob("loi-*.plan"))


def test_les_dependances_sont_celles_de_pyproject() -> None:
    projet = tomllib.loads((RACINE / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    nom = re.compile(r"^[A-Za-z0-9_.-]+")
    assert [nom.match(d).group(0) for d in projet["dependencies"]] == ["whoosh3"]  # type: ignore[union-attr]
    site = {nom.match(d).group(0).lower() for d in projet["optional-dependencies"]["site"]}  # type: ignore[union-attr]
    dev = {nom.match(d).group(0).lower() for d in projet["optional-dependencies"]["dev"]}  # type: ignore[union-attr]
    phrase = re.search(r"le site \(([^)]*)\) est l'extra `\[site\]`", README)
    assert phrase and {n.lower() for n in re.findall(r"`([\w-]+)`", phrase.group(1))} == site
    phrase = re.search(r"`\[dev\]` the tools \(([^)]*)\)", CONTRIBUTING)
    assert phrase and {n.strip().lower() for n in phrase.group(1).split(",")} == dev
    paquets = json.loads((RACINE / "package.json").read_text(encoding="utf-8"))["devDependencies"]
    phrase = re.search(r"npm holds[^:]*:(.*?)\):", CONTRIBUTING, re.DOTALL)
    assert phrase and {n.lower() for n in re.findall(r"(\w+) \(", phrase.group(1))} == set(paquets)


def test_chaque_fichier_du_moteur_du_site_est_decrit() -> None:
    """CONTRIBUTING describes the site's engine file by file (and the data the build writes)."""
    ecrits = {p.name for p in (RACINE / "docs/assets/javascripts").glob("recherche-*.js")}
    decrits = set(re.findall(r"recherche-[a-z]+\.js", section(CONTRIBUTING, "Notes de conception")))
    assert decrits - {"recherche-donnees.js"} == ecrits
