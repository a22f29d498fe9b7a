"""The scoring library, in Python (indexer.marque) and in JavaScript (marque.js), against one set of vectors.

indexer/marque/vecteurs.json is written by scripts/vecteurs_marque.py from an independent formulation
of the scoring table; both implementations must give every vector exactly, messages included.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import re
import shutil
import subprocess
import unicodedata
from dataclasses import asdict
from pathlib import Path

import pytest

from indexer.errors import LoiErreur, Sortie
from indexer.marque import (
    BAREME_IMP,
    Contrat,
    Issue,
    ajustee,
    imp,
    lire_contrat,
    lire_ponderation,
    lire_resultat,
    lire_vulnerabilite,
    marque,
    pdm,
)

RACINE = Path(__file__).resolve().parent.parent
FICHIER = RACINE / "indexer" / "marque" / "vecteurs.json"
GENERATEUR = RACINE / "scripts" / "vecteurs_marque.py"
JS = RACINE / "docs" / "assets" / "javascripts" / "marque.js"
VECTEURS = json.loads(FICHIER.read_text(encoding="utf-8"))

# What a vector expects, by kind; an « erreur » vector expects the message (and exit code 2) instead.
SORTIES = {
    "contrats": ("contrat",), "resultats": ("resultat",), "vulnerabilites": ("vulnerabilite",),
    "faites": ("points",), "chutes": ("points",), "limites": ("points", "detail"), "imp": ("imp",),
    "pdm": ("points", "pourcentages", "top"), "ajustees": ("valeur", "pourcentage", "top", "issues", "lignes"),
}  # fmt: skip
_ASCII = str.maketrans(
    {
        "♣": "Tr",
        "♦": "Ca",
        "♥": "Co",
        "♠": "Pi",
        "♧": "Tr",
        "♢": "Ca",
        "♡": "Co",
        "♤": "Pi",
        "œ": "oe",
        "\u2212": "-",
        "–": "-",
        " ": "_",
        "\u00a0": "_",
        "\n": "/",
    }
)


def _lisible(texte: object) -> str:
    """An ASCII test id: pytest would escape the suit symbols."""
    decompose = unicodedata.normalize("NFKD", str(texte).translate(_ASCII))
    return decompose.encode("ascii", "ignore").decode() or "vide"


def _nom(genre: str, vecteur: dict) -> str:
    if "contrat" in vecteur and "vulnerable" in vecteur:
        return f"{vecteur['contrat']}{vecteur['resultat']}-{'V' if vecteur['vulnerable'] else 'NV'}"
    if genre == "resultats":
        return f"{vecteur['texte']}@{vecteur['niveau']}"
    for cle in ("texte", "ecart", "scores", "ponderation"):
        if cle in vecteur:
            return str(vecteur[cle])
    raise AssertionError(genre)


CAS = [
    pytest.param(genre, rang, id=f"{genre}-{_lisible(_nom(genre, vecteur))}")
    for genre in SORTIES
    for rang, vecteur in enumerate(VECTEURS[genre])
]


def attendu_de(genre: str, vecteur: dict) -> dict:
    if "erreur" in vecteur:
        return {"erreur": vecteur["erreur"], "code": int(Sortie.ERREUR)}
    return {cle: vecteur[cle] for cle in SORTIES[genre]}


# --- Python --------------------------------------------------------------------------------------


def _calcul_python(genre: str, v: dict) -> dict:
    if genre == "contrats":
        return {"contrat": str(lire_contrat(v["texte"]))}
    if genre == "resultats":
        return {"resultat": lire_resultat(v["texte"], v["niveau"])}
    if genre == "vulnerabilites":
        return {"vulnerabilite": lire_vulnerabilite(v["texte"]).nom}
    if genre in ("faites", "chutes", "limites"):
        resultat = marque(v["contrat"], v["vulnerable"], v["resultat"])
        return {"points": resultat.points, "detail": [list(ligne) for ligne in resultat.detail]}
    if genre == "imp":
        return {"imp": imp(v["ecart"])}
    if genre == "pdm":
        resultat = pdm(v["scores"])
        return {"points": list(resultat.points), "pourcentages": list(resultat.pourcentages), "top": resultat.top}
    resultat = ajustee(
        v["ponderation"], v["vulnerabilite"], autre_table=v.get("autre_table"), autres_marques=v.get("autres_marques")
    )
    return {**asdict(resultat), "issues": [asdict(issue) for issue in resultat.issues], "lignes": list(resultat.lignes)}


def _observe_python(genre: str, vecteur: dict) -> dict:
    try:
        return _calcul_python(genre, vecteur)
    except LoiErreur as erreur:
        return {"erreur": str(erreur), "code": int(erreur.code)}


@pytest.mark.parametrize(("genre", "rang"), CAS)
def test_python(genre: str, rang: int) -> None:
    vecteur = VECTEURS[genre][rang]
    attendu = attendu_de(genre, vecteur)
    observe = _observe_python(genre, vecteur)
    assert {cle: observe.get(cle) for cle in attendu} == attendu
    if "detail" in observe and "erreur" not in observe:
        assert sum(points for _, points in observe["detail"]) == observe["points"]


# --- JavaScript ----------------------------------------------------------------------------------

CALCULS_JS = r"""
function essai(calcul) {
  try { return calcul(); } catch (e) {
    if (e.name !== "SaisieInvalide") throw e;
    return { erreur: e.message, code: e.code };
  }
}
const marque = v => {
  const m = M.marque(v.contrat, v.vulnerable, v.resultat);
  return { points: m.points, detail: m.detail };
};
const calculs = {
  contrats: v => ({ contrat: M.notation(M.lire_contrat(v.texte)) }),
  resultats: v => ({ resultat: M.lire_resultat(v.texte, v.niveau) }),
  vulnerabilites: v => ({ vulnerabilite: M.lire_vulnerabilite(v.texte).nom }),
  faites: marque, chutes: marque, limites: marque,
  imp: v => ({ imp: M.imp(v.ecart) }),
  pdm: v => M.pdm(v.scores),
  ajustees: v => M.ajustee(v.ponderation, v.vulnerabilite,
                           { autre_table: v.autre_table, autres_marques: v.autres_marques })
};
const sortie = {};
for (const genre of Object.keys(calculs)) sortie[genre] = V[genre].map(v => essai(() => calculs[genre](v)));
"""

# Node reads the script and the vectors from its arguments; the browser suite runs CALCULS_JS on the page.
COUREUR = (
    "const M = require(process.argv[1]);\n"
    'const V = JSON.parse(require("fs").readFileSync(process.argv[2], "utf8"));\n'
    + CALCULS_JS
    + "process.stdout.write(JSON.stringify(sortie));\n"
)


def _node() -> str:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node absent du PATH : la version JavaScript (marque.js) n'est pas vérifiée")
    return node


@pytest.fixture(scope="module")
def observe_js() -> dict:
    sortie = subprocess.run(
        [_node(), "-e", COUREUR, str(JS), str(FICHIER)], capture_output=True, text=True, timeout=120, check=False
    )
    assert sortie.returncode == 0, sortie.stderr
    return json.loads(sortie.stdout)


@pytest.mark.parametrize(("genre", "rang"), CAS)
def test_javascript(genre: str, rang: int, observe_js: dict) -> None:
    attendu = attendu_de(genre, VECTEURS[genre][rang])
    observe = observe_js[genre][rang]
    assert {cle: observe.get(cle) for cle in attendu} == attendu


def test_javascript_sans_module_expose_window_marque() -> None:
    """From file:// the script is a plain <script>: no module, one global."""
    code = (
        "const vm = require('vm'); const fenetre = {}; "
        "vm.runInNewContext(require('fs').readFileSync(process.argv[1], 'utf8'), { window: fenetre }); "
        "process.stdout.write(JSON.stringify([fenetre.Marque.marque('4♠', false, '=').points, "
        "Object.keys(fenetre.Marque).length]));"
    )
    sortie = subprocess.run([_node(), "-e", code, str(JS)], capture_output=True, text=True, timeout=60, check=False)
    assert sortie.returncode == 0, sortie.stderr
    points, nombre = json.loads(sortie.stdout)
    assert points == 420 and nombre > 10


