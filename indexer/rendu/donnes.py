"""Hand diagrams as a compass (pure): North above, West and East beside, South below.

The sources write a deal as a column of lines (corpus/NOTES.md §1.7): a seat alone on its line (`` Nord``, ``Mort``,
``Déclarant``), or two seats on one line (``Ouest    Est``), then the holdings (``♠ V2``, ``♦ 10754``, ``ARD3``),
two columns apart by a run of spaces under a two-seat line. ``rendre_donne`` reads such a block and writes an HTML
grid that the site lays out as a compass (``extra.css``); the text stays verbatim in the model, so ``loi voir``
keeps the source's layout.

Nothing is guessed: a block without any seat line (except a suit's layout of three lines, the middle one in two
columns), a seat met twice, or a row under a two-seat line that does not split into two holdings is not a deal
(``None``: the caller keeps the verbatim block). Holdings written above the first seat line (law 70: ``♠ RD1052``
then ``Ouest    Est``) stand where the source puts them, in the top place, without a seat name.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence

# The place of each seat in the compass. A role (« Mort », « Déclarant ») has no compass point: it takes the place the
# source gives it, on top before the West–East line, below after it (law 70's diagrams).
PLACES = {"Nord": "n", "Ouest": "o", "Est": "e", "Sud": "s"}
ROLES = ("Mort", "Déclarant")
_SIEGE = "|".join((*PLACES, *ROLES))
# " Nord", "Déclarant", "Ouest    Est"
SIEGES = re.compile(rf"^\s*(?P<premier>{_SIEGE})(?:\s+(?P<second>{_SIEGE}))?\s*$")
COLONNES = re.compile(r"\s{2,}")
ROUGES = frozenset("♥♦")
COULEURS = re.compile(r"[♠♥♦♣]")
ORDRE = ("n", "o", "e", "s")


def _mains(lignes: Sequence[str]) -> dict[str, tuple[str, list[str]]] | None:
    """place → (seat as written, holding lines); None if the block is not a deal."""
    mains: dict[str, tuple[str, list[str]]] = {}
    courantes: list[str] = []
    for ligne in lignes:
        if not ligne.strip():
            continue
        sieges = SIEGES.match(ligne)
        if sieges:
            noms = [n for n in (sieges["premier"], sieges["second"]) if n]
            cote = "o" in mains or "e" in mains
            courantes = [PLACES.get(n, "s" if cote else "n") for n in noms]
            if any(p in mains for p in courantes) or len(set(courantes)) < len(courantes):
                return None
            for nom, place in zip(noms, courantes, strict=True):
                mains[place] = (nom, [])
            continue
        if not courantes:  # holdings above the first seat: the top place, unnamed
            courantes = ["n"]
            mains["n"] = ("", [])
        cases = COLONNES.split(ligne.strip()) if len(courantes) == 2 else [ligne.strip()]
        if len(cases) != len(courantes):
            return None
        for place, case in zip(courantes, cases, strict=True):
            mains[place][1].append(case)
    return mains if any(nom for nom, _ in mains.values()) else _une_couleur(lignes)


def _une_couleur(lignes: Sequence[str]) -> dict[str, tuple[str, list[str]]] | None:
    """A suit's layout drawn without seats (law 48: ``87`` / ``6   RV9`` / ``AD``): three
    lines, the middle one in two columns, is the compass the source draws."""
    pleines = [ligne.strip() for ligne in lignes if ligne.strip()]
    if len(pleines) != 3:
        return None
    milieu = COLONNES.split(pleines[1])
    if len(milieu) != 2 or any(COLONNES.search(ligne) for ligne in (pleines[0], pleines[2])):
        return None
    return {"n": ("", [pleines[0]]), "o": ("", [milieu[0]]), "e": ("", [milieu[1]]), "s": ("", [pleines[2]])}


def _tenue(ligne: str) -> str:

    def couleur(trouve: re.Match[str]) -> str:
        classe = "couleur rouge" if trouve[0] in ROUGES else "couleur"
        return f'<span class="{classe}">{trouve[0]}</span>'

    return f'<span class="tenue">{COULEURS.sub(couleur, html.escape(ligne, quote=False))}</span>'


def rendre_donne(lignes: Sequence[str]) -> str | None:
    """A hand diagram's lines → an HTML compass (one line, a raw block for Markdown),
    or None when the lines are not a deal (see the module docstring)."""
    mains = _mains(lignes)
    if mains is None:
        return None
    morceaux = ['<div class="donne" role="group" aria-label="Diagramme de donne">']
    for place in (p for p in ORDRE if p in mains):
        nom, tenues = mains[place]
        siege = f'<span class="siege">{html.escape(nom)}</span>' if nom else ""
        morceaux.append(f'<div class="main main-{place}">{siege}{"".join(_tenue(t) for t in tenues)}</div>')
    morceaux.append("</div>")
    return "".join(morceaux)
