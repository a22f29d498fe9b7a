"""The one post-build step of the site: what does not depend on the static-site generator.

Run by ``scripts/site.sh`` right after ``mkdocs build`` (and by the tests' builds), on the
built folder only, so that another generator needs no hook of ours to get:

- the site's search data, as ``loi construire --index`` wrote it (``genere/recherche-donnees.js``);
- ``citation.js`` with the citation grammar of ``indexer/labels.py`` written before it
  (``pour_site.script_citation``): the browser never holds a hand copy of the grammar;
- the citation table ``citations-donnees.js`` (a script: ``fetch`` of a JSON file is refused on
  file://), each anchor's page as it was built (``lois/12/index.html`` or ``lois/12.html``);
- no lunr search of the theme (about 1.2 MB the site, the zip and the cache would carry);
- the stylesheets for a phone (issue 20): ``scripts/css.mjs`` (node; PurgeCSS and Beasties pinned
  in package.json) keeps of Material's stylesheets, its palette and ours only the selectors the
  built pages and the site's scripts name, in one file, then writes into each page the rules that
  touch its elements (the critical CSS, computed from the real page, never copied by hand) and
  loads the stylesheet after the first paint (``tests/test_site_css.py``: nothing visible lost);
- last, ``manifest.webmanifest`` and the service worker ``sw.js``, precaching every file then in
  the folder under a cache named after a SHA-256 of their bytes: a new build with other content
  gets a new cache and the old one is dropped; an identical build writes identical bytes (sorted
  lists, no dates), so nothing is downloaded again. Service workers do not run from file://;
  there the zip needs nothing more (the search loads its data as scripts).

    .venv/bin/python scripts/apres_site.py [site]
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import quote

RACINE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(RACINE))

from indexer.chemins import DONNEES_RECHERCHE  # noqa: E402  (the checkout's package, beside scripts/)
from indexer.recherche import pour_site  # noqa: E402

RECHERCHE_DONNEES = "assets/javascripts/recherche-donnees.js"
CITATIONS_JSON = "assets/citations.json"
CITATIONS_JS = "assets/javascripts/citations-donnees.js"
CITATION_SCRIPT = "assets/javascripts/citation.js"
MANIFESTE = "manifest.webmanifest"
SERVICE_WORKER = "sw.js"
PREFIXE_CACHE = "code-bridge-"
ICONES = (("assets/images/icone-192.png", 192), ("assets/images/icone-512.png", 512))
# The home page's tags the manifest is made of (overrides/main.html writes them from mkdocs.yml).
BALISES = {
    "name": "application-name",
    "short_name": "apple-mobile-web-app-title",
    "description": "description",
    "theme_color": "theme-color",
}

# The theme's lunr search, which the site replaces: Material's worker and languages, or a
# generator's search.json.
LUNR = ("assets/javascripts/lunr", "assets/javascripts/workers", "search/search_index.json", "search.json")

# Not precached: source maps, gzip copies, the dated sitemap (its lastmod would change the
# cache name every day) and the worker files themselves. The search's scripts and data are
# precached: the installed app searches with no network.
_EXCLUS = re.compile(r"(\.map|\.gz)$|^sitemap\.xml$|^(sw\.js|manifest\.webmanifest)$")


class Echec(Exception):
    """One French line for the person building the site."""


def completer(site: Path) -> list[str]:
    """Write into the built ``site`` what the generator does not; returns the warnings."""
    if not (site / "index.html").is_file():
        raise Echec(f"{site}/index.html manque : construisez d'abord le site (mkdocs build)")
    retirer_lunr(site)
    copier_recherche(site)
    ajouter_grammaire(site)
    avertissements = ecrire_citations(site)
    alleger_css(site)
    (site / MANIFESTE).write_text(manifeste(balises(site / "index.html")), encoding="utf-8")
    fichiers = a_precacher(site)
    (site / SERVICE_WORKER).write_text(service_worker(fichiers, empreinte(site, fichiers)), encoding="utf-8")
    return avertissements


def alleger_css(site: Path) -> None:
    """The stylesheets trimmed and the critical CSS written, before the precache list is made
    (a folder without stylesheets has nothing to trim)."""
    if not (site / "assets/stylesheets").is_dir():
        return
    node = shutil.which("node")
    if node is None:
        raise Echec("node manque : il allège les feuilles de style du site (scripts/css.mjs)")
    fini = subprocess.run(
        [node, str(RACINE / "scripts/css.mjs"), str(site)], cwd=RACINE, capture_output=True, text=True, check=False
    )
    if fini.returncode != 0:
        raise Echec(f"scripts/css.mjs a échoué : {fini.stderr.strip()}")


def retirer_lunr(site: Path) -> None:
    for chemin in (site / c for c in LUNR):
        if chemin.is_dir():
            shutil.rmtree(chemin)
        elif chemin.is_file():
            chemin.unlink()


def copier_recherche(site: Path) -> None:
    """The search data ``loi construire --index`` wrote: no index is built here."""
    if not Path(DONNEES_RECHERCHE).is_file():
        raise Echec(
            f"{DONNEES_RECHERCHE} manque : lancez « loi construire --index » (ou make) "
            "avant de construire le site ; sans lui le site n'a pas de recherche"
        )
    shutil.copyfile(DONNEES_RECHERCHE, site / RECHERCHE_DONNEES)


def ajouter_grammaire(site: Path) -> None:
    script = site / CITATION_SCRIPT
    if not script.is_file():
        raise Echec(f"{CITATION_SCRIPT} manque : la boîte de citation et la recherche en ont besoin")
    source = script.read_text(encoding="utf-8")
    if source.startswith("globalThis.CITATION_GRAMMAIRE"):  # a second run on the same folder
        source = source.partition("\n")[2]
    script.write_text(pour_site.script_citation(source), encoding="utf-8")


def ecrire_citations(site: Path) -> list[str]:
    """``window.CITATIONS_LOIS``: anchor → the built page's URL from the site root.

    citations.json speaks in directory URLs (``lois/12/``); each is translated to the file the
    generator wrote for that page."""
    source = site / CITATIONS_JSON
    if not source.is_file():
        return [f"{CITATIONS_JSON} manque : la boîte « aller à une citation » n'aura pas de table"]
    table: dict[str, str] = {}
    avertissements = []
    for ancre, url in json.loads(source.read_text(encoding="utf-8")).items():
        page = page_construite(site, url)
        if page is None:
            avertissements.append(f"{CITATIONS_JSON} : {ancre!r} renvoie à {url!r}, qui n'est pas une page du site")
        else:
            table[ancre] = page
    donnees = json.dumps(table, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    (site / CITATIONS_JS).write_text(f"window.CITATIONS_LOIS = {donnees};\n", encoding="utf-8")
    return avertissements


def page_construite(site: Path, url: str) -> str | None:
    """``lois/12/`` → ``lois/12/index.html`` (or ``lois/12.html``, the other layout); ``""`` → ``index.html``."""
    base = url.rstrip("/")
    candidats = [f"{base}/index.html" if base else "index.html", f"{base}.html"]
    return next((c for c in candidats if (site / c).is_file()), None)


def a_precacher(site: Path) -> list[str]:
    """Every built file to keep offline, as sorted paths relative to the site root."""
    chemins = (p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
    return sorted(c for c in chemins if not _EXCLUS.search(c))


def empreinte(site: Path, fichiers: list[str]) -> str:
    """SHA-256 of every precached path and its bytes: the cache's version."""
    somme = hashlib.sha256()
    for chemin in fichiers:
        somme.update(chemin.encode() + b"\0")
        somme.update(hashlib.sha256((site / chemin).read_bytes()).digest())
    return somme.hexdigest()[:16]


