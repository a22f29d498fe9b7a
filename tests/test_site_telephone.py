"""The site as a member reads it on a phone (390 × 844) and on a desktop, in Debian's Chromium:
no raw Markdown on any page a reader opens, contrasts that pass in both colour schemes, the
search dialog kept apart from the page behind it, buttons named by what they show.

The fixtures (Chromium, the built site, a local server) are test_navigateur's.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from site_outils import NB_LOIS
from test_navigateur import TELEPHONE, capture, chercher, navigateur, serveur, site  # noqa: F401

pytestmark = pytest.mark.navigateur

BUREAU = {"width": 1280, "height": 800}
PAGES_LUES = [f"lois/{n}/index.html" for n in range(1, NB_LOIS + 1)] + [
    "tableaux/index.html",
    "index.html",
    "marque/index.html",
    "definitions/index.html",
    "annexes/index.html",
]

# The text of the page as the reader sees it (innerText: what is rendered, not scripts), and each
# raw Markdown mark in it: a link, a footnote call, bold, an attribute list.
_MARKDOWN_VISIBLE = """() => {
  const texte = document.querySelector("article").innerText;
  const vus = [];
  for (const marque of ["](", "[^", "**", "{ #"]) {
    let i = texte.indexOf(marque);
    while (i >= 0) { vus.push(texte.slice(Math.max(0, i - 40), i + 20)); i = texte.indexOf(marque, i + 1); }
  }
  return vus;
}"""

# Each table (and hand diagram) that does not fit the column: past the screen's edge, or cut by the
# scrolling box Material wraps tables in (the reader would have to swipe to see West's column).
_TABLEAUX_COUPES = """() => {
  const vue = document.documentElement.clientWidth;
  const coupes = [];
  for (const t of document.querySelectorAll("article table, article .donne")) {
    let defile = null;
    for (let n = t.parentElement; n && n.tagName !== "ARTICLE"; n = n.parentElement) {
      const o = getComputedStyle(n).overflowX;
      if (o === "auto" || o === "scroll") { defile = n; break; }
    }
    const r = t.getBoundingClientRect();
    const coupe = defile !== null && defile.scrollWidth > defile.clientWidth + 1;
    if (coupe || r.right > vue + 0.5 || r.left < -0.5) {
      coupes.push(`${Math.round(r.left)}–${Math.round(r.right)} px : ${t.innerText.slice(0, 40)}`);
    }
  }
  return coupes;
}"""

# WCAG contrast of an element's text with the first opaque background behind it (alpha blended).
_CONTRASTE = """(selecteur) => {
  const rgba = (c) => {
    const m = c.match(/[\\d.]+/g).map(Number);
    return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1];
  };
  const melange = (h, b) => [0, 1, 2].map((i) => h[i] * h[3] + b[i] * (1 - h[3])).concat(1);
  const el = document.querySelector(selecteur);
  if (!el) return null;
  const couches = [];
  for (let n = el; n; n = n.parentElement) {
    const f = rgba(getComputedStyle(n).backgroundColor);
    if (f[3] > 0) couches.push(f);
    if (f[3] === 1) break;
  }
  let fond = [255, 255, 255, 1];
  for (const c of couches.reverse()) fond = melange(c, fond);
  const texte = melange(rgba(getComputedStyle(el).color), fond);
  const lum = (c) => {
    const v = c.slice(0, 3).map((x) => { x /= 255; return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2];
  };
  const [a, b] = [lum(texte), lum(fond)].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}"""


@contextmanager
def _page(navigateur, viewport: dict = TELEPHONE, **options) -> Iterator:  # noqa: F811 (the fixture, passed in)
    """A page of a fresh browser context (phone unless told), closed whatever the test says."""
    contexte = navigateur.new_context(viewport=viewport, **options)
    try:
        yield contexte.new_page()
    finally:
        contexte.close()


@pytest.fixture(scope="module")
def lecture(navigateur, site):  # noqa: F811
    """Every law page, Tableaux and the main pages opened at 390 px from file://: what each shows."""
    vu: dict[str, dict] = {}
    with _page(navigateur, locale="fr-FR") as page:
        for chemin in PAGES_LUES:
            page.goto((site / chemin).as_uri(), wait_until="load")  # Material wraps the tables once loaded
            vu[chemin] = {
                "markdown": page.evaluate(_MARKDOWN_VISIBLE),
                "coupes": page.evaluate(_TABLEAUX_COUPES),
                "tableaux": page.locator("article table").count(),
            }
    return vu


