"""The search commands as a director runs them: output, JSON contract, exit codes, prompt."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest_recherche import UNITES, construire_index

from indexer.cli import cherche, invite, parseur
from indexer.cli import dispatch as cli
from indexer.errors import LoiErreur
from indexer.recherche import index
from indexer.recherche.moteur import Chercheur

RACINE = Path(__file__).resolve().parent.parent
LOI = RACINE / ".venv" / "bin" / "loi"
ENVIRONNEMENT = {**os.environ, "NO_COLOR": "1"}


@pytest.fixture(scope="module")
def chercheur(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Chercheur]:
    dossier = construire_index(tmp_path_factory.mktemp("index"))
    ouvert = Chercheur(index.ouvrir(dossier))
    yield ouvert
    ouvert.fermer()


@pytest.fixture(autouse=True)
def fixture_ouverte(chercheur: Chercheur, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The commands search the fixture's index."""
    monkeypatch.setattr(cherche, "chercheur", lambda: chercheur)


def lancer(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    sortie = capsys.readouterr()
    return code, sortie.out, sortie.err


def test_recherche_humaine(capsys: pytest.CaptureFixture[str]) -> None:
    code, sortie, erreurs = lancer(capsys, "cherche", "enchère", "insuffisante")
    assert code == 0 and not erreurs
    premiere = sortie.splitlines()[0]
    assert premiere.startswith("1. Loi 27 — Enchère insuffisante")
    assert "27A (2017)" in sortie and "lois/27/index.html#loi-27-a" in sortie
    assert "**" not in sortie and "Toute enchère insuffisante" in sortie  # no marks without colours
    assert "\x1b[" not in sortie


def test_commande_implicite(capsys: pytest.CaptureFixture[str]) -> None:
    code, sortie, _ = lancer(capsys, "revendication", "contestée")
    assert code == 0 and sortie.startswith("1. Loi 70")


def test_correction_annoncee(capsys: pytest.CaptureFixture[str]) -> None:
    code, sortie, _ = lancer(capsys, "cherche", "enchere", "insufisante")
    assert code == 0 and sortie.splitlines()[0] == "Résultats pour : enchère insuffisante"


def test_contrat_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, sortie, _ = lancer(capsys, "cherche", "--json", "--limite", "2", "revendication")
    donnees = json.loads(sortie)
    assert code == 0 and set(donnees) == {"version", "requete", "interpretation", "corrigee", "resultats"}
    assert donnees["version"] == cherche.VERSION_JSON == 3
    assert donnees["requete"] == "revendication" == donnees["interpretation"] and donnees["corrigee"] is False
    assert len(donnees["resultats"]) == 2
    cles = {"loi", "ref", "titre", "type", "edition", "score", "extrait", "surlignages", "url"}
    for groupe in donnees["resultats"]:
        assert set(groupe) == {"loi", "titre", "score", "url", "passages"}
        assert isinstance(groupe["loi"], int) and groupe["url"] == f"lois/{groupe['loi']}/index.html"
        assert groupe["passages"] and all(set(p) == cles for p in groupe["passages"])
        scores = [p["score"] for p in groupe["passages"]]
        assert scores == sorted(scores, reverse=True)
    premier = donnees["resultats"][0]["passages"][0]
    assert isinstance(premier["score"], float)
    assert premier["url"] == f"lois/{premier['loi']}/index.html#" + premier["url"].split("#")[1]


# (query, heading of the first group): the JSON lists the groups of the text output, in its
# order; a group of index entries is its law's, with its title and its page.
@pytest.mark.parametrize(
    "requete",
    [
        "comité d'appel",
        "appeler l'arbitre",
        "revendication contestée",
        "carte pénalisée",
        "enchere insufisante",
        "le mort a signalé une renonce",
    ],
)
def test_le_json_donne_les_groupes_du_texte(requete: str) -> None:
    texte = subprocess.run(
        [str(LOI), "cherche", requete, "--sans-pager"], capture_output=True, text=True, timeout=120, check=True
    ).stdout
    brut = subprocess.run(
        [str(LOI), "cherche", requete, "--json"], capture_output=True, text=True, timeout=120, check=True
    ).stdout
    titres = [ligne.split(". ", 1)[1] for ligne in texte.splitlines() if ligne[:1].isdigit() and ". " in ligne]
    groupes = json.loads(brut)["resultats"]
    assert [f"Loi {g['loi']} — {g['titre']}" if g["loi"] else g["titre"] for g in groupes][:3] == titres[:3]


def test_une_entree_d_index_porte_sa_loi() -> None:
    """« comité d'appel » (the corpus's index): the index entries « 93B », « 93A » carry law 93,
    and their group is titled by the law, not by the alphabetical index."""
    sortie = subprocess.run(
        [str(LOI), "cherche", "comité d'appel", "--json"], capture_output=True, text=True, timeout=120, check=True
    ).stdout
    premier = json.loads(sortie)["resultats"][0]
    assert premier["loi"] == 93 and "Index" not in premier["titre"] and premier["url"] == "lois/93/index.html"
    assert {p["loi"] for p in premier["passages"]} == {93}
    assert {p["type"] for p in premier["passages"]} == {"index"}


def test_json_extrait_sans_balises(capsys: pytest.CaptureFixture[str]) -> None:
    """Highlights are character offsets into a plain ``extrait``: no « ** » markup."""
    _, sortie, _ = lancer(capsys, "cherche", "--json", "enchère", "insuffisante")
    premier = json.loads(sortie)["resultats"][0]["passages"][0]
    assert "**" not in premier["extrait"]
    mots = [premier["extrait"][d:f] for d, f in premier["surlignages"]]
    assert mots[:2] == ["enchère", "insuffisante"]


# (text, searched words, extract, highlighted words): no footnote call, no word under 3 letters.
@pytest.mark.parametrize("texte, cherches, attendu, mots", [
    ("la renonce[^e1] et la renonce", "renonce", "la renonce et la renonce", ["renonce", "renonce"]),
    ("Loi 16 B 1 : la b", "b 16 loi", "Loi 16 B 1 : la b", ["Loi"]),
    ("3 cœurs[^a] au lieu de 3 piques", "3 cœur pique", "3 cœurs au lieu de 3 piques", ["cœurs", "piques"]),
])  # fmt: skip
def test_extrait_sans_appels_ni_mots_courts(texte: str, cherches: str, attendu: str, mots: list[str]) -> None:
    from indexer.recherche.analyse import racines
    from indexer.recherche.extraits import extrait

    vu, marques = extrait(texte, frozenset(racines(cherches)), 200)
    assert vu == attendu and [vu[d:f] for d, f in marques] == mots


@pytest.mark.parametrize("mkdocs, attendu", [("site_name: x\nsite_url: https://lois.example.org/bridge\n",
                                              "https://lois.example.org/bridge/"),
                                             ("site_name: x\n", "")])  # fmt: skip
def test_json_url_absolue_avec_site_url(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path, mkdocs: str, attendu: str
) -> None:
    """The address mkdocs.yml gives when the index is built goes into it: a wheel, which has no
    mkdocs.yml, answers with the same URLs as the checkout it was built from."""
    from indexer import build

    (tmp_path / "mkdocs.yml").write_text(mkdocs, "utf-8")
    monkeypatch.setattr(build, "racine", lambda: tmp_path)
    assert build.adresse_site() == attendu
    dossier = index.installer(UNITES, tmp_path / "index", build.synonymes(), adresse=build.adresse_site())
    ouvert = Chercheur(index.ouvrir(dossier))
    monkeypatch.setattr(cherche, "chercheur", lambda: ouvert)
    try:
        _, sortie, _ = lancer(capsys, "cherche", "--json", "renonce")
    finally:
        ouvert.fermer()
    urls = [p["url"] for g in json.loads(sortie)["resultats"] for p in [g, *g["passages"]]]
    assert urls and all(u.startswith(attendu) and "://" not in u[len(attendu) :] for u in urls)
    assert any(u[len(attendu) :].startswith("lois/") for u in urls)


def test_json_vide(capsys: pytest.CaptureFixture[str]) -> None:
    code, sortie, _ = lancer(capsys, "cherche", "--json", "xylophone")
    assert code == 1 and json.loads(sortie)["resultats"] == []


def test_rien_trouve(capsys: pytest.CaptureFixture[str]) -> None:
    code, sortie, _ = lancer(capsys, "cherche", "xylophone")
    assert code == 1 and "Aucun résultat pour « xylophone »" in sortie


@pytest.mark.parametrize("texte", ["", "   ", "\x00\x07", "?!", '"'])
def test_requete_vide(capsys: pytest.CaptureFixture[str], texte: str) -> None:
    code, sortie, erreurs = lancer(capsys, "cherche", texte)
    assert code == 2 and not sortie
    assert erreurs.startswith("loi : Requête vide") and erreurs.count("\n") == 1


@pytest.mark.parametrize(
    "argv",
    [["cherche", 'carte "pénalisée'], ["cherche", "renonce\x1b[31m\x00"], ["cherche", "x" * 100_000],
     ["cherche", "loi", "99"], ["cherche", "((", "AND", "*"], ["cherche", "--", "-renonce"],
     ["exemples", "99"], ["definition", "zzz"], ["index", "''"]],
)  # fmt: skip
def test_entrees_hostiles(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, _, erreurs = lancer(capsys, *argv)
    assert code in (0, 1, 2) and "Traceback" not in erreurs


@pytest.mark.parametrize("argv", [["cherche", "--limite", "0", "x"], ["cherche", "--type", "roman", "x"],
                                  ["cherche", "--edition", "1997", "x"], ["cherche"]])  # fmt: skip
def test_mauvais_usage(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    assert cli.main(argv) == 2
    erreurs = capsys.readouterr().err
    assert erreurs.startswith("loi : ") and "Traceback" not in erreurs


def test_exemples(capsys: pytest.CaptureFixture[str]) -> None:
    code, sortie, _ = lancer(capsys, "exemples", "70")
    assert code == 0 and "70 exemple 1" in sortie
    code, sortie, _ = lancer(capsys, "exemples", "16B")
    assert code == 1 and sortie == "Le Guide ne donne aucun exemple pour la Loi 16.\n"
    code, sortie, _ = lancer(capsys, "exemples", "atout")
    assert code == 0 and "Loi 70" in sortie


def test_definition_et_index(capsys: pytest.CaptureFixture[str]) -> None:
    code, sortie, _ = lancer(capsys, "definition", "mort")
    assert code == 0 and "Définitions — Mort" in sortie and "étalée sur la table" in sortie
    code, sortie, _ = lancer(capsys, "index", "renonce", "--json")
    assert code == 0 and json.loads(sortie)["resultats"][0]["passages"][0]["type"] == "index"


def test_filtres(capsys: pytest.CaptureFixture[str]) -> None:
    code, sortie, _ = lancer(capsys, "cherche", "ligne", "de", "jeu", "--edition", "2007", "--json")
    assert code == 0 and {p["edition"] for g in json.loads(sortie)["resultats"] for p in g["passages"]} == {"2007"}
    code, sortie, _ = lancer(capsys, "cherche", "arbitre", "--type", "exemple", "--json")
    assert {p["type"] for g in json.loads(sortie)["resultats"] for p in g["passages"]} == {"exemple"}


def test_couleurs(monkeypatch: pytest.MonkeyPatch) -> None:
    from indexer.cli import sortie

    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    for nom in ("NO_COLOR", "FORCE_COLOR", "TERM"):
        monkeypatch.delenv(nom, raising=False)
    assert sortie.en_couleur()
    assert not sortie.en_couleur("jamais")
    monkeypatch.setenv("TERM", "dumb")
    assert not sortie.en_couleur() and sortie.en_couleur("toujours")
    monkeypatch.setenv("NO_COLOR", "1")
    assert not sortie.en_couleur()
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert sortie.en_couleur()


def test_invite(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    lignes = iter(["renonce", "", "aide", 'cherche "revendication', "cherche --limite 0 x", "quitter"])
    monkeypatch.setattr("builtins.input", lambda invite: next(lignes))
    assert invite.interactif(cli.programme) == 0
    sortie = capsys.readouterr()
    assert "1. Loi 61" in sortie.out and "quitter" in sortie.out
    assert "Traceback" not in sortie.err


def test_invite_ctrl_d(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    def fin(invite: str) -> str:
        raise EOFError

    monkeypatch.setattr("builtins.input", fin)
    assert invite.interactif(cli.programme) == 0


@pytest.mark.skipif(not LOI.exists(), reason="the `loi` command is not installed in .venv")
@pytest.mark.parametrize(
    "argv, code, attendu",
    [(["cherche", "revendication contestée", "--json", "--limite", "3"], 0, '"loi": 70'),
     (["cherche", ""], 2, "Requête vide"), (["cherche", "xqzwv"], 1, "Aucun résultat"),
     (["definition", " "], 2, "par exemple « loi definition mort »"),
     (["index", "?"], 2, "par exemple « loi index renonce »")],
)  # fmt: skip
def test_commande_installee(argv: list[str], code: int, attendu: str) -> None:
    """The real command on the real corpus (builds the index on first use)."""
    fini = subprocess.run([str(LOI), *argv], capture_output=True, text=True, timeout=300, env=ENVIRONNEMENT)
    assert fini.returncode == code and attendu in fini.stdout + fini.stderr
    assert "Traceback" not in fini.stderr


@pytest.mark.skipif(not LOI.exists(), reason="the `loi` command is not installed in .venv")
def test_exemples_d_un_paragraphe() -> None:
    """``loi exemples 68B2``: the examples that follow the 68B2 quote, not all of law 68's."""
    fini = subprocess.run(
        [str(LOI), "exemples", "--json", "68B2"], capture_output=True, text=True, timeout=300, env=ENVIRONNEMENT
    )
    reponse = json.loads(fini.stdout)
    assert reponse["interpretation"] == "exemples de la Loi 68B2"
    assert {p["url"] for g in reponse["resultats"] for p in g["passages"]} == {
        "lois/68/index.html#loi-68-exemple-3",
        "lois/68/index.html#loi-68-exemple-4",
    }
    sans = subprocess.run(
        [str(LOI), "exemples", "--json", "68C"], capture_output=True, text=True, timeout=300, env=ENVIRONNEMENT
    )
    assert "aucun n'est rattaché à la Loi 68C" in json.loads(sans.stdout)["interpretation"]


# --- The direct reading of the usual search lines -----------------------------------

LIGNES_USUELLES = [
    ["cherche", "renonce"], ["cherche", "revendication contestée"], ["cherche", "le", "mort", "a", "vu"],
    ["cherche", "renonce", "--json"], ["cherche", "--json", "renonce"], ["cherche", ""],
    ["cherche", "renonce", "--limite", "3"], ["cherche", "--limite", "1000", "x", "y"],
    ["cherche", "--limite", " 7", "x"], ["cherche", "x", "--edition", "2007", "--type", "loi"],
    ["cherche", "x", "--type", "loi", "--type", "exemple", "--json", "--limite", "2"],
    ["exemples", "70"], ["exemples", "atout", "--edition", "2007", "--json"],
    ["definition", "mort", "--limite", "2"], ["index", "renonce", "--json"],
    ["voir", "68C"], ["voir", "--json", "68", "C"], ["voir", "12C1", "--edition", "2007"],
]  # fmt: skip

LIGNES_POUR_ARGPARSE = [
    ["cherche"], ["cherche", "--json"], ["cherche", "-h"], ["cherche", "x", "--help"],
    ["cherche", "x", "--limite"], ["cherche", "x", "--limite", "0"], ["cherche", "x", "--limite", "1001"],
    ["cherche", "x", "--limite", "deux"], ["cherche", "x", "--limite", "-3"], ["cherche", "x", "--limite=3"],
    ["cherche", "x", "--lim", "3"], ["cherche", "x", "--edition", "1997"], ["cherche", "x", "--edition"],
    ["cherche", "x", "--type", "roman"], ["cherche", "x", "--type", "--json"], ["cherche", "--", "-renonce"],
    ["cherche", "renonce", "-mort"], ["cherche", "x", "--debug"],
    ["cherche", "-"], ["exemples", "70", "--type", "loi"], ["definition", "mort", "--edition", "2017"],
    ["index", "x", "--type", "index"], ["voir", "68", "--edition", "1997"],
    ["voir", "68", "--limite", "2"], ["construire"], ["construire", "--strict"], [], ["--debug", "cherche", "x"],
    ["cherche", "--limite", "2", "--limite", "4", "x"], ["cherche", "--edition", "2017", "--edition", "2008", "x"],
]  # fmt: skip


def _par_argparse(argv: list[str]) -> dict[str, object] | None:
    try:
        return vars(parseur.parseur().parse_args(argv))
    except (SystemExit, LoiErreur):
        return None


def _lire(argv: list[str]) -> dict[str, object] | None:
    try:
        return vars(parseur.lire(argv))
    except (SystemExit, LoiErreur):
        return None


@pytest.mark.parametrize("argv", LIGNES_USUELLES)
def test_lecture_comme_argparse(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """Words and options in argparse's order: ``parseur.lire`` gives argparse's own namespace."""
    assert vars(parseur.lire(argv)) == _par_argparse(argv)


@pytest.mark.parametrize(("argv", "mots", "limite"), [
    (["cherche", "renonce", "--limite", "2", "mort"], ["renonce", "mort"], 2),
    (["cherche", "x", "--json", "y"], ["x", "y"], 5),
    (["voir", "68", "--json", "C"], None, None),
    (["exemples", "--limite", "3", "carte", "--json", "pénalisée"], ["carte", "pénalisée"], 3),
])  # fmt: skip
def test_options_partout(argv: list[str], mots: list[str], limite: int) -> None:
    lu = parseur.lire(argv)
    if mots is None:  # « loi voir 68 --json C » is 68C
        assert lu is not None and lu.ref == ["68", "C"] and lu.json
        return
    assert lu is not None and lu.texte == mots and lu.limite == limite


@pytest.mark.parametrize("argv", LIGNES_POUR_ARGPARSE)
def test_le_reste_comme_argparse(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """Help, errors and unusual lines: the same answer as argparse's ``parse_args``."""
    assert _lire(argv) == _par_argparse(argv)


# (query, law of the first group, a reason its first passage gives): ``--pourquoi`` names the
# typed word, the synonym, the table situation or the cited law that scored a result.
POURQUOI = [
    ("revoke", 61, "« revoke » → synonyme « renonce »"),
    ("68C revendication", 68, "loi citée : Loi 68C"),
    ("le portable a sonné pendant le jeu", 74, "situation de table « "),
    ("enchère insuffisante", 27, "le passage dit « enchère »"),
]


@pytest.mark.skipif(not LOI.exists(), reason="the `loi` command is not installed in .venv")
@pytest.mark.parametrize("requete, loi, raison", POURQUOI)
def test_pourquoi_dit_ce_qui_a_trouve_chaque_resultat(requete: str, loi: int, raison: str) -> None:
    def lancer_loi(*options: str) -> str:
        return subprocess.run(
            [str(LOI), "cherche", requete, "--limite", "2", *options],
            capture_output=True,
            text=True,
            timeout=300,
            env=ENVIRONNEMENT,
            check=True,
        ).stdout

    avec = json.loads(lancer_loi("--json", "--pourquoi"))["resultats"]
    sans = json.loads(lancer_loi("--json"))["resultats"]
    assert avec[0]["loi"] == loi and any(raison in r for r in avec[0]["passages"][0]["pourquoi"])
    # the same groups and passages, the reasons added only when asked
    assert [[{k: v for k, v in p.items() if k != "pourquoi"} for p in g["passages"]] for g in avec] == [
        g["passages"] for g in sans
    ]
    assert all("pourquoi" not in p for g in sans for p in g["passages"])
    texte = lancer_loi("--pourquoi", "--sans-pager")
    assert "pourquoi : " in texte and "pourquoi : " not in lancer_loi("--sans-pager")
