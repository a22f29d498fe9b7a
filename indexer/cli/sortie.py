"""What ``loi`` writes: colours, width, the pager, and the answer written whole or not at all.

Light to import (``os`` and ``sys`` only): ``loi voir`` goes through it. Every
command builds its whole answer as one string and hands it to ``emettre``, so that a
closed output, a full disk or an encoding without « — » is one French sentence and
exit code 2, never a traceback nor half an answer passed for a whole one.
"""

from __future__ import annotations

import codecs
import contextlib
import os
import sys

from indexer.errors import COMMANDES_TERMINAL, LoiErreur, Sortie, SortieImpossible, montrable, raison

# Decoration (what ``loi`` draws around the text: banners, separators) and typography
# (dashes, quotes, thin spaces), with their ASCII stand-in, used only where the output's
# encoding cannot write them (PYTHONIOENCODING=cp1252 has no « ═ »): they never cost an
# answer. A letter of the text itself (« ♠ », « œ ») is never replaced: an output that
# cannot write it is an error that says what to do.
DECOR = {"═": "=", "─": "-", "·": "-", "—": "-", "–": "-", "…": "...", "→": "->", "×": "x", "−": "-",
         "«": '"', "»": '"', "\u00a0": " ", "\u202f": " ", "\u2009": " "}  # fmt: skip


def _decor(erreur: UnicodeError) -> tuple[str, int]:
    """The codec error handler « loi-decor »: decoration in ASCII, anything else refused."""
    if not isinstance(erreur, UnicodeEncodeError):
        raise erreur
    morceau = erreur.object[erreur.start : erreur.end]
    if all(c in DECOR for c in morceau):
        return "".join(DECOR[c] for c in morceau), erreur.end
    raise erreur


codecs.register_error("loi-decor", _decor)

LARGEUR_TUBE = 80  # the width when the output is not a terminal
LARGEUR_MIN, LARGEUR_MAX = 40, 100  # narrower is unreadable, wider too long a line to read

# ANSI styles by kind of line or label (cli.texte.texte_humain, cherche.lignes_reponse).
STYLES = {"titre": "1", "edition": "1;32", "ancienne": "1;33", "ref": "1;36", "source": "2", "note": "3",
          "surligne": "1;33", "url": "2"}  # fmt: skip


def est_terminal(flux: object) -> bool:
    """Whether a stream is a terminal (False when it is closed or missing: ``loi <&-``)."""
    with contextlib.suppress(AttributeError, ValueError, OSError):
        return bool(flux.isatty())  # type: ignore[attr-defined]
    return False


