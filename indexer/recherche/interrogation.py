"""A query understood (``requete.Requete``), turned into Whoosh query objects.

No query parser: the concepts are already known, so each becomes the query that says
it. A concept and its synonyms are one ``DisjunctionMax`` (the best way of saying it
counts, the others break ties: ``disjonction.MeilleurDe``), each way a term or a ``Phrase`` with slop, in the text
and (boosted) in the title; ``-mot`` is an ``AndNot``; a law the query names adds a
constant score to its passages, more to the cited paragraph and its sub-paragraphs.
Whoosh scores the whole with BM25F (``Poids.b``, ``Poids.k1``).

``Poids`` holds every weight of the ranking, here and in ``moteur``: they are tuned
on the evaluation's folds (``scripts/evaluer.py --plis``), never on one query. The
values below are the coordinate ascent's choice on all the queries, in two rounds
(the second around the first's values); the folds agreed on synonyme and commentaire
in the first round, on b in the second. Held out, both rounds measured the same. With
the table situations (``corpus/situations.toml``), three folds of five chose
commentaire 1.0 and departage 0.3: those two moved, nothing else. Since the ascent keeps
a value only when it gains beyond the one query it helps most (``evaluer.retenu``), its
choice on all the queries moved exemple from 1.1 to 0.7; from there, four folds of five
move nothing.
"""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Callable, Sequence

from whoosh import query as q
from whoosh.query import Query

from indexer.recherche.disjonction import MeilleurDe, PhraseDite
from indexer.recherche.requete import Concept, Requete, Synonymes, ecart

# Named tuple, not a dataclass: CONTRIBUTING.md, « Démarrage rapide ».
Poids = namedtuple(
    "Poids",
    "titre synonyme departage b k1 loi commentaire note exemple index situation autre suivants evoquee citee",
    defaults=(
        1.5,  # titre: a word of the title weighs this much more than one of the text
        0.6,  # synonyme: a synonym weighs less than the word typed
        0.3,  # departage: DisjunctionMax tie-break, what the other variants add
        0.5,  # b: BM25F length normalisation
        1.2,  # k1: BM25F term-frequency saturation
        1.0,  # loi: what each kind of passage counts for its law…
        1.0,  # commentaire: the Guide's commentary (it told situations alone before situations.toml)
        0.8,  # note
        0.7,  # exemple: the Guide's examples, situations told at length
        1.2,  # index: an entry of the 2007 alphabetical index, for the law it points to
        1.0,  # situation: a table situation of corpus/situations.toml, for its paragraph
        0.75,  # autre: definitions, articles… (groups of their own)
        0.5,  # suivants: a law's score is its best passage plus this fraction of its next ones
        0.3,  # evoquee: bonus for a law the synonyms point to (fraction of its score)
        3.0,  # citee: bonus for a law the query names (fraction of the best score)
    ),
)
FREQUENT = 0.2  # a stem in more than this share of the texts is searched in the titles only
SLOP_SYNONYME = 3  # a multi-word synonym matches with a word or two in between
CITATION = 0.5  # score of every passage of a law the query names (so that it is found)
SOUS_PARAGRAPHE = 2.0  # extra score of the cited paragraph and its sub-paragraphs
CHAMPS = ("texte", "titre")


def _phrase(champ: str, racines: tuple[str, ...], slop: int, boost: float, syn: Synonymes | None) -> Query:
    """A stem sequence in a field; a synonym's reads the passages found at index build
    (``index.phrases``, ``disjonction.PhraseDite``): same passages, same scores."""
    if slop == SLOP_SYNONYME and syn is not None and syn.phrases is not None and racines in syn.phrases[champ]:
        return PhraseDite(champ, list(racines), syn.phrases[champ][racines], slop, boost)
    return q.Phrase(champ, list(racines), slop=slop, boost=boost)


def _variante(
    racines: tuple[str, ...],
    slop: int,
    poids: Poids,
    boost: float,
    frequent: Callable[[str], bool],
    syn: Synonymes | None,
) -> list[Query]:
    """One way of saying a concept: a stem or a stem sequence, in the text and in the title.

    A stem found in most texts (« joueur », « carte ») tells them apart by little and
    costs the most to score: alone, it is searched in the titles only. A synonym that no
    passage says in a field (``syn.steriles``) is a ``NullQuery`` there: it keeps its place
    among the concept's ways, so that the scores are summed in the same order, to the bit.
    """
    boosts = {"texte": boost, "titre": boost * poids.titre}
    champs = ("titre",) if len(racines) == 1 and frequent(racines[0]) else CHAMPS
    feuilles = [
        q.Term(c, racines[0], boost=boosts[c]) if len(racines) == 1 else _phrase(c, racines, slop, boosts[c], syn)
        for c in champs
    ]
    steriles = None if syn is None else syn.steriles
    if steriles and slop <= SLOP_SYNONYME:  # sterile at this slop, so at any smaller one
        return [q.NullQuery if racines in steriles[c] else f for c, f in zip(champs, feuilles, strict=True)]
    return feuilles


def concept(
    c: Concept, poids: Poids, frequent: Callable[[str], bool] = lambda _: False, syn: Synonymes | None = None
) -> Query:
    """A concept and its synonyms, in the text or the title: the best match counts, the others break ties.

    One flat ``DisjunctionMax``: a law's title is searched in one passage per edition
    (``index._document``), so a passage rarely matches both fields.
    """
    slop = 1 + ecart(c.mots) if c.phrase and not c.synonyme else SLOP_SYNONYME
    feuilles = [
        feuille
        for rang, v in enumerate(c.variantes)
        for feuille in _variante(v, slop, poids, 1.0 if rang == 0 else poids.synonyme, frequent, syn)
    ]
    return feuilles[0] if len(feuilles) == 1 else MeilleurDe(feuilles, tiebreak=poids.departage)


def citations(requete: Requete) -> list[Query]:
    """Every passage of a cited law is a candidate; the cited paragraph first."""
    requetes: list[Query] = []
    for label in requete.refs:
        requetes.append(q.ConstantScoreQuery(q.Term("loi", str(label.loi)), CITATION))
        if label.parties:
            requetes.append(q.ConstantScoreQuery(q.Term("refs", label.compact().lower()), SOUS_PARAGRAPHE))
    return requetes


def construire(
    requete: Requete, poids: Poids, frequent: Callable[[str], bool] = lambda _: False, syn: Synonymes | None = None
) -> Query | None:
    """The Whoosh query of an understood query; None when nothing is left to search for.

    ``frequent(racine)`` says whether a stem is in more than ``FREQUENT`` of the texts;
    ``syn`` are the synonyms as the index knows them: which ones no passage says, the passages
    that say the others (``index.steriles``, ``index.phrases``; None: unknown).
    """
    positives = [concept(c, poids, frequent, syn) for c in requete.concepts if not c.exclu]
    positives += citations(requete)
    if not positives:
        return None
    resultat: Query = positives[0] if len(positives) == 1 else q.Or(positives)
    exclus = [concept(c, poids) for c in requete.concepts if c.exclu]
    if exclus:
        resultat = q.AndNot(resultat, q.Or(exclus))
    return resultat


def filtre(edition: str | None, types: Sequence[str] | None) -> Query | None:
    conditions: list[Query] = [q.Term("edition", edition)] if edition else []
    if types:  # a situation is of the kind of the paragraph it shows (``index.documents``)
        conditions.append(q.Or([q.Term("genre", t) for t in types]))
    if not conditions:
        return None
    return conditions[0] if len(conditions) == 1 else q.And(conditions)
