"""Law 77's trick-score table, rebuilt from 001's fragments (4757–4777) by the named
repair ``indexer.corpus.parsers.code2007_marque``: checked cell by cell."""

from __future__ import annotations

import pytest
from outils_parseurs import lignes_propres, partie

from indexer.corpus.couverture import bilan
from indexer.corpus.parsers import code2007, code2007_marque
from indexer.model import TABLEAU, TEXTE, TITRE
from indexer.sources import CODE_2007


def _blocs():
    return code2007_marque.blocs(lignes_propres(CODE_2007))


# (table, row, column) → the cell expected, read on the fragments of 001 (line in the comment).
CELLULES = [
    (0, 0, 0, "Pour chaque levée demandée et faite"),  # 4762
    (0, 0, 1, "♣"), (0, 0, 2, "♦"), (0, 0, 3, "♥"), (0, 0, 4, "♠"),  # 4761 "♣ ♦ ♥ ♠"
    (0, 1, 0, "Non contrée"), (0, 1, 1, "20"), (0, 1, 2, "20"), (0, 1, 3, "30"),  # 4763
    (0, 1, 4, "30"),  # 4764, alone on its line
    (0, 2, 0, "Contrée"), (0, 2, 1, "40"), (0, 2, 2, "40"),  # 4765 "Contrée 40 40"
    (0, 2, 3, "60"), (0, 2, 4, "60"),  # 4766 "60 60"
    (0, 3, 0, "Surcontrée"), (0, 3, 1, "80"), (0, 3, 2, "80"), (0, 3, 3, "120"),  # 4767
    (0, 3, 4, "120"),  # 4768
    (1, 0, 0, ""), (1, 0, 1, "Non contré"), (1, 0, 2, "Contré"), (1, 0, 3, "Surcontré"),  # 4771
    (1, 1, 0, "Pour la première levée demandée et faite"), (1, 1, 1, "40"),  # 4772
    (1, 1, 2, "80"), (1, 1, 3, "160"),  # 4773, 4774: one number per line
    (1, 2, 0, "Pour chaque levée supplémentaire"), (1, 2, 1, "30"),  # 4775
    (1, 2, 2, "60"), (1, 2, 3, "120"),  # 4776, 4777
]  # fmt: skip


@pytest.mark.parametrize(("table", "rang", "colonne", "attendu"), CELLULES)
def test_cellule(table: int, rang: int, colonne: int, attendu: str) -> None:
    tables = [b for b in _blocs() if b.forme == TABLEAU]
    assert tables[table].cellules[rang][colonne] == attendu


def test_forme_des_tables() -> None:
    tables = [b for b in _blocs() if b.forme == TABLEAU]
    assert [len(t.cellules) for t in tables] == [4, 3]
    assert [{len(r) for r in t.cellules} for t in tables] == [{5}, {4}]
    assert [t.ligne for t in tables] == [4761, 4771]


def test_titres_et_legendes() -> None:
    assert [(b.forme, b.texte, b.ligne) for b in _blocs() if b.forme != TABLEAU] == [
        (TITRE, "POINTS PAR LEVEE", 4757),
        (TEXTE, "Marqués par le camp du déclarant si le contrat est réalisé", 4759),
        (TEXTE, "SI LES ATOUTS SONT", 4760),
        (TEXTE, "A UN CONTRAT A SANS ATOUT", 4769),
    ]


@pytest.mark.parametrize(
    ("fragments", "colonnes", "attendu"),
    [
        (["Non contrée 20 20 30", "30"], 4, (("Non contrée", "20", "20", "30", "30"),)),
        (["Contrée 40 40", "60 60"], 4, (("Contrée", "40", "40", "60", "60"),)),
        (
            ["Pour la première levée demandée et faite 40", "80", "160"],
            3,
            (("Pour la première levée demandée et faite", "40", "80", "160"),),
        ),
        (["Non contrée 20 20 30"], 4, None),  # a missing cell: no guess
        (["30", "Contrée 40 40 60 60"], 4, None),  # numbers before any row label
        (["Contrée 40 40", "60 60 60"], 4, None),  # one number too many
    ],
)
def test_rangs(fragments, colonnes, attendu) -> None:
    assert code2007_marque.rangs(fragments, colonnes) == attendu


def test_fragments_inattendus_restent_verbatim() -> None:
    """A source whose fragments differ is not rebuilt: the parser keeps the lines as a diagram."""
    lignes = list(lignes_propres(CODE_2007))
    lignes[4764] = "Contrée 40"  # 4765 "Contrée 40 40" lost a cell
    assert code2007_marque.blocs(tuple(lignes)) is None


def test_loi_77_sans_mot_perdu() -> None:
    """Every word of 4757–4777 reaches the rebuilt blocks, in order."""
    lignes = lignes_propres(CODE_2007)
    source = "\n".join(lignes[4756:4777])
    sortie = "\n".join("\n".join(" ".join(r) for r in b.cellules) if b.forme == TABLEAU else b.texte for b in _blocs())
    assert bilan(source, sortie).manques == ()
    loi77 = partie(code2007.parse(lignes), 77).elements[0]
    assert [b.forme for b in loi77.blocs[:6]] == [TITRE, TEXTE, TEXTE, TABLEAU, TEXTE, TABLEAU]


def test_bareme_78b_absent_dit_et_lie() -> None:
    """78B (2007) announces a scale the source lacks: the page says so and links to the tables."""
    from indexer.labels import Label
    from indexer.rendu.elements import lacune

    avis = lacune(Label(78, ("B",)), "2007", "lois/78.md")
    assert avis.startswith('!!! warning "Absent de la source"')
    assert "manque dans la source" in avis and "4802" in avis
    assert "(../marque.md#bareme-imp)" in avis and "(../tableaux.md#tableaux-la-marque)" in avis
    assert lacune(Label(78, ("B",)), "2017", "lois/78.md") == ""
    assert lacune(Label(78, ("C",)), "2007", "lois/78.md") == ""