def test_aucune_page_lue_ne_montre_de_markdown_brut(lecture):
    bruts = {chemin: v["markdown"] for chemin, v in lecture.items() if v["markdown"]}
    assert len(lecture) == len(PAGES_LUES)
    assert not bruts


def test_chaque_tableau_tient_dans_un_telephone(lecture):
    """All 93 law pages and Tableaux at 390 px: auctions as a four-column grid, wide tables narrowed."""
    coupes = {chemin: v["coupes"] for chemin, v in lecture.items() if v["coupes"]}
    assert sum(v["tableaux"] for v in lecture.values()) > 30  # the auctions and the Tableaux page are there
    assert not coupes


@pytest.mark.parametrize(
    ("chemin", "ancre", "nom"),
    [
        ("lois/27/index.html", "loi-27-exemple-7", "loi-27-encheres-390x844.png"),
        ("tableaux/index.html", "tableau-table-des-decisions", "tableaux-390x844.png"),
    ],
)
def test_captures_des_tableaux_sur_un_telephone(navigateur, site, chemin, ancre, nom):  # noqa: F811
    """Screenshots for a person to look at (tests/artefacts/); the auction's West column is on screen."""
    with _page(navigateur, locale="fr-FR") as page:
        page.goto((site / chemin).as_uri() + "#" + ancre)
        tableau = page.locator(f'[id="{ancre}"] ~ * table, [id="{ancre}"] table').first
        tableau.scroll_into_view_if_needed()
        derniere = tableau.locator("tr").first.locator("th").last.bounding_box()
        assert derniere is not None and derniere["x"] + derniere["width"] <= TELEPHONE["width"]
        capture(page, nom)


@pytest.mark.parametrize("schema", ["light", "dark"])
@pytest.mark.parametrize(
    ("chemin", "selecteur"),
    [
        ("comment-utiliser/index.html", ".edition.e2017"),
        ("comment-utiliser/index.html", ".edition.e2007"),
        ("lois/68/index.html", ".admonition.example .donne .siege"),
        ("lois/68/index.html", ".source"),
    ],
)
def test_les_contrastes_passent_dans_les_deux_modes(navigateur, site, schema, chemin, selecteur):  # noqa: F811
    with _page(navigateur, color_scheme=schema) as page:
        page.goto((site / chemin).as_uri())
        attendu = "slate" if schema == "dark" else "default"
        assert page.evaluate("() => document.body.dataset.mdColorScheme") == attendu
        rapport = page.evaluate(_CONTRASTE, selecteur)
        assert rapport is not None, selecteur
        assert rapport >= 4.5, f"{selecteur} en mode {schema} : {rapport:.2f}:1"


def test_les_boutons_de_la_marque_portent_ce_qu_ils_montrent(navigateur, site):  # noqa: F811
    """WCAG 2.5.3: a button's spoken name holds its visible letters (« SA », « X »)."""
    with _page(navigateur) as page:
        page.goto((site / "marque/index.html").as_uri())
        boutons = page.evaluate("""() => [...document.querySelectorAll("button[aria-label]")]
            .map((b) => [b.innerText.trim(), b.getAttribute("aria-label")])""")
        lettres = [(vu, nom) for vu, nom in boutons if any(c.isalnum() for c in vu)]
        assert {vu for vu, _ in lettres} >= {"SA", "X"}
        assert all(vu.lower() in nom.lower() for vu, nom in lettres), lettres


