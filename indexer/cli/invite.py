"""The prompt: ``loi`` alone on a terminal, one command or search per line.

It runs each line with the dispatcher it is given (``dispatch.programme``), so the
prompt and the command line share one grammar; the index stays open between lines.
"""

from __future__ import annotations

import contextlib
import os
import shlex
from collections.abc import Callable, Iterator
from typing import TextIO

from indexer.cli import cherche
from indexer.cli.options import COMMANDES
from indexer.cli.sortie import signaler
from indexer.errors import LoiErreur, Sortie, raison

AIDE_INVITE = """\
Tapez une situation (« le mort a signalé une renonce »), une loi (68C) ou une commande :
  voir REF · cherche TEXTE · exemples REF|TEXTE · definition TERME · index TERME
  la marque : marque 4♥X V -2 · imp 620 170 · pdm 420 400 -50
    ajustee "60 % 4♠=, 40 % 4♠-1" --vulnerabilite NS --autre-table 420 (ou --marques 420 400 -50)
  options : --limite N, --edition 2017, --json ; « aide » ; « effacer » ; « quitter » ou Ctrl-D pour sortir.
  Ctrl-C interrompt la commande en cours ; l'historique est gardé (flèche du haut)."""


def fichier_historique() -> str:
    """Where the prompt's history lives: ``$XDG_STATE_HOME/loi/historique`` (``~/.local/state``)."""
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    return os.path.join(base, "loi", "historique")


HISTORIQUE_MAX = 1000  # lines kept in the history file


def _historique() -> str | None:
    """Load the readline history; returns the file each entry is appended to, or None (warned)."""
    try:
        import readline
    except ImportError:
        return None
    readline.set_history_length(HISTORIQUE_MAX)
    readline.set_completer(completer)
    readline.parse_and_bind("tab: complete")
    fichier = fichier_historique()
    try:
        os.makedirs(os.path.dirname(fichier), exist_ok=True)
        with _verrouille(fichier) as flux:  # under the lock: another prompt may be appending
            lignes = flux.read().splitlines()
            if len(lignes) > HISTORIQUE_MAX:  # trimmed in place, still under the lock
                lignes = lignes[-HISTORIQUE_MAX:]
                flux.seek(0)
                flux.truncate()
                flux.write("".join(f"{ligne}\n" for ligne in lignes))
        for ligne in lignes:
            readline.add_history(ligne)
    except (OSError, ValueError) as erreur:
        _avertir(erreur)
        return None
    return fichier


@contextlib.contextmanager
def _verrouille(fichier: str) -> Iterator[TextIO]:
    """The history file opened for reading and appending, under an exclusive lock (fcntl),
    released when it is closed."""
    with open(fichier, "a+", encoding="utf-8", errors="surrogateescape") as flux:
        with contextlib.suppress(ImportError):  # Windows: no lock, appends stay whole lines
            import fcntl

            fcntl.flock(flux.fileno(), fcntl.LOCK_EX)
        flux.seek(0)
        yield flux


_AVERTI: list[bool] = []


def _avertir(erreur: Exception) -> None:
    """Once per session, on stderr: the history cannot be kept (the session goes on)."""
    if _AVERTI:
        return
    _AVERTI.append(True)
    motif = raison(erreur) if isinstance(erreur, OSError) else str(erreur)
    signaler(
        f"l'historique ne peut pas être gardé dans {fichier_historique()} ({motif}) : la session "
        "continue sans lui ; définissez XDG_STATE_HOME vers un dossier où vous pouvez écrire."
    )


def completer(texte: str, etat: int) -> str | None:
    """Tab: the commands, the prompt's words, the laws (« 6 » → 6, 60–69)."""
    mots = [*COMMANDES, "aide", "effacer", "quitter", *(str(n) for n in range(1, 94))]
    choix = [m for m in mots if m.startswith(texte.lower())]
    return choix[etat] if etat < len(choix) else None


def _retenir(fichier: str | None, ligne: str) -> None:
    """Append one entry to the history file, under its lock: a session killed or a laptop shut
    keeps it, and two prompts open at once both keep theirs (never the whole file rewritten)."""
    if fichier is None or not ligne:
        return
    try:
        with _verrouille(fichier) as flux:
            flux.write(ligne.replace("\n", " ") + "\n")
    except (OSError, ValueError) as erreur:
        _avertir(erreur)


def _une_ligne(ligne: str, programme: Callable[[list[str]], int]) -> None:
    """Run one line of the prompt as the ``loi`` command would; no error ends the session, and
    Ctrl-C stops the running command and returns to the prompt."""
    try:
        argv = shlex.split(ligne)
    except ValueError:  # an unbalanced quote: search the words as typed
        argv = ligne.split()
    argv = argv[1:] if argv[:1] == ["loi"] else argv
    if not argv:
        return
    try:
        programme(argv)
    except LoiErreur as erreur:
        signaler(str(erreur))
    except KeyboardInterrupt:
        signaler("commande interrompue.")
    except SystemExit:
        pass  # --help has printed what it had to
    except Exception as erreur:  # noqa: BLE001 — one bad line must not end a director's session
        signaler(f"erreur interne ({type(erreur).__name__} : {erreur}) ; la session continue.")


def interactif(programme: Callable[[list[str]], int]) -> int:
    fichier = _historique()
    print("Code International du Bridge de Compétition — « aide » pour l'aide, Ctrl-D pour sortir.")
    try:
        cherche.chercheur()
    except LoiErreur as erreur:
        signaler(str(erreur))
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
        _retenir(fichier, ligne)
        if ligne in ("aide", "help", "?"):
            print(AIDE_INVITE)
        elif ligne in ("effacer", "clear"):
            print("\x1b[H\x1b[2J", end="", flush=True)
        else:
            _une_ligne(ligne, programme)
    return int(Sortie.TROUVE)
