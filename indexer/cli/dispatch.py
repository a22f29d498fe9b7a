"""The ``loi`` command: read the line, run one command, turn errors into one French sentence.

``loi REF`` shows a law or paragraph, ``loi TEXTE…`` searches; the commands and their
options are the table of ``indexer.cli.options``. ``loi`` alone on a terminal opens
the prompt (``invite``). Each command's module is imported when it runs: ``loi voir``
must start without Whoosh or argparse.
"""

from __future__ import annotations

import sys

from indexer.cli.options import COMMANDES, lire_vite, mots_de
from indexer.errors import LoiErreur, Sortie

TYPE_CHECKING = False  # not typing: CONTRIBUTING.md, « Démarrage rapide »
if TYPE_CHECKING:
    from collections.abc import Sequence
    from types import SimpleNamespace


MARQUE = ("marque", "imp", "pdm", "ajustee")  # the scoring commands (indexer.cli.marque)


def commande_implicite(argv: list[str]) -> list[str]:
    """``loi 68C`` → ``loi voir 68C``; ``loi renonce --limite 2`` → ``loi cherche …``.

    « marque » is also a word directors search (« marque inscrite du mauvais côté »):
    it is the scoring command only when a contract follows, which starts with its level.
    """
    mots = mots_de(argv)
    contrat = mots[1:2] and mots[1][:1].isdecimal()
    if argv[:1] == ["marque"] and not contrat and not {"-h", "--help"} & set(argv):
        return ["cherche", *argv]
    if not mots or argv[0] in COMMANDES or mots[0] in COMMANDES:
        return argv
    from indexer.labels import parse_label

    commande = "voir" if parse_label(" ".join(mots)) else "cherche"
    return [commande, *argv]


def executer(arguments: SimpleNamespace) -> int:
    """Run one command whose arguments are read."""
    if arguments.commande == "voir":
        from indexer.cli import voir

        return voir.voir(arguments)
    if arguments.commande == "construire":
        from indexer.cli import construire

        return construire.construire(arguments)
    if arguments.commande in MARQUE:
        from indexer.cli import marque

        return marque.executer(arguments)
    from indexer.cli import cherche

    return cherche.executer(arguments)


def programme(argv: list[str]) -> int:
    """Run one command line; errors propagate as LoiErreur."""
    if not argv and sys.stdin.isatty() and sys.stdout.isatty():
        from indexer.cli import invite

        return invite.interactif(programme)
    argv = commande_implicite(argv)
    arguments = lire_vite(argv)
    if arguments is None:
        from indexer.cli.parseur import parseur

        arguments = parseur().parse_args(argv)
        if arguments.commande is None:
            parseur().print_help()
            return int(Sortie.ERREUR)
    return int(executer(arguments))


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
