"""The prompt: ``loi`` alone on a terminal, one command or search per line.

It runs each line with the dispatcher it is given (``dispatch.programme``), so the
prompt and the command line share one grammar; the index stays open between lines.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from indexer.errors import LoiErreur, Sortie

AIDE_INVITE = """\
Tapez une situation (« le mort a signalé une renonce »), une loi (68C) ou une commande :
  voir REF · cherche TEXTE · exemples REF|TEXTE · definition TERME · index TERME
  la marque : marque 4♥X V -2 · imp 620 170 · pdm 420 400 -50
    ajustee "60 % 4♠=, 40 % 4♠-1" --vulnerabilite NS --autre-table 420 (ou --marques 420 400 -50)
  options : --limite N, --edition 2017, --json ; « aide » ; « quitter » ou Ctrl-D pour sortir."""


def _historique() -> Any:
    """Load the readline history from the cache; returns the file to save it to, or None."""
    try:
        import readline

        from indexer.chemins import dossier_cache

        fichier = dossier_cache() / "historique"
        fichier.parent.mkdir(parents=True, exist_ok=True)
        if fichier.exists():
            readline.read_history_file(fichier)
        readline.set_history_length(1000)
        return fichier
    except (ImportError, OSError):
        return None


def _une_ligne(ligne: str, programme: Callable[[list[str]], int]) -> None:
    """Run one line of the prompt as the ``loi`` command would, errors as one sentence."""
    import shlex

    try:
        argv = shlex.split(ligne)
    except ValueError:  # an unbalanced quote: search the words as typed
        argv = ligne.split()
    if argv and argv[0] == "loi":
        argv = argv[1:]
    if not argv:
        return
    try:
        programme(argv)
    except LoiErreur as erreur:
        print(f"loi : {erreur}", file=sys.stderr)
    except SystemExit:
        pass  # argparse has already said what was wrong


def interactif(programme: Callable[[list[str]], int]) -> int:
    """The prompt: one search or law per line, the index kept open, history kept."""
    fichier = _historique()
    print("Code International du Bridge de Compétition — « aide » pour l'aide, Ctrl-D pour sortir.")
    from indexer.cli.cherche import chercheur

    try:
        chercheur()
    except LoiErreur as erreur:
        print(f"loi : {erreur}", file=sys.stderr)
    while True:
        try:
            ligne = input("loi> ").strip()
        except EOFError:
            print()
            break
        except KeyboardInterrupt:
            print()
            continue
        if ligne in ("quitter", "q", "quit", "exit", "sortir"):
            break
        if ligne in ("aide", "help", "?"):
            print(AIDE_INVITE)
            continue
        _une_ligne(ligne, programme)
    if fichier is not None:
        try:
            import readline

            readline.write_history_file(fichier)
        except OSError:
            pass
    return int(Sortie.TROUVE)
