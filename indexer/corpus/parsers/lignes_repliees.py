"""Shared wrap logic of 000 and 003: cleaned lines → paragraphs → Blocs.

Both sources were extracted from PDF with the same wrap style (corpus/NOTES.md §1.3): a gap
that contains a line of spaces (an "S line", ``" "`` after cleaning) is a paragraph
break; a gap of empty lines only, or no gap, is a soft wrap. A structural line (a list
marker, ``Exemple…``, ``[``…, chosen by each parser) starts a new paragraph even
without an S line. Diagrams and auctions are runs of lines recognised by shape; they
are kept verbatim and never reflowed.

A ``Morceau`` is one paragraph as it stands: its numbered lines, whether an S line
came before it (``saut``) and its shape (prose, diagram, auction).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, replace

from indexer import marqueurs
from indexer.labels import Label, parse_relatif
from indexer.model import DIAGRAMME, ENCHERES, ITEM, TEXTE, Bloc

Ligne = tuple[int, str]  # (1-based line number, cleaned text)

LIGNE_S = " "  # what cleaning leaves of a line of spaces: a paragraph break

# A list marker at line start, kept in the text: "- soit…", "1. Chaque", "2.Chaque", "a) si", "(b) Le", "(ii) Quand"
MARQUE_ITEM = re.compile(
    rf"^\s*(?:[-–]\s+|{marqueurs.NUMERO}\.(?![\d.)])\s*|\(?{marqueurs.LETTRE}\)\s*|\({marqueurs.ROMAIN}\)\s*)"
)  # not "92.)", the end of "(Voir Appels, Loi" / "92.)"

# Seats, alone or two on a line, above a hand: " Nord", "Ouest    Est", "Déclarant"
DIRECTIONS = re.compile(r"^\s*(?:Nord|Sud|Est|Ouest|Mort|Déclarant)(?:\s+(?:Nord|Sud|Est|Ouest|Mort|Déclarant))?\s*$")
# A holding after its suit, one or two columns: "♠ ARDV2", "♥ -", "♠ 3     ♠ -"
TENUE_COULEUR = re.compile(r"^\s*(?:[♠♥♦♣]\s*[ARDVx0-9\-]*\s*)+$")
# A bare holding (the suit is given by the text around): "87", "6   RV9", " 976", "AD"
TENUE_NUE = re.compile(r"^\s*[ARDVx0-9\-]+(?:\s+[ARDVx0-9\-]+)*\s*$")

# The four seats heading an auction: "N E S O", "S O N E", "Ouest Nord Est Sud"
_SIEGE = r"(?:N|E|S|O|Nord|Est|Sud|Ouest)"
ENTETE_ENCHERES = re.compile(rf"^\s*{_SIEGE}(?:\s+{_SIEGE}){{3}}\s*$")
# One call: "1♠", "3SA", "Passe", "X", "XX", "Fin", "Arbitre !", "..." (a missing call)
APPEL = re.compile(r"[1-7](?:♠|♥|♦|♣|SA)|Passe|passe|XX|X|Fin|Arbitre\s*!|\.\.\.|…")
RANG_ENCHERES = re.compile(rf"^\s*(?:{APPEL.pattern})(?:\s+(?:{APPEL.pattern}))*\s*$")


@dataclass(frozen=True)
class Morceau:
    lignes: tuple[Ligne, ...]
    saut: bool
    forme: str = TEXTE

    @property
    def ligne(self) -> int:
        return self.lignes[0][0]

    @property
    def texte(self) -> str:
        """The paragraph's first line (with what follows a cut, if any)."""
        return self.lignes[0][1]


def joindre(textes: Sequence[str]) -> str:
    """Reflow wrapped lines into one: a space between lines, none after a final hyphen."""
    resultat = ""
    for texte in filter(None, (t.strip() for t in textes)):
        # a line-final hyphen joins without a space and stays ("Nord-" + "Sud" → "Nord-Sud")
        resultat += texte if not resultat or resultat.endswith(("-", "–")) else f" {texte}"
    return resultat


def est_diagramme(texte: str) -> bool:
    """A line that can only belong to a hand diagram (seat names, holdings by suit)."""
    return bool(DIRECTIONS.match(texte) or TENUE_COULEUR.match(texte))


