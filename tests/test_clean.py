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
from indexer.corpus.signalements import signaler
from indexer.labels import Label
from indexer.model import LOI, TEXTE, Bloc, Element, Extrait, NoteBas, Partie
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
    erratum = Erratum(GUIDE, 2, "suite à une", "coquille", "suite d'une")
    assert appliquer_errata(("a", "la suite à une déclaration"), GUIDE, [erratum])[1] == "la suite d'une déclaration"
    with pytest.raises(ErreurErratum, match="introuvable"):
        appliquer_errata(("a", "autre chose"), GUIDE, [erratum])
    assert appliquer_errata(("a", "autre"), CODE_2007, [erratum]) == ("a", "autre")


def test_nombre_de_lignes_conserve() -> None:
    texte = "\fTitre \n \n\ntexte ≪x≫ \n"
    assert len(clean_source(texte, GUIDE)) == texte.count("\n") + 1


# --- errata that keep the words and add a note (corpus.signalements) --------------------------

NOTE = Erratum(GUIDE, 3, "ne devrait prendre", "il manque « pas »", note="Coquille : il manque « pas ».")


def _extrait(*blocs: tuple[int, str]) -> Extrait:
    element = Element(LOI, tuple(Bloc(TEXTE, t, n) for n, t in blocs), blocs[0][0], label=Label(43, ("A",)))
    return Extrait(GUIDE, ((43, Partie(GUIDE, "2017", "guide", "Loi 43", 1, (element,))),))


@pytest.mark.parametrize(
    "blocs, attendu",
    [
        (((2, "Le mort ne devrait prendre l'initiative"),), "Le mort ne devrait prendre[^erratum-3] l'initiative"),
        (((1, "x ne devrait prendre"), (3, "y ne devrait prendre z")), "y ne devrait prendre[^erratum-3] z"),
    ],
)
def test_une_note_d_erratum_garde_le_texte(blocs: tuple[tuple[int, str], ...], attendu: str) -> None:
    (extrait,) = signaler([_extrait(*blocs)], [NOTE])
    element = extrait.parties[0][1].elements[0]
    assert element.blocs[-1].texte == attendu
    assert element.notes == (NoteBas("erratum-3", "Coquille : il manque « pas ».", 3),)
    assert appliquer_errata(("a", "b", "Le mort ne devrait prendre"), GUIDE, [NOTE])[2] == "Le mort ne devrait prendre"


def test_une_note_sans_paragraphe_est_refusee() -> None:
    with pytest.raises(ErreurErratum, match="ne trouve aucun paragraphe"):
        signaler([_extrait((5, "Le mort ne devrait prendre"))], [NOTE])  # the paragraph begins after line 3
