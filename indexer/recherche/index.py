"""The Whoosh index on disk: schema, build, atomic swap, and corruption checks.

The index lives in ``dossier_cache()/index-<empreinte>``: the key changes whenever a
source, a data file or the code changes, so a stale index is simply never looked at.
A build writes into a temporary folder next to it — the Whoosh index, then the
compact query file derived from it (``indexer.recherche.compact``), which a search reads
instead of Whoosh, typo correction included — records
every file's size and CRC in ``COMPLET.json`` last, then renames the folder into
place. An index whose marker is missing or disagrees with its files (a build killed
half-way, a disk that lost a file) is rebuilt, never served.
"""

from __future__ import annotations

import marshal
import os
import shutil
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from indexer.errors import IndexIndisponible
from indexer.recherche import compact
from indexer.recherche import dossier as dossier_
from indexer.recherche.dossier import IndexCorrompu, complet, ecrire_marqueur, verifier
from indexer.recherche.unites import chemins_refs, lexique

if TYPE_CHECKING:
    from whoosh.fields import Schema
    from whoosh.index import FileIndex

    from indexer.model import Fiche
    from indexer.recherche.requete import Synonymes


def schema() -> Schema:
    """One document per ``Fiche``; ``mots`` holds the unstemmed words for typo correction.

    The source of truth of the search: ``compact.ecrire`` copies from this index what
    a query reads, the ``mots`` vocabulary and its frequencies included.
    """
    from whoosh.fields import ID, KEYWORD, STORED, TEXT, Schema

    from indexer.recherche.filtres import analyseur_fr, analyseur_simple

    analyseur = analyseur_fr()
    return Schema(
        ancre=ID(stored=True),
        loi=ID(stored=True),  # "68", or "" for a side document
        refs=KEYWORD(lowercase=True),  # "68 68c 68c1": every enclosing paragraph
        ref=STORED(),
        type=ID(stored=True),
        edition=ID(stored=True),
        source=STORED(),
        url=STORED(),
        rang=STORED(),
        titre=TEXT(analyzer=analyseur, stored=True),
        texte=TEXT(analyzer=analyseur, stored=True),
        mots=TEXT(analyzer=analyseur_simple(), phrase=False),
    )


def _document(rang: int, fiche: Fiche) -> dict[str, Any]:
    return {
        "ancre": fiche.ancre,
        "loi": "" if fiche.loi is None else str(fiche.loi),
        "refs": chemins_refs(fiche),
        "ref": fiche.ref,
        "type": fiche.type,
        "edition": fiche.edition,
        "source": fiche.source,
        "url": fiche.url,
        "rang": rang,
        "titre": fiche.page,
        "texte": fiche.texte,
        "mots": f"{fiche.page}\n{fiche.texte}",
    }


def ecrire(fiches: Sequence[Fiche], dossier: Path) -> None:
    """Build the index of ``fiches`` into ``dossier`` (which must not exist yet)."""
    from whoosh import index as whoosh_index

    dossier.mkdir(parents=True)
    ix = whoosh_index.create_in(str(dossier), schema())
    writer = ix.writer(limitmb=256)
    for rang, fiche in enumerate(fiches):
        writer.add_document(**_document(rang, fiche))
    writer.commit(optimize=True)
    from indexer.recherche import requete

    with ix.reader() as reader:
        ecrire_compact(dossier, reader, fiches, requete.lire_synonymes())
    ix.close()
    ecrire_marqueur(dossier, len(fiches))  # last: the folder is complete


def ecrire_compact(dossier: str | os.PathLike[str], reader: Any, fiches: Sequence[Fiche],
           synonymes: Synonymes) -> None:  # fmt: skip
    """Write the compact file of the Whoosh index that ``reader`` reads (at build time)."""
    contenu = {
        "format": dossier_.FORMAT,
        "postings": {champ: _postings(reader, champ) for champ in compact.CHAMPS_TEXTE},
        **_documents(reader, fiches),
        "champs": [marshal.dumps(reader.stored_fields(n)) for n in range(reader.doc_count_all())],
        "synonymes": tuple(synonymes),
        "fautes": _fautes(reader, fiches),
    }
    with open(os.path.join(dossier, compact.NOM), "wb") as fichier:
        fichier.write(marshal.dumps(contenu))


def _postings(reader: Any, champ: str) -> dict[str, bytes]:
    """Every stem of a field → its marshalled ``{docnum: positions}``, as Whoosh reads them."""
    listes = {}
    for racine in reader.field_terms(champ):
        positions = reader.postings(champ, racine).items_as("positions")
        listes[racine] = marshal.dumps({doc: tuple(p) for doc, p in positions})
    return listes


