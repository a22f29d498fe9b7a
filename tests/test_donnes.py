"""Hand diagrams → a compass (indexer.rendu.donnes): which lines go to which place."""

from __future__ import annotations

import re

import pytest

from indexer.rendu.donnes import rendre_donne


def _places(html: str) -> dict[str, tuple[str, list[str]]]:
    """place → (seat shown, holdings as text) read back from the HTML."""
    sortie = {}
    for place, corps in re.findall(r'<div class="main main-(\w)">(.*?)</div>', html):  # no nested div
        siege = re.search(r'<span class="siege">(.*?)</span>', corps)
        tenues = [re.sub(r"<[^>]+>", "", t) for t in corps.split('<span class="tenue">')[1:]]
        sortie[place] = (siege[1] if siege else "", tenues)
    return sortie


# (source lines, expected places): 000:7122–7140 (law 62), law 64, law 70, law 71.
CAS = [
    ([" Nord", "♠ V2", "Ouest", "♠ 7", "♦ V", " Est", "♥ D", "♦ D", " Sud", "♠ A", "♥ 7"],
     {"n": ("Nord", ["♠ V2"]), "o": ("Ouest", ["♠ 7", "♦ V"]), "e": ("Est", ["♥ D", "♦ D"]),
      "s": ("Sud", ["♠ A", "♥ 7"])}),
    ([" Nord", " ARD3", "Ouest", " 976", " Est", " V10", " Sud", " 8542"],
     {"n": ("Nord", ["ARD3"]), "o": ("Ouest", ["976"]), "e": ("Est", ["V10"]), "s": ("Sud", ["8542"])}),
    (["Mort", "♠ -", "♥ 32", "Ouest    Est", "♠ 3     ♠ -", "           ♣ -     ♣ V", "Déclarant", "♠ ARDV2"],
     {"n": ("Mort", ["♠ -", "♥ 32"]), "o": ("Ouest", ["♠ 3", "♣ -"]), "e": ("Est", ["♠ -", "♣ V"]),
      "s": ("Déclarant", ["♠ ARDV2"])}),
    (["      ♠ RD1052", "       Ouest    Est", "♠ -     ♠ V643", "Déclarant", "                ♠ A987"],
     {"n": ("", ["♠ RD1052"]), "o": ("Ouest", ["♠ -"]), "e": ("Est", ["♠ V643"]), "s": ("Déclarant", ["♠ A987"])}),
    (["Nord", "                 ♠ 6", "                 ♥ R", "   Sud", "      ♠ 7", "      ♥ V"],
     {"n": ("Nord", ["♠ 6", "♥ R"]), "s": ("Sud", ["♠ 7", "♥ V"])}),
]  # fmt: skip


@pytest.mark.parametrize(("lignes", "attendu"), CAS)
def test_places(lignes, attendu) -> None:
    assert _places(rendre_donne(lignes)) == attendu


def test_disposition_d_une_couleur() -> None:
    """Law 48 (000:5648–5651): one suit drawn as a compass, no seat named."""
    assert _places(rendre_donne(["87 ", "6   RV9 ", "", "AD "])) == {
        "n": ("", ["87"]),
        "o": ("", ["6"]),
        "e": ("", ["RV9"]),
        "s": ("", ["AD"]),
    }
    assert rendre_donne(["87", "6 RV9", "AD"]) is None  # one space: not two columns


@pytest.mark.parametrize(
    "lignes",
    [
        ["♣ RV6"],  # law 46: a holding with no seat (its « Le mort » is a title apart)
        ["Nord donneur Étuis 1 5 9 13"],  # law 2's table
        ["Nord", "♠ 2", "Nord", "♠ 3"],  # a seat twice
        ["Ouest    Est", "♠ 3", "♥ 2     ♥ 4"],  # a row under two seats that does not split in two
    ],
)
def test_pas_une_donne(lignes) -> None:
    assert rendre_donne(lignes) is None


def test_couleurs_rouges_et_echappement() -> None:
    rendu = rendre_donne(["Nord", "♠ A ♥ R ♦ D ♣ V <b>"])
    assert rendu.count('class="couleur rouge"') == 2 and rendu.count('class="couleur"') == 2
    assert "<b>" not in rendu and "&lt;b&gt;" in rendu
    assert "\n" not in rendu  # one raw HTML line: Markdown never splits it
