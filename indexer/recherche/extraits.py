"""Extracts: the window of a passage a result shows, and the words it highlights.

``extrait(texte, cherchees, largeur)`` cuts about ``largeur`` characters around the
densest matches of the searched stems and returns their spans; ``marquer`` wraps the
spans for a terminal, Markdown or JSON. Words are stemmed as the index stems them
(``analyse.racines``), one by one and remembered, so that « renonces » lights up for
« renonce ».
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from functools import cache

from indexer.recherche.analyse import MOT, racines
from indexer.recherche.requete import Requete


def racines_cherchees(requete: Requete) -> frozenset[str]:
    """The stems an extract highlights: typed words and one-word synonyms.

    The words of a multi-word synonym (« pas fourni ») are left out: alone they would
    light up every « pas » of the text.
    """
    variantes = (
        v for c in requete.concepts if not c.exclu for rang, v in enumerate(c.variantes) if rang == 0 or len(v) == 1
    )
    return frozenset(r for v in variantes for r in v)


@cache
def _pliage_lettre_a_lettre() -> dict[int, str]:
    """A translate table folding accents one character for one (offsets stay valid)."""
    bases = {code: unicodedata.normalize("NFKD", chr(code))[0] for code in range(0xC0, 0x250)}
    return {code: base for code, base in bases.items() if base != chr(code) and base.isascii()}


_MOT = re.compile(MOT)
_BLANCS = re.compile(r"\s+")
# A footnote call (« [^e1] »): an extract shows no note under it, so never the call either.
# The site's engine reads this pattern and the shortest highlighted word (``pour_site.reglages``).
APPEL_NOTE = r"\[\^[^\]\s]+\]"
_APPEL = re.compile(APPEL_NOTE)
# « a », « B », « 3 », « de » light up everywhere and tell nothing: a highlight has 3 letters or more.
SURLIGNE_MIN = 3


def _touches(plat: str, cherchees: frozenset[str]) -> list[tuple[int, int, str]]:
    """Spans of the words of ``plat`` whose stem is searched (stems only the likely ones)."""
    if not cherchees:
        return []
    plie = plat.translate(_pliage_lettre_a_lettre()).lower()
    if len(plie) != len(plat):  # a rare character changed length: fold nothing
        plie = plat.lower()
    tetes = {r[:3] for r in cherchees}
    touches = []
    for trouve in _MOT.finditer(plie):
        if trouve.end() - trouve.start() < SURLIGNE_MIN:
            continue
        mot = trouve.group().replace("œ", "oe")  # « cœurs » is « coeurs » to the analyzer
        if mot[:3] in tetes or mot in cherchees:
            racine = (racines(mot) or [""])[0]  # "" for a stop word
            if racine in cherchees:
                touches.append((trouve.start(), trouve.end(), racine))
    return touches


def extrait(texte: str, cherchees: frozenset[str], largeur: int) -> tuple[str, tuple[tuple[int, int], ...]]:
    """The window of about ``largeur`` characters that holds the most distinct matched stems,
    cut on word boundaries, « … » where the text goes on, and its highlighted spans."""
    plat = _BLANCS.sub(" ", _APPEL.sub("", texte)).strip()
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
    marques = tuple((d + decalage, f + decalage) for d, f, _ in touches if d >= debut and f <= fin)
    return avant + plat[debut:fin] + apres, marques


def marquer(texte: str, marques: Sequence[tuple[int, int]], avant: str, apres: str) -> str:
    """``texte`` with every span wrapped in ``avant``…``apres`` (« ** », ANSI codes…)."""
    morceaux, curseur = [], 0
    for debut, fin in marques:
        morceaux += [texte[curseur:debut], avant, texte[debut:fin], apres]
        curseur = fin
    return "".join(morceaux) + texte[curseur:]