def _documents(reader: Any, fiches: Sequence[Fiche]) -> dict[str, Any]:
    """Field lengths and ranking metadata per docnum, read once at build time."""
    nombre = reader.doc_count_all()
    rangs = [reader.stored_fields(n)["rang"] for n in range(nombre)]
    return {
        "longueurs": {
            c: [reader.doc_field_length(n, c, 0) for n in range(nombre)] for c in compact.CHAMPS_TEXTE
        },
        "docs": [
            [u.loi, u.type, u.edition, u.ref, chemins_refs(u).split()]
            for u in (fiches[r] for r in rangs)
        ],
    }


def _fautes(reader: Any, fiches: Sequence[Fiche]) -> bytes:
    """The marshalled vocabulary of the typo correction: the words of ``mots``, their frequencies, the lexicon.

    Shaped to decode fast (a fresh ``loi cherche`` with a typo pays for it): the sorted
    words as one newline-joined string, their document frequencies as a tuple in the
    same order, and the lexicon as one ``"\nplie\taccentue"`` string searched in place.
    """
    mots = sorted(reader.field_terms(compact.CHAMP_MOTS))
    formes = "".join(f"\n{plie}\t{forme}" for plie, forme in lexique(fiches).items()) + "\n"
    frequences = tuple(reader.doc_frequency(compact.CHAMP_MOTS, mot) for mot in mots)
    return marshal.dumps(("\n".join(mots), frequences, formes))


def ouvrir(dossier: Path) -> FileIndex:
    """Open a verified index; IndexCorrompu when it is missing, partial or unreadable."""
    from whoosh import index as whoosh_index

    if not dossier.is_dir():
        raise IndexCorrompu("index absent")
    verifier(dossier)
    try:
        ix = whoosh_index.open_dir(str(dossier), readonly=True)
        ix.doc_count()  # reads the table of contents and the segment list
    except Exception as erreur:  # Whoosh raises many kinds on a damaged folder
        raise IndexCorrompu(f"whoosh : {erreur!r}") from None
    return ix


def _remplacer(nouveau: Path, cible: Path, forcer: bool) -> None:
    """Rename ``nouveau`` to ``cible`` atomically, moving the old ``cible`` aside first.

    Without ``forcer``, a complete ``cible`` (another process finished first) is kept.
    """
    if cible.exists() and not forcer and complet(cible):
        return
    if cible.exists():
        rebut = Path(tempfile.mkdtemp(prefix=".rebut-", dir=cible.parent))
        os.replace(cible, rebut / "index")
        shutil.rmtree(rebut, ignore_errors=True)
    try:
        os.replace(nouveau, cible)
    except OSError:  # another process put a fresh index there first: keep it
        shutil.rmtree(nouveau, ignore_errors=True)


def installer(fiches: Sequence[Fiche], cible: Path, forcer: bool = True) -> Path:
    """Build into a temporary folder next to ``cible`` and swap it in (installed); returns ``cible``."""
    cible.parent.mkdir(parents=True, exist_ok=True)
    temporaire = Path(tempfile.mkdtemp(prefix=f".tmp-{cible.name}-", dir=cible.parent))
    try:
        ecrire(fiches, temporaire / "index")
        _remplacer(temporaire / "index", cible, forcer)
    finally:
        shutil.rmtree(temporaire, ignore_errors=True)
    return cible


def nettoyer(cible: Path) -> None:
    """Remove the other keys' indexes next to ``cible``: they are stale."""
    for ancien in cible.parent.glob("index-*"):
        if ancien != cible and ancien.is_dir():
            shutil.rmtree(ancien, ignore_errors=True)


def ouvrir_ou_construire(cible: Path, fournir: Callable[[], Sequence[Fiche]]) -> FileIndex:
    """The index at ``cible``, built (or rebuilt, if damaged) from ``fournir()`` first."""
    try:
        return ouvrir(cible)
    except IndexCorrompu:
        pass
    try:
        installer(fournir(), cible, forcer=False)
        nettoyer(cible)
        return ouvrir(cible)
    except (IndexCorrompu, OSError) as erreur:
        raise IndexIndisponible(
            f"Impossible de construire l'index dans {cible.parent} ({erreur}) ; "
            "vérifiez les droits du dossier ou définissez LOI_CACHE vers un dossier inscriptible."
        ) from None
