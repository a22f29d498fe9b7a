"""The alphabetical index as an index: headwords and sub-entries (parser), « Voir » and
« définitions » links (corpus.renvois_index), the page (rendu.index_alphabetique)."""

from __future__ import annotations

import re

import pytest
from outils_parseurs import lignes_propres

from indexer.corpus.parsers.code2007_index_alphabetique import cle_de_tri, niveaux, parse_index_alphabetique
from indexer.model import RenvoiArticle
from indexer.sources import CODE_2007


def _index():
    lignes = lignes_propres(CODE_2007)
    return parse_index_alphabetique([(n, lignes[n - 1]) for n in range(5523, 6251)])


def _par_ligne():
    return {s.ligne: s for s in _index()}


# (line of 001, term, level): 1 a headword, 2 a sub-entry of the headword above it, 3 of
# the sub-entry above it.
NIVEAUX = [
    (5523, "Action retirée", 1),
    (5524, "Carte, désignée par inadvertance", 2),  # under Action retirée, not a headword
    (5531, "Adv.D (adversaire de droite)", 1),
    (5533, "Adversaires", 1),  # « Adv.G » sorts before « Adversaires »
    (5534, "Droits des adversaires", 2),
    (5550, "Appel", 1),
    (5551, "Accord des appelants", 2),
    (5552, "Appel abusif", 2),  # sorted among Appel's sub-entries, law 92 like them
    (5563, "Capitaine", 2),
    (5577, "Arbitrage", 1),
    (5578, "Incorrect", 2),
    (5613, "Carte", 1),  # no locator: a headword of sub-entries
    (5647, "Carte manquante", 1),  # breaks the order of Carte's sub-entries
    (5648, "Constaté avant le début du jeu", 2),
    (5667, "Concession", 1),
    (5670, "Consentement", 2),
    (5673, "Contestée", 2),  # the issue's « Contestée — 70 » headword
    (5677, "Concurrent", 1),
    (5739, "Déclaration artificielle", 1),
    (5899, "Infraction", 1),  # law 72, not Information non autorisée's 16
    (6026, "Organisme responsable", 1),
    (6028, "Fédération nationale de bridge", 2),
    (6067, "Période des annonces", 2),  # no locator, no « Voir »: it heads what follows…
    (6068, "Annonce", 3),  # …up to the next headword
    (6152, "Rang", 2),
    (6153, "Cartes et couleurs", 3),
    (6236, "Tempo ou comportement", 1),
    (6237, "Inférences", 2),
    (6241, "Tour", 1),
    (6249, "World Bridge Federation", 1),
]


@pytest.mark.parametrize(("ligne", "terme", "niveau"), NIVEAUX)
def test_vedette_ou_sous_entree(ligne: int, terme: str, niveau: int) -> None:
    section = _par_ligne()[ligne]
    assert (section.titre, section.niveau) == (terme, niveau)


def test_vedettes_dans_l_ordre() -> None:
    sections = _index()
    vedettes = [cle_de_tri(s.titre) for s in sections if s.niveau == 1]
    assert vedettes == sorted(vedettes)
    assert (len(sections), len(vedettes)) == (679, 154)
    assert sections[0].niveau == 1


@pytest.mark.parametrize(
    ("entrees", "attendu"),
    [
        # Zeta out of order: the run Alpha, Beta, Gamma is longer; Beta is weighed up (it
        # sorts before the line above it, the end of a group)
        ([("Alpha", "1"), ("Zeta", "1"), ("Beta", "2"), ("Gamma", "3")], (1, 2, 1, 1)),
        ([("Ab", "5"), ("Ac", "5A"), ("Ad", "5B")], (1, 1, 1)),  # sorted, no sub-entry before them
        # Appel abusif continues Appel's sub-entries (Accord), with their law: given back
        (
            [("Annulée", ""), ("Appel", "92"), ("Accord", "92D"), ("Appel abusif", "92A"), ("Arbitre", "81")],
            (1, 1, 2, 2, 1),
        ),
        ([("Faits", ""), ("Agréés", "84"), ("Fédération", "80A1(c)"), ("Feuille", "40")], (1, 2, 1, 1)),
        ([("Carte", ""), ("Retirer", "7B1"), ("Carte manquante", "14")], (1, 2, 1)),
    ],
)
def test_niveaux(entrees, attendu) -> None:
    assert niveaux(entrees) == attendu


