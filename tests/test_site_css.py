"""The site's stylesheets and scripts after the phone-speed work (issue 20), in Debian's Chromium.

scripts/apres_site.py trims the stylesheets (PurgeCSS), writes each page's critical CSS into it (Beasties)
and loads the stylesheets after the first paint; overrides/main.html loads the scripts after it
too. What must hold: no stylesheet blocks the first paint; a page is styled by its critical CSS
alone; nothing visible is lost by the trimming (the page drawn with Material's untouched
stylesheets is the same picture, in every state a reader meets); the theme's features still work.
Timings are measured by ``make bench`` (Lighthouse), never here.
"""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from site_outils import RACINE, pixels_differents
from test_navigateur import ARTEFACTS, TELEPHONE, navigateur, serveur, site  # noqa: F401

pytestmark = pytest.mark.navigateur

BUREAU = {"width": 1280, "height": 800}
MATERIAL = next((RACINE / ".venv/lib").glob("python3*/site-packages/material/templates/assets/stylesheets"))
# The stylesheets as Material and we write them, in the page's order: what site.*.min.css trims.
ORIGINAUX = "\n".join(
    p.read_text(encoding="utf-8")
    for p in (
        next(MATERIAL.glob("main.*.min.css")),
        next(MATERIAL.glob("palette.*.min.css")),
        RACINE / "docs/assets/stylesheets/extra.css",
    )
)
STYLES = "**/assets/stylesheets/*.css"
# Pixels that may differ between two pictures of one page: the anti-aliasing of a rounded corner
# (marque: 6, not always the same run to run); a lost rule moves or recolours thousands (a
# table's margin: 4 066; the dark palette: the whole page).
TOLERANCE = 50


class _Liens(HTMLParser):
    """Each ``<link rel=stylesheet href>`` outside ``<noscript>``, and whether a ``<style>`` is there."""

    def __init__(self) -> None:
        super().__init__()
        self.bloquants: list[str] = []
        self.style = False
        self._noscript = 0

    def handle_starttag(self, balise, attributs):
        a = dict(attributs)
        self._noscript += balise == "noscript"
        self.style |= balise == "style"
        if balise == "link" and a.get("rel") == "stylesheet" and a.get("href") and not self._noscript:
            self.bloquants.append(a["href"])

    def handle_endtag(self, balise):
        self._noscript -= balise == "noscript"


def test_aucune_feuille_ne_bloque_le_premier_affichage(site):  # noqa: F811
    """Every page carries its critical CSS and no stylesheet link that the first paint waits for."""
    fautes = []
    pages = sorted(site.rglob("*.html"))
    for chemin in pages:
        lecteur = _Liens()
        lecteur.feed(chemin.read_text(encoding="utf-8"))
        if lecteur.bloquants or not lecteur.style:
            fautes.append(f"{chemin.relative_to(site)} : {lecteur.bloquants or 'pas de CSS critique'}")
    assert len(pages) > 100
    assert not fautes, fautes[:5]


def _pret(page) -> None:
    """The late stylesheets applied and the theme started (the tests' goto waits for the latter)."""
    page.wait_for_function("""() => document.documentElement.dataset.scripts === 'prets' &&
        !document.querySelector('link[data-apres-affichage]') &&
        [...document.querySelectorAll('link[rel=stylesheet]')].every((l) => l.sheet)""")
    page.wait_for_timeout(400)  # Material's transitions (header shadow, drawer) end


def _originales(route) -> None:
    """Serve Material's untouched stylesheets and our extra.css as written for the trimmed one."""
    route.fulfill(body=ORIGINAUX, content_type="text/css")


def _image(contexte, url: str, etat, routage=None) -> bytes:
    page = contexte.new_page()
    if routage:
        page.route(STYLES, routage)
    page.goto(url)
    if routage is None or routage is _originales:
        _pret(page)
    else:
        page.wait_for_timeout(400)
    if "?q=" in url:  # the answer comes when the worker has read the search data: later on a busy machine
        page.wait_for_function("document.getElementById('resultats')?.dataset.requete")
        page.wait_for_timeout(300)
    etat(page)
    image = page.screenshot()
    page.close()
    return image


def _rien(page) -> None:
    pass


def _menu(page) -> None:
    page.locator("label.md-header__button[for='__drawer']").click()
    page.wait_for_timeout(500)


def _dialogue(page) -> None:
    page.locator(".recherche-ouvrir").first.click()
    page.locator("#recherche-dialogue .recherche-saisie").fill("mort")
    page.wait_for_function("document.querySelector('#recherche-dialogue .recherche-resultats')?.dataset.requete")
    page.wait_for_timeout(300)


def _infobulle(page) -> None:
    page.locator("article abbr").first.hover()
    page.wait_for_selector(".md-tooltip2--active")
    page.wait_for_timeout(400)


def _vers(ancre: str):
    def etat(page) -> None:
        page.evaluate("(id) => document.getElementById(id).scrollIntoView()", ancre)
        page.wait_for_timeout(1000)  # the header's title slides in (Material's transition)

    return etat


