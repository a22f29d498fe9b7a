"""A source's pages, so that a member can check a passage in the printed Guide (« p. 112 ») rather than by a line of a
text file that means nothing to him.

The Guide pratique (000) keeps its page breaks as form feeds, and nine page numbers leaked into the text as lone
lines (corpus/NOTES.md §1.2: 1595 `22`, 2444 `33`, … 9719 `127`); a leaked number ends its page. The count of breaks
gives a page up to a constant; the leaked numbers fix the constant, and only the lone numbers that agree with the
count are page numbers (5648 `87` and 7342 `976` are card holdings); at least two must agree, since any single
number agrees with some count. A source without form feeds has no pages: its passages are named by source alone, the
line staying in the tooltip.

The 2007 Code (001) has no form feeds either, but its second table of contents prints the page of each law: its
parser gives those pages on the laws' title lines (``code2007_toc.pages_des_lois``), in the same shape, a page 0
marking lines whose page is unknown.
"""

from __future__ import annotations

import bisect
import re

_NUMERO_SEUL = re.compile(r"^\s*(\d{1,3})\s*$")

# (first line of a page, its number), in line order; empty when the source has no pages
Pages = tuple[tuple[int, int], ...]


def pages_de(texte: str) -> Pages:
    """Each page's first line and number, anchored on the page numbers that leaked into the text."""
    lignes = texte.split("\n")
    sauts = [i + 1 for i, ligne in enumerate(lignes) if "\f" in ligne]
    if not sauts:
        return ()
    numeros = [(i + 1, int(m[1])) for i, ligne in enumerate(lignes) if (m := _NUMERO_SEUL.match(ligne))]
    sans_ancre: tuple[int, list[int]] = (0 if sauts[0] == 1 else 1, [])  # the text's first page is page 1
    decalages = {numero - bisect.bisect_right(sauts, ligne) for ligne, numero in numeros}
    # One lone number agrees with some count whatever it is: a holding, not an anchor.
    accords = (accord for accord in (_accord(sauts, numeros, d) for d in decalages) if len(accord[1]) >= 2)
    decalage, fuites = max(accords, key=lambda accord: (len(accord[1]), -accord[0]), default=sans_ancre)
    debuts = sorted({*sauts, *(ligne + 1 for ligne in fuites)})
    # The text before the first break is the page before it (the cover when line 1 opens with a break).
    avant = [(1, decalage)] if debuts[0] > 1 else []
    return tuple(avant + [(ligne, decalage + rang + 1) for rang, ligne in enumerate(debuts)])


def _accord(sauts: list[int], numeros: list[tuple[int, int]], decalage: int) -> tuple[int, list[int]]:
    """The lone numbers that read as page numbers with this constant (each counts as a break after it)."""
    fuites: list[int] = []
    for ligne, numero in numeros:
        if numero == decalage + bisect.bisect_right(sauts, ligne) + len(fuites):
            fuites.append(ligne)
    return decalage, fuites


def page(pages: Pages, ligne: int | None) -> int | None:
    if not pages or not ligne:
        return None
    rang = bisect.bisect_right([debut for debut, _ in pages], ligne) - 1
    return (pages[rang][1] or None) if rang >= 0 else None  # 0: a stretch whose page is unknown