# What an ES2017 script that must run offline and from file:// never holds (marque.js here,
# marque-page.js in test_rendu_marque.py).
HORS_ES2017 = {
    "adresse réseau": r"https?://",
    "module ES": r"^\s*(import|export)\b",
    "chaînage optionnel": r"\?\.",
    "coalescence": r"\?\?",
    "lookbehind (ES2018)": r"\(\?<[=!]",
    "propagation d'objet": r"\{\s*\.\.\.",
}


def hors_es2017(source: str, interdits: dict[str, str] = HORS_ES2017) -> list[str]:
    """The names of the forbidden constructs ``source`` holds."""
    return [nom for nom, motif in interdits.items() if re.search(motif, source, re.MULTILINE)]


def test_javascript_reste_es2017_et_hors_ligne() -> None:
    assert not hors_es2017(JS.read_text(encoding="utf-8"))


# --- the vectors themselves ----------------------------------------------------------------------


def _generateur():
    spec = importlib.util.spec_from_file_location("vecteurs_marque", GENERATEUR)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_le_generateur_reproduit_le_fichier_octet_pour_octet() -> None:
    assert _generateur().contenu().encode("utf-8") == FICHIER.read_bytes(), (
        "vecteurs.json diffère de scripts/vecteurs_marque.py : relancez le script, et cherchez l'erreur "
        "si une valeur change"
    )


def test_les_vecteurs_couvrent_tout_le_tableau() -> None:
    faites = {(v["contrat"], v["vulnerable"], v["resultat"]) for v in VECTEURS["faites"]}
    assert len(faites) == len(VECTEURS["faites"]) == 2 * 3 * 5 * sum(8 - niveau for niveau in range(1, 8))
    chutes = {(v["contrat"][0], v["contrat"].count("X"), v["vulnerable"], v["resultat"]) for v in VECTEURS["chutes"]}
    assert len(chutes) == 2 * 3 * sum(niveau + 6 for niveau in range(1, 8))
    ecarts = {v["ecart"] for v in VECTEURS["imp"]}
    assert all(basse in ecarts and -basse in ecarts for basse, _, _ in BAREME_IMP)
    assert all(haute in ecarts and -haute in ecarts for _, haute, _ in BAREME_IMP if haute is not None)


