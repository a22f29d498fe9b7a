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
    # a paragraph that announces the quote right after it (« : », « ? ») is that quote's
    (["quote 43", "Sauf dans les cas prévus, le mort est soumis aux limitations suivantes :", "quote 43A"], ["43A"]),
    (["quote 50D2", "Carte pénalisée : qu'est-ce qui a la priorité ?", "quote 50D1(b)"], ["50D1(b)"]),
    # a titled paragraph among the quotes stays with the quote above it, in the Guide's order
    (["quote 40A2", "Directives générales : les agréments doivent être connus.", "quote 40A3"], ["40A2"]),
    (["quote 40A3", "Ce qui est interdit : changer de système.", "Un exemple suit.", "quote 40A4"], ["40A3", "40A3"]),
    (["quote 40A4", "Déclarations psychiques : bien que…", "Les définitions suivantes…"], ["40", "40"]),
    (["Sans titre avant toute citation.", "quote 40A1"], ["40"]),
    (["quote 40A1", "Un commentaire sans titre.", "quote 40A2"], ["40A1"]),
]


@pytest.mark.parametrize("suite, attendu", CAS)
def test_un_titre_du_guide_et_les_citations_autour(suite: list[str], attendu: list[str]) -> None:
    elements = tuple(_element(q, 10 * i) for i, q in enumerate(suite, 1))
    partie = Partie("000.txt", "2017", ROLE_GUIDE, "Titre", 1, elements)
    loi = Loi(elements[0].label.loi if elements[0].label else 40, (partie,))
    fiches = list(fiches_loi(loi, calculer(Corpus((loi,)))))
    assert [f.rattachement for f in fiches if f.type == COMMENTAIRE] == attendu
