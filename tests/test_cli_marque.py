"""The scoring commands as a director types them: loi marque, imp, pdm, ajustee (issue 11).

Every line runs through ``dispatch.main`` as the real command would: output, JSON, exit
codes, and one French sentence on bad input, never a traceback. The scores themselves are
the library's (tests/test_marque.py); here, the reading of the line and the printing.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from indexer.cli import dispatch, invite, marque, parseur
from indexer.errors import LoiErreur

RACINE = Path(__file__).resolve().parent.parent
LOI = RACINE / ".venv" / "bin" / "loi"
PONDERATION = "60 % 4♠= N, 40 % 4♠-1 N"


def lancer(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Exit code, stdout, stderr of one line; argparse's refusals end in SystemExit."""
    try:
        code = dispatch.main(list(argv))
    except SystemExit as sortie:
        code = int(sortie.code or 0)
    sortie = capsys.readouterr()
    return code, sortie.out, sortie.err


# --- For a person ---------------------------------------------------------------------

HUMAIN = [
    (
        ["marque", "4♥X", "V", "-2"],
        "4♥X V -2 : -500 pour le camp du déclarant (Loi 77)\n  2 levées de chute (200 + 300)    -500\n",
    ),
    (
        ["marque", "3SA", "NV", "="],
        "3SA NV = : 400 pour le camp du déclarant (Loi 77)\n"
        "  Points de levée (40 + 2 × 30)     100\n"
        "  Prime de manche                   300\n",
    ),
    (["marque", "4 cœurs contré", "V", "8"], "4♥X V -2 : -500"),
    (["marque", "4", "cœurs", "contré", "V", "8"], "4♥X V -2 : -500"),
    (["marque", "6♣XX", "V", "="], "6♣XX V = : 1830"),
    (["marque", "6♣XX", "V", "="], "Prime de petit chelem          750"),
    (["marque", "4♠", "non", "vulnérable", "+1"], "4♠ NV +1 : 450"),
    (["marque", "4♠", "non vulnérable", "="], "4♠ NV = : 420"),
    (["marque", "4♠", "Vulnérable", "="], "4♠ V = : 620"),
    (["marque", "4♠", "VUL", "="], "4♠ V = : 620"),
    (["marque", "4♠", "nv", "10"], "4♠ NV = : 420"),
    (["marque", "3NT", "v", "-1"], "3SA V -1 : -100"),
    (["marque", "4♥X", "V", "-2", "--json"], '"marque": -500'),
    (["imp", "620", "170"], "620 - 170 = 450 points d'écart : +10 IMP (Loi 78B)\n"),
    (["imp", "170", "620"], "170 - 620 = -450 points d'écart : -10 IMP (Loi 78B)\n"),
    (["imp", "170", "-50"], "170 - (-50) = 220 points d'écart : +6 IMP"),
    (["imp", "-450"], "Écart de -450 points : -10 IMP (Loi 78B)\n"),
    (["imp", "−450"], "Écart de -450 points : -10 IMP"),  # a typographic minus
    (["imp", "10"], "Écart de 10 points : 0 IMP"),
    (["imp", "4000"], "+24 IMP"),
    (["imp", "620", "170"], "450 points d'écart : +10 IMP"),
    (["pdm", "420", "400", "-50", "420"], "4 marques sur la donne, top 6 (Loi 78A"),
    (
        ["pdm", "420", "400", "-50", "420"],
        "       420     5   83,33 %\n       400     2   33,33 %\n       -50     0    0,00 %\n",
    ),
    (
        ["ajustee", PONDERATION, "--vulnerabilite", "NS", "--autre-table", "420"],
        "Score ajusté pondéré (Loi 12C1(c)), en IMP contre l'autre table\n  Vulnérabilité : NS\n"
        "  Autre table : NS +420\n  60 % × (4♠= NS : NS +620, écart +200, +5 IMP) = +3,00 IMP\n"
        "  40 % × (4♠-1 NS : NS -100, écart -520, -11 IMP) = -4,40 IMP\nTotal pondéré : -1,40 IMP\n",
    ),
    (["ajustee", *PONDERATION.split(), "--vulnerabilite", "NS", "--autre-table", "-420"], "Total pondéré : +11,60 IMP"),
    (
        ["ajustee", PONDERATION, "--vulnerabilite", "tous", "--marques", "420", "400", "-50"],
        "Total pondéré : 3,60 pdm sur 6, soit 60,00 %",
    ),
    (["ajustee", PONDERATION, "--vulnerabilite", "tous", "--marques", "420,400,-50"], "soit 60,00 %"),
]


