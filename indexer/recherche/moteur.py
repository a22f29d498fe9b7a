"""Querying the index: ranking by law, typo correction, the answer's records.

``Chercheur(None, dossier).chercher("le mort a vu une renonce")`` returns a ``Reponse``:
groups of passages, one group per law (best law first), each with its best paragraphs
and a highlighted extract. Side documents (definitions, index entries, articles) are
groups of their own. A word the index does not know is corrected to its nearest
indexed spelling, and the answer says so (``interpretation``).

A search reads the index's compact query file (``indexer.recherche.compact``): postings,
lengths, metadata, stored fields and, when a typo must be corrected, the vocabulary of
the unstemmed ``mots`` field — with no Whoosh import. Whoosh built the index and stays
its source of truth; ``compact.Vocabulaire`` answers the correction's questions
(``doc_frequency``, ``terms_within``) as Whoosh's reader would. An open Whoosh index
is kept only when the caller passes one (the prompt after a build, the evaluation).
"""

from __future__ import annotations

import os
from collections import namedtuple
from marshal import loads

from indexer.recherche import compact
from indexer.recherche.analyse import plier
from indexer.recherche.classement import Postings, Statistiques, scores_requete
from indexer.recherche.extraits import extrait, marquer, racines_cherchees
from indexer.recherche.requete import Requete, Synonymes, comprendre

TYPE_CHECKING = False  # not typing: CONTRIBUTING.md, « Démarrage rapide »
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

    from whoosh.index import FileIndex

__all__ = ["Chercheur", "Groupe", "Passage", "Reponse", "extrait", "grouper", "marquer"]

# How much each kind of passage counts for its law: the law's own text first.
POIDS_TYPE = {"loi": 1.0, "commentaire": 0.85, "note": 0.8, "exemple": 0.7}
POIDS_AUTRE = 0.75  # definitions, index entries, articles…
LIES = (1.0, 0.4, 0.2)  # a law's score: its best passages, with these weights
EVOQUEE = 0.3  # bonus for a law the synonyms hint at (fraction of its score)
CITEE = 3.0  # bonus for a law the query names (fraction of the best score)
CITATION = 0.5  # score of every passage of a law the query names (so that it is found)
SOUS_PARAGRAPHE = 2.0  # extra score of the cited paragraph and its sub-paragraphs
NEGLIGEABLE = 0.01  # passages scoring under 1 % of the best cannot change the top laws
GARDES = 8  # passages kept per group before loading (enough for --par-groupe and LIES)
MAIGRE = 3  # fewer passages than this: try corrected spellings

# Named tuples, not dataclasses: CONTRIBUTING.md, « Démarrage rapide ».


class Passage(namedtuple("Passage", "loi ref titre type edition score extrait marques url ancre source")):
    """One hit: a paragraph, a commentary block, an example, a definition…"""

    __slots__ = ()
    loi: int | None
    ref: str
    titre: str
    type: str
    edition: str
    score: float
    extrait: str
    marques: tuple[tuple[int, int], ...]  # spans of ``extrait`` to highlight
    url: str
    ancre: str
    source: str


class Groupe(namedtuple("Groupe", "loi titre score passages")):
    """A law (or a side document) and its best passages."""

    __slots__ = ()
    loi: int | None
    titre: str
    score: float
    passages: tuple[Passage, ...]


class Reponse(
    namedtuple("Reponse", "requete interpretation groupes total corrigee syntaxe_ignoree",
               defaults=(False, False))  # fmt: skip
):
    """The answer to one query, best group first."""

    __slots__ = ()
    requete: str
    interpretation: str
    groupes: tuple[Groupe, ...]
    total: int  # passages found before grouping and limits
    corrigee: bool  # typos were corrected: say « Résultats pour : … » (default False)
    syntaxe_ignoree: bool  # default False


