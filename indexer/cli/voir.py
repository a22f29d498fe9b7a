"""``loi voir``: a law or a paragraph, for a person or as JSON.

The read API is ``indexer.lecture``, over the per-law data committed with docs/
(``docs/donnees/lois/N.json``): reading needs nothing writable.
"""

from __future__ import annotations

from argparse import Namespace

from indexer import lecture
from indexer.cli import sortie
from indexer.cli.texte import texte_humain
from indexer.errors import Sortie


def executer(arguments: Namespace) -> int:
    objet, constat = lecture.consulter(" ".join(arguments.ref), arguments.edition)
    if arguments.json:
        sortie.emettre(sortie.json_texte({**objet, "constat": constat} if constat else objet))
    else:
        style = sortie.styler(sortie.en_couleur(arguments.couleur))
        texte = texte_humain(objet, sortie.largeur(), style, arguments.sources, constat)
        sortie.emettre(texte, pager=not arguments.sans_pager)
    return int(Sortie.TROUVE)
