"""The house style, checked: ruff's rules, modules under 400 lines, functions under 40."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

RACINE = Path(__file__).resolve().parent.parent
CODE = sorted([*RACINE.glob("indexer/**/*.py"), *RACINE.glob("scripts/*.py"), *RACINE.glob("hooks/*.py")])
# hooks/ holds MkDocs hooks when the site needs one (none since each page is generated as x/index.md).
DOSSIERS = [d for d in ("indexer", "scripts", "tests", "hooks") if (RACINE / d).is_dir()]
LIGNES_MODULE = 400
LIGNES_FONCTION = 40


def test_ruff() -> None:
    sortie = subprocess.run([sys.executable, "-m", "ruff", "check", *DOSSIERS],
                            cwd=RACINE, capture_output=True, text=True)
    assert sortie.returncode == 0, sortie.stdout + sortie.stderr


@pytest.mark.parametrize("chemin", sorted(RACINE.glob("docs/assets/javascripts/*.js")), ids=lambda p: p.name)
def test_javascript_se_lit(chemin: Path) -> None:
    """The site's scripts parse (``node --check``): a redeclared ``const`` breaks the whole
    search in the browser, and only the browser tests would say so, much later."""
    sortie = subprocess.run(["node", "--check", str(chemin)], capture_output=True, text=True)
    assert sortie.returncode == 0, sortie.stderr


@pytest.mark.parametrize("chemin", CODE, ids=lambda p: str(p.relative_to(RACINE)))
def test_tailles(chemin: Path) -> None:
    source = chemin.read_text(encoding="utf-8")
    assert source.count("\n") <= LIGNES_MODULE, "module trop long : découpez-le par étape"
    longues = [
        (noeud.name, noeud.end_lineno - noeud.lineno + 1)
        for noeud in ast.walk(ast.parse(source))
        if isinstance(noeud, ast.FunctionDef | ast.AsyncFunctionDef)
        and noeud.end_lineno - noeud.lineno + 1 > LIGNES_FONCTION
    ]
    assert not longues, f"fonctions de plus de {LIGNES_FONCTION} lignes : {longues}"
