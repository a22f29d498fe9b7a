"""The ``loi`` command: read the line, run one command, turn errors into one French sentence.

``loi REF`` shows a law or paragraph, ``loi TEXTE…`` searches; the commands and their
options are the table of ``indexer.cli.options``. ``loi`` alone on a terminal opens
the prompt (``invite``). Each command's module is imported when it runs: ``loi voir``
must start without Whoosh nor the corpus parsing (tests/test_demarrage.py).
"""

from __future__ import annotations

import contextlib
import os
import sys
import unicodedata
from collections.abc import Sequence
from importlib import import_module

from indexer.cli import sortie
from indexer.cli.options import COMMANDES, DEBUG, mots_de
from indexer.errors import LoiErreur, Sortie, SortieImpossible, montrable, raison
from indexer.labels import ecrite_comme_reference

# The module of each command that does not search (the search commands: indexer.cli.cherche).
MODULES = {"voir": "voir", "construire": "construire", "completion": "completion",
           "marque": "marque", "imp": "marque", "pdm": "marque", "ajustee": "marque"}  # fmt: skip


def commande_implicite(argv: list[str]) -> list[str]:
    """``loi 68C`` → ``loi voir 68C``; ``loi renonce --limite 2`` → ``loi cherche …``. « marque » is also
    a word directors search (« marque inscrite du mauvais côté »): it is the scoring command only when
    a contract follows, which starts with its level."""
    mots = mots_de(argv)
    contrat = mots[1:2] and mots[1][:1].isdecimal()
    if argv[:1] == ["marque"] and not contrat and not {"-h", "--help"} & set(argv):
        return ["cherche", *argv]
    if not mots or argv[0] in COMMANDES:
        return argv
    if mots[0] in COMMANDES:
        return commande_d_abord(argv, mots[0])
    if mots[1:] in (["voir"], ["exemples"]) and ecrite_comme_reference(mots[0]):  # « loi 68C exemples »
        return commande_d_abord(argv, mots[1])
    proche = commande_proche(argv[0])
    if proche:
        tape, suite = montrable(argv[0], 40), " ".join(montrable(a, 40) for a in argv[1:4])
        raise LoiErreur(
            f"« {tape} » n'est pas une commande : vouliez-vous dire « loi {proche} {suite} » ? "
            f"(Pour chercher ce mot, tapez « loi cherche {tape} … ».)"
        )
    # What reads as a reference goes to voir, which says what is wrong with it: « loi 94 », « loi 100 » (no such
    # law), « loi 6 8 » (digits apart), « loi 068 », rather than a search that would show another law first.
    texte = " ".join(mots)
    commande = "voir" if ecrite_comme_reference(texte) else "cherche"
    return [commande, *argv]


def commande_d_abord(argv: list[str], commande: str) -> list[str]:
    """« loi --json voir 68C », « loi --limite 2 definition mort »: a command's options typed before it, read
    after it, as « loi --json 68C » reads them (they were refused, « --limite 2 » read as a command « 2 »).
    The program's own options (--help, --version) stay before it, where they are read."""
    rang = argv.index(commande)
    if {"-h", "--help", "--version"} & set(argv[:rang]):
        return argv
    return [commande, *argv[:rang], *argv[rang + 1 :]]


def commande_proche(mot: str) -> str | None:
    """The command a first word was meant to be (« définition », « exemple », « voire »), or None: only
    slips, an accent or a letter more or less at the end; anything else is searched (« loi revendication »)."""
    plie = "".join(c for c in unicodedata.normalize("NFD", mot.lower()) if not unicodedata.combining(c))
    proches = (c for c in COMMANDES if (plie != mot and plie == c) or c == plie + "s" or plie in (c + "e", c + "s"))
    return next((c for c in proches if c != "marque"), None)  # « marques ajustées » is a search (commande_implicite)


