"""The annexes in Chromium (issue 8, points 5–7): the index's A–Z bar, a hand diagram as a
compass, law 77's table, the definitions list. Fixtures and helpers come from
test_navigateur (same browser, same built site, same skip rules); screenshots go to
tests/artefacts/ for a person to look at."""

from __future__ import annotations

import re

import pytest
from test_navigateur import capture, dans_la_vue

# The browser, the built site, the server and the page: test_navigateur's fixtures.
pytest_plugins = ("test_navigateur",)

pytestmark = pytest.mark.navigateur

BUREAU = {"width": 1280, "height": 900}
ROUGE = "rgb(198, 40, 40)"  # extra.css, .couleur.rouge (light scheme)


def _boite(page, selecteur: str) -> dict:
    return page.evaluate(
        "(s) => { const r = document.querySelector(s).getBoundingClientRect();"
        " return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width}; }",
        selecteur,
    )


def test_la_barre_a_z_de_l_index_saute_a_la_lettre(page, origine):
    page.goto(origine + "index-alphabetique/index.html")
    barre = page.locator("nav.index-lettres")
    assert barre.locator("a, span.absente").all_inner_texts() == list("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    assert barre.locator('span.absente:text-is("K")').count() == 1  # no entry under K
    capture(page, "annexes-index-telephone.png")
    barre.locator('a:text-is("R")').click()
    page.wait_for_url(re.compile(r"#lettre-r$"))
    assert dans_la_vue(page, "lettre-r")
    # The bar stays under the header, and the letter heading is not hidden behind it.
    assert 0 <= _boite(page, "nav.index-lettres")["top"] < 120
    assert _boite(page, '[id="lettre-r"]')["top"] >= _boite(page, "nav.index-lettres")["bottom"] - 1
    capture(page, "annexes-index-R-telephone.png")


def test_l_index_imbrique_les_sous_entrees(page, site):
    page.goto(site.as_uri() + "/index-alphabetique/index.html")
    # « Accord des appelants » under « Appel », « Contestée » under « Concession »
    assert page.locator('li[id="index-appel"] > ul > li[id="index-accord-des-appelants"]').count() == 1
    assert page.locator('li[id="index-concession"] > ul > li[id="index-contestee"]').count() == 1
    # « Voir Entente entre partenaires » jumps to that entry
    page.locator('li[id="index-agrement"] a').first.click()
    page.wait_for_url(re.compile(r"#index-entente-entre-partenaires$"))
    assert dans_la_vue(page, "index-entente-entre-partenaires")


def test_l_index_sur_grand_ecran(navigateur, site):
    contexte = navigateur.new_context(viewport=BUREAU, locale="fr-FR")
    bureau = contexte.new_page()
    bureau.goto(site.as_uri() + "/index-alphabetique/index.html")
    assert bureau.locator("nav.index-lettres a").count() == 19  # no headword under B G K U X Y Z
    capture(bureau, "annexes-index-bureau.png")
    contexte.close()


def _rose_des_vents(page) -> None:
    """The first deal of lois/62: N above S, W left of E, N between them, nothing overflows."""
    donne = page.locator(".donne").first
    donne.scroll_into_view_if_needed()
    n, s = _boite(page, ".donne .main-n"), _boite(page, ".donne .main-s")
    o, e = _boite(page, ".donne .main-o"), _boite(page, ".donne .main-e")
    assert n["bottom"] <= o["top"] + 1 and o["bottom"] <= s["top"] + 1  # North, West–East, South
    assert n["bottom"] <= s["top"]
    assert o["right"] <= n["left"] + 1 and n["right"] <= e["left"] + 1  # West, North's column, East
    assert _boite(page, ".donne")["right"] <= page.viewport_size["width"]
    assert page.locator(".donne .siege").all_inner_texts() == ["NORD", "OUEST", "EST", "SUD"]


def test_une_main_en_rose_des_vents_au_telephone(page, origine):
    page.goto(origine + "lois/62/index.html")
    _rose_des_vents(page)
    couleurs = page.locator(".donne").first.locator(".couleur")
    rouges = [c.evaluate("c => getComputedStyle(c).color") for c in couleurs.all() if c.inner_text() in "♥♦"]
    noires = [c.evaluate("c => getComputedStyle(c).color") for c in couleurs.all() if c.inner_text() in "♠♣"]
    assert rouges and set(rouges) == {ROUGE}
    assert noires and ROUGE not in noires
    taille = float(page.locator(".donne .tenue").first.evaluate("t => parseFloat(getComputedStyle(t).fontSize)"))
    assert taille >= 14  # readable: the verbatim block was 10.9 px
    page.evaluate("document.querySelector('.donne').scrollIntoView({block: 'center'})")
    capture(page, "annexes-main-telephone.png")


def test_une_main_en_rose_des_vents_sur_grand_ecran(navigateur, site):
    contexte = navigateur.new_context(viewport=BUREAU, locale="fr-FR")
    bureau = contexte.new_page()
    bureau.goto(site.as_uri() + "/lois/70/index.html")
    bureau.locator(".donne").first.scroll_into_view_if_needed()
    sieges = bureau.locator(".donne").first.locator(".siege").all_inner_texts()
    assert sieges == ["MORT", "OUEST", "EST", "DÉCLARANT"]
    bureau.evaluate("document.querySelector('.donne').scrollIntoView({block: 'center'})")
    capture(bureau, "annexes-main-bureau.png")
    contexte.close()


def test_la_table_de_la_loi_77_est_un_tableau(page, site):
    page.goto(site.as_uri() + "/lois/77/index.html")
    tables = page.locator(".texte-2007 table")
    assert tables.count() == 2
    surcontree = tables.nth(0).locator("tr").nth(3).locator("td").all_inner_texts()
    assert surcontree == ["Surcontrée", "80", "80", "120", "120"]
    assert page.locator(".texte-2007 pre").count() == 0
    for i in range(2):  # both tables fit a phone's width, no sideways scrolling
        assert tables.nth(i).evaluate("t => t.getBoundingClientRect().right") <= page.viewport_size["width"]
    page.evaluate("document.querySelector('.texte-2007 table').scrollIntoView({block: 'center'})")
    capture(page, "annexes-loi-77-telephone.png")


def test_les_definitions_en_liste_gardent_leurs_ancres(page, site):
    page.goto(site.as_uri() + "/definitions/index.html")
    assert page.locator('h2[id^="def-"]').count() == 0
    assert page.locator("#definitions-liste li").count() >= 60
    page.goto(site.as_uri() + "/definitions/index.html#def-mort")
    assert dans_la_vue(page, "def-mort")