def en_couleur(choix: str | None = None) -> bool:
    """Colours: ``--couleur toujours|jamais``, else ``FORCE_COLOR``, else none with ``NO_COLOR``,
    ``TERM=dumb`` or when the output is not a terminal (https://no-color.org). ``FORCE_COLOR`` set
    and not empty forces colours on, except ``0`` or ``false`` which force them off (the reading of
    force-color.org's tools: supports-color, Node)."""
    if choix in ("toujours", "jamais"):
        return choix == "toujours"
    force = os.environ.get("FORCE_COLOR")
    if force:
        return force.strip().lower() not in ("0", "false", "no", "non")
    return not (os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb") and est_terminal(sys.stdout)


def styler(actif: bool):  # noqa: ANN201 — no typing on the lookup path
    """The ``style(texte, genre)`` function of ``cli.texte.texte_humain``: ANSI or nothing."""
    if not actif:
        return lambda texte, genre: texte
    return lambda texte, genre: f"\x1b[{STYLES[genre]}m{texte}\x1b[0m" if texte else texte


def _terminal() -> os.terminal_size | None:
    for flux in (sys.stdout, sys.stderr):
        with contextlib.suppress(AttributeError, ValueError, OSError):
            return os.get_terminal_size(flux.fileno())  # type: ignore[union-attr]
    return None


def largeur() -> int:
    """The width to wrap to: ``$COLUMNS`` when it is a positive number, else the terminal's,
    else 80 (a pipe); never below 40 nor above 100."""
    colonnes = 0
    with contextlib.suppress(ValueError):
        colonnes = int(os.environ.get("COLUMNS", ""))
    if colonnes <= 0:
        taille = _terminal() if est_terminal(sys.stdout) else None
        colonnes = taille.columns if taille else LARGEUR_TUBE
    return max(LARGEUR_MIN, min(colonnes, LARGEUR_MAX))


def _page(texte: str) -> bool:
    """Show ``texte`` through ``$PAGER`` (``less -R`` by default); False when no pager would start
    or when it failed (exit code other than 0): the caller then writes the answer itself."""
    import shlex
    import subprocess

    env = {"LESS": "FRX", **os.environ}  # quit when it fits, keep colours, leave the text on screen
    sys.stdout.flush()
    try:
        processus = subprocess.Popen(shlex.split(os.environ.get("PAGER") or "less -R"), stdin=subprocess.PIPE, env=env)
    except (OSError, ValueError):
        return False
    try:
        processus.communicate(_encoder(texte))
    except (BrokenPipeError, KeyboardInterrupt):  # the reader quit the pager early
        processus.wait()
        return True
    except BaseException:
        processus.kill()
        processus.wait()
        raise
    # A pager that fails (PAGER=false, a typo) has shown nothing: the answer is written plainly.
    return processus.returncode == 0


def _encoder(texte: str) -> bytes:
    """The answer in the output's encoding, decoration in ASCII where it must; SortieImpossible
    when a letter of the text cannot be written."""
    encodage = getattr(sys.stdout, "encoding", None) or "utf-8"
    try:
        return texte.encode(encodage, "loi-decor")
    except UnicodeEncodeError as erreur:
        raise SortieImpossible(
            f"La sortie est en {encodage}, qui ne peut pas écrire « {erreur.object[erreur.start]} » "
            f"(U+{ord(erreur.object[erreur.start]):04X}) : "
            "relancez avec PYTHONIOENCODING=utf-8 (ou une locale UTF-8 comme LANG=fr_FR.UTF-8), ou avec --json."
        ) from None


def _ecrire(descripteur: int, donnees: bytes) -> None:
    """Write every byte, or undo: a regular file is cut back to its size before the answer. One
    ``os.write`` loop on the descriptor, not ``sys.stdout``: an unbuffered stream
    (``PYTHONUNBUFFERED=1``) drops the rest of a short write without a word."""
    avant = None
    with contextlib.suppress(OSError):  # a pipe, a terminal: nothing to seek
        etat = os.fstat(descripteur)
        if etat.st_mode & 0o170000 == 0o100000:  # S_ISREG, without importing stat
            avant = max(os.lseek(descripteur, 0, os.SEEK_CUR), etat.st_size)
    vue = memoryview(donnees)
    try:
        while vue:
            try:
                vue = vue[os.write(descripteur, vue) :]
            except BlockingIOError:  # a non-blocking output (a parent's pipe): wait until it drains
                import select

                select.select([], [descripteur], [])
    except OSError:
        if avant is not None:
            with contextlib.suppress(OSError):
                os.ftruncate(descripteur, avant)
        raise


def emettre(texte: str, pager: bool = False) -> None:
    """Write the whole answer in one go, or nothing: through the pager when it is long and the
    output a terminal; else encoded whole first, then written and checked byte for byte."""
    if sys.stdout is None:
        raise SortieImpossible(
            "La sortie standard est fermée : la réponse serait perdue. Relancez la "
            "commande sans fermer sa sortie (ou redirigez-la vers un fichier)."
        )
    taille = _terminal() if pager and est_terminal(sys.stdout) and est_terminal(sys.stdin or sys.stdout) else None
    if taille and texte.count("\n") >= taille.lines - 1 and _page(texte):
        return
    descripteur = None
    with contextlib.suppress(AttributeError, ValueError, OSError):  # a stream in memory (tests, an embedding program)
        descripteur = sys.stdout.fileno()
    try:
        if descripteur is None:
            sys.stdout.write(texte)
            sys.stdout.flush()
            return
        donnees = _encoder(texte)
        sys.stdout.flush()  # what was written before, first
        _ecrire(descripteur, donnees)
    except OSError as erreur:
        taire_sortie()
        if isinstance(erreur, BrokenPipeError):
            raise
        raise SortieImpossible(
            f"Impossible d'écrire la réponse ({raison(erreur)}) : vérifiez "
            "la place libre et la destination de la sortie, puis relancez."
        ) from None


def taire_sortie() -> None:
    """Point stdout at /dev/null: what Python still holds to write at exit goes nowhere, silently
    (no « Exception ignored » after a broken pipe or a full disk)."""
    with contextlib.suppress(AttributeError, ValueError, OSError):
        nul = os.open(os.devnull, os.O_WRONLY)
        os.dup2(nul, sys.stdout.fileno())
        os.close(nul)


# What JSON may carry raw but a terminal would obey (``errors.COMMANDES_TERMINAL``). Outside strings
# JSON holds ASCII only, so escaping them anywhere is exact.
_INVISIBLES_JSON = {c: f"\\u{c:04x}" for c in COMMANDES_TERMINAL}


def json_texte(objet: object) -> str:
    """An object as indented JSON; escaped to ASCII when the output cannot write UTF-8 (nothing lost),
    and never a raw invisible control (``_INVISIBLES_JSON``)."""
    import json

    encodage = (getattr(sys.stdout, "encoding", None) or "utf-8").lower().replace("-", "").replace("_", "")
    texte = json.dumps(objet, ensure_ascii=encodage not in ("utf8", "utf16", "utf32"), indent=2)
    return texte.translate(_INVISIBLES_JSON) + "\n"


def signaler(message: str, code: int = Sortie.ERREUR, en_json: bool = False) -> int:
    """Show an error: one French line on stderr, or ``{"erreur": {"code", "message"}}`` with --json."""
    message = montrable(message, 1000)  # never a terminal escape, nor a page of someone's input
    if en_json and sys.stdout is not None:
        with contextlib.suppress(LoiErreur, OSError):  # when the output is what failed, say it on stderr
            emettre(json_texte({"erreur": {"code": code, "message": message}}))
            return code
    if sys.stderr is not None:
        with contextlib.suppress(OSError, ValueError):
            print(lisible(f"loi : {message}", getattr(sys.stderr, "encoding", None)), file=sys.stderr, flush=True)
    return code


def lisible(message: str, encodage: str | None) -> str:
    """The message as a console in ``encodage`` can show it: decoration in ASCII, a letter without
    its accent (« é » → « e »), anything else « ? », rather than Python's « \\xe9 » escapes."""
    try:
        message.encode(encodage or "utf-8")
    except (UnicodeError, LookupError):
        import unicodedata

        def montrer(c: str) -> str:
            for essai in (c, DECOR.get(c, ""), unicodedata.normalize("NFD", c)[:1], {"œ": "oe", "Œ": "OE"}.get(c, "")):
                with contextlib.suppress(UnicodeError, LookupError):
                    if essai and essai.encode(encodage or "utf-8"):
                        return essai
            return "?"

        return "".join(montrer(c) for c in message)
    return message