@pytest.mark.parametrize(("argv", "attendu"), HUMAIN)
def test_pour_une_personne(capsys: pytest.CaptureFixture[str], argv: list[str], attendu: str) -> None:
    code, sortie, erreurs = lancer(capsys, *argv)
    assert (code, erreurs) == (0, "") and attendu in sortie


# --- JSON, options before and after the words -------------------------------------------

MARQUE_4CX = {"contrat": "4♥X", "vulnerable": True, "resultat": -2, "marque": -500,
              "detail": [{"libelle": "2 levées de chute (200 + 300)", "points": -500}]}  # fmt: skip
TROIS_SA = {"contrat": "3SA", "vulnerable": False, "resultat": 0, "marque": 400,
            "detail": [{"libelle": "Points de levée (40 + 2 × 30)", "points": 100},
                       {"libelle": "Prime de manche", "points": 300}]}  # fmt: skip
PDM = {"scores": [420, 400, -50, 420], "pdm": [5, 2, 0, 5], "pourcentages": [83.33, 33.33, 0.0, 83.33], "top": 6}

JSON = [
    (["marque", "4♥X", "V", "-2", "--json"], MARQUE_4CX),
    (["marque", "--json", "4♥X", "V", "-2"], MARQUE_4CX),
    (["marque", "--json", "4 cœurs contré", "vulnérable", "8"], MARQUE_4CX),
    (["marque", "3SA", "NV", "=", "--json"], TROIS_SA),
    (["imp", "620", "170", "--json"], {"ecart": 450, "imp": 10}),
    (["imp", "--json", "-450"], {"ecart": -450, "imp": -10}),
    (["imp", "-450", "--json"], {"ecart": -450, "imp": -10}),
    (["imp", "--json", "15,5"], {"ecart": 15.5, "imp": 0}),
    (["pdm", "--json", "420", "400", "-50", "420"], PDM),
    (["pdm", "420", "400", "-50", "420", "--json"], PDM),
]


@pytest.mark.parametrize(("argv", "attendu"), JSON)
def test_json(capsys: pytest.CaptureFixture[str], argv: list[str], attendu: dict) -> None:
    code, sortie, _ = lancer(capsys, *argv)
    assert code == 0 and json.loads(sortie) == attendu


def resume(objet: dict) -> tuple[object, ...]:
    return objet["methode"], objet["valeur"], objet["pourcentage"], objet["top"]


