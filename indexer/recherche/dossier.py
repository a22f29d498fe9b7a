"""The index folder's contract: its marker, its format, the checksums of its files.

An index folder (``index-<empreinte>``) holds the Whoosh index. The marker
``COMPLET.json`` is written last and lists every other
file's size and CRC32: a folder whose marker is missing, of another format or
contradicted by its files is not an index (``IndexCorrompu``), and is rebuilt, never
served. Light on purpose (``os``, ``json``, ``zlib``, ``mmap``): a fresh ``loi cherche`` checks it.
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
FORMAT = 6  # of the whole folder; bump when the schema changes


class IndexCorrompu(Exception):
    """The folder is not a complete index (internal: the caller rebuilds)."""


def emplacement() -> str:
    """Where the index of the current corpus lives, as a string (no pathlib on this path)."""
    from indexer.chemins import cache_str, empreinte

    return os.path.join(cache_str(), f"index-{empreinte()}")


def lien_casse(dossier: str | os.PathLike[str]) -> str | None:
    """Where a symbolic link at the index's path points, when it leads to no folder (dangling,
    or a file); None otherwise. Nothing can be built through it: ``loi construire --index``
    removes it (``index.installer``), a search says so (``index.ouvrir_ou_construire``)."""
    if os.path.islink(dossier) and not os.path.isdir(dossier):
        try:
            return os.readlink(dossier)
        except OSError:
            return "?"
    return None


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


def somme_fichier(chemin: str) -> list[int]:
    """``somme`` of a file's bytes, read through a memory map.

    Every fresh ``loi cherche`` checks the whole index (some 5 MB): mapped, the bytes
    are not copied first, which saved a quarter of a bare ``python``'s start here; the
    pages are those Whoosh maps next.
    """
    import mmap

    with open(chemin, "rb") as fichier:
        if not os.fstat(fichier.fileno()).st_size:
            return somme(b"")  # an empty file cannot be mapped
        with mmap.mmap(fichier.fileno(), 0, access=mmap.ACCESS_READ) as vue:
            return [len(vue), zlib.crc32(vue)]


def sommes(dossier: str | os.PathLike[str]) -> dict[str, list[int]]:
    """Size and CRC32 of every file of the folder but the marker."""
    resultat = {}
    for nom in sorted(os.listdir(dossier)):
        chemin = os.path.join(dossier, nom)
        if nom != MARQUEUR and os.path.isfile(chemin):
            resultat[nom] = somme_fichier(chemin)
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
        # Reads the table of contents and the schema. Not ``doc_count()`` besides: it would
        # open and close a whole reader before the searcher opens its own, and the files are
        # those the build wrote (checked above).
        ix = FileStorage(os.fspath(dossier), readonly=True).open_index()
    except Exception as erreur:  # Whoosh raises many kinds on a damaged folder
        raise IndexCorrompu(f"whoosh : {erreur!r}") from None
    return ix
