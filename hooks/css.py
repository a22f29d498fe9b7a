"""The built site's stylesheets for a phone (issue 20): trimmed, and out of the first paint's way.

After the build, ``scripts/css.mjs`` (node, PurgeCSS and Beasties pinned in package.json) keeps of
Material's stylesheets, its palette and ours only the selectors that the built pages and the site's
scripts name, then writes into each page the rules that touch its elements (the critical CSS,
computed from the real page, never copied by hand) and loads the stylesheets without blocking
the first paint. It runs before ``hooks/pwa.py`` lists the files the service worker keeps, so
the precached stylesheets are the trimmed ones. Measured by ``make bench`` (Lighthouse) and
checked by ``tests/test_site_css.py`` (nothing visible lost, no render-blocking stylesheet).
Not under ``mkdocs serve``: a live reload need not wait for it.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

SCRIPT = Path(__file__).resolve().parent.parent / "scripts/css.mjs"

_commande = {"nom": "build"}


def on_startup(command: str, dirty: bool) -> None:
    _commande["nom"] = command


@event_priority(-100)  # after the pages are written, before hooks/pwa.py (-200) lists them
def on_post_build(config: MkDocsConfig) -> None:
    if _commande["nom"] == "serve":
        return
    node = shutil.which("node")
    if node is None:
        raise PluginError("node manque : il allège les feuilles de style du site (scripts/css.mjs)")
    fini = subprocess.run([node, str(SCRIPT), config.site_dir], cwd=SCRIPT.parent.parent,
                          capture_output=True, text=True, check=False)
    if fini.returncode != 0:
        raise PluginError(f"scripts/css.mjs a échoué : {fini.stderr.strip()}")
