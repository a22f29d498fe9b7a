"""The index folder's contract: its marker, its format, the checksums of its files.

An index folder (``index-<empreinte>``) holds the Whoosh index. The marker
``COMPLET.json`` is written last and lists every other
file's size and CRC32: a folder whose marker is missing, of another format or
contradicted by its files is not an index (``IndexCorrompu``), and is rebuilt, never
served. Light on purpose (``os``, ``json``, ``zlib``): a fresh ``loi cherche`` checks it.
"""

from __future__ import annotations

import json
import os
import zlib

TYPE_CHECKING = False  # not typing: CONTRIBUTING.md, « Démarrage rapide »
if TYPE_CHECKING:
    from typing import Any

    from whoosh.index import FileIndex

MARQUEUR = "COMPLET.json"
SYNONYMES = "synonymes.marshal"  # corpus/synonymes.toml analysed at build (index.ecrire_synonymes)
FORMAT = 4  # of the whole folder; bump when the schema changes


class IndexCorrompu(Exception):
    """The folder is not a complete index (internal: the caller rebuilds)."""


def emplacement() -> str:
    """Where the index of the current corpus lives, as a string (no pathlib on this path)."""
    from indexer.chemins import cache_str, empreinte

    return os.path.join(cache_str(), f"index-{empreinte()}")


def lire_marqueur(dossier: str | os.PathLike[str]) -> dict[str, Any]:
    """The folder's marker, checked for its format; IndexCorrompu otherwise."""
    try:
        with open(os.path.join(dossier, MARQUEUR), encoding="utf-8") as fichier:
            marqueur = json.load(fichier)
    except (OSError, ValueError) as erreur:
        raise IndexCorrompu(f"marqueur illisible : {erreur}") from None
    if not isinstance(marqueur, dict) or marqueur.get("format") != FORMAT:
        raise IndexCorrompu("format d'index inconnu")
    return marqueur


def somme(donnees: bytes) -> list[int]:
    """What the marker records of one file: its size and CRC32."""
    return [len(donnees), zlib.crc32(donnees)]


def sommes(dossier: str | os.PathLike[str]) -> dict[str, list[int]]:
    """Size and CRC32 of every file of the folder but the marker."""
    resultat = {}
    for nom in sorted(os.listdir(dossier)):
        chemin = os.path.join(dossier, nom)
        if nom != MARQUEUR and os.path.isfile(chemin):
            with open(chemin, "rb") as fichier:
                resultat[nom] = somme(fichier.read())
    return resultat


def ecrire_marqueur(dossier: str | os.PathLike[str], documents: int) -> None:
    """Seal a folder whose files are all written: the marker goes last."""
    marqueur = {"format": FORMAT, "documents": documents, "fichiers": sommes(dossier)}
    with open(os.path.join(dossier, MARQUEUR), "w", encoding="utf-8") as fichier:
        fichier.write(json.dumps(marqueur))


def verifier(dossier: str | os.PathLike[str]) -> dict[str, Any]:
    """The marker of a complete folder; IndexCorrompu when any file disagrees with it."""
    marqueur = lire_marqueur(dossier)
    if marqueur.get("fichiers") != sommes(dossier):
        raise IndexCorrompu("fichiers de l'index modifiés")
    return marqueur


def complet(dossier: str | os.PathLike[str]) -> bool:
    """True when the folder is a complete, intact index."""
    try:
        verifier(dossier)
    except IndexCorrompu:
        return False
    return True


def lire_synonymes(dossier: str | os.PathLike[str]) -> Any:
    """The synonyms analysed at build, as ``requete.Synonymes`` fields; IndexCorrompu if unreadable."""
    import marshal

    try:
        with open(os.path.join(dossier, SYNONYMES), "rb") as fichier:
            return marshal.loads(fichier.read())
    except (OSError, ValueError, EOFError, TypeError) as erreur:
        raise IndexCorrompu(f"synonymes illisibles : {erreur}") from None


def ouvrir(dossier: str | os.PathLike[str]) -> FileIndex:
    """Open a verified index read-only; IndexCorrompu when it is missing, partial or unreadable."""
    from whoosh.filedb.filestore import FileStorage

    if not os.path.isdir(dossier):
        raise IndexCorrompu("index absent")
    verifier(dossier)
    try:
        ix = FileStorage(os.fspath(dossier), readonly=True).open_index()
        ix.doc_count()  # reads the table of contents and the segment list
    except Exception as erreur:  # Whoosh raises many kinds on a damaged folder
        raise IndexCorrompu(f"whoosh : {erreur!r}") from None
    return ix
