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

The rebuild is checked, not assumed: each fragment must be the one expected at its
line (``FRAGMENTS``), and a row's numbers must fill its columns exactly; otherwise
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


def _lignes(lignes: Sequence[str], bornes: tuple[int, int]) -> list[str]:
    premiere, derniere = bornes
    return [ligne.strip() for ligne in lignes[premiere - 1 : derniere]]


def rangs(fragments: Sequence[str], colonnes: int) -> tuple[tuple[str, ...], ...] | None:
    """Rows rebuilt from fragments: a fragment with words starts a row, numbers fill it.

    ``["Non contrée 20 20 30", "30"]`` with 4 columns → ``(("Non contrée", "20", "20", "30", "30"),)``.
    None when a row does not get exactly ``colonnes`` numbers, or numbers come first.
    """
    sortie: list[list[str]] = []
    for fragment in fragments:
        trouve = _RANG.match(fragment)
        if trouve is None:
            return None
        if trouve["libelle"]:
            sortie.append([trouve["libelle"]])
        elif not sortie:
            return None
        sortie[-1] += (trouve["nombres"] or "").split()
    if any(len(rang) != colonnes + 1 for rang in sortie):
        return None
    return tuple(tuple(rang) for rang in sortie)


def blocs(lignes: Sequence[str]) -> tuple[Bloc, ...] | None:
    """The law 77 table of 001 as Blocs (title, captions, two tables); None if the
    lines are not the fragments expected (the caller then keeps them verbatim)."""
    couleurs = tuple(" ".join(_lignes(lignes, COULEURS)).split())
    etats = " ".join(_lignes(lignes, ENTETE_SA))
    rangs_couleurs = rangs(_lignes(lignes, RANGS_COULEURS), len(couleurs))
    rangs_sa = rangs(_lignes(lignes, RANGS_SA), len(ETATS))
    if couleurs != ("♣", "♦", "♥", "♠") or etats != " ".join(ETATS):
        return None
    if rangs_couleurs is None or rangs_sa is None:
        return None
    texte = lambda bornes: "\n".join(_lignes(lignes, bornes))  # noqa: E731
    entete_couleurs = (joindre(_lignes(lignes, ENTETE_COULEURS)), *couleurs)
    entete_sa = ("", *ETATS)
    return (
        Bloc(TITRE, joindre(_lignes(lignes, TITRE_TABLE)), TITRE_TABLE[0]),
        Bloc(TEXTE, joindre(_lignes(lignes, SOUS_TITRE)), SOUS_TITRE[0]),
        Bloc(TEXTE, joindre(_lignes(lignes, LEGENDE_COULEURS)), LEGENDE_COULEURS[0]),
        Bloc(
            TABLEAU, texte((COULEURS[0], RANGS_COULEURS[1])), COULEURS[0], cellules=(entete_couleurs, *rangs_couleurs)
        ),
        Bloc(TEXTE, joindre(_lignes(lignes, LEGENDE_SA)), LEGENDE_SA[0]),
        Bloc(TABLEAU, texte((ENTETE_SA[0], RANGS_SA[1])), ENTETE_SA[0], cellules=(entete_sa, *rangs_sa)),
    )
