"""The argument parser of ``loi``, in French: headings, help and error messages.

Imported only by the commands that need it: ``loi voir`` reads its few options
itself to start fast (see ``cli._voir_direct``).
"""

from __future__ import annotations

import argparse
import re
from typing import Any, NoReturn

from indexer.editions import EDITIONS
from indexer.errors import Sortie

AIDE = """\
Le Code International du Bridge de Compétition, en ligne de commande.

  loi 68C                       affiche la Loi 68C (texte, commentaire, exemples)
  loi revendication contestée   cherche dans les lois et le commentaire
  loi voir REF                  affiche une loi ou un paragraphe (--json)
  loi cherche TEXTE             recherche (--json, --limite N, --edition, --type)
  loi exemples REF|TEXTE        les exemples du Guide pour une loi ou une recherche
  loi definition TERME          une définition du Code
  loi index TERME               l'index alphabétique du Code 2007
  loi construire                régénère docs/ et l'index (--strict, --index)
  loi                           (sur un terminal) ouvre l'invite interactive
"""


# argparse speaks English and ships no French catalogue: its few messages are
# translated here, so that every error a user sees is French.
TRADUCTIONS = (
    (r"the following arguments are required: (.*)", r"il manque : \1"),
    (r"argument (\S+): expected one argument", r"l'option \1 attend une valeur"),
    (r"argument (\S+): invalid choice: (.*) \(choose from (.*)\)", r"\1 : \2 n'est pas permis (au choix : \3)"),
    (r"argument (\S+): (.*)", r"\1 : \2"),
    (r"unrecognized arguments: (.*)", r"arguments inconnus : \1"),
    (r"invalid choice: (.*) \(choose from (.*)\)", r"\1 n'est pas une commande (au choix : \2)"),
)


class Parseur(argparse.ArgumentParser):
    """An ArgumentParser that speaks French: headings, help, errors (exit code 2)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", FormatFrancais)
        kwargs.setdefault("add_help", False)
        super().__init__(*args, **kwargs)
        self._positionals.title = "arguments"
        self._optionals.title = "options"
        self.add_argument("-h", "--help", action="help", help="affiche cette aide")

    def error(self, message: str) -> NoReturn:
        for motif, francais in TRADUCTIONS:
            message, n = re.subn(f"^{motif}$", francais, message)
            if n:
                break
        self.exit(int(Sortie.ERREUR), f"loi : {message}. Tapez « {self.prog} --help » pour l'aide.\n")


class FormatFrancais(argparse.RawDescriptionHelpFormatter):
    """Help text with a French « Usage : » heading."""

    def add_usage(self, usage: Any, actions: Any, groups: Any, prefix: str | None = None) -> None:
        # prefix "" is argparse building a subcommand's prog name: leave it alone.
        super().add_usage(usage, actions, groups, "Usage : " if prefix is None else prefix)


def parseur(recherche: bool = True) -> argparse.ArgumentParser:
    """The whole ``loi`` parser; without the search subcommands when only reading."""
    resultat = Parseur(prog="loi", description=AIDE)
    resultat.add_argument("--debug", action="store_true", help="affiche la trace des erreurs")
    sous = resultat.add_subparsers(dest="commande", metavar="COMMANDE")
    voir = sous.add_parser("voir", help="affiche une loi ou un paragraphe")
    voir.add_argument("ref", nargs="+", metavar="REF", help="par exemple 68C, « loi 12 C 1 e »")
    voir.add_argument("--json", action="store_true", help="sortie JSON")
    voir.add_argument("--edition", choices=EDITIONS, help="une seule édition")
    construire = sous.add_parser("construire", help="régénère docs/ et l'index")
    construire.add_argument("--strict", action="store_true", help="échoue sur un renvoi cassé")
    construire.add_argument("--index", action="store_true", help="construit aussi l'index")
    construire.add_argument("--verifier", action="store_true", help="vérifie docs/ sans écrire")
    if recherche:  # reading needs none of the search machinery: keep its start fast
        from indexer.cli import recherche as cli_recherche

        cli_recherche.ajouter_commandes(sous)
    return resultat
