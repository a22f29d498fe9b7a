"""Cross-references, written with inline marks: ``<Loi 16B|16B>`` is a link to 16B."""

from __future__ import annotations

import re

import pytest

from indexer.corpus.renvois import trouver, trouver_articles
from indexer.labels import Label

_MARQUE = re.compile(r"<([^|>]+)\|([^>]+)>")


def marquer(texte: str, contexte: Label | None = None, index: bool = False) -> str:
    """The text with every reference found written ``<text|target>``."""
    sortie, position = [], 0
    for renvoi in trouver(texte, contexte, index):
        sortie += [texte[position : renvoi.debut], f"<{texte[renvoi.debut : renvoi.fin]}|{renvoi.cible.compact()}>"]
        position = renvoi.fin
    return "".join(sortie) + texte[position:]


CAS = [
    ("voir <Loi 16B|16B> et <57A|57A>", None),
    ("[voir les <Lois 27B1(b)|27B1(b)>, <30B1(b)(i)|30B1(b)(i)>, <31A2(a)|31A2(a)> et<32A2(a)|32A2(a)>]", None),
    ("<Lois 16|16> (information non autorisée), <26|26> (pénalité d'attaque) et <50|50>", None),
    ("les <Lois 27|27> et <29|29>-<31|31> s'appliquent", None),
    ("<86A|86A> permet", None),
    ("La <23C|23C> est", None),
    ("Le <68D2|68D2> se divise", None),
    ("<16C|16C> (INA) s'applique", None),
    ("<Loi62C3|62C3>", None),
    ("<Loi21B1b)|21B1(b)> s'applique", None),
    ("<Loi 9 A 2.b)|9A2(b)>", None),
    ("<LOI 64.B|64B>", None),
    ("la <loi 68D|68D> dit", None),
    ("la <Loi 68|68> et 3 levées", None),
    ("<Loi 67B1|67B1> et <B2|67B2>", None),
    ("<67B1|67B1> et <B2|67B2>", None),
    ("<Loi 54 A|54A> et", None),
    ("la <Loi 16|16> Alors", None),
    ("association régie par la loi de 1901", None),
    ("avec 17H et ARDV87 en main", None),
    ("1SA puis 2♠", None),
]


@pytest.mark.parametrize("attendu, contexte", CAS)
def test_formes_de_renvoi(attendu: str, contexte: Label | None) -> None:
    brut = _MARQUE.sub(r"\1", attendu)
    assert marquer(brut, contexte) == attendu


RELATIFS = [
    ("<C|23C> ci-dessous", Label(23, ("B",))),
    ("comme en <A2(a)|31A2(a)> ou <A2(b)|31A2(b)> ci-dessus", Label(31, ("B",))),
    ("Indépendamment de <B1|68B1>, si", Label(68, ("B", "2"))),
    ("mais voir <C1(b)|12C1(b)>", Label(12, ("A",))),
    ("voir <4|12C4>, ci-après", Label(12, ("C", "1"))),
    ("comme en <(a)|68D2(a)> ci-dessus", Label(68, ("D", "2", "b", "i"))),
    ("voir C ci-dessous", None),
]


@pytest.mark.parametrize("attendu, contexte", RELATIFS)
def test_relatifs(attendu: str, contexte: Label | None) -> None:
    assert marquer(_MARQUE.sub(r"\1", attendu), contexte) == attendu


def test_index_alphabetique() -> None:
    brut = "9B1(d), 12C1(e) (i), 21b3, 71, renvoi, définitions"
    attendu = "<9B1(d)|9B1(d)>, <12C1(e) (i)|12C1(e)(i)>, <21b3|21B3>, <71|71>, renvoi, définitions"
    assert marquer(brut, index=True) == attendu


@pytest.mark.parametrize(
    "texte, attendus",
    [
        ("exposées à l'Article 91.", ["91"]),
        ("voir l'article136 et l'Article140.2", ["136", "140.2"]),
        ("les Articles 87 a 98 du présent règlement", ["87", "98"]),
        ("selon l'Article 105.2.1", ["105.2.1"]),
        ("un article de presse", []),
    ],
)
def test_articles_du_reglement(texte: str, attendus: list[str]) -> None:
    assert [cle for _, _, cle in trouver_articles(texte)] == attendus


def test_article_vers_son_plus_proche_parent() -> None:
    from indexer.corpus.cibles import Cibles
    from indexer.corpus.correspondances import Declarations
    from indexer.corpus.renvois import Lieu, lier_bloc
    from indexer.model import TEXTE, Bloc

    articles = {"105": ("reglements/titre-iv.md", "article-105"), "105.2": ("reglements/titre-iv.md", "article-105-2")}
    cibles = Cibles({}, {}, {}, Declarations())
    problemes: list = []
    bloc = lier_bloc(
        Bloc(TEXTE, "voir l'Article 105.2.1 et l'Article 10", 1),
        Lieu("001.txt", 1, "2008"),
        cibles,
        articles,
        problemes,
    )
    assert [(a.cle, a.ancre) for a in bloc.articles] == [("105.2.1", "article-105-2")]
    assert [p.message for p in problemes] == [
        "« Article 10 » : l'article 10 n'existe pas dans les extraits du RNC (Titres IV et VII) ; pas de lien. "
        "Expliqué : le RNC n'est donné qu'en extraits (Titres IV et VII)."
    ]
    assert problemes[0].explication
