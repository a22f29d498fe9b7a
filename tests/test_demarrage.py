"""The start-up rules of CONTRIBUTING.md (« Démarrage rapide »), checked in fresh processes.

What a process has imported after a command is the rule's only witness: a module
imported once anywhere on the path (even inside a function) shows in ``sys.modules``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest_recherche import construire_index

RACINE = Path(__file__).resolve().parent.parent

# What each path must never import: Whoosh on ``loi voir``, and the corpus's parsing on either
# (a search opens the shipped index; ``make bench`` keeps the times: voir ≤ 6×, cherche ≤ 15×).
SANS_ANALYSE = {"indexer.build", "indexer.corpus", "indexer.corpus.parse", "indexer.rendu", "markdown", "mkdocs"}
INTERDITS_VOIR = {"whoosh", *SANS_ANALYSE}
# The model costs a query 10 ms of start-up (indexer/recherche/index.py).
INTERDITS_CHERCHE = {"whoosh.qparser", "whoosh.highlight.formatters", "indexer.model", *SANS_ANALYSE}
REQUIS_CHERCHE = {"whoosh.searching", "whoosh.scoring"}  # Whoosh answers the query


def modules_apres(argv: list[str], env: dict[str, str]) -> tuple[int, set[str]]:
    """Run ``loi ARGV`` in a fresh interpreter; its exit code and every module it imported."""
    script = (
        "import sys, json\nfrom indexer.cli import main\n"
        f"try:\n    code = main({argv!r})\nexcept SystemExit as fin:\n    code = fin.code\n"
        "sys.stderr.write('\\n' + json.dumps([code, sorted(sys.modules)]))\n"
    )
    fini = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=RACINE, env=env, timeout=300
    )
    code, modules = json.loads(fini.stderr.strip().splitlines()[-1])
    return code, set(modules)


@pytest.fixture(scope="module")
def donnees_de_lecture() -> None:
    """The per-law data is committed with docs/ (docs/donnees/lois): nothing to write first."""


def test_loi_voir(donnees_de_lecture: None) -> None:
    code, modules = modules_apres(["voir", "68C"], dict(os.environ))
    assert code == 0
    assert modules & INTERDITS_VOIR == set()


def test_loi_voir_json_et_edition(donnees_de_lecture: None) -> None:
    code, modules = modules_apres(["voir", "--json", "--edition", "2007", "12C"], dict(os.environ))
    assert code == 0
    assert modules & INTERDITS_VOIR == set()


@pytest.mark.parametrize("argv", [["cherche", "renonce"], ["renonse", "--json"], ["definition", "mort"]])
def test_loi_cherche_dans_un_nouveau_processus(tmp_path: Path, argv: list[str]) -> None:
    code, modules = modules_apres(argv, {**os.environ, "LOI_INDEX": str(construire_index(tmp_path))})
    assert code in (0, 1)
    assert modules & INTERDITS_CHERCHE == set()
    assert modules >= REQUIS_CHERCHE


def test_le_temoin_voit_un_import() -> None:
    """The witness must see an import: argparse is imported for the help."""
    code, modules = modules_apres(["--help"], dict(os.environ))
    assert code == 0 and "argparse" in modules


def etat_du_ramasse_miettes(argv: list[str], env: dict[str, str]) -> tuple[int, bool, bool, bool]:
    """Run ``loi ARGV`` in a fresh interpreter: its exit code, whether the cyclic collector is on afterwards,
    whether objects were left to it frozen (``cherche.chercheur``), and whether ``cherche.oublier`` gave them back."""
    script = (
        "import gc, sys, json\nfrom indexer.cli import main, cherche\n"
        f"try:\n    code = main({argv!r})\nexcept SystemExit as fin:\n    code = fin.code\n"
        "gele = gc.get_freeze_count() > 0\ncherche.oublier()\n"
        "sys.stderr.write('\\n' + json.dumps([code, gc.isenabled(), gele, gc.get_freeze_count() == 0]))\n"
    )
    fini = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=RACINE, env=env, timeout=300
    )
    code, actif, gele, rendu = json.loads(fini.stderr.strip().splitlines()[-1])
    return code, actif, gele, rendu


@pytest.mark.parametrize(
    ("argv", "index", "attendu"),
    [
        (["cherche", "renonce"], True, (0, True, True, True)),
        (["cherche", "--json", "renonce"], True, (0, True, True, True)),
        (["cherche", "renonce"], False, (2, True, False, True)),  # no index: the collector is back on all the same
        (["voir", "68C"], True, (0, True, False, True)),  # no search: nothing frozen
    ],
)
def test_le_ramasse_miettes_apres_l_ouverture(
    tmp_path: Path, argv: list[str], index: bool, attendu: tuple[int, bool, bool, bool]
) -> None:
    """Opening the index freezes what it loaded (a fresh search then walks none of it again, at exit
    included) and always turns the collector back on; forgetting the searcher unfreezes it."""
    dossier = construire_index(tmp_path) if index else tmp_path / "absent"
    assert etat_du_ramasse_miettes(argv, {**os.environ, "LOI_INDEX": str(dossier)}) == attendu
