"""The shipped index folder's contract: its marker, its format, the checksums of its files.

``loi construire --index`` writes the Whoosh index, then the marker ``COMPLET.json`` last,
listing every other file's size and CRC32 (and the ``empreinte`` of what it was built from).
A folder whose marker is missing, of another format or contradicted by its files is not an
index (``IndexCorrompu``): the search says so and names the command that rebuilds it.
"""

from __future__ import annotations

import json
import marshal
import mmap
import os
import zlib
from typing import TYPE_CHECKING, Any

from indexer.chemins import DEPOT, dossier_index
from indexer.errors import IndexIndisponible, raison, raison_lecture

if TYPE_CHECKING:
    from whoosh.index import FileIndex

MARQUEUR = "COMPLET.json"
SYNONYMES = "synonymes.marshal"  # corpus/synonymes.toml analysed at build (index.ecrire_synonymes)
FORMAT = 9  # of the whole folder; bump when the schema or the marker changes (its analyzer's classes included)


class IndexCorrompu(Exception):
    """The folder is not a complete index."""


def somme_fichier(chemin: str) -> list[int]:
    """Size and CRC32 of a file, read through a memory map (the pages Whoosh maps next)."""
    with open(chemin, "rb") as fichier:
        if not os.fstat(fichier.fileno()).st_size:
            return [0, zlib.crc32(b"")]  # an empty file cannot be mapped
        with mmap.mmap(fichier.fileno(), 0, access=mmap.ACCESS_READ) as vue:
            return [len(vue), zlib.crc32(vue)]


def sommes(dossier: str | os.PathLike[str]) -> dict[str, list[int]]:
    chemins = {nom: os.path.join(dossier, nom) for nom in sorted(os.listdir(dossier)) if nom != MARQUEUR}
    return {nom: somme_fichier(chemin) for nom, chemin in chemins.items() if os.path.isfile(chemin)}


def ecrire_marqueur(dossier: str | os.PathLike[str], documents: int, empreinte: str, adresse: str) -> None:
    """Seal a folder whose files are all written (the marker goes last)."""
    marqueur = {"format": FORMAT, "documents": documents, "empreinte": empreinte, "fichiers": sommes(dossier)}
    marqueur["adresse"] = adresse
    with open(os.path.join(dossier, MARQUEUR), "w", encoding="utf-8") as fichier:
        fichier.write(json.dumps(marqueur))


def verifier(dossier: str | os.PathLike[str]) -> dict[str, Any]:
    """The marker of a complete folder; IndexCorrompu when any file disagrees with it."""
    if not os.path.isdir(dossier):
        raise IndexCorrompu("index absent")
    try:
        with open(os.path.join(dossier, MARQUEUR), encoding="utf-8") as fichier:
            marqueur = json.load(fichier)
    except (OSError, ValueError, RecursionError) as erreur:
        raise IndexCorrompu(f"marqueur {MARQUEUR} illisible : {raison_lecture(erreur)}") from None
    if not isinstance(marqueur, dict) or marqueur.get("format") != FORMAT:
        raise IndexCorrompu("format d'index inconnu")
    if marqueur.get("fichiers") != sommes(dossier):
        raise IndexCorrompu("fichiers de l'index modifiés")
    return marqueur


def lire_synonymes(dossier: str | os.PathLike[str]) -> Any:
    """The synonyms analysed at build, as ``requete.Synonymes`` fields; IndexCorrompu if unreadable."""
    try:
        with open(os.path.join(dossier, SYNONYMES), "rb") as fichier:
            return marshal.loads(fichier.read())
    except (OSError, ValueError, EOFError, TypeError) as erreur:
        raise IndexCorrompu(
            f"synonymes illisibles : {raison(erreur) if isinstance(erreur, OSError) else 'abîmés'}"
        ) from None


def adresse_site(dossier: str | os.PathLike[str]) -> str:
    """The site's address the index was built for (``build.adresse_site``), "" when the site has none."""
    with open(os.path.join(dossier, MARQUEUR), encoding="utf-8") as fichier:
        return str(json.load(fichier).get("adresse", ""))


def ouvrir(dossier: str | os.PathLike[str]) -> FileIndex:
    """Open a verified index read-only; IndexCorrompu when it is missing, partial or unreadable."""
    from whoosh.filedb.filestore import FileStorage

    verifier(dossier)
    try:
        # Reads the table of contents and the schema only; the files are those the build wrote (checked above).
        return FileStorage(os.fspath(dossier), readonly=True).open_index()
    except Exception as erreur:  # Whoosh raises many kinds on a damaged folder
        raise IndexCorrompu(f"whoosh : {erreur!r}") from None


def message(erreur: Exception) -> str:
    remede = (
        "lancez « loi construire --index » (ou « make »)"
        if DEPOT
        else "réinstallez la commande (pipx reinstall loi-bridge)"
    )
    return f"Index de recherche inutilisable ({dossier_index()} : {erreur}) : {remede}."


def ouvrir_index() -> FileIndex:
    """The shipped index (``chemins.dossier_index``), opened read-only; IndexIndisponible otherwise."""
    try:
        return ouvrir(dossier_index())
    except IndexCorrompu as erreur:
        raise IndexIndisponible(message(erreur)) from None
