"""The ``loi`` command: parse arguments, call the library, print. Nothing else.

``loi REF`` shows a law or paragraph, ``loi TEXTE…`` searches; the subcommands are
``voir``, ``cherche``, ``exemples``, ``definition``, ``index`` and ``construire``.
``loi`` alone on a terminal opens the interactive prompt. Commands import their
machinery lazily: ``loi voir`` must start without Whoosh.
"""

from __future__ import annotations

import sys

from indexer.editions import EDITIONS
from indexer.errors import LoiErreur, Sortie

TYPE_CHECKING = False  # typing is slow to import and ``loi voir`` must start fast
if TYPE_CHECKING:
    from collections.abc import Sequence
    from types import SimpleNamespace

COMMANDES = ("voir", "cherche", "exemples", "definition", "index", "construire")
OPTIONS_A_VALEUR = ("--limite", "--edition", "--type")
# The search commands read directly, and the options each takes besides --json, --limite.
OPTIONS_RECHERCHE = {"cherche": ("--edition", "--type"), "exemples": ("--edition",),
                     "definition": (), "index": ()}  # fmt: skip
ATTRIBUTS = {"--edition": "edition", "--type": "types"}  # where argparse stores them


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


def _voir_direct(argv: list[str]) -> object | None:
    """The arguments of a plain ``voir`` line, read without argparse; None otherwise.

    ``loi voir 68C`` is what a director types at the table: argparse and its imports
    would take a third of its start-up, so the usual forms are read here and anything
    else (help, an unknown option) goes to the full parser.
    """
    if not argv or argv[0] != "voir":
        return None
    from types import SimpleNamespace

    options = SimpleNamespace(commande="voir", ref=[], json=False, edition=None)
    reste = iter(argv[1:])
    for argument in reste:
        if argument == "--json":
            options.json = True
        elif argument == "--edition":
            options.edition = next(reste, None)
            if options.edition not in EDITIONS:
                return None
        elif argument.startswith("-"):
            return None
        else:
            options.ref.append(argument)
    return options if options.ref else None


def _recherche_direct(argv: list[str]) -> SimpleNamespace | None:
    """The arguments of a plain search line, read without argparse; None otherwise.

    Building the whole parser (every subcommand, the French help) costs a fresh
    ``loi cherche`` a tenth of its time. The usual lines — words, with ``--json``,
    ``--limite N``, ``--edition E``, ``--type T`` before or after them — are read here
    into the namespace argparse would give; anything else (help, a bad value, an
    unknown or abbreviated option, ``--``, words on both sides of an option, which
    argparse refuses) goes to the full parser, which stays the reference.
    """
    permises = OPTIONS_RECHERCHE.get(argv[0]) if argv else None
    if permises is None:
        return None
    from types import SimpleNamespace

    from indexer.cli import recherche

    options = SimpleNamespace(debug=False, commande=argv[0], texte=[], json=False,
                              limite=recherche.LIMITE,
                              **{ATTRIBUTS[o]: None for o in permises})  # fmt: skip
    reste, apres_options = iter(argv[1:]), False
    for argument in reste:
        if not argument.startswith("-"):
            if apres_options:
                return None  # words on both sides of an option: argparse refuses the second run
            options.texte.append(argument)
            continue
        apres_options = bool(options.texte)
        if argument == "--json":
            options.json = True
        elif not _option(options, argument, next(reste, None), permises):
            return None
    return options if options.texte else None


def _option(
    options: SimpleNamespace, option: str, valeur: str | None, permises: tuple[str, ...]
) -> bool:
    """Set a valued option as argparse would; False when argparse must judge the line."""
    from indexer.cli import recherche

    if valeur is None:
        return False
    if option == "--limite":
        try:
            nombre = int(valeur)  # as cli_recherche._limite reads it
        except ValueError:
            return False
        options.limite = nombre
        return 1 <= nombre <= 1000
    if option not in permises:
        return False
    if option == "--edition":
        options.edition = valeur
        return valeur in recherche.EDITIONS
    options.types = [*(options.types or []), valeur]
    return valeur in recherche.TYPES


def programme(argv: list[str]) -> int:
    """Run one command; errors propagate as LoiErreur."""
    if not argv and sys.stdin.isatty() and sys.stdout.isatty():
        from indexer.cli import recherche as cli_recherche

        return cli_recherche.interactif()
    argv = _commande_implicite(argv)
    direct = _voir_direct(argv)
    if direct is not None:
        from indexer.cli import lecture as cli_lecture

        return cli_lecture.voir(direct)
    direct = _recherche_direct(argv)
    if direct is not None:
        from indexer.cli import recherche as cli_recherche

        return int(cli_recherche.executer(direct))
    lecture = bool(argv) and argv[0] in ("voir", "construire")
    from indexer.cli.arguments import parseur

    arguments = parseur(recherche=not lecture).parse_args(argv)
    if arguments.commande in ("voir", "construire"):
        from indexer.cli import lecture as cli_lecture

        return int(getattr(cli_lecture, arguments.commande)(arguments))
    if arguments.commande is None:
        parseur().print_help()
        return int(Sortie.ERREUR)
    from indexer.cli import recherche as cli_recherche

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
