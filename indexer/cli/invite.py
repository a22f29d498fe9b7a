"""The prompt: ``loi`` alone on a terminal, one command or search per line.

It runs each line with the dispatcher it is given (``dispatch.programme``), so the
prompt and the command line share one grammar; the index stays open between lines.
"""

from __future__ import annotations

import contextlib
import os
import shlex
import sys
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import TextIO

from indexer.cli import cherche
from indexer.cli.options import COMMANDES, DEBUG
from indexer.cli.sortie import emettre, signaler
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
QUITTER = ("quitter", "q", "quit", "exit", "sortir")
MOTS_INVITE = ("aide", "effacer", "quitter")  # the prompt's own words, offered by Tab


def _historique() -> str | None:
    """Load the readline history; returns the file each entry is appended to, or None (warned)."""
    try:
        import readline
    except ImportError:
        return None
    readline.set_history_length(HISTORIQUE_MAX)
    readline.set_completer(completer)
    readline.set_completer_delims(" \t\n\"'")  # « --edition » is one word to complete, not « edition »
    with contextlib.suppress(AttributeError, OSError, ValueError):  # libedit, a static readline: no watch
        _guetter_les_octets(readline)
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


# GNU readline, in a UTF-8 locale, drops a byte that opens a UTF-8 sequence when an ASCII one follows (« 1\xe90 »
# from a Latin-1 terminal arrives as « 10 »), or keeps it for a later line: ``imp 620 1é0`` would answer for 610.
# The bytes readline reads are watched (its ``rl_getc_function``), and such a line is refused, never run.
_OCTETS = bytearray()
_GUETTEUR: list[object] = []  # the ctypes callback, kept alive as long as readline calls it


def _guetter_les_octets(readline: ModuleType) -> None:
    import ctypes
    import locale

    if locale.nl_langinfo(locale.CODESET).replace("-", "").upper() != "UTF8" or "libedit" in (readline.__doc__ or ""):
        return  # a byte-oriented readline keeps every byte: Python then names the odd one (« \\udce9 »)
    entree = sys.stdin.fileno()

    def octet(_flux: object) -> int:
        try:
            lu = os.read(entree, 1)
        except KeyboardInterrupt:  # Ctrl-C inside a key sequence: nothing typed (NUL is readline's set-mark)
            return 0
        except OSError:
            return -1
        _OCTETS.extend(lu)
        return lu[0] if lu else -1  # -1: EOF, Ctrl-D's end of the session

    guetteur = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p)(octet)
    adresse = ctypes.cast(guetteur, ctypes.c_void_p).value
    ctypes.c_void_p.in_dll(ctypes.CDLL(readline.__file__), "rl_getc_function").value = adresse
    _GUETTEUR.append(guetteur)


def _alteree(ligne: str) -> str | None:
    """The byte that is not UTF-8 when readline may have dropped or moved it (``_guetter_les_octets``), else None."""
    if not _GUETTEUR:
        return None
    try:
        bytes(_OCTETS).decode("utf-8")
    except UnicodeDecodeError as erreur:
        return f"0x{erreur.object[erreur.start]:02X}"
    octets = (ord(c) - 0xDC00 for c in ligne if "\udc80" <= c <= "\udcff")  # bytes Python could not decode
    reste = next((o for o in octets if o not in _OCTETS), None)  # one kept from an earlier line
    return f"0x{reste:02X}" if reste is not None else None


def completer(texte: str, etat: int) -> str | None:
    """Tab, readline's way: the ``etat``-th word that completes ``texte`` where the cursor stands."""
    import readline

    choix = propositions(readline.get_line_buffer()[: readline.get_begidx()], texte)
    return choix[etat] if etat < len(choix) else None


