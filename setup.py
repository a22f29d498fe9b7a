"""The wheel's layout beyond pyproject.toml: the corpus, the per-law data and the search index travel with the code.

An installed ``loi`` has no checkout: ``corpus/`` (sources, manifest, errata, synonyms)
becomes the top-level folder ``loi_corpus/``, ``docs/donnees/`` becomes ``loi_donnees/``,
and the Whoosh index, written from the model while the wheel is built (as
``loi construire --index`` writes it), becomes ``loi_index/``; ``indexer.chemins`` looks
there when no ``corpus/`` sits beside ``indexer/``. An editable install builds no index
(``make`` writes the checkout's into ``genere/``).
"""

import os
import sys
from pathlib import Path

from setuptools import find_packages, setup
from setuptools.command.build_py import build_py


class AvecIndex(build_py):
    """``build_py``, then the search index into the wheel's ``loi_index/``."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        from indexer import build

        build.construire_index(Path(self.build_lib) / "loi_index")


setup(
    packages=[*find_packages(include=["indexer", "indexer.*"]), "loi_corpus", "loi_donnees"],
    package_dir={"loi_corpus": "corpus", "loi_donnees": "docs/donnees"},
    package_data={"loi_corpus": ["*.toml", "*.md", "sources/*.txt"], "loi_donnees": ["*.json", "lois/*.json"]},
    cmdclass={"build_py": AvecIndex},
)