def test_imp_egale_la_formulation_independante_sur_chaque_ecart() -> None:
    independant = _generateur().imp
    assert [imp(ecart) for ecart in range(-5000, 5001)] == [independant(ecart) for ecart in range(-5000, 5001)]


# --- reading, by hand ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("texte", "attendu"),
    [
        ("4♥X", Contrat(4, "♥", 1)),
        ("4HX", Contrat(4, "♥", 1)),
        ("4 cœurs contré", Contrat(4, "♥", 1)),
        ("3NT", Contrat(3, "SA", 0)),
        ("6♣XX", Contrat(6, "♣", 2)),
        ("1SAXX", Contrat(1, "SA", 2)),
        ("4P", Contrat(4, "♠", 0)),
        ("4T", Contrat(4, "♣", 0)),
        ("4K", Contrat(4, "♦", 0)),
        ("4Co", Contrat(4, "♥", 0)),
        ("2 trèfles redoublé", Contrat(2, "♣", 2)),
        ("7 sans atout surcontré", Contrat(7, "SA", 2)),
    ],
    ids=_lisible,
)
def test_lire_contrat(texte: str, attendu: Contrat) -> None:
    assert lire_contrat(texte) == attendu


@pytest.mark.parametrize(
    ("texte", "probleme"),
    [
        ("8♠", "Palier 8 impossible"),
        ("4♥XXX", "Trop de contres"),
        ("0SA", "Palier 0 impossible"),
        ("", "Contrat vide"),
        ("4C", "« C » est ambigu"),
        ("4", "Couleur manquante"),
        ("4Z", "Couleur inconnue"),
        ("X", "Palier manquant"),
        (None, "Contrat illisible"),
        ("4♥ contré contré", "Suffixe"),
    ],
    ids=_lisible,
)
def test_mauvais_contrat_loi_erreur_code_2(texte: str | None, probleme: str) -> None:
    with pytest.raises(LoiErreur) as erreur:
        lire_contrat(texte)
    assert erreur.value.code == Sortie.ERREUR == 2
    assert probleme in str(erreur.value)


@pytest.mark.parametrize(
    ("appel", "probleme"),
    [
        (lambda: lire_resultat("+9", 4), "cela ferait 19 levées"),
        (lambda: lire_resultat("-11", 4), "on chute au plus de 10 levées"),
        (lambda: lire_resultat("=", 8), "Palier 8 impossible"),
        (lambda: marque("4♠", "oui", "="), "Vulnérabilité invalide"),
        (lambda: marque("4♠", False, 4), "cela ferait 14 levées"),
        (lambda: marque(Contrat(4, "♠"), False, 1.0), "nombre entier de levées"),
        (lambda: Contrat(4, "C"), "Couleur « C » inconnue"),
        (lambda: imp(float("nan")), "Écart invalide"),
        (lambda: pdm([420, "450"]), "Marque invalide"),
        (lambda: lire_ponderation("60 % 4♠=, 40 % 4♠-1, 10 % 3SA="), "Les poids font 110 %"),
        (lambda: ajustee([Issue(5000, Contrat(4, "♠"), 0)], "NS", autre_table=0), "Les poids font 50 %"),
        (lambda: ajustee("100 % 4♠=", "NS", autre_table=425.5), "nombres entiers"),
    ],
    ids=lambda valeur: _lisible(valeur) if isinstance(valeur, str) else None,
)
def test_autres_saisies_refusees(appel, probleme: str) -> None:
    with pytest.raises(LoiErreur) as erreur:
        appel()
    assert erreur.value.code == Sortie.ERREUR
    assert probleme in str(erreur.value)


def test_ajustee_accepte_des_issues_construites() -> None:
    issues = [Issue(6000, Contrat(4, "♠"), 0), Issue(4000, Contrat(5, "♥", 1), -2, "EO")]
    assert ajustee(issues, "tous", autre_table=0) == ajustee("60 % 4♠=, 40 % 5♥X-2 EO", "tous", autre_table=0)


def test_pdm_distribue_tout_le_top() -> None:
    scores = [420, 420, 450, -50, 170, 170, 170]
    assert sum(pdm(scores).points) == len(scores) * (len(scores) - 1)


def test_marque_n_importe_que_indexer_errors() -> None:
    """The library stands alone: nothing from indexer but the exception tree."""
    for module in sorted((RACINE / "indexer" / "marque").glob("*.py")):
        arbre = ast.parse(module.read_text(encoding="utf-8"))
        importes = {noeud.module for noeud in ast.walk(arbre) if isinstance(noeud, ast.ImportFrom)}
        importes |= {alias.name for noeud in ast.walk(arbre) if isinstance(noeud, ast.Import) for alias in noeud.names}
        internes = {nom for nom in importes if nom and nom.startswith("indexer")}
        assert internes <= {"indexer.errors"} | {nom for nom in internes if nom.startswith("indexer.marque")}, module
