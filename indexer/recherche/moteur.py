"""Querying the index with Whoosh: ranking by law, typo correction, the answer's records.

``Chercheur(ix).chercher("le mort a vu une renonce")`` returns a ``Reponse``: groups
of passages, one group per law (best law first), each with its best paragraphs and a
highlighted extract. Side documents (definitions, articles) are groups of their own;
an entry of the 2007 alphabetical index counts for the law it points to. A word the
index does not know is corrected to its nearest indexed spelling, found in the index's
own lexicon (``reader.terms_within``), and the answer says so (``interpretation``).

Whoosh scores the passages (``interrogation.construire``: query objects, BM25F); here
they add up by law: a law's score is its best passage, weighed by kind, plus a
fraction of its next ones, with a bonus for the laws the query names or its synonyms
point to. The index is opened once per process and kept with its searcher.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, NamedTuple, cast

from whoosh import query as q
from whoosh.index import FileIndex

from indexer.errors import IndexIndisponible
from indexer.genres import SITUATION
from indexer.recherche.analyse import MOT, normaliser_requete, plier
from indexer.recherche.disjonction import BM25FLongueurs
from indexer.recherche.dossier import IndexCorrompu, lire_synonymes, message
from indexer.recherche.extraits import extrait, marquer, racines_cherchees
from indexer.recherche.index import loi_de_l_entree
from indexer.recherche.interrogation import FREQUENT, Poids, construire, filtre
from indexer.recherche.requete import Requete, Synonymes, comprendre

__all__ = ["Chercheur", "Groupe", "Passage", "Poids", "Reponse", "extrait", "marquer", "synonymes_de"]

NEGLIGEABLE = 0.01  # passages scoring under 1 % of the best cannot change the top laws
CANDIDATS = 400  # passages Whoosh returns at most (the rest are negligible)
GARDES = 8  # passages that make a law's score: its best one, then a fraction of the others
MAIGRE = 3  # fewer passages than this: try corrected spellings

# Named tuples, not dataclasses: CONTRIBUTING.md, « Démarrage rapide ».


class Passage(NamedTuple):
    """One hit: a paragraph, a commentary block, an example, a definition…"""

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
    raisons: tuple[str, ...] = ()  # why it came up, with ``--pourquoi`` only (``pourquoi.expliquer``)


class Groupe(NamedTuple):
    """A law (or a side document) and its best passages."""

    loi: int | None
    titre: str
    score: float
    passages: tuple[Passage, ...]


class Reponse(NamedTuple):
    """The answer to one query, best group first."""

    requete: str
    interpretation: str
    groupes: tuple[Groupe, ...]
    total: int  # passages found before grouping and limits
    corrigee: bool = False  # typos were corrected: say « Résultats pour : … »
    syntaxe_ignoree: bool = False
    # The interpretation says what the sources lack (« aucune définition … ne porte le nom », « le Guide ne donne
    # aucun exemple … »): written as it stands, exit code 1 even over the results.
    manque: bool = False


class Chercheur:
    """An open index and its searcher, kept for a whole process (the prompt, the evaluation)."""

    def __init__(self, ix: FileIndex, poids: Poids | None = None, syn: Synonymes | None = None) -> None:
        self.ix = ix
        self.poids = Poids() if poids is None else poids
        self.synonymes = synonymes_de(ix) if syn is None else syn
        self.searcher = ix.searcher(weighting=BM25FLongueurs(B=self.poids.b, K1=self.poids.k1))
        self.reader = self.searcher.reader()
        self._colonnes: dict[str, Callable[[int], Any]] = {}
        seuil = FREQUENT * self.reader.doc_count_all()
        # Whether a stem is in more than ``FREQUENT`` of the texts, asked once per stem.
        self.frequent: Callable[[str], bool] = cache(lambda r: self.reader.doc_frequency("texte", r) > seuil)

    def fermer(self) -> None:
        self.searcher.close()
        self.ix.close()

    def colonne(self, nom: str) -> Callable[[int], Any]:
        """A Whoosh column (``groupe``, ``type``, ``edition``, ``ref``, ``montre``), read by docnum,
        each value once per process: the ranking reads the law and the kind of every hit, query
        after query (a tenth of a prompt's time, ``make bench``)."""
        if nom not in self._colonnes:
            self._colonnes[nom] = cache(self.reader.column_reader(nom).__getitem__)
        return self._colonnes[nom]

    def chercher(
        self,
        texte: str,
        limite: int = 5,
        edition: str | None = None,
        types: Sequence[str] | None = None,
        par_groupe: int = 3,
        largeur: int = 160,
    ) -> Reponse:
        requete, tapee = comprendre(texte, self.synonymes), normaliser_requete(texte)
        propres = bool(types and set(types) <= {"index", "definition"})  # « loi index »: entries alone

        def executer(comprise: Requete) -> Reponse:
            touches = self.scores(comprise, edition, types)
            cherchees = racines_cherchees(comprise)
            groupes = self.grouper(touches, comprise, limite, propres)
            remplis = tuple(self._remplir(g, par_groupe, cherchees, largeur) for g in groupes)
            return Reponse(tapee, comprise.texte, remplis, len(touches), False, comprise.syntaxe_ignoree)

        corrigee = self.corriger(requete, tous=False)
        reponse = executer(requete if corrigee is None else comprendre(corrigee, self.synonymes))
        if reponse.total < MAIGRE and corrigee is None and (elargie := self.corriger(requete, tous=True)):
            autre = executer(comprendre(elargie, self.synonymes))
            if autre.total > reponse.total:
                return autre._replace(corrigee=True)
        return reponse._replace(corrigee=corrigee is not None)

    def scores(
        self, requete: Requete, edition: str | None = None, types: Sequence[str] | None = None
    ) -> list[tuple[float, int]]:
        """Whoosh's (score, docnum) of the passages that match, best first."""
        requete_whoosh = construire(requete, self.poids, self.frequent, self.synonymes)
        if requete_whoosh is None:
            return []
        resultats = self.searcher.search(requete_whoosh, limit=CANDIDATS, filter=filtre(edition, types))
        # Whoosh types a score « float | None »: None only for a search with scored=False, not this one.
        return [(cast(float, resultats.score(i)), resultats.docnum(i)) for i in range(resultats.scored_length())]

    def grouper(
        self, touches: list[tuple[float, int]], requete: Requete, limite: int | None = None, propres: bool = False
    ) -> list[tuple[Groupe, list[tuple[float, int]]]]:
        """Group passages by law, weigh them by kind, rank the laws (best first).

        Returns the first ``limite`` groups, passages not loaded yet, each with all its
        documents, best first (ties: page order, the lower docnum); its score reads its
        best ``GARDES`` (``_meilleurs``). With ``propres``, every passage is a group of
        its own (``loi index``).
        """
        if not touches:
            return []
        poids: dict[str, float] = self.poids._asdict()
        seuil = touches[0][0] * NEGLIGEABLE
        candidats: dict[Any, list[tuple[float, int]]] = {}
        groupe, genre = self.colonne("groupe"), self.colonne("type")
        for score, doc in touches:
            if score < seuil:
                break
            cle = "" if propres else groupe(doc)
            candidats.setdefault(cle or ("doc", doc), []).append((score * poids.get(genre(doc), poids["autre"]), -doc))
        meilleur = max(max(liste)[0] for liste in candidats.values())
        citees = {label.loi for label in requete.refs}
        classes = []
        for cle, liste in candidats.items():
            paquet = self._meilleurs(liste)  # sorts liste, best first
            score = paquet[0][0] + self.poids.suivants * sum(s for s, _ in paquet[1:])
            numero = None if isinstance(cle, tuple) else int(cle)
            if numero in requete.lois_evoquees:
                score *= 1 + self.poids.evoquee
            if numero in citees:
                score += self.poids.citee * meilleur
            classes.append((-score, paquet[0][1], numero, liste))
        classes.sort()  # best first, then page order; (score, first docnum) never ties twice
        return [
            (Groupe(numero, "", round(-moins, 3), ()), [(s, -d) for s, d in liste])
            for moins, _, numero, liste in classes[:limite]
        ]

    def _meilleurs(self, liste: list[tuple[float, int]]) -> list[tuple[float, int]]:
        """A group's best ``GARDES`` documents as (weighted score, docnum), one per paragraph and
        edition, and every table situation."""
        if len(liste) == 1:
            return [(liste[0][0], -liste[0][1])]
        liste.sort(reverse=True)  # best first, then page order (-d: the lower docnum)
        edition, ref, genre = self.colonne("edition"), self.colonne("ref"), self.colonne("type")
        paquet: list[tuple[float, int]] = []
        vus: set[object] = set()
        for score, moins_doc in liste:
            doc = -moins_doc
            # Each situation tells its paragraph anew: two that match say it twice as surely.
            cle = doc if genre(doc) == SITUATION else (edition(doc), ref(doc))
            if cle not in vus:
                vus.add(cle)
                paquet.append((score, -moins_doc))
                if len(paquet) == GARDES:
                    break
        return paquet

    def montre(self, doc: int) -> int:
        """The document a hit shows: itself, or for a table situation (never shown), its
        paragraph; the index keeps that rank for every document (``index.documents``; a
        fresh index's docnums are its ranks)."""
        return int(self.colonne("montre")(doc))

    def champs(self, doc: int) -> dict[str, Any]:
        return self.reader.stored_fields(doc)

    def _remplir(
        self, brut: tuple[Groupe, list[tuple[float, int]]], par_groupe: int, cherchees: frozenset[str], largeur: int
    ) -> Groupe:
        groupe, candidats = brut
        passages: list[Passage] = []
        edition, ref = self.colonne("edition"), self.colonne("ref")
        vus: set[tuple[str, str]] = set()  # a paragraph, its other quotes, its situations: once, the best
        for score, doc in candidats:
            if len(passages) >= par_groupe:
                break
            montre = self.montre(doc)
            if (edition(montre), ref(montre)) in vus:
                continue
            vus.add((edition(montre), ref(montre)))
            champs = self.champs(montre)
            texte, marques = extrait(champs["texte"], cherchees, largeur)
            passages.append(_passage(champs, score)._replace(extrait=texte, marques=marques))
        titre = passages[0].titre if passages else groupe.titre
        if groupe.loi is not None:  # the law's title, even when only index entries are shown
            propres = (p.titre for p in passages if p.loi == groupe.loi and p.type != "index")
            titre = next(propres, None) or self.titre_loi(groupe.loi)
        return groupe._replace(titre=titre, passages=tuple(passages))

    def titre_loi(self, loi: int) -> str:
        trouves = self.searcher.search(q.Term("loi", str(loi)), limit=1)
        return self.champs(trouves.docnum(0))["page"] if trouves.scored_length() else ""

    def corriger(self, requete: Requete, tous: bool) -> str | None:
        """The query with misspelt words replaced by indexed ones; None if nothing changes.

        With ``tous``, known but rare words also give way to a much more frequent
        neighbour (the results were thin).
        """
        mots = requete.texte.split(" ")
        # A word of a synonym expression the query spells out (« quitted trick », « offending
        # side ») is spelt right: "correcting" it (quitted → quitter) would lose the expression.
        dans_expression = {plier(m) for c in requete.concepts if c.synonyme and c.phrase for m in c.mots}
        for concept in requete.concepts:
            if len(concept.mots) != 1 or concept.phrase or concept.exclu or plier(concept.mots[0]) in dans_expression:
                continue
            connus = (self.reader.doc_frequency(c, r) for v in concept.variantes for r in v for c in ("texte", "titre"))
            if not tous and any(connus):
                continue
            if mieux := self.voisin(concept.mots[0], tous):
                mots = [mieux if plier(m).strip(".,;:!?()'") == plier(concept.mots[0]) else m for m in mots]
        if mots == requete.texte.split(" "):  # nothing changed (a neighbour is never the word itself)
            return None
        return " ".join(self.accent(m) if m == plier(m) else m for m in mots)

    def frequence(self, mot: str) -> int:
        """How many passages hold this (folded, unstemmed) word."""
        return self.reader.doc_frequency("mots", mot)  # type: ignore[no-any-return]

    def voisin(self, mot: str, rare: bool) -> str | None:
        """The nearest indexed spelling of ``mot`` (one or two edits away, Whoosh's lexicon)."""
        plie = plier(mot)
        if len(plie) < 4 or plie.isdigit():
            return None
        seuil = max(1, 5 * self.frequence(plie)) if rare else 1
        for distance in (1, 2) if len(plie) >= 7 else (1,):
            voisins = (c for c in self.reader.terms_within("mots", plie, distance, prefix=1) if c != plie)
            candidats = [(f, c) for c in voisins if (f := self.frequence(c)) >= seuil]
            if candidats:
                return max(candidats)[1]
        return None

    def accent(self, mot: str) -> str:
        """The indexed spelling of a folded word, accents included (``enchere`` → ``enchère``)."""
        try:
            doc = self.reader.postings("mots", mot).id()
        except Exception:  # noqa: BLE001 — Whoosh raises TermNotFound (not imported: start-up)
            return mot
        champs = self.champs(doc)
        ecrits = (t.group() for t in re.finditer(MOT, f"{champs['page']} {champs['texte']}"))
        return next((e.lower() for e in ecrits if plier(e) == mot), mot)

    def par_loi(self, loi: int, types: Sequence[str], edition: str | None = None) -> list[Passage]:
        """Every passage of a law of these kinds, in page order (``loi exemples 68``)."""
        resultats = self.searcher.search(q.Term("loi", str(loi)), limit=None, filter=filtre(edition, types))
        champs = sorted((self.champs(r.docnum) for r in resultats), key=lambda c: c["rang"])
        return [_passage(c, 0.0) for c in champs]


def synonymes_de(ix: FileIndex) -> Synonymes:
    """The synonyms analysed when the index was built (``index.ecrire_synonymes``; their shape is the
    index's ``FORMAT``)."""
    try:
        return Synonymes(*lire_synonymes(ix.storage.folder))
    except TypeError as erreur:  # fields of another shape: an index the FORMAT bump forgot
        raise IndexIndisponible(message(IndexCorrompu(f"synonymes illisibles : {erreur}"))) from None
    except IndexCorrompu as erreur:
        raise IndexIndisponible(message(erreur)) from None


def _passage(champs: dict[str, Any], score: float) -> Passage:
    loi = int(champs["loi"]) if champs.get("loi") else None
    if loi is None and champs["type"] == "index":  # an index entry that points to one law only
        loi = loi_de_l_entree(champs["texte"])
    return Passage(
        loi=loi,
        titre=champs["page"],
        score=round(score, 3),
        extrait=champs["texte"],  # the whole text until _remplir cuts it
        marques=(),
        **{nom: champs[nom] for nom in ("ref", "type", "edition", "url", "ancre", "source")},
    )
