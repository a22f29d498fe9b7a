"""The static site: strict build, every page and law anchor, nothing from the network,
the PWA files, deterministic outputs (icons, service worker, zip)."""

from __future__ import annotations

import json
import re
import struct
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest
from site_outils import NB_LOIS, RACINE, Construction, construire

pytestmark = pytest.mark.lent

PAGES = (
    "index.html", "comment-utiliser/index.html", "definitions/index.html", "index-alphabetique/index.html",
    "annexes/index.html", "objet-du-code/index.html", "preface/index.html", "reglements/titre-iv/index.html",
    "reglements/titre-vii/index.html", "tableaux/index.html", "boites-a-annonces/index.html",
    "lois/index.html", "recherche/index.html", "404.html",
)  # fmt: skip


@pytest.fixture(scope="module")
def construction(site_commun: Construction) -> Construction:
    return site_commun


@pytest.fixture(scope="module")
def site(construction) -> Path:
    return construction.site


# --- pages and anchors --------------------------------------------------------------------


def test_chaque_page_attendue_existe(site):
    manquantes = [p for p in PAGES if not (site / p).is_file()]
    pages = [f"lois/{n}/index.html" for n in range(1, NB_LOIS + 1)]
    manquantes += [page for page in pages if not (site / page).is_file()]
    assert not manquantes


def test_chaque_loi_porte_son_ancre(site):
    sans_ancre = [n for n in range(1, NB_LOIS + 1) if f'id="loi-{n}"' not in _lire(site / f"lois/{n}/index.html")]
    assert not sans_ancre


def test_chaque_citation_mene_a_une_ancre_existante(site):
    """citations.json (the home box) and the built pages agree, anchor by anchor."""
    table = json.loads((site / "assets/citations.json").read_text(encoding="utf-8"))
    ids_par_page: dict[str, set[str]] = {}
    cassees = []
    for ancre, url in table.items():
        page = site / url / "index.html"
        if url not in ids_par_page:
            ids_par_page[url] = set(re.findall(r'\sid="([^"]+)"', _lire(page))) if page.is_file() else set()
        if ancre not in ids_par_page[url]:
            cassees.append(f"{ancre} → {url}")
    assert "loi-68-c" in table and "loi-12-c-1-e" in table
    assert not cassees, cassees[:20]


def test_la_table_de_la_boite_donne_les_adresses_du_site(site):
    """The script version of the table points at the built files (explicit index.html)."""
    texte = _lire(site / "assets/javascripts/citations-donnees.js")
    table = json.loads(texte.removeprefix("window.CITATIONS_LOIS = ").rstrip().removesuffix(";"))
    assert table["loi-12-c-1-e"] == "lois/12/index.html"
    assert all((site / url).is_file() for url in set(table.values()))


def donnees_recherche(site: Path) -> dict:
    """The JSON text the search's script holds in a template literal (``pour_site.script``), read."""
    texte = _lire(site / "assets/javascripts/recherche-donnees.js")
    debut = "globalThis.RECHERCHE_DONNEES_JSON = `"
    assert texte.startswith(debut) and texte.endswith("`;\n")
    return json.loads(re.sub(r"\\(.)", r"\1", texte[len(debut) : -3], flags=re.DOTALL))


def test_la_recherche_du_site_a_chaque_paragraphe_et_ses_adresses(site):
    """One search document per CLI unit, each linking to a built page and an id on it."""
    donnees = donnees_recherche(site)
    urls = [doc[6] for doc in donnees["docs"]]  # pour_site.donnees: [groupe, loi, type, edition, ref, refs, url, …]
    assert {"lois/68/index.html#loi-68-c", "lois/12/index.html#loi-12-c-1-e"} <= set(urls)
    ids: dict[str, set[str]] = {}
    cassees = []
    for url in urls:
        page, _, ancre = url.partition("#")
        if page not in ids:
            ids[page] = set(re.findall(r'\sid="([^"]+)"', _lire(site / page))) if (site / page).is_file() else set()
        if ancre not in ids[page]:
            cassees.append(url)
    assert not cassees, cassees[:20]
    assert len(donnees["index"]["longueurs"]["texte"]) == len(donnees["docs"])


def test_la_recherche_du_site_sait_quels_passages_disent_chaque_expression(site):
    """The passages that say each synonym expression go out as the CLI's index found them
    (``index.phrases``): the browser reads no position for them either."""
    from indexer import build
    from indexer.recherche.moteur import synonymes_de

    ix = build.index_courant()
    attendues = synonymes_de(ix).phrases
    ix.close()
    envoyees = donnees_recherche(site)["synonymes"]["phrases"]
    assert set(envoyees) == set(attendues) == {"titre", "texte"} and len(envoyees["texte"]) > 500
    for champ, liste in envoyees.items():
        assert {tuple(expression.split(" ")): tuple(docs) for expression, docs in liste} == attendues[champ]


