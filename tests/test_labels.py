"""The citation grammar: (input, expected) tables, and properties on every label."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from indexer.labels import Label, ancre, ancre_libre, ancre_unique, parse_label, parse_relatif

TAPES = [
    ("68", "Loi 68", "loi-68"),
    ("Loi 68", "Loi 68", "loi-68"),
    ("loi68", "Loi 68", "loi-68"),
    ("L68", "Loi 68", "loi-68"),
    ("Law 64", "Loi 64", "loi-64"),
    ("68C", "Loi 68C", "loi-68-c"),
    ("68 C", "Loi 68C", "loi-68-c"),
    ("loi 70 D", "Loi 70D", "loi-70-d"),
    ("70D1", "Loi 70D1", "loi-70-d-1"),
    ("12C1(e)", "Loi 12C1(e)", "loi-12-c-1-e"),
    ("12c1e", "Loi 12C1(e)", "loi-12-c-1-e"),
    ("27B1(b)", "Loi 27B1(b)", "loi-27-b-1-b"),
    ("27 b 1 b", "Loi 27B1(b)", "loi-27-b-1-b"),
    ("Loi 9 A 2.b)", "Loi 9A2(b)", "loi-9-a-2-b"),
    ("LOI 64.B", "Loi 64B", "loi-64-b"),
    ("12C1(e)(ii)", "Loi 12C1(e)(ii)", "loi-12-c-1-e-ii"),
    ("12C1(e) (i)", "Loi 12C1(e)(i)", "loi-12-c-1-e-i"),
    ("40B2a(i)", "Loi 40B2(a)(i)", "loi-40-b-2-a-i"),
    ("12C1b)", "Loi 12C1(b)", "loi-12-c-1-b"),
    ("21b3", "Loi 21B3", "loi-21-b-3"),
    ("  loi   12 C 1 e  ", "Loi 12C1(e)", "loi-12-c-1-e"),
]

PAS_DES_LABELS = ["", "94", "0", "17H", "loi de 1901", "68Z", "revendication", "12C1(e)(ii)x", "1901"]


@pytest.mark.parametrize("tape, affiche, attendue", TAPES)
def test_ce_que_les_gens_tapent(tape: str, affiche: str, attendue: str) -> None:
    label = parse_label(tape)
    assert label is not None
    assert str(label) == affiche
    assert ancre(label) == attendue


@pytest.mark.parametrize("texte", PAS_DES_LABELS)
def test_ce_qui_n_est_pas_une_reference(texte: str) -> None:
    assert parse_label(texte) is None


@pytest.mark.parametrize(
    "relatif, contexte, attendu",
    [
        ("C", Label(23, ("B",)), "23C"),
        ("B1", Label(68, ("B", "2")), "68B1"),
        ("A2(a)", Label(31, ("B",)), "31A2(a)"),
        ("4", Label(12, ("C", "1")), "12C4"),
        ("(b)", Label(12, ("C", "1")), "12C1(b)"),
        ("(b)", Label(23, ("B",)), None),
        ("A(a)", Label(12, ("C",)), None),
    ],
)
def test_relatifs(relatif: str, contexte: Label, attendu: str | None) -> None:
    label = parse_relatif(relatif, contexte)
    assert (label.compact() if label else None) == attendu


def test_qualifications_et_ancres_libres() -> None:
    assert ancre(Label(68, ("C",)), "2017") == "loi-68-c-2017"
    assert ancre(Label(68, ("C",)), "2017", "guide") == "loi-68-c-2017-guide"
    assert ancre_libre("article", "83.1") == "article-83-1"
    assert ancre_libre("def", "Adv. G") == "def-adv-g"
    assert ancre_libre("def", "Épreuve") == "def-epreuve"


@pytest.mark.parametrize(
    "prises, attendue",
    [
        (set(), "index-rang"),
        ({"index-rang"}, "index-rang-2"),
        ({"index-rang", "index-rang-2"}, "index-rang-3"),
        ({"index-rang-2"}, "index-rang"),  # the first free one, from the bare base
    ],
)
def test_ancre_unique(prises: set[str], attendue: str) -> None:
    assert ancre_unique("index-rang", prises) == attendue


LETTRES = st.sampled_from("abcdefgh")
ROMAINS = st.sampled_from(["i", "ii", "iii", "iv", "v", "vi", "vii"])
LABELS = st.builds(
    lambda loi, profondeur, s, n, lettre, romain: Label(loi, (s, str(n), lettre, romain)[:profondeur]),
    st.integers(1, 93),
    st.integers(0, 4),
    st.sampled_from("ABCDEFG"),
    st.integers(1, 12),
    LETTRES,
    ROMAINS,
)


@given(LABELS)
def test_format_puis_lecture(label: Label) -> None:
    assert parse_label(str(label)) == label
    assert parse_label(label.compact()) == label


@given(LABELS, LABELS)
def test_ancres_uniques_et_propres(premier: Label, second: Label) -> None:
    assert re.fullmatch(r"[a-z0-9-]+", ancre(premier))
    assert (ancre(premier) == ancre(second)) == (premier == second)


@pytest.mark.parametrize(
    "label, parent, ancetres",
    [
        (Label(68), None, ["68"]),
        (Label(68, ("C",)), "68", ["68C", "68"]),
        (Label(12, ("C", "1", "e", "ii")), "12C1(e)", ["12C1(e)(ii)", "12C1(e)", "12C1", "12C", "12"]),
    ],
)
def test_parents_et_ancetres(label: Label, parent: str | None, ancetres: list[str]) -> None:
    assert (label.parent().compact() if label.parent() else None) == parent
    assert [a.compact() for a in label.ancetres()] == ancetres
    assert all(a.contient(label) for a in label.ancetres())
    assert not label.contient(Label(label.loi + 1, label.parties))
