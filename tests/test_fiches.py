"""Where a commentary paragraph is attached (``corpus.fiches``): the rule the page, the
search and ``loi voir`` share."""

from __future__ import annotations

import pytest

from indexer.corpus.ancres import calculer
from indexer.corpus.fiches import fiches_loi
from indexer.labels import parse_label
from indexer.model import COMMENTAIRE, LOI, ROLE_GUIDE, TEXTE, Bloc, Corpus, Element, Loi, Partie

Q = "quote"


def _element(quoi: str, ligne: int) -> Element:
    if quoi.startswith(Q):
        return Element(LOI, (Bloc(TEXTE, "Texte cité.", ligne),), ligne, label=parse_label(quoi.split()[1]))
    return Element(COMMENTAIRE, (Bloc(TEXTE, quoi, ligne),), ligne)


CAS = [
    # (the Guide's part, in order; where each commentary goes)
    (["quote 40A2", "Directives générales : les agréments doivent être connus.", "quote 40A3"], ["40A3"]),
    (["quote 40A3", "Ce qui est interdit : changer de système.", "Un exemple suit.", "quote 40A4"], ["40A3", "40A3"]),
    (["quote 40A4", "Déclarations psychiques : bien que…", "Les définitions suivantes…"], ["40", "40"]),
    (["Sans titre avant toute citation.", "quote 40A1"], ["40"]),
    (["quote 40A1", "Un commentaire sans titre.", "quote 40A2"], ["40A1"]),
]


@pytest.mark.parametrize("suite, attendu", CAS)
def test_un_titre_du_guide_et_les_citations_autour(suite: list[str], attendu: list[str]) -> None:
    elements = tuple(_element(q, 10 * i) for i, q in enumerate(suite, 1))
    partie = Partie("000.txt", "2017", ROLE_GUIDE, "Loi 40", 1, elements)
    loi = Loi(40, (partie,))
    fiches = list(fiches_loi(loi, calculer(Corpus((loi,)))))
    assert [f.rattachement for f in fiches if f.type == COMMENTAIRE] == attendu
