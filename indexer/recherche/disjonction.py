"""``MeilleurDe``: Whoosh's ``DisjunctionMax`` with the tie-break it promises.

Whoosh's ``DisjunctionMaxMatcher`` keeps ``tiebreak`` but its ``score`` ignores it, and
takes the max of both sub-matchers without checking that they stand on the same
document (one may already be on a later one). A concept and its synonyms need the
documented behaviour: a passage scores its best way of saying the concept, plus
``tiebreak`` times the others. This is that matcher, plugged into Whoosh's own query
tree (``DisjunctionMax._matcher``); the terms, postings and BM25F scores stay Whoosh's.
"""

from __future__ import annotations

from typing import Any

from whoosh import matching
from whoosh.matching.binary import UnionMatcher
from whoosh.query import DisjunctionMax
from whoosh.util import make_binary_tree


class MeilleurMatcher(UnionMatcher):
    """The union of two matchers, scored max + tiebreak × (sum − max) over the whole subtree."""

    def __init__(self, a: Any, b: Any, tiebreak: float = 0.0) -> None:
        super().__init__(a, b)
        self.tiebreak = tiebreak

    def copy(self) -> MeilleurMatcher:
        return self.__class__(self.a.copy(), self.b.copy(), self.tiebreak)

    def supports_block_quality(self) -> bool:
        return False  # the score is not a sum: no skipping on summed qualities

    def replace(self, minquality: float = 0) -> Any:
        a, b = self.a.replace(), self.b.replace()
        if not a.is_active():
            return b
        if not b.is_active():
            return a
        if a is not self.a or b is not self.b:
            return self.__class__(a, b, self.tiebreak)
        return self

    def extremes(self) -> tuple[float, float]:
        """(best, sum) of the sub-matchers' scores on the current document (the hot loop: kept flat)."""
        a, b = self.a, self.b
        if not a.is_active():
            a = None
        elif b.is_active():
            id_a, id_b = a.id(), b.id()
            if id_a < id_b:
                b = None
            elif id_b < id_a:
                a = None
        else:
            b = None
        if a is None or b is None:
            seul = b if a is None else a
            if seul.__class__ is MeilleurMatcher:
                return seul.extremes()  # type: ignore[no-any-return]
            score = seul.score()
            return score, score
        if a.__class__ is MeilleurMatcher:
            max_a, somme_a = a.extremes()
        else:
            max_a = somme_a = a.score()
        if b.__class__ is MeilleurMatcher:
            max_b, somme_b = b.extremes()
        else:
            max_b = somme_b = b.score()
        return (max_a if max_a > max_b else max_b), somme_a + somme_b

    def score(self) -> float:
        meilleur, somme = self.extremes()
        return meilleur + self.tiebreak * (somme - meilleur)


class MeilleurDe(DisjunctionMax):
    """``DisjunctionMax(subqueries, tiebreak=…)`` whose matcher applies the tie-break."""

    def _matcher(self, subs: Any, searcher: Any, context: Any) -> Any:
        matchers = [q.matcher(searcher, context) for q in subs]
        arbre = make_binary_tree(MeilleurMatcher, matchers, tiebreak=self.tiebreak)
        if self.boost != 1.0:
            arbre = matching.WrappingMatcher(arbre, self.boost)
        return arbre
