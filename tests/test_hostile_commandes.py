"""The commands earlier audits left alone (exemples, definition, index, the reading of a law number), run as a
director runs them: each row is a command line, its exit code and a line it must write (issue 21)."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import pytest

RACINE = Path(__file__).resolve().parent.parent
LOI = str(RACINE / ".venv" / "bin" / "loi")


def lancer(*argv: str) -> subprocess.CompletedProcess[str]:
    environnement = {**os.environ, "NO_COLOR": "1", "COLUMNS": "100"}
    return subprocess.run([LOI, *argv], capture_output=True, text=True, env=environnement, timeout=120, check=False)


def ecrit(fini: subprocess.CompletedProcess[str]) -> str:
    """Both outputs, their lines joined (a sentence may wrap), with no traceback nor English."""
    assert "Traceback" not in fini.stderr and "usage:" not in fini.stderr, fini.stderr
    return " ".join((fini.stdout + "\n" + fini.stderr).split())


PAS_DE_LOI = "Il n'y a pas de Loi {} : le Code compte les lois 1 à 93."
ZERO = "« {} » : un numéro de loi s'écrit sans zéro devant ; tapez « loi {} »."

# A law number: well written but out of the Code is exit code 1 and the sentence of « 99 », whatever its length
# up to twelve digits (« 100 » was unreadable, exit 2, and « loi 100 » a search showing a scoring table); a zero
# before a number of two digits is refused with the command to type, since the Code never writes one (« 08 »,
# two digits, stays Loi 8, as the site reads it).
NUMEROS = [
    (("voir", "99"), 1, PAS_DE_LOI.format(99)),
    (("voir", "100"), 1, PAS_DE_LOI.format(100)),
    (("100",), 1, PAS_DE_LOI.format(100)),
    (("voir", "1000"), 1, PAS_DE_LOI.format(1000)),
    (("voir", "Loi 100C"), 1, PAS_DE_LOI.format(100)),
    (("voir", "100", "--json"), 1, '"code": 1'),
    (("voir", "0"), 1, PAS_DE_LOI.format(0)),
    (("voir", "068"), 2, ZERO.format("068", "voir 68")),
    (("068",), 2, ZERO.format("068", "voir 68")),
    (("voir", "Loi 0068C"), 2, ZERO.format("Loi 0068C", "voir 68C")),
    (("voir", "0012C1e"), 2, ZERO.format("0012C1e", 'voir "12C1(e)"')),
    (("voir", "08"), 0, "Loi 8 — Ordre des tours"),
    (("voir", "9" * 13), 2, "n'est pas une référence de loi"),
    (("voir", "100.5"), 2, "des chiffres séparés ne font pas un numéro"),
    (("100 points",), 0, "1. Loi 78"),  # words around a number: a search
    (("voir", ""), 2, "Référence vide : tapez-en une, par exemple « loi voir 68C »."),  # was « «  » n'est pas… »
    (("voir", " ", "--json"), 2, '"message": "Référence vide'),
]


# loi exemples REF reads the reference as loi voir does; the examples shown say which they are.
EXEMPLES = [
    (("exemples", "94"), 1, PAS_DE_LOI.format(94)),
    (("exemples", "100"), 1, PAS_DE_LOI.format(100)),  # was « 100% » in an example of the Loi 79, exit 0
    (("exemples", "068"), 2, ZERO.format("068", "exemples 68")),
    (("exemples", "6 8"), 2, "des chiffres séparés ne font pas un numéro"),
    (("exemples", "68C"), 0, "Exemples de la Loi 68 (aucun n'est rattaché à la Loi 68C) : 1. Loi 68"),
    (("exemples", "12C1"), 0, "Exemples de la Loi 12C1 : 1. Loi 12"),
    (("exemples", "68Z"), 1, "Aucun exemple pour « 68Z »"),
    # a law without examples: said of the law, no advice to change words (« essayez d'autres mots »)
    (("exemples", "1"), 1, "Le Guide ne donne aucun exemple pour la Loi 1."),
    (("exemples", "68C", "--edition", "2007"), 1, "Le Guide ne donne aucun exemple 2007 pour la Loi 68."),
    # words read corrected that no example holds: the usual sentence (it wrote « Déclaration. » alone)
    (("exemples", "décalaration"), 1, "Résultats pour : déclaration Aucun exemple pour « décalaration » : essayez"),
]

AVERTISSEMENT = (
    "Texte du Code 2007, que le Code 2017 a remplacé ; les sources du projet n'en donnent pas la version 2017. "
    "Vérifiez dans le Code 2017 avant de citer."
)


def aucune(terme: str) -> str:
    return f"Aucune définition des sources ne porte le nom « {terme} » ; définitions où ces mots paraissent : 1."


# loi definition TERME: the term's own definition first, else a sentence and exit code 1, never another
# term's definition passed for it; the 2007 text said to be so, as the site's page says.
DEFINITIONS = [
    (("definition", "mort"), 0, f"{AVERTISSEMENT} 1. Définitions — Mort"),
    (("definition", "levée"), 0, "1. Définitions — Levée Levée (2007"),  # was « Levée de mieux » first
    (("definition", "Levées"), 0, "1. Définitions — Levée Levée (2007"),
    (("definition", "déclaration"), 0, "1. Définitions — Déclaration Déclaration (2007"),  # was « Déclarant »
    (("definition", "de", "la", "déclaration"), 0, "1. Définitions — Déclaration Déclaration (2007"),
    (("definition", "honneurs"), 0, "1. Définitions — Honneur Honneur (2007"),
    (("definition", "psychique"), 0, "1. Définitions — Psychique (annonce)"),
    (("definition", "l’adversaire"), 0, "1. Définitions — Adversaire Adversaire (2007"),
    (("definition", "declaratoin"), 0, "Résultats pour : déclaration 1. Définitions — Déclaration"),  # a typo
    (("definition", "adversiare"), 0, "Résultats pour : adversaire 1. Définitions — Adversaire"),  # read corrected
    (("definition", "jeu", "hors", "tour"), 1, aucune("jeu hors tour")),  # was « Déclarant », exit 0
    (("definition", "contre-sens"), 1, aucune("contre-sens")),  # was « Contre », exit 0
    (("definition", "carte"), 1, aucune("carte")),
    (("definition", "arbitre"), 1, "Aucun résultat pour « arbitre »"),
    # a search whose words are those of that sentence is found as any other (it was exit code 1)
    (("cherche", "aucune définition des sources ne porte le nom", "--limite", "1"), 0, "1. Loi 16"),
    (("index", "renonce"), 0, f"{AVERTISSEMENT} 1. Index alphabétique du Code 2007 — Renonce"),
    # the index too puts the entries of the term first (« Impossibilité d'attaquer » came before « Attaque »)
    (("index", "attaque"), 0, "1. Index alphabétique du Code 2007 — Attaque Attaque (2007, index)"),
    (("index", "l’attaque"), 0, "1. Index alphabétique du Code 2007 — Attaque Attaque (2007, index)"),
    (("index", "hors", "tour"), 0, "1. Index alphabétique du Code 2007 — Attaque › Hors-tour Hors-tour (2007"),
    (("index", "jeu", "hors", "tour"), 0, "1. Index alphabétique du Code 2007 — Déclaration › Hors-tour, au tour"),
]


# A command's options typed before it are read as after it, as « loi --json 68C » read them: « --json voir 68C »
# was refused and « --limite 2 definition mort » read « 2 » as a command; --help and --version stay the program's.
PLACES = [
    (("--json", "voir", "68C"), 0, '"ref": "68C"'),
    (("--limite", "1", "definition", "mort"), 0, "1. Définitions — Mort"),
    (("--json", "--limite", "1", "cherche", "renonce"), 0, '"version": 3'),
    (("--edition", "2007", "voir", "12C1(b)"), 0, "Site : lois/12/index.html#loi-12-c-1-b-2007"),
    (("--limite", "2", "renonce"), 0, "1. Loi 61"),
    (("--version", "voir"), 0, "loi "),
    (("--json", "completion", "bash"), 2, "arguments inconnus : --json"),
    # a reference, then the command (« loi 68C exemples »): read as « loi exemples 68C » (was a search, 68A 2007 first)
    (("68C", "exemples"), 0, "Exemples de la Loi 68 (aucun n'est rattaché à la Loi 68C) : 1. Loi 68"),
    (("94", "exemples"), 1, PAS_DE_LOI.format(94)),
    (("12C1", "voir", "--json"), 0, '"ref": "12C1"'),
    (("mort", "exemples"), 0, "1. Loi 42"),  # words, not a reference: a search
    # a command without words names its own help (it named « loi --help »), never building anything
    (("construire", "foo"), 2, "arguments inconnus : foo. Tapez « loi construire --help » pour l'aide."),
    (("construire", "--verifier", "--index", "docs"), 2, "Tapez « loi construire --help »"),
]


@pytest.mark.parametrize(("argv", "code", "attendu"), NUMEROS + EXEMPLES + DEFINITIONS + PLACES, ids=str)
def test_commande(argv: tuple[str, ...], code: int, attendu: str) -> None:
    fini = lancer(*argv)
    assert (fini.returncode, attendu in ecrit(fini)) == (code, True), ecrit(fini)[:600]


# --json: the same exit code, and what the text says before the results in « interpretation ».
JSON = [
    (("definition", "jeu hors tour"), 1, "aucune définition des sources ne porte le nom « jeu hors tour » ; "
     "définitions où ces mots paraissent", "Définitions — Déclarant"),
    (("definition", "déclaration"), 0, "déclaration", "Définitions — Déclaration"),
    (("exemples", "68C"), 0, "exemples de la Loi 68 (aucun n'est rattaché à la Loi 68C)",
     "Revendication ou concession de levées"),
]  # fmt: skip


@pytest.mark.parametrize(("argv", "code", "interpretation", "premier"), JSON, ids=str)
def test_json(argv: tuple[str, ...], code: int, interpretation: str, premier: str) -> None:
    fini = lancer(*argv, "--json")
    objet = json.loads(fini.stdout)
    assert (fini.returncode, objet["interpretation"], objet["resultats"][0]["titre"]) == (code, interpretation, premier)


def test_definition_limite_apres_le_terme() -> None:
    """--limite counts from the term asked, put first whatever its rank in the search."""
    objet = json.loads(lancer("definition", "levée", "--limite", "1", "--json").stdout)
    assert [g["titre"] for g in objet["resultats"]] == ["Définitions — Levée"]


def test_chaque_definition_se_trouve_sous_son_nom(capsys: pytest.CaptureFixture[str]) -> None:
    """Every term of the definitions page, typed as it stands, gives its own definition first (exit code 0)."""
    from indexer.cli import dispatch

    page = (RACINE / "docs" / "definitions" / "index.md").read_text(encoding="utf-8")
    termes = re.findall(r"^- \*\*([^*]+)\*\* :", page, re.MULTILINE)
    assert len(termes) > 50
    for terme in termes:
        code = dispatch.executer(["definition", terme, "--json", "--limite", "1"])
        objet = json.loads(capsys.readouterr().out)
        assert (code, objet["resultats"][0]["passages"][0]["ref"]) == (0, terme), objet["interpretation"]
