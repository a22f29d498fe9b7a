"""The whole corpus: every law, every 2007 section, every example, nothing lost."""

from __future__ import annotations

import importlib

import pytest

from indexer import build
from indexer.corpus.clean import clean_source
from indexer.corpus.couverture import bilan
from indexer.corpus.merge import etiqueter
from indexer.labels import Label
from indexer.model import EXEMPLE, LOI, ROLE_TEXTE, TEXTE, Bloc, Element, Partie
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
    attendues = {Label(e.numero, (lettre,)) for e in toc.sommaire(lignes) for lettre, _ in e.sections}
    assert len(attendues) == 251
    presentes = {
        e.label
        for loi in construit.corpus.lois
        for p in loi.parties
        if p.edition == "2007"
        for e in p.elements
        if e.type == LOI
    }
    assert sorted(attendues - presentes) == []


@pytest.mark.parametrize("numero", [68, 69, 70, 71])
def test_texte_2017_complet_pour_68_a_71(construit, numero: int) -> None:
    loi = construit.corpus.loi(numero)
    officiel = [p for p in loi.parties if p.edition == "2017" and p.role == ROLE_TEXTE]
    assert officiel and officiel[0].source == LOIS_2017
    assert len([e for e in officiel[0].elements if e.type == LOI]) >= 3


def test_chaque_exemple_du_guide_est_un_bloc(construit) -> None:
    exemples = [
        e
        for loi in construit.corpus.lois
        for p in loi.parties
        if p.source == GUIDE
        for e in p.elements
        if e.type == EXEMPLE
    ]
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
    [
        (28, "Déclaration considérée comme faite au tour de parole"),
        (23, "Déclaration comparable"),
        (36, None),
        (39, None),
    ],
)
def test_titres_par_edition(construit, numero: int, titre_2017: str | None) -> None:
    """The Guide's 28–32 overview and its 36–39 run-in titles are not law titles."""
    loi = construit.corpus.loi(numero)
    assert loi.titres().get("2017") == titre_2017
    page = (build.racine() / "docs" / "lois" / str(numero) / "index.md").read_text(encoding="utf-8")
    premier_titre = next(ligne for ligne in page.splitlines() if ligne.startswith("# "))
    assert ("(titre 2007)" in premier_titre) == (titre_2017 is None)


# --- structure from the sources (issue 8) ----------------------------------------------------

# (law, source:line, expected label): 2017 paragraphs named by another 2017 source (merge.etiqueter)
ETIQUETTES_CROISEES = [
    (27, f"{NOTES}:129", "27D"),  # restated by 000:3378 « …n'avait pas eu lieu (27D, et voir 12B1) »
    (30, f"{GUIDE}:3708", "30B1(b)"),  # 003:28 quotes the same words as 30B1(b)
    (6, f"{LIVRET}:559", "6C"),  # 000:265 quotes the same words as 6C
    (61, f"{LIVRET}:719", "61C"),  # subtitle proved by 000:7391 « La Loi 61C est claire (…) »
]


@pytest.mark.parametrize(("numero", "ou", "label"), ETIQUETTES_CROISEES)
def test_etiquettes_croisees(construit, numero: int, ou: str, label: str) -> None:
    source, ligne = ou.split(":")
    (element,) = [
        e
        for p in construit.corpus.loi(numero).parties
        if p.source == source
        for e in p.elements
        if e.ligne == int(ligne) and e.type == LOI
    ]
    assert element.label is not None and element.label.compact() == label


def _partie(source: str, edition: str, *elements: Element) -> Partie:
    return Partie(source, edition, "guide", "", 1, elements)


REFORMULE = "le joueur fautif peut faire n'importe quelle déclaration légale à son tour"


def _commentaire(texte: str) -> Element:
    return Element("commentaire", (Bloc(TEXTE, texte, 1),), 1)


def _loi(texte: str, label: Label, ligne: int = 1) -> Element:
    return Element(LOI, (Bloc(TEXTE, texte, ligne),), ligne, label)


@pytest.mark.parametrize(
    ("autre", "attendu"),
    [
        # the same words under a label in another 2017 source
        (
            _partie(
                GUIDE,
                "2017",
                _loi(
                    "Le joueur fautif peut faire n’importe quelle déclaration légale et :", Label(30, ("B", "1", "b"))
                ),
            ),
            Label(30, ("B", "1", "b")),
        ),
        # the same words in the 2007 text only: never
        (
            _partie(
                CODE_2007,
                "2007",
                _loi(
                    "Le joueur fautif peut faire n'importe quelle déclaration légale à son tour.", Label(30, ("B", "2"))
                ),
            ),
            Label(30),
        ),
        # restated, then cited in parentheses
        (_partie(GUIDE, "2017", _commentaire(f"Il ajuste si {REFORMULE} (30B1b).")), Label(30, ("B", "1", "b"))),
        # restated, cited as another law's paragraph: not ours
        (_partie(GUIDE, "2017", _commentaire(f"Il ajuste si {REFORMULE} (23C).")), Label(30)),
    ],
)
def test_etiqueter(autre: Partie, attendu: Label) -> None:
    sans = _partie(
        NOTES, "2017", _loi("Le joueur fautif peut faire n'importe quelle déclaration légale à son tour.", Label(30))
    )
    (etiquetee, _) = etiqueter(30, [sans, autre])
    assert etiquetee.elements[0].label == attendu


# (source:line of a commentary, example or note, the 2017 paragraph it is attached to)
RATTACHEMENTS = [
    (f"{GUIDE}:1638", "16C"),  # under « … (16C) : », not 16B3
    (f"{GUIDE}:1648", "16C"),  # its « Remarque : »
    (f"{GUIDE}:3364", "27B"),  # « Lorsque l'enchère insuffisante n'est pas acceptée : » = 27B's subtitle (003:99)
    (f"{GUIDE}:3415", "27B"),
    (f"{GUIDE}:3437", "27B"),  # the four examples of comparable replacements, not 27A2
    (f"{GUIDE}:3446", "27B"),
    (f"{GUIDE}:3456", "27B"),
    (f"{GUIDE}:3463", "27B"),
    (f"{GUIDE}:3360", "27A2"),  # the commentary of 27A2 itself stays
    (f"{GUIDE}:4211", "40"),  # « Déclarations psychiques : »: a topic of the Guide's, not 40B5(a)
    (f"{GUIDE}:4250", "40"),
    (f"{GUIDE}:2017", "19A2"),  # a title alone before a quote heads that quote (« Méthode correcte… »)
    (f"{GUIDE}:5256", "46B"),  # « Le mort » captions a hand: no new topic
]


@pytest.mark.parametrize(("ou", "label"), RATTACHEMENTS)
def test_rattachements(construit, ou: str, label: str) -> None:
    (fiche,) = [f for f in construit.fiches if f.source == ou and f.type != LOI]
    assert fiche.rattachement == label
