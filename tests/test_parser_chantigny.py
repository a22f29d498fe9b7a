"""The 003 parser (C. Chantigny's notes on laws 30, 31, 27, 23)."""

from __future__ import annotations

import pytest
from outils_parseurs import lignes_propres, partie, texte_plat

from indexer.corpus.couverture import bilan
from indexer.corpus.parsers.chantigny import parse
from indexer.labels import Label
from indexer.model import COMMENTAIRE, ENCHERES, LOI, TITRE, Extrait, Partie
from indexer.sources import NOTES


@pytest.fixture(scope="module")
def lignes() -> tuple[str, ...]:
    return lignes_propres(NOTES)


@pytest.fixture(scope="module")
def extrait(lignes: tuple[str, ...]) -> Extrait:
    return parse(lignes)


def plan(partie: Partie) -> str:
    """One label (or element type) per element, with its subtitle."""
    return "\n".join(f"{e.label.compact() if e.label else e.type} {e.titre}".strip() for e in partie.elements)


ENTETE = ("ENCHÈRE INSUFFISANTE (Loi 27)", " ")


@pytest.mark.parametrize(
    ("corps", "attendu"),
    [
        # a one-line letter paragraph is a subtitle; the text after the S line is its text
        (("A. Enchère acceptée", " ", "", "Toute enchère peut être acceptée."), ["27A Enchère acceptée 1"]),
        # "1. (a)" is two levels; "(b)" then reads against "(a)"
        (
            ("B. Non acceptée", " ", "1. (a) si l’enchère", "", "est remplacée.", " ", "(b) si comparable."),
            ["27B Non acceptée 0", "27B1 0", "27B1(a) 1", "27B1(b) 1"],
        ),
        # E lines are soft wraps; a marker line starts a paragraph without an S line
        (
            ("A. Définition", " ", "1. elle a une", "", "signification.", "2. elle définit"),
            ["27A Définition 0", "27A1 1", "27A2 1"],
        ),
        # an unlabelled paragraph after a full one: law text, no letter guessed; a marker
        # that cannot be read (no B before "3.") stays in the text
        (("3. si le joueur fautif.", " ", "Si le Directeur juge."), ["27 1", "27 1"]),
    ],
)
def test_labels(corps: tuple[str, ...], attendu: list[str]) -> None:
    elements = parse((*ENTETE, *corps)).parties[0][1].elements
    obtenu = [" ".join(x for x in (e.label.compact(), e.titre, str(len(e.blocs))) if x) for e in elements if e.label]
    assert obtenu == attendu


def test_reflow_et_marque_illisible() -> None:
    elements = (
        parse(
            (
                "PASSE HORS TOUR (Loi 30)",
                " ",
                "(a) Le partenaire peut déclarer à son tour de",
                "",
                "déclarer, mais la Loi 16 s’applique.",
            )
        )
        .parties[0][1]
        .elements
    )
    # "(a)" under the bare law cannot be read as a label: it stays in the text
    assert [(e.label, e.blocs[0].texte) for e in elements] == [
        (Label(30), "(a) Le partenaire peut déclarer à son tour de déclarer, mais la Loi 16 s’applique."),
    ]


def test_parties(extrait: Extrait) -> None:
    assert [(n, p.titre, p.ligne, p.edition, p.role) for n, p in extrait.parties] == [
        (30, "Passe hors tour", 4, "2017", "notes"),
        (31, "Enchère hors tour", 40, "2017", "notes"),
        (27, "Enchère insuffisante", 87, "2017", "notes"),
        (23, "Déclaration comparable", 136, "2017", "notes"),
    ]


@pytest.mark.parametrize(
    "avant, premier",
    [
        (("", "Notes de X.", ""), ("commentaire", "Notes de X.", 2)),  # the lines before the first heading
        (("", " "), ("loi", "Texte.", 4)),  # blank: no commentary element
        ((), ("loi", "Texte.", 2)),
    ],
)
def test_preface(avant: tuple[str, ...], premier: tuple[str, str, int]) -> None:
    ((_, p),) = parse((*avant, "ENCHÈRE INSUFFISANTE (Loi 27)", "Texte.")).parties
    element = p.elements[0]
    assert (element.type, element.blocs[0].texte, element.blocs[0].ligne) == premier


def test_auteur_garde(extrait: Extrait) -> None:
    premier = partie(extrait, 30).elements[0]
    assert (premier.type, premier.blocs[0].texte, premier.ligne) == (
        COMMENTAIRE,
        "Notes de Christian Chantigny, Directeur",
        2,
    )


def test_plan_loi_30(extrait: Extrait) -> None:
    assert plan(partie(extrait, 30)) == "\n".join(
        [
            "commentaire",
            "30",
            "30A Au tour de l’adversaire de droite de déclarer",
            "30B Au tour du partenaire ou de l’adversaire de gauche de déclarer",
            "30B1",
            "30B1(a)",
            "30B1(b)",
            "30B1(b)(i)",
            "30B1(b)(ii)",
        ]
    )


def test_plan_loi_27(extrait: Extrait) -> None:
    assert plan(partie(extrait, 27)) == "\n".join(
        [
            "27A Enchère insuffisante acceptée",
            "27A1",
            "27A2",
            "27B Enchère insuffisante non acceptée",
            "27B1",
            "27B1(a)",
            "27B1(b)",
            "27B2",
            "27B3",
            "27",  # the unlabelled 27D paragraph (129): no letter is guessed
        ]
    )
    dernier = partie(extrait, 27).elements[-1]
    assert dernier.ligne == 129 and dernier.type == LOI


def test_notes_loi_23(extrait: Extrait) -> None:
    elements = partie(extrait, 23).elements
    lois = [e.label.compact() for e in elements if e.type == LOI]
    assert lois == ["23A", "23A1", "23A2", "23A3", "23B", "23C"]
    notes = [e for e in elements if e.type == COMMENTAIRE]
    assert notes[0].ligne == 165
    titres = [(b.texte, b.ligne) for e in notes for b in e.blocs if b.forme == TITRE]
    assert titres == [
        ("Signification identique ou similaire", 178),
        ("Sous-ensemble des significations possibles", 196),
        ("Même but", 206),
    ]
    encheres = [b for e in notes for b in e.blocs if b.forme == ENCHERES]
    assert [(b.ligne, b.cellules) for b in encheres] == [
        (183, (("Ouest", "Nord", "Est", "Sud"), ("", "", "1♠", "2♥"))),
    ]


def test_references_entre_crochets(extrait: Extrait) -> None:
    c = next(e for e in partie(extrait, 23).elements if e.label == Label(23, ("C",)))
    assert "[voir les Lois 27B1(b), 30B1(b)(i), 31A2(a) et32A2(a)]" in c.blocs[0].texte
    assert c.blocs[0].texte.endswith("[voir la Loi 12C1(b)].")


def test_structure(extrait: Extrait, lignes: tuple[str, ...]) -> None:
    for _, part in extrait.parties:
        for rang, elt in enumerate(part.elements):
            assert 1 <= elt.ligne <= len(lignes)
            if not elt.blocs:  # a subtitle or a bare number: its text is in its children
                suivant = part.elements[rang + 1]
                assert elt.label is not None and suivant.label is not None
                assert elt.label.contient(suivant.label)


def test_couverture(extrait: Extrait, lignes: tuple[str, ...]) -> None:
    # a Partie's title is written as the source heads the law: "titre (Loi N)"
    mesure = bilan("\n".join(lignes), texte_plat(extrait, entete="{titre} (Loi {numero})"))
    assert mesure.ratio >= 0.99, mesure.manques