@pytest.mark.parametrize("requete", ["zzzqqq", "68C", "mort"])
def test_le_dialogue_de_recherche_se_detache_de_la_page_sur_un_bureau(navigateur, site, requete):  # noqa: F811
    """On a desktop the dialog floats over the page: its last line stays inside it, above its bottom padding."""
    with _page(navigateur, BUREAU) as page:
        page.goto((site / "index.html").as_uri())
        chercher(page, requete)
        mesure = page.evaluate("""() => {
            const d = document.querySelector("#recherche-dialogue");
            d.scrollTop = d.scrollHeight;
            const boite = d.getBoundingClientRect();
            const derniers = [...d.querySelectorAll(".recherche-etat, .recherche-resultats *")]
              .filter((e) => e.getClientRects().length && e.innerText && e.innerText.trim());
            const bas = Math.max(...derniers.map((e) => e.getBoundingClientRect().bottom));
            const fond = getComputedStyle(d, "::backdrop").backgroundColor;
            return {marge: boite.bottom - bas, bas_boite: boite.bottom, hauteur: innerHeight, fond};
        }""")
        assert mesure["bas_boite"] <= mesure["hauteur"]
        assert mesure["marge"] >= 8, mesure  # at least half a line of the dialog's own background
        if requete == "mort":
            capture(page, "recherche-dialogue-1280x800.png")


def test_le_surlignage_marque_aussi_les_mots_a_infobulle(navigateur, site):  # noqa: F811
    """A result opens its page with ?h=racines: « mort », a glossary word, is highlighted there too."""
    with _page(navigateur) as page:
        page.goto((site / "lois/42/index.html").as_uri() + "?h=mort")
        page.wait_for_selector("mark.recherche-surligne")
        dans_infobulle = page.locator("abbr mark.recherche-surligne, mark.recherche-surligne abbr").count()
        assert page.locator("article abbr").filter(has_text="mort").count() > 0
        assert dans_infobulle > 0


def test_contre_n_a_d_infobulle_que_pour_la_declaration(navigateur, site):  # noqa: F811
    """70: « résolu contre le joueur » carries no tooltip; 25: « le contre est annulé » has one."""
    with _page(navigateur) as page:
        mots_marques = """() => [...document.querySelectorAll("article abbr")].map((a) => {
            const avant = (a.previousSibling && a.previousSibling.textContent || "").slice(-12);
            return avant + "[" + a.textContent + "]";
        })"""
        page.goto((site / "lois/70/index.html").as_uri())
        assert "résolu contre le joueur" in page.locator("article").inner_text()
        assert not [m for m in page.evaluate(mots_marques) if m.endswith("résolu [contre]")]
        page.goto((site / "lois/25/index.html").as_uri())
        assert [m for m in page.evaluate(mots_marques) if m.endswith("le [contre]")]
        page.goto((site / "index.html").as_uri())
        assert "[repris]" not in "".join(page.evaluate(mots_marques))


def test_les_sources_se_citent_par_page(navigateur, site):  # noqa: F811
    """« Autre version : Guide pratique (FFB), p. 21 », the line in the tooltip; the same words: one line."""
    with _page(navigateur, locale="fr-FR") as page:
        page.goto((site / "lois/23/index.html").as_uri())
        note = page.locator(".meme-texte").first
        note.scroll_into_view_if_needed()
        assert note.inner_text().startswith("Même texte : Guide pratique (FFB), p. ")
        assert "ligne" in note.locator("cite").get_attribute("title")
        resumes = page.locator("details.autre-version > summary").all_inner_texts()
        assert resumes and all(" p. " in r and "ligne" not in r for r in resumes), resumes
        capture(page, "loi-23-meme-texte-390x844.png")


@pytest.mark.parametrize(
    ("chemin", "attendu", "nom"),
    [
        ("lois/70/index.html#loi-70-a", "70A", "loi-70-390x844.png"),
        ("recherche/index.html?q=le%20mort%20a%20signal%C3%A9%20une%20renonce", "Loi", "recherche-q-390x844.png"),
    ],
)
def test_captures_d_un_telephone(navigateur, site, chemin, attendu, nom):  # noqa: F811
    """lois/70 and a results page on a phone, for a person to look at; nothing wider than the screen."""
    with _page(navigateur, locale="fr-FR") as page:
        fichier = chemin.split("?")[0].split("#")[0]
        page.goto((site / fichier).as_uri() + chemin[len(fichier) :])
        if "?q=" in chemin:
            page.wait_for_selector("#resultats .recherche-groupe", timeout=60_000)
        assert attendu in page.locator("article").inner_text()
        assert page.evaluate("document.documentElement.scrollWidth") <= TELEPHONE["width"]
        capture(page, nom)
