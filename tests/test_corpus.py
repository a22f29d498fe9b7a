"""The whole corpus: every law, every 2007 section, every example, nothing lost."""

from __future__ import annotations

import importlib

import pytest

from indexer import build
from indexer.corpus.clean import clean_source
from indexer.corpus.couverture import bilan
from indexer.labels import Label
from indexer.model import EXEMPLE, LOI, ROLE_TEXTE
from indexer.sources import CODE_2007, GUIDE, LIVRET, LOIS_2017, NOTES, PAR_FICHIER

SEUIL_COUVERTURE = 0.99


def test_93_lois_chacune_avec_son_texte_2007(construit) -> None:
    lois = construit.corpus.lois
    assert [loi.numero for loi in lois] == list(range(1, 94))
    for loi in lois:
        assert any(p.edition == "2007" and p.role == ROLE_TEXTE for p in loi.parties), loi.numero
        assert loi.titres().get("2007"), loi.numero


def test_les_251_sections_du_sommaire_2007(construit) -> None:
    toc = importlib.import_module("indexer.corpus.parsers.code2007_toc")
    lignes = clean_source((build.racine() / "corpus/sources" / CODE_2007).read_text(encoding="utf-8"), CODE_2007)
    attendues = {Label(n, (lettre,)) for n, lettre in toc.sections_du_sommaire(lignes)}
    assert len(attendues) == 251
    presentes = {
        e.label
        for loi in construit.corpus.lois
        for p in loi.parties if p.edition == "2007"
        for e in p.elements if e.type == LOI
    }
    assert sorted(attendues - presentes) == []


@pytest.mark.parametrize("numero", [68, 69, 70, 71])
def test_texte_2017_complet_pour_68_a_71(construit, numero: int) -> None:
    loi = construit.corpus.loi(numero)
    officiel = [p for p in loi.parties if p.edition == "2017" and p.role == ROLE_TEXTE]
    assert officiel and officiel[0].source == LOIS_2017
    assert len([e for e in officiel[0].elements if e.type == LOI]) >= 3


def test_chaque_exemple_du_guide_est_un_bloc(construit) -> None:
    exemples = [e for loi in construit.corpus.lois for p in loi.parties if p.source == GUIDE
                for e in p.elements if e.type == EXEMPLE]
    assert 205 <= len(exemples) <= 215
    assert all(e.blocs for e in exemples)


def test_chaque_renvoi_non_resolu_est_explique(construit) -> None:
    for probleme in construit.problemes:
        assert probleme.source in PAR_FICHIER and probleme.ligne > 0
        assert probleme.explication and "Expliqué" in probleme.message, probleme.message
        assert any(mot in probleme.message for mot in ("lien vers", "lien marqué vers", "pas de lien"))


@pytest.fixture(scope="module")
def markdown_publie(construit) -> str:
    return build.markdown_publie()


@pytest.mark.parametrize("source", [GUIDE, CODE_2007, LOIS_2017, NOTES, LIVRET])
def test_rien_n_est_perdu(source: str, markdown_publie: str) -> None:
    resultat = bilan(build.texte_publie(source), markdown_publie, titres=build.titres())
    print(f"{source} : {resultat.ratio:.2%} des mots retrouvés ({resultat.gardes}/{resultat.total})")
    assert resultat.ratio >= SEUIL_COUVERTURE, resultat.manques[:5]


@pytest.mark.parametrize(
    "numero, titre_2017",
    [(28, "Déclaration considérée comme faite au tour de parole"), (23, "Déclaration comparable"),
     (36, None), (39, None)],
)
def test_titres_par_edition(construit, numero: int, titre_2017: str | None) -> None:
    """The Guide's 28–32 overview and its 36–39 run-in titles are not law titles."""
    loi = construit.corpus.loi(numero)
    assert loi.titres().get("2017") == titre_2017
    page = (build.racine() / "docs" / "lois" / f"{numero}.md").read_text(encoding="utf-8")
    premier_titre = next(ligne for ligne in page.splitlines() if ligne.startswith("# "))
    assert ("(titre 2007)" in premier_titre) == (titre_2017 is None)
