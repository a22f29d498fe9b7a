"""Parser of 003: C. Chantigny's notes on laws 30, 31, 27 and 23 (2017 text + notes).

The file (corpus/NOTES.md §4) gives, under four headings ``PASSE HORS TOUR (Loi 30)``…, the
2017 text of each law, paragraph by paragraph (``A.``, ``1.``, ``(a)``, ``(i)``,
``1. (a)`` read as two levels), then, under law 23, the director's notes. Rules:

- Lines 1–3 (the author line) open the first Partie as a commentary element.
- Law text: a labelled paragraph starts an ``Element(type="loi")`` whose label is its
  marker read against the paragraph it is in (``(a)`` after ``B1`` is ``B1(a)``); a
  one-line letter paragraph with no final punctuation is a subtitle (``A. Définition``).
  An unlabelled paragraph is the text of the paragraph just opened when that one has
  no text yet; otherwise the source gives no label (the 27D paragraph at 129), so it is
  law text labelled with the law alone, never a guessed letter (corpus/NOTES.md §11.10).
- The notes start at the first paragraph matching ``DEBUT_NOTES`` (line 165); from
  there every paragraph is commentary, a one-line title is a ``titre`` Bloc and the
  auction (183) an ``encheres`` Bloc. Square brackets are references and stay as text.
- An element that is only a subtitle (``A. Au tour de…``) or only a number before its
  first letter (``1.`` of ``1. (a)``) has no Bloc of its own; its text is in the
  elements that follow it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from indexer import marqueurs
from indexer.corpus.parsers.lignes_repliees import Ligne, Morceau, bloc_prose, bloc_verbatim, marque_relative, segmenter
from indexer.labels import Label
from indexer.model import COMMENTAIRE, LOI, TEXTE, TITRE, Bloc, Element, Extrait, Partie
from indexer.sources import NOTES, source

# A law heading: "PASSE HORS TOUR (Loi 30)", "DÉCLARATION COMPARABLE (Loi 23)"
ENTETE_LOI = re.compile(r"^([A-ZÀ-Ý][A-ZÀ-Ý ]+) \(Loi (\d+)\)\s*$")
# A paragraph marker of the law text: "A. ", "1. ", "(a) ", "(ii) "
MARQUE = re.compile(
    rf"^\s*(?:({marqueurs.SECTION})\.|({marqueurs.NUMERO})\.|\(({marqueurs.LETTRE})\)|\(({marqueurs.ROMAIN})\))\s+"
)
# The first paragraph of the director's notes: "Cela signifie en clair que…"
DEBUT_NOTES = re.compile(r"^Cela signifie en clair")
# A free-standing title of the notes: "Même but", "Signification identique ou similaire"
TITRE_LIBRE = re.compile(r"^[A-ZÀ-Ý][^.:;!?,]{0,60}$")
# Sentence-final punctuation: a letter paragraph without it is a subtitle
FIN_PHRASE = re.compile(r"[.:;!?]$")


def parse(lignes: tuple[str, ...]) -> Extrait:
    trouves = [(i, m) for i, t in enumerate(lignes) if (m := ENTETE_LOI.match(t))]
    parties: list[tuple[int, Partie]] = []
    for rang, (index, entete) in enumerate(trouves):
        fin = trouves[rang + 1][0] if rang + 1 < len(trouves) else len(lignes)
        numero = int(entete[2])
        corps = [(i + 1, lignes[i]) for i in range(index + 1, fin)]
        morceaux = segmenter(corps, MARQUE.match)
        debut = next((k for k, m in enumerate(morceaux) if DEBUT_NOTES.match(m.texte)), len(morceaux))
        elements = _texte_loi(numero, morceaux[:debut]) + _notes(morceaux[debut:])
        if rang == 0:
            elements = _preface(lignes[:index]) + elements
        titre = entete[1].strip().capitalize()
        parties.append((numero, Partie(NOTES, source(NOTES).edition, source(NOTES).role, titre, index + 1, elements)))
    return Extrait(source=NOTES, parties=tuple(parties))


def _preface(lignes: Sequence[str]) -> tuple[Element, ...]:
    """The lines before the first law heading (the author line, 1–3) as one commentary element; none if blank."""
    bloc = bloc_prose(list(enumerate(lignes, 1)), item=False)
    return (Element(COMMENTAIRE, (bloc,), bloc.ligne),) if bloc else ()


def _texte_loi(numero: int, morceaux: Sequence[Morceau]) -> tuple[Element, ...]:
    elements: list[Element] = []
    contexte = Label(numero)
    for morceau in morceaux:
        lignes = list(morceau.lignes)
        marque = MARQUE.match(lignes[0][1])
        if marque is None or marque_relative(marque.groups(), contexte) is None:  # no marker, or one we cannot read
            # the text of an element just opened that has none (a subtitle), else law text of the law alone
            if elements and not elements[-1].blocs and elements[-1].titre:
                elements.append(replace(elements.pop(), blocs=_prose(lignes)))
            else:
                elements.append(Element(LOI, _prose(lignes), lignes[0][0], label=Label(numero)))
            continue
        while marque is not None:  # "1. (a) si…" is two levels on one line
            contexte = marque_relative(marque.groups(), contexte) or contexte
            reste = lignes[0][1][marque.end() :]
            lignes[0] = (lignes[0][0], reste)
            marque = MARQUE.match(reste)
            # a one-line letter paragraph without final punctuation is a subtitle
            seul = marque is None and len(lignes) == 1 and len(contexte.parties) == 1
            titre = reste.strip() if seul and not FIN_PHRASE.search(reste.strip()) else ""
            blocs = () if marque is not None or titre else _prose(lignes)
            elements.append(Element(LOI, blocs, lignes[0][0], label=contexte, titre=titre))
    return tuple(elements)


def _prose(lignes: Sequence[Ligne]) -> tuple[Bloc, ...]:
    bloc = bloc_prose(lignes, item=False)
    return (bloc,) if bloc else ()


def _notes(morceaux: Sequence[Morceau]) -> tuple[Element, ...]:
    """The director's notes: one commentary element per paragraph; a title opens the
    next one, and an auction goes with the paragraph that announces it."""
    elements: list[Element] = []
    titre: Bloc | None = None
    for morceau in morceaux:
        if morceau.forme != TEXTE and elements:
            elements[-1] = replace(elements[-1], blocs=elements[-1].blocs + (bloc_verbatim(morceau),))
            continue
        if len(morceau.lignes) == 1 and TITRE_LIBRE.match(morceau.texte.strip()):
            titre = Bloc(TITRE, morceau.texte.strip(), morceau.ligne)
            continue
        blocs = _prose(morceau.lignes) if morceau.forme == TEXTE else (bloc_verbatim(morceau),)
        blocs = (titre, *blocs) if titre else blocs
        elements.append(Element(COMMENTAIRE, blocs, blocs[0].ligne))
        titre = None
    if titre:
        elements.append(Element(COMMENTAIRE, (titre,), titre.ligne))
    return tuple(elements)
