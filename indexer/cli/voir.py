"""``loi voir``: a law or a paragraph, for a person or as JSON.

The read API is ``indexer.lecture``, over the per-law data committed with docs/
(``docs/donnees/lois/N.json``): reading needs nothing writable.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from indexer import lecture
from indexer.cli import sortie
from indexer.errors import Sortie

if TYPE_CHECKING:
    from argparse import Namespace


def lire(reference: str, edition: str | None = None) -> dict:
    """The JSON object of a law or paragraph (``lecture.lire`` over the committed data)."""
    return lecture.lire(reference, edition, lecture.charger)


def voir(arguments: Namespace) -> int:
    """Print a law or paragraph for a person, or as JSON."""
    objet = lire(" ".join(arguments.ref), arguments.edition)
    if arguments.json:
        sortie.emettre(sortie.json_texte(lecture.public(objet)))
    else:
        style = sortie.styler(sortie.en_couleur(getattr(arguments, "couleur", None)))
        texte = lecture.texte_humain(objet, sortie.largeur(), style, getattr(arguments, "sources", False))
        sortie.emettre(texte, pager=not getattr(arguments, "sans_pager", False))
    return int(Sortie.TROUVE)
