"""The Whoosh side of the French analysis: the analyzer the index is built with.

Whoosh pickles the schema, analyzers included, into the index, so the two filters
below are named classes of an importable module. They only wrap the plain functions
of ``indexer.recherche.analyse`` (``plier``, ``efinal``), whose ``racines()`` runs the same steps
without Whoosh at query time. Imported when the index is built or opened by Whoosh,
never by a plain ``loi cherche``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from whoosh.analysis import Filter, RegexTokenizer, StemFilter, StopFilter, Token
from whoosh.analysis.analyzers import CompositeAnalyzer

from indexer.recherche.analyse import MOT, MOTS_VIDES, efinal, plier


class PliageFilter(Filter):
    """Lower case and fold accents and ligatures (a named class: the schema is pickled)."""

    def __call__(self, tokens: Iterable[Token]) -> Iterator[Token]:  # type: ignore[override]  # Whoosh: Filter and Composable disagree
        for token in tokens:
            token.text = plier(token.text)
            yield token


class EFinalFilter(Filter):
    """Drop a stem's final ``e`` (see ``indexer.recherche.analyse.efinal``)."""

    def __call__(self, tokens: Iterable[Token]) -> Iterator[Token]:  # type: ignore[override]  # Whoosh: Filter and Composable disagree
        for token in tokens:
            token.text = efinal(token.text)
            yield token


def analyseur_fr() -> CompositeAnalyzer:
    """Words, folded, stop words out (positions kept), stemmed, final ``e`` trimmed."""
    return (
        RegexTokenizer(MOT)
        | PliageFilter()
        | StopFilter(stoplist=MOTS_VIDES, minsize=1, renumber=False)
        | StemFilter(lang="fr", cachesize=50000)
        | EFinalFilter()
    )


def analyseur_simple() -> CompositeAnalyzer:
    """Words lower-cased and folded, nothing else: the unstemmed lexicon and the baseline."""
    return RegexTokenizer(MOT) | PliageFilter()
