"""The Whoosh index on disk: schema, build, atomic swap, and corruption checks.

The index lives in ``dossier_cache()/index-<empreinte>``: the key changes whenever a
source, a data file or the code changes, so a stale index is simply never looked at.
A build writes the Whoosh index into a temporary folder next to it, records every
file's size and CRC in ``COMPLET.json`` last, then renames the folder into place. An
index whose marker is missing or disagrees with its files (a build killed half-way, a
disk that lost a file) is rebuilt, never served. Every query reads this index through
Whoosh (``indexer.recherche.moteur``).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from indexer.errors import IndexIndisponible
from indexer.model import SITUATION
from indexer.recherche.dossier import SYNONYMES, IndexCorrompu, complet, ecrire_marqueur, lien_casse, ouvrir
from indexer.recherche.unites import chemins_refs, groupe

__all__ = ["ecrire", "installer", "nettoyer", "ouvrir", "ouvrir_ou_construire", "schema"]

if TYPE_CHECKING:
    from whoosh.fields import Schema
    from whoosh.index import FileIndex

    from indexer.model import Fiche


def schema() -> Schema:
    """One document per ``Fiche``; ``mots`` holds the unstemmed words for typo correction.

    ``groupe`` is the law a passage counts for: its own, or for an entry of the 2007
    alphabetical index, the law the entry points to. The small fields the ranking reads
    for every hit (``groupe``, ``type``, ``edition``, ``ref``) are Whoosh columns.
    """
    from whoosh.columns import NumericColumn
    from whoosh.fields import COLUMN, ID, KEYWORD, STORED, TEXT, Schema

    from indexer.recherche.filtres import analyseur_fr, analyseur_simple

    analyseur = analyseur_fr()
    return Schema(
        ancre=ID(stored=True),
        loi=ID(stored=True),  # "68", or "" for a side document
        groupe=ID(sortable=True),  # "68": the law this passage counts for, or ""
        refs=KEYWORD(lowercase=True),  # "68 68c 68c1": every enclosing paragraph
        ref=ID(stored=True, sortable=True),
        type=ID(stored=True, sortable=True),
        genre=ID(),  # the kind of passage a hit shows (``--type``): a situation's is its paragraph's
        montre=COLUMN(NumericColumn("I")),  # the rank of the document a hit shows (a column, never searched)
        edition=ID(stored=True, sortable=True),
        source=STORED(),
        url=STORED(),
        rang=STORED(),
        page=STORED(),  # the title shown: the law's, or the side document's
        titre=TEXT(analyzer=analyseur),  # searched: once per law and edition (see _document)
        texte=TEXT(analyzer=analyseur, stored=True),
        mots=TEXT(analyzer=analyseur_simple(), phrase=False),
    )


def _document(rang: int, fiche: Fiche, premier: bool, montre: int, genre: str) -> dict[str, Any]:
    """The fields of one fiche; a law's title is searched in its first passage of each edition only.

    Every passage of a law shares its title: indexed on all of them, a title word
    would be scored a thousand times per query for what one passage tells (the law's
    score adds its passages up, ``moteur.Chercheur.grouper``). A table situation has
    no title: it is its paragraph's, already searched there.
    """
    return {
        "ancre": fiche.ancre,
        "loi": "" if fiche.loi is None else str(fiche.loi),
        "groupe": groupe(fiche),
        "refs": chemins_refs(fiche),
        "ref": fiche.ref,
        "type": fiche.type,
        "genre": genre,
        "montre": montre,
        "edition": fiche.edition,
        "source": fiche.source,
        "url": fiche.url,
        "rang": rang,
        "page": fiche.page,
        "titre": fiche.page if fiche.type != SITUATION and (premier or fiche.loi is None) else "",
        "texte": fiche.texte,
        "mots": f"{fiche.page}\n{fiche.texte}",
    }


def documents(fiches: Sequence[Fiche]) -> Iterator[dict[str, Any]]:
    """The index's document of each fiche, in order (the site's search indexes the same).

    A table situation is never shown: a hit on it shows its paragraph, the first fiche
    with its anchor, reference and edition (``situations.fiches_situations`` gave it
    those). Both search engines read that rank (``montre``) rather than look it up.
    """
    paragraphes: dict[tuple[str, str, str], int] = {}
    for rang, fiche in enumerate(fiches):
        if fiche.type != SITUATION:
            paragraphes.setdefault((fiche.ancre, fiche.ref, fiche.edition), rang)
    vus: set[tuple[int | None, str]] = set()
    for rang, fiche in enumerate(fiches):
        premier = (fiche.loi, fiche.edition) not in vus
        vus.add((fiche.loi, fiche.edition))
        montre = paragraphes.get((fiche.ancre, fiche.ref, fiche.edition), rang) if fiche.type == SITUATION else rang
        yield _document(rang, fiche, premier, montre, fiches[montre].type)


def ecrire(fiches: Sequence[Fiche], dossier: Path) -> None:
    """Build the index of ``fiches`` into ``dossier`` (which must not exist yet)."""
    from whoosh import index as whoosh_index

    dossier.mkdir(parents=True)
    ix = whoosh_index.create_in(str(dossier), schema())
    writer = ix.writer(limitmb=256)
    for document in documents(fiches):
        writer.add_document(**document)
    writer.commit(optimize=True)
    ecrire_synonymes(dossier, ix)
    ix.close()
    ecrire_marqueur(dossier, len(fiches))  # last: the folder is complete


def ecrire_synonymes(dossier: Path, ix: FileIndex) -> None:
    """The synonyms analysed once (stems of every expression), for queries to read as they are,
    with the expressions no passage of this index says (``steriles``) and the passages that
    say each of the others (``phrases``).

    Stemming the whole file costs a fresh ``loi cherche`` a fifth of its time; the folder's
    key hashes ``corpus/synonymes.toml``, so this copy cannot be stale.
    """
    import marshal

    from indexer.recherche.requete import lire_synonymes

    synonymes = lire_synonymes()
    with ix.searcher() as searcher:
        dites = phrases(searcher, synonymes.groupes)
        synonymes = synonymes._replace(steriles=steriles(searcher, synonymes.groupes, dites), phrases=dites)
    (dossier / SYNONYMES).write_bytes(marshal.dumps(tuple(synonymes)))


Expressions = Sequence[Sequence[tuple[str, ...]]]  # the synonym groups, as stem sequences
Dites = dict[str, dict[tuple[str, ...], tuple[int, ...]]]  # field → expression → its passages


def phrases(searcher: Any, groupes: Expressions) -> Dites:
    """Per field, the passages that say each multi-word expression of the synonyms, as a
    synonym is searched (Whoosh's ``Phrase``, slop ``interrogation.SLOP_SYNONYME``).

    Found once here, not on every query: the phrase matchers, which read the positions
    of every passage holding all the words, were half a query's time in the prompt
    (``make bench``). A query scores these passages as Whoosh scores the phrase
    (``disjonction.PhraseDite``). Only the expressions some passage says are kept; the
    docnums are those of the index's one segment (``ecrire`` optimises it).
    """
    from whoosh import query as q

    from indexer.recherche.interrogation import CHAMPS, SLOP_SYNONYME

    if not searcher.is_atomic():  # the docnums below would be a segment's, not the index's
        raise ValueError("index en plusieurs segments : ecrire() l'optimise avant cette table")
    expressions = sorted({e for liste in groupes for e in liste if len(e) > 1})
    dites: Dites = {champ: {} for champ in CHAMPS}
    for champ in CHAMPS:
        for expression in expressions:
            docs = tuple(sorted(searcher.docs_for_query(q.Phrase(champ, list(expression), slop=SLOP_SYNONYME))))
            if docs:
                dites[champ][expression] = docs
    return dites


def steriles(searcher: Any, groupes: Expressions, dites: Dites) -> dict[str, frozenset[tuple[str, ...]]]:
    """Per field, the synonym expressions that match no passage, as a synonym is searched
    (``phrases``): seven in ten, mostly English or in no title.

    A query leaves them out (``interrogation._variante``): they add nothing to any score.
    """
    from indexer.recherche.interrogation import CHAMPS

    vides: dict[str, set[tuple[str, ...]]] = {champ: set() for champ in CHAMPS}
    for expression in {e for expressions in groupes for e in expressions}:
        for champ in CHAMPS:
            if len(expression) == 1:
                trouve = searcher.doc_frequency(champ, expression[0]) > 0
            else:
                trouve = expression in dites[champ]
            if not trouve:
                vides[champ].add(expression)
    return {champ: frozenset(v) for champ, v in vides.items()}


def _remplacer(nouveau: Path, cible: Path, forcer: bool) -> None:
    """Rename ``nouveau`` to ``cible`` atomically, moving the old ``cible`` aside first.

    Without ``forcer``, a complete ``cible`` (another process finished first) is kept.
    """
    if cible.exists() and not forcer and complet(cible):
        return
    if forcer and lien_casse(cible) is not None:  # loi construire --index: a dangling link is replaced
        cible.unlink()
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
    vers = lien_casse(cible)
    if vers is not None:
        raise IndexIndisponible(
            f"L'index {cible} est un lien symbolique vers {vers}, qui n'est pas un dossier : lancez "
            "« loi construire --index » pour le remplacer par un index neuf (ou supprimez ce lien).")
    try:
        installer(fournir(), cible, forcer=False)
        nettoyer(cible)
        return ouvrir(cible)
    except (IndexCorrompu, OSError) as erreur:
        raise IndexIndisponible(
            f"Impossible de construire l'index dans {cible.parent} ({erreur}) ; "
            "vérifiez les droits du dossier ou définissez LOI_CACHE vers un dossier inscriptible."
        ) from None
