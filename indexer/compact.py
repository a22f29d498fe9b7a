"""The compact query file: what a search reads, in one marshal file inside the index.

Opening a Whoosh index costs a fresh ``loi cherche`` more than the search itself:
importing Whoosh, unpickling its table of contents and schema (which imports the
whole analysis stack), opening the segment's files. Yet a search reads little of
it: the postings of the stemmed ``texte`` and ``titre`` fields with their positions,
the field lengths, each document's ranking metadata and, for the few passages
shown, their stored fields. Right after Whoosh has written the index, ``ecrire``
copies exactly that, read back through Whoosh's own reader, into ``compact.marshal``
in the same folder:

- ``postings[champ][racine]``: the marshalled ``{docnum: positions}`` of one stem;
- ``champs[docnum]``: the marshalled stored fields of one document;
- ``longueurs``, ``docs`` (loi, type, edition, ref, enclosing refs per docnum) and the
  analysed ``synonymes``, plain values.

Posting lists and stored fields stay bytes until a query needs them, so loading the
file costs a few milliseconds whatever the corpus. Whoosh stays the index: it builds
and analyses everything, and the typo correction (``terms_within`` on ``mots``) opens
it on demand (``search.Chercheur.reader``).

The file is part of the index: ``COMPLET.json`` lists its size and CRC with every
other file, and ``charger`` checks them (and the format) before decoding anything,
so a partial, damaged or foreign file raises ``IndexCorrompu`` — the index is then
rebuilt, never served. It is keyed like the rest of the folder (``index-<empreinte>``,
which hashes the code too), so it cannot be stale.

This module is light on purpose (``os``, ``json``, ``marshal``, ``zlib``): it is what a
fresh ``loi cherche`` imports instead of Whoosh.
"""

from __future__ import annotations

import json
import marshal
import os
import zlib

TYPE_CHECKING = False  # typing is slow to import and ``loi cherche`` must start fast
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

    from indexer.requete import Synonymes
    from indexer.unites import Unite

NOM = "compact.marshal"
MARQUEUR = "COMPLET.json"
LEXIQUE = "lexique.json"  # folded word → accented spelling, read when a typo is corrected
FORMAT = 2  # of the whole index folder; bump when the schema or this file changes shape
CHAMPS_TEXTE = ("texte", "titre")  # the stemmed fields the ranking reads


class IndexCorrompu(Exception):
    """The folder is not a complete index (internal: the caller rebuilds)."""


def emplacement() -> str:
    """Where the index of the current corpus lives, as a string (no pathlib on this path)."""
    from indexer.chemins import cache_str, empreinte

    return os.path.join(cache_str(), f"index-{empreinte()}")


def lire_marqueur(dossier: str | os.PathLike[str]) -> dict[str, Any]:
    """The index's ``COMPLET.json``, checked for its format; IndexCorrompu otherwise."""
    try:
        with open(os.path.join(dossier, MARQUEUR), encoding="utf-8") as fichier:
            marqueur = json.load(fichier)
    except (OSError, ValueError) as erreur:
        raise IndexCorrompu(f"marqueur illisible : {erreur}") from None
    if not isinstance(marqueur, dict) or marqueur.get("format") != FORMAT:
        raise IndexCorrompu("format d'index inconnu")
    return marqueur


def charger(dossier: str | os.PathLike[str]) -> dict[str, Any]:
    """The compact file of a complete index, checked against the marker, then decoded."""
    attendu = lire_marqueur(dossier).get("fichiers", {}).get(NOM)
    try:
        with open(os.path.join(dossier, NOM), "rb") as fichier:
            donnees = fichier.read()
    except OSError as erreur:
        raise IndexCorrompu(f"fichier compact illisible : {erreur}") from None
    if attendu != [len(donnees), zlib.crc32(donnees)]:
        raise IndexCorrompu("fichier compact modifié")
    try:
        contenu = marshal.loads(donnees)
    except (ValueError, EOFError, TypeError) as erreur:
        raise IndexCorrompu(f"fichier compact illisible : {erreur}") from None
    if not isinstance(contenu, dict) or contenu.get("format") != FORMAT:
        raise IndexCorrompu("format du fichier compact inconnu")
    return contenu


def ecrire(dossier: str | os.PathLike[str], reader: Any, unites: Sequence[Unite],
           synonymes: Synonymes) -> None:  # fmt: skip
    """Write the compact file of the Whoosh index that ``reader`` reads (at build time)."""
    contenu = {
        "format": FORMAT,
        "postings": {champ: _postings(reader, champ) for champ in CHAMPS_TEXTE},
        **_documents(reader, unites),
        "champs": [marshal.dumps(reader.stored_fields(n)) for n in range(reader.doc_count_all())],
        "synonymes": tuple(synonymes),
    }
    with open(os.path.join(dossier, NOM), "wb") as fichier:
        fichier.write(marshal.dumps(contenu))


def _postings(reader: Any, champ: str) -> dict[str, bytes]:
    """Every stem of a field → its marshalled ``{docnum: positions}``, as Whoosh reads them."""
    listes = {}
    for racine in reader.field_terms(champ):
        positions = reader.postings(champ, racine).items_as("positions")
        listes[racine] = marshal.dumps({doc: tuple(p) for doc, p in positions})
    return listes


def _documents(reader: Any, unites: Sequence[Unite]) -> dict[str, Any]:
    """Field lengths and ranking metadata per docnum, read once at build time."""
    from indexer.index import chemins_refs

    nombre = reader.doc_count_all()
    rangs = [reader.stored_fields(n)["rang"] for n in range(nombre)]
    return {
        "longueurs": {
            c: [reader.doc_field_length(n, c, 0) for n in range(nombre)] for c in CHAMPS_TEXTE
        },
        "docs": [
            [u.loi, u.type, u.edition, u.ref, chemins_refs(u).split()]
            for u in (unites[r] for r in rangs)
        ],
    }
