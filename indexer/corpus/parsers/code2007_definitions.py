"""The 62 definitions of the 2007 Code (001, lines 1648–1827; corpus/NOTES.md §2.5).

One Section per term: ``cle`` and ``titre`` are the term as written (``Adv. G``,
``Psychique (annonce)``), ``ancre`` is ``ancre_libre("def", terme)``. The text after
the colon and the wrapped lines that follow make the Blocs (``code2007_blocs`` rule);
senses ``1)``, ``2)`` are ``item`` Blocs, even when the first one shares the term's
line (``Annonces : 1) processus…``).

The page-bottom footnote ``1 La procédure d'alerte…`` (1714–1715) falls between
``Entame`` and ``Épreuve``: it is taken out of the running text and becomes the
NoteBas of the definition that calls it (``responsable1`` → ``responsable[^1]``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from indexer.corpus.parsers.code2007_blocs import Ligne, en_blocs
from indexer.labels import ancre_libre
from indexer.model import NoteBas, Section

# A term line (corpus/NOTES.md §2.5): "Adversaire : un joueur…", "Adv. G: adversaire…",
# "Psychique (annonce) : importante…", "Donne :" (senses follow).
TERME = re.compile(r"^([A-ZÉÈ][\w’'.\- ]*?(?:\s\([^)]*\))?)\s?:(?:\s|$)")

# A footnote call glued to its word: "l'organisme responsable1." (1656).
APPEL_NOTE = re.compile(r"(?<=[a-zà-ÿ])([1-9])(?=[.,;:)]?(?:\s|$))")

# The footnote itself, at a page bottom: "1 La procédure d'alerte est définie…" (1714).
NOTE = re.compile(r"^([1-9]) (?=[A-ZÀ-Þ])")


@dataclass
class _Terme:
    """A definition being read: its term, its text lines and its footnotes."""

    terme: str
    ligne: int
    lignes: list[Ligne] = field(default_factory=list)
    notes: list[NoteBas] = field(default_factory=list)


def terme_de(ligne: str) -> str | None:
    """The term a definition line opens, or None: ``"Adv. G: adversaire…"`` → ``"Adv. G"``."""
    trouve = TERME.match(ligne)
    return trouve.group(1) if trouve else None


def _avec_appels(courant: _Terme, ligne: str, appelants: dict[str, _Terme]) -> str:
    """Write glued note calls as ``[^n]`` and remember who called the note that follows."""

    def remplacer(trouve: re.Match[str]) -> str:
        appelants[trouve.group(1)] = courant
        return f"[^{trouve.group(1)}]"

    return APPEL_NOTE.sub(remplacer, ligne)


def _lire(lignes: Sequence[Ligne]) -> list[_Terme]:
    """Split the definitions into terms; footnote lines go to the term that called them."""
    termes: list[_Terme] = []
    appelants: dict[str, _Terme] = {}
    note: list[Ligne] = []  # the footnote being read: it runs to the next term
    for numero, ligne in lignes:
        trouve = TERME.match(ligne)
        if trouve:
            _fermer_note(note, appelants)
            note = []
            termes.append(_Terme(trouve.group(1), numero))
            ligne = ligne[trouve.end() :].strip()
        elif note or ((appel := NOTE.match(ligne)) and appel.group(1) in appelants):  # the note of a call read
            note.append((numero, ligne))
            continue
        if termes and ligne:
            courant = termes[-1]
            courant.lignes.append((numero, _avec_appels(courant, ligne, appelants)))
    _fermer_note(note, appelants)
    return termes


def _fermer_note(note: list[Ligne], appelants: dict[str, _Terme]) -> None:
    """Attach a finished footnote (``1 La procédure…``) to the term that calls it."""
    if not note:
        return
    cle = NOTE.match(note[0][1]).group(1)  # type: ignore[union-attr]
    texte = " ".join([note[0][1][2:], *(ligne for _, ligne in note[1:])])
    appelants[cle].notes.append(NoteBas(cle, texte, note[0][0]))
    del appelants[cle]


def parse_definitions(lignes: Sequence[Ligne]) -> tuple[Section, ...]:
    """One Section per defined term, in source order, with unique anchors."""
    return tuple(
        Section(t.terme, ancre_libre("def", t.terme), t.terme, t.ligne, en_blocs(t.lignes), notes=tuple(t.notes))
        for t in _lire(lignes)
    )