def _forme(lignes: Sequence[Ligne], index: int, forme: str) -> str:
    texte = lignes[index][1]
    if ENTETE_ENCHERES.match(texte) or forme == ENCHERES and RANG_ENCHERES.match(texte):
        return ENCHERES
    if est_diagramme(texte):
        return DIAGRAMME
    if TENUE_NUE.match(texte):
        # A bare holding is a diagram only next to another diagram line ("87" then "6   RV9").
        suivante = next((t for _, t in lignes[index + 1 :] if t.strip()), "")
        if forme == DIAGRAMME or est_diagramme(suivante) or TENUE_NUE.match(suivante):
            return DIAGRAMME
    return TEXTE


def segmenter(
    lignes: Sequence[Ligne], structurel: Callable[[str], object], coupures: Collection[int] = ()
) -> list[Morceau]:
    """Cut at S-line gaps, structural lines and shape changes. Inside a diagram, S lines do not cut
    (hands are spaced with them); an auction ends at the first S line or the first line that is not
    a row of calls. A line whose number is in ``coupures`` opens a paragraph as after an S line."""
    morceaux: list[Morceau] = []
    courant: list[Ligne] = []
    saut, s_vu, forme = True, False, TEXTE
    for index, (numero, texte) in enumerate(lignes):
        if not texte.strip():
            s_vu = s_vu or texte == LIGNE_S
            continue
        s_vu = s_vu or numero in coupures
        nouvelle = _forme(lignes, index, forme)
        coupe = (
            nouvelle != forme
            or (s_vu and forme != DIAGRAMME)
            or (nouvelle == TEXTE and structurel(texte))
            or (nouvelle == ENCHERES and ENTETE_ENCHERES.match(texte) is not None)
        )
        if coupe and courant:
            morceaux.append(Morceau(tuple(courant), saut, forme))
            courant, saut = [], s_vu
        elif not courant:
            saut = s_vu or not morceaux
        courant.append((numero, texte))
        forme, s_vu = nouvelle, False
    if courant:
        morceaux.append(Morceau(tuple(courant), saut, forme))
    return morceaux


def couper(morceau: Morceau, index: int, colonne: int) -> tuple[Morceau | None, Morceau | None]:
    numero, texte = morceau.lignes[index]
    avant = morceau.lignes[:index] + ((numero, texte[:colonne]),)
    apres = ((numero, texte[colonne:]),) + morceau.lignes[index + 1 :]
    return (
        replace(morceau, lignes=avant) if any(t.strip() for _, t in avant) else None,
        Morceau(apres, saut=False, forme=morceau.forme) if any(t.strip() for _, t in apres) else None,
    )


def cellules(lignes: Sequence[str]) -> tuple[tuple[str, ...], ...]:
    """The rows of an auction as cells; leading spaces of a row are empty seats (003:184)."""
    rangs: list[tuple[str, ...]] = []
    for texte in lignes:
        vides = len(texte) - len(texte.lstrip(" ")) if rangs else 0
        appels = APPEL.findall(texte) if rangs else texte.split()
        rangs.append(("",) * vides + tuple(a.replace("  ", " ") for a in appels))
    return tuple(rangs)


def bloc_verbatim(morceau: Morceau) -> Bloc:
    """A diagram or an auction, its lines verbatim (the empty lines between them dropped)."""
    lignes = [texte for _, texte in morceau.lignes if texte.strip()]
    rangs = cellules(lignes) if morceau.forme == ENCHERES else ()
    return Bloc(morceau.forme, "\n".join(lignes), morceau.ligne, cellules=rangs)


def bloc_prose(lignes: Sequence[Ligne], item: bool | None = None) -> Bloc | None:
    """Reflow numbered lines into a TEXTE Bloc, or an ITEM when they start with a marker."""
    texte = joindre([t for _, t in lignes])
    if not texte:
        return None
    item = MARQUE_ITEM.match(texte) is not None if item is None else item
    debut = next(numero for numero, t in lignes if t.strip())
    return Bloc(ITEM if item else TEXTE, texte, debut)


def marque_relative(groupes: Sequence[str | None], contexte: Label) -> Label | None:
    """The label of a paragraph marker ("C.", "2.", "(b)", "(ii)"), given as its groups (section,
    number, letter, roman), read against ``contexte``; a roman marker is read with its letter
    ("(b)(ii)"), so that "(i)" is never read as the letter i."""
    section, numero, lettre, romain = groupes
    if romain:
        if len(contexte.parties) < 3:
            return None
        return parse_relatif(f"({contexte.parties[2]})({romain})", contexte)
    return parse_relatif(section or numero or f"({lettre})", contexte)
