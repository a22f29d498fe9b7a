"""Golden files: whole law pages, and docs/ as a whole, must match what the corpus makes;
the built site's law pages keep every HTML id (links from outside land on them).

docs/ is generated and committed; after a deliberate change run ``make golden``
(``loi construire`` then ``pytest --update-golden``) and review the Markdown diff, and the
diff of tests/golden/ids-lois.json: an id never goes away (it would break someone's link), even
through ``make golden``; a retired id stays as an alias (corpus/ancres.toml).
"""

from __future__ import annotations

import difflib
import json
from pathlib import Path

import pytest
from site_outils import NB_LOIS, Construction
from test_page_loi import lire_page_loi

from indexer import build

LOIS_DE_REFERENCE = (12, 16, 23, 27, 40, 68, 70, 77)
GOLDEN = Path(__file__).parent / "golden"
GOLDEN_IDS = GOLDEN / "ids-lois.json"


@pytest.fixture(scope="module")
def attendus(construit) -> dict[str, str]:
    return build.attendus()


def _diff(attendu: str, obtenu: str, nom: str) -> str:
    lignes = difflib.unified_diff(
        attendu.splitlines(), obtenu.splitlines(), f"{nom} (référence)", f"{nom} (généré)", lineterm="", n=2
    )
    return "\n".join(list(lignes)[:60])


def plan(loi) -> str:
    """A law's structure, one line per element: source, edition, type, label, line, title."""
    lignes = [f"Loi {loi.numero} — {loi.titre()}"]
    for partie in loi.parties:
        lignes.append(f"{partie.source[:3]} {partie.edition} {partie.role} l.{partie.ligne} « {partie.titre} »")
        for element in partie.elements:
            label = element.label.compact() if element.label else "-"
            marque = " [incomplet]" if element.incomplet else ""
            formes = ",".join(b.forme for b in element.blocs)
            lignes.append(f"  {element.type} {label} l.{element.ligne} {element.titre[:50]!r} ({formes}){marque}")
    return "\n".join(lignes) + "\n"


@pytest.mark.parametrize("numero", LOIS_DE_REFERENCE)
def test_page_de_loi(numero: int, attendus: dict[str, str]) -> None:
    """The committed page (docs/lois/N/index.md is the golden file) is what the corpus makes."""
    chemin = build.racine() / "docs" / "lois" / str(numero) / "index.md"
    attendu = chemin.read_text(encoding="utf-8")
    obtenu = attendus[f"docs/lois/{numero}/index.md"]
    assert obtenu == attendu, _diff(attendu, obtenu, chemin.name)


@pytest.mark.parametrize("numero", LOIS_DE_REFERENCE)
def test_plan_de_loi(numero: int, construit, mise_a_jour: bool) -> None:
    """The law's structure (parts, labels, lines, titles) matches its reviewed outline."""
    obtenu = plan(construit.corpus.loi(numero))
    reference = GOLDEN / f"loi-{numero}.plan"
    if mise_a_jour:
        reference.parent.mkdir(exist_ok=True)
        reference.write_text(obtenu, encoding="utf-8")
    attendu = reference.read_text(encoding="utf-8")
    assert obtenu == attendu, _diff(attendu, obtenu, reference.name)


def test_docs_a_jour(attendus: dict[str, str]) -> None:
    perimes = build.differences()
    assert not perimes, f"docs/ périmé, lancez « make docs » : {perimes[:10]}"


def test_construction_deterministe(construit) -> None:
    premiere = build.parser_corpus()
    assert premiere.corpus == construit.corpus
    assert build.attendus() == build.attendus()


@pytest.mark.parametrize("numero", [29, 30, 31, 32])
def test_apercu_28_32_signale(numero: int, attendus: dict[str, str]) -> None:
    """The Guide's overview of laws 28 to 32 sits on page 28; the others point to it."""
    page = attendus[f"docs/lois/{numero}/index.md"]
    assert "- [Déclarations hors tour, approche générale (Lois 28 à 32)](../28/index.md#guide)" in page


@pytest.fixture(scope="module")
def site_construit(site_commun: Construction) -> Construction:
    return site_commun


@pytest.mark.lent
def test_les_ancres_des_pages_de_loi(site_construit: Construction, mise_a_jour: bool) -> None:
    """Every id of every law page (recorded before the page became an annotated code)."""
    if site_construit.faux:
        pytest.skip("docs/ n'est pas généré")
    obtenu = {str(n): sorted(lire_page_loi(site_construit.site, n).ids) for n in range(1, NB_LOIS + 1)}
    attendu = json.loads(GOLDEN_IDS.read_text(encoding="utf-8"))
    disparus = {n: sorted(set(attendu.get(n, ())) - set(ids)) for n, ids in obtenu.items()}
    disparus = {n: d for n, d in disparus.items() if d}
    # Even a deliberate change keeps every published id: a retired one stays as an alias.
    assert not disparus, f"ancres disparues (gardez-les comme alias, corpus/ancres.toml) : {disparus}"
    if mise_a_jour:
        GOLDEN_IDS.write_text(json.dumps(obtenu, indent=0, ensure_ascii=False, sort_keys=True), encoding="utf-8")
    nouveaux = {n: sorted(set(ids) - set(attendu.get(n, ()))) for n, ids in obtenu.items()}
    nouveaux = {n: d for n, d in nouveaux.items() if d and not mise_a_jour}
    assert not nouveaux, f"ancres nouvelles (voulu ? make golden) : {dict(list(nouveaux.items())[:4])}"
