"""The build: the only module that reads the corpus and writes docs/ and the cache.

``charger_corpus()`` reads the sources that ``indexer.sources`` describes, checks them against
their sha256 in ``corpus/sources.toml``, cleans them (with ``corpus/errata.toml``), parses them,
applies ``corpus/rattachements.toml``, merges, links and maps them (``corpus.carte``). The result
is cached in ``.cache/`` keyed by ``empreinte()``, a hash of the sources, the errata and the
package's code, so that a change to any of them rebuilds.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import shutil
import tempfile
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from indexer import sources
from indexer.chemins import corpus as dossier_corpus
from indexer.chemins import dossier_cache, empreinte, racine
from indexer.corpus.ancres import Ancres, calculer
from indexer.corpus.carte import Carte, dresser
from indexer.corpus.cibles import calculer_cibles
from indexer.corpus.clean import Erratum, clean_source
from indexer.corpus.correspondances import FICHIER as FICHIER_CORRESPONDANCES
from indexer.corpus.correspondances import Declarations
from indexer.corpus.correspondances import lire as lire_declarations
from indexer.corpus.fiches import fiches
from indexer.corpus.merge import merge
from indexer.corpus.parse import parse_source
from indexer.corpus.rattachements import FICHIER as FICHIER_RATTACHEMENTS
from indexer.corpus.rattachements import Rattachement, appliquer
from indexer.corpus.rattachements import lire as lire_paragraphes
from indexer.corpus.renvois import Probleme, resolve
from indexer.corpus.signalements import signaler
from indexer.corpus.situations import FICHIER as FICHIER_SITUATIONS
from indexer.corpus.situations import fiches_situations
from indexer.corpus.situations import lire as lire_situations

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    from whoosh.index import FileIndex

    from indexer.recherche.moteur import Chercheur
from indexer.errors import CacheInutilisable, IndexIndisponible, LoiErreur, SourceModifiee, raison
from indexer.model import Corpus, Fiche


def manifeste() -> dict[str, str]:
    """Each source file's sha256, from corpus/sources.toml; it must list every record of
    ``indexer.sources`` and nothing else."""
    sommes = {entree["id"]: entree["sha256"] for entree in _toml("sources.toml", requis=True)["source"]}
    if set(sommes) != set(sources.PAR_FICHIER):
        ecart = sorted(set(sommes) ^ set(sources.PAR_FICHIER))
        raise LoiErreur(f"corpus/sources.toml et indexer/sources.py ne décrivent pas les mêmes sources "
                        f"({', '.join(ecart)}) : ajoutez ou retirez-les des deux côtés.")
    return sommes


def lire_sources() -> dict[str, str]:
    """Every source's text, in the records' order, refusing one whose sha256 is not the manifest's."""
    sommes = manifeste()
    textes: dict[str, str] = {}
    for source in sources.SOURCES:
        chemin = dossier_corpus() / "sources" / source.fichier
        try:
            donnees = chemin.read_bytes()
        except FileNotFoundError:
            raise LoiErreur(f"Source absente : {chemin} ; restaurez-la depuis git.") from None
        if hashlib.sha256(donnees).hexdigest() != sommes[source.fichier]:
            raise SourceModifiee(
                f"La source {source.fichier} a changé sans le manifeste : vérifiez-la, "
                "puis mettez à jour son sha256 dans corpus/sources.toml."
            )
        textes[source.fichier] = donnees.decode("utf-8")
    return textes


def _toml(nom: str, requis: bool = False) -> dict:
    """A declarations file of corpus/, {} when it is absent and not ``requis``."""
    chemin = dossier_corpus() / nom
    if not chemin.exists():
        if requis:
            raise LoiErreur(f"{chemin} est absent : restaurez-le depuis git.")
        return {}
    with chemin.open("rb") as fichier:
        return tomllib.load(fichier)


def lire_errata() -> tuple[Erratum, ...]:
    """The repairs listed in corpus/errata.toml."""
    return tuple(Erratum(**entree) for entree in _toml("errata.toml").get("erratum", []))


def lire_alias() -> dict[str, str]:
    """The retired ids of corpus/ancres.toml, each with the id that now carries it."""
    return dict(_toml("ancres.toml").get("alias", {}))


