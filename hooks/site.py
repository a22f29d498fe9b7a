"""MkDocs hooks that shape the site for offline use and for a director's navigation.

- the law pages go under the chapters read from ``lois/index.md`` (one source of truth
  for the Code's structure: the generated page, not a copy in mkdocs.yml);
- every page is written as ``x/index.html`` and linked with its explicit ``index.html``:
  ``use_directory_urls: false`` makes links work from file://, but the issue wants
  ``lois/68/index.html``; explicit file names give both;
- the site's search: its data (the CLI index's units, postings, synonyms and stop words) is
  the script ``loi construire --index`` wrote (``genere/recherche-donnees.js``), read only
  when a reader opens the search, by its worker (``assets/javascripts/recherche*.js``);
- the home page gets its grid of the 93 laws and the citation table as a script, because
  ``fetch`` of a JSON file is refused on file://;
- ``citation.js`` is served with the citation grammar of ``indexer/labels.py`` written before
  it (``pour_site.script_citation``): the browser never holds a copy of the grammar.
"""

from __future__ import annotations

import json
import logging
import re
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

log = logging.getLogger("mkdocs.hooks.site")

RECHERCHE_DONNEES = "assets/javascripts/recherche-donnees.js"
CITATIONS_JSON = "assets/citations.json"
CITATIONS_JS = "assets/javascripts/citations-donnees.js"
CITATION_SCRIPT = "assets/javascripts/citation.js"
ENTREE_LOIS = "lois/index.md"
MARQUEUR_GRILLE = "<!-- grille-des-lois -->"

_PAGE_LOI = re.compile(r"^lois/(\d{1,2})\.md$")
_LIEN_LOI = re.compile(r"\]\((?:\./)?(\d{1,2})\.md(?:#[^)]*)?\)")
_TITRE = re.compile(r"^(#{2,3})\s+(.+?)\s*$")
_ATTRIBUTS = re.compile(r"\s*\{[^}]*\}\s*$")
_BALISE = re.compile(r"<[^>]+>")
_H1 = re.compile(r"^#\s+(.+?)\s*$", re.MULTILINE)


# --- configuration: the navigation of the laws -------------------------------------------


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    lois = Path(config.docs_dir) / ENTREE_LOIS
    if config.nav and lois.is_file():
        numeros = sorted(int(m[1]) for p in lois.parent.glob("*.md") if (m := re.match(r"(\d+)\.md$", p.name)))
        config.nav = [_developper(entree, lois.read_text(encoding="utf-8"), numeros) for entree in config.nav]
    return config


def _developper(entree, index_lois: str, numeros: list[int]):
    """Replace ``{"Les lois": "lois/index.md"}`` by that page followed by its chapters."""
    if isinstance(entree, dict) and len(entree) == 1:
        (titre, valeur), = entree.items()
        if valeur == ENTREE_LOIS:
            return {titre: [ENTREE_LOIS, *chapitres(index_lois, numeros)]}
    return entree


def chapitres(index_lois: str, numeros: list[int]) -> list:
    """The nav of the laws from the chapter page: ``##`` a chapter, ``###`` a part of it.

    A law linked nowhere in that page still gets a place (« Autres lois »), so that the
    ``omitted_files`` check never fires because of the chapter page's wording.
    """
    racine: list = []
    chapitre: list | None = None
    courant: list = racine
    vus: set[int] = set()
    for ligne in index_lois.splitlines():
        titre = _TITRE.match(ligne)
        if titre:
            nom = _nettoyer(titre[2])
            courant = []
            if len(titre[1]) == 2 or chapitre is None:
                chapitre = courant
                racine.append({nom: courant})
            else:
                chapitre.append({nom: courant})
            continue
        for numero in (int(n) for n in _LIEN_LOI.findall(ligne)):
            if numero in numeros and numero not in vus:
                vus.add(numero)
                courant.append(f"lois/{numero}.md")
    oublies = [f"lois/{n}.md" for n in numeros if n not in vus]
    if oublies:
        racine.append({"Autres lois": oublies})
    return [e for e in racine if _non_vide(e)]


def _nettoyer(titre: str) -> str:
    return _BALISE.sub("", _ATTRIBUTS.sub("", titre)).strip()


def _non_vide(entree) -> bool:
    (valeur,) = entree.values()
    return any(isinstance(v, str) or _non_vide(v) for v in valeur)


# --- files: directory-style pages, the search, the citation table ------------------------


# Material's lunr search, which the site replaces: its worker and languages (about 1.2 MB)
# would otherwise be copied into the site, the zip and the service worker's cache.
_LUNR = re.compile(r"^assets/javascripts/(lunr/|workers/search\.)")


def on_files(files: Files, config: MkDocsConfig) -> Files:
    for fichier in files.documentation_pages():
        _en_dossier(fichier)
    for fichier in [f for f in files if _LUNR.match(f.src_uri)]:
        files.remove(fichier)
    files.append(donnees_recherche(config))
    _avec_grammaire(files, config)
    citations = files.get_file_from_path(CITATIONS_JSON)
    if citations is None:
        log.warning("%s manque : la boîte « aller à une citation » n'aura pas de table", CITATIONS_JSON)
    else:
        files.append(File.generated(config, CITATIONS_JS, content=table_citations(citations, files)))
    return files


