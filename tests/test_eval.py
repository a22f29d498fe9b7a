"""Search quality on the real corpus must not fall below the measured floors.

Measured when the floors were set (103 queries): MRR@10 0.842, recall@3 0.942; the
plain BM25 baseline (no folding, stemming, synonyms) 0.524 and 0.553.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from indexer import build
from indexer.recherche.moteur import Chercheur

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "evaluer.py"
MRR_MIN, RAPPEL3_MIN = 0.80, 0.90


def _evaluer():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("evaluer", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["evaluer"] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def bilans():  # type: ignore[no-untyped-def]
    evaluer = _evaluer()
    ix = build.index_courant()  # built from the real corpus on first use
    requetes = evaluer.lire_requetes()
    projet = evaluer.mesurer(evaluer.classeur(Chercheur(ix, build.emplacement_index())), requetes)
    base = evaluer.mesurer(evaluer.classeur_base(ix), requetes)
    return projet, base, requetes


def test_assez_de_requetes(bilans) -> None:  # type: ignore[no-untyped-def]
    _, _, requetes = bilans
    assert len(requetes) >= 80
    assert all(1 <= n <= 93 for _, lois in requetes for n in lois)


def test_qualite_au_dessus_des_seuils(bilans) -> None:  # type: ignore[no-untyped-def]
    projet, _, _ = bilans
    assert projet.mrr >= MRR_MIN, f"MRR@10 {projet.mrr} < {MRR_MIN}"
    assert projet.rappel3 >= RAPPEL3_MIN, f"rappel@3 {projet.rappel3} < {RAPPEL3_MIN}"


def test_meilleur_que_bm25_simple(bilans) -> None:  # type: ignore[no-untyped-def]
    projet, base, _ = bilans
    assert projet.mrr > base.mrr + 0.15 and projet.rappel3 > base.rappel3 + 0.15
