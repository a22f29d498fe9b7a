"""Parsing: cleaned lines of each source → ``Extrait`` (parts of laws, documents).

One parser module per source under ``indexer/corpus/parsers/`` (named by the
source's record in ``indexer.sources``); each exposes
``parse(lignes: tuple[str, ...]) -> Extrait`` and is pure. 001 has two parsers: the
law text, and everything around it (definitions, annexes, index, regulations).
"""

from __future__ import annotations

import importlib

from indexer import sources
from indexer.corpus.clean import Lignes
from indexer.model import Extrait

PAQUET = "indexer.corpus.parsers"


def parse_source(lignes: Lignes, source: str) -> tuple[Extrait, ...]:
    """Every Extrait of one source, by the parsers its record names, imported on demand."""
    return tuple(importlib.import_module(f"{PAQUET}.{nom}").parse(lignes) for nom in sources.source(source).parseurs)
