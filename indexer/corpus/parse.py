"""Parsing: cleaned lines of each source → ``Extrait`` (parts of laws, documents).

One parser module per source under ``indexer/parsers/``; each exposes
``parse(lignes: tuple[str, ...]) -> Extrait`` and is pure. 001 has two parsers: the
law text, and everything around it (definitions, annexes, index, regulations).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from indexer.corpus.clean import CODE_2007, GUIDE, LIVRET, LOIS_2017, NOTES, Lignes
from indexer.model import Extrait

Parseur = Callable[[Lignes], Extrait]

MODULES: dict[str, tuple[str, ...]] = {
    GUIDE: ("indexer.corpus.parsers.guide",),
    CODE_2007: ("indexer.corpus.parsers.code2007", "indexer.corpus.parsers.code2007_annexes"),
    LOIS_2017: ("indexer.corpus.parsers.lois2017",),
    NOTES: ("indexer.corpus.parsers.chantigny",),
    LIVRET: ("indexer.corpus.parsers.livret",),
}


def parseurs(source: str) -> tuple[Parseur, ...]:
    """The parse functions of a source, imported on demand."""
    return tuple(importlib.import_module(nom).parse for nom in MODULES.get(source, ()))


def parse_source(lignes: Lignes, source: str) -> tuple[Extrait, ...]:
    """Every Extrait of one source."""
    return tuple(parseur(lignes) for parseur in parseurs(source))