@dataclass(frozen=True)
class Construit:
    """The parsed and linked corpus, its anchors, its fiches and the references left unresolved."""

    corpus: Corpus
    ancres: Ancres
    fiches: tuple[Fiche, ...]
    problemes: tuple[Probleme, ...]
    carte: Carte


def lire_correspondances(lignes: dict[str, tuple[str, ...]]) -> Declarations:
    """corpus/correspondances.toml, each entry's evidence checked against the cleaned
    sources' ``lignes`` (by file name)."""
    chemin = dossier_corpus() / Path(FICHIER_CORRESPONDANCES).name  # loi_corpus/ once installed
    if not chemin.exists():
        return Declarations()
    par_cle = {sources.source(fichier).cle: texte for fichier, texte in lignes.items()}
    return lire_declarations(chemin.read_text(encoding="utf-8"), par_cle,
                             {s.cle: s.fichier for s in sources.SOURCES})


def lire_rattachements(lignes: dict[str, tuple[str, ...]]) -> tuple[Rattachement, ...]:
    """corpus/rattachements.toml, each entry's evidence checked against the cleaned ``lignes``."""
    chemin = dossier_corpus() / Path(FICHIER_RATTACHEMENTS).name
    if not chemin.exists():
        return ()
    par_cle = {sources.source(fichier).cle: texte for fichier, texte in lignes.items()}
    return lire_paragraphes(chemin.read_text(encoding="utf-8"), par_cle, {s.cle: s.fichier for s in sources.SOURCES})


def parser_corpus() -> Construit:
    """Read, check, clean, parse, merge and link every source (no cache)."""
    errata = lire_errata()
    extraits, lignes = [], {}
    for source, texte in lire_sources().items():
        lignes[source] = clean_source(texte, source, errata)
        extraits.extend(parse_source(lignes[source], source))
    brut = merge(appliquer(signaler(extraits, errata), lire_rattachements(lignes)))
    ancres = calculer(brut, lire_alias())
    declarations = lire_correspondances(lignes)
    corpus, problemes = resolve(brut, ancres, declarations)
    return Construit(corpus, ancres, fiches(corpus, ancres), problemes, dresser(corpus, declarations))


def ecrire_atomique(chemin: Path, donnees: bytes) -> None:
    """Write a file so that readers see the old bytes or the new ones, never half; a failed
    write (a full disk) leaves no temporary file behind."""
    chemin.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile(dir=chemin.parent, prefix=".tmp-", delete=False) as temporaire:
        try:
            temporaire.write(donnees)
            temporaire.flush()
        except BaseException:
            temporaire.close()
            os.unlink(temporaire.name)
            raise
    try:
        os.replace(temporaire.name, chemin)
    except BaseException:
        os.unlink(temporaire.name)
        raise


def _lire_cache_corpus(chemin: Path) -> Construit | None:
    """The cached corpus if its checksum holds; a damaged file is removed (it never heals)."""
    try:
        donnees = chemin.read_bytes()
    except OSError:
        return None
    somme, _, corps = donnees.partition(b"\n")
    try:
        if somme == hashlib.sha256(corps).hexdigest().encode():
            resultat = pickle.loads(corps)
            if isinstance(resultat, Construit):
                return resultat
    except Exception:  # noqa: BLE001 — a checksummed pickle that still fails: another code's objects
        pass
    with contextlib.suppress(OSError):
        chemin.unlink()
    return None


@cache
def construit() -> Construit:
    """The linked corpus, from the cache when it matches ``empreinte()`` and its checksum, else rebuilt.

    The cache is an optimisation: a read-only or full cache folder only costs time.
    """
    chemin = dossier_cache() / f"corpus-{empreinte()}.pickle"
    resultat = _lire_cache_corpus(chemin)
    if resultat is not None:
        return resultat
    resultat = parser_corpus()
    corps = pickle.dumps(resultat, protocol=pickle.HIGHEST_PROTOCOL)
    with contextlib.suppress(OSError):
        ecrire_atomique(chemin, hashlib.sha256(corps).hexdigest().encode() + b"\n" + corps)
    return resultat


