"""Sources named by page (the Guide's form feeds, anchored on the page numbers that leaked into
its text), the file and line kept in the tooltip; an « Autre version » identical to the text above
is a one-line note."""

from __future__ import annotations

import re

import pytest
from site_outils import NB_LOIS, RACINE

from indexer.rendu.pagination import page, pages_de

GUIDE = (RACINE / "corpus/sources/000_bc3a5b1056d66b24.txt").read_text(encoding="utf-8")
# corpus/NOTES.md §1.2: the page numbers that leaked into the Guide, each ending its page
FUITES = {1595: 22, 2444: 33, 4153: 55, 4761: 63, 6618: 87, 7102: 93, 8807: 115, 8889: 116, 9719: 127}


@pytest.mark.parametrize(("texte", "lignes", "attendu"), [
    ("a\nb\nc", (1, 3), (None, None)),  # no form feed: no pages
    ("\fa\nb\n\fc\nd", (1, 2, 3, 4), (1, 1, 2, 2)),  # no leaked number: the count starts at 1
    ("\fa\n\fb\n3\n\fc\n5\nd", (1, 2, 3, 4, 5, 6), (2, 3, 3, 4, 4, 5)),  # « 3 » ends page 3, a break after it
    ("\fa\n\fb\n976\nd\n\fe", (2, 3, 4, 5), (2, 2, 2, 3)),  # a single lone number anchors nothing
    ("\fa\n5\nb\n\fc\n7\nd", (1, 2, 3, 4, 6), (5, 5, 6, 7, 8)),  # two leaked numbers fix the constant
])
def test_pages_d_un_texte(texte, lignes, attendu):
    pages = pages_de(texte)
    assert tuple(page(pages, ligne) for ligne in lignes) == attendu


def test_les_pages_du_guide_tombent_sur_les_numeros_imprimes():
    pages = pages_de(GUIDE)
    assert {ligne: page(pages, ligne) for ligne in FUITES} == FUITES
    assert {ligne: page(pages, ligne + 1) for ligne in FUITES} == {ligne: n + 1 for ligne, n in FUITES.items()}
    assert page(pages, 5648) not in (87, None) and page(pages, 7342) != 976  # holdings, not page numbers


def _pages_lois() -> dict[int, str]:
    return {n: (RACINE / f"docs/lois/{n}/index.md").read_text(encoding="utf-8") for n in range(1, NB_LOIS + 1)}


def test_une_autre_version_dit_sa_page_et_garde_sa_ligne_en_infobulle():
    resumes = [r for texte in _pages_lois().values()
               for r in re.findall(r"<summary>.*?Autre version.*?</summary>", texte)]
    assert len(resumes) > 40
    guide = [r for r in resumes if "Guide pratique" in r]  # the booklet and the notes have no printed pages
    assert len(guide) > 20
    sans_page = [r for r in guide if not re.search(r'<cite title="[^"]+, ligne \d+">[^<]+, p\. \d+</cite>', r)]
    assert not sans_page
    assert not [r for r in resumes if re.search(r">[^<]*ligne \d", r)]  # no line outside the tooltip


def test_un_meme_texte_tient_en_une_ligne():
    notes = {n: re.findall(r'<p class="meme-texte" id="([^"]+)"[^>]*>(.*?)</p>', t) for n, t in _pages_lois().items()}
    toutes = [(n, i, texte) for n, liste in notes.items() for i, texte in liste]
    assert len(toutes) >= 50  # the same words, case, apostrophes and punctuation aside
    assert all(re.search(r"Même texte : <cite title=\"[^\"]+, ligne \d+\">[^<]+</cite>", t) for _, _, t in toutes)
    guide = [t for _, _, t in toutes if "Guide pratique" in t]
    assert guide and all(re.search(r">Guide pratique \(FFB\), p\. \d+</cite>", t) for t in guide), guide[:3]