class Chercheur:
    """An open index, kept for a whole session (the interactive prompt).

    ``ix`` is an open Whoosh index (closed by ``fermer``), or None: a search reads
    the compact file only; ``dossier`` is the index folder (by default, the open index's).
    """

    def __init__(
        self, ix: FileIndex | None = None, dossier: str | os.PathLike[str] | None = None
    ) -> None:
        if dossier is None:
            if ix is None:
                raise TypeError("Chercheur needs an open index or its folder")
            dossier = ix.storage.folder
        self.dossier = os.fspath(dossier)
        self.ix = ix
        contenu = compact.charger(self.dossier)  # IndexCorrompu if damaged: the caller rebuilds
        self.postings = Postings(contenu["postings"])
        self.docs: list[list[Any]] = contenu["docs"]  # loi, type, edition, ref, refs
        self.stats = Statistiques.depuis(contenu["longueurs"])
        self.synonymes = Synonymes(*contenu["synonymes"])
        self._champs: list[bytes] = contenu["champs"]
        self._fautes: bytes = contenu["fautes"]
        self._vocabulaire: compact.Vocabulaire | None = None

    def fermer(self) -> None:
        """Close the Whoosh index the caller passed, if any."""
        if self.ix is not None:
            self.ix.close()

    @property
    def vocabulaire(self) -> compact.Vocabulaire:
        """The words of the index and their accents (decoded only when a typo is corrected)."""
        if self._vocabulaire is None:
            self._vocabulaire = compact.Vocabulaire(self._fautes)
        return self._vocabulaire

    def champs(self, doc: int) -> dict[str, Any]:
        """The stored fields of one document (ancre, loi, ref, type, titre, texte, url…)."""
        return loads(self._champs[doc])  # type: ignore[no-any-return]

    def connu(self, racine: str) -> bool:
        """True when the index holds this stem in a text or a title."""
        return self.postings.connu(racine)

    def chercher(
        self,
        texte: str,
        limite: int = 5,
        edition: str | None = None,
        types: Sequence[str] | None = None,
        par_groupe: int = 3,
        largeur: int = 160,
    ) -> Reponse:
        """Search: understand, correct typos, rank by law; at most ``limite`` groups."""
        requete = comprendre(texte, self.synonymes)
        options = (limite, edition, types, par_groupe, largeur)
        corrigee = self.corriger(requete, tous=False)
        comprise = requete if corrigee is None else comprendre(corrigee, self.synonymes)
        reponse = self._executer(comprise, requete.texte, *options)
        if reponse.total < MAIGRE and corrigee is None:
            elargie = self.corriger(requete, tous=True)
            if elargie is not None:
                autre = self._executer(comprendre(elargie, self.synonymes), requete.texte, *options)
                if autre.total > reponse.total:
                    return autre._replace(corrigee=True)
        return reponse._replace(corrigee=corrigee is not None)

    def _executer(
        self,
        requete: Requete,
        tape: str,
        limite: int,
        edition: str | None,
        types: Sequence[str] | None,
        par_groupe: int,
        largeur: int,
    ) -> Reponse:
        scores = scores_requete(self.postings, self.stats, requete.concepts)
        self._citations(requete, scores)
        if edition or types:
            scores = {
                d: v for d, v in scores.items()
                if (not edition or self.docs[d][2] == edition) and (not types or self.docs[d][1] in types)
            }  # fmt: skip
        groupes = grouper(scores, self.docs, requete, limite)
        cherchees = racines_cherchees(requete)
        groupes = [self._remplir(g, par_groupe, cherchees, largeur) for g in groupes]
        return Reponse(tape, requete.texte, tuple(groupes), len(scores), False, requete.syntaxe_ignoree)

    def _citations(self, requete: Requete, scores: dict[int, float]) -> None:
        """Every passage of a cited law becomes a candidate; the cited paragraph first."""
        for label in requete.refs:
            numero, chemin = label.loi, label.compact().lower()
            for doc, (loi, _, _, _, refs) in enumerate(self.docs):
                if loi == numero:
                    bonus = SOUS_PARAGRAPHE if label.parties and chemin in refs else 0.0
                    scores[doc] = scores.get(doc, 0.0) + CITATION + bonus

    def _remplir(
        self, brut: tuple[Groupe, list[tuple[float, int]]], par_groupe: int,
        cherchees: frozenset[str], largeur: int,
    ) -> Groupe:  # fmt: skip
        """Load the best passages' stored fields and cut their extracts."""
        groupe, candidats = brut
        passages, vus = [], set()
        for score, doc in candidats:
            champs = self.champs(doc)
            cle = (champs["ref"], champs["edition"])
            if cle in vus:
                continue
            vus.add(cle)
            texte, marques = extrait(champs["texte"], cherchees, largeur)
            passages.append(_passage(champs, score)._replace(extrait=texte, marques=marques))
            if len(passages) == par_groupe:
                break
        titre = passages[0].titre if passages else groupe.titre
        return groupe._replace(titre=titre, passages=tuple(passages))

    def corriger(self, requete: Requete, tous: bool) -> str | None:
        """The query with misspelt words replaced by indexed ones; None if nothing changes.

        With ``tous``, known but rare words also give way to a much more frequent
        neighbour (the results were thin).
        """
        mots = requete.texte.split(" ")
        change = False
        for concept in requete.concepts:
            if len(concept.mots) != 1 or concept.phrase or concept.exclu:
                continue
            if not tous and any(self.connu(r) for v in concept.variantes for r in v):
                continue
            mieux = self.voisin(concept.mots[0], tous)
            if mieux is None:
                continue
            for i, mot in enumerate(mots):
                if plier(mot).strip(".,;:!?()'") == plier(concept.mots[0]):
                    mots[i] = mieux
                    change = True
        if not change:
            return None
        vocabulaire = self.vocabulaire
        return " ".join(vocabulaire.accent(m) if m == plier(m) else m for m in mots)

    def voisin(self, mot: str, rare: bool) -> str | None:
        """The nearest indexed spelling of ``mot`` (one or two edits away), accented."""
        plie = plier(mot)
        if len(plie) < 4 or plie.isdigit():
            return None
        vocabulaire = self.vocabulaire
        seuil = max(1, 5 * vocabulaire.frequence(plie)) if rare else 1
        for distance in (1, 2) if len(plie) >= 7 else (1,):
            candidats = [
                (vocabulaire.frequence(c), c)
                for c in vocabulaire.proches(plie, distance, prefixe=1)
                if c != plie
            ]
            candidats = [(f, c) for f, c in candidats if f >= seuil]
            if candidats:
                _, meilleur = max(candidats)
                return vocabulaire.accent(meilleur)
        return None

    def par_loi(self, loi: int, types: Sequence[str], edition: str | None = None) -> list[Passage]:
        """Every passage of a law of these kinds, in page order (``loi exemples 68``)."""
        docs = [
            d for d, (n, genre, ed, _, _) in enumerate(self.docs)
            if n == loi and genre in types and (edition is None or ed == edition)
        ]  # fmt: skip
        champs = sorted((self.champs(d) for d in docs), key=lambda c: c["rang"])
        return [_passage(c, 0.0) for c in champs]