def charger_corpus() -> Corpus:
    """The linked corpus (laws 1–93 and side documents)."""
    return construit().corpus


def fiches_recherche() -> tuple[Fiche, ...]:
    """What the search indexes (the CLI's and the site's): the corpus's fiches, then the
    table situations of corpus/situations.toml, each under its paragraph's place."""
    resultat = construit()
    chemin = dossier_corpus() / Path(FICHIER_SITUATIONS).name
    if not chemin.exists():
        return resultat.fiches
    situations = lire_situations(chemin.read_text(encoding="utf-8"))
    cibles = calculer_cibles(resultat.corpus, resultat.ancres, Declarations())  # 2017 only: nothing to cross
    return resultat.fiches + fiches_situations(situations, resultat.fiches, cibles)


def script_recherche_site(adresse: Callable[[str], str]) -> str:
    """The site's search data (the CLI index's units, synonyms as it analysed them, with the passages that
    say each expression, stop words), for ``hooks/recherche.py``; ``adresse``: a fiche's URL → the page's."""
    from indexer.recherche import pour_site
    from indexer.recherche.moteur import synonymes_de

    with contextlib.closing(index_courant()) as ix:
        return pour_site.script(pour_site.donnees(fiches_recherche(), synonymes_de(ix), adresse))


def chapitres() -> list[dict]:
    """The Code's chapters (navigation only), from corpus/chapitres.toml."""
    return list(_toml("chapitres.toml", requis=True)["chapitre"])


def attendus() -> dict[str, str]:
    """Every generated file as the current corpus makes it, by path from the root."""
    from indexer.chemins import adresse_site
    from indexer.rendu.publier import donnees_lois, fichiers

    resultat = construit()
    titres_sources = {s.fichier: s.titre for s in sources.SOURCES}
    sortie = fichiers(resultat.corpus, resultat.ancres, titres_sources, chapitres(), resultat.carte, lire_sources())
    noms = {s.fichier: s.nom for s in sources.SOURCES}
    sortie.update(donnees_lois(resultat.corpus, resultat.ancres, resultat.fiches, noms, adresse_site(),
                               resultat.carte))
    return sortie


def generes_existants() -> set[str]:
    """The generated files now on disk (to remove the ones no longer produced)."""
    lois = [*(racine() / "docs" / "lois").glob("*.md"), *(racine() / "docs" / "donnees" / "lois").glob("*.json")]
    return {p.relative_to(racine()).as_posix() for p in lois}


def _perime(chemin: str, texte: str) -> bool:
    cible = racine() / chemin
    return not cible.exists() or cible.read_text(encoding="utf-8") != texte


def differences() -> list[str]:
    """Paths whose content on disk differs from what the corpus makes (stale docs/)."""
    voulus = attendus()
    return [c for c, t in sorted(voulus.items()) if _perime(c, t)] + sorted(generes_existants() - set(voulus))


def ecrire_docs() -> list[str]:
    """Write what changed under docs/ and includes/; return the paths written."""
    voulus = attendus()
    ecrits = [chemin for chemin, texte in sorted(voulus.items()) if _perime(chemin, texte)]
    for chemin in ecrits:
        ecrire_atomique(racine() / chemin, voulus[chemin].encode("utf-8"))
    for chemin in sorted(generes_existants() - set(voulus)):
        (racine() / chemin).unlink()
        ecrits.append(chemin)
    return ecrits


def texte_publie(source: str) -> str:
    """A cleaned source minus the line ranges left out on purpose (its record's
    ``lignes_exclues``): what docs/ must contain."""
    lignes = clean_source(lire_sources()[source], source, lire_errata())
    exclues = {n for debut, fin in sources.source(source).lignes_exclues for n in range(debut, fin + 1)}
    return "\n".join(ligne for numero, ligne in enumerate(lignes, 1) if numero not in exclues)


def markdown_publie() -> str:
    """Every Markdown file under docs/, concatenated in path order."""
    fichiers = sorted((racine() / "docs").rglob("*.md"))
    return "\n\n".join(f.read_text(encoding="utf-8") for f in fichiers)


