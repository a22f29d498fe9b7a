"""The body of one law in 000: paragraphs → law quotes, examples, notes, commentary.

Rules (corpus/NOTES.md §1.3–§1.7); law quotes are read by ``guide_citations``:

- A line that looks like a list marker (``- Passe- 2♠ - Fin.``, ``15. Sud passe``) but
  follows a sentence left unfinished (no final punctuation, not a heading) and opens
  no list (no item of its kind after it) is the wrap of that sentence (1144, 1385):
  ``recoudre``. Conversely a lead-in alone on the last line of a paragraph, after a
  finished sentence and before a line-start quote (« Si la Loi 25A ne s'applique pas : »
  / ``[27A1.``, 3318), is a paragraph of its own: the example before it ends there.
- A paragraph starting ``Exemple…`` opens an example. It goes on through items, diagrams and
  auctions, the first paragraph after a diagram or after a heading with no text (``Exemple 4 :``),
  and its ruling: the paragraph after an example left open on a question (« …comparable au premier
  Passe ? », 2799; the question of its situation, not of its ruling: 2803's own « …ou 1SA 10-12 ? »
  takes nothing more), on the call to the director (« Arbitre ! », « EO appellent l'arbitre en… »,
  8752, 1751) or on the players' disagreement on the facts (« il y a maintenant un désaccord »,
  2173). So does a paragraph that reasons on a supposition about its facts (« En supposant qu'il
  était intentionnel… », 3971; « …En supposant que 4♠ gagne… », 2197) or is one of its cases
  (« Cas a) », « Cas b) », 3791, 3804). Any other paragraph ends it. Two mid-line ``. Exemple :``
  (1429, 4607) are cut out the same way.
- ``Note :``, ``NB :``, ``Remarque :``, ``Note très importante :`` open a note.
- A heading line that names a paragraph of the law in parentheses (« Informations
  provenant de déclarations ou de jeux retirés (16C) : », 1635) opens the Guide's
  commentary of a paragraph it does not quote: a law Element with that label and the
  heading as subtitle, without text; what follows is attached to it.
- Everything else is commentary: one Element per paragraph, with the items that
  follow it; a one-line paragraph without final punctuation is a ``titre`` Bloc. A
  lead-in ``Xxx :`` cut off before an inline quote (« Informations provenant d'une carte
  pénalisée : [50E1. », 5956) is the quote's subtitle when the quote has none, so that it
  opens the paragraph it introduces (``LecteurDeCitations._citation``); else a ``titre``
  Bloc of its own. Orphan ``]`` are dropped.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace

from indexer import marqueurs
from indexer.corpus.parsers.guide_citations import LETTRE_LOI, TITRE_LIBRE, Brouillon, LecteurDeCitations
from indexer.corpus.parsers.guide_crochets import AVANT_CROCHET, ENTETE_EXEMPLE, NOTE_TITRE, est_exemple, ouverture
from indexer.corpus.parsers.lignes_repliees import (
    MARQUE_ITEM,
    Ligne,
    Morceau,
    bloc_verbatim,
    couper,
    joindre,
    segmenter,
)
from indexer.labels import Label, parse_label, parse_relatif
from indexer.model import COMMENTAIRE, EXEMPLE, ITEM, LOI, NOTE, TEXTE, TITRE, Bloc, Element, NoteBas

# A lead-in before an inline quote: "Procédure de rappel : [20D."
AMORCE = re.compile(r"^(?P<titre>[A-ZÀ-Ý][^.:;!?]{0,80}?)\s*:\s*$")
# A quote naming an earlier one by its sub-paragraphs: "comme en A2(a) ou A2(b) ci-dessus" (3851)
_SOUS = rf"\((?P<l1>{marqueurs.LETTRE})\) ou (?P=code)\((?P<l2>{marqueurs.LETTRE})\)"
RENVOI_ARRIERE = re.compile(rf"\ben (?P<code>{marqueurs.SECTION}\d){_SOUS} ci-dessus")
# An example left waiting for its ruling: a question, the director just called, or the players in disagreement
# on the facts (2173)
SANS_DECISION = re.compile(
    r"\?$|Arbitre\s*!$|\bappellent l[’']arbitre(?: en [^.!?]*)?\.$|\bappelle l[’']arbitre\.$|\bun désaccord\b"
)
# A paragraph that reasons on the example's facts: "En supposant qu'il était intentionnel" (3971),
# or that ends so: « …un jugement de Salomon… En supposant que 4♠ gagne, le camp NS… » (2197);
# and the cases of an example: « Cas a) Sud décide de passer. » (3791, 3804)
SUPPOSITION = re.compile(r"(?:^|(?<=[.!?)] ))En supposant\b|^Cas [a-h]\)\s")
# A heading naming the paragraph it comments: "Informations provenant… retirés (16C) :"
ENTETE_PARAGRAPHE = re.compile(
    r"^(?P<titre>[A-ZÀ-Ý][^.:;!?()\[\]]{0,90}?)\s*\((?P<code>\d{1,2}[A-G][0-9a-z()]*)\)\s*:?$"
)
# A mid-line example after a sentence: "…leur tour. Exemple : Les paires"
EXEMPLE_INTERNE = re.compile(r"(?<=[.!?] )Exemples?\s*\d*\s*:")


def lire_corps(
    numero: int, lignes: Sequence[Ligne], coupures: Collection[int], notes: Mapping[str, NoteBas]
) -> tuple[Element, ...]:
    """``coupures``: the lines that open a paragraph after a page break (``guide.coupures_de_page``);
    ``notes``: the footnotes by key, each on the first element that calls it."""
    morceaux = recoudre(segmenter(lignes, _structurel, coupures))
    lecteur = _Lecteur(numero, morceaux)
    lecteur.noms = noms_plus_bas(numero, morceaux)
    while lecteur.file:
        lecteur.morceau(lecteur.file.pop(0))
    elements: list[Element] = []
    posees: set[str] = set()  # a note goes to the first element of the Partie that calls it
    for brouillon in lecteur.elements:
        if brouillon.blocs or brouillon.label or brouillon.titre:
            elements.append(brouillon.fige(notes, posees))
            posees.update(note.cle for note in elements[-1].notes)
    return tuple(elements)


# A marker that may only wrap a sentence: a dash or a number ("- Passe", "15. Sud"), not a letter
MARQUE_REPLIEE = re.compile(rf"^\s*(?:[-–]\s+|{marqueurs.NUMERO}\.\s)")
# The end of a finished sentence or of an announcement
FIN_OU_ANNONCE = re.compile(r"[.:;!?]$")
# A heading line: "[E. Changement de jeu…", "C. Participation", "[46B (...)"
LIGNE_TITRE = re.compile(rf"^\s*\[|^\s*{marqueurs.SECTION}\.\s")


def recoudre(morceaux: list[Morceau]) -> list[Morceau]:
    resultat: list[Morceau] = []
    for rang, morceau in enumerate(morceaux):
        suivant = morceaux[rang + 1] if rang + 1 < len(morceaux) else None
        precedent = resultat[-1] if resultat else None
        if precedent is not None and _repli(precedent, morceau, suivant):
            resultat[-1] = replace(precedent, lignes=precedent.lignes + morceau.lignes)
        else:
            resultat.extend(_sans_amorce_finale(morceau, suivant))
    return resultat


def _sans_amorce_finale(morceau: Morceau, suivant: Morceau | None) -> list[Morceau]:
    pleines = [k for k, (_, t) in enumerate(morceau.lignes) if t.strip()]
    if morceau.forme != TEXTE or len(pleines) < 2 or suivant is None or not suivant.texte.startswith("["):
        return [morceau]
    avant, amorce = (morceau.lignes[k][1].strip() for k in pleines[-2:])
    if not AMORCE.match(amorce) or not re.search(r"[.!?]$", avant):
        return [morceau]
    derniere = pleines[-1]
    return [replace(morceau, lignes=morceau.lignes[:derniere]), Morceau(morceau.lignes[derniere:], saut=True)]


def _repli(precedent: Morceau, morceau: Morceau, suivant: Morceau | None) -> bool:
    marque = MARQUE_REPLIEE.match(morceau.texte)
    if marque is None or morceau.saut or morceau.forme != TEXTE or precedent.forme != TEXTE:
        return False
    derniere = precedent.lignes[-1][1].strip()
    if FIN_OU_ANNONCE.search(derniere) or LIGNE_TITRE.match(derniere) or MARQUE_ITEM.match(precedent.texte):
        return False
    liste = MARQUE_REPLIEE.match(suivant.texte) if suivant is not None else None  # an item of the same kind after it
    return liste is None or liste[0].strip()[:1].isdigit() != marque[0].strip()[:1].isdigit()


def _structurel(texte: str) -> bool:
    """A line that starts a paragraph even without an S line before it."""
    return bool(
        MARQUE_ITEM.match(texte)
        or est_exemple(texte)
        or NOTE_TITRE.match(texte)
        or texte.lstrip().startswith("[")
        or LETTRE_LOI.match(texte)
        or re.match(rf"^{marqueurs.SECTION}\d?\s*-\s*\[", texte)
        or re.match(rf"^{marqueurs.LETTRE}\.\s", texte)  # « b. ne pas exiger… » in the quote of 50D2 (5871)
    )


class _Lecteur(LecteurDeCitations):
    def morceau(self, morceau: Morceau) -> None:
        if morceau.forme != TEXTE:
            self._verbatim(morceau)
            return
        position = ouverture(morceau)
        if position is None:
            self._sans_citation(morceau)
            return
        index, colonne = position
        avant, apres = couper(morceau, index, colonne)
        if avant is not None and not (index == 0 and AVANT_CROCHET.match(avant.texte)):
            assert apres is not None
            self.file.insert(0, apres)
            self._amorce(avant)
            return
        self._citation(morceau)

    def _verbatim(self, morceau: Morceau) -> None:
        courant = self.courant
        if courant is None or courant.type == LOI:  # outside a quote: commentary
            courant = self._nouveau(COMMENTAIRE, morceau.ligne)
        courant.blocs.append(bloc_verbatim(morceau))
        if courant.type == EXEMPLE:
            courant.ouvert = True

    def _amorce(self, morceau: Morceau) -> None:
        """The text before an inline quote: a lead-in title, or the end of a paragraph."""
        lignes = [(n, t) for n, t in morceau.lignes if t.strip()]
        amorce = AMORCE.match(lignes[0][1].strip()) if len(lignes) == 1 else None
        if amorce and morceau.saut:
            self.amorce = self._nouveau(COMMENTAIRE, morceau.ligne)
            self.amorce.blocs.append(Bloc(TITRE, amorce["titre"], morceau.ligne))
            return
        self._sans_citation(morceau)

    def _sans_citation(self, morceau: Morceau) -> None:
        if interne := _exemple_interne(morceau):
            morceau, apres = interne
            self.file.insert(0, apres)
        texte = morceau.texte.strip()
        entete = ENTETE_PARAGRAPHE.match(texte) if len(morceau.lignes) == 1 and morceau.saut else None
        label = parse_label(entete["code"]) if entete else None
        if entete and label is not None and label.loi == self.numero:
            self._nouveau(LOI, morceau.ligne, label=label, titre=entete["titre"])
            self.contexte = label
        elif est_exemple(texte):
            self._entete(EXEMPLE, ENTETE_EXEMPLE.match(texte), morceau)  # type: ignore[arg-type]
        elif NOTE_TITRE.match(texte):
            self._entete(NOTE, NOTE_TITRE.match(texte), morceau)  # type: ignore[arg-type]
        elif LETTRE_LOI.match(texte):
            self._citation(morceau, crochet=False)
        elif MARQUE_ITEM.match(texte):
            self._item(morceau)
        elif len(morceau.lignes) == 1 and morceau.saut and TITRE_LIBRE.match(texte):
            self._nouveau(COMMENTAIRE, morceau.ligne).blocs.append(Bloc(TITRE, texte, morceau.ligne))
        else:
            self._paragraphe(morceau)

    def _item(self, morceau: Morceau) -> None:
        """A list item joins the list or the paragraph announcing it ("il doit :")."""
        courant = self.courant
        dernier = courant.blocs[-1] if courant is not None and courant.blocs else None
        annonce = dernier is not None and (dernier.forme == ITEM or dernier.texte.endswith(":"))
        if courant is None or courant.type == LOI or not (courant.ouvert or annonce):
            courant = self._nouveau(COMMENTAIRE, morceau.ligne)
        self._ajouter(courant, morceau.lignes, item=True)
        courant.ouvert = False

    def _paragraphe(self, morceau: Morceau) -> None:
        courant = self.courant
        texte = joindre([t for _, t in morceau.lignes])
        suite = courant is not None and (
            courant.type == EXEMPLE
            and (courant.ouvert or SUPPOSITION.search(texte) is not None)
            or courant.type == COMMENTAIRE
            and all(b.forme == TITRE for b in courant.blocs)
            or courant.type != LOI
            and not morceau.saut
        )
        if not suite or courant is None:
            courant = self._nouveau(COMMENTAIRE, morceau.ligne)
        situation = courant.type == EXEMPLE and bool(courant.blocs) and courant.blocs[-1].forme != TEXTE
        self._ajouter(courant, morceau.lignes)
        courant.ouvert = situation and _attend_decision(courant)  # a ruling never waits for another

    def _entete(self, type_: str, entete: re.Match[str], morceau: Morceau) -> None:
        brouillon = self._nouveau(type_, morceau.ligne, titre=entete["titre"].strip())
        numero, texte = morceau.lignes[0]
        lignes = [(numero, texte.strip()[entete.end() :])] + list(morceau.lignes[1:])
        self._ajouter(brouillon, lignes)
        brouillon.ouvert = type_ == EXEMPLE and (not brouillon.blocs or _attend_decision(brouillon))


def _attend_decision(brouillon: Brouillon) -> bool:
    dernier = brouillon.blocs[-1] if brouillon.blocs else None
    return brouillon.type == EXEMPLE and dernier is not None and SANS_DECISION.search(dernier.texte.strip()) is not None


def _exemple_interne(morceau: Morceau) -> tuple[Morceau, Morceau] | None:
    """Cut a paragraph before a mid-line ". Exemple :" (1429, 4607)."""
    for index, (_, texte) in enumerate(morceau.lignes):
        if trouve := EXEMPLE_INTERNE.search(texte):
            avant, apres = couper(morceau, index, trouve.start())
            if avant is not None and apres is not None:
                return avant, Morceau(apres.lignes, saut=True, forme=apres.forme)
    return None


def noms_plus_bas(numero: int, morceaux: Sequence[Morceau]) -> dict[tuple[str, str], Label]:
    """The paragraphs a quote of the law names by their sub-paragraphs, « …comme en A2(a)
    ou A2(b) ci-dessus » (3851, in 32B): (first marker, second marker) → A2 read in the
    law. The quote above whose text holds both markers and no label of its own
    (``[Si l'Adv. D…`` 3836) is that paragraph (``LecteurDeCitations._citation``)."""
    noms: dict[tuple[str, str], Label] = {}
    for morceau in morceaux:
        for renvoi in RENVOI_ARRIERE.finditer(" ".join(t for _, t in morceau.lignes)):
            if (label := parse_relatif(renvoi["code"], Label(numero))) is not None:
                noms.setdefault((renvoi["l1"], renvoi["l2"]), label)
    return noms
