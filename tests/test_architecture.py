"""The package's shape (CONTRIBUTING.md, « Les couches »): imports point down, never in a circle.

Every import is read from the source, the ones inside functions and under
``TYPE_CHECKING`` included, and so are the parser modules named as strings: a lazy
import still ties two modules together.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

RACINE = Path(__file__).resolve().parent.parent
PAQUET = RACINE / "indexer"

# Layer of each part of the package, bottom first; a module imports its own part or lower ones.
VOCABULAIRE = ("editions", "sources", "marqueurs", "labels", "genres", "model", "errors", "chemins")
COUCHES = {
    **{nom: (0, "vocabulaire") for nom in VOCABULAIRE},
    "corpus": (1, "corpus"),
    "rendu": (2, "rendu"),
    "recherche": (2, "recherche"),
    "lecture": (2, "lecture"),
    "marque": (1, "marque"),  # the scoring rules: vocabulary and errors only, read by rendu and cli
    "build": (3, "build"),
    "cli": (4, "cli"),
    "__main__": (4, "cli"),
}


def nom_module(chemin: Path) -> str:
    parties = chemin.relative_to(RACINE).with_suffix("").parts
    return ".".join(parties[:-1] if parties[-1] == "__init__" else parties)


MODULES = {nom_module(p): p for p in sorted(PAQUET.rglob("*.py"))}


def cible(module: str, noeud: ast.ImportFrom) -> str:
    """The absolute module an ``import from`` names (relative imports resolved)."""
    if not noeud.level:
        return noeud.module or ""
    base = module.split(".")
    est_paquet = MODULES[module].name == "__init__.py"
    base = base if est_paquet else base[:-1]
    base = base[: len(base) - noeud.level + 1]
    return ".".join([*base, noeud.module] if noeud.module else base)


def imports(module: str, source: str | None = None) -> set[str]:
    """The package modules that ``module`` imports, anywhere in its source."""
    if source is None:
        source = MODULES[module].read_text(encoding="utf-8")
    trouves: set[str] = set()
    for noeud in ast.walk(ast.parse(source)):
        if isinstance(noeud, ast.Import):
            trouves.update(a.name for a in noeud.names)
        elif isinstance(noeud, ast.ImportFrom):
            base = cible(module, noeud)
            sous_modules = {f"{base}.{a.name}" for a in noeud.names} & MODULES.keys()
            trouves.update(sous_modules or {base})
        elif isinstance(noeud, ast.Constant) and isinstance(noeud.value, str):
            trouves.add(noeud.value)  # importlib.import_module("indexer.corpus.parsers.guide")
    return {t for t in trouves if t in MODULES and t != module and t != "indexer"}


GRAPHE = {module: imports(module) for module in MODULES}


def couche(module: str) -> tuple[int, str]:
    parties = module.split(".")
    if len(parties) == 1:
        return (-1, "indexer")  # the package's __init__: entry points only
    return COUCHES[parties[1]]


@pytest.mark.parametrize("module", sorted(MODULES))
def test_chaque_module_a_sa_couche(module: str) -> None:
    assert module == "indexer" or module.split(".")[1] in COUCHES, (
        f"{module} : ajoutez sa couche dans COUCHES (et dans CONTRIBUTING.md)"
    )


def violations() -> list[str]:
    resultat = []
    for module, cibles in sorted(GRAPHE.items()):
        if module == "indexer":
            continue
        niveau, groupe = couche(module)
        for autre in sorted(cibles):
            niveau_autre, groupe_autre = couche(autre)
            if autre == "indexer" or groupe_autre == groupe or niveau_autre < niveau:
                continue
            resultat.append(f"{module} ({groupe}) importe {autre} ({groupe_autre})")
    return resultat


def test_les_imports_descendent() -> None:
    assert violations() == []


def cycles() -> list[list[str]]:
    """Every strongly connected group of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    bas: dict[str, int] = {}
    pile: list[str] = []
    sur_pile: set[str] = set()
    resultat: list[list[str]] = []

    def visiter(module: str) -> None:
        index[module] = bas[module] = len(index)
        pile.append(module)
        sur_pile.add(module)
        for autre in sorted(GRAPHE[module]):
            if autre not in index:
                visiter(autre)
                bas[module] = min(bas[module], bas[autre])
            elif autre in sur_pile:
                bas[module] = min(bas[module], index[autre])
        if bas[module] == index[module]:
            groupe = []
            while True:
                autre = pile.pop()
                sur_pile.discard(autre)
                groupe.append(autre)
                if autre == module:
                    break
            if len(groupe) > 1:
                resultat.append(sorted(groupe))

    for module in sorted(GRAPHE):
        if module not in index:
            visiter(module)
    return resultat


def test_aucun_cycle_d_imports() -> None:
    assert cycles() == []


@pytest.mark.parametrize(
    ("source", "attendu"),
    [
        ("def f():\n    from indexer.build import construit\n", {"indexer.build"}),
        ("if TYPE_CHECKING:\n    from indexer.model import Loi\n", {"indexer.model"}),
        ("from .. import build\n", {"indexer.build"}),
        ("from . import analyse\n", {"indexer.recherche.analyse"}),
        (
            "import importlib\nimportlib.import_module('indexer.corpus.parsers.guide')\n",
            {"indexer.corpus.parsers.guide"},
        ),
        ("import json\nfrom whoosh import index\n", set()),
    ],
)
def test_la_lecture_des_imports(source: str, attendu: set[str]) -> None:
    """The walk sees lazy, type-only, relative and by-name imports: else the rules prove nothing."""
    assert imports("indexer.recherche.moteur", source) == attendu


# --- Adding an edition starts in editions.py -------------------------------------------------

LIEUX_DES_EDITIONS = {"indexer.editions", "indexer.sources"}  # the editions, and each source's record


def litteraux_d_edition(source: str) -> list[int]:
    """The lines of ``source`` that write an edition as a literal (« "2017" »), f-strings included."""
    from indexer.editions import EDITIONS

    return [n.lineno for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Constant) and n.value in EDITIONS]


@pytest.mark.parametrize(("source", "lignes"), [
    ('x = "2017"\n', [1]), ("y = {'2007': 1}\n", [1]), ('z = f"Texte 2017 {a}"\n', []), ("n = 2017\n", []),
    ('t = titres.get("2007", "")\n', [1]),
])  # fmt: skip
def test_le_temoin_voit_les_litteraux(source: str, lignes: list[int]) -> None:
    assert litteraux_d_edition(source) == lignes


def test_les_editions_ne_s_ecrivent_que_dans_editions() -> None:
    """« 2017 » and « 2007 » are named (``editions.CODE_2017``…) everywhere but where they are defined."""
    ailleurs = {
        nom: lignes
        for nom, chemin in MODULES.items()
        if nom not in LIEUX_DES_EDITIONS
        if (lignes := litteraux_d_edition(chemin.read_text(encoding="utf-8")))
    }
    assert ailleurs == {}
