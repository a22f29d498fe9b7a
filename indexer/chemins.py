"""Where things are: the project folder, the corpus, the per-law data and the shipped index.

Kept apart from ``build`` so that ``loi voir`` finds its JSON without importing the parsing
machinery. Nothing here reads or writes a file: it only looks whether a checkout's folders are there.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

RACINE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# A checkout holds corpus/ and docs/ beside indexer/; an installed wheel holds the same
# files as the top-level folders loi_corpus/ and loi_donnees/ (setup.py), and its index as loi_index/.
EN_DEPOT = os.path.isdir(os.path.join(RACINE, "corpus"))
# A checkout to build in: the sources and the project file (or git) beside indexer/. An installed
# wheel has neither: ``loi construire`` refuses there instead of writing into site-packages.
DEPOT = (
    EN_DEPOT
    and os.path.isdir(os.path.join(RACINE, "corpus", "sources"))
    and (os.path.isfile(os.path.join(RACINE, "pyproject.toml")) or os.path.exists(os.path.join(RACINE, ".git")))
)
CORPUS = os.path.join(RACINE, "corpus") if EN_DEPOT else os.path.join(RACINE, "loi_corpus")
DONNEES = os.path.join(RACINE, "docs", "donnees") if EN_DEPOT else os.path.join(RACINE, "loi_donnees")
# What ``loi construire --index`` writes in a checkout (out of git: Whoosh names its segments at random).
GENERE = os.path.join(RACINE, "genere")
DONNEES_RECHERCHE = os.path.join(GENERE, "recherche-donnees.js")  # the site's search data, read by its build


def racine() -> Path:
    """The project folder (the one holding corpus/ and docs/)."""
    from pathlib import Path  # here: pathlib costs ``loi voir`` a tenth of its start-up

    return Path(RACINE)


def corpus() -> Path:
    """The corpus folder: sources, manifest, errata, chapters, synonyms."""
    from pathlib import Path

    return Path(CORPUS)


def donnees_loi(numero: int) -> str:
    """The committed per-law data of ``loi voir`` (``docs/donnees/lois/N.json``)."""
    return os.path.join(DONNEES, "lois", f"{numero}.json")


def dossier_index() -> str:
    """The search index: ``$LOI_INDEX`` when set (the tests' own), else the checkout's
    ``genere/index`` (``loi construire --index``), else the wheel's ``loi_index``."""
    if os.environ.get("LOI_INDEX"):
        return os.environ["LOI_INDEX"]
    return os.path.join(GENERE, "index") if EN_DEPOT else os.path.join(RACINE, "loi_index")