def test_la_page_de_recherche_et_le_dialogue(site):
    page = _lire(site / "recherche/index.html")
    assert 'id="resultats"' in page and 'name="q"' in page
    loi = _lire(site / "lois/68/index.html")
    assert 'id="recherche-dialogue"' in loi and 'aria-labelledby="recherche-dialogue-titre"' in loi
    assert 'href="../../recherche/index.html"' in loi, "la loupe mène à la page de recherche sans script"
    assert "recherche-donnees.js" not in loi, "les données ne se chargent qu'à l'ouverture de la recherche"
    assert not (site / "search").exists() and not (site / "assets/javascripts/lunr").exists()


def test_la_navigation_range_les_lois_par_chapitre(site):
    """The menu nests the laws under chapters (written into mkdocs.yml by « loi construire »). Pruned
    (``navigation.prune``), a page carries its own chapter's laws; another chapter is one link, to its
    first law: « Préliminaires (Lois 1 à 8) » → lois/1, « La période des annonces » → lois/17."""
    page = _lire(site / "lois/68/index.html")
    sections = re.findall(r'class="md-nav__item[^"]*md-nav__item--nested', page)
    assert len(sections) >= 4, "Les lois, Règlements et au moins deux chapitres"
    liens = dict(
        re.findall(
            r'<a href="\.\./(\d+)/index\.html" class="md-nav__link[^"]*"[^>]*>\s*'
            r'<span class="md-ellipsis">\s*([^<]*?)\s*</span>',
            page,
        )
    )
    assert {n for n in liens if liens[n].startswith("Loi ")} == {"65", "66", "67", "69", "70", "71"}
    assert liens["1"].startswith("Préliminaires") and liens["17"].startswith("La période des annonces")
    sans_css = re.sub(r"<style>.*?</style>", "", page, flags=re.S)  # the critical CSS (scripts/apres_site.py) aside
    assert "12" not in liens and len(sans_css) < 80_000  # the other chapters' laws are not in every page


def test_chaque_loi_a_son_titre_et_non_son_numero(site):
    """The header, the menu and the search results show « Loi 68 — … », not « 68 »."""
    sans_titre = [
        n for n in range(1, NB_LOIS + 1) if not re.search(rf"<title>Loi {n}\b", _lire(site / f"lois/{n}/index.html"))
    ]
    assert not sans_titre


def test_les_termes_definis_sont_des_infobulles(site):
    assert re.search(r"<abbr title=\"[^\"]+\">", _lire(site / "lois/68/index.html"))


# --- no raw Markdown ----------------------------------------------------------------------

# What Markdown leaves behind when it was not rendered: a link, a footnote call, bold, an attribute list.
MARKDOWN_BRUT = ("](", "[^", "**", "{ #")
_INVISIBLES = {"script", "style", "template"}


class _TexteVisible(HTMLParser):
    """The text a reader sees: text nodes outside scripts and styles, and the tooltips (``title``)."""

    def __init__(self) -> None:
        super().__init__()
        self.cache = 0
        self.morceaux: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.cache += tag in _INVISIBLES
        self.morceaux += [v for n, v in attrs if n in ("title", "aria-label") and v]

    def handle_endtag(self, tag):
        self.cache -= tag in _INVISIBLES

    def handle_data(self, data):
        if not self.cache:
            self.morceaux.append(data)


def markdown_brut(html: str) -> list[str]:
    """Each raw Markdown mark a reader would see, with its surroundings."""
    lecteur = _TexteVisible()
    lecteur.feed(html)
    texte = "\n".join(lecteur.morceaux)
    return [
        texte[max(0, i - 50) : i + 30]
        for marque in MARKDOWN_BRUT
        for i in (m.start() for m in re.finditer(re.escape(marque), texte))
    ]


@pytest.mark.parametrize(
    ("html", "brut"),
    [
        ("<p>voir le [texte 2007](#texte-2007)</p>", True),
        ("<p>un appel[^1] de note</p>", True),
        ("<p>le **mort**</p>", True),
        ("<h2>Texte { #loi-2 }</h2>", True),
        ('<abbr title="voir [ici](x.md)">contre</abbr>', True),
        ('<p>voir le <a href="#texte-2007">texte 2007</a></p>', False),
        ('<script>a = b ** 2; c["](" ]</script><p>rien</p>', False),
        ("<p>Loi 12 [C] (1)</p>", False),
    ],
)
def test_le_detecteur_de_markdown_brut(html, brut):
    assert bool(markdown_brut(html)) is brut


