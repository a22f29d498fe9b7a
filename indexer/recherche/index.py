"""The Whoosh index on disk: schema, build, and the swap into place.

``loi construire --index`` (``make``, and the wheel's build) writes the index into a temporary
folder next to its place, records every file's size and CRC in ``COMPLET.json`` last, then
renames the folder into place; ``loi cherche`` only opens it (``dossier.ouvrir``). Every query
reads this index through Whoosh (``indexer.recherche.moteur``).

A query reads ``loi_de_l_entree`` here: the module imports neither ``indexer.model`` (it costs a query
10 ms of start-up; tests/test_demarrage.py) nor shutil/tempfile (``installer`` imports them).
"""

from __future__ import annotations

import marshal
import os
import re
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from whoosh import query as q
from whoosh.columns import NumericColumn
from whoosh.fields import COLUMN, ID, KEYWORD, STORED, TEXT, Schema
from whoosh.index import FileIndex, create_in

from indexer.genres import SITUATION
from indexer.labels import parse_label
from indexer.recherche.disjonction import analyseur_fr, analyseur_simple
from indexer.recherche.dossier import SYNONYMES, ecrire_marqueur, ouvrir
from indexer.recherche.interrogation import CHAMPS, SLOP_SYNONYME

__all__ = ["ecrire", "installer", "ouvrir", "schema"]

if TYPE_CHECKING:
    from pathlib import Path

    from indexer.model import Fiche
    from indexer.recherche.requete import Synonymes


# The first law an entry of the 2007 alphabetical index points to: « 53, 54, 55 », « 80B2(l) ».
_RENVOI_INDEX = re.compile(r"\b([1-9]\d?)(?=[A-H(,\s]|$)")


def chemins_refs(fiche: Fiche) -> str:
    """``68 68c 68c1`` for ref ``68C1``: lets ``16B`` boost 16B and its sub-paragraphs."""
    if fiche.loi is None:
        return ""
    label = parse_label(fiche.ref)
    if label is None or label.loi != fiche.loi:
        return str(fiche.loi)
    return " ".join(a.compact().lower() for a in reversed(label.ancetres()))


def groupe(fiche: Fiche) -> str:
    """The law a passage counts for, as a string ("" for none).

    A law's passages count for it; an entry of the 2007 alphabetical index counts for
    the law it points to (« Renonce » → 61), so that the index lends its director's
    vocabulary to that law instead of ranking as a document of its own; a table
    situation (``corpus.situations``) counts for the law of its paragraph.
    """
    if fiche.loi is not None:
        return str(fiche.loi)
    if fiche.type == SITUATION:
        label = parse_label(fiche.rattachement)
        return "" if label is None else str(label.loi)
    if fiche.type == "index":
        renvoi = _RENVOI_INDEX.search(fiche.texte)
        if renvoi and int(renvoi.group(1)) <= 93:
            return renvoi.group(1)
    return ""


def loi_de_l_entree(texte: str) -> int | None:
    """The law an entry of the 2007 alphabetical index points to when all its locators name
    that one law (« 93B », « 93A, 93B3 »), None when they name several or none: a result
    then carries its law (``loi cherche --json``) only where the index says it alone."""
    lois = {int(n) for n in _RENVOI_INDEX.findall(texte) if int(n) <= 93}
    return lois.pop() if len(lois) == 1 else None


def schema() -> Schema:
    """One document per ``Fiche``; ``mots`` holds the unstemmed words for typo correction. The small
    fields the ranking reads for every hit (``groupe``, ``type``, ``edition``, ``ref``) are Whoosh columns."""
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


def ecrire(
    fiches: Sequence[Fiche], dossier: Path, synonymes: Synonymes, empreinte: str = "", adresse: str = ""
) -> None:
    """Build the index of ``fiches`` into ``dossier`` (which must not exist yet) with the ``synonymes`` of
    ``build.synonymes``; ``empreinte`` names what it was built from (``build.empreinte``), ``adresse`` the
    site its URLs belong to (``build.adresse_site``)."""
    dossier.mkdir(parents=True)
    ix = create_in(str(dossier), schema())
    writer = ix.writer(limitmb=256)
    for document in documents(fiches):
        writer.add_document(**document)
    writer.commit(optimize=True)
    ecrire_synonymes(dossier, ix, synonymes)
    ix.close()
    ecrire_marqueur(dossier, len(fiches), empreinte, adresse)  # last: the folder is complete


def ecrire_synonymes(dossier: Path, ix: FileIndex, synonymes: Synonymes) -> None:
    """The synonyms analysed once, with ``steriles`` and ``phrases``, for queries to read as they are.

    Stemming the whole file costs a fresh ``loi cherche`` a fifth of its time; the folder's
    key hashes ``corpus/synonymes.toml``, so this copy cannot be stale.
    """
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
    if not searcher.is_atomic():  # the docnums below would be a segment's, not the index's
        raise ValueError("index en plusieurs segments : ecrire() l'optimise avant cette table")
    expressions = sorted({e for liste in groupes for e in liste if len(e) > 1})
    dites: Dites = {champ: {} for champ in CHAMPS}
    for champ in CHAMPS:
        for expression in expressions:
            if docs := tuple(sorted(searcher.docs_for_query(q.Phrase(champ, list(expression), slop=SLOP_SYNONYME)))):
                dites[champ][expression] = docs
    return dites


def steriles(searcher: Any, groupes: Expressions, dites: Dites) -> dict[str, frozenset[tuple[str, ...]]]:
    """Per field, the synonym expressions that match no passage, as a synonym is searched
    (``phrases``): six in ten in the text, nine in ten in the titles (README), mostly English.

    A query leaves them out (``interrogation._variante``): they add nothing to any score.
    """

    def dite(expression: tuple[str, ...], champ: str) -> bool:
        if len(expression) == 1:
            return searcher.doc_frequency(champ, expression[0]) > 0
        return expression in dites[champ]

    expressions = {e for liste in groupes for e in liste}
    return {champ: frozenset(e for e in expressions if not dite(e, champ)) for champ in CHAMPS}


def installer(
    fiches: Sequence[Fiche], cible: Path, synonymes: Synonymes, empreinte: str = "", adresse: str = ""
) -> Path:
    """Build into a temporary folder next to ``cible``, then swap it in; returns ``cible``.

    A build killed half-way leaves the old index whole (or none: a search then says so)."""
    import shutil
    import tempfile
    from pathlib import Path

    cible.parent.mkdir(parents=True, exist_ok=True)
    temporaire = Path(tempfile.mkdtemp(prefix=f".tmp-{cible.name}-", dir=cible.parent))
    try:
        ecrire(fiches, temporaire / "index", synonymes, empreinte, adresse)
        if cible.is_symlink() or cible.is_file():
            cible.unlink()
        elif cible.exists():
            os.replace(cible, temporaire / "ancien")
        os.replace(temporaire / "index", cible)
    finally:
        shutil.rmtree(temporaire, ignore_errors=True)
    return cible
