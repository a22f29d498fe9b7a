"""The house style, checked: ruff's rules and its formatter (``# fmt: skip`` on data tables only),
modules under 400 lines, functions under 40."""

from __future__ import annotations

import ast
import io
import re
import subprocess
import sys
import tokenize
from pathlib import Path

import pytest

RACINE = Path(__file__).resolve().parent.parent
CODE = sorted([*RACINE.glob("indexer/**/*.py"), *RACINE.glob("scripts/*.py")])
DOSSIERS = ["indexer", "scripts", "tests"]
SOURCES = sorted(p for d in DOSSIERS for p in (RACINE / d).rglob("*.py"))
LIGNES_MODULE = 400
LIGNES_FONCTION = 40


def test_ruff() -> None:
    sortie = subprocess.run(
        [sys.executable, "-m", "ruff", "check", *DOSSIERS], cwd=RACINE, capture_output=True, text=True
    )
    assert sortie.returncode == 0, sortie.stdout + sortie.stderr


def test_ruff_format() -> None:
    """One layout, ruff's: a file it would rewrite fails (run ``ruff format indexer scripts tests``)."""
    sortie = subprocess.run(
        [sys.executable, "-m", "ruff", "format", "--check", *DOSSIERS], cwd=RACINE, capture_output=True, text=True
    )
    assert sortie.returncode == 0, sortie.stdout + sortie.stderr


def _donnee(noeud: ast.expr | None) -> bool:
    """A value written out, not computed: constants, names, nested containers, f-strings of names,
    calls of such (``Bloc(ITEM, "- soit", 1)``); never a comprehension, a lambda, an operation."""
    match noeud:
        case None | ast.Constant() | ast.Name():
            return True
        case ast.Attribute(value=valeur) | ast.Starred(value=valeur):
            return isinstance(valeur, ast.Name | ast.Attribute) and _donnee(valeur)
        case ast.UnaryOp(operand=valeur):
            return isinstance(valeur, ast.Constant)
        case ast.BinOp(left=gauche, right=droite):
            return isinstance(gauche, ast.Constant) and isinstance(droite, ast.Constant)
        case ast.List(elts=elements) | ast.Tuple(elts=elements) | ast.Set(elts=elements):
            return all(map(_donnee, elements))
        case ast.Dict(keys=cles, values=valeurs):
            return all(map(_donnee, [*cles, *valeurs]))
        case ast.JoinedStr(values=morceaux):
            return all(_donnee(m.value) for m in morceaux if isinstance(m, ast.FormattedValue))
        case ast.Call(func=fonction, args=arguments, keywords=nommes):
            return _donnee(fonction) and all(map(_donnee, [*arguments, *(n.value for n in nommes)]))
    return False


def tables(source: str) -> set[int]:
    """The last lines of the statements a ``# fmt: skip`` may keep as written (a data table): a module
    or class constant that is a literal container of data, or a ``pytest.mark.parametrize`` decorator."""
    arbre = ast.parse(source)
    portees = [arbre, *(n for n in ast.walk(arbre) if isinstance(n, ast.ClassDef))]
    fins = {
        noeud.end_lineno
        for portee in portees
        for noeud in portee.body
        if isinstance(noeud, ast.Assign | ast.AnnAssign)
        and isinstance(noeud.value, ast.List | ast.Tuple | ast.Dict | ast.Set)
        and _donnee(noeud.value)
    }
    for noeud in ast.walk(arbre):
        if isinstance(noeud, ast.FunctionDef | ast.AsyncFunctionDef):
            fins |= {d.end_lineno for d in noeud.decorator_list if "parametrize" in ast.unparse(d)}
    return {fin for fin in fins if fin is not None}


def hors_tables(source: str) -> list[int]:
    """The lines of ``source`` whose ``fmt:`` comment is not allowed: a ``# fmt: skip`` off a data
    table, and any ``# fmt: off`` / ``# fmt: on`` (a region kept from the formatter)."""
    permises = tables(source)
    commentaires = [
        (jeton.start[0], jeton.string)
        for jeton in tokenize.generate_tokens(io.StringIO(source).readline)
        if jeton.type == tokenize.COMMENT and "fmt:" in jeton.string
    ]
    return [ligne for ligne, texte in commentaires if "fmt: skip" not in texte or ligne not in permises]


SKIP = "  # fmt: skip"  # in a string: only comments count, so this file passes its own test
FMT_SKIP = [
    ("LOIS = (\n    (1, 'a'), (2, 'b'),\n)" + SKIP, []),
    ("class C:\n    NOMS = {'x': 1,\n            'y': -2}" + SKIP, []),
    ("GRILLE = [Bloc(ITEM, f'{A} b', 1),\n          Bloc(ITEM, 'c', 2)]" + SKIP, []),
    ("@pytest.mark.parametrize('x', [1,\n    2])" + SKIP + "\ndef test_x(x): pass", []),
    ("def f():\n    lignes = ['a',\n              'b']" + SKIP, [3]),
    ("CARRES = [x * x\n          for x in range(3)]" + SKIP, [2]),
    ("TRIS = {'a': lambda x: x,\n        'b': 1}" + SKIP, [2]),
    ("x = f(1,\n      2)" + SKIP, [2]),
    ("x = 1  # fmt: off", [1]),
    ("CHAINE = 'texte # fmt: skip'", []),
]


@pytest.mark.parametrize(("source", "attendu"), FMT_SKIP)
def test_hors_tables(source: str, attendu: list[int]) -> None:
    assert hors_tables(source) == attendu


@pytest.mark.parametrize("chemin", SOURCES, ids=lambda p: str(p.relative_to(RACINE)))
def test_fmt_skip_seulement_sur_les_tables(chemin: Path) -> None:
    lignes = hors_tables(chemin.read_text(encoding="utf-8"))
    assert not lignes, (
        f"« # fmt: skip » hors d'une table de données (lignes {lignes}) : laissez ruff format écrire ce code"
    )


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


@pytest.mark.parametrize("chemin", CODE, ids=lambda p: str(p.relative_to(RACINE)))
def test_une_seule_fabrique_d_ancres(chemin: Path) -> None:
    """An anchor is ``labels.ancre``'s alone: an id written by hand (« f"loi-{n}" ») drifts from
    the one the links point to as soon as the rule changes."""
    if chemin.name != "labels.py":
        assert not re.findall(r"loi-\{", chemin.read_text(encoding="utf-8")), "utilisez labels.ancre()"
