"""The French analysis (the index's Whoosh analyzer and the plain query-side one) and the normaliser."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from indexer.recherche.analyse import normaliser_requete, plier, racines
from indexer.recherche.disjonction import analyseur_fr


@pytest.mark.parametrize(
    "brut, attendu",
    [
        ("l'arbitre", ["arbitr"]),
        ("L’Arbitre", ["arbitr"]),  # typographic apostrophe, capital
        ("enchères insuffisantes", ["encher", "insuffis"]),
        ("ENCHERE insuffisante", ["encher", "insuffis"]),  # accents folded before stemming
        ("contestée contesté contester", ["contest", "contest", "contest"]),
        ("pénalisée penalisee", ["penalis", "penalis"]),
        ("levée levées", ["lev", "lev"]),
        ("renonce renonces renoncé", ["renonc", "renonc", "renonc"]),
        ("l'as de pique", ["as", "piqu"]),  # the ace is not a stop word
        ("pas de renonce", ["pas", "renonc"]),
        ("Est entame", ["est", "entam"]),  # East
        ("cœur coeur Œuvre", ["coeur", "coeur", "oeuvr"]),
        ("hors-tour", ["hor", "tour"]),
        ("Loi 68C et 16B1 article 83.1", ["loi", "68c", "16b1", "articl", "83.1"]),
        ("le la les de du", []),
    ],
)
def test_racines(brut: str, attendu: list[str]) -> None:
    assert racines(brut) == attendu


def test_positions_gardees_apres_un_mot_vide() -> None:
    """renumber=False: a phrase must not match across a removed stop word."""
    jetons = [(t.text, t.pos) for t in analyseur_fr()("carte de la défense", positions=True)]
    assert jetons == [("cart", 0), ("defens", 3)]


def test_positions_de_caracteres() -> None:
    texte = "L'Enchère"
    (jeton,) = list(analyseur_fr()(texte, chars=True))
    assert texte[jeton.startchar : jeton.endchar] == "Enchère"


def test_analyseur_picklable() -> None:
    """Whoosh pickles the schema, analyzer included, into the index."""
    copie = pickle.loads(pickle.dumps(analyseur_fr()))
    assert [t.text for t in copie("Enchères")] == ["encher"]


@pytest.mark.parametrize(
    "brut, attendu",
    [
        ("Œuvre Énoncée", "oeuvre enoncee"),
        ("ÇA", "ca"),
        ("déjà", "deja"),
    ],
)
def test_plier(brut: str, attendu: str) -> None:
    assert plier(brut) == attendu


@pytest.mark.parametrize(
    "brut, attendu",
    [
        ("  renonce  ", "renonce"),
        ("a\x00b\tc\n d", "a b c d"),
        ("« carte pénalisée »", '" carte pénalisée "'),
        ("l’arbitre", "l'arbitre"),
        ("\x1b[31mrouge", "[31mrouge"),
        ("revendi\u00adcation", "revendication"),  # soft hyphen from a PDF: inside the word
        ("mo\u202ert \u200bdu\ufeff", "mort du"),  # bidi override, zero-width space, BOM
        ("renonce\x85mort\x1fjeu", "renonce mort jeu"),  # other controls part words
    ],
)
def test_normaliser_requete(brut: str, attendu: str) -> None:
    assert normaliser_requete(brut) == attendu


def test_requete_enorme_coupee() -> None:
    propre = normaliser_requete("renonce " * 10_000)
    assert len(propre) <= 400 and propre.endswith("renonce")


# --- The query-side pipeline and the index's analyzer agree -------------------------
MOTS_DU_BRIDGE = ["l'Enchère", "insuffisantes", "contestée", "Pénalisée", "levées", "renonçait",
                  "cœur", "Œuvre", "l’arbitre", "d'un", "AS", "pas", "Est", "hors-tour", "83.1",
                  "12C1(e)", "ß", "Æ", "naïve", "déclarant", "é" * 3, "_", "x²", "١٢"]  # fmt: skip


def _par_whoosh(texte: str) -> list[str]:
    return [t.text for t in analyseur_fr()(texte)]


@pytest.mark.parametrize("texte", [" ".join(MOTS_DU_BRIDGE), "", "   ", "le la les", "\x00\x01"])
def test_racines_comme_l_analyseur_de_l_index(texte: str) -> None:
    """``racines`` (plain Python, for queries) gives the stems the index was built with."""
    assert racines(texte) == _par_whoosh(texte)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(MOTS_DU_BRIDGE), st.text(max_size=12)), max_size=8))
def test_racines_comme_l_analyseur_quelconque(morceaux: list[str]) -> None:
    texte = " ".join(morceaux)
    assert racines(texte) == _par_whoosh(texte)


def test_racines_du_corpus_de_test() -> None:
    from conftest_recherche import UNITES

    for unite in UNITES:
        assert racines(f"{unite.titre} {unite.texte}") == _par_whoosh(f"{unite.titre} {unite.texte}")
