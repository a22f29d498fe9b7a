"""MkDocs hooks that shape the site for offline use and for a director's navigation.

- the law pages go under the chapters read from ``lois/index.md`` (one source of truth
  for the Code's structure: the generated page, not a copy in mkdocs.yml);
- every page is written as ``x/index.html`` and linked with its explicit ``index.html``:
  ``use_directory_urls: false`` makes links work from file://, but the issue wants
  ``lois/68/index.html``; explicit file names give both;
- the home page gets its grid of the 93 laws.

What does not depend on MkDocs (search data, citation grammar and table, manifest, service
worker) is written after the build by ``scripts/apres_site.py``.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
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


# --- files: directory-style pages ---------------------------------------------------------


def on_files(files: Files, config: MkDocsConfig) -> Files:
    for fichier in files.documentation_pages():
        _en_dossier(fichier)
    return files


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
    """A keypad of the laws in Markdown (so that MkDocs checks and rewrites each link);
    the law's title goes in the link title, shown as a tooltip."""
    lois = sorted(
        (int(m[1]), f) for f in files.documentation_pages() if (m := _PAGE_LOI.match(f.src_uri))
    )
    base = depuis.rpartition("/")[0]
    prefixe = "../" * (base.count("/") + 1) if base else ""
    lignes = ['<nav class="grille-lois" aria-label="Les lois par numéro" markdown>', ""]
    for numero, fichier in lois:
        titre = _titre_loi(fichier).replace('"', "’")
        lignes.append(f'- [{numero}]({prefixe}{fichier.src_uri} "{titre}")')
    lignes += ["", "</nav>"]
    return "\n".join(lignes)


def _titre_loi(fichier: File) -> str:
    """« Revendication ou concession de levées » from ``# Loi 68 — … { #loi-68 }``."""
    premier = _H1.search(fichier.content_string)
    if not premier:
        return f"Loi {fichier.name}"
    return re.sub(r"^Loi\s+\d+\s*[—–-]\s*", "", _nettoyer(premier[1]))
