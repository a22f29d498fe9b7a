"""Cleaning steps: (input, expected) pairs; the line count never changes."""

from __future__ import annotations

import pytest

from indexer.corpus.clean import (
    Erratum,
    ErreurErratum,
    appliquer_errata,
    clean_source,
    couleurs_symbol,
    guillemets_doubles,
    sans_espaces_finales,
    sans_saut_de_page,
)
from indexer.sources import CODE_2007, GUIDE


@pytest.mark.parametrize(
    "etape, brut, attendu",
    [
        (sans_saut_de_page, ("\f28 – Déclaration", "texte"), ("28 – Déclaration", "texte")),
        (sans_espaces_finales, ("mot ", "   ", "", "  diagramme  "), ("mot", " ", "", "  diagramme")),
        (guillemets_doubles, ("≪ Stop ≫",), ("« Stop »",)),
    ],
)
def test_etapes(etape, brut: tuple[str, ...], attendu: tuple[str, ...]) -> None:
    assert etape(brut) == attendu
    assert etape(etape(brut)) == attendu  # idempotent


def test_couleurs_symbol_dans_le_rnc_seulement() -> None:
    lignes = tuple(["§ avant le RNC"] * 6250 + ["2© ou 2ª unicolore faible", "1§/1¨ toujours fort"])
    nettoye = couleurs_symbol(lignes)
    assert nettoye[0] == "§ avant le RNC"
    assert nettoye[-2:] == ("2♥ ou 2♠ unicolore faible", "1♣/1♦ toujours fort")


def test_errata_appliques_et_verifies() -> None:
    erratum = Erratum(GUIDE, 2, "suite à une", "suite d'une", "coquille")
    assert appliquer_errata(("a", "la suite à une déclaration"), GUIDE, [erratum])[1] == "la suite d'une déclaration"
    with pytest.raises(ErreurErratum, match="introuvable"):
        appliquer_errata(("a", "autre chose"), GUIDE, [erratum])
    assert appliquer_errata(("a", "autre"), CODE_2007, [erratum]) == ("a", "autre")


def test_nombre_de_lignes_conserve() -> None:
    texte = "\fTitre \n \n\ntexte ≪x≫ \n"
    assert len(clean_source(texte, GUIDE)) == texte.count("\n") + 1
