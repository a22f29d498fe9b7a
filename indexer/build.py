"""The build: reads the corpus, writes docs/, the search index and the site's search data.

``construit()`` reads the sources that ``indexer.sources`` describes, checks them against
their sha256 in ``corpus/sources.toml``, cleans them (with ``corpus/errata.toml``), parses them,
applies ``corpus/rattachements.toml``, merges, links and maps them (``corpus.carte``): under half
a second, once per process. ``construire_index()`` writes what ``loi cherche`` and the site read.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import tempfile
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from indexer import sources
from indexer.chemins import DEPOT, DONNEES_RECHERCHE, dossier_index, racine
from indexer.chemins import corpus as dossier_corpus
from indexer.corpus import correspondances, rattachements, situations
from indexer.corpus.ancres import Ancres, calculer
from indexer.corpus.carte import Carte, dresser
from indexer.corpus.cibles import calculer_cibles
from indexer.corpus.clean import Erratum, clean_source
from indexer.corpus.fiches import fiches
from indexer.corpus.merge import merge
from indexer.corpus.parse import parse_source
from indexer.corpus.renvois import Probleme, resolve
from indexer.corpus.signalements import signaler
from indexer.errors import IndexIndisponible, LoiErreur, SourceModifiee, raison
from indexer.model import Corpus, Fiche

if TYPE_CHECKING:
    from whoosh.index import FileIndex

    from indexer.recherche.requete import Synonymes


def manifeste() -> dict[str, str]:
    """Each source file's sha256, from corpus/sources.toml; it must list every record of
    ``indexer.sources`` and nothing else."""
    sommes = {entree["id"]: entree["sha256"] for entree in _toml("sources.toml", requis=True)["source"]}
    if set(sommes) != set(sources.PAR_FICHIER):
        ecart = sorted(set(sommes) ^ set(sources.PAR_FICHIER))
        raise LoiErreur(
            f"corpus/sources.toml et indexer/sources.py ne décrivent pas les mêmes sources "
            f"({', '.join(ecart)}) : ajoutez ou retirez-les des deux côtés."
        )
    return sommes


def lire_sources() -> dict[str, str]:
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


def declare(fichier: str, requis: bool = False) -> str:
    """A declarations file of corpus/ (``corpus/x.toml``: its name alone, in loi_corpus/ once installed), ""
    when absent and not ``requis``."""
    chemin = dossier_corpus() / Path(fichier).name
    if chemin.exists():
        return chemin.read_text(encoding="utf-8")
    if requis:
        raise LoiErreur(f"{chemin} est absent : restaurez-le depuis git.")
    return ""


def _toml(nom: str, requis: bool = False) -> dict:
    return tomllib.loads(declare(nom, requis))


def synonymes() -> Synonymes:
    """corpus/synonymes.toml analysed (``requete.analyser_synonymes``): what the index is built with.

    Not cached: a build reads it once, and a test may read another corpus folder."""
    from indexer.recherche.requete import analyser_synonymes

    return analyser_synonymes(declare("synonymes.toml", requis=True))


def adresse_site() -> str:
    """The site's address (``site_url`` in mkdocs.yml, ending in « / »), or "" when it has none.

    Read with a pattern, not YAML: the wheel's build, which bakes it into the index, has no YAML reader.
    """
    try:
        texte = (racine() / "mkdocs.yml").read_text(encoding="utf-8")
    except OSError:
        return ""
    trouve = re.search(r"^site_url:\s*['\"]?([^'\"\s#]+)", texte, re.MULTILINE)
    return trouve.group(1).rstrip("/") + "/" if trouve else ""


def lire_errata() -> tuple[Erratum, ...]:
    return tuple(Erratum(**entree) for entree in _toml("errata.toml").get("erratum", []))


@dataclass(frozen=True)
class Construit:
    corpus: Corpus
    ancres: Ancres
    fiches: tuple[Fiche, ...]
    problemes: tuple[Probleme, ...]
    carte: Carte


def parser_corpus() -> Construit:
    errata = lire_errata()
    lignes = {source: clean_source(texte, source, errata) for source, texte in lire_sources().items()}
    extraits = [extrait for source, nettes in lignes.items() for extrait in parse_source(nettes, source)]
    declares = rattachements.lire(declare(rattachements.FICHIER), lignes)
    brut = merge(rattachements.appliquer(signaler(extraits, errata), declares))
    ancres = calculer(brut, _toml("ancres.toml").get("alias", {}))  # retired ids, each with the id now carrying it
    declarations = correspondances.lire(declare(correspondances.FICHIER), lignes)
    corpus, problemes = resolve(brut, ancres, declarations)
    return Construit(corpus, ancres, fiches(corpus, ancres), problemes, dresser(corpus, declarations))


construit = cache(parser_corpus)  # the linked corpus, parsed once per process


def ecrire_atomique(chemin: Path, donnees: bytes) -> None:
    """Write a file so that readers see the old bytes or the new ones, never half; a failed
    write (a full disk) leaves no temporary file behind."""
    chemin.parent.mkdir(parents=True, exist_ok=True)
    descripteur, temporaire = tempfile.mkstemp(dir=chemin.parent, prefix=".tmp-")
    try:
        with os.fdopen(descripteur, "wb") as fichier:
            fichier.write(donnees)
        os.replace(temporaire, chemin)
    except BaseException:
        os.unlink(temporaire)
        raise


def fiches_recherche() -> tuple[Fiche, ...]:
    """What the search indexes (the CLI's and the site's): the corpus's fiches, then the
    table situations of corpus/situations.toml, each under its paragraph's place."""
    resultat = construit()
    # No declarations: the situations name 2017 paragraphs only, with no edition to cross.
    cibles = calculer_cibles(resultat.corpus, resultat.ancres, correspondances.Declarations())
    situees = situations.fiches_situations(situations.lire(declare(situations.FICHIER)), resultat.fiches, cibles)
    return resultat.fiches + situees


