"""Make the built site an installable web app that works with no network (over http(s)).

After the build, write ``manifest.webmanifest`` and ``sw.js``. The service worker precaches
the whole site under a cache named after a SHA-256 of the precached bytes: a new build
with different content gets a new cache and the old one is dropped; an identical build
writes identical bytes (sorted lists, no dates), so nothing is downloaded again.

Service workers do not run from file://; there the zip needs nothing more (the search
loads its data as scripts).
Under ``mkdocs serve`` the service worker written is one that clears its caches and
unregisters: a cache-first worker would show stale pages after each live reload, and one
installed earlier by the built site on the same 127.0.0.1:8000 would too.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from urllib.parse import quote

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import event_priority

MANIFESTE = "manifest.webmanifest"
SERVICE_WORKER = "sw.js"
PREFIXE_CACHE = "code-bridge-"
COULEUR_THEME = "#4051b5"  # Material's indigo, as in overrides/main.html
ICONES = (("assets/images/icone-192.png", 192), ("assets/images/icone-512.png", 512))

# Not precached: source maps, gzip copies, the dated sitemap (its lastmod would change the
# cache name every day) and the worker files themselves. The search's scripts and data are
# precached: the installed app searches with no network.
_EXCLUS = re.compile(r"(\.map|\.gz)$|^sitemap\.xml$|^(sw\.js|manifest\.webmanifest)$")


_commande = {"nom": "build"}


def on_startup(command: str, dirty: bool) -> None:
    _commande["nom"] = command


@event_priority(-200)  # last, after any other post-build writer
def on_post_build(config: MkDocsConfig) -> None:
    site = Path(config.site_dir)
    (site / MANIFESTE).write_text(manifeste(config.site_name), encoding="utf-8")
    if _commande["nom"] == "serve":
        (site / SERVICE_WORKER).write_text(_DESINSTALLER, encoding="utf-8")
        return
    fichiers = a_precacher(site)
    (site / SERVICE_WORKER).write_text(service_worker(fichiers, empreinte(site, fichiers)), encoding="utf-8")


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


def manifeste(nom: str) -> str:
    donnees = {
        "name": nom,
        "short_name": "Code du Bridge",
        "description": "Le Code international du bridge de compétition, consultable hors ligne.",
        "lang": "fr",
        "dir": "ltr",
        "start_url": "./index.html",
        "scope": "./",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": COULEUR_THEME,
        "icons": [
            {"src": src, "sizes": f"{taille}x{taille}", "type": "image/png", "purpose": "any maskable"}
            for src, taille in ICONES
        ],
    }
    return json.dumps(donnees, ensure_ascii=False, indent=2) + "\n"


def service_worker(fichiers: list[str], version: str) -> str:
    liste = json.dumps([quote(f) for f in fichiers], indent=0)
    return _MODELE.replace("@PREFIXE@", PREFIXE_CACHE).replace("@VERSION@", version).replace("@FICHIERS@", liste)


# Cache first: a director in a basement gets the page at once; an update arrives with the
# next sw.js (the browser compares its bytes on each visit) and replaces the whole cache.
_MODELE = """\
// Généré par hooks/pwa.py : ne pas modifier.
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

_DESINSTALLER = """\
// Généré par hooks/pwa.py pour `mkdocs serve` : vide les caches et se désinstalle.
"use strict";
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (evenement) => {
  evenement.waitUntil(
    caches.keys()
      .then((noms) => Promise.all(noms.filter((nom) => nom.startsWith("@PREFIXE@")).map((nom) => caches.delete(nom))))
      .then(() => self.registration.unregister())
  );
});
""".replace("@PREFIXE@", PREFIXE_CACHE)