def propositions(avant: str, texte: str) -> list[str]:
    """What Tab offers for the word ``texte`` after the line ``avant``, read from the table as the shell
    completion reads it (``completion``): first a command, a word of the prompt or a law; then the
    command's options and laws, or the values of the option just typed (none after a score). A line
    without a command is read as the command line reads it: « 68 … » is voir, other words cherche; options
    before the command are skipped with their values, as the shell completion skips them."""
    from indexer.cli import completion

    try:
        mots = shlex.split(avant)
    except ValueError:  # an open quote: the words as typed
        mots = avant.split()
    mots = [m for m in mots if m != DEBUG and m.strip("\"'")]  # « "6 » : a quote opens the word, readline's own
    mots = mots[1:] if mots[:1] == ["loi"] else mots
    while mots[:1] and mots[0].startswith("-"):  # « --json voir », « --limite 2 definition »: commande_d_abord
        mots = mots[2:] if mots[0] in completion.A_VALEUR.split() else mots[1:]
    if not mots:
        choix = [*COMMANDES, *MOTS_INVITE, "--help", "--version", *completion.LOIS.split()]
    else:
        commande = mots[0] if mots[0] in COMMANDES else "voir" if mots[0][:1].isdecimal() else "cherche"
        options = {o["drapeau"]: o for o in COMMANDES[commande]["options"] if o["valeur"]}
        option = options.get(mots[-1])
        choix = list(completion.valeurs(option)) if option else " ".join(completion.mots(commande)).split()
    return [mot for mot in choix if mot.lower().startswith(texte.lower())]


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


def _relue(ligne: str) -> str:
    """The line as typed, whatever encoding the console declares: a « ♥ » typed as UTF-8 bytes on a console
    said to be Latin-1 or ASCII reaches Python as « â\\x99¥ » or « \\udce2… »; its bytes are read again as
    UTF-8, as ``dispatch.arguments_utf8`` reads a one-shot ``loi``'s words (a Latin-1 « é » stays as read)."""
    if ligne.isascii():
        return ligne
    with contextlib.suppress(UnicodeError, LookupError):
        return ligne.encode(sys.stdin.encoding or "utf-8", "surrogateescape").decode("utf-8")
    return ligne


def _une_ligne(ligne: str, programme: Callable[[list[str]], int]) -> None:
    """Run one line of the prompt as the ``loi`` command would; no error ends the session, and
    Ctrl-C stops the running command and returns to the prompt."""
    ligne = _relue(ligne)
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


ACCUEIL = "Code International du Bridge de Compétition — « aide » pour l'aide, Ctrl-D pour sortir.\n"
EFFACER = "\x1b[H\x1b[2J"  # cursor home, then clear the screen


def _montrer(texte: str) -> None:
    """The prompt's own words (welcome, help, a cleared screen) written as an answer is: decoration in
    ASCII where the console needs it; a letter it cannot show is one sentence, never the session's end."""
    try:
        emettre(texte)
    except LoiErreur as erreur:
        signaler(str(erreur))


def _lire() -> str | None:
    """The next line typed, or None at Ctrl-D; Ctrl-C gives the line up (an empty one)."""
    _OCTETS.clear()
    try:
        ligne = input("loi> ").strip()
    except EOFError:
        print()
        return None
    except KeyboardInterrupt:
        print()
        return ""
    octet = _alteree(ligne)
    if octet:
        signaler(
            f"la ligne tapée contient l'octet {octet}, qui n'est pas de l'UTF-8 : le terminal écrit dans un autre "
            "codage (latin-1 ?) ; réglez-le en UTF-8. Cette ligne n'a pas été exécutée."
        )
        return ""
    return ligne


def interactif(programme: Callable[[list[str]], int]) -> int:
    fichier = _historique()
    # A byte that is not UTF-8 (a Latin-1 terminal) reaches the command as the shell hands it to a one-shot
    # ``loi`` (« \udce9 »), which names it in its sentence; strict decoding would end the session instead.
    with contextlib.suppress(AttributeError, ValueError):
        sys.stdin.reconfigure(errors="surrogateescape")  # type: ignore[union-attr]
    _montrer(ACCUEIL)
    try:
        cherche.chercheur()
    except LoiErreur as erreur:
        signaler(str(erreur))
    except KeyboardInterrupt:
        print()
    while (ligne := _lire()) is not None and ligne not in QUITTER:
        _retenir(fichier, ligne)
        if ligne in ("aide", "help", "?"):
            _montrer(AIDE_INVITE + "\n")
        elif ligne in ("effacer", "clear"):
            _montrer(EFFACER)
        else:
            _une_ligne(ligne, programme)
    return int(Sortie.TROUVE)
