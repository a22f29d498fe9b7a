"""« A corpus stage never opens a file », and the same of rendering and scoring: checked on the
source (AST), so that an ``open()`` slipped into ``indexer/corpus/merge.py`` fails here.

The modules that do touch files are named once, below; README.md and CONTRIBUTING.md list
the same (a test compares).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

RACINE = Path(__file__).resolve().parent.parent
PAQUET = RACINE / "indexer"
PURS = ("corpus", "rendu", "marque")  # pure stages: text in, objects or text out

# Modules whose import alone means files (or processes); ``os`` is judged by its calls (``os.environ`` is none).
MODULES_FICHIERS = {"pathlib", "shutil", "tempfile", "io", "glob", "subprocess", "mmap", "fcntl", "sqlite3"}
# Methods that read or write files whatever the object (the builtin ``open`` and pathlib's), and
# functions of ``os`` / ``os.path`` that do (judged on ``os`` only: ``str.replace`` is no file).
METHODES_FICHIERS = {"open", "read_text", "read_bytes", "write_text", "write_bytes", "mkdir", "unlink", "rmdir",
                     "iterdir", "glob", "rglob", "touch", "rename", "exists", "is_dir", "is_file"}  # fmt: skip
OS_FICHIERS = {"open", "replace", "remove", "rename", "unlink", "makedirs", "mkdir", "listdir", "scandir", "walk",
               "stat", "lstat", "access", "readlink", "symlink", "fdopen", "dup2", "write", "read", "exists",
               "lexists", "isdir", "isfile", "getsize"}  # fmt: skip
# The modules that touch files, as README.md and CONTRIBUTING.md say (« Qui touche aux fichiers »).
LECTEURS = {
    "indexer/build.py": "lit corpus/ et mkdocs.yml, écrit docs/, l'index et les données de recherche du site",
    "indexer/chemins.py": "regarde si les dossiers du dépôt ou de la roue existent",
    "indexer/lecture.py": "lit docs/donnees/lois/N.json",
    "indexer/recherche/dossier.py": "vérifie et ouvre l'index",
    "indexer/recherche/index.py": "écrit l'index",
    "indexer/cli/invite.py": "l'historique de l'invite",
    "indexer/cli/sortie.py": "la sortie standard (ramenée à sa taille d'avant sur un échec) et le pager",
}


def _appel_fichier(fonction: ast.expr) -> str:
    """The name of a call that touches files, or ""."""
    if isinstance(fonction, ast.Name):
        return "open" if fonction.id == "open" else ""
    if not isinstance(fonction, ast.Attribute):
        return ""
    objet = ast.unparse(fonction.value)
    if objet in ("os", "os.path"):
        return fonction.attr if fonction.attr in OS_FICHIERS else ""
    return fonction.attr if fonction.attr in METHODES_FICHIERS else ""


def touche_aux_fichiers(source: str) -> list[str]:
    """What in ``source`` reads or writes files: an import of a file module, or a file call."""
    trouves = []
    for noeud in ast.walk(ast.parse(source)):
        if isinstance(noeud, ast.Import):
            trouves += [a.name for a in noeud.names if a.name.split(".")[0] in MODULES_FICHIERS]
        elif isinstance(noeud, ast.ImportFrom) and not noeud.level and noeud.module:
            if noeud.module.split(".")[0] in MODULES_FICHIERS:
                trouves.append(noeud.module)
        elif isinstance(noeud, ast.Call) and (nom := _appel_fichier(noeud.func)):
            trouves.append(f"{nom}() l.{noeud.lineno}")
    return trouves


@pytest.mark.parametrize(("source", "attendu"), [
    ("x = 1\n", []),
    ("with open('f') as f:\n    pass\n", ["open() l.1"]),
    ("import os\nos.environ.get('X')\n", []),
    ("import os\nos.replace('a', 'b')\n", ["replace() l.2"]),
    ("texte.replace('a', 'b')\n", []),
    ("os.path.isdir(d)\n", ["isdir() l.1"]),
    ("from pathlib import Path\n", ["pathlib"]),
    ("def f(p):\n    return p.read_text()\n", ["read_text() l.2"]),
    ("import shutil\n", ["shutil"]),
    ("from . import merge\n", []),
    ("texte.split('open')\n", []),
])  # fmt: skip
def test_le_temoin_voit_les_fichiers(source: str, attendu: list[str]) -> None:
    assert touche_aux_fichiers(source) == attendu


@pytest.mark.parametrize("partie", PURS)
def test_etapes_pures_sans_fichiers(partie: str) -> None:
    fautes = {
        str(p.relative_to(RACINE)): t
        for p in sorted((PAQUET / partie).rglob("*.py"))
        if (t := touche_aux_fichiers(p.read_text(encoding="utf-8")))
    }
    assert fautes == {}


def test_les_modules_qui_touchent_aux_fichiers_sont_ceux_que_l_on_dit() -> None:
    """Outside the pure stages too: exactly the modules listed."""
    touchent = {
        str(p.relative_to(RACINE))
        for p in sorted(PAQUET.rglob("*.py"))
        if touche_aux_fichiers(p.read_text(encoding="utf-8"))
    }
    assert touchent == set(LECTEURS)


@pytest.mark.parametrize("document", ["README.md", "CONTRIBUTING.md"])
def test_la_documentation_nomme_les_memes(document: str) -> None:
    texte = (RACINE / document).read_text(encoding="utf-8")
    section = texte.split("Qui touche aux fichiers\n", 1)[1].split("\n#", 1)[0]
    assert {m for m in LECTEURS if f"`{m.removeprefix('indexer/')}`" in section} == set(LECTEURS)