# (page, state, viewport, colour scheme): what a reader meets, on a phone and a desktop.
ETATS = [
    ("index.html", _rien, TELEPHONE, "light"),
    ("lois/68/index.html", _rien, TELEPHONE, "light"),
    ("lois/68/index.html", _rien, TELEPHONE, "dark"),
    ("lois/68/index.html", _menu, TELEPHONE, "light"),
    ("lois/68/index.html", _dialogue, TELEPHONE, "dark"),
    ("lois/27/index.html", _vers("loi-27-exemple-4"), TELEPHONE, "light"),
    ("lois/70/index.html", _rien, TELEPHONE, "light"),
    ("tableaux/index.html", _rien, TELEPHONE, "light"),
    ("marque/index.html", _rien, TELEPHONE, "light"),
    ("recherche/index.html?q=revendication", _rien, TELEPHONE, "light"),
    ("lois/68/index.html", _infobulle, BUREAU, "light"),
    ("index.html", _rien, BUREAU, "dark"),
]


@pytest.mark.parametrize(
    ("chemin", "etat", "taille", "schema"), ETATS, ids=[f"{c}-{e.__name__}-{t['width']}-{s}" for c, e, t, s in ETATS]
)
def test_l_elagage_ne_perd_rien_de_visible(navigateur, serveur, chemin, etat, taille, schema):  # noqa: F811
    """The page with the trimmed stylesheets is the very picture it makes with Material's own."""
    contexte = navigateur.new_context(viewport=taille, locale="fr-FR", color_scheme=schema)
    try:
        elaguee = _image(contexte, serveur + chemin, etat)
        entiere = _image(contexte, serveur + chemin, etat, _originales)
    finally:
        contexte.close()
    ecarts = pixels_differents(elaguee, entiere)
    if ecarts:
        nom = chemin.split("?")[0].replace("/", "-").removesuffix(".html")
        ARTEFACTS.mkdir(exist_ok=True)
        (ARTEFACTS / f"css-{nom}-{etat.__name__}-elaguee.png").write_bytes(elaguee)
        (ARTEFACTS / f"css-{nom}-{etat.__name__}-material.png").write_bytes(entiere)
    etat_lu = f"{etat.__name__}, {taille['width']} px, {schema}"
    assert ecarts <= TOLERANCE, f"{chemin} ({etat_lu}) : {ecarts} pixels diffèrent, voir tests/artefacts/css-*"


@pytest.mark.parametrize(
    "chemin",
    ["index.html", "lois/68/index.html", "lois/27/index.html", "tableaux/index.html", "marque/index.html", "404.html"],
)
def test_le_css_critique_suffit_au_premier_ecran(navigateur, serveur, chemin):  # noqa: F811
    """With every stylesheet file refused, the first screen on a phone is already the finished one."""
    contexte = navigateur.new_context(viewport=TELEPHONE, locale="fr-FR")
    try:
        complete = _image(contexte, serveur + chemin, _rien)
        critique = _image(contexte, serveur + chemin, _rien, lambda route: route.abort())
    finally:
        contexte.close()
    ecarts = pixels_differents(complete, critique)
    if ecarts:
        ARTEFACTS.mkdir(exist_ok=True)
        nom = chemin.replace("/", "-").removesuffix(".html")
        (ARTEFACTS / f"critique-{nom}-seul.png").write_bytes(critique)
        (ARTEFACTS / f"critique-{nom}-complet.png").write_bytes(complete)
    assert ecarts <= TOLERANCE, f"{chemin} : {ecarts} pixels diffèrent, voir tests/artefacts/critique-*"


def test_les_fonctions_du_theme_marchent_apres_le_premier_affichage(navigateur, serveur):  # noqa: F811
    """Scripts loaded after the first paint: the theme starts once, its menu, dark mode and
    tooltips work, and the laws' grid still names each law (in its link and on hover)."""
    contexte = navigateur.new_context(viewport=BUREAU, locale="fr-FR")
    page = contexte.new_page()
    try:
        page.goto(serveur + "lois/68/index.html")
        _pret(page)
        page.locator("article abbr").first.hover()
        assert page.locator(".md-tooltip2--active").count() == 1  # one tooltip: the theme started once
        schema = page.evaluate("document.body.dataset.mdColorScheme")
        page.locator("form[data-md-component=palette] label:visible").first.click()
        assert page.evaluate("document.body.dataset.mdColorScheme") != schema
        page.set_viewport_size(TELEPHONE)
        page.locator("label.md-header__button[for='__drawer']").click()
        assert page.evaluate("document.getElementById('__drawer').checked")
        page.goto(serveur + "index.html")
        lien = page.locator(".grille-lois a", has_text="68").first
        assert lien.get_attribute("aria-label") == "68 — Revendication ou concession de levées"
        lien.hover()
        bulle = page.evaluate("(a) => getComputedStyle(a, '::after').content", lien.element_handle())
        assert bulle == '"Revendication ou concession de levées"'
    finally:
        contexte.close()