def _avec_grammaire(files: Files, config: MkDocsConfig) -> None:
    """``citation.js`` served with the citation grammar of ``indexer/labels.py`` before it:
    the browser reads the CLI's very patterns, never a hand copy."""
    from indexer.recherche import pour_site  # the project's package: only the site's build needs it here

    source = files.get_file_from_path(CITATION_SCRIPT)
    if source is None:
        raise PluginError(f"{CITATION_SCRIPT} manque : la boîte de citation et la recherche en ont besoin")
    files.remove(source)
    files.append(File.generated(config, CITATION_SCRIPT, content=pour_site.script_citation(source.content_string)))


def _en_dossier(fichier: File) -> None:
    """``lois/68.md`` → ``lois/68/index.html``, linked as such (works on file:// and http)."""
    if fichier.name == "index":
        return
    parent = fichier.src_uri.rpartition("/")[0]
    cible = "/".join(p for p in (parent, fichier.name, "index.html") if p)
    for cache in ("url", "abs_dest_path"):
        fichier.__dict__.pop(cache, None)
    fichier.dest_uri = cible
    fichier.url = cible


def donnees_recherche(config: MkDocsConfig) -> File:
    """``window.RECHERCHE_DONNEES``, as ``loi construire --index`` wrote it (``genere/``): no index is built here."""
    from indexer.chemins import DONNEES_RECHERCHE

    if not Path(DONNEES_RECHERCHE).is_file():
        raise PluginError(f"{DONNEES_RECHERCHE} manque : lancez « loi construire --index » (ou make) "
                          "avant de construire le site ; sans lui le site n'a pas de recherche")
    return File.generated(config, RECHERCHE_DONNEES, abs_src_path=DONNEES_RECHERCHE)


def table_citations(citations: File, files: Files) -> str:
    """``window.CITATIONS_LOIS``: anchor → the page's real URL from the site root.

    citations.json speaks in directory URLs (``lois/12/``); the built site's URLs differ
    (explicit ``index.html``), so each one is translated through the page it names.
    """
    pages = {_url_dossier(f.src_uri): f.url for f in files.documentation_pages()}
    table: dict[str, str] = {}
    for ancre, url in json.loads(citations.content_string).items():
        if url not in pages:
            log.warning("%s : %r renvoie à %r, qui n'est pas une page du site", CITATIONS_JSON, ancre, url)
            continue
        table[ancre] = pages[url]
    donnees = json.dumps(table, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return f"window.CITATIONS_LOIS = {donnees};\n"


def _url_dossier(src_uri: str) -> str:
    """``lois/12.md`` → ``lois/12/``; ``lois/index.md`` → ``lois/``; ``index.md`` → ``""``."""
    chemin = src_uri.removesuffix(".md")
    if chemin == "index" or chemin.endswith("/index"):
        return chemin.removesuffix("index")
    return chemin + "/"


# --- the home page: grid of the laws ------------------------------------------------------


def on_page_markdown(markdown: str, page, config: MkDocsConfig, files: Files) -> str:
    # MkDocs takes a page's title from its h1 only when nothing precedes it; the generated
    # pages open with a « do not edit » comment, which left « 68 » as the title of Law 68
    # (in the header, the menu and every search result).
    if "title" not in page.meta and (premier := _H1.search(markdown)):
        page.meta["title"] = _nettoyer(premier[1])
    if MARQUEUR_GRILLE in markdown:
        markdown = markdown.replace(MARQUEUR_GRILLE, grille_lois(files, page.file.src_uri))
    return markdown


def grille_lois(files: Files, depuis: str) -> str:
    """A keypad of the laws in Markdown (so that MkDocs checks and rewrites each link).

    The law's title is shown on hover by the stylesheet (``data-titre``) and read in the link's
    name, never a ``title``: Material mounts a tooltip of its own on each ``[title]``, and 93 of
    them cost the home page ~250 ms of blocking time on a phone (Lighthouse, make bench)."""
    lois = sorted(
        (int(m[1]), f) for f in files.documentation_pages() if (m := _PAGE_LOI.match(f.src_uri))
    )
    base = depuis.rpartition("/")[0]
    prefixe = "../" * (base.count("/") + 1) if base else ""
    lignes = ['<nav class="grille-lois" aria-label="Les lois par numéro" markdown>', ""]
    for numero, fichier in lois:
        titre = _titre_loi(fichier).replace('"', "’")
        attributs = f'data-titre="{titre}" aria-label="{numero} — {titre}"'
        lignes.append(f"- [{numero}]({prefixe}{fichier.src_uri}){{ {attributs} }}")
    lignes += ["", "</nav>"]
    return "\n".join(lignes)


def _titre_loi(fichier: File) -> str:
    """« Revendication ou concession de levées » from ``# Loi 68 — … { #loi-68 }``."""
    premier = _H1.search(fichier.content_string)
    if not premier:
        return f"Loi {fichier.name}"
    return re.sub(r"^Loi\s+\d+\s*[—–-]\s*", "", _nettoyer(premier[1]))
