"""Exit codes and the exception tree: the library raises, only the CLI prints."""

from __future__ import annotations

import json
from enum import IntEnum


class Sortie(IntEnum):
    """Exit codes, like grep: found, nothing found, bad usage or input."""

    TROUVE = 0
    RIEN = 1
    ERREUR = 2


class LoiErreur(Exception):
    """An expected failure: one French sentence saying what to do, and an exit code."""

    code = Sortie.ERREUR

    def __init__(self, message: str, code: Sortie | None = None) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code


class SourceModifiee(LoiErreur):
    """A source's sha256 differs from the manifest."""


class ReferenceInconnue(LoiErreur):
    """A citation names no law or paragraph of the corpus."""


class IndexIndisponible(LoiErreur):
    """The search index is missing or damaged (``loi construire --index`` rebuilds it)."""


class DonneesAbimees(LoiErreur):
    """The committed per-law data is missing or not in its shape."""


class SortieImpossible(LoiErreur):
    """The answer could not be written (closed output, full disk, an encoding without UTF-8)."""


# What a terminal obeys past the C0 controls: the C1 controls (U+009B is a CSI) and the bidirectional
# overrides and isolates (U+202A–U+202E, U+2066–U+2069) that reorder what it shows (« Trojan Source »).
# Data shown to a person or written as JSON never carries them raw (``lecture``, ``cli.sortie``).
COMMANDES_TERMINAL = (*range(0x7F, 0xA0), *range(0x202A, 0x202F), *range(0x2066, 0x206A))


def montrable(texte: str, longueur: int = 60) -> str:
    """What a user typed, safe to echo: control characters (terminal escapes) shown as
    « \\x1b », and cut to ``longueur`` characters."""
    sur = "".join(c if c.isprintable() or c == " " else repr(c)[1:-1] for c in texte)
    return sur if len(sur) <= longueur else sur[: longueur - 1] + "…"


# The system's reasons, in French (``strerror`` speaks the machine's locale, often English).
RAISONS = {28: "disque plein", 13: "accès refusé", 30: "système de fichiers en lecture seule",
           2: "fichier ou dossier absent", 20: "un fichier est là où il faut un dossier",
           17: "un fichier existe déjà à cet endroit", 32: "la sortie a été fermée", 9: "sortie fermée",
           122: "quota dépassé", 27: "fichier trop gros pour la limite du système (ulimit -f)",
           5: "erreur d'entrée-sortie du disque", 6: "périphérique absent", 19: "périphérique absent",
           21: "c'est un dossier", 24: "trop de fichiers ouverts", 36: "nom de fichier trop long",
           40: "trop de liens symboliques", 12: "mémoire insuffisante"}  # fmt: skip


def raison(erreur: OSError) -> str:
    """Why a file operation failed, in French when the reason is a usual one; else the system's
    words, named as such (they speak the machine's locale)."""
    if erreur.errno in RAISONS:
        return RAISONS[erreur.errno]
    return f"erreur système {erreur.errno} : {erreur.strerror}" if erreur.errno else str(erreur)


def raison_lecture(erreur: Exception) -> str:
    """Why a JSON file could not be read (per-law data, the index marker), in French: the reader's own
    messages are English."""
    if isinstance(erreur, json.JSONDecodeError):
        if erreur.msg.startswith("Unexpected UTF-8 BOM"):
            return "commence par une marque d'ordre des octets (BOM)"
        return f"JSON invalide (ligne {erreur.lineno}, colonne {erreur.colno})"
    if isinstance(erreur, UnicodeDecodeError):
        return f"pas en UTF-8 (octet {erreur.start + 1})"
    if isinstance(erreur, RecursionError):
        return "imbrication trop profonde"
    if isinstance(erreur, OSError):
        return raison(erreur)
    return "nombre démesuré" if "digits" in str(erreur) else "valeur illisible"
