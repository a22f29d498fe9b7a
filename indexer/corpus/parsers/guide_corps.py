"""The body of one law in 000: paragraphs → law quotes, examples, notes, commentary.

Rules (corpus/NOTES.md §1.3–§1.7); law quotes are read by ``guide_citations``:

- A paragraph starting ``Exemple…`` opens an example. It goes on through items,
  diagrams and auctions, the first paragraph after a diagram, and the first paragraph
  after a heading with no text (``Exemple 4 :``); any other paragraph ends it. Two
  mid-line ``. Exemple :`` (1429, 4607) are cut out the same way.
- ``Note :``, ``NB :``, ``Remarque :``, ``Note très importante :`` open a note.
- Everything else is commentary: one Element per paragraph, with the items that
  follow it; a one-line paragraph without final punctuation is a ``titre`` Bloc, and
  so is a lead-in ``Xxx :`` cut off before an inline quote. Orphan ``]`` are dropped.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from indexer import marqueurs
from indexer.corpus.parsers.guide_citations import (
    AVANT_CROCHET,
    ENTETE_EXEMPLE,
    LETTRE_LOI,
    NOTE_TITRE,
    TITRE_LIBRE,
    LecteurDeCitations,
    est_exemple,
    ouverture,
)
from indexer.corpus.parsers.lignes_repliees import (
    MARQUE_ITEM,
    Ligne,
    Morceau,
    bloc_verbatim,
    couper,
    est_vide,
    segmenter,
)
from indexer.model import COMMENTAIRE, EXEMPLE, ITEM, LOI, NOTE, TEXTE, TITRE, Bloc, Element

# A lead-in before an inline quote: "Procédure de rappel : [20D."
AMORCE = re.compile(r"^(?P<titre>[A-ZÀ-Ý][^.:;!?]{0,80}?)\s*:\s*$")
# A mid-line example after a sentence: "…leur tour. Exemple : Les paires"
EXEMPLE_INTERNE = re.compile(r"(?<=[.!?] )Exemples?\s*\d*\s*:")


def lire_corps(numero: int, lignes: Sequence[Ligne]) -> tuple[Element, ...]:
    """The elements of one law's body (see the module docstring)."""
    lecteur = _Lecteur(numero, segmenter(lignes, _structurel))
    lecteur.lire()
    return tuple(b.fige() for b in lecteur.elements if b.blocs or b.label or b.titre)


def _structurel(texte: str) -> bool:
    """A line that starts a paragraph even without an S line before it."""
    return bool(
        MARQUE_ITEM.match(texte)
        or est_exemple(texte)
        or NOTE_TITRE.match(texte)
        or texte.lstrip().startswith("[")
        or LETTRE_LOI.match(texte)
        or re.match(rf"^{marqueurs.SECTION}\d?\s*-\s*\[", texte)
    )


class _Lecteur(LecteurDeCitations):
    """Reads the paragraphs of one law in order: quotes, examples, notes, commentary."""

    def lire(self) -> None:
        """Consume every paragraph of the queue."""
        while self.file:
            self._morceau(self.file.pop(0))

    def _morceau(self, morceau: Morceau) -> None:
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
        lignes = [(n, t) for n, t in morceau.lignes if not est_vide(t)]
        amorce = AMORCE.match(lignes[0][1].strip()) if len(lignes) == 1 else None
        if amorce and morceau.saut:
            self._nouveau(COMMENTAIRE, morceau.ligne).blocs.append(Bloc(TITRE, amorce["titre"], morceau.ligne))
            return
        self._sans_citation(morceau)

    def _sans_citation(self, morceau: Morceau) -> None:
        """Examples, notes, items, titles, letter paragraphs and commentary."""
        interne = _exemple_interne(morceau)
        if interne is not None:
            avant, apres = interne
            self.file.insert(0, apres)
            morceau = avant
        texte = morceau.texte.strip()
        if est_exemple(texte):
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
        suite = courant is not None and courant.type != LOI and (
            courant.ouvert
            or bool(courant.blocs) and (courant.blocs[-1].forme == ITEM or courant.blocs[-1].texte.endswith(":"))
        )
        if not suite or courant is None:
            courant = self._nouveau(COMMENTAIRE, morceau.ligne)
        self._ajouter(courant, morceau.lignes, item=True)
        courant.ouvert = False

    def _paragraphe(self, morceau: Morceau) -> None:
        courant = self.courant
        suite = courant is not None and (
            courant.type == EXEMPLE and courant.ouvert
            or courant.type == COMMENTAIRE and all(b.forme == TITRE for b in courant.blocs)
            or courant.type != LOI and not morceau.saut
        )
        if not suite or courant is None:
            courant = self._nouveau(COMMENTAIRE, morceau.ligne)
        courant.ouvert = False
        self._ajouter(courant, morceau.lignes)

    def _entete(self, type_: str, entete: re.Match[str], morceau: Morceau) -> None:
        """An example or a note: its heading as titre, the rest as its first Bloc."""
        brouillon = self._nouveau(type_, morceau.ligne, titre=entete["titre"].strip())
        numero, texte = morceau.lignes[0]
        lignes = [(numero, texte.strip()[entete.end() :])] + list(morceau.lignes[1:])
        self._ajouter(brouillon, lignes)
        brouillon.ouvert = type_ == EXEMPLE and not brouillon.blocs


def _exemple_interne(morceau: Morceau) -> tuple[Morceau, Morceau] | None:
    """Cut a paragraph before a mid-line ". Exemple :" (1429, 4607)."""
    for index, (_, texte) in enumerate(morceau.lignes):
        trouve = EXEMPLE_INTERNE.search(texte)
        if trouve:
            avant, apres = couper(morceau, index, trouve.start())
            if avant is not None and apres is not None:
                return avant, Morceau(apres.lignes, saut=True, forme=apres.forme)
    return None