def test_aucune_page_ne_montre_de_markdown_brut(site):
    bruts = {str(p.relative_to(site)): t for p in sorted(site.rglob("*.html")) if (t := markdown_brut(_lire(p)))}
    assert len(list(site.rglob("lois/*/index.html"))) == NB_LOIS
    assert not bruts


# --- nothing from the network ---------------------------------------------------------------

# Attributes that make a browser load something by itself (a plain <a href> does not).
_CHARGEANTS = {
    "script": ("src",), "img": ("src", "srcset"), "iframe": ("src",), "source": ("src", "srcset"),
    "audio": ("src",), "video": ("src", "poster"), "embed": ("src",), "object": ("data",),
    "link": ("href",),  # stylesheet, icon, manifest, preload, preconnect: all load
}  # fmt: skip
_RESEAU = re.compile(r"^\s*(https?:)?//", re.IGNORECASE)
_CSS_RESEAU = re.compile(r"""(@import\s+(url\()?\s*["']?|url\(\s*["']?)(https?:)?//""", re.IGNORECASE)
_HOTES_INTERDITS = re.compile(r"fonts\.googleapis\.com|fonts\.gstatic\.com|unpkg\.com/iframe-worker|cdn\.jsdelivr\.net")


class _Chargements(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag, attrs):
        for nom, valeur in attrs:
            if valeur and nom in _CHARGEANTS.get(tag, ()) and _RESEAU.match(valeur):
                self.urls.append(f"<{tag} {nom}={valeur}>")
            if valeur and nom == "style" and _CSS_RESEAU.search(valeur):
                self.urls.append(f"<{tag} style={valeur}>")


def chargements_reseau(html: str) -> list[str]:
    """What a page would fetch from the network by itself: scripts, styles, fonts, images."""
    lecteur = _Chargements()
    lecteur.feed(html)
    urls = lecteur.urls
    for style in re.findall(r"<style[^>]*>(.*?)</style>", html, re.DOTALL | re.IGNORECASE):
        urls += [m[0] for m in _CSS_RESEAU.finditer(style)]
    return urls + _HOTES_INTERDITS.findall(html)


def test_le_detecteur_voit_un_cdn_ou_une_police_web():
    """The check below is only worth something if it catches what it looks for."""
    assert chargements_reseau('<link rel="stylesheet" href="https://fonts.googleapis.com/css?family=Roboto">')
    assert chargements_reseau('<script src="//unpkg.com/iframe-worker/shim"></script>')
    assert chargements_reseau("<style>@import url('https://cdn.example/x.css');</style>")
    assert chargements_reseau('<img src="http://exemple.fr/a.png">')
    assert not chargements_reseau(
        '<a href="https://www.wbf.org/">WBF</a><svg xmlns="http://www.w3.org/2000/svg"></svg>'
    )


def test_aucune_page_ne_charge_quoi_que_ce_soit_du_reseau(site):
    fautes = {}
    for page in site.rglob("*.html"):
        html = _lire(page)
        trouve = chargements_reseau(html)
        if 'class="mermaid"' in html:  # Material would fetch mermaid from unpkg
            trouve.append("diagramme mermaid")
        if trouve:
            fautes[page.relative_to(site).as_posix()] = trouve
    assert not fautes


def test_aucune_feuille_de_style_ne_charge_du_reseau(site):
    fautes = {p.name: _CSS_RESEAU.findall(_lire(p)) for p in site.rglob("*.css") if _CSS_RESEAU.search(_lire(p))}
    assert not fautes


def test_nos_scripts_et_le_manifeste_ne_visent_aucune_adresse(site):
    nos_scripts = [p.name for p in (RACINE / "docs/assets/javascripts").glob("*.js")]
    nos_scripts += ["citations-donnees.js", "recherche-donnees.js"]
    nos_fichiers = [site / "assets/javascripts" / nom for nom in nos_scripts]
    nos_fichiers += [site / "sw.js", site / "manifest.webmanifest"]
    fautes = [p.name for p in nos_fichiers if re.search(r"https?://", _lire(p))]
    assert not fautes
    assert not any(_HOTES_INTERDITS.search(_lire(p)) for p in site.rglob("*.js"))


def test_le_site_ne_prend_rien_de_npm(site):
    """The search is ours (docs/assets/javascripts/recherche*.js): npm holds tools only, the
    build's (PurgeCSS and Beasties, scripts/apres_site.py) and the benchmark's (Lighthouse), none served."""
    paquet = json.loads((RACINE / "package.json").read_text(encoding="utf-8"))
    assert "dependencies" not in paquet and sorted(paquet["devDependencies"]) == ["beasties", "lighthouse", "purgecss"]
    assert not (site / "assets/javascripts/minisearch.js").exists()
    assert all(re.fullmatch(r"\d+\.\d+\.\d+", v) for v in paquet["devDependencies"].values()), "version exacte"