@pytest.mark.parametrize("argv", [
    ["ajustee", PONDERATION, "--vulnerabilite", "NS", "--autre-table", "420", "--json"],
    ["ajustee", "--json", "--autre-table", "420", "--vulnerabilite", "NS", PONDERATION],
    ["ajustee", "--vulnerabilite", "ns", PONDERATION, "--autre-table", "420", "--json"],
])  # fmt: skip
def test_ajustee_json_imp(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, sortie, _ = lancer(capsys, *argv)
    objet = json.loads(sortie)
    assert code == 0 and resume(objet) == ("imp", -1.4, None, None)
    assert objet["issues"][0] == {"poids": 6000, "issue": "4♠= NS", "marque": 620, "valeur": 5, "ponderee": 3.0}
    assert objet["lignes"][-1] == "Total pondéré : -1,40 IMP"


def test_ajustee_json_pdm(capsys: pytest.CaptureFixture[str]) -> None:
    code, sortie, _ = lancer(
        capsys, "ajustee", "--marques", "420", "400", "-50", "--json", "--vulnerabilite", "tous", PONDERATION
    )
    objet = json.loads(sortie)
    assert code == 0 and resume(objet) == ("pdm", 3.6, 60.0, 6)
    assert [issue["valeur"] for issue in objet["issues"]] == [6, 0]


# --- Bad input: exit 2, one French sentence naming the problem ------------------------

ERREURS = [
    (["marque", "8♠", "V", "="], "Palier 8 impossible"),
    (["marque", "4♥", "V", "+9"], "« +9 » impossible au palier 4"),
    (["marque", "4♥XXX", "V", "="], "Trop de contres dans « 4♥XXX »"),
    (["marque", "4♥", "NS", "="], "Vulnérabilité « NS » inconnue : écrivez V (vulnérable) ou NV"),
    (["marque", "4♥", "vulnérables?", "="], "Vulnérabilité « vulnérables? » inconnue"),
    (["marque", "4♥X", "-2"], "Vulnérabilité manquante"),
    (["marque", "4 cœurs contré", "="], "Vulnérabilité manquante"),
    (["marque", "4♥X", "V"], "Résultat manquant après « V »"),
    (["marque", "4♥X", "non", "vulnérable"], "Résultat manquant après « non vulnérable »"),
    (["marque", "4♥X", "V", "abc"], "Résultat illisible « abc »"),
    (["marque", "4C", "V", "="], "« C » est ambigu"),
    (["imp", "abc"], "« abc » n'est pas un nombre de points"),
    (["imp", "420,400"], "« 420,400 » n'est pas un nombre de points"),
    (["imp", "1", "2", "3"], "3 nombres pour loi imp"),
    (["imp", ""], "Aucun nombre"),
    (["pdm", "420"], "Il faut au moins deux marques"),
    (["pdm", "420", "x"], "« x » n'est pas un nombre de points"),
    (["ajustee", "60 % 4♠= N, 30 % 4♠-1 N", "--vulnerabilite", "NS", "--autre-table", "420"],
     "Les poids font 90 % au lieu de 100 %"),
    (["ajustee", PONDERATION, "--autre-table", "420"], "Vulnérabilité manquante : ajoutez --vulnerabilite"),
    (["ajustee", PONDERATION, "--vulnerabilite", "XY", "--autre-table", "420"], "Vulnérabilité inconnue « XY »"),
    (["ajustee", PONDERATION, "--vulnerabilite", "NS"], "soit --autre-table SCORE"),
    (["ajustee", PONDERATION, "--vulnerabilite", "NS", "--autre-table", "1", "--marques", "2"], "l'un des deux"),
    (["ajustee", PONDERATION, "--vulnerabilite", "NS", "--autre-table", "abc"], "« abc » n'est pas une marque"),
    (["ajustee", PONDERATION, "--vulnerabilite", "NS", "--marques", "1 100"], "« 1 100 » : donnez des marques"),
    (["ajustee", "4♠=", "--vulnerabilite", "NS", "--autre-table", "420"], "Poids manquants"),
    (["imp"], "il manque : SCORE"),
    (["marque", "4♥X", "--json", "V", "+9"], "impossible au palier 4"),
    (["--debug", "marque", "4♥", "V", "+9"], "impossible au palier 4"),
]  # fmt: skip


@pytest.mark.parametrize(("argv", "attendu"), ERREURS)
def test_mauvaise_saisie(capsys: pytest.CaptureFixture[str], argv: list[str], attendu: str) -> None:
    if "--debug" in argv:  # --debug adds the traceback; the sentence and the exit code stay
        code, sortie, erreurs = lancer(capsys, *argv)
        assert (code, sortie) == (2, "") and "Traceback" in erreurs and "SaisieInvalide" in erreurs
        assert erreurs.splitlines()[-1].startswith("loi : ") and attendu in erreurs.splitlines()[-1]
        return
    code, sortie, erreurs = lancer(capsys, *argv)
    if "--json" in argv:  # with --json, an error is a JSON object on stdout
        assert (code, erreurs) == (2, "") and attendu in json.loads(sortie)["erreur"]["message"]
        return
    assert (code, sortie) == (2, "") and erreurs.startswith("loi : ") and erreurs.count("\n") == 1
    assert attendu in erreurs and "Traceback" not in erreurs


# --- Reading the line ---------------------------------------------------------------


@pytest.mark.parametrize(("mots", "attendu"), [
    (["4♥X", "V", "-2"], ("4♥X", True, "-2")),
    (["4 cœurs contré V 8"], ("4 cœurs contré", True, "8")),
    (["3SA", "non", "vulnérable", "+", "1"], ("3SA", False, "+ 1")),
    (["1SAXX", "non-vulnérable", "="], ("1SAXX", False, "=")),
])  # fmt: skip
def test_decouper(mots: list[str], attendu: tuple[str, bool, str]) -> None:
    assert marque.decouper(mots) == attendu


@pytest.mark.parametrize(("argv", "attendu"), [
    (["marque", "inscrite", "du", "mauvais", "côté"], ["cherche", "marque", "inscrite", "du", "mauvais", "côté"]),
    (["marque", "--limite", "2", "en", "IMP"], ["cherche", "marque", "--limite", "2", "en", "IMP"]),
    (["marque"], ["cherche", "marque"]),
    (["marque", "4♥X", "V", "-2"], ["marque", "4♥X", "V", "-2"]),
    (["marque", "--json", "4♥X", "V", "-2"], ["marque", "--json", "4♥X", "V", "-2"]),
    (["marque", "--help"], ["marque", "--help"]),
    (["imp", "abc"], ["imp", "abc"]),
])  # fmt: skip
def test_marque_ou_recherche(argv: list[str], attendu: list[str]) -> None:
    """« marque » is a word directors search: the command only when a contract follows."""
    assert dispatch.commande_implicite(argv) == attendu


LIGNES_USUELLES = [
    ["marque", "4♥X", "V", "-2"], ["marque", "--json", "4♥X", "V", "-2"], ["marque", "4♥X", "V", "-2", "--json"],
    ["marque", "4 cœurs contré", "V", "8"], ["imp", "-450"], ["imp", "170", "-620", "--json"], ["imp", "-1,5"],
    ["pdm", "420", "-50", "400"], ["pdm", "--json", "-50", "-50"],
    ["ajustee", PONDERATION, "--vulnerabilite", "NS", "--autre-table", "-420"],
    ["ajustee", "--marques", "420", "-50", "--vulnerabilite", "tous", "--json", PONDERATION],
    ["ajustee", PONDERATION, "--marques", "420,400", "-50", "--marques", "10"],
    ["ajustee", PONDERATION, "--vulnerabilite", "", "--autre-table", "+420"],
    ["ajustee", "--vulnerabilite", "-3", PONDERATION],
]  # fmt: skip

LIGNES_POUR_ARGPARSE = [
    ["imp"], ["imp", "--json"], ["imp", "-h"], ["imp", "-x"],
    ["imp", "--", "-450"], ["imp", "-"], ["ajustee", "P", "--autre-table"], ["ajustee", "P", "--autre-table", "abc"],
    ["ajustee", "P", "--autre-table=420"], ["ajustee", "P", "--marques"], ["ajustee", "P", "--marques", "1 100"],
    ["ajustee", "P", "--marques", "--json"], ["ajustee", "P", "--vulnerabilite", "--json"],
    ["ajustee", "P", "--vulnerabilite"], ["ajustee", "P", "--vul", "NS"], ["ajustee", "--marques", "1", "P"],
    ["cherche", "x", "-450"], ["pdm", "1", "--limite", "2"],
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
    """Negative numbers are words and values: ``parseur.lire`` gives argparse's own namespace."""
    assert vars(parseur.lire(argv)) == _par_argparse(argv)


@pytest.mark.parametrize("argv", LIGNES_POUR_ARGPARSE)
def test_le_reste_comme_argparse(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert _lire(argv) == _par_argparse(argv)


def test_aide(capsys: pytest.CaptureFixture[str]) -> None:
    code, sortie, _ = lancer(capsys, "ajustee", "--help")
    assert code == 0 and "--vulnerabilite personne|NS|EO|tous" in sortie and "--marques SCORE" in sortie
    code, sortie, _ = lancer(capsys, "--help")
    assert code == 0 and "loi marque 4♥X V -2" in sortie and "loi imp 620 170" in sortie


def test_invite(capsys: pytest.CaptureFixture[str]) -> None:
    invite._une_ligne('ajustee "60 % 4♠=, 40 % 4♠-1" --vulnerabilite NS --autre-table 420', dispatch.programme)
    invite._une_ligne("marque 4♥XXX V =", dispatch.programme)
    sortie = capsys.readouterr()
    assert "Total pondéré : -1,40 IMP" in sortie.out and sortie.err.startswith("loi : Trop de contres")
    assert "imp 620 170" in invite.AIDE_INVITE


def test_demarrage_leger() -> None:
    """``loi voir`` reads its line through dispatch and options: neither may load the scoring library or Whoosh."""
    script = (
        "import sys\nimport indexer.cli.dispatch\n"
        "lourds = {'whoosh', 'dataclasses', 'indexer.marque', 'indexer.cli.marque'}\n"
        "print(sorted(lourds & set(sys.modules)))\n"
    )
    fini = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=RACINE, timeout=60)
    assert fini.stdout.strip() == "[]", fini.stdout + fini.stderr


@pytest.mark.skipif(not LOI.exists(), reason="the `loi` command is not installed in .venv")
@pytest.mark.parametrize(("argv", "code", "attendu"), [
    (["marque", "4♥X", "V", "-2"], 0, "4♥X V -2 : -500 pour le camp du déclarant (Loi 77)"),
    (["imp", "--json", "620", "170"], 0, '"imp": 10'),
    (["marque", "4♥XXX", "V", "="], 2, "loi : Trop de contres"),
])  # fmt: skip
def test_commande_installee(argv: list[str], code: int, attendu: str) -> None:
    fini = subprocess.run(
        [str(LOI), *argv], capture_output=True, text=True, timeout=120, env={**os.environ, "NO_COLOR": "1"}
    )
    assert fini.returncode == code and attendu in fini.stdout + fini.stderr
    assert "Traceback" not in fini.stderr
