"""``loi voir``: a law or a paragraph, for a person or as JSON.

The read API is ``indexer.lecture``; this module gives it the per-law data, which
the build writes once per version of the corpus (``build.ecrire_voir``).
"""

from __future__ import annotations

import json
import os
import sys

from indexer import lecture
from indexer.errors import LoiErreur, Sortie

TYPE_CHECKING = False  # not typing: CONTRIBUTING.md, « Démarrage rapide »
if TYPE_CHECKING:
    from types import SimpleNamespace


def objet_loi(numero: int) -> dict:
    """The per-law data; a missing or damaged copy is rebuilt once, never served."""
    for _ in range(2):
        try:
            return lecture.charger(numero)
        except lecture.DonneesAbsentes:
            from indexer import build

            print("Préparation du cache de lecture (une fois par version du corpus)…", file=sys.stderr)
            build.ecrire_voir()
    raise LoiErreur("Le cache de lecture reste illisible : vérifiez les droits sur le dossier "
                    ".cache (ou $LOI_CACHE), puis relancez la commande.")


def lire(reference: str, edition: str | None = None) -> dict:
    """The JSON object of a law or paragraph (``lecture.lire`` over the per-law data)."""
    return lecture.lire(reference, edition, objet_loi)


def _largeur_terminal() -> int:
    """The terminal's width ($COLUMNS first), 80 when there is no terminal."""
    try:
        return int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        pass
    try:
        return os.get_terminal_size(sys.stdout.fileno()).columns
    except (OSError, ValueError):
        return 80


def voir(arguments: SimpleNamespace) -> int:
    """Print a law or paragraph for a person, or as JSON."""
    objet = lire(" ".join(arguments.ref), arguments.edition)
    if arguments.json:
        print(json.dumps(lecture.public(objet), ensure_ascii=False, indent=2))
    else:
        largeur = min(_largeur_terminal(), 100)
        sys.stdout.write(lecture.texte_humain(objet, largeur))
    return int(Sortie.TROUVE)
