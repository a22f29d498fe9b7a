"""The wheel's layout beyond pyproject.toml: the corpus and the per-law data travel with the code.

An installed ``loi`` has no checkout: ``corpus/`` (sources, manifest, errata, synonyms)
becomes the top-level folder ``loi_corpus/`` and ``docs/donnees/`` becomes ``loi_donnees/``,
beside ``indexer/``; ``indexer.chemins`` looks there when no ``corpus/`` sits beside it.
"""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages(include=["indexer", "indexer.*"]), "loi_corpus", "loi_donnees"],
    package_dir={"loi_corpus": "corpus", "loi_donnees": "docs/donnees"},
    package_data={"loi_corpus": ["*.toml", "*.md", "sources/*.txt"], "loi_donnees": ["*.json", "lois/*.json"]},
)