def adresse_page(url: str) -> str:
    """A fiche's URL as the built site links it: ``index-alphabetique/#…`` and ``lois/68/index.html#…``
    → ``…/index.html#…`` (every page is written as ``…/index.md``: ``rendu.navigation.fichier_de``)."""
    page, diese, ancre = url.partition("#")
    page = page.removesuffix("index.html")  # a law's fiches name the file already (corpus.fiches.url_loi)
    docs, base = racine() / "docs", page.rstrip("/")
    if not ((docs / f"{base}.md").is_file() or (docs / base / "index.md").is_file()):
        raise LoiErreur(f"Recherche du site : {url!r} n'est pas une page de docs/ ; lancez « loi construire ».")
    return f"{page}index.html{diese}{ancre}"


def chapitres() -> list[dict]:
    """The Code's chapters (navigation only), from corpus/chapitres.toml."""
    return list(_toml("chapitres.toml", requis=True)["chapitre"])


def attendus() -> dict[str, str]:
    """Every generated file as the current corpus makes it, by path from the root."""
    from indexer.rendu.navigation import CONFIGURATION
    from indexer.rendu.publier import donnees_lois, fichiers

    resultat = construit()
    sortie = fichiers(resultat.corpus, resultat.ancres, chapitres(), resultat.carte, lire_sources())
    noms = {s.fichier: s.nom for s in sources.SOURCES}
    sortie.update(donnees_lois(resultat.corpus, resultat.ancres, resultat.fiches, noms, adresse_site(), resultat.carte))
    sortie[CONFIGURATION] = configuration_du_site(resultat.corpus)
    return sortie


def configuration_du_site(corpus: Corpus) -> str:
    """``mkdocs.yml`` with the menu of the laws by chapter written in (``rendu.navigation``): the
    generator reads it as any configuration, no hook expands it."""
    from indexer.rendu.navigation import CONFIGURATION, avec_nav, nav_lois

    texte = (racine() / CONFIGURATION).read_text(encoding="utf-8")
    return avec_nav(texte, nav_lois(chapitres(), sorted(loi.numero for loi in corpus.lois)))


