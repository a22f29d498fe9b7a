"""Repair « table de la marque » of the 2007 Code: law 77's trick-score table (001, 4757–4777).

The PDF extraction cut the table into fragments (corpus/NOTES.md §2.4): the header
wrapped over two lines (``POINTS`` / ``PAR LEVEE``), a row's cells split across lines
(``Non contrée 20 20 30`` / ``30``, ``Contrée 40 40`` / ``60 60``), the notrump column
values one per line (``… faite 40`` / ``80`` / ``160``). ``blocs`` rebuilds what the
printed Code shows, every word kept and in source order:

- ``POINTS PAR LEVEE``, the table's title, and the line that follows it;
- « SI LES ATOUTS SONT », the caption of the suit table, whose header is the row
  label ``Pour chaque levée demandée et faite`` and the four suits ``♣ ♦ ♥ ♠``, then
  one row per contract state with its four numbers;
- « A UN CONTRAT A SANS ATOUT », the caption of the notrump table, whose header is the
  three states, then its two rows.

The rebuild is checked, not assumed: the suits and the notrump header must be the
ones expected at their lines, and a row's numbers must fill its columns exactly; otherwise
``blocs`` returns ``None`` and the parser keeps the lines verbatim, as before.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from indexer.corpus.parsers.code2007_toc import joindre
from indexer.model import TABLEAU, TEXTE, TITRE, Bloc

DEBUT, FIN = 4757, 4777  # "POINTS" … "120"

# What each part of the table is, by its lines (first, last, inclusive).
TITRE_TABLE = (4757, 4758)  # "POINTS" / "PAR LEVEE"
SOUS_TITRE = (4759, 4759)  # "Marqués par le camp du déclarant si le contrat est réalisé"
LEGENDE_COULEURS = (4760, 4760)  # "SI LES ATOUTS SONT"
COULEURS = (4761, 4761)  # "♣ ♦ ♥ ♠"
ENTETE_COULEURS = (4762, 4762)  # "Pour chaque levée demandée et faite"
RANGS_COULEURS = (4763, 4768)  # "Non contrée 20 20 30" / "30" …
LEGENDE_SA = (4769, 4770)  # "A UN CONTRAT A" / "SANS ATOUT"
ENTETE_SA = (4771, 4771)  # "Non contré Contré Surcontré"
RANGS_SA = (4772, 4777)  # "Pour la première levée demandée et faite 40" / "80" / "160" …

# The notrump table's header, one line in the source: "Non contré Contré Surcontré".
ETATS = ("Non contré", "Contré", "Surcontré")

# A row: its label (words), then its numbers.
_RANG = re.compile(r"^(?P<libelle>\D*?)\s*(?P<nombres>\d+(?:\s+\d+)*)?$")


def _lues(lignes: Sequence[str], bornes: tuple[int, int]) -> list[str]:
    return [ligne.strip() for ligne in lignes[bornes[0] - 1 : bornes[1]]]


def rangs(fragments: Sequence[str], colonnes: int) -> tuple[tuple[str, ...], ...] | None:
    """Rows rebuilt from fragments: a fragment with words starts a row, numbers fill it.

    ``["Non contrée 20 20 30", "30"]`` with 4 columns → ``(("Non contrée", "20", "20", "30", "30"),)``.
    None when a row does not get exactly ``colonnes`` numbers, or numbers come first.
    """
    sortie: list[list[str]] = []
    for fragment in fragments:
        trouve = _RANG.match(fragment)
        if trouve is None or not (trouve["libelle"] or sortie):
            return None
        if trouve["libelle"]:
            sortie.append([trouve["libelle"]])
        sortie[-1] += (trouve["nombres"] or "").split()
    return None if any(len(rang) != colonnes + 1 for rang in sortie) else tuple(tuple(rang) for rang in sortie)


def blocs(lignes: Sequence[str]) -> tuple[Bloc, ...] | None:
    """The law 77 table of 001 as Blocs (title, captions, two tables); None if the
    lines are not the fragments expected (the caller then keeps them verbatim)."""
    couleurs = tuple(" ".join(_lues(lignes, COULEURS)).split())
    rangs_couleurs = rangs(_lues(lignes, RANGS_COULEURS), len(couleurs))
    rangs_sa = rangs(_lues(lignes, RANGS_SA), len(ETATS))
    attendus = couleurs == ("♣", "♦", "♥", "♠") and _lues(lignes, ENTETE_SA) == [" ".join(ETATS)]
    if not attendus or rangs_couleurs is None or rangs_sa is None:
        return None

    def prose(forme: str, bornes: tuple[int, int]) -> Bloc:
        return Bloc(forme, joindre(_lues(lignes, bornes)), bornes[0])

    entete_couleurs = (joindre(_lues(lignes, ENTETE_COULEURS)), *couleurs)
    table_couleurs = "\n".join(_lues(lignes, (COULEURS[0], RANGS_COULEURS[1])))
    table_sa = "\n".join(_lues(lignes, (ENTETE_SA[0], RANGS_SA[1])))
    return (
        prose(TITRE, TITRE_TABLE),
        prose(TEXTE, SOUS_TITRE),
        prose(TEXTE, LEGENDE_COULEURS),
        Bloc(TABLEAU, table_couleurs, COULEURS[0], cellules=(entete_couleurs, *rangs_couleurs)),
        prose(TEXTE, LEGENDE_SA),
        Bloc(TABLEAU, table_sa, ENTETE_SA[0], cellules=(("", *ETATS), *rangs_sa)),
    )
