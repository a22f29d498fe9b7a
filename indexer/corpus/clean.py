"""Cleaning: source text → lines ready for a parser, line numbers unchanged.

Each step is a pure function from a tuple of lines to a tuple of lines of the same
length, so that every later message can still point at the source line. The steps
that apply to a source are named in its record (``indexer.sources``); the errata of ``corpus/errata.toml``
are applied last, each checked against the text it expects to find.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from indexer import sources

Lignes = tuple[str, ...]
Etape = Callable[[Lignes], Lignes]

# 001: the RNC was set in the Symbol font, whose suit code points 0xA7–0xAA came out
# as §¨©ª (corpus/NOTES.md §2.7: all 44 occurrences, lines 6529–8589, are suits).
DEBUT_RNC = 6251
SYMBOLES = str.maketrans({"§": "♣", "¨": "♦", "©": "♥", "ª": "♠"})


class ErreurErratum(ValueError):
    """An erratum does not match its source: the source or the errata file changed."""


@dataclass(frozen=True)
class Erratum:
    """One repair: in ``source`` at ``ligne``, ``avant`` becomes ``apres``, for ``motif``.

    With a ``note`` instead of ``apres``, the words stay as the source has them and the
    note goes under them (``corpus.signalements``), where the other sources say it.
    """

    source: str
    ligne: int
    avant: str
    motif: str
    apres: str = ""
    note: str = ""


def sans_saut_de_page(lignes: Lignes) -> Lignes:
    """Drop the form feeds of 000: a page break is a soft continuation (corpus/NOTES.md §1.2)."""
    return tuple(ligne.replace("\f", "") for ligne in lignes)


def couleurs_symbol(lignes: Lignes) -> Lignes:
    """Map Symbol-font suits ``§¨©ª`` to ♣♦♥♠ in the 001 RNC only (corpus/NOTES.md §2.7)."""
    return lignes[: DEBUT_RNC - 1] + tuple(ligne.translate(SYMBOLES) for ligne in lignes[DEBUT_RNC - 1 :])


def guillemets_doubles(lignes: Lignes) -> Lignes:
    """Replace the ``≪ ≫`` (U+226A/B) used as guillemets in 001 by ``« »``."""
    return tuple(ligne.replace("≪", "«").replace("≫", "»") for ligne in lignes)


def sans_espaces_finales(lignes: Lignes) -> Lignes:
    """Drop trailing blanks: 000 ends almost every line with a space (corpus/NOTES.md §1).

    Lines made only of spaces ("S lines", the paragraph breaks of 000 and 003) keep
    one space so that the parsers can still tell them from empty lines.
    """
    return tuple(" " if ligne.strip() == "" and ligne else ligne.rstrip() for ligne in lignes)


# The steps by the names that ``sources.Source.nettoyage`` lists.
ETAPES: dict[str, Etape] = {
    etape.__name__: etape for etape in (sans_saut_de_page, couleurs_symbol, guillemets_doubles, sans_espaces_finales)
}


def appliquer_errata(lignes: Lignes, source: str, errata: Iterable[Erratum]) -> Lignes:
    """Apply the errata of one source; a mismatch raises rather than guess."""
    resultat = list(lignes)
    for erratum in (e for e in errata if e.source == source):
        index = erratum.ligne - 1
        if not 0 <= index < len(resultat) or erratum.avant not in resultat[index]:
            raise ErreurErratum(
                f"{source}:{erratum.ligne} : l'erratum attend « {erratum.avant} », "
                "introuvable à cette ligne ; corrigez corpus/errata.toml."
            )
        if not erratum.note:
            resultat[index] = resultat[index].replace(erratum.avant, erratum.apres, 1)
    return tuple(resultat)


def clean_source(texte: str, source: str, errata: Iterable[Erratum] = ()) -> Lignes:
    """Run the steps of ``source`` (its record's ``nettoyage``) then its errata; the line
    count never changes."""
    lignes = tuple(texte.split("\n"))  # LF only, as corpus/NOTES.md §0 measured
    for nom in sources.source(source).nettoyage:
        lignes = ETAPES[nom](lignes)
    return appliquer_errata(lignes, source, errata)