# --- PWA ------------------------------------------------------------------------------------


def test_le_manifeste_et_ses_icones(site):
    manifeste = json.loads((site / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifeste["display"] == "standalone" and manifeste["lang"] == "fr"
    assert (site / manifeste["start_url"]).is_file()
    tailles = set()
    for icone in manifeste["icons"]:
        largeur, hauteur = _taille_png(site / icone["src"])
        assert icone["sizes"] == f"{largeur}x{hauteur}"
        tailles.add(largeur)
    assert {192, 512} <= tailles
    assert 'rel="manifest"' in _lire(site / "lois/68/index.html")


def test_le_manifeste_reprend_la_configuration_du_site(site):
    """Names, description and colour come from mkdocs.yml through the home page's tags: no copy."""
    from mkdocs.config import load_config

    config = load_config(str(RACINE / "mkdocs.yml"))
    manifeste = json.loads((site / "manifest.webmanifest").read_text(encoding="utf-8"))
    attendu = (config["site_name"], config["extra"]["nom_court"], config["site_description"])
    assert (manifeste["name"], manifeste["short_name"], manifeste["description"]) == attendu
    assert manifeste["theme_color"] == config["extra"]["couleur_theme"] == "#4051b5"


def test_le_service_worker_precache_le_site(site):
    texte = _lire(site / "sw.js")
    cache = re.search(r'const CACHE = PREFIXE \+ "([0-9a-f]{16})";', texte)
    fichiers = json.loads(re.search(r"const FICHIERS = (\[.*?\]);", texte, re.DOTALL)[1])
    assert cache
    assert {
        "index.html",
        "lois/68/index.html",
        "recherche/index.html",
        "assets/javascripts/recherche-travail.js",
        "assets/javascripts/recherche-donnees.js",
        "assets/javascripts/recherche-moteur.js",
    } <= set(fichiers)
    assert all((site / f).is_file() for f in fichiers)
    assert not [f for f in fichiers if f.endswith((".map", ".gz")) or f.startswith("sitemap")]
    assert f"lois/{NB_LOIS}/index.html" in fichiers


def test_une_seconde_construction_donne_le_meme_service_worker(construction, tmp_path):
    autre = construire(tmp_path)
    assert (autre.site / "sw.js").read_bytes() == (construction.site / "sw.js").read_bytes()
    manifeste = "manifest.webmanifest"
    assert (autre.site / manifeste).read_bytes() == (construction.site / manifeste).read_bytes()


# --- zip --------------------------------------------------------------------------


def test_l_archive_est_deterministe_et_s_ouvre_par_index_html(site, tmp_path):
    import zipfile

    sorties = [tmp_path / "a.zip", tmp_path / "b.zip"]
    for sortie in sorties:
        subprocess.run(
            [sys.executable, str(RACINE / "scripts/archiver.py"), "--site", str(site), "--sortie", str(sortie)],
            check=True,
            capture_output=True,
        )
    assert sorties[0].read_bytes() == sorties[1].read_bytes()
    noms = zipfile.ZipFile(sorties[0]).namelist()
    assert noms == sorted(noms)
    assert "code-du-bridge/index.html" in noms and "code-du-bridge/lois/68/index.html" in noms
    assert "code-du-bridge/assets/javascripts/recherche-donnees.js" in noms
    assert "code-du-bridge/sw.js" not in noms


def _taille_png(chemin: Path) -> tuple[int, int]:
    donnees = chemin.read_bytes()
    assert donnees[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", donnees[16:24])


def _lire(chemin: Path) -> str:
    return chemin.read_text(encoding="utf-8")


def test_la_normalisation_est_servie_pas_recopiee(site):
    """The query's normalisation (controls, apostrophes, quotes, length) comes to the site from Python's
    constants in the search data; the site's script holds no copy of them."""
    from indexer.recherche import analyse

    assert donnees_recherche(site)["normalisation"] == {
        "apostrophes": analyse.APOSTROPHES,
        "controles": analyse.CONTROLES,
        "guillemets": analyse.GUILLEMETS,
        "longueur_max": analyse.LONGUEUR_MAX,
    }
    script = _lire(site / "assets/javascripts/recherche-analyse.js")
    for copie in (analyse.APOSTROPHES, analyse.GUILLEMETS, str(analyse.LONGUEUR_MAX), "p{Cf}"):
        assert copie not in script
