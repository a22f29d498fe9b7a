"""Parser of 000, the FFB « Guide pratique de l'arbitrage à la table » (2017 law quotes).

One ``Partie`` (role ``guide``, 2017) per law heading (corpus/NOTES.md §1.4); ``guide_corps``
reads a law's body. Choices made here:

- Page breaks (form feeds, corpus/NOTES.md §1.2) are stripped here, not by the cleaning:
  most fall mid-sentence and are soft wraps, but where the page ends a sentence and the
  next starts with no lower-case word (``ou non.`` / ``\fDe nombreuses Lois…``, 895), the
  paragraph ended at the page bottom (the PDF lost its spacing at the page top), the
  rule the furniture gaps follow below, but not after a colon (5076 « se poursuit : »).
  39 such breaks, all without a gap.
- Page furniture (corpus/NOTES.md §1.2) is removed before anything else, by ``sans_mobilier``:
  a leaked page number is a bare number after three empty lines and before a line of
  spaces (the card holdings ``87`` and ``976`` are not); a footnote is a line starting
  with a digit glued to a capitalised word or with ``*``, continued while it does not
  end with ``.`` or ``)``. The gap around the furniture is a soft wrap unless the text
  before it ends a sentence and the text after it does not start in lower case, so the
  sentences cut by a page bottom rejoin. The calls become ``[^1]``…``[^4]`` (digit
  glued to a lower-case word, nearest before its note) and ``[^etoile1]``…
  (``*``, ``**`` after a word, each paired with the nearest star note after it); the
  ``NoteBas`` goes on the first element of the Partie whose text carries the call.
- ``28 à 32`` (overview) is a Partie of law 28 placed before law 28's own Partie,
  titled « Déclarations hors tour, approche générale (Lois 28 à 32) ».
- ``35 à 39`` is the only heading for laws 35–39. Its body is cut at the four run-in
  titles ``RUN_IN`` (3942 → 36, 3982 → 37, 3995 → 38, 4006 → 39), each part titled by
  its run-in title; what precedes goes to 35 with the heading's title: no law is
  inferred from order.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from itertools import groupby
from typing import NamedTuple

from indexer.corpus.clean import sans_saut_de_page
from indexer.corpus.parsers.guide_corps import lire_corps
from indexer.corpus.parsers.lignes_repliees import Ligne
from indexer.model import Extrait, NoteBas, Partie
from indexer.sources import GUIDE, source

EDITION, ROLE = source(GUIDE).edition, source(GUIDE).role


class _Coupe(NamedTuple):
    """One Partie to come out of a heading: its law, title, line and body lines."""

    loi: int
    titre: str
    ligne: int
    corps: list[Ligne]
    titre_de_loi: bool = True
    couvre: tuple[int, ...] = ()


# A law heading, form feed already gone: "1- Le jeu de cartes", "28 à 32–Déclarations…"
ENTETE = re.compile(r"^(\d{1,2})(?:\s*à\s*(\d{1,2}))?\s*[-–]\s*(\S.*?)\s*$")
TITRE_MAX = 60  # 7616 "1- Lorsque le joueur fautif…:" and 7633 are list items, not headings

# A leaked page number: "22", "115" (only with the gap test of _est_page)
NUMERO_PAGE = re.compile(r"^\s*\d{1,3}\s*$")
# A numbered footnote, digit glued to its text: "1Appeler l'arbitre…", "4L'Organisme…"
NOTE_NUMERO = re.compile(r"^([1-9])(?=[A-ZÀ-Ý][a-zà-ÿ’'])")
# A star footnote: "** La FFB ne l'interdit pas."
NOTE_ETOILE = re.compile(r"^(\*{1,3})\s")
# A star call glued to a word: "interdisent*", "partenaires**"
APPEL_ETOILE = re.compile(r"(?<=[^\W\d_])\*{1,3}")
# Where a sentence ends: a page bottom after it is a paragraph break
FIN_PHRASE = re.compile(r"[.:;!?»)\]]$")
# ...for a page break, a finished sentence only: « La levée se poursuit : » / « Roi ♠, … » (5076) goes on
FIN_PAGE = re.compile(r"[.!?][»)\].]*$")

TITRE_28_32 = "Déclarations hors tour, approche générale (Lois 28 à 32)"
# The run-in titles that open laws 36–39 inside "35 à 39" (corpus/NOTES.md §1.1)
RUN_IN = (
    (36, re.compile(r"^(Un contre ou surcontre inadmissible)\s*:\s*")),
    (37, re.compile(r"^(Une violation de l.obligation de passer)\s*:\s*")),
    (38, re.compile(r"^(Une enchère au-dessus du palier de sept)\s*:\s*")),
    (39, re.compile(r"^(Une déclaration après le dernier Passe)\s*:\s*")),
)


def parse(lignes: tuple[str, ...]) -> Extrait:
    coupures = coupures_de_page(lignes)
    propres, notes = sans_mobilier(sans_saut_de_page(lignes))
    entetes = trouver_entetes(propres)
    parties: list[tuple[int, Partie]] = []
    for rang, (index, numero, dernier, titre, hauteur) in enumerate(entetes):
        fin = entetes[rang + 1][0] if rang + 1 < len(entetes) else len(propres)
        corps = [(i + 1, propres[i]) for i in range(index + hauteur, fin)]
        if (numero, dernier) == (35, 39):
            coupes = _coupes_35_39(titre, index + 1, corps)
        elif (numero, dernier) == (28, 32):
            coupes = [_Coupe(numero, TITRE_28_32, index + 1, corps, False, tuple(range(numero + 1, dernier + 1)))]
        else:
            coupes = [_Coupe(numero, titre, index + 1, corps)]
        for loi, nom, ligne, morceau, titre_de_loi, couvre in coupes:
            elements = lire_corps(loi, morceau, coupures, notes)
            parties.append((loi, Partie(GUIDE, EDITION, ROLE, nom, ligne, elements, titre_de_loi, couvre)))
    return Extrait(source=GUIDE, parties=tuple(parties))


def trouver_entetes(lignes: Sequence[str]) -> list[tuple[int, int, int, str, int]]:
    """The law headings: (index, law, last law of a range, title, lines used by the title)."""
    entetes: list[tuple[int, int, int, str, int]] = []
    for index, texte in enumerate(lignes):
        if not (trouve := ENTETE.match(texte)):
            continue
        numero, titre = int(trouve[1]), trouve[3]
        precedent = entetes[-1][1] if entetes else 0
        if len(titre) > TITRE_MAX or titre.endswith(":") or not precedent <= numero <= 93:
            continue
        hauteur = 1
        suite = lignes[index + 1].strip() if index + 1 < len(lignes) else ""
        if suite[:1].islower():  # 6119 "…d'une carte" / "pénalisée"
            titre, hauteur = f"{titre} {suite}", 2
        entetes.append((index, numero, int(trouve[2] or numero), titre, hauteur))
    return entetes


def coupures_de_page(lignes: Sequence[str]) -> frozenset[int]:
    """The lines (1-based) that open a paragraph after a page break (module docstring)."""
    return frozenset(
        index + 1
        for index, texte in enumerate(lignes)
        if texte.startswith("\f")
        and index
        and FIN_PAGE.search(lignes[index - 1].rstrip())
        and not texte[1:].strip()[:1].islower()
    )


def _coupes_35_39(titre: str, ligne: int, corps: Sequence[Ligne]) -> list[_Coupe]:
    coupes = [_Coupe(35, titre, ligne, [])]
    for numero, texte in corps:
        for loi, motif in RUN_IN:
            if trouve := motif.match(texte):  # the run-in title is the Partie's title; the sentence goes on after it
                coupes.append(_Coupe(loi, trouve[1], numero, [], titre_de_loi=False))
                texte = texte[trouve.end() :]
        coupes[-1].corps.append((numero, texte))
    return coupes


def _est_page(lignes: Sequence[str], index: int) -> bool:
    if not NUMERO_PAGE.match(lignes[index]) or index < 3 or index + 1 >= len(lignes):
        return False
    return lignes[index - 3 : index] == ("", "", "") and lignes[index + 1] == " "


def sans_mobilier(lignes: Sequence[str]) -> tuple[tuple[str, ...], dict[str, NoteBas]]:
    """Remove page numbers and footnotes, rewrite the calls; the notes by key."""
    propres = list(lignes)
    notes: dict[str, NoteBas] = {}
    etoiles = 0
    retirees: set[int] = set()
    for index, texte in enumerate(lignes):
        if _est_page(lignes, index):
            propres[index] = ""
            retirees.add(index)
            continue
        if not (trouve := NOTE_NUMERO.match(texte) or NOTE_ETOILE.match(texte)):
            continue
        marque, hauteur = trouve[1], 1
        while not re.search(r"[.)]$", lignes[index + hauteur - 1]) and lignes[index + hauteur].strip():
            hauteur += 1  # 4229–4230: a note wrapped on two lines
        texte = " ".join(t.strip() for t in lignes[index : index + hauteur])
        propres[index : index + hauteur] = [""] * hauteur
        retirees.update(range(index, index + hauteur))
        if marque.isdigit():
            cle = marque
            _appel_numero(propres, index, cle)
        else:
            etoiles += 1
            cle = f"etoile{etoiles}"
            _appels_etoile(propres, index, cle)
        notes[cle] = NoteBas(cle, texte[len(marque) :].strip(), index + 1)
    return _recoller(propres, retirees), notes


def _appel_numero(lignes: list[str], index: int, chiffre: str) -> None:
    """Rewrite the nearest call before a numbered note: "jeu1" → "jeu[^1]"."""
    motif = re.compile(rf"(?<=[a-zà-ÿ]){chiffre}(?![\d\w])")
    for i in range(index - 1, -1, -1):
        if motif.search(lignes[i]):
            lignes[i] = motif.sub(f"[^{chiffre}]", lignes[i], count=1)
            return


def _appels_etoile(lignes: list[str], index: int, cle: str) -> None:
    """Rewrite the star calls before a star note that no earlier note has taken."""
    for i in range(index - 1, -1, -1):
        if "[^etoile" in lignes[i] and not APPEL_ETOILE.search(lignes[i]):
            return  # a call of the previous star note: ours are all after it
        if APPEL_ETOILE.search(lignes[i]):
            lignes[i] = APPEL_ETOILE.sub(f"[^{cle}]", lignes[i])


def _trous(lignes: Sequence[str], retirees: set[int]) -> Iterator[range]:
    """The gaps that hold a removed line, as ranges of indexes: a gap is a maximal run of lines that
    are empty or removed (a page number or a footnote and the empty lines around it)."""

    def dans_un_trou(index: int) -> bool:
        return index in retirees or not lignes[index].strip()

    for vide, indexes in groupby(range(len(lignes)), key=dans_un_trou):
        trou = list(indexes)
        if vide and not retirees.isdisjoint(trou):
            yield range(trou[0], trou[-1] + 1)


def _recoller(lignes: list[str], retirees: set[int]) -> tuple[str, ...]:
    """Each gap holding removed lines rejoins its text (module docstring): empty lines, or a
    paragraph break (`` ``) when the text before it ends a sentence and the text after it does not
    start in lower case.

    Every line of a gap is emptied, a removed one whatever it holds: it is page furniture, and a
    `` `` of its own would be a paragraph break the rule did not choose (``sans_mobilier`` empties
    the removed lines first anyway). The gaps are read from ``lignes`` and written to a copy, so a
    break written for one gap is never mistaken for a line of the next (the old in-place loop
    skipped a removed `` `` for that reason)."""
    sortie = list(lignes)
    for trou in _trous(lignes, retirees):
        precedent = lignes[trou.start - 1] if trou.start else ""
        suivant = lignes[trou.stop].strip() if trou.stop < len(lignes) else ""
        sortie[trou.start : trou.stop] = [""] * len(trou)
        if FIN_PHRASE.search(precedent) and not suivant[:1].islower():
            sortie[trou.start] = " "
    return tuple(sortie)
