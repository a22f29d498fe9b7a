"""The one citation grammar: parse and format law labels, and turn them into anchors.

A label is a path in the hierarchy law → section ``A``–``G`` → number ``1`` → letter
``(a)`` → roman ``(i)``: ``Loi 12C1(e)(ii)`` is ``Label(12, ("C", "1", "e", "ii"))``.
Its anchor is ``loi-12-c-1-e-ii``; the law alone is ``loi-12``. Everything that reads
or writes a citation (parsers, cross-references, the CLI, the site) goes through here.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection
from typing import NamedTuple

from indexer.marqueurs import LETTRE_2007, NUMERO, ROMAIN, SECTION, SECTION_CASSE

LOI_MAX = 93

# The grammar's patterns as strings: Python compiles them here, and the site's citation.js
# receives them at build time (``recherche.pour_site.grammaire_citations``), never a copy.
# What people type before a law number: "Loi", "loi", "LOI", "Lois", "L", "Law" (case ignored), and the
# French « n° » (« Loi n° 68 », « n°68 »).
PREFIXES_LOI = ("lois", "laws", "loi", "law", "l")  # the longest first, as the pattern tries them
PREFIXE_MOTIF = rf"^\s*(?:(?:{'|'.join(PREFIXES_LOI)})\s*\.?\s*(?:n\s*[°º]\s*)?|n\s*[°º]\s*)(?=\d)"
# The punctuation that ends a cited reference (« 68C, », « 68C ; », « Loi 68. »).
FIN_MOTIF = r"[\s.,;:!?]+$"
# Digits set apart: « 6 8 » or « 1.2 » is no law 68 or 12, and guessing one would show another law.
CHIFFRES_SEPARES_MOTIF = r"\d[\s.]+\d"
# Spaces and dots between the parts: « 9 A 2.b) » is 9A2b).
SEPARATEURS_MOTIF = r"[\s.]+"
# The canonical shape once spaces and dots are gone: 12C1(e)(ii), 12c1e, 40B2a(i), 12C1b)
LABEL_MOTIF = (
    rf"^(?P<loi>{NUMERO})"
    rf"(?:(?P<section>{SECTION_CASSE})"
    rf"(?:(?P<numero>{NUMERO})"
    rf"(?:\(?(?P<lettre>{LETTRE_2007})\)?"
    rf"(?:\(?(?P<romain>{ROMAIN})\)?)?"
    r")?)?)?$"
)
_PREFIXE = re.compile(PREFIXE_MOTIF, re.IGNORECASE)
# ASCII digits only, as in the browser (JavaScript's \d): « ６８ » is refused on both sides alike. Case
# ignored, as the browser's flag « i » does: « 12C1E », « 40B2(A)(I) » are typed too, and never ambiguous.
LABEL = re.compile(LABEL_MOTIF, re.ASCII | re.IGNORECASE)


class Label(NamedTuple):
    """A law or one of its paragraphs: ``Label(68, ("D", "2", "b", "i"))``.

    An immutable pair ordered, compared and hashed as a tuple; not a dataclass, since
    ``loi voir`` reads it (CONTRIBUTING.md, « Démarrage rapide »).
    """

    loi: int
    parties: tuple[str, ...] = ()  # the path below the law: ("C", "1", "e", "ii")

    def __repr__(self) -> str:
        return f"Label({self.loi}, {self.parties!r})"

    def __str__(self) -> str:
        return f"Loi {self.compact()}"

    def compact(self) -> str:
        """The citation without the word Loi: ``12C1(e)(ii)``."""
        return str(self.loi) + "".join(
            partie if rang < 2 else f"({partie})" for rang, partie in enumerate(self.parties)
        )

    def parent(self) -> Label | None:
        """The enclosing paragraph (``68D2`` for ``68D2(b)``), None for a law."""
        return Label(self.loi, self.parties[:-1]) if self.parties else None

    def ancetres(self) -> tuple[Label, ...]:
        """This label and every enclosing one, innermost first."""
        return tuple(Label(self.loi, self.parties[:n]) for n in range(len(self.parties), -1, -1))

    def contient(self, autre: Label) -> bool:
        """True when ``autre`` is this paragraph or lies inside it."""
        return autre.loi == self.loi and autre.parties[: len(self.parties)] == self.parties


def ancre(label: Label, *suffixes: str) -> str:
    """The HTML id of a label: ``loi-12-c-1-e-ii``; suffixes qualify it (``loi-68-c-2017``)."""
    morceaux = ["loi", str(label.loi), *(p.lower() for p in label.parties), *suffixes]
    return "-".join(m for m in morceaux if m)


def parse_label(texte: str) -> Label | None:
    """Read a citation as people type it; None when it is not one.

    Accepts ``68``, ``Loi 68``, ``loi68``, ``L68``, ``Law 64``, ``68C``, ``68 C``,
    ``70D1``, ``12C1(e)``, ``12c1e``, ``27 b 1 b``, ``Loi 9 A 2.b)``, ``LOI 64.B``, ``Loi n° 68``, ``68C,``.
    """
    label = forme_label(texte)
    return label if label is not None and 1 <= label.loi <= LOI_MAX else None


def forme_label(texte: str) -> Label | None:
    """The label ``texte`` is written as, its law number unchecked: « 94 » is ``Label(94)``, which names
    no law of the Code, where « 6 8 » or « 68C du Code 2017 » is no citation at all."""
    reste = _reste(texte)
    return None if re.search(CHIFFRES_SEPARES_MOTIF, reste) else _forme(reste)


def chiffres_separes(texte: str) -> bool:
    """« 6 8 », « Loi 1.2 C »: a reference but for its digits set apart, refused rather than read as 68."""
    reste = _reste(texte)
    return re.search(CHIFFRES_SEPARES_MOTIF, reste) is not None and _forme(reste) is not None


def _reste(texte: str) -> str:
    return re.sub(FIN_MOTIF, "", _PREFIXE.sub("", texte.strip()))


def _forme(reste: str) -> Label | None:
    compact = re.sub(SEPARATEURS_MOTIF, "", reste)
    trouve = LABEL.fullmatch(compact)  # fullmatch: « $ » lets a final \n pass
    if trouve:
        return Label(int(trouve["loi"]), _parties(trouve))
    # « 100 », « 1000C »: well written, no law of the Code (as « 99 »). LABEL keeps two digits, since the search
    # reads « 100 » as a number; a longer law number is read here, its parts by LABEL after a stand-in « 1 ».
    longue = _LOI_LONGUE.fullmatch(compact)
    suite = longue and LABEL.fullmatch("1" + longue[2])
    return Label(int(longue[1]), _parties(suite)) if longue and suite else None


# Three to twelve digits, the first not a zero (« 068 » is refused: ``zeros_en_tete``), then the parts.
_LOI_LONGUE = re.compile(r"([1-9][0-9]{2,11})(\D.*|)", re.DOTALL)


def _parties(trouve: re.Match[str]) -> tuple[str, ...]:
    return tuple(_partie(niveau, trouve[niveau]) for niveau in _NIVEAUX if trouve[niveau])


def ecrite_comme_reference(texte: str) -> bool:
    """Whether ``loi`` reads ``texte`` as a reference, to show it or say what is wrong with it (« 94 », « 100 »:
    no such law; « 6 8 »: digits apart; « 068 »), rather than as words to search."""
    return forme_label(texte) is not None or chiffres_separes(texte) or zeros_en_tete(texte) is not None


def zeros_en_tete(texte: str) -> Label | None:
    """« 068 », « Loi 0068C »: a law of the Code but for zeros before its number of two digits, which the Code
    never writes; refused rather than read (« 08 », two digits, is Loi 8, as the site reads it), the answer
    naming the law. None for anything else."""
    reste = _reste(texte)
    sans = re.sub(r"^0+(?=[0-9])", "", reste)
    return parse_label(sans) if sans != reste and forme_label(texte) is None else None


_NIVEAUX = ("section", "numero", "lettre", "romain")  # the pattern groups of a label's parts, in order


def _partie(niveau: str, texte: str) -> str:
    """One part as a label writes it: the section in capitals, the number without a leading zero, letters
    and romans in lower case."""
    return texte.upper() if niveau == "section" else str(int(texte)) if niveau == "numero" else texte.lower()


# A reference made from inside a law, without its number: "C", "B1", "A2(a)", "(b)".
# Kept as a pattern string and compiled on first use: ``loi voir`` never needs it.
_RELATIF = (
    rf"^(?P<section>{SECTION})?(?P<numero>{NUMERO})?(?:\(?(?P<lettre>{LETTRE_2007})\))?(?:\((?P<romain>{ROMAIN})\))?$"
)


def parse_relatif(texte: str, contexte: Label) -> Label | None:
    """Resolve ``C``, ``B1``, ``A2(a)``, ``4`` or ``(b)`` against the paragraph it is read in.

    The given parts replace the context from their own level down: in 23B, ``C`` is
    23C; in 12C1, ``(e)`` is 12C1(e) and ``4`` is 12C4.
    """
    texte = re.sub(r"\s+", "", texte)
    romain = re.match(rf"^\(({ROMAIN})\)$", texte)
    # "(i)" alone is a roman item inside a lettered paragraph, except right after
    # "(h)", where it is the ninth letter (80B2 runs from (a) to (l)).
    if romain and len(contexte.parties) >= 3 and contexte.parties[2] != "h":
        return Label(contexte.loi, (*contexte.parties[:3], romain[1]))
    trouve = re.match(_RELATIF, texte)
    if not trouve or not any(trouve.groupdict().values()):
        return None
    premier = next(i for i, n in enumerate(_NIVEAUX) if trouve[n])
    if len(contexte.parties) < premier:
        return None
    donnees = [n for n in _NIVEAUX[premier:] if trouve[n]]
    if donnees != list(_NIVEAUX[premier : premier + len(donnees)]):
        return None  # a gap such as "A(a)" is not a paragraph path
    return Label(contexte.loi, (*contexte.parties[:premier], *(_partie(n, trouve[n]) for n in donnees)))


def ancre_libre(prefixe: str, texte: str) -> str:
    """The HTML id of anything that is not a law paragraph: ``ancre_libre("article", "83.1")``
    is ``article-83-1``; ``ancre_libre("def", "Adv. G")`` is ``def-adv-g``.

    Lower case ASCII words joined by hyphens, accents folded, so ids stay readable.
    """
    plat = unicodedata.normalize("NFKD", texte.replace("œ", "oe").replace("æ", "ae"))
    plat = "".join(c for c in plat if not unicodedata.combining(c)).lower()
    mots = re.findall(r"[a-z0-9]+", plat)
    return "-".join([prefixe, *mots]) if prefixe else "-".join(mots)


def ancre_unique(base: str, prises: Collection[str]) -> str:
    """``base``, or else ``base-2``, ``base-3``…, the first not in ``prises``: on one page two
    sections with the same title (004's tables, a term repeated in the 2007 index) keep distinct ids."""
    rang, candidate = 2, base
    while candidate in prises:
        candidate, rang = f"{base}-{rang}", rang + 1
    return candidate
