"""Shared fixtures: the built corpus (once per session), a current search index, the --update-golden option."""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        help="réécrit les fichiers de référence (tests/golden/) au lieu de les comparer",
    )


@pytest.fixture(scope="session")
def mise_a_jour(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-golden"))


@pytest.fixture(scope="session", autouse=True)
def index_a_jour() -> None:
    """The checkout's index (``genere/``), rebuilt first when its marker names other sources or code:
    ``loi cherche`` only opens it, and a test must never search a stale one."""
    from indexer import build
    from indexer.chemins import dossier_index
    from indexer.recherche import dossier

    try:
        if dossier.verifier(dossier_index()).get("empreinte") == build.empreinte():
            return
    except dossier.IndexCorrompu:
        pass
    build.construire_index()


@pytest.fixture(scope="session")
def construit():
    """The parsed, linked corpus (once per session)."""
    from indexer.build import construit as construire

    return construire()


@pytest.fixture(scope="session")
def site_commun(tmp_path_factory: pytest.TempPathFactory):
    """The site built once per test run (``mkdocs build --strict``), read by every site test;
    no test writes into it."""
    from site_outils import construire

    return construire(tmp_path_factory.mktemp("site"))


def _apres_les_scripts() -> None:
    """A page of the site loads its scripts after its first paint (overrides/main.html), once the
    ``load`` event that ``goto`` waits for may have passed: every ``goto`` and ``reload`` of the
    browser tests also waits until the theme has started (``<html data-scripts="prets">``) and the
    stylesheets apply, or returns at once on a page without that loader (a folder listing)."""
    try:
        from playwright.sync_api import Page
    except ImportError:
        return
    attendre = """() => document.documentElement.dataset.scripts !== 'en-attente' &&
        !document.querySelector('link[data-apres-affichage]') &&
        [...document.querySelectorAll('link[rel=stylesheet]')].every((l) => l.sheet)"""

    def avec_attente(methode):
        def appel(page, *args, **kwargs):
            reponse = methode(page, *args, **kwargs)
            page.wait_for_function(attendre)
            return reponse

        return appel

    Page.goto = avec_attente(Page.goto)  # type: ignore[method-assign]
    Page.reload = avec_attente(Page.reload)  # type: ignore[method-assign]


_apres_les_scripts()
