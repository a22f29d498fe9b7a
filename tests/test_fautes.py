"""Typo correction with Whoosh's own lexicon, on the real corpus's index.

``Chercheur.voisin`` asks Whoosh's reader for the words of the unstemmed ``mots``
field within one or two edits (``terms_within``, first letter kept) and picks the
most frequent. The misspellings below are the eval queries' words with one or two
edits (accents dropped, letters doubled, dropped, swapped or replaced, English terms
misspelt); most must find a neighbour, and the usual ones the right word.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from indexer import build
from indexer.recherche.analyse import plier
from indexer.recherche.moteur import Chercheur
from indexer.recherche.requete import comprendre

FAUTES = (
    # French words of the eval queries, as directors mistype them
    "insufisante", "insuffisant", "insufissante", "enchre", "encherre", "enchére", "arbite",
    "arbitrre", "abritre", "revendiction", "revendicaton", "revendicasion", "contestée",
    "contesstee", "renonse", "renoncé", "renonnce", "rennonce", "declarnt", "declarrant",
    "delcarant", "partenair", "partennaire", "parteniare", "penalisse", "pennalisee",
    "penalizee", "exiggee", "entamme", "entme", "hesitaton", "hessitation", "infromation",
    "informaton", "autorizee", "explicaton", "explicasion", "consomee", "coulleur", "couler",
    "fourrnir", "levess", "morrt", "tabel", "jouuer", "adversiare", "adverssaire",
    "advresaire", "ouvertur", "ouvreture", "rectificaton", "rectifcation", "sinalé",
    "questoin", "quetsion", "spectatuer", "spectateeur", "irregularitee", "irégularité",
    "vulnerabble", "vulnrable", "tourrnoi", "psychiqe", "calculle", "convension", "atou",
    "attout", "prématuré", "prematurre", "désacord", "hiérachie",
    # English terms of the Code
    "penaltty", "claimm", "revok", "revokke", "dumy", "declearer", "misinformaton",
    "insuficient", "unauthorized", "procedurale", "explenation",
)  # fmt: skip


@pytest.fixture(scope="module")
def chercheur() -> Iterator[Chercheur]:
    ouvert = Chercheur(build.index_courant())  # built from the real corpus on first use
    yield ouvert
    ouvert.fermer()


def test_assez_de_fautes() -> None:
    assert len(set(FAUTES)) == len(FAUTES) >= 50


def test_au_moins_une_correction(chercheur: Chercheur) -> None:
    """The table is made of real typos: most of them have a neighbour within two edits."""
    corriges = [t for t in FAUTES if chercheur.voisin(t, rare=False) not in (None, plier(t))]
    assert len(corriges) >= 0.85 * len(FAUTES)


@pytest.mark.parametrize(
    "tape, attendu",
    [("renonse", "renonce"), ("insufisante", "insuffisante"), ("arbite", "arbitre"),
     ("entamme", "entame"), ("revendiction", "revendication"), ("hesitaton", "hesitation"),
     ("partennaire", "partenaire"), ("enchre", "enchere"), ("declarrant", "declarant")],
)  # fmt: skip
def test_corrections_attendues(chercheur: Chercheur, tape: str, attendu: str) -> None:
    assert chercheur.voisin(tape, rare=False) == attendu


def test_voisins_sont_des_mots_de_l_index(chercheur: Chercheur) -> None:
    for tape in FAUTES:
        voisin = chercheur.voisin(tape, rare=False)
        assert voisin is None or chercheur.frequence(voisin) > 0


@pytest.mark.parametrize("plie, accentue", [("enchere", "enchère"), ("penalisee", "pénalisée"),
                                            ("renonce", "renonce"), ("zzzqqq", "zzzqqq")])  # fmt: skip
def test_accents_retrouves_dans_l_index(chercheur: Chercheur, plie: str, accentue: str) -> None:
    assert chercheur.accent(plie) == accentue


def test_mot_connu_pas_corrige(chercheur: Chercheur) -> None:
    assert chercheur.corriger(comprendre("revendication contestée", chercheur.synonymes), tous=False) is None


@pytest.mark.parametrize("texte", ["quitted trick", "offending side", "bid of more than seven"])
def test_mot_d_une_expression_pas_corrige(chercheur: Chercheur, texte: str) -> None:
    """An English term of corpus/synonymes.toml unknown to the French index (quitted, side, more)
    is not "corrected" into a French neighbour (quitter, site, mort): the expression would be lost."""
    assert chercheur.corriger(comprendre(texte, chercheur.synonymes), tous=False) is None
    assert chercheur.corriger(comprendre(texte, chercheur.synonymes), tous=True) is None


def test_mot_hors_expression_toujours_corrige(chercheur: Chercheur) -> None:
    """Only the expression's own words are spared: a typo next to it, or the same word alone, still gives way."""
    assert (
        chercheur.corriger(comprendre("quitted trick renonse", chercheur.synonymes), tous=False)
        == "quitted trick renonce"
    )
    assert chercheur.corriger(comprendre("quitted", chercheur.synonymes), tous=False) == "quitter"
