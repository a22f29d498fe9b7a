"""Whole-process timings of the ``loi`` command, as ratios to a bare ``python -I -S -c pass``.

Targets (issues 9, 21): ``loi voir 68C`` ≤ 6× (no Whoosh on that path);
``loi cherche …`` in a fresh process ≤ 15×, for a plain query and for a misspelt one
(Whoosh opens the index, builds the query objects, corrects from its lexicon); a
query in the interactive searcher ≤ 15 ms (in process, median over the three
evaluation parts, the best of three passes; beside it, that median as a share of a
bare python's start-up, to compare machines); the index build from scratch ≤ 10 s, with its size on disk.
A fresh ``loi cherche`` is also the first search after an install: the wheel carries its index.
Then the site on a phone: first-view weight and search times (``evaluer_site``), Lighthouse mobile
figures of four pages (``phare``: performance ≥ 90, LCP ≤ 2.5 s, TBT ≤ 200 ms, accessibility 100).
Medians of several runs, measured together so that the machine's load weighs on all
of them alike.

Usage: ``python scripts/bench.py [--tours N]``
"""

from __future__ import annotations

import argparse
import compileall
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RACINE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(RACINE))
PYTHON = sys.executable
LOI = str(Path(PYTHON).parent / "loi")


def medianes_entrelacees(commandes: list[list[str]], tours: int) -> list[float]:
    """Median wall time of each command, in seconds (outputs discarded), the commands run in
    turn within each round: a change in the machine's load weighs on all of them alike."""
    for commande in commandes:
        subprocess.run(commande, capture_output=True, check=False)  # warm the caches once
    durees: list[list[float]] = [[] for _ in commandes]
    for _ in range(tours):
        for rang, commande in enumerate(commandes):
            debut = time.perf_counter()
            subprocess.run(commande, capture_output=True, check=False)
            durees[rang].append(time.perf_counter() - debut)
    return [statistics.median(liste) for liste in durees]


def requetes_en_memoire(passes: int = 3) -> tuple[float, float, float]:
    """Median, 90th percentile and worst time (ms) of the eval queries in one open searcher.

    The queries run ``passes`` times; the figures are those of the pass with the lowest
    median: another process taking the core can only add time, never take it away.
    """
    from indexer import build
    from indexer.recherche.moteur import Chercheur

    sys.path.insert(0, str(RACINE / "scripts"))
    import evaluer

    chercheur = Chercheur(build.index_courant())
    requetes = [texte for partie in evaluer.lire_parties().values() for texte, _ in partie]
    for texte in requetes[:5]:
        chercheur.chercher(texte)  # first answers read the postings they need
    meilleure: list[float] = []
    for _ in range(passes):
        durees = []
        for texte in requetes:
            debut = time.perf_counter()
            chercheur.chercher(texte)
            durees.append((time.perf_counter() - debut) * 1000)
        durees.sort()
        if not meilleure or statistics.median(durees) < statistics.median(meilleure):
            meilleure = durees
    return statistics.median(meilleure), meilleure[int(len(meilleure) * 0.9)], meilleure[-1]


def construction() -> tuple[float, float, int]:
    """Seconds to build the index from the parsed corpus, its size in MB, its documents."""
    from indexer import build
    from indexer.recherche import index

    unites = build.fiches_recherche()  # the corpus parsed first: the build alone is timed
    with tempfile.TemporaryDirectory() as dossier:
        debut = time.perf_counter()
        cible = index.installer(unites, Path(dossier) / "index-bench", build.synonymes())
        duree = time.perf_counter() - debut
        taille = sum(f.stat().st_size for f in cible.iterdir()) / 1e6
    return duree, taille, len(unites)


def navigateur_telephone() -> list[tuple[str, str, str, str]]:
    """The site on a phone, in Chromium (390×844, CPU ×4): bytes of a first view, time to
    first results, time per query (``scripts/evaluer_site.py``; a row says so without Chromium)."""
    import evaluer_site

    return evaluer_site.lignes_telephone()


def phare_telephone() -> list[tuple[str, str, str, str]]:
    """Lighthouse mobile on home, lois/68, a results page and marque (``scripts/phare.py``, issue 20)."""
    import phare

    return phare.lignes()


def main(argv: list[str] | None = None) -> int:
    """Measure and print the table."""
    parseur = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parseur.add_argument("--tours", type=int, default=15, help="runs per measure (median)")
    tours = parseur.parse_args(argv).tours
    # Measure a user's steady state: modules byte-compiled (as `make setup` leaves them,
    # even where PYTHONDONTWRITEBYTECODE is set) and the index built (make index).
    compileall.compile_dir(str(RACINE / "indexer"), quiet=1)
    subprocess.run([LOI, "voir", "68C"], capture_output=True, check=False)
    subprocess.run([LOI, "cherche", "renonce"], capture_output=True, check=False)  # the index: make index
    nu, voir, cherche, faute = medianes_entrelacees(
        [
            [PYTHON, "-I", "-S", "-c", "pass"],
            [LOI, "voir", "68C"],
            [LOI, "cherche", "revendication contestée"],
            [LOI, "cherche", "enchere", "insufisante"],
        ],
        tours,
    )
    mediane, p90, pire = requetes_en_memoire()
    duree, taille, documents = construction()
    lignes = [
        ("python -I -S -c pass", f"{nu * 1000:.0f} ms", "1.0×", ""),
        ("loi voir 68C", f"{voir * 1000:.0f} ms", f"{voir / nu:.1f}×", "≤ 6×"),
        ("loi cherche … (nouveau processus)", f"{cherche * 1000:.0f} ms", f"{cherche / nu:.1f}×", "≤ 15×"),
        ("loi cherche enchere insufisante (faute)", f"{faute * 1000:.0f} ms", f"{faute / nu:.1f}×", "≤ 15×"),
        ("requête dans l'invite (médiane)", f"{mediane:.1f} ms", f"{mediane / (nu * 1000):.1f}× python nu", "≤ 15 ms"),
        ("requête dans l'invite (90e centile)", f"{p90:.1f} ms", f"pire {pire:.0f} ms", ""),
        ("construction de l'index", f"{duree:.1f} s", f"{taille:.1f} Mo, {documents} documents", "≤ 10 s"),
    ]
    lignes += navigateur_telephone()
    lignes += phare_telephone()
    largeurs = [max(len(ligne[i]) for ligne in lignes) for i in range(4)]
    for ligne in lignes:
        print("  ".join(c.ljust(n) for c, n in zip(ligne, largeurs, strict=True)).rstrip())
    return 0


if __name__ == "__main__":
    sys.exit(main())
