"""Search quality on the real corpus must not fall below the measured floors, part by part.

Measured with the shipped weights (``make eval``; held-out figures: ``make eval`` with
``--plis``, see the README): the floors sit a little under them, so that a change that
loses ground on one part fails here.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from indexer import build
from indexer.recherche.moteur import Chercheur

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "evaluer.py"
# MRR@10, recall@3: the goals for directeur and exterieur (issue 9), measured above them
SEUILS = {"directeur": (0.93, 0.97), "exterieur": (0.78, 0.85), "index": (0.92, 0.95)}
ROBUSTESSE_RAPPEL5 = 0.90
TEMOIN = (0.54, 0.68)  # the control set's floor: measured, never tuned on (its misses are not listed)


def _evaluer():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("evaluer", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["evaluer"] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def evaluer():  # type: ignore[no-untyped-def]
    return _evaluer()


@pytest.fixture(scope="module")
def bilans(evaluer):  # type: ignore[no-untyped-def]
    ix = build.index_courant()  # built from the real corpus on first use
    parties = evaluer.lire_parties()
    projet = evaluer.chiffres(evaluer.classeur(Chercheur(ix)), parties)
    base = evaluer.chiffres(evaluer.classeur_base(ix), parties)
    robustesse = evaluer.mesurer(evaluer.classeur(Chercheur(ix)), evaluer.lire_robustesse())
    return projet, base, parties, robustesse


@pytest.fixture(scope="module")
def temoin(evaluer):  # type: ignore[no-untyped-def]
    return evaluer.mesurer(evaluer.classeur(Chercheur(build.index_courant())), evaluer.lire_temoin())


def test_trois_parties_nommees(bilans, evaluer) -> None:  # type: ignore[no-untyped-def]
    """≥ 250 queries: the directors' set, ≥ 100 outside situations with their URL, ≥ 50 short ones."""
    _, _, parties, _ = bilans
    assert list(parties) == ["directeur", "exterieur", "index"]
    assert sum(map(len, parties.values())) >= 250
    assert len(parties["exterieur"]) >= 100 and len(parties["index"]) >= 50
    assert all(1 <= n <= 93 for requetes in parties.values() for _, lois in requetes for n in lois)
    lignes = [
        ligne
        for ligne in (evaluer.EVAL / "situations.tsv").read_text("utf-8").splitlines()
        if ligne.strip() and not ligne.startswith("#")
    ]
    assert all(ligne.split("\t")[2].startswith(("http://", "https://")) for ligne in lignes)


@pytest.mark.parametrize("partie", ["directeur", "exterieur", "index"])
def test_qualite_au_dessus_des_seuils(bilans, partie: str) -> None:  # type: ignore[no-untyped-def]
    projet, _, _, _ = bilans
    mrr, rappel3 = SEUILS[partie]
    assert projet[partie].mrr >= mrr, f"{partie} : MRR@10 {projet[partie].mrr} < {mrr}"
    assert projet[partie].rappel3 >= rappel3, f"{partie} : rappel@3 {projet[partie].rappel3} < {rappel3}"


@pytest.mark.parametrize("table", ["steriles", "phrases"])
def test_ce_que_l_index_sait_des_synonymes_ne_change_aucun_score(bilans, table: str) -> None:  # type: ignore[no-untyped-def]
    """Leaving out the synonyms no passage says (``index.steriles``), or searching the others'
    phrases in every passage again (``index.phrases``), changes no score, to the bit, and no
    order, on every query of the three parts."""
    from indexer.recherche.requete import comprendre

    *_, parties, _ = bilans
    ix = build.index_courant()
    avec = Chercheur(ix)
    sans = Chercheur(ix, syn=avec.synonymes._replace(**{table: None}))
    assert sum(map(len, getattr(avec.synonymes, table).values())) > 1000
    for texte, _ in [r for requetes in parties.values() for r in requetes]:
        requete = comprendre(texte, avec.synonymes)
        assert avec.scores(requete) == sans.scores(requete), texte


def test_robustesse(bilans) -> None:  # type: ignore[no-untyped-def]
    """Typos, missing accents, English terms: the right law in the top five."""
    *_, robustesse = bilans
    assert len(robustesse.rangs) >= 30 and robustesse.rappel5 >= ROBUSTESSE_RAPPEL5