def programme(argv: list[str], ouvrir_invite: bool = True) -> int:
    """Run one command line; errors propagate as LoiErreur. ``ouvrir_invite``: no words on a terminal open the
    prompt (False inside the prompt itself: a line of only « --debug » shows the help)."""
    if ouvrir_invite and not argv and sortie.est_terminal(sys.stdin) and sortie.est_terminal(sys.stdout):
        from indexer.cli import invite

        return invite.interactif(lambda ligne: executer(ligne, dans_invite=True))
    from indexer.cli.parseur import lire, parseur

    arguments = lire(commande_implicite(argv))
    if arguments.commande is None:
        sortie.emettre(parseur().format_help())
        return int(Sortie.ERREUR)
    return int(import_module(f"indexer.cli.{MODULES.get(arguments.commande, 'cherche')}").executer(arguments))


def _expliquer(erreur: Exception, en_json: bool, taire: bool = True) -> int:
    """Any failure as one French sentence: ours as raised, a system error or an encoding the output
    cannot write as what to check, anything else as an internal error to report. ``taire``: stdout
    then points to /dev/null (a command's last words); never in the prompt, whose next answer needs it."""
    if isinstance(erreur, LoiErreur):
        # When the output is what failed, the error goes to stderr, JSON or not.
        return sortie.signaler(str(erreur), int(erreur.code), en_json and not isinstance(erreur, SortieImpossible))
    if isinstance(erreur, UnicodeEncodeError):
        message = (
            f"La sortie est en {sys.stdout.encoding}, qui ne peut pas tout écrire : relancez avec "
            "PYTHONIOENCODING=utf-8 (ou une locale UTF-8 comme LANG=fr_FR.UTF-8), ou avec --json."
        )
    elif isinstance(erreur, OSError):  # a system error on the way (a file, the cache)
        nom = getattr(erreur, "filename", None)
        message = (
            f"Erreur système{f' sur {nom}' if nom else ''} ({raison(erreur)}) : vérifiez la place libre, "
            "les droits et la destination de la sortie, puis relancez."
        )
    else:
        return sortie.signaler(
            f"erreur interne ({type(erreur).__name__} : {erreur}). Relancez avec --debug pour la trace et "
            "signalez-la avec la commande tapée.",
            int(Sortie.ERREUR),
            en_json,
        )
    if taire:
        sortie.taire_sortie()
    return sortie.signaler(message, int(Sortie.ERREUR), False)


def arguments_utf8(liste: list[str]) -> list[str]:
    """The words as typed, whatever the locale: a « ♠ » given as UTF-8 bytes under ``LC_ALL=C``
    or a Latin-1 locale reaches Python as « \\udce2… » or « â\\x99\\xa0 »; its bytes are read
    again as UTF-8 (a word that is not UTF-8 stays as the system read it)."""
    resultat = []
    for argument in liste:
        if not argument.isascii():
            with contextlib.suppress(UnicodeError, ValueError):
                argument = os.fsencode(argument).decode("utf-8")
        resultat.append(argument)
    return resultat


def executer(liste: list[str], dans_invite: bool = False) -> int:
    """One command line as ``loi`` runs it, in a shell or in the prompt (``invite``): every failure becomes
    one French sentence and exit code 2, or JSON with --json (``--debug``, anywhere on the line: the
    traceback too, the same sentence). Ctrl-C and a closed pipe are left to the caller."""
    debug, en_json = DEBUG in liste, "--json" in liste
    liste = [a for a in liste if a != DEBUG]
    try:
        if sys.stdout is None:  # « >&- »: every answer would be lost
            sortie.emettre("")
        code = programme(liste, ouvrir_invite=not dans_invite)
        sys.stdout.flush()  # here, not at exit: a full disk is then an error like any other
        return code
    except BrokenPipeError:
        raise
    # SystemExit is no Exception: --help and --version, written by argparse (sortie.emettre), exit 0.
    except Exception as erreur:  # noqa: BLE001 — the last guard: never a traceback for a user
        if debug and sys.stderr is not None:  # the traceback, before the usual sentence and exit code
            import traceback

            with contextlib.suppress(OSError, ValueError):
                traceback.print_exc(file=sys.stderr)
        return _expliquer(erreur, en_json, taire=not dans_invite)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: the command line (``executer``); Ctrl-C is exit code 130."""
    try:
        return executer(arguments_utf8(list(sys.argv[1:] if argv is None else argv)))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader went away (« | head »): what it read is what it wanted
        sortie.taire_sortie()
        return int(Sortie.TROUVE)