def _passage(champs: dict[str, Any], score: float) -> Passage:
    return Passage(
        loi=int(champs["loi"]) if champs.get("loi") else None,
        ref=champs["ref"],
        titre=champs["titre"],
        type=champs["type"],
        edition=champs["edition"],
        score=round(score, 3),
        extrait=champs["texte"],  # the whole text until _remplir cuts it
        marques=(),
        url=champs["url"],
        ancre=champs["ancre"],
        source=champs["source"],
    )


def grouper(
    scores: dict[int, float], docs: Sequence[Sequence[Any]], requete: Requete,
    limite: int | None = None,
) -> list[tuple[Groupe, list[tuple[float, int]]]]:  # fmt: skip
    """Group passages by law, weigh them by kind, rank the laws (best first).

    Returns the first ``limite`` groups (all by default), passages not loaded yet,
    each with its best documents, one per paragraph and edition, best first (ties:
    page order, the lower docnum).
    """
    if not scores:
        return []
    seuil = max(scores.values()) * NEGLIGEABLE
    candidats: dict[Any, list[tuple[float, int]]] = {}  # law number, or ("doc", docnum)
    for d, score in scores.items():
        if score >= seuil:
            loi, genre = docs[d][0], docs[d][1]
            cle = loi if loi is not None else ("doc", d)
            poids = POIDS_TYPE.get(genre, POIDS_AUTRE)
            candidats.setdefault(cle, []).append((score * poids, -d))
    meilleur = max(max(liste)[0] for liste in candidats.values())  # the best weighted score
    citees = {label.loi for label in requete.refs}
    classes = []
    for cle, liste in candidats.items():
        paquet = _meilleurs(liste, docs)
        score = sum(p * s for p, (s, _) in zip(LIES, paquet, strict=False))  # the best LIES
        numero = None if isinstance(cle, tuple) else cle
        if numero in requete.lois_evoquees:
            score *= 1 + EVOQUEE
        if numero in citees:
            score += CITEE * meilleur
        classes.append((-score, paquet[0][1], numero, paquet))
    classes.sort()  # best first, then page order; (score, first docnum) never ties twice
    return [
        (Groupe(numero, "", round(-moins, 3), ()), paquet)
        for moins, _, numero, paquet in classes[:limite]
    ]


def _meilleurs(liste: list[tuple[float, int]], docs: Sequence[Sequence[Any]]) -> list[tuple[float, int]]:
    """A group's best ``GARDES`` documents as (weighted score, docnum), one per paragraph and edition."""
    if len(liste) == 1:  # most side documents: nothing to choose
        return [(liste[0][0], -liste[0][1])]
    liste.sort(reverse=True)  # best first, then page order (-d: the lower docnum)
    paquet: list[tuple[float, int]] = []
    vus: set[tuple[str, str]] = set()
    for score, moins_doc in liste:
        edition, ref = docs[-moins_doc][2:4]
        if (edition, ref) not in vus:
            vus.add((edition, ref))
            paquet.append((score, -moins_doc))
            if len(paquet) == GARDES:
                break
    return paquet
