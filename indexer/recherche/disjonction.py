"""Extensions of Whoosh's own classes, its internals used here alone: ``MeilleurDe``,
``PhraseDite``, ``BM25FLongueurs`` (Whoosh's BM25F, each field length read once), and the
filters of the analyzer the index is built with (``analyseur_fr``), named classes since Whoosh
pickles them into the index; ``analyse.racines`` runs the same steps without Whoosh.

``MeilleurDe``: Whoosh's ``DisjunctionMax`` with the tie-break it promises. Whoosh's
``DisjunctionMaxMatcher`` keeps ``tiebreak`` but its ``score`` ignores it, and
takes the max of both sub-matchers without checking that they stand on the same
document (one may already be on a later one). A concept and its synonyms need the
documented behaviour: a passage scores its best way of saying the concept, plus
``tiebreak`` times the others. This is that matcher, plugged into Whoosh's own query
tree (``DisjunctionMax._matcher``); the terms, postings and BM25F scores stay Whoosh's.

The leaves are read once, each to its end, and the concept's scores kept in a
``ListMatcher``: marching a binary tree of unions over the same postings took two
fifths of a query's time (``make bench``). The sums follow the tree's order
(``make_binary_tree``: left half, then right half), so that every score is the same
float as the tree's, to the last bit.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import cache
from typing import Any

from whoosh.analysis import Filter, RegexTokenizer, StemFilter, StopFilter, Token
from whoosh.analysis.analyzers import CompositeAnalyzer
from whoosh.matching import IntersectionMatcher, ListMatcher, NullMatcher, WrappingMatcher
from whoosh.query import DisjunctionMax, Phrase, Term
from whoosh.scoring import BM25F, BM25FScorer
from whoosh.util import make_binary_tree

from indexer.recherche.analyse import MOT, MOTS_VIDES, efinal, plier


class ScoresFixes(ListMatcher):
    """Documents with their final scores (``ListMatcher``'s weights), in docnum order."""

    def supports(self, astype: str) -> bool:
        return False  # no positions: a concept is never inside a phrase

    def copy(self) -> ScoresFixes:
        return self.__class__(self._ids, self._weights, position=self._i)


def _feuille(matcher: Any) -> dict[int, float]:
    scores = {}
    while matcher.is_active():
        scores[matcher.id()] = matcher.score()
        matcher.next()
    return scores


def _cumuler(feuilles: list[dict[int, float]]) -> tuple[dict[int, float], dict[int, float]]:
    """(best, sum) of the leaves' scores on each document, summed as ``make_binary_tree`` nests them."""
    if len(feuilles) == 1:
        return dict(feuilles[0]), dict(feuilles[0])
    moitie = len(feuilles) // 2
    meilleurs, sommes = _cumuler(feuilles[:moitie])
    meilleurs_b, sommes_b = _cumuler(feuilles[moitie:])
    for doc, somme in sommes_b.items():
        sommes[doc] = sommes[doc] + somme if doc in sommes else somme
        meilleurs[doc] = max(meilleurs.get(doc, meilleurs_b[doc]), meilleurs_b[doc])
    return meilleurs, sommes


class MeilleurDe(DisjunctionMax):
    """``DisjunctionMax(subqueries, tiebreak=…)`` whose matcher applies the tie-break."""

    def _matcher(self, subs: Any, searcher: Any, context: Any) -> Any:
        meilleurs, sommes = _cumuler([_feuille(q.matcher(searcher, context)) for q in subs])
        ids = sorted(sommes)
        departage, boost = self.tiebreak, self.boost  # x * 1.0 is x, to the bit
        return ScoresFixes(ids, [(meilleurs[d] + departage * (sommes[d] - meilleurs[d])) * boost for d in ids])


class PhraseDite(Phrase):
    """A synonym's ``Phrase`` (slop ``interrogation.SLOP_SYNONYME``) with the passages that say
    it, found by Whoosh's own ``Phrase`` when the index was built (``index.phrases``).

    Its matcher is the phrase matcher's without the positions: the intersection of the
    words' postings, nested as ``SpanNear2`` nests them (``make_binary_tree``), on those
    passages only, boosted as ``Phrase`` boosts. Same documents, same scores to the last
    bit (0.0 + x is x), read from a few postings instead of every position of every
    passage that holds all the words.
    """

    def __init__(
        self, fieldname: str, words: list[str], passages: tuple[int, ...], slop: int, boost: float = 1.0
    ) -> None:
        super().__init__(fieldname, words, slop=slop, boost=boost)
        self.passages = passages

    def matcher(self, searcher: Any, context: Any = None) -> Any:
        if not self.passages:
            return NullMatcher()
        mots = [Term(self.fieldname, mot).matcher(searcher, context) for mot in self.words]
        # The passages the phrase was found in, scored 0.0 (ListMatcher's weights): they add nothing.
        trouves = ScoresFixes(list(self.passages), [0.0] * len(self.passages))
        # whoosh3 declares value() abstract on IntersectionMatcher; a phrase's matcher never asks it
        m = IntersectionMatcher(trouves, make_binary_tree(IntersectionMatcher, mots))  # type: ignore[abstract]
        return m if self.boost == 1.0 else WrappingMatcher(m, boost=self.boost)


class BM25FLongueurs(BM25F):
    """The same ``BM25FScorer`` (same idf, average length, formula); only its ``dfl``, which
    Whoosh reads again from the column for every posting of every term, is remembered:
    the prompt's queries score the same passages again and again. One searcher per
    model (``moteur.Chercheur``)."""

    def __init__(self, B: float, K1: float) -> None:  # noqa: N803 — Whoosh's names
        super().__init__(B=B, K1=K1)
        self._longueurs: dict[str, Callable[[int], int]] = {}

    def scorer(self, searcher: Any, fieldname: str, text: str, qf: int = 1) -> Any:
        notes = super().scorer(searcher, fieldname, text, qf)
        if notes.__class__ is BM25FScorer:
            if fieldname not in self._longueurs:
                lire = searcher.doc_field_length
                self._longueurs[fieldname] = cache(lambda doc, champ=fieldname: lire(doc, champ, 1))  # type: ignore[misc]
            notes.dfl = self._longueurs[fieldname]
        return notes


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
