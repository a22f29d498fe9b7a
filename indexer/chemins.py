"""Where things are: the project folder, the cache, and the content hash that keys it.

Kept apart from ``build`` so that ``loi voir`` can find its cached JSON without
importing the parsing machinery.
"""

from __future__ import annotations

import hashlib
import json
import os
from functools import cache
from pathlib import Path


def racine() -> Path:
    """The project folder (the one holding corpus/ and docs/)."""
    return Path(__file__).resolve().parent.parent


def dossier_cache() -> Path:
    """Where the corpus cache and the index live: ``$LOI_CACHE`` or ``.cache/``."""
    return Path(os.environ.get("LOI_CACHE") or racine() / ".cache")


def _fichiers_empreinte() -> list[Path]:
    corpus = racine() / "corpus"
    code = sorted((racine() / "indexer").rglob("*.py"))
    return [*sorted(corpus.glob("sources/*.txt")), *sorted(corpus.glob("*.toml")), *code]


def _calculer(fichiers: list[Path]) -> str:
    somme = hashlib.sha256()
    for chemin in fichiers:
        somme.update(chemin.relative_to(racine()).as_posix().encode())
        somme.update(chemin.read_bytes())
    return somme.hexdigest()[:16]


@cache
def empreinte() -> str:
    """A short hash of everything the model depends on: sources, data files, code.

    Hashing reads about a megabyte; ``loi voir`` must start fast, so the hash is
    remembered beside the files' sizes and modification times and recomputed only
    when one of them changes.
    """
    fichiers = _fichiers_empreinte()
    etats = [[f.relative_to(racine()).as_posix(), s.st_size, s.st_mtime_ns]
             for f, s in ((f, f.stat()) for f in fichiers)]
    memo = dossier_cache() / "empreinte.json"
    try:
        connu = json.loads(memo.read_text(encoding="utf-8"))
        if connu["etats"] == etats:
            return str(connu["empreinte"])
    except (OSError, ValueError, KeyError, TypeError):
        pass  # first run, or a damaged memo: recompute
    valeur = _calculer(fichiers)
    try:
        memo.parent.mkdir(parents=True, exist_ok=True)
        temporaire = memo.with_suffix(f".{os.getpid()}.tmp")
        temporaire.write_text(json.dumps({"etats": etats, "empreinte": valeur}), encoding="utf-8")
        os.replace(temporaire, memo)
    except OSError:
        pass  # a read-only cache only costs speed
    return valeur


def dossier_voir() -> Path:
    """Where the per-law JSON of ``loi voir`` is cached, keyed by the corpus hash."""
    return dossier_cache() / f"voir-{empreinte()}"
