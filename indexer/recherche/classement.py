"""BM25 scoring of understood queries over the index's postings, in plain Python.

Whoosh stores the inverted index (terms, positions, stored texts); the scoring of our
queries — several synonyms per concept, phrases with gaps, a few thousand documents —
is done here, because Whoosh's generic matchers took 80 ms a query where this takes a
few. The postings come from the index's compact query file (``indexer.recherche.compact``):
each term's posting list stays marshalled bytes until a query needs it, and one
``Postings`` cache lives as long as the searcher, so an interactive session decodes
each term once.
"""

from __future__ import annotations

import math
from marshal import loads

from indexer.recherche.requete import Concept, ecart

TYPE_CHECKING = False  # not typing: CONTRIBUTING.md, « Démarrage rapide »
if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

K1, B = 1.2, 0.75  # the usual BM25 constants (Whoosh's defaults too)
TITRE = 1.2  # a word of the law's title weighs this much more than one of its text
SYNONYME = 0.85  # a synonym weighs a little less than the word typed
DEPARTAGE = 0.1  # what the other variants of a concept add to the best one
CHAMPS = ("texte", "titre")


class Statistiques:
    """Per-document field lengths (in Whoosh docnum order), their means, BM25 norms."""

    __slots__ = ("longueurs", "moyennes", "normes")

    def __init__(self, longueurs: dict[str, list[int]], moyennes: dict[str, float]) -> None:
        self.longueurs = longueurs
        self.moyennes = moyennes
        # K1 × (1 − B + B × length / mean): the part of BM25 that depends on the
        # document only, computed once instead of once per posting and query.
        self.normes = {
            c: [K1 * (1 - B + B * n / moyennes[c]) for n in v] for c, v in longueurs.items()
        }

    @classmethod
    def depuis(cls, longueurs: dict[str, Sequence[int | None]]) -> Statistiques:
        """From the lengths recorded at build time (a missing length counts as 0)."""
        propres = {c: [n or 0 for n in v] for c, v in longueurs.items()}
        moyennes = {c: max(1.0, sum(v) / max(1, len(v))) for c, v in propres.items()}
        return cls(propres, moyennes)


class Postings:
    """Positions of each (field, stem) in each document, decoded once per searcher.

    ``listes[champ][racine]`` is the marshalled ``{docnum: positions}`` of a stem, as
    ``indexer.recherche.compact`` wrote it.
    """

    def __init__(self, listes: dict[str, dict[str, bytes]]) -> None:
        self.listes = listes
        self._cache: dict[tuple[str, str], dict[int, tuple[int, ...]]] = {}

    def positions(self, champ: str, racine: str) -> dict[int, tuple[int, ...]]:
        """docnum → positions of ``racine`` in ``champ`` (empty when the stem is absent)."""
        cle = (champ, racine)
        trouve = self._cache.get(cle)
        if trouve is None:
            brut = self.listes[champ].get(racine)
            trouve = self._cache[cle] = {} if brut is None else loads(brut)
        return trouve

    def connu(self, racine: str) -> bool:
        """True when some text or title holds this stem."""
        return any(racine in self.listes[champ] for champ in CHAMPS)


def occurrences_phrase(
    listes: Sequence[dict[int, tuple[int, ...]]], slop: int
) -> dict[int, int]:
    """docnum → how many times the stems occur in order, each within ``slop`` of the last."""
    if not listes or not all(listes):
        return {}
    communs = set.intersection(*(set(liste) for liste in sorted(listes, key=len)))
    resultat = {}
    for doc in communs:
        compte = 0
        for depart in listes[0][doc]:
            precedente = depart
            for liste in listes[1:]:
                suivante = next((p for p in liste[doc] if 0 < p - precedente <= slop), None)
                if suivante is None:
                    break
                precedente = suivante
            else:
                compte += 1
        if compte:
            resultat[doc] = compte
    return resultat


def _bm25(occurrences: dict[int, int], normes: Sequence[float], poids: float,
          total: dict[int, float]) -> None:  # fmt: skip
    """Add ``poids`` × BM25 of a term (or phrase) to ``total``, document by document."""
    frequence = len(occurrences)
    if not frequence:
        return
    nombre = len(normes)
    idf = math.log(1 + (nombre - frequence + 0.5) / (frequence + 0.5)) * poids
    get = total.get
    for doc, tf in occurrences.items():
        total[doc] = get(doc, 0.0) + idf * tf * (K1 + 1) / (tf + normes[doc])


def scores_variante(
    postings: Postings, stats: Statistiques, racines: tuple[str, ...], slop: int
) -> dict[int, float]:
    """BM25 of one stem sequence, in the text and (weighing more) in the title."""
    total: dict[int, float] = {}
    for champ in CHAMPS:
        listes = [postings.positions(champ, r) for r in racines]
        if len(racines) == 1:
            occurrences = {doc: len(p) for doc, p in listes[0].items()}
        else:
            occurrences = occurrences_phrase(listes, slop)
        poids = TITRE if champ == "titre" else 1.0
        _bm25(occurrences, stats.normes[champ], poids, total)
    return total


def scores_concept(postings: Postings, stats: Statistiques, concept: Concept) -> dict[int, float]:
    """The best variant of a concept per document, plus a little of the others."""
    slop = 1 + ecart(concept.mots) if concept.phrase and not concept.synonyme else 3
    par_variante = [
        (1.0 if rang == 0 else SYNONYME, scores_variante(postings, stats, v, slop))
        for rang, v in enumerate(concept.variantes)
    ]
    if len(par_variante) == 1:
        return par_variante[0][1]
    meilleurs: dict[int, float] = {}
    sommes: dict[int, float] = {}
    for poids, scores in par_variante:
        for doc, score in scores.items():
            valeur = poids * score
            meilleurs[doc] = max(meilleurs.get(doc, 0.0), valeur)
            sommes[doc] = sommes.get(doc, 0.0) + valeur
    return {d: m + DEPARTAGE * (sommes[d] - m) for d, m in meilleurs.items()}


def scores_requete(
    postings: Postings, stats: Statistiques, concepts: Iterable[Concept]
) -> dict[int, float]:
    """Sum of the concepts' scores per document; documents with an excluded word removed."""
    total: dict[int, float] = {}
    exclus: set[int] = set()
    for concept in concepts:
        scores = scores_concept(postings, stats, concept)
        if concept.exclu:
            exclus.update(scores)
            continue
        for doc, score in scores.items():
            total[doc] = total.get(doc, 0.0) + score
    for doc in exclus:
        total.pop(doc, None)
    return total