def test_le_jeu_temoin(temoin, evaluer) -> None:  # type: ignore[no-untyped-def]
    """≥ 100 outside situations, each with its source's URL, kept out of every tuning."""
    lignes = [
        ligne
        for ligne in (evaluer.EVAL / evaluer.TEMOIN).read_text("utf-8").splitlines()
        if ligne.strip() and not ligne.startswith("#")
    ]
    assert len(lignes) >= 100 and len(temoin.rangs) == len(lignes)
    assert all(ligne.split("\t")[2].startswith(("http://", "https://")) for ligne in lignes)
    assert temoin.mrr >= TEMOIN[0] and temoin.rappel3 >= TEMOIN[1], (temoin.mrr, temoin.rappel3)


def test_meilleur_que_bm25_simple(bilans) -> None:  # type: ignore[no-untyped-def]
    projet, base, _, _ = bilans
    assert projet["directeur"].mrr > base["directeur"].mrr + 0.15
    assert projet["exterieur"].mrr > base["exterieur"].mrr


def test_chiffres_d_un_classement_quelconque(evaluer) -> None:  # type: ignore[no-untyped-def]
    """``chiffres`` measures any ranking function (the site's too): ranks, MRR, recalls."""
    parties = {"a": [("x", frozenset({5})), ("y", frozenset({7}))], "b": [("z", frozenset({9}))]}
    rangs = {"x": [5, 1], "y": [1, 2, 3, 4, 7], "z": [None, 8]}
    bilans = evaluer.chiffres(lambda texte: rangs[texte], parties)
    assert (bilans["a"].mrr, bilans["a"].rappel3, bilans["a"].rappel5) == (0.6, 0.5, 1.0)
    assert (bilans["b"].mrr, bilans["b"].rappel3) == (0.0, 0.0)


def test_plis_repartissent_chaque_partie(evaluer) -> None:  # type: ignore[no-untyped-def]
    parties = {"a": [(str(i), frozenset({1})) for i in range(12)], "b": [("z", frozenset({2}))]}
    decoupage = evaluer.plis(parties)
    assert len(decoupage) == 5
    assert sorted(t for pli in decoupage for t, _ in pli["a"]) == sorted(str(i) for i in range(12))
    assert all(2 <= len(pli["a"]) <= 3 for pli in decoupage)


def _bilans(evaluer, **rangs):  # type: ignore[no-untyped-def]
    """Bilans of made-up queries: each part's ranks (None: not in the top 10)."""
    return {
        nom: evaluer.Bilan(0.0, 0.0, 0.0, tuple((f"q{i}", frozenset({1}), r, ()) for i, r in enumerate(liste)))
        for nom, liste in rangs.items()
    }


@pytest.mark.parametrize(("avant", "apres", "attendu"), [
    ({"a": [1, 5, 2, 4]}, {"a": [1, 1, 2, 4]}, False),  # one query gains, however much: refused
    ({"a": [None, 5, 2, 4]}, {"a": [1, 5, 2, 4]}, False),  # a miss found at rank 1, alone: refused
    ({"a": [1, 5, 2, 4]}, {"a": [1, 3, 2, 3]}, True),  # two queries gain
    ({"a": [1, 5], "b": [4, 2]}, {"a": [1, 3], "b": [3, 2]}, True),  # one in each part
    ({"a": [1, 5, 2, 2]}, {"a": [1, 1, 3, 3]}, False),  # without its best query, the change loses
    ({"a": [1, 5, 2, 4]}, {"a": [1, 5, 2, 4]}, False),  # no change
])  # fmt: skip
def test_un_poids_ne_se_regle_jamais_sur_une_requete(evaluer, avant, apres, attendu) -> None:  # type: ignore[no-untyped-def]
    """Tuning takes a value only when it still gains without the query it helps most (issue 9)."""
    assert evaluer.retenu(_bilans(evaluer, **avant), _bilans(evaluer, **apres)) is attendu


@pytest.mark.parametrize(("nom", "attendu"), [("b", 0.75), ("exemple", 0.7), ("situation", 0.8), ("departage", 0.3),
                                              ("k1", 1.2), ("citee", 3.0)])  # fmt: skip
def test_les_plis_peuvent_partir_du_milieu_des_grilles(evaluer, nom: str, attendu: float) -> None:  # type: ignore[no-untyped-def]
    """``--plis --milieu``: each tuned weight at the middle of its grid, the others as shipped."""
    from indexer.recherche.interrogation import Poids

    assert evaluer.milieu(Poids()._asdict())[nom] == attendu
