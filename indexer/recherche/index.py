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

import json
import os
import re
import shutil
import tempfile
import zlib
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from indexer.errors import IndexIndisponible

# The file names, the format and IndexCorrompu live with the compact query file, which
# a plain search checks without importing this module; they stay importable from here.
from indexer.recherche.compact import FORMAT, MARQUEUR, IndexCorrompu, lire_marqueur

if TYPE_CHECKING:
    from whoosh.fields import Schema
    from whoosh.index import FileIndex

    from indexer.recherche.unites import Unite


def schema() -> Schema:
    """One document per Unite; ``mots`` holds the unstemmed words for typo correction.

    The source of truth of the search: ``compact.ecrire`` copies from this index what
    a query reads, the ``mots`` vocabulary and its frequencies included.
    """
    from whoosh.fields import ID, KEYWORD, STORED, TEXT, Schema

    from indexer.recherche.analyse import analyseur_fr, analyseur_simple

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


def chemins_refs(unite: Unite) -> str:
    """``68 68c 68c1`` for ref ``68C1``: lets ``16B`` boost 16B and its sub-paragraphs."""
    from indexer.labels import parse_label

    if unite.loi is None:
        return ""
    label = parse_label(unite.ref)
    if label is None or label.loi != unite.loi:
        return str(unite.loi)
    return " ".join(a.compact().lower() for a in reversed(label.ancetres()))


def _document(rang: int, unite: Unite) -> dict[str, Any]:
    return {
        "ancre": unite.ancre,
        "loi": "" if unite.loi is None else str(unite.loi),
        "refs": chemins_refs(unite),
        "ref": unite.ref,
        "type": unite.type,
        "edition": unite.edition,
        "source": unite.source,
        "url": unite.url,
        "rang": rang,
        "titre": unite.titre,
        "texte": unite.texte,
        "mots": f"{unite.titre}\n{unite.texte}",
    }


def lexique(unites: Iterable[Unite]) -> dict[str, str]:
    """Folded word → its most frequent accented spelling, for « Résultats pour : … ».

    Stored in the compact file with the ``mots`` vocabulary (``compact.Vocabulaire``).
    """
    from indexer.recherche.analyse import MOT, plier

    formes: dict[str, Counter[str]] = {}
    for unite in unites:
        for mot in re.findall(MOT, f"{unite.titre} {unite.texte}"):
            bas = mot.lower()
            plie = plier(bas)
            if plie != bas:
                formes.setdefault(plie, Counter())[bas] += 1
    return {plie: compte.most_common(1)[0][0] for plie, compte in sorted(formes.items())}


def _sommes(dossier: Path) -> dict[str, list[int]]:
    """Size and CRC32 of every file but the marker."""
    sommes = {}
    for chemin in sorted(dossier.iterdir()):
        if chemin.name != MARQUEUR and chemin.is_file():
            donnees = chemin.read_bytes()
            sommes[chemin.name] = [len(donnees), zlib.crc32(donnees)]
    return sommes


def ecrire(unites: Sequence[Unite], dossier: Path) -> None:
    """Build the index of ``unites`` into ``dossier`` (which must not exist yet)."""
    from whoosh import index as whoosh_index

    dossier.mkdir(parents=True)
    ix = whoosh_index.create_in(str(dossier), schema())
    writer = ix.writer(limitmb=256)
    for rang, unite in enumerate(unites):
        writer.add_document(**_document(rang, unite))
    writer.commit(optimize=True)
    from indexer.recherche import compact, requete

    with ix.reader() as reader:
        compact.ecrire(dossier, reader, unites, requete.lire_synonymes())
    ix.close()
    marqueur = {"format": FORMAT, "documents": len(unites), "fichiers": _sommes(dossier)}
    (dossier / MARQUEUR).write_text(json.dumps(marqueur), "utf-8")  # written last


def verifier(dossier: Path) -> dict[str, Any]:
    """The marker of a complete index; raises IndexCorrompu when anything disagrees."""
    marqueur = lire_marqueur(dossier)
    if marqueur.get("fichiers") != _sommes(dossier):
        raise IndexCorrompu("fichiers de l'index modifiés")
    return marqueur


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


def _complet(dossier: Path) -> bool:
    try:
        verifier(dossier)
    except IndexCorrompu:
        return False
    return True


def _remplacer(nouveau: Path, cible: Path, forcer: bool) -> None:
    """Rename ``nouveau`` to ``cible`` atomically, moving the old ``cible`` aside first.

    Without ``forcer``, a complete ``cible`` (another process finished first) is kept.
    """
    if cible.exists() and not forcer and _complet(cible):
        return
    if cible.exists():
        rebut = Path(tempfile.mkdtemp(prefix=".rebut-", dir=cible.parent))
        os.replace(cible, rebut / "index")
        shutil.rmtree(rebut, ignore_errors=True)
    try:
        os.replace(nouveau, cible)
    except OSError:  # another process put a fresh index there first: keep it
        shutil.rmtree(nouveau, ignore_errors=True)


def construire(unites: Sequence[Unite], cible: Path, forcer: bool = True) -> Path:
    """Build into a temporary folder next to ``cible`` and swap it in; returns ``cible``."""
    cible.parent.mkdir(parents=True, exist_ok=True)
    temporaire = Path(tempfile.mkdtemp(prefix=f".tmp-{cible.name}-", dir=cible.parent))
    try:
        ecrire(unites, temporaire / "index")
        _remplacer(temporaire / "index", cible, forcer)
    finally:
        shutil.rmtree(temporaire, ignore_errors=True)
    return cible


def nettoyer(cible: Path) -> None:
    """Remove the other keys' indexes next to ``cible``: they are stale."""
    for ancien in cible.parent.glob("index-*"):
        if ancien != cible and ancien.is_dir():
            shutil.rmtree(ancien, ignore_errors=True)


def ouvrir_ou_construire(cible: Path, fournir: Callable[[], Sequence[Unite]]) -> FileIndex:
    """The index at ``cible``, built (or rebuilt, if damaged) from ``fournir()`` first."""
    try:
        return ouvrir(cible)
    except IndexCorrompu:
        pass
    try:
        construire(fournir(), cible, forcer=False)
        nettoyer(cible)
        return ouvrir(cible)
    except (IndexCorrompu, OSError) as erreur:
        raise IndexIndisponible(
            f"Impossible de construire l'index dans {cible.parent} ({erreur}) ; "
            "vérifiez les droits du dossier ou définissez LOI_CACHE vers un dossier inscriptible."
        ) from None


def emplacement() -> Path:
    """Where the index of the current corpus lives: ``dossier_cache()/index-<empreinte>``."""
    from indexer.recherche.compact import emplacement as chemin

    return Path(chemin())


def unites_du_corpus() -> Sequence[Unite]:
    """Every searchable unit of the current corpus (parses it if the cache is cold)."""
    from indexer.build import charger_corpus
    from indexer.recherche.unites import unites

    return unites(charger_corpus())


def index_courant() -> FileIndex:
    """The index of the current corpus, built first when missing, stale or damaged."""
    return ouvrir_ou_construire(emplacement(), unites_du_corpus)


def reconstruire() -> Path:
    """Rebuild the current corpus's index from scratch (``loi construire --index``)."""
    cible = emplacement()
    construire(unites_du_corpus(), cible)
    nettoyer(cible)
    ouvrir(cible).close()
    return cible
