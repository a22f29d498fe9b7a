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

from indexer.analyse import analyseur_fr, plier
from indexer.classement import Postings, Statistiques, scores_requete
from indexer.index import DOCUMENTS, LEXIQUE, SYNONYMES
from indexer.requete import Requete, Synonymes, comprendre, synonymes, synonymes_compiles

if TYPE_CHECKING:
    from whoosh.index import FileIndex

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


class Chercheur:
    """An open index and its searcher, kept for a whole session (the interactive prompt)."""

    def __init__(self, ix: FileIndex, dossier: Path | None = None) -> None:
        self.ix = ix
        self.dossier = dossier or Path(ix.storage.folder)
        self.reader = ix.reader()  # no Searcher: scoring is ours, and whoosh.searching costs 20 ms
        self.postings = Postings(self.reader)
        documents = json.loads((self.dossier / DOCUMENTS).read_text("utf-8"))
        self.docs: list[list[Any]] = documents["docs"]  # loi, type, edition, ref, refs
        self.stats = Statistiques.depuis(documents["longueurs"])
        self.synonymes = _synonymes(self.dossier)

    def fermer(self) -> None:
        """Close the searcher and the index."""
        self.reader.close()
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
        scores = scores_requete(self.postings, self.stats, requete.concepts)
        self._citations(requete, scores)
        if edition or types:
            scores = {
                d: v for d, v in scores.items()
                if (not edition or self.docs[d][2] == edition) and (not types or self.docs[d][1] in types)
            }  # fmt: skip
        groupes = grouper(scores, self.docs, requete)[:limite]
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
            champs = self.reader.stored_fields(doc)
            cle = (champs["ref"], champs["edition"])
            if cle in vus:
                continue
            vus.add(cle)
            texte, marques = extrait(champs["texte"], cherchees, largeur)
            passages.append(replace(_passage(champs, score), extrait=texte, marques=marques))
            if len(passages) == par_groupe:
                break
        titre = passages[0].titre if passages else groupe.titre
        return replace(groupe, titre=titre, passages=tuple(passages))

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
        docs = [
            d for d, (n, genre, ed, _, _) in enumerate(self.docs)
            if n == loi and genre in types and (edition is None or ed == edition)
        ]  # fmt: skip
        champs = sorted((self.reader.stored_fields(d) for d in docs), key=lambda c: c["rang"])
        return [_passage(c, 0.0) for c in champs]


def _synonymes(dossier: Path) -> Synonymes:
    """The synonyms analysed at build time, or read from corpus/ for an older index."""
    try:
        return synonymes_compiles(json.loads((dossier / SYNONYMES).read_text("utf-8")))
    except (OSError, ValueError):
        return synonymes()


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
    scores: dict[int, float], docs: Sequence[Sequence[Any]], requete: Requete
) -> list[tuple[Groupe, list[tuple[float, int]]]]:
    """Group passages by law, weigh them by kind, rank the laws (best first).

    Returns each group (passages not loaded yet) with its best documents, one per
    paragraph and edition, best first.
    """
    if not scores:
        return []
    seuil = max(scores.values()) * NEGLIGEABLE
    ponderes = [
        (score * POIDS_TYPE.get(docs[d][1], POIDS_AUTRE), -d)
        for d, score in scores.items()
        if score >= seuil
    ]
    ponderes.sort(reverse=True)  # best first, then page order (-d: the lower docnum)
    paquets: dict[tuple[str, Any], list[tuple[float, int]]] = {}
    vus: set[tuple[Any, ...]] = set()
    for score, moins_doc in ponderes:
        doc = -moins_doc
        loi, _, edition, ref = docs[doc][:4]
        cle = ("loi", loi) if loi is not None else ("doc", doc)
        paquet = paquets.setdefault(cle, [])
        if len(paquet) < GARDES and (cle, edition, ref) not in vus:
            vus.add((cle, edition, ref))
            paquet.append((score, doc))
    meilleur = ponderes[0][0] if ponderes else 1.0
    citees = {label.loi for label in requete.refs}
    classes = []
    for (genre, cle), paquet in paquets.items():
        score = sum(p * s for p, (s, _) in zip(LIES, paquet))
        numero = cle if genre == "loi" else None
        if numero in requete.lois_evoquees:
            score *= 1 + EVOQUEE
        if numero in citees:
            score += CITEE * meilleur
        classes.append((score, paquet[0][1], Groupe(numero, "", round(score, 3), ()), paquet))
    classes.sort(key=lambda x: (-x[0], x[1]))
    return [(g, paquet) for _, _, g, paquet in classes]


@cache
def _pliage_lettre_a_lettre() -> dict[int, str]:
    """A translate table folding accents one character for one (offsets stay valid)."""
    import unicodedata

    table = {}
    for code in range(0xC0, 0x250):
        base = unicodedata.normalize("NFKD", chr(code))[0]
        if base != chr(code) and base.isascii():
            table[code] = base
    return table


@cache
def _raciner() -> Any:
    """word (folded) → its stem, as the analyzer would give it alone."""
    analyseur = analyseur_fr()
    return cache(lambda mot: next((t.text for t in analyseur(mot)), ""))


_MOT = re.compile(r"\w+(?:\.\d+)*")
_BLANCS = re.compile(r"\s+")


def _touches(plat: str, cherchees: frozenset[str]) -> list[tuple[int, int, str]]:
    """Spans of the words of ``plat`` whose stem is searched (stems only the likely ones)."""
    if not cherchees:
        return []
    plie = plat.translate(_pliage_lettre_a_lettre()).lower()
    if len(plie) != len(plat):  # a rare character changed length: fold nothing
        plie = plat.lower()
    tetes = {r[:3] for r in cherchees}
    raciner = _raciner()
    touches = []
    for trouve in _MOT.finditer(plie):
        mot = trouve.group()
        if mot[:3] in tetes or mot in cherchees:
            racine = raciner(mot.replace("œ", "oe"))
            if racine in cherchees:
                touches.append((trouve.start(), trouve.end(), racine))
    return touches


def extrait(
    texte: str, cherchees: frozenset[str], largeur: int
) -> tuple[str, tuple[tuple[int, int], ...]]:
    """A window of about ``largeur`` characters around the densest matches, and their spans.

    The window is the one that holds the most distinct matched stems; it starts and
    ends on word boundaries, with « … » where the text goes on.
    """
    plat = _BLANCS.sub(" ", texte).strip()
    touches = _touches(plat, cherchees)
    debut = 0
    if touches:
        portee = largeur * 3 // 4

        def distincts(i: int) -> int:
            return len({r for d, _, r in touches[i:] if d < touches[i][0] + portee})

        depart = max(range(min(len(touches), 40)), key=lambda i: (distincts(i), -i))
        debut = max(0, min(touches[depart][0] - largeur // 4, len(plat) - largeur))
        if debut:
            debut = plat.find(" ", debut) + 1 or debut
    fin = min(len(plat), debut + largeur)
    if fin < len(plat) and plat.rfind(" ", debut, fin) > debut:
        fin = plat.rfind(" ", debut, fin)
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
