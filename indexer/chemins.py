"""Where things are: the project folder, the cache, and the content hash that keys it.

Kept apart from ``build`` so that ``loi voir`` can find its cached JSON without
importing the parsing machinery. The hot path works on ``os.path`` strings: pathlib
alone (with the ``urllib`` and ``ipaddress`` modules it imports) costs ``loi voir``
a fifth of its start-up time. The ``Path`` helpers import it on demand.
"""

from __future__ import annotations

import json
import os
from functools import cache

TYPE_CHECKING = False  # not typing: CONTRIBUTING.md, « Démarrage rapide »
if TYPE_CHECKING:
    from pathlib import Path

RACINE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# A checkout holds corpus/ and docs/ beside indexer/; an installed wheel holds the same
# files as the top-level folders loi_corpus/ and loi_donnees/ (pyproject.toml, package-dir).
EN_DEPOT = os.path.isdir(os.path.join(RACINE, "corpus"))
# A checkout to build in: the sources and the project file (or git) beside indexer/. An installed
# wheel has neither: ``loi construire`` refuses there instead of writing into site-packages.
DEPOT = EN_DEPOT and os.path.isdir(os.path.join(RACINE, "corpus", "sources")) and (
    os.path.isfile(os.path.join(RACINE, "pyproject.toml")) or os.path.exists(os.path.join(RACINE, ".git")))
CORPUS = os.path.join(RACINE, "corpus") if EN_DEPOT else os.path.join(RACINE, "loi_corpus")
DONNEES = os.path.join(RACINE, "docs", "donnees") if EN_DEPOT else os.path.join(RACINE, "loi_donnees")


def racine() -> Path:
    """The project folder (the one holding corpus/ and docs/)."""
    from pathlib import Path

    return Path(RACINE)


def corpus() -> Path:
    """The corpus folder: sources, manifest, errata, chapters, synonyms."""
    from pathlib import Path

    return Path(CORPUS)


def donnees_loi(numero: int) -> str:
    """The committed per-law data of ``loi voir`` (``docs/donnees/lois/N.json``)."""
    return os.path.join(DONNEES, "lois", f"{numero}.json")


def _inscriptible(dossier: str) -> bool:
    """A folder this user may write into, or may create (its nearest existing parent is writable)."""
    while not os.path.lexists(dossier):
        parent = os.path.dirname(dossier)
        if parent == dossier:
            return False
        dossier = parent
    return os.path.isdir(dossier) and os.access(dossier, os.W_OK | os.X_OK)


def cache_str() -> str:
    """Where the corpus cache and the index live.

    ``$LOI_CACHE`` when set (judged when written: a bad one is an error that names it);
    else ``.cache/`` in a checkout where this user may write; else the user's cache,
    ``$XDG_CACHE_HOME/loi`` (``~/.cache/loi``): an installed wheel, a read-only
    checkout, a ``.cache`` written by another user.
    """
    if os.environ.get("LOI_CACHE"):
        return os.environ["LOI_CACHE"]
    local = os.path.join(RACINE, ".cache")
    if EN_DEPOT and _inscriptible(local):
        return local
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "loi")


def dossier_cache() -> Path:
    """The cache folder as a Path."""
    from pathlib import Path

    return Path(cache_str())


def _fichiers_empreinte() -> list[str]:
    """Sources, data files and code, as paths relative to the project, sorted."""
    fichiers = []
    nom_corpus = os.path.basename(CORPUS)
    for dossier, suffixe in ((f"{nom_corpus}/sources", ".txt"), (nom_corpus, ".toml")):
        noms = os.listdir(os.path.join(RACINE, dossier))
        fichiers += sorted(f"{dossier}/{n}" for n in noms if n.endswith(suffixe))
    code = []
    for dossier, _, noms in os.walk(os.path.join(RACINE, "indexer")):
        relatif = os.path.relpath(dossier, RACINE).replace(os.sep, "/")
        code += [f"{relatif}/{n}" for n in noms if n.endswith(".py")]
    return fichiers + sorted(code)


def _calculer(fichiers: list[str]) -> str:
    import hashlib

    somme = hashlib.sha256()
    for relatif in fichiers:
        somme.update(relatif.encode())
        with open(os.path.join(RACINE, relatif), "rb") as fichier:
            somme.update(fichier.read())
    return somme.hexdigest()[:16]


@cache
def empreinte() -> str:
    """A short hash of everything the model depends on: sources, data files, code.

    Hashing reads about a megabyte; ``loi voir`` must start fast, so the hash is
    remembered beside the files' sizes and modification times and recomputed only
    when one of them changes.
    """
    fichiers = _fichiers_empreinte()
    etats = []
    for relatif in fichiers:
        etat = os.stat(os.path.join(RACINE, relatif))
        etats.append([relatif, etat.st_size, etat.st_mtime_ns])
    memo = os.path.join(cache_str(), "empreinte.json")
    try:
        with open(memo, encoding="utf-8") as fichier:
            connu = json.load(fichier)
        if connu["etats"] == etats:
            return str(connu["empreinte"])
    except (OSError, ValueError, KeyError, TypeError):
        pass  # first run, or a damaged memo: recompute
    valeur = _calculer(fichiers)
    try:
        os.makedirs(cache_str(), exist_ok=True)
        temporaire = f"{memo}.{os.getpid()}.tmp"
        with open(temporaire, "w", encoding="utf-8") as fichier:
            json.dump({"etats": etats, "empreinte": valeur}, fichier)
        os.replace(temporaire, memo)
    except OSError:
        pass  # a read-only cache only costs speed
    return valeur


def adresse_site() -> str:
    """The site's address (``site_url`` in mkdocs.yml, ending in « / »), or "" when it has none.

    Read with a pattern, not YAML: a fresh ``loi cherche --json`` asks for it.
    """
    import re

    try:
        with open(os.path.join(RACINE, "mkdocs.yml"), encoding="utf-8") as fichier:
            texte = fichier.read()
    except OSError:
        return ""
    trouve = re.search(r"^site_url:\s*['\"]?([^'\"\s#]+)", texte, re.MULTILINE)
    return trouve.group(1).rstrip("/") + "/" if trouve else ""

