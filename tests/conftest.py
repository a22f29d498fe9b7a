"""Shared fixtures: the built corpus (once per session) and the --update-golden option."""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-golden", action="store_true",
                     help="réécrit les fichiers de référence (tests/golden/) au lieu de les comparer")


@pytest.fixture(scope="session")
def mise_a_jour(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-golden"))


@pytest.fixture(scope="session")
def construit():
    """The parsed, linked corpus (from the cache when it is current)."""
    from indexer.build import construit as construire

    return construire()
