"""``loi voir`` and ``loi construire`` as a user runs them."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from indexer.cli.dispatch import main

RACINE = Path(__file__).resolve().parent.parent
LOI = RACINE / ".venv" / "bin" / "loi"


def lancer(*arguments: str) -> subprocess.CompletedProcess[str]:
    """Run the installed ``loi`` command as a user would, without a terminal."""
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "80"}
    return subprocess.run([str(LOI), *arguments], capture_output=True, text=True, env=env, timeout=120)


def test_voir_un_paragraphe() -> None:
    sortie = lancer("voir", "68C")
    assert sortie.returncode == 0, sortie.stderr
    assert sortie.stdout.startswith("Loi 68 — ")
    assert "68C" in sortie.stdout and "Site : lois/68/index.html#loi-68-c" in sortie.stdout
    assert "TEXTE 2007 — REMPLACÉ" in sortie.stdout  # the 2007 text is there, marked as such
    assert sortie.stdout.index("ÉDITION 2017") < sortie.stdout.index("TEXTE 2007")
    assert max(len(ligne) for ligne in sortie.stdout.splitlines() if not ligne.startswith("    ")) <= 80


def test_voir_json_contrat() -> None:
    sortie = lancer("voir", "--json", "68C")
    assert sortie.returncode == 0, sortie.stderr
    objet = json.loads(sortie.stdout)
    assert objet["loi"] == 68 and objet["url"] == "lois/68/index.html#loi-68-c"
    assert set(objet) >= {"loi", "titre", "titres", "url", "paragraphes", "exemples", "renvois", "cite_par"}
    assert set(objet["titres"]) == {"2017", "2007"}
    premier = objet["paragraphes"][0]
    assert set(premier) >= {"ref", "edition", "type", "texte", "ancre", "source"}
    assert all(p["ref"].startswith("68C") for p in objet["paragraphes"])
    officiel = [p for p in objet["paragraphes"] if p["source"].startswith("002_") and p["type"] == "loi"]
    assert officiel[0]["ancre"] == "loi-68-c" and officiel[0]["edition"] == "2017"
    assert any(p["edition"] == "2007" and p["ancre"] == "loi-68-c-2007" for p in objet["paragraphes"])


@pytest.mark.parametrize("tape", ["68", "Loi 68", "loi68", "L68", "Law 68", "LOI 68", "68 C", "loi 12 C 1 e", "12c1e"])
def test_formes_de_reference(tape: str) -> None:
    sortie = lancer("voir", "--json", *tape.split())
    assert sortie.returncode == 0, sortie.stderr
    assert json.loads(sortie.stdout)["loi"] in (68, 12)


def test_commande_implicite_affiche_une_reference() -> None:
    sortie = lancer("68C")
    assert sortie.returncode == 0 and "68C" in sortie.stdout


@pytest.mark.parametrize(
    "tape, code, attendu",
    [
        # well written but absent: nothing found (1), like grep; unreadable: an error of input (2)
        ("94", 1, "Il n'y a pas de Loi 94 : le Code compte les lois 1 à 93."),
        ("68H", 2, "n'est pas une référence"),
        ("68F", 1, "Paragraphes proches : 68A, 68B, 68C, 68D"),
        ("12C9", 1, "Paragraphes proches : 12C1"),
    ],
)
def test_reference_inconnue(tape: str, code: int, attendu: str) -> None:
    sortie = lancer("voir", tape)
    assert sortie.returncode == code
    assert attendu in sortie.stderr and "Traceback" not in sortie.stderr
    assert sortie.stderr.startswith("loi : ")


def test_edition_2007_seule() -> None:
    objet = json.loads(lancer("voir", "--json", "--edition", "2007", "12C").stdout)
    assert objet["paragraphes"] and {p["edition"] for p in objet["paragraphes"]} == {"2007"}


def test_en_processus_avec_capsys(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["voir", "--json", "70"]) == 0
    assert json.loads(capsys.readouterr().out)["loi"] == 70
    assert main(["voir", "0"]) == 1
    assert "Il n'y a pas de Loi 0" in capsys.readouterr().err
    assert main(["voir", "-1"]) == 2
    assert "n'est pas une référence" in capsys.readouterr().err


def test_construire_verifier_dit_que_docs_est_a_jour() -> None:
    sortie = lancer("construire", "--verifier")
    assert sortie.returncode == 0, sortie.stderr
    assert "docs/ est à jour." in sortie.stdout


def test_edition_absente_dit_pourquoi() -> None:
    sortie = lancer("voir", "--edition", "2017", "78B")
    assert sortie.returncode == 1 and sortie.stdout == ""
    assert "aucun texte 2017 pour la Loi 78B" in sortie.stderr


def test_une_loi_sans_texte_2017_ne_passe_pas_pour_actuelle() -> None:
    sortie = lancer("voir", "78B")
    assert sortie.returncode == 0
    assert "ÉDITION 2017" not in sortie.stdout
    assert "TEXTE 2007 — REMPLACÉ PAR LE CODE 2017" in sortie.stdout


@pytest.mark.parametrize(
    ("reference", "commente"),
    [("16C", "Toutes les informations résultant"), ("12B1", "L'objectif général d'une marque ajustée")],
)
def test_paragraphe_commente_sans_etre_cite(reference: str, commente: str) -> None:
    sortie = lancer("voir", reference)
    assert sortie.returncode == 0, sortie.stderr
    dit = sortie.stdout.index("(Le Guide commente ce paragraphe sans en citer le texte.)")
    assert dit < sortie.stdout.index(commente)  # the heading says so, its commentary follows


def test_un_titre_de_citation_n_est_pas_un_paragraphe_non_cite() -> None:
    sortie = lancer("voir", "43A")  # the Guide quotes 43A through its sub-paragraphs 43A1(a)…
    assert sortie.returncode == 0, sortie.stderr
    assert "Le mort ne devrait pas prendre l'initiative" in sortie.stdout  # the booklet's 43A1(a)
    assert "Le mort ne devrait prendre[1] l’initiative" in sortie.stdout  # the Guide's, its slip noted
    assert "sans en citer le texte" not in sortie.stdout


@pytest.mark.parametrize(
    ("reference", "dit", "tait"),
    [
        # a declared other rule under the same number: said under the 2007 paragraph
        ("15A", "Code 2017 : la 15A traite d'un autre cas ; la règle 2007 15A est la 15B.", "aucune source 2017"),
        (
            "26A1",
            "Code 2017 : la 26A traite d'un autre cas ; la règle 2007 26A1 n'a pas de numéro 2017 attesté",
            "aucune source 2017",
        ),
        ("86C", "Code 2017 : la même règle est la 86A.", "aucune source 2017"),  # renumbered
        # nothing declared, no 2017 source: the sources cannot decide, and the answer says so
        (
            "15C",
            "Code 2017 : aucune source 2017 ne donne de paragraphe 15C, et les sources ne disent pas quel "
            "paragraphe 2017 reprend cette règle.",
            "traite d'un autre cas",
        ),
        (
            "17D1",
            "Code 2017 : la 17D traite d'un autre cas ; la règle 2007 17D est la 15A.",
            "aucune source 2017",
        ),  # what its section's declaration says
        ("68C", "ÉDITION 2017", "aucune source 2017"),  # a 2017 paragraph: nothing to add
    ],
)
def test_ce_qu_est_devenu_un_paragraphe_2007(reference: str, dit: str, tait: str) -> None:
    sortie = lancer("voir", reference, "--sans-pager")
    assert sortie.returncode == 0, sortie.stderr
    lu = " ".join(sortie.stdout.split())  # lines folded at 80 columns
    assert dit in lu and tait not in lu
