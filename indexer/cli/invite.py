"""The prompt: ``loi`` alone on a terminal, one command or search per line.

It runs each line with the dispatcher it is given (``dispatch.programme``), so the
prompt and the command line share one grammar; the index stays open between lines.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from indexer.errors import LoiErreur, Sortie

AIDE_INVITE = """\
Tapez une situation (« le mort a signalé une renonce »), une loi (68C) ou une commande :
  voir REF · cherche TEXTE · exemples REF|TEXTE · definition TERME · index TERME
  la marque : marque 4♥X V -2 · imp 620 170 · pdm 420 400 -50
    ajustee "60 % 4♠=, 40 % 4♠-1" --vulnerabilite NS --autre-table 420 (ou --marques 420 400 -50)
  options : --limite N, --edition 2017, --json ; « aide » ; « effacer » ; « quitter » ou Ctrl-D pour sortir.
  Ctrl-C interrompt la commande en cours ; l'historique est gardé (flèche du haut)."""


def fichier_historique() -> str:
    """Where the prompt's history lives: ``$XDG_STATE_HOME/loi/historique`` (``~/.local/state``)."""
    import os

    base = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    return os.path.join(base, "loi", "historique")


def _historique() -> str | None:
    """Load the readline history; returns the file to append each entry to, or None."""
    import os

    try:
        import readline

        fichier = fichier_historique()
        os.makedirs(os.path.dirname(fichier), exist_ok=True)
        if os.path.exists(fichier):
            readline.read_history_file(fichier)
        readline.set_history_length(1000)
        readline.set_completer(completer)
        readline.parse_and_bind("tab: complete")
        return fichier
    except (ImportError, OSError):
        return None


def completer(texte: str, etat: int) -> str | None:
    """Tab: the commands, the prompt's words, the laws (« 6 » → 6, 60–69)."""
    from indexer.cli.options import COMMANDES

    mots = [*COMMANDES, "aide", "effacer", "quitter", *(str(n) for n in range(1, 94))]
    choix = [m for m in mots if m.startswith(texte.lower())]
    return choix[etat] if etat < len(choix) else None


def _retenir(fichier: str | None) -> None:
    """Save the history after each entry: a session killed or a laptop shut keeps it."""
    if fichier is None:
        return
    try:
        import readline

        readline.write_history_file(fichier)
    except (ImportError, OSError):
        pass


def _une_ligne(ligne: str, programme: Callable[[list[str]], int]) -> None:
    """Run one line of the prompt as the ``loi`` command would; no error ends the session.

    Ctrl-C stops the running command and returns to the prompt.
    """
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
        _dire(str(erreur))
    except KeyboardInterrupt:
        _dire("commande interrompue.")
    except SystemExit:
        pass  # --help has printed what it had to
    except Exception as erreur:  # noqa: BLE001 — one bad line must not end a director's session
        _dire(f"erreur interne ({type(erreur).__name__} : {erreur}) ; la session continue.")


def _dire(message: str) -> None:
    from indexer.errors import montrable

    print(f"loi : {montrable(message, 1000)}", file=sys.stderr)


def interactif(programme: Callable[[list[str]], int]) -> int:
    """The prompt: one search or law per line, the index kept open, history kept."""
    fichier = _historique()
    print("Code International du Bridge de Compétition — « aide » pour l'aide, Ctrl-D pour sortir.")
    from indexer.cli.cherche import chercheur

    try:
        chercheur()
    except LoiErreur as erreur:
        _dire(str(erreur))
    except KeyboardInterrupt:
        print()
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
        _retenir(fichier)
        if ligne in ("aide", "help", "?"):
            print(AIDE_INVITE)
        elif ligne in ("effacer", "clear"):
            print("\x1b[H\x1b[2J", end="", flush=True)
        else:
            _une_ligne(ligne, programme)
    return int(Sortie.TROUVE)