class _Metas(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.metas: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributs = dict(attrs)
        if tag == "meta" and attributs.get("name") and attributs.get("content") is not None:
            self.metas.setdefault(attributs["name"] or "", attributs["content"] or "")


def balises(accueil: Path) -> dict[str, str]:
    """The manifest's names, description and colour, read from the built home page: the site's
    configuration stays their one source, whatever generator wrote the page."""
    lecteur = _Metas()
    lecteur.feed(accueil.read_text(encoding="utf-8"))
    manquantes = [meta for meta in BALISES.values() if not lecteur.metas.get(meta)]
    if manquantes:
        raise Echec(f"index.html n'a pas de <meta name> {', '.join(manquantes)} : voyez overrides/main.html")
    return {cle: lecteur.metas[meta] for cle, meta in BALISES.items()}


def manifeste(valeurs: dict[str, str]) -> str:
    donnees = {
        "name": valeurs["name"],
        "short_name": valeurs["short_name"],
        "description": valeurs["description"],
        "lang": "fr",
        "dir": "ltr",
        "start_url": "./index.html",
        "scope": "./",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": valeurs["theme_color"],
        "icons": [
            {"src": src, "sizes": f"{taille}x{taille}", "type": "image/png", "purpose": "any maskable"}
            for src, taille in ICONES
        ],
    }
    return json.dumps(donnees, ensure_ascii=False, indent=2) + "\n"


def service_worker(fichiers: list[str], version: str) -> str:
    liste = json.dumps([quote(f) for f in fichiers], indent=0)
    return _MODELE.replace("@PREFIXE@", PREFIXE_CACHE).replace("@VERSION@", version).replace("@FICHIERS@", liste)


def main(argv: list[str]) -> int:
    site = Path(argv[0]) if argv else RACINE / "site"
    try:
        avertissements = completer(site)
    except Echec as echec:
        print(f"apres_site : {echec}", file=sys.stderr)
        return 2
    for avertissement in avertissements:
        print(f"apres_site : {avertissement}", file=sys.stderr)
    return 0


# Cache first: a director in a basement gets the page at once; an update arrives with the
# next sw.js (the browser compares its bytes on each visit) and replaces the whole cache.
_MODELE = """\
// Généré par scripts/apres_site.py : ne pas modifier.
"use strict";
const PREFIXE = "@PREFIXE@";
const CACHE = PREFIXE + "@VERSION@";
const FICHIERS = @FICHIERS@;

self.addEventListener("install", (evenement) => {
  evenement.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(FICHIERS)).then(() => self.skipWaiting())
  );
});

self.addEventListener("activate", (evenement) => {
  evenement.waitUntil(
    caches.keys()
      .then((noms) => Promise.all(
        noms.filter((nom) => nom.startsWith(PREFIXE) && nom !== CACHE).map((nom) => caches.delete(nom))
      ))
      .then(() => self.clients.claim())
  );
});

self.addEventListener("fetch", (evenement) => {
  const url = new URL(evenement.request.url);
  if (evenement.request.method !== "GET" || url.origin !== self.location.origin) {
    return;
  }
  evenement.respondWith(repondre(evenement.request, url));
});

// Search results link to "page.html?h=mot": the query must not defeat the cache.
async function repondre(requete, url) {
  const cache = await caches.open(CACHE);
  const options = { ignoreSearch: true };
  let reponse = await cache.match(requete, options);
  if (!reponse && url.pathname.endsWith("/")) {
    reponse = await cache.match(new URL("index.html", url), options);
  }
  if (reponse) {
    return reponse;
  }
  // A missing page, offline or answered 404 by a server that has no page of its own: the site's 404.html.
  const introuvable = async () => requete.mode === "navigate" &&
    await cache.match(new URL("404.html", self.registration.scope));
  try {
    const reseau = await fetch(requete);
    return (reseau.status === 404 && await introuvable()) || reseau;
  } catch (erreur) {
    const absente = await introuvable();
    if (absente) {
      return absente;
    }
    throw erreur;
  }
}
"""

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
