"""Sources named by page (the Guide's form feeds, anchored on the page numbers that leaked into
its text), the file and line kept in the tooltip; an « Autre version » identical to the text above
is a one-line note."""

from __future__ import annotations

import re

import pytest
from site_outils import NB_LOIS, RACINE

from indexer.corpus.parsers import code2007, code2007_toc
from indexer.rendu.pagination import page, pages_de

GUIDE = (RACINE / "corpus/sources/000_bc3a5b1056d66b24.txt").read_text(encoding="utf-8")
CODE_2007 = tuple((RACINE / "corpus/sources/001_70a37ebcf675b134.txt").read_text(encoding="utf-8").split("\n"))
# corpus/NOTES.md §1.2: the page numbers that leaked into the Guide, each ending its page
FUITES = {1595: 22, 2444: 33, 4153: 55, 4761: 63, 6618: 87, 7102: 93, 8807: 115, 8889: 116, 9719: 127}


@pytest.mark.parametrize(
    ("texte", "lignes", "attendu"),
    [
        ("a\nb\nc", (1, 3), (None, None)),  # no form feed: no pages
        ("\fa\nb\n\fc\nd", (1, 2, 3, 4), (1, 1, 2, 2)),  # no leaked number: the count starts at 1
        ("\fa\n\fb\n3\n\fc\n5\nd", (1, 2, 3, 4, 5, 6), (2, 3, 3, 4, 4, 5)),  # « 3 » ends page 3, a break after it
        ("\fa\n\fb\n976\nd\n\fe", (2, 3, 4, 5), (2, 2, 2, 3)),  # a single lone number anchors nothing
        ("\fa\n5\nb\n\fc\n7\nd", (1, 2, 3, 4, 6), (5, 5, 6, 7, 8)),  # two leaked numbers fix the constant
    ],
)
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
    resumes = [
        r for texte in _pages_lois().values() for r in re.findall(r"<summary>.*?Autre version.*?</summary>", texte)
    ]
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


# 001's TOC 2 prints each law's page after its leader (« LOI » / « 68.....61 » at 1274–1275); the body
# has no page break, so only a law's title lines get a page (corpus/NOTES.md §2.1–2.3).
@pytest.mark.parametrize(
    ("ligne", "attendu"),
    [
        (1828, 15),  # « Le jeu de cartes » : law 1, TOC 2 « couleurs.....15 »
        (4330, 61),  # « Revendication ou » : law 68, « 68.....61 »
        (4331, 61),  # « concession de levées », the title's second line
        (4332, None),  # the law's first sentence: on page 61 or a later one, unknown
        (5182, 78),  # law 93, « Procédures » / « d'appel * »
        (1700, None),  # the definitions, before the laws
        (5236, None),  # Annexe I, after them
        (7000, None),  # the RNC
    ],
)
def test_le_code_2007_prend_la_page_que_donne_sa_table(ligne, attendu):
    pages = code2007_toc.pages_des_lois(CODE_2007, code2007.DEBUT, code2007.FIN)
    assert page(pages, ligne) == attendu


def test_le_texte_2007_de_chaque_loi_dit_sa_page():
    """The 93 « Texte 2007 » blocks: « Code 2007 et RNC 2008 (FFB), p. N », the line in the tooltip;
    the pages follow the laws' order."""
    sources = {
        n: re.findall(r'<cite title="001_[^"]+, ligne \d+">Code 2007 et RNC 2008 \(FFB\), p\. (\d+)</cite>', t)
        for n, t in _pages_lois().items()
    }
    assert all(len(pages) == 1 for pages in sources.values()), [n for n, p in sources.items() if len(p) != 1]
    suite = [int(sources[n][0]) for n in range(1, NB_LOIS + 1)]
    assert suite[0] == 15 and suite[67] == 61 and suite == sorted(suite)