@pytest.fixture(scope="module")
def index_lie(construit):
    return next(d for d in construit.corpus.documents if d.type == "index")


def _liens(index, terme: str) -> list[tuple[str, str, str]]:
    section = next(s for s in sorted(index.sections, key=lambda s: s.niveau) if s.titre == terme)
    return [(b.texte[a.debut : a.fin], a.page, a.ancre) for b in section.blocs for a in b.articles]


@pytest.mark.parametrize(
    ("terme", "attendu"),
    [
        ("Agrément", [("Entente entre partenaires", "index-alphabetique.md", "index-entente-entre-partenaires")]),
        ("Annulée", [("Action retiré", "index-alphabetique.md", "index-action-retiree")]),  # 001:5549
        ("Étui", [("Donne", "index-alphabetique.md", "index-donne")]),
        ("Atouts", [("définitions", "definitions.md", "def-atout")]),
        ("Action retirée", [("définitions", "definitions.md", "def-retire")]),
        ("Adv.D (adversaire de droite)", [("définitions", "definitions.md", "def-adv-d")]),
        (
            "Déclaration artificielle",
            [
                ("définitions", "definitions.md", "def-declaration-artificielle"),
                ("Convention", "index-alphabetique.md", "index-convention"),
            ],
        ),
        ("Défenseur", [("définitions", "definitions.md", "definitions-liste")]),  # no such term defined
        ("Doit", [("Introduction", "objet-du-code.md", "objet-usage")]),  # « doit » is in « Le vocabulaire »
    ],
)
def test_liens_voir_et_definitions(index_lie, terme: str, attendu) -> None:
    assert _liens(index_lie, terme) == attendu


def test_chaque_voir_est_un_lien_vers_une_entree(index_lie) -> None:
    ancres = {s.ancre for s in index_lie.sections}
    for section in index_lie.sections:
        for bloc in section.blocs:
            if bloc.texte.startswith("Voir"):
                (lien,) = bloc.articles
                assert isinstance(lien, RenvoiArticle) and lien.ancre in ancres and lien.ancre != section.ancre


def test_chaque_entree_a_renvois_a_un_lien(index_lie) -> None:
    """Every entry that has locators has a link for each of them (only « renvoi » stays text)."""
    for section in index_lie.sections:
        for bloc in section.blocs:
            lies = sorted([(r.debut, r.fin) for r in bloc.renvois] + [(a.debut, a.fin) for a in bloc.articles])
            reste = bloc.texte
            for debut, fin in reversed(lies):
                reste = reste[:debut] + reste[fin:]
            reste = re.sub(r"^Voir(\s+[Aa]ussi)?|\brenvoi\b|\(?note de bas de (page|paragraphe)\)?|[\s,]", "", reste)
            assert reste == "", (section.titre, bloc.texte)


def test_une_sous_entree_dit_sa_vedette_dans_la_recherche(index_lie) -> None:
    """`loi index contestée` and the search show « Concession › Contestée », not a bare « Contestée »."""
    from indexer.corpus.fiches import fiches_document

    pages = {f.ancre: f.page for f in fiches_document(index_lie)}
    assert pages["index-contestee"] == "Index alphabétique du Code 2007 — Concession › Contestée"
    assert pages["index-concession"] == "Index alphabétique du Code 2007 — Concession"
    assert pages["index-cartes-et-couleurs"] == "Index alphabétique du Code 2007 — Rappel › Rang › Cartes et couleurs"