def titres() -> list[str]:
    """Every heading the parsers recognised (laws, paragraphs, documents, sections)."""
    corpus = construit().corpus
    parties = [p for loi in corpus.lois for p in loi.parties]
    resultat = [p.titre for p in parties] + [e.titre for p in parties for e in p.elements]
    resultat += [d.titre for d in corpus.documents] + [s.titre for d in corpus.documents for s in d.sections]
    return [t for t in resultat if t]


# What a build leaves in the cache while it works: orphans once no process holds the lock.
TEMPORAIRES = (".tmp-", ".voir-", ".rebut-")  # our own prefixes only: $LOI_CACHE may be a shared folder
ANCIENS = ("corpus-", "index-", "voir-")  # keyed by empreinte(): another key is stale


def nettoyer_cache(dossier: Path) -> None:
    """Remove what killed builds left (temporary folders and files) and older versions.

    Called under ``verrou()``: no other build is then running. A temporary file
    younger than a minute may be a lock-free writer's (the corpus cache): it stays.
    """
    import time

    courant = empreinte()
    for entree in dossier.iterdir():
        nom = entree.name
        orphelin = nom.startswith(TEMPORAIRES) or nom.endswith(".tmp")
        ancien = nom.startswith(ANCIENS) and courant not in nom
        if not (orphelin or ancien):
            continue
        with contextlib.suppress(OSError):
            if entree.is_dir() and not entree.is_symlink():
                shutil.rmtree(entree, ignore_errors=True)
            elif ancien or time.time() - entree.stat().st_mtime > 60:
                entree.unlink()


@contextlib.contextmanager
def verrou() -> Iterator[Path]:
    """Hold the cache folder's lock: of several processes starting cold, one builds and
    the others wait, then find its work. Stale leftovers are cleaned on the way in."""
    dossier = dossier_cache()
    try:
        dossier.mkdir(parents=True, exist_ok=True)
        descripteur = os.open(dossier / "verrou", os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as erreur:
        raise CacheInutilisable(
            f"Le dossier de cache {dossier} est inutilisable ({raison(erreur)}) : définissez "
            "LOI_CACHE vers un dossier où vous pouvez écrire, puis relancez la commande.") from None
    try:
        with contextlib.suppress(ImportError):  # Windows: no lock; an atomic rename keeps one whole index
            import fcntl

            fcntl.flock(descripteur, fcntl.LOCK_EX)
        nettoyer_cache(dossier)
        yield dossier
    finally:
        os.close(descripteur)


def emplacement_index() -> Path:
    """Where the search index of the current corpus lives: ``dossier_cache()/index-<empreinte>``."""
    from indexer.recherche.dossier import emplacement

    return Path(emplacement())


def index_courant(annoncer: Callable[[], None] | None = None) -> FileIndex:
    """The Whoosh index of the current corpus, built first when missing, stale or damaged.

    Under the lock: of several processes starting cold, the first builds (and calls
    ``annoncer`` first), the others wait and open what it built.
    """
    from indexer.recherche import index
    from indexer.recherche.dossier import IndexCorrompu

    with verrou():
        with contextlib.suppress(IndexCorrompu):
            return index.ouvrir(emplacement_index())
        if annoncer is not None:
            annoncer()
        return index.ouvrir_ou_construire(emplacement_index(), fiches_recherche)


def reconstruire_index() -> Path:
    """Rebuild the current corpus's index from scratch (``loi construire --index``)."""
    from indexer.recherche import index

    cible = emplacement_index()
    with verrou():
        try:
            index.installer(fiches_recherche(), cible)
        except OSError as erreur:
            raise IndexIndisponible(
                f"Impossible d'écrire l'index dans {cible.parent} ({raison(erreur)}) : libérez de "
                "la place ou définissez LOI_CACHE vers un autre dossier, puis relancez.") from None
        index.nettoyer(cible)
        index.ouvrir(cible).close()
    return cible


def chercheur_construit(annoncer: Callable[[], None] | None = None) -> Chercheur:
    """Build the index (unless another process just did) and open a searcher on it."""
    from indexer.recherche.moteur import Chercheur

    return Chercheur(index_courant(annoncer))
