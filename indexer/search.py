"""Querying the index: Whoosh queries from a understood query, ranking by law, typos.

``Chercheur(ix).chercher("le mort a vu une renonce")`` returns a ``Reponse``: groups
of passages, one group per law (best law first), each with its best paragraphs and
a highlighted extract. Side documents (definitions, index entries, articles) are
groups of their own. A word the index does not know is corrected to its nearest
indexed spelling, and the answer says so (``interpretation``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache, cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from whoosh import query as q

from indexer.analyse import analyseur_fr, plier
from indexer.index import LEXIQUE
from indexer.requete import Concept, Requete, comprendre, ecart

if TYPE_CHECKING:
    from whoosh.index import FileIndex

# How much each kind of passage counts for its law: the law's own text first.
POIDS_TYPE = {"loi": 1.0, "commentaire": 0.85, "note": 0.8, "exemple": 0.7}
POIDS_AUTRE = 0.75  # definitions, index entries, articles…
TITRE = 1.5  # a word of the law's title weighs this much more than one of its text
SYNONYME = 0.85  # a synonym weighs a little less than the word typed
LIES = (1.0, 0.4, 0.2)  # a law's score: its best passages, with these weights
EVOQUEE = 0.3  # bonus for a law the synonyms hint at (fraction of its score)
CITEE = 3.0  # bonus for a law the query names (fraction of the best score)
CANDIDATS = 150  # passages fetched before grouping
MAIGRE = 3  # fewer passages than this: try corrected spellings


@dataclass(frozen=True)
class Passage:
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


@dataclass(frozen=True)
class Groupe:
    """A law (or a side document) and its best passages."""

    loi: int | None
    titre: str
    score: float
    passages: tuple[Passage, ...]


@dataclass(frozen=True)
class Reponse:
    """The answer to one query, best group first."""

    requete: str
    interpretation: str
    groupes: tuple[Groupe, ...]
    total: int  # passages found before grouping and limits
    corrigee: bool = False  # typos were corrected: say « Résultats pour : … »
    syntaxe_ignoree: bool = False


def _variante(racines: tuple[str, ...], boost: float, slop: int) -> q.Query:
    """One way of saying a concept, in the text or (weighing more) in the title."""
    if len(racines) == 1:
        texte: q.Query = q.Term("texte", racines[0], boost=boost)
        titre: q.Query = q.Term("titre", racines[0], boost=boost * TITRE)
    else:
        texte = q.Phrase("texte", list(racines), slop=slop, boost=boost)
        titre = q.Phrase("titre", list(racines), slop=slop, boost=boost * TITRE)
    return q.Or([texte, titre])


def requete_whoosh(concept: Concept) -> q.Query:
    """A concept as a Whoosh query: the best of its variants (typed words first)."""
    slop = 1 + ecart(concept.mots) if concept.phrase else 3
    variantes = [
        _variante(v, 1.0 if rang == 0 else SYNONYME, slop)
        for rang, v in enumerate(concept.variantes)
    ]
    return variantes[0] if len(variantes) == 1 else q.DisjunctionMax(variantes, tiebreak=0.1)


def construire_requete(requete: Requete) -> q.Query | None:
    """The whole query: concepts OR-ed, cited laws added, excluded words removed."""
    positifs = [requete_whoosh(c) for c in requete.concepts if not c.exclu]
    for label in requete.refs:
        positifs.append(q.Term("loi", str(label.loi), boost=0.5))
        if label.parties:
            positifs.append(q.Term("refs", label.compact().lower(), boost=0.5))
    if not positifs:
        return None
    tout: q.Query = q.Or(positifs)
    exclus = [requete_whoosh(c) for c in requete.concepts if c.exclu]
    return q.AndNot(tout, q.Or(exclus)) if exclus else tout


def racines_cherchees(requete: Requete) -> frozenset[str]:
    """The stems an extract highlights: typed words and one-word synonyms.

    The words of a multi-word synonym (« pas fourni ») are left out: alone they would
    light up every « pas » of the text.
    """
    return frozenset(
        r
        for c in requete.concepts
        if not c.exclu
        for rang, v in enumerate(c.variantes)
        if rang == 0 or len(v) == 1
        for r in v
    )


def filtre(edition: str | None, types: Sequence[str] | None) -> q.Query | None:
    """Restrict to one edition and/or some kinds of passage."""
    parties: list[q.Query] = []
    if edition:
        parties.append(q.Term("edition", edition))
    if types:
        parties.append(q.Or([q.Term("type", t) for t in types]))
    return q.And(parties) if parties else None


class Chercheur:
    """An open index and its searcher, kept for a whole session (the interactive prompt)."""

    def __init__(self, ix: FileIndex, dossier: Path | None = None) -> None:
        self.ix = ix
        self.dossier = dossier or Path(ix.storage.folder)
        self.searcher = ix.searcher()
        self.reader = self.searcher.reader()

    def fermer(self) -> None:
        """Close the searcher and the index."""
        self.searcher.close()
        self.ix.close()

    @cached_property
    def lexique(self) -> dict[str, str]:
        """Folded word → accented spelling (read only when a typo is corrected)."""
        try:
            return dict(json.loads((self.dossier / LEXIQUE).read_text("utf-8")))
        except (OSError, ValueError):
            return {}

    def connu(self, racine: str) -> bool:
        """True when the index holds this stem in a text or a title."""
        return bool(
            self.reader.doc_frequency("texte", racine) or self.reader.doc_frequency("titre", racine)
        )

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
        requete = comprendre(texte)
        options = (limite, edition, types, par_groupe, largeur)
        corrigee = self.corriger(requete, tous=False)
        comprise = requete if corrigee is None else comprendre(corrigee)
        reponse = self._executer(comprise, requete.texte, *options)
        if reponse.total < MAIGRE and corrigee is None:
            elargie = self.corriger(requete, tous=True)
            if elargie is not None:
                autre = self._executer(comprendre(elargie), requete.texte, *options)
                if autre.total > reponse.total:
                    return replace(autre, corrigee=True)
        return replace(reponse, corrigee=corrigee is not None)

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
        whoosh_q = construire_requete(requete)
        if whoosh_q is None:
            return Reponse(tape, requete.texte, (), 0, False, requete.syntaxe_ignoree)
        resultats = self.searcher.search(
            whoosh_q, limit=CANDIDATS, filter=filtre(edition, types)
        )
        hits = [(h.score, h.fields()) for h in resultats]
        total = resultats.scored_length()
        groupes = grouper(hits, requete, par_groupe)[:limite]
        cherchees = racines_cherchees(requete)
        groupes = [self._avec_extraits(g, cherchees, largeur) for g in groupes]
        return Reponse(tape, requete.texte, tuple(groupes), total, False, requete.syntaxe_ignoree)

    def _avec_extraits(self, groupe: Groupe, cherchees: frozenset[str], largeur: int) -> Groupe:
        passages = []
        for passage in groupe.passages:
            texte, marques = extrait(passage.extrait, cherchees, largeur)
            passages.append(replace(passage, extrait=texte, marques=marques))
        return replace(groupe, passages=tuple(passages))

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
        return " ".join(self.lexique.get(m, m) if m == plier(m) else m for m in mots)

    def voisin(self, mot: str, rare: bool) -> str | None:
        """The nearest indexed spelling of ``mot`` (one or two edits away), accented."""
        plie = plier(mot)
        if len(plie) < 4 or plie.isdigit():
            return None
        frequence = self.reader.doc_frequency("mots", plie)
        seuil = max(1, 5 * frequence) if rare else 1
        for distance in (1, 2) if len(plie) >= 7 else (1,):
            candidats = [
                (self.reader.doc_frequency("mots", c), c)
                for c in self.reader.terms_within("mots", plie, distance, prefix=1)
                if c != plie
            ]
            candidats = [(f, c) for f, c in candidats if f >= seuil]
            if candidats:
                _, meilleur = max(candidats)
                return self.lexique.get(meilleur, meilleur)
        return None

    def par_loi(self, loi: int, types: Sequence[str], edition: str | None = None) -> list[Passage]:
        """Every passage of a law of these kinds, in page order (``loi exemples 68``)."""
        clauses: list[q.Query] = [q.Term("loi", str(loi))]
        f = filtre(edition, types)
        if f is not None:
            clauses.append(f)
        trouves = self.searcher.search(q.And(clauses), limit=None, sortedby=None)
        champs = sorted((h.fields() for h in trouves), key=lambda c: c["rang"])
        return [_passage(c, 0.0) for c in champs]


def _passage(champs: dict[str, Any], score: float) -> Passage:
    return Passage(
        loi=int(champs["loi"]) if champs.get("loi") else None,
        ref=champs["ref"],
        titre=champs["titre"],
        type=champs["type"],
        edition=champs["edition"],
        score=round(score, 3),
        extrait=champs["texte"],  # the whole text until _avec_extraits cuts it
        marques=(),
        url=champs["url"],
        ancre=champs["ancre"],
        source=champs["source"],
    )


def grouper(
    hits: list[tuple[float, dict[str, Any]]], requete: Requete, par_groupe: int
) -> list[Groupe]:
    """Group passages by law, weigh them by kind, rank the laws (best first)."""
    paquets: dict[tuple[str, str], list[tuple[float, int, dict[str, Any]]]] = {}
    for score, champs in hits:
        cle = ("loi", champs["loi"]) if champs["loi"] else ("doc", champs["ancre"])
        poids = POIDS_TYPE.get(champs["type"], POIDS_AUTRE)
        paquets.setdefault(cle, []).append((score * poids, champs["rang"], champs))
    meilleur = max((s for p in paquets.values() for s, _, _ in p), default=1.0) or 1.0
    citees = {label.loi for label in requete.refs}
    groupes = []
    for cle, paquet in paquets.items():
        paquet.sort(key=lambda x: (-x[0], x[1]))
        uniques = list({c["ref"] + c["edition"]: (s, r, c) for s, r, c in reversed(paquet)}.values())
        uniques.sort(key=lambda x: (-x[0], x[1]))
        score = sum(p * s for p, (s, _, _) in zip(LIES, uniques))
        numero = int(cle[1]) if cle[0] == "loi" else None
        if numero in requete.lois_evoquees:
            score *= 1 + EVOQUEE
        if numero in citees:
            score += CITEE * meilleur
        passages = tuple(_passage(c, s) for s, _, c in uniques[:par_groupe])
        titre = paquet[0][2]["titre"]
        groupes.append((score, paquet[0][1], Groupe(numero, titre, round(score, 3), passages)))
    groupes.sort(key=lambda x: (-x[0], x[1]))
    return [g for _, _, g in groupes]


@cache
def _analyseur() -> Any:
    return analyseur_fr()


_BLANCS = re.compile(r"\s+")


def extrait(
    texte: str, cherchees: frozenset[str], largeur: int
) -> tuple[str, tuple[tuple[int, int], ...]]:
    """A window of about ``largeur`` characters around the densest matches, and their spans.

    The window is the one that holds the most distinct matched stems; it starts and
    ends on word boundaries, with « … » where the text goes on.
    """
    plat = _BLANCS.sub(" ", texte).strip()
    touches = [
        (t.startchar, t.endchar, t.text)
        for t in _analyseur()(plat, chars=True)
        if t.text in cherchees
    ]
    debut = 0
    if touches:
        def distincts(i: int) -> int:
            return len({r for d, _, r in touches[i:] if d < touches[i][0] + largeur * 3 // 4})

        depart = max(range(len(touches)), key=lambda i: (distincts(i), -i))
        debut = max(0, touches[depart][0] - largeur // 4)
        if debut:
            debut = plat.find(" ", debut) + 1 or debut
    fin = min(len(plat), debut + largeur)
    if fin < len(plat):
        fin = plat.rfind(" ", debut, fin) if plat.rfind(" ", debut, fin) > debut else fin
    avant = "… " if debut else ""
    apres = " …" if fin < len(plat) else ""
    decalage = len(avant) - debut
    marques = tuple(
        (d + decalage, f + decalage) for d, f, _ in touches if d >= debut and f <= fin
    )
    return avant + plat[debut:fin] + apres, marques


def marquer(texte: str, marques: Sequence[tuple[int, int]], avant: str, apres: str) -> str:
    """``texte`` with every span wrapped in ``avant``…``apres`` (« ** », ANSI codes…)."""
    morceaux, curseur = [], 0
    for debut, fin in marques:
        morceaux += [texte[curseur:debut], avant, texte[debut:fin], apres]
        curseur = fin
    return "".join(morceaux) + texte[curseur:]
