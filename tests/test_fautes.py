"""Typo correction without Whoosh answers exactly what Whoosh's reader answers.

``compact.Vocabulaire`` replaces ``reader.doc_frequency("mots", …)`` and
``reader.terms_within("mots", …, prefix=1)`` so that a search never imports Whoosh.
Whoosh stays the index builder and the reference: on the real corpus's index, both
must give the same words for every misspelling below (the eval queries' words with
one or two edits: accents dropped, letters doubled, dropped, swapped or replaced,
English terms misspelt), and for a seeded sweep of random edits.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from indexer import build
from indexer.recherche import compact
from indexer.recherche.analyse import plier
from indexer.recherche.moteur import Chercheur

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
REGLAGES = ((1, 1), (2, 1), (1, 0), (2, 2))  # (distance, prefix): prefix=1 is what voisin asks


@pytest.fixture(scope="module")
def lecteurs() -> Iterator[tuple[Any, compact.Vocabulaire]]:
    """Whoosh's reader of the real index, and the vocabulary a search reads from its compact file."""
    ix = build.index_courant()  # built from the real corpus on first use
    reader = ix.reader()
    yield reader, Chercheur(None, build.emplacement_index()).vocabulaire
    reader.close()
    ix.close()


def test_assez_de_fautes() -> None:
    assert len(set(FAUTES)) == len(FAUTES) >= 50


@pytest.mark.parametrize("tape", FAUTES)
def test_memes_voisins_que_whoosh(lecteurs: tuple[Any, compact.Vocabulaire], tape: str) -> None:
    reader, vocabulaire = lecteurs
    mot = plier(tape)  # what Chercheur.voisin asks about
    for distance, prefixe in REGLAGES:
        attendu = sorted(reader.terms_within("mots", mot, distance, prefix=prefixe))
        assert vocabulaire.proches(mot, distance, prefixe) == attendu, (distance, prefixe)


def test_au_moins_une_correction(lecteurs: tuple[Any, compact.Vocabulaire]) -> None:
    """The table is made of real typos: most of them have a neighbour within two edits."""
    _, vocabulaire = lecteurs
    corriges = [t for t in FAUTES if set(vocabulaire.proches(plier(t), 2)) - {plier(t)}]
    assert len(corriges) >= 0.9 * len(FAUTES)


def _modifier(mot: str, hasard: random.Random) -> str:
    """One to three random edits: deletion, insertion, substitution or swap."""
    lettres = list(mot)
    for _ in range(hasard.choice((1, 1, 2, 3))):
        i, nouvelle = hasard.randrange(len(lettres) + 1), hasard.choice("abcdeilmnorstuéz.0")
        operation = hasard.randrange(4)
        if operation == 0 and i < len(lettres):
            del lettres[i]
        elif operation == 1:
            lettres.insert(i, nouvelle)
        elif operation == 2 and i < len(lettres):
            lettres[i] = nouvelle
        elif operation == 3 and i + 1 < len(lettres):
            lettres[i], lettres[i + 1] = lettres[i + 1], lettres[i]
    return "".join(lettres)


def test_balayage_aleatoire(lecteurs: tuple[Any, compact.Vocabulaire]) -> None:
    """Seeded random edits of indexed words, and the words themselves, at distances 1 and 2."""
    reader, vocabulaire = lecteurs
    hasard = random.Random(20240517)
    mots = [m for m in vocabulaire.mots if len(m) >= 3]
    essais = [_modifier(hasard.choice(mots), hasard) for _ in range(150)] + hasard.sample(mots, 50)
    for mot in essais:
        for distance in (1, 2):
            attendu = sorted(reader.terms_within("mots", mot, distance, prefix=1))
            assert vocabulaire.proches(mot, distance) == attendu, (mot, distance)


def test_frequences_comme_whoosh(lecteurs: tuple[Any, compact.Vocabulaire]) -> None:
    reader, vocabulaire = lecteurs
    assert list(vocabulaire.mots) == list(reader.field_terms("mots"))
    assert all(vocabulaire.frequence(m) == reader.doc_frequency("mots", m) for m in vocabulaire.mots)
    assert vocabulaire.frequence("zzzzqqq") == 0


# --- The semantics, on a vocabulary of a few words (no index) -------------------------


def _vocabulaire(*mots: str) -> compact.Vocabulaire:
    import marshal

    return compact.Vocabulaire(marshal.dumps(("\n".join(sorted(mots)), (1,) * len(mots), "\nenchere\tenchère\n")))


@pytest.mark.parametrize(
    "mot, distance, prefixe, attendu",
    [("renonse", 1, 1, ["renonce", "reponse"]),
     ("renocne", 1, 1, []),  # two swapped letters cost two: Levenshtein, not Damerau
     ("renocne", 2, 1, ["renonce"]),
     ("xenonce", 1, 1, []),  # the first letter must match
     ("xenonce", 1, 0, ["renonce"]),
     ("renonce", 1, 1, ["renonce", "renonces"]),  # the word itself, when indexed
     ("ren", 2, 1, []), ("re", 0, 1, []), ("", 1, 0, ["a"])],
)  # fmt: skip
def test_semantique(mot: str, distance: int, prefixe: int, attendu: list[str]) -> None:
    vocabulaire = _vocabulaire("a", "renonce", "renonces", "reponse", "revoke", "zone")
    assert vocabulaire.proches(mot, distance, prefixe) == attendu


def test_frequences_et_accents_hors_index() -> None:
    vocabulaire = _vocabulaire("enchere", "renonce")
    assert [vocabulaire.frequence(m) for m in ("enchere", "renonce", "renon", "zzz", "")] == [1, 1, 0, 0, 0]
    assert [vocabulaire.accent(m) for m in ("enchere", "renonce", "", "enchere\t")] == [
        "enchère", "renonce", "", "enchere\t"]  # fmt: skip
    assert compact.Vocabulaire(marshal_vide()).proches("abc", 2) == []


def marshal_vide() -> bytes:
    import marshal

    return marshal.dumps(("", (), "\n"))