def differences(voulus: dict[str, str] | None = None) -> list[str]:
    """Paths whose content on disk differs from what the corpus makes (stale docs/), then those it no longer makes."""
    voulus = attendus() if voulus is None else voulus
    perimes = [
        c for c, t in sorted(voulus.items()) if not (racine() / c).exists() or (racine() / c).read_text("utf-8") != t
    ]
    docs = racine() / "docs"
    generes = [*docs.glob("lois/*.md"), *docs.glob("lois/*/index.md"), *docs.glob("donnees/lois/*.json")]
    return perimes + sorted({p.relative_to(racine()).as_posix() for p in generes} - set(voulus))


def ecrire_docs() -> list[str]:
    """Write what changed under docs/, includes/ and mkdocs.yml's menu of the laws, remove what is no longer made;
    return the paths written or removed."""
    voulus = attendus()
    ecrits = differences(voulus)
    for chemin in ecrits:
        if chemin in voulus:
            ecrire_atomique(racine() / chemin, voulus[chemin].encode("utf-8"))
        else:
            (racine() / chemin).unlink()
    return ecrits


def texte_publie(source: str) -> str:
    """A cleaned source minus the line ranges left out on purpose (its record's
    ``lignes_exclues``): what docs/ must contain."""
    lignes = clean_source(lire_sources()[source], source, lire_errata())
    exclues = {n for debut, fin in sources.source(source).lignes_exclues for n in range(debut, fin + 1)}
    return "\n".join(ligne for numero, ligne in enumerate(lignes, 1) if numero not in exclues)


def markdown_publie() -> str:
    fichiers = sorted((racine() / "docs").rglob("*.md"))
    return "\n\n".join(f.read_text(encoding="utf-8") for f in fichiers)


def titres() -> list[str]:
    corpus = construit().corpus
    parties = [p for loi in corpus.lois for p in loi.parties]
    resultat = [p.titre for p in parties] + [e.titre for p in parties for e in p.elements]
    resultat += [d.titre for d in corpus.documents] + [s.titre for d in corpus.documents for s in d.sections]
    return [t for t in resultat if t]


def empreinte() -> str:
    """A short hash of everything the index is made from: sources, data files, code, the site's
    address (recorded in its marker, so that the tests rebuild a stale one)."""
    somme = hashlib.sha256(adresse_site().encode())
    fichiers = sorted(dossier_corpus().glob("*.toml")) + sorted(dossier_corpus().glob("sources/*.txt"))
    for chemin in fichiers + sorted((racine() / "indexer").rglob("*.py")):
        somme.update(chemin.relative_to(chemin.parents[1]).as_posix().encode() + chemin.read_bytes())
    return somme.hexdigest()[:16]


def index_courant() -> FileIndex:
    """The shipped Whoosh index (``chemins.dossier_index``), opened read-only."""
    from indexer.recherche.dossier import ouvrir_index

    return ouvrir_index()


def construire_index(cible: Path | None = None, site: Path | None = None) -> Path:
    """Write the search index and the site's search data: by default the checkout's
    (``chemins.dossier_index()``, ``chemins.DONNEES_RECHERCHE``); the wheel's build names
    its own ``cible`` and no ``site``. Returns the index folder."""
    from indexer.recherche import index, pour_site
    from indexer.recherche.moteur import synonymes_de

    if cible is None:  # the checkout's; an index apart (LOI_INDEX: make secours) leaves the site's data alone
        cible = Path(dossier_index())
        site = site or (Path(DONNEES_RECHERCHE) if DEPOT and not os.environ.get("LOI_INDEX") else None)
    try:
        index.installer(fiches_recherche(), cible, synonymes(), empreinte(), adresse_site())
        if site is not None:
            # The site's search data: the index's units, synonyms as it analysed them with the passages that
            # say each expression, stop words; each URL the built page's.
            with contextlib.closing(index.ouvrir(cible)) as ix:
                donnees = pour_site.donnees(fiches_recherche(), synonymes_de(ix), adresse_page)
                ecrire_atomique(site, pour_site.script(donnees).encode("utf-8"))
    except OSError as erreur:
        raise IndexIndisponible(
            f"Impossible d'écrire l'index dans {cible.parent} ({raison(erreur)}) : "
            "libérez de la place ou vérifiez les droits du dossier, puis relancez."
        ) from None
    return cible
