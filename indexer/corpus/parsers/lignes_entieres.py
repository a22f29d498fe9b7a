"""What the parsers of 002 (``lois2017``) and 004 (``livret``) share.

Both sources have one paragraph per line and mark law paragraphs ``B.``, ``1.``,
``(a)``, ``(i)``: a marker is read against the label above it (``sous_parties``),
and an element grows in a ``Brouillon`` until the next marker (000's reader,
``guide_citations``, builds its elements in ``Brouillon`` too). Both open their numbered and
bracketed paragraphs by ``ouvrir``, each with its own patterns, as the two sources were never
read alike: 002 (``lois2017.NUMERO``, ``lois2017.PARENTHESE``) takes ``(a)`` with no text or
glued text (``(a)texte``), and ``1. (a) x`` is a number whose text starts with ``(a)``; 004
(``livret.NUMERO``, ``livret.PARENTHESE``) wants a space and a text after ``(a)``, and
``1. (a) x`` opens two levels at once. In both a ``- `` in front of a bracket is a stray
bullet (002:37 ``- (ii)``, 004:586 `` - (a)``), dropped.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import NamedTuple

from indexer import marqueurs
from indexer.labels import Label
from indexer.model import LOI, TEXTE, Bloc, Element, NoteBas

NIVEAUX = ("section", "numero", "lettre", "romain")
# A footnote call in a text: "[^21]"
APPEL = re.compile(r"\[\^(?P<cle>[^\]]+)\]")


def sous_parties(courant: tuple[str, ...], niveau: str, valeur: str) -> tuple[str, ...] | None:
    """The parts of a new marker read under ``courant``; None when a level is missing.

    Under ``("D", "2", "b")``, the roman ``ii`` gives ``("D", "2", "b", "ii")`` and
    the number ``3`` gives ``("D", "3")``; a number with no letter above gives None.
    """
    rang = NIVEAUX.index(niveau)
    if len(courant) < rang:
        return None
    return (*courant[:rang], valeur)


@dataclass
class Brouillon:
    ligne: int
    label: Label | None = None
    titre: str = ""
    blocs: list[Bloc] = field(default_factory=list)
    type: str = LOI
    incomplet: bool = False
    ouvert: bool = False  # an example of 000 that still takes the next paragraph

    def ajoute(self, forme: str, texte: str, ligne: int) -> None:
        self.blocs.append(Bloc(forme=forme, texte=texte, ligne=ligne))

    def fige(self, notes: Mapping[str, NoteBas], deja_posees: Collection[str] = ()) -> Element:
        """The frozen element, with a ``NoteBas`` for each note its text calls but those in ``deja_posees``
        (000 gives a note to the first element of its Partie that calls it: ``guide_corps.lire_corps``)."""
        appels = dict.fromkeys(c for b in self.blocs for c in APPEL.findall(b.texte))  # in order, once each
        notes_bas = tuple(notes[c] for c in appels if c in notes and c not in deja_posees)
        return Element(self.type, tuple(self.blocs), self.ligne, self.label, self.titre, self.incomplet, notes_bas)


class Ouverture(NamedTuple):
    """What ``ouvrir`` read at the start of a line."""

    marque: bool  # the line starts with a number or a bracketed marker
    brouillons: tuple[Brouillon, ...] = ()  # the elements it opens; none when a level above it is missing

    @property
    def sans_parent(self) -> bool:
        """A marker with no paragraph above it to hang from: ``1.`` before any letter, ``(ii)`` before any ``(a)``."""
        return self.marque and not self.brouillons


SANS_MARQUE = Ouverture(marque=False)  # plain text


def ouvrir(
    loi: int, courant: tuple[str, ...], ligne: int, texte: str, numero: re.Pattern[str], parenthese: re.Pattern[str]
) -> Ouverture:
    """The elements a number or bracketed marker opens under ``courant`` (``sous_parties``), the
    text after it on the last.

    ``numero`` reads ``1. …`` (groups ``numero`` and ``reste``, and ``lettre`` for a source where
    ``1. (a) …`` opens two levels), ``parenthese`` reads ``(a) …`` (groups ``valeur``, ``reste``)."""
    if trouve := numero.match(texte):
        lettre = trouve.groupdict().get("lettre")  # None too where the pattern has no such group (002)
        marques = [("numero", trouve["numero"]), *([("lettre", lettre)] if lettre else [])]
    elif trouve := parenthese.match(texte):
        # (a)–(h) are letters, (i), (ii), (v)… romans (labels.py)
        marques = [("lettre" if re.fullmatch(marqueurs.LETTRE, trouve["valeur"]) else "romain", trouve["valeur"])]
    else:
        return SANS_MARQUE
    brouillons = []
    for niveau, valeur in marques:
        if (parties := sous_parties(courant, niveau, valeur)) is None:
            return Ouverture(marque=True)
        brouillons.append(Brouillon(ligne, Label(loi, parties)))
        courant = parties
    brouillons[-1].ajoute(TEXTE, trouve["reste"], ligne)
    return Ouverture(marque=True, brouillons=tuple(brouillons))
