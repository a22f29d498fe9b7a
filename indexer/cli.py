"""The ``loi`` command: parse arguments, call the library, print. Nothing else.

``loi REF`` shows a law or paragraph, ``loi TEXTE…`` searches; the subcommands are
``voir``, ``cherche``, ``exemples``, ``definition``, ``index`` and ``construire``.
``loi`` alone on a terminal opens the interactive prompt. Commands import their
machinery lazily: ``loi voir`` must start without Whoosh.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from indexer.errors import LoiErreur, Sortie

COMMANDES = ("voir", "cherche", "exemples", "definition", "index", "construire")

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
OPTIONS_A_VALEUR = ("--limite", "--edition", "--type")


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


def _parseur(recherche: bool = True) -> argparse.ArgumentParser:
    parseur = Parseur(prog="loi", description=AIDE)
    parseur.add_argument("--debug", action="store_true", help="affiche la trace des erreurs")
    sous = parseur.add_subparsers(dest="commande", metavar="COMMANDE")
    voir = sous.add_parser("voir", help="affiche une loi ou un paragraphe")
    voir.add_argument("ref", nargs="+", metavar="REF", help="par exemple 68C, « loi 12 C 1 e »")
    voir.add_argument("--json", action="store_true", help="sortie JSON")
    voir.add_argument("--edition", choices=("2017", "2007"), help="une seule édition")
    construire = sous.add_parser("construire", help="régénère docs/ et l'index")
    construire.add_argument("--strict", action="store_true", help="échoue sur un renvoi cassé")
    construire.add_argument("--index", action="store_true", help="construit aussi l'index")
    construire.add_argument("--verifier", action="store_true", help="vérifie docs/ sans écrire")
    if recherche:  # reading needs none of the search machinery: keep its start fast
        from indexer import cli_recherche

        cli_recherche.ajouter_commandes(sous)
    return parseur


def _mots(argv: list[str]) -> list[str]:
    """The words of a command line: neither options nor the values they take."""
    mots, valeur_attendue = [], False
    for argument in argv:
        if valeur_attendue:
            valeur_attendue = False
        elif argument in OPTIONS_A_VALEUR:
            valeur_attendue = True
        elif not argument.startswith("-"):
            mots.append(argument)
    return mots


def _commande_implicite(argv: list[str]) -> list[str]:
    """``loi 68C`` → ``loi voir 68C``; ``loi renonce --limite 2`` → ``loi cherche …``."""
    mots = _mots(argv)
    if not mots or argv[0] in COMMANDES or mots[0] in COMMANDES:
        return argv
    from indexer.labels import parse_label

    commande = "voir" if parse_label(" ".join(mots)) else "cherche"
    return [commande, *argv]


def programme(argv: list[str]) -> int:
    """Run one command; errors propagate as LoiErreur."""
    if not argv and sys.stdin.isatty() and sys.stdout.isatty():
        from indexer import cli_recherche

        return cli_recherche.interactif()
    argv = _commande_implicite(argv)
    lecture = bool(argv) and argv[0] in ("voir", "construire")
    arguments = _parseur(recherche=not lecture).parse_args(argv)
    if arguments.commande in ("voir", "construire"):
        from indexer import cli_lecture

        return int(getattr(cli_lecture, arguments.commande)(arguments))
    if arguments.commande is None:
        _parseur().print_help()
        return int(Sortie.ERREUR)
    from indexer import cli_recherche

    return int(cli_recherche.executer(arguments))


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: run, turn expected errors into one French sentence and an exit code."""
    liste = list(sys.argv[1:] if argv is None else argv)
    try:
        return programme(liste)
    except LoiErreur as erreur:
        if "--debug" in liste:
            raise
        print(f"loi : {erreur}", file=sys.stderr)
        return int(erreur.code)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
