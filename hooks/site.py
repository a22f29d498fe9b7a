"""The one MkDocs hook left: every page is written as ``x/index.html`` and linked with its explicit
``index.html``. ``use_directory_urls: false`` makes links work from file:// (the zip), but gives
``lois/68.html``; the site's addresses are ``lois/68/index.html``; explicit file names give both.

Everything else is generator-neutral: the menu's chapters, the home page's grid and the page
titles are written by ``loi construire`` (``mkdocs.yml``, ``includes/grille-lois.md``, each page's
front matter); the search data, citation grammar and table, manifest and service worker by the
post-build step ``scripts/apres_site.py`` (CONTRIBUTING.md, « Changer de générateur »).
"""

from __future__ import annotations

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files


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
