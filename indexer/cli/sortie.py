"""What ``loi`` writes: colours, width, the pager, and the answer written whole or not at all.

Light to import (``os`` and ``sys`` only): ``loi voir`` goes through it. Every
command builds its whole answer as one string and hands it to ``emettre``, so that a
closed output, a full disk or an encoding without « — » is one French sentence and
exit code 2, never a traceback nor half an answer passed for a whole one.
"""

from __future__ import annotations

import os
import sys

from indexer.errors import SortieImpossible, raison

LARGEUR_TUBE = 80  # the width when the output is not a terminal
LARGEUR_MIN, LARGEUR_MAX = 40, 100  # narrower is unreadable, wider too long a line to read

# ANSI styles by kind of line or label (lecture.texte_humain, cherche.afficher).
STYLES = {"titre": "1", "edition": "1;32", "ancienne": "1;33", "ref": "1;36", "source": "2", "note": "3",
          "surligne": "1;33", "url": "2"}  # fmt: skip


def en_couleur(choix: str | None = None, flux: object = None) -> bool:
    """Colours: ``--couleur toujours|jamais``, else ``FORCE_COLOR``, else none with ``NO_COLOR``,
    ``TERM=dumb`` or when the output is not a terminal (https://no-color.org)."""
    if choix in ("toujours", "jamais"):
        return choix == "toujours"
    if os.environ.get("FORCE_COLOR"):
        return True
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    flux = sys.stdout if flux is None else flux
    try:
        return bool(flux.isatty())  # type: ignore[attr-defined]
    except (AttributeError, ValueError, OSError):
        return False


def styler(actif: bool):  # noqa: ANN201 — no typing on the lookup path
    """The ``style(texte, genre)`` function of ``lecture.texte_humain``: ANSI or nothing."""
    if not actif:
        return lambda texte, genre: texte
    return lambda texte, genre: f"\x1b[{STYLES[genre]}m{texte}\x1b[0m" if texte else texte


def _terminal() -> os.terminal_size | None:
    for flux in (sys.stdout, sys.stderr):
        try:
            return os.get_terminal_size(flux.fileno())  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            continue
    return None


def largeur() -> int:
    """The width to wrap to: ``$COLUMNS`` when it is a positive number, else the terminal's,
    else 80 (a pipe); never below 40 nor above 100."""
    try:
        colonnes = int(os.environ.get("COLUMNS", ""))
    except ValueError:
        colonnes = 0
    if colonnes <= 0:
        taille = _terminal() if sys.stdout is not None and _est_terminal(sys.stdout) else None
        colonnes = taille.columns if taille else LARGEUR_TUBE
    return max(LARGEUR_MIN, min(colonnes, LARGEUR_MAX))


def _est_terminal(flux: object) -> bool:
    try:
        return bool(flux.isatty())  # type: ignore[attr-defined]
    except (AttributeError, ValueError, OSError):
        return False


def _page(texte: str) -> bool:
    """Show ``texte`` through ``$PAGER`` (``less -R`` by default); False when no pager would start."""
    import shlex
    import subprocess

    commande = os.environ.get("PAGER") or "less -R"
    env = dict(os.environ)
    env.setdefault("LESS", "FRX")  # quit when it fits, keep colours, leave the text on screen
    try:
        mots = shlex.split(commande)
        processus = subprocess.Popen(mots, stdin=subprocess.PIPE, env=env)
    except (OSError, ValueError):
        return False
    try:
        processus.communicate(texte.encode(sys.stdout.encoding or "utf-8", "replace"))
    except (BrokenPipeError, KeyboardInterrupt):  # the reader quit the pager early
        processus.wait()
    return True


def emettre(texte: str, pager: bool = False) -> None:
    """Write the whole answer, through the pager when it is long and the output a terminal."""
    if sys.stdout is None:
        raise SortieImpossible("La sortie standard est fermée : la réponse serait perdue. Relancez la "
                               "commande sans fermer sa sortie (ou redirigez-la vers un fichier).")
    if pager and _est_terminal(sys.stdout) and _est_terminal(sys.stdin or sys.stdout):
        taille = _terminal()
        if taille and texte.count("\n") >= taille.lines - 1:
            sys.stdout.flush()
            if _page(texte):
                return
    try:
        sys.stdout.write(texte)
        sys.stdout.flush()
    except UnicodeEncodeError as erreur:
        raise SortieImpossible(
            f"La sortie est en {sys.stdout.encoding}, qui ne peut pas écrire « {erreur.object[erreur.start]} » : "
            "relancez avec PYTHONIOENCODING=utf-8 (ou une locale UTF-8 comme LANG=fr_FR.UTF-8), ou avec --json."
        ) from None
    except BrokenPipeError:
        taire_sortie()
        raise
    except OSError as erreur:
        taire_sortie()
        raise SortieImpossible(f"Impossible d'écrire la réponse ({raison(erreur)}) : vérifiez "
                               "la place libre et la destination de la sortie, puis relancez.") from None


def taire_sortie() -> None:
    """Point stdout at /dev/null: what Python still holds to write at exit goes nowhere, silently
    (no « Exception ignored » after a broken pipe or a full disk)."""
    try:
        nul = os.open(os.devnull, os.O_WRONLY)
        os.dup2(nul, sys.stdout.fileno())
        os.close(nul)
    except (AttributeError, ValueError, OSError):
        pass


def json_texte(objet: object) -> str:
    """An object as indented JSON; escaped to ASCII when the output cannot write UTF-8 (nothing lost)."""
    import json

    encodage = (getattr(sys.stdout, "encoding", None) or "utf-8").lower().replace("-", "").replace("_", "")
    return json.dumps(objet, ensure_ascii=encodage not in ("utf8", "utf16", "utf32"), indent=2) + "\n"
