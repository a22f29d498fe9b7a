"""Anchor rules on small hand-made laws: current text, editions, roles, examples."""

from __future__ import annotations

import pytest

from indexer.corpus.ancres import AncreEnDouble, ancres_loi
from indexer.corpus.merge import merge
from indexer.labels import Label
from indexer.model import (
    EXEMPLE,
    LOI,
    NOTE,
    ROLE_GUIDE,
    ROLE_TEXTE,
    TEXTE,
    Bloc,
    Element,
    Extrait,
    Partie,
)


def loi_(label: str, *parties: str) -> Element:
    return Element(LOI, (Bloc(TEXTE, "texte", 1),), 1, label=Label(68, tuple(parties)) if label else Label(68))


def partie(edition: str, role: str, *elements: Element) -> Partie:
    return Partie(f"{edition}-{role}.txt", edition, role, "Titre", 1, elements)


def ids(*parties: Partie) -> list[tuple[str, ...]]:
    """The ids of every element, in page order (parts merged as the build merges them)."""
    loi = merge([Extrait("x", tuple((68, p) for p in parties))]).loi(68)
    resultat = ancres_loi(loi)
    return [resultat[cle] for cle in sorted(resultat)]


def test_le_texte_en_vigueur_porte_l_ancre_courte() -> None:
    ancien = partie("2007", ROLE_TEXTE, loi_("C", "C"))
    guide = partie("2017", ROLE_GUIDE, loi_("C", "C"))
    officiel = partie("2017", ROLE_TEXTE, loi_("C", "C"))
    # Given in any order, merged for reading: official 2017, the Guide, then 2007.
    assert ids(ancien, guide, officiel) == [
        ("loi-68-c", "loi-68-c-2017"),
        ("loi-68-c-2017-guide",),
        ("loi-68-c-2007",),
    ]


def test_sans_texte_2017_l_ancre_courte_va_au_2007() -> None:
    assert ids(partie("2007", ROLE_TEXTE, loi_("C", "C"), loi_("D", "D"))) == [
        ("loi-68-c", "loi-68-c-2007"),
        ("loi-68-d", "loi-68-d-2007"),
    ]


def test_preambule_exemples_et_notes() -> None:
    exemple = Element(EXEMPLE, (Bloc(TEXTE, "x", 2),), 2, titre="Exemple 1 :")
    note = Element(NOTE, (Bloc(TEXTE, "x", 3),), 3)
    assert ids(partie("2017", ROLE_GUIDE, loi_(""), exemple, exemple, note)) == [
        ("loi-68-2017",),
        ("loi-68-exemple-1",),
        ("loi-68-exemple-2",),
        ("loi-68-note-1",),
    ]


def test_citation_repetee_numerotee() -> None:
    assert ids(partie("2017", ROLE_GUIDE, loi_("A", "A"), loi_("A", "A"), loi_("A", "A"))) == [
        ("loi-68-a", "loi-68-a-2017"),
        ("loi-68-a-2017-guide",),
        ("loi-68-a-2017-guide-2",),
    ]


def test_une_ancre_en_double_est_une_erreur(monkeypatch: pytest.MonkeyPatch) -> None:
    import indexer.corpus.ancres as module

    monkeypatch.setattr(module, "_ids_loi", lambda *args: ("loi-68-x",))
    with pytest.raises(AncreEnDouble, match="loi-68-x"):
        ids(partie("2017", ROLE_GUIDE, loi_("A", "A"), loi_("B", "B")))


def _alias(alias: dict[str, str]) -> list[tuple[str, ...]]:
    from indexer.corpus.ancres import calculer
    from indexer.model import Corpus, Loi

    corpus = Corpus((Loi(68, (partie("2017", ROLE_GUIDE, loi_("A", "A"), Element(EXEMPLE, (), 3)),)),))
    return list(calculer(corpus, alias).par_element.values())


@pytest.mark.parametrize(
    "alias, attendu",
    [
        ({}, [("loi-68-a", "loi-68-a-2017"), ("loi-68-exemple-1",)]),
        (
            {"loi-68-exemple-4": "loi-68-exemple-1"},
            [("loi-68-a", "loi-68-a-2017"), ("loi-68-exemple-1", "loi-68-exemple-4")],
        ),
        (
            {"loi-68-commentaire-2": "loi-68-a-2017"},
            [("loi-68-a", "loi-68-a-2017", "loi-68-commentaire-2"), ("loi-68-exemple-1",)],
        ),
    ],
)
def test_une_ancre_retiree_reste_un_alias(alias: dict[str, str], attendu: list[tuple[str, ...]]) -> None:
    assert _alias(alias) == attendu


@pytest.mark.parametrize(
    "alias, message",
    [
        ({"loi-68-exemple-1": "loi-68-a"}, "l'alias loi-68-exemple-1 est déjà une ancre"),
        ({"loi-68-exemple-9": "loi-68-b"}, "la cible loi-68-b de l'alias loi-68-exemple-9 n'existe pas"),
    ],
)
def test_un_alias_fautif_est_refuse(alias: dict[str, str], message: str) -> None:
    with pytest.raises(AncreEnDouble, match=message):
        _alias(alias)
