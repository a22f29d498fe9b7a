"""The Marque page: its tables are the scoring library's figures, the booklet's prose is on it whole,
and exactly the laws of scoring (12, 77, 78, 79) link to it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_marque import HORS_ES2017, hors_es2017

from indexer import build
from indexer.marque import Contrat, imp, marque
from indexer.model import ITEM, TEXTE, Bloc, Document, Section
from indexer.rendu.loi import VOIR_MARQUE
from indexer.rendu.marque import DENOMINATIONS, SCRIPTS, render_marque
from indexer.sources import LIVRET

RACINE = Path(__file__).resolve().parent.parent
PAGE_JS = RACINE / "docs" / "assets" / "javascripts" / "marque-page.js"
LOIS_LIEES = {12, 77, 78, 79}


@pytest.fixture(scope="module")
def attendus(construit) -> dict[str, str]:
    return build.attendus()


@pytest.fixture(scope="module")
def page(attendus: dict[str, str]) -> str:
    return attendus["docs/marque/index.md"]


def table(page: str, ancre: str) -> dict[str, dict[str, str]]:
    """The first Markdown table under the heading ``{ #ancre }``: {first cell: {header: cell}}."""
    lignes = page[page.index(f"{{ #{ancre} }}") :].splitlines()
    debut = next(rang for rang, ligne in enumerate(lignes) if ligne.startswith("|"))
    rangs = []
    for ligne in lignes[debut:]:
        if not ligne.startswith("|"):
            break
        rangs.append([cellule.strip() for cellule in ligne.strip("|").split("|")])
    entete, _, *corps = rangs
    return {rang[0]: dict(zip(entete, rang, strict=True)) for rang in corps}


# --- the figures, checked by hand -----------------------------------------------------------------


@pytest.mark.parametrize(("ancre", "ligne", "colonne", "attendu"), [
    ("faits-0", "4", "♥ ♠ NV", "420"),        # 4♠= NV: 4 × 30 + 300
    ("faits-0", "3", "SA V", "600"),          # 3SA= V: 40 + 2 × 30 + 500
    ("faits-0", "1", "♣ ♦ NV", "70"),         # 1♣= : 20 + 50
    ("faits-0", "7", "SA V", "2220"),         # 7SA= V: 220 + 500 + 1500
    ("faits-1", "2", "♥ ♠ V", "670"),         # 2♥X= V: 120 + 500 + 50
    ("faits-2", "1", "SA NV", "560"),         # 1SAXX= NV: 160 + 300 + 100
    ("levees-de-chute", "-13", "V XX", "-7600"),  # 7SAXX-13 V: 400 + 12 × 600
    ("levees-de-chute", "-2", "V X", "-500"),     # 4♥X V -2
    ("levees-de-chute", "-4", "NV X", "-800"),    # 100 + 200 + 200 + 300
    ("levees-de-chute", "-1", "NV", "-50"),
    ("primes", "Manche (100 points de levée ou plus)", "Vulnérable", "500"),
    ("primes", "Grand chelem (palier 7)", "Non vulnérable", "1000"),
    ("primes", "Contrat surcontré réussi", "Vulnérable", "100"),
    ("points-de-levee", "SA, première levée", "Surcontré", "160"),
    ("levees-de-mieux", "Contré", "Vulnérable", "200"),
    ("bareme-imp", "600 à 740", "IMP", "12"),   # 620 → 12
    ("bareme-imp", "430 à 490", "IMP", "10"),   # 620 − 170 = 450 → 10
    ("bareme-imp", "4000 et plus", "IMP", "24"),
])  # fmt: skip
def test_cases_verifiees_a_la_main(page: str, ancre: str, ligne: str, colonne: str, attendu: str) -> None:
    assert table(page, ancre)[ligne][colonne] == attendu


@pytest.mark.parametrize("contre", [0, 1, 2])
def test_contrats_faits_egalent_la_bibliotheque(page: str, contre: int) -> None:
    cases = table(page, f"faits-{contre}")
    for niveau in range(1, 8):
        for couleur, nom in DENOMINATIONS:
            for vulnerable, vul in ((False, "NV"), (True, "V")):
                points = marque(Contrat(niveau, couleur, contre), vulnerable, 0).points
                assert cases[str(niveau)][f"{nom} {vul}"] == str(points)


def test_chutes_et_imp_egalent_la_bibliotheque(page: str) -> None:
    chutes = table(page, "levees-de-chute")
    for chute in range(1, 14):
        for vulnerable, vul in ((False, "NV"), (True, "V")):
            for contre, suffixe in ((0, ""), (1, " X"), (2, " XX")):
                points = marque(Contrat(7, "SA", contre), vulnerable, -chute).points
                assert chutes[f"-{chute}"][f"{vul}{suffixe}"] == str(points)
    for bande, cases in table(page, "bareme-imp").items():
        basse, _, haute = bande.partition(" à ")
        assert {imp(int(basse.split()[0])), imp(int(haute or 5000))} == {int(cases["IMP"])}


def test_chaque_table_dit_sa_loi(page: str) -> None:
    for ancre in ("points-de-levee", "levees-de-mieux", "primes", "faits-0", "faits-1", "faits-2", "levees-de-chute"):
        apres = page[page.index(f"{{ #{ancre} }}") :]
        assert apres.split("\n\n")[1].startswith("[Loi 77](../lois/77/index.md)")
    assert "[Loi 78B](../lois/78/index.md#loi-78-b) : l'écart" in page


# --- the texts -----------------------------------------------------------------------------------


def test_la_prose_du_livret_est_sur_la_page(page: str) -> None:
    assert "La marque au bridge s'appuie sur la vulnérabilité (Rouge)" in page
    assert "4♥ contré, vulnérable, chuté de 2 s'écrit : 4♥X V -2" in page
    assert "Toute la marque sur trouve : Tableau marque" in page
    assert "004_fcf587896b0d140e.txt, ligne 197" in page


def test_la_page_se_dit_calculee_et_explique_les_points_de_match(page: str) -> None:
    note = page[page.index('!!! info "Calculé par le projet"') :].split("\n\n")[0]
    assert "ce n'est pas un texte source" in note and "Code 2017" in note
    pdm = page[page.index("{ #points-de-match }") :]
    assert '"Explication de la rédaction, non le texte de la loi"' in pdm
    assert "+450 reçoit 6 (100 %)" in pdm


def test_les_calculateurs_et_leurs_scripts(page: str) -> None:
    for nom in ("contrat", "imp", "pdm", "ajustee"):
        assert f'<form class="marque-calcul" id="marque-{nom}" data-calcul="{nom}"' in page
    # after the forms, relative to marque/index.html: no network, file:// included
    assert all(f'<script src="{s}"></script>' in page for s in SCRIPTS)
    assert page.index("<script") > page.rindex("</form>")
    assert all(s.startswith("../assets/javascripts/") for s in SCRIPTS)


def test_le_script_de_la_page_reste_es2017_et_hors_ligne() -> None:
    """marque.js's rules, and the page's script neither fetches nor writes HTML."""
    interdits = {**HORS_ES2017, "fetch ou XHR": r"\bfetch\b|XMLHttpRequest", "innerHTML": r"innerHTML"}
    assert not hors_es2017(PAGE_JS.read_text(encoding="utf-8"), interdits)


def test_render_marque_est_pur() -> None:
    document = Document(
        "marque.md",
        "La marque",
        LIVRET,
        "2017",
        "marque",
        (Section("livret", "marque-livret", "", 3, (Bloc(TEXTE, "Un *texte*.", 3), Bloc(ITEM, "- un point", 5))),),
    )
    texte = render_marque(document)
    assert texte.startswith('---\ntitle: "La marque"\n---\n<!-- Généré') and "# La marque\n" in texte
    assert "Un \\*texte\\*.\n\n- un point" in texte
    # the source by its short name, the file and line in the tooltip only (issue 8, point 8)
    assert f'Source : <cite title="{LIVRET}, ligne 3">Livret du BC Vénissieux</cite> (Code 2017)' in texte


# --- the links -------------------------------------------------------------------------------------


def test_les_lois_de_la_marque_y_menent_et_elles_seules(attendus: dict[str, str]) -> None:
    assert set(VOIR_MARQUE) == LOIS_LIEES
    liees = {
        int(m[1])
        for chemin, texte in attendus.items()
        if (m := re.fullmatch(r"docs/lois/(\d+)/index\.md", chemin)) and "](../../marque/index.md#" in texte
    }
    assert liees == LOIS_LIEES
    for numero in LOIS_LIEES:
        ancre = VOIR_MARQUE[numero][0]
        page = attendus[f"docs/lois/{numero}/index.md"]
        assert f"Voir aussi : [la page Marque](../../marque/index.md#{ancre})" in page
        assert f"{{ #{ancre} }}" in attendus["docs/marque/index.md"]
