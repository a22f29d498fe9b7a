"""The law page as an annotated code (issue 8, points 3, 8 and 9).

- the assembly (``rendu.annote``) on small laws: which quote is the text, what becomes
  an « autre version », which 2007 paragraphs get the « not given » line, where the
  commentary goes;
- the heading extension (``rendu.entetes``) on Markdown snippets;
- the generated pages: short headings, no front matter nobody reads;
- the built site: no glossary tooltip in a heading (every HTML id of every law page as
  before: tests/test_golden.py, tests/golden/ids-lois.json);
- in Chromium at a phone's size: the first law text of lois/68 above the fold, the
  commentary styled apart from the law (screenshots in tests/artefacts/).
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import markdown as md
import pytest
import test_navigateur
from site_outils import NB_LOIS, RACINE, Construction

from indexer.corpus.ancres import ancres_loi, calculer, en_tete
from indexer.labels import parse_label
from indexer.model import (
    COMMENTAIRE,
    EXEMPLE,
    LOI,
    ROLE_EXTRAITS,
    ROLE_GUIDE,
    ROLE_NOTES,
    ROLE_TEXTE,
    TEXTE,
    Bloc,
    Corpus,
    Element,
    Loi,
    Partie,
)
from indexer.rendu.annote import annoter, differe, ordre
from indexer.rendu.elements import ids_sections
from indexer.rendu.entetes import MENTION_PARENT, EntetesExtension
from indexer.rendu.navigation import fichier_de
from indexer.sources import CODE_2007, GUIDE, LIVRET, LOIS_2017, NOTES

ARTEFACTS = RACINE / "tests/artefacts"

# --- the assembly, on small laws ---------------------------------------------------------------


def _loi_(label: str, ligne: int, texte: str = "mots", titre: str = "") -> Element:
    blocs = (Bloc(TEXTE, texte, ligne),) if texte else ()
    return Element(LOI, blocs, ligne, parse_label(label), titre)


def _glose(ligne: int, type_: str = COMMENTAIRE) -> Element:
    return Element(type_, (Bloc(TEXTE, f"commentaire {ligne}", ligne),), ligne)


def _partie(fichier: str, edition: str, role: str, *elements: Element) -> Partie:
    return Partie(fichier, edition, role, "Titre", 1, tuple(elements))


def _annote(*parties: Partie):
    loi = Loi(parties[0].elements[0].label.loi if parties[0].elements[0].label else 50, tuple(parties))
    return loi, annoter(loi, calculer(Corpus((loi,))))


def _resume(annote) -> list[tuple[str, str, list[str], list[int]]]:
    """Per paragraph: label, source of its text, sources of its other versions, lines of its commentary."""
    return [
        (
            p.label.compact(),
            p.texte.partie.source[:3] if p.texte else "-",
            [o.partie.source[:3] for o in p.autres],
            [o.element.ligne for o in p.commentaire],
        )
        for p in annote.paragraphes
    ]


def test_le_texte_officiel_passe_avant_la_citation_du_guide() -> None:
    _, annote = _annote(
        _partie(LOIS_2017, "2017", ROLE_TEXTE, _loi_("70A", 5), _loi_("70B", 9)),
        _partie(GUIDE, "2017", ROLE_GUIDE, _loi_("70A", 100), _glose(101), _glose(102, EXEMPLE), _loi_("70B", 110)),
        _partie(CODE_2007, "2007", ROLE_TEXTE, _loi_("70A", 900), _loi_("70E", 910)),
    )
    assert _resume(annote) == [("70A", "002", ["000"], [101, 102]), ("70B", "002", ["000"], [])]
    assert annote.complet  # the official text: no « not given » line for the 2007 70E


@pytest.mark.parametrize(
    "roles, attendu",
    [
        ((ROLE_GUIDE, ROLE_EXTRAITS), "004"),  # the booklet's verbatim extract before the Guide's quote
        ((ROLE_EXTRAITS, ROLE_GUIDE), "004"),
    ],
)
def test_priorite_des_sources(roles: tuple[str, str], attendu: str) -> None:
    fichiers = {ROLE_GUIDE: GUIDE, ROLE_EXTRAITS: LIVRET}
    parties = [_partie(fichiers[r], "2017", r, _loi_("74A1", 10 + i)) for i, r in enumerate(roles)]
    _, annote = _annote(*parties)
    assert _resume(annote)[0][:2] == ("74A1", attendu)


@pytest.mark.parametrize(
    "livret, guide, texte, suite, autres",
    [
        # the source that gives the most words is the text: the booklet's extract of 5A is its last sentence
        (["une phrase"], ["une phrase et deux autres avant"], "000", [], ["004"]),
        (["Le mort ne devrait pas prendre"], ["Le mort ne devrait prendre"], "004", [], ["000"]),  # one word more
        (["mêmes mots ici"], ["mêmes mots là"], "004", [], ["000"]),  # as many: PRIORITE, the booklet first
        # two quotes of one source are two pieces of one text (« [50B. (...) Toute carte… »)
        (["court"], ["première moitié", "(...) seconde moitié"], "000", ["000"], ["004"]),
        # a quote of « (...) » alone gives no words: it is no version (46B), its anchors go to the text
        (["le texte du livret"], ["(...)"], "004", [], ["000"]),
    ],
)
def test_le_texte_est_la_source_la_plus_complete(
    livret: list[str], guide: list[str], texte: str, suite: list[str], autres: list[str]
) -> None:
    _, annote = _annote(
        _partie(LIVRET, "2017", ROLE_EXTRAITS, *(_loi_("50B", 10 + i, t) for i, t in enumerate(livret))),
        _partie(GUIDE, "2017", ROLE_GUIDE, *(_loi_("50B", 5000 + i, t) for i, t in enumerate(guide))),
    )
    (paragraphe,) = annote.paragraphes
    assert paragraphe.texte.partie.source[:3] == texte
    assert [o.partie.source[:3] for o in paragraphe.suite] == suite
    assert [o.partie.source[:3] for o in paragraphe.autres] == autres


def test_une_citation_sans_mots_cede_la_place_a_une_citation_avec() -> None:
    _, annote = _annote(
        _partie(LOIS_2017, "2017", ROLE_TEXTE, _loi_("68B", 11, texte=""), _loi_("68B1", 13)),
        _partie(GUIDE, "2017", ROLE_GUIDE, _loi_("68B", 7801, texte=""), _loi_("68B1", 7802)),
    )
    (b, b1) = annote.paragraphes
    assert b.sans_texte and b.texte.partie.source == LOIS_2017 and not b1.sans_texte


def test_l_ordre_des_labels() -> None:
    labels = ["12C10", "12C2", "12C1(e)(iv)", "12C1(e)(v)", "12C1(e)(ix)", "12", "12A", "12C1"]
    ranges = sorted(map(parse_label, labels), key=ordre)
    assert [label.compact() for label in ranges] == [
        "12",
        "12A",
        "12C1",
        "12C1(e)(iv)",
        "12C1(e)(v)",
        "12C1(e)(ix)",
        "12C2",
        "12C10",
    ]


def test_un_numero_2007_ne_fait_pas_un_paragraphe_2017() -> None:
    """2017 quotes 12A and 12C1(e): the 2017 text has those two, never the 2007 12B or 12C1(a)
    (a 2007 number is no evidence of a 2017 one); 12C and 12C1 get a bare heading on the page
    (``corpus.ancres.en_tete``), since 12C1(e) is attested."""
    loi, annote = _annote(
        _partie(GUIDE, "2017", ROLE_GUIDE, _loi_("12A", 772), _loi_("12C1(e)", 1026)),
        _partie(
            CODE_2007,
            "2007",
            ROLE_TEXTE,
            *(
                _loi_(lab, 2100 + i)
                for i, lab in enumerate(["12A", "12B", "12B1", "12C", "12C1", "12C1(a)", "12C1(e)"])
            ),
        ),
    )
    assert [p.label.compact() for p in annote.paragraphes] == ["12A", "12C1(e)"]
    assert sorted(label.compact() for label in en_tete(loi)) == ["12C", "12C1"]


def test_sous_un_titre_2017_sans_mots_pas_de_liste_2007() -> None:
    """The Guide comments 2017 16C without quoting it: the 2007 16C1, 16C2 (other rules) are not listed."""
    _, annote = _annote(
        _partie(
            GUIDE, "2017", ROLE_GUIDE, _loi_("16B", 1500), _loi_("16C", 1635, texte="", titre="Retirées"), _glose(1636)
        ),
        _partie(CODE_2007, "2007", ROLE_TEXTE, _loi_("16B", 2375), _loi_("16C", 2414), _loi_("16C1", 2416)),
    )
    assert _resume(annote) == [("16B", "000", [], []), ("16C", "000", [], [1636])]


def test_le_commentaire_d_un_paragraphe_et_de_ses_alineas_vient_apres_eux() -> None:
    """The Guide quotes 68D and comments D1 and D2, which only 002 gives: its commentary
    goes after them; under 12A, whose sub-paragraphs the Guide quotes, it stays."""
    _, annote = _annote(
        _partie(LOIS_2017, "2017", ROLE_TEXTE, _loi_("68D", 23), _loi_("68D1", 27), _loi_("68D2", 29)),
        _partie(GUIDE, "2017", ROLE_GUIDE, _loi_("68D", 7930), _glose(7931)),
    )
    assert differe(annote.paragraphes[0], annote.paragraphes)
    _, annote = _annote(_partie(GUIDE, "2017", ROLE_GUIDE, _loi_("12A", 772), _glose(780), _loi_("12A1", 819)))
    assert not differe(annote.paragraphes[0], annote.paragraphes)


def test_le_commentaire_general_avant_toute_citation() -> None:
    _, annote = _annote(_partie(GUIDE, "2017", ROLE_GUIDE, _glose(3290), _loi_("27A", 3300), _glose(3310)))
    assert [o.element.ligne for o in annote.tete] == [3290]
    assert _resume(annote) == [("27A", "000", [], [3310])]


def test_un_commentaire_rattache_a_un_paragraphe_non_atteste(monkeypatch) -> None:
    """A passage attached (corpus.fiches) to 12B1, which no 2017 source attests (only 2007 has
    it), or to 12F9, which no edition has: it goes with the commentary on the whole law, never
    under a 2017 12B1 numbered from 2007 (a declaration in rattachements.toml attests one)."""
    from indexer.rendu import annote as module

    guide = _partie(GUIDE, "2017", ROLE_GUIDE, _loi_("12A3", 861), _glose(873), _glose(880))
    loi = Loi(12, (guide, _partie(CODE_2007, "2007", ROLE_TEXTE, _loi_("12A3", 2121), _loi_("12B1", 2125))))
    ancres = calculer(Corpus((loi,)))
    vers = {873: parse_label("12B1"), 880: parse_label("12F9")}
    monkeypatch.setattr(
        module,
        "_rattachements",
        lambda loi_, ancres_: {
            cle: vers.get(e.ligne, e.label or parse_label("12A3")) for cle, _, e in module.parcourir(loi_)
        },
    )
    annote = module.annoter(loi, ancres)
    assert _resume(annote) == [("12A3", "000", [], [])]
    assert [o.element.ligne for o in annote.fin] == [873, 880]


@pytest.mark.parametrize(
    "cites, attendu",
    [
        (["12A", "12A1"], []),  # every parent has its heading
        (["12A", "12B1"], ["12B"]),  # 12B1 would read as a part of 12A
        (["12A", "12C1(a)", "12C1(e)(i)", "12C2(a)"], ["12C", "12C1", "12C1(e)", "12C2"]),
        (["40A", "40A1(a)"], ["40A1"]),  # under a parent that has one: the missing level only
        (["12", "12A"], []),  # the preamble is no paragraph's parent
    ],
)
def test_un_en_tete_pour_le_parent_qu_aucune_source_2017_ne_donne(cites: list[str], attendu: list[str]) -> None:
    """Issue 8, lois/12: 12B1 and 12C1(a) rendered as h4/h5 under 12A read as parts of it;
    their parents (12B, 12C, 12C1) get a heading of their own, the label alone."""
    loi, _ = _annote(_partie(GUIDE, "2017", ROLE_GUIDE, *(_loi_(lab, 800 + i) for i, lab in enumerate(cites))))
    assert sorted(label.compact() for label in en_tete(loi)) == attendu


def test_l_en_tete_du_parent_absent_dans_la_page_12() -> None:
    """In the 2017 section of lois/12, the heading above 12B1 of its level or higher is 12B
    (label only; the short anchor ``loi-12-b`` is the 2017 paragraph's, the 2007 text keeps
    ``loi-12-b-2007``), above 12C1(b) 12C1."""
    page = (RACINE / "docs/lois/12/index.md").read_text(encoding="utf-8").split("## Texte 2007")[0]
    titres = re.findall(r"^(#{3,6}) (\S+)(.*)$", page, re.MULTILINE)

    def au_dessus(label: str) -> tuple[str, str]:
        rang = next(i for i, (_, lab, _) in enumerate(titres) if lab == label)
        niveau = len(titres[rang][0])
        return next((lab, reste) for diese, lab, reste in reversed(titres[:rang]) if len(diese) <= niveau)

    assert au_dessus("12B1") == ("12B", " { #loi-12-b aussi=loi-12-b-2017 .parent-seul }")
    assert au_dessus("12C1(b)") == ("12C1", " { #loi-12-c-1 aussi=loi-12-c-1-2017 .parent-seul }")
    assert au_dessus("12C2(a)") == ("12C2", " { #loi-12-c-2 aussi=loi-12-c-2-2017 .parent-seul }")
    assert "{ #loi-12-b-2007 l=" in (RACINE / "docs/lois/12/index.md").read_text(encoding="utf-8")


def test_aucune_ancre_ne_se_perd_quand_le_texte_change_de_source() -> None:
    """74A1 is quoted by the Guide (first on the page: loi-74-a-1) and the booklet (the
    text): the page shows the booklet's words under loi-74-a-1, and keeps every id."""
    from indexer.rendu.elements import Contexte
    from indexer.rendu.loi import render_loi

    loi = Loi(
        74,
        (
            _partie(GUIDE, "2017", ROLE_GUIDE, _loi_("74A1", 8777, "MOTS-DU-GUIDE")),
            _partie(LIVRET, "2017", ROLE_EXTRAITS, _loi_("74A1", 824, "MOTS-DU-LIVRET")),
        ),
    )
    ancres = calculer(Corpus((loi,)))
    page = render_loi(loi, Contexte(ancres, {}))
    tete = next(ligne for ligne in page.splitlines() if ligne.startswith("#### 74A1"))
    assert "#loi-74-a-1 aussi=loi-74-a-1-2017" in tete and "src=004" not in tete  # the booklet is the section's
    assert page.index("MOTS-DU-LIVRET") < page.index('id="loi-74-a-1-2017-extraits"') < page.index("MOTS-DU-GUIDE")
    tous = {i for ids in ancres_loi(loi).values() for i in ids}
    assert all(re.search(rf'(#|id="|aussi=){i}\b', page) for i in tous)


@pytest.mark.parametrize(
    "titre_2017, titre_2007, ligne",
    [
        (
            "Déclaration comparable",
            "Connaissance d’un éventuel dommage",
            "Titre 2007 : Connaissance d’un éventuel dommage",
        ),
        ("Mélange et donne", "Mélange et Donne", ""),  # case only: nothing
        ("Pouvoirs discrétionnaires de l'arbitre", "Pouvoirs discrétionnaires de l’arbitre", ""),
    ],
)
def test_une_ligne_sous_le_titre_quand_les_titres_different(titre_2017: str, titre_2007: str, ligne: str) -> None:
    from indexer.rendu.elements import Contexte
    from indexer.rendu.loi import render_loi

    loi = Loi(
        23,
        (
            Partie(GUIDE, "2017", ROLE_GUIDE, titre_2017, 1, (_loi_("23A", 2),)),
            Partie(CODE_2007, "2007", ROLE_TEXTE, titre_2007, 9, (_loi_("23A", 10),)),
        ),
    )
    page = render_loi(loi, Contexte(calculer(Corpus((loi,))), {}))
    sous_titre = page.split(" { #loi-23 }\n\n", 1)[1].split("\n", 1)[0]
    assert sous_titre == (ligne or "## Texte 2017 { #guide src=000 }")


@pytest.mark.parametrize(
    "roles, attendus",
    [
        ((ROLE_TEXTE, ROLE_GUIDE), ["texte-2017", "guide"]),
        ((ROLE_GUIDE, ROLE_GUIDE), ["guide", "guide-2"]),  # the Guide's 28–32 overview, then Law 28's commentary
        ((ROLE_GUIDE, ROLE_GUIDE, ROLE_GUIDE), ["guide", "guide-2", "guide-3"]),
        (("x", "x", "x-2"), ["x", "x-2", "x-2-2"]),  # a base that looks like a rank stays unique
    ],
)
def test_les_ids_de_section_sont_uniques(roles: tuple[str, ...], attendus: list[str]) -> None:
    loi = Loi(28, tuple(_partie(GUIDE, "2017", role, _loi_("28A", i + 1)) for i, role in enumerate(roles)))
    assert ids_sections(loi) == attendus


# --- the heading extension ------------------------------------------------------------------


def _html(texte: str) -> str:
    return md.markdown(texte, extensions=["attr_list", "abbr", "toc", EntetesExtension()])


def test_un_en_tete_court_devient_ce_que_le_site_montre() -> None:
    rendu = _html(
        "## Texte 2017 { #texte-2017 src=002 }\n\n"
        "### 68A — Définition { #loi-68-a aussi=loi-68-a-2017 l=7 }\n\n"
        '#### 68B1 { #loi-68-b-1 aussi="x y" src=000 l=7802 }\n'
    )
    assert '<h2 data-edition="2017" id="texte-2017">' in rendu
    assert re.search(
        r'<h3 data-edition="2017" id="loi-68-a" title="Code 2017 — Code 2017, Lois 68 à 71 \(FFB\) · '
        r'002_[0-9a-f]+\.txt, ligne 7"><span id="loi-68-a-2017"></span>68A — Définition</h3>',
        rendu,
    )
    assert (
        '<span id="x"></span><span id="y"></span>68B1<span class="source-para" data-nom="Guide pratique (FFB)">'
        in rendu
    )
    assert " l=" not in rendu and "aussi" not in rendu and "src" not in rendu


def test_un_en_tete_2007_porte_son_edition() -> None:
    rendu = _html("## Texte 2007 { #texte-2007 src=001 }\n\n### 12A { #loi-12-a-2007 l=2108 }\n")
    assert '<h3 data-edition="2007" id="loi-12-a-2007"' in rendu


def test_l_en_tete_d_un_parent_absent_dit_ce_qu_il_est() -> None:
    rendu = _html(
        "## Texte 2017 et commentaire { #guide src=000 }\n\n### 12B { #loi-12-b aussi=loi-12-b-2017 .parent-seul }\n"
    )
    assert re.search(
        r'<h3 class="parent-seul" data-edition="2017" id="loi-12-b" title="Les sources 2017 '
        r'ne donnent ni l\'intitulé[^"]*"><span id="loi-12-b-2017"></span>12B<span class="source-para" '
        r'data-nom="intitulé et texte 2017 non donnés"></span></h3>',
        rendu,
    ), rendu


@pytest.mark.parametrize(
    "texte, mentions",
    [
        ("## T { #texte-2017 src=002 }\n\n### 68B1 { #loi-68-b-1 l=7 }\n", []),  # the section's source
        ("## T { #texte-2017 src=002 }\n\n### 68B1 { #loi-68-b-1 src=000 l=7 }\n", ["Guide pratique (FFB)"]),
        ("## T { #guide src=000 }\n\n### 12B { #loi-12-b .parent-seul }\n", [MENTION_PARENT]),
        # no section above: its own source and the parent-only mention, one does not hide the other
        ("### 12B { #loi-12-b src=000 l=5 .parent-seul }\n", ["Guide pratique (FFB)", MENTION_PARENT]),
    ],
)
def test_les_mentions_d_un_en_tete(texte: str, mentions: list[str]) -> None:
    h3 = _html(texte).split("<h3", 1)[1]
    assert re.findall(r'<span class="source-para" data-nom="([^"]*)"></span>', h3) == mentions


def test_pas_d_infobulle_du_glossaire_dans_un_titre() -> None:
    rendu = _html(
        "# Loi 23 — Déclaration comparable\n\nUne déclaration comparable.\n\n*[comparable]: Définition du glossaire\n"
    )
    assert rendu.count("<abbr") == 1 and "<h1" in rendu and "<abbr" not in rendu.split("</h1>")[0]


# --- the generated pages ------------------------------------------------------------------------

_EN_TETE = re.compile(r"^#{3,6} .*$", re.MULTILINE)


def test_les_en_tetes_de_paragraphe_sont_courts() -> None:
    """Label, title and anchors only: no HTML, no source file name (316 kB before, ≤ 40 % of it)."""
    pages = [(RACINE / f"docs/lois/{n}/index.md").read_text(encoding="utf-8") for n in range(1, NB_LOIS + 1)]
    lignes = [ligne for page in pages for ligne in _EN_TETE.findall(page)]
    assert len(lignes) > 1000
    octets = sum(len(ligne.encode()) + 1 for ligne in lignes)
    assert octets < 0.4 * 326_489, octets
    bavardes = [ligne for ligne in lignes if "<" in ligne or ".txt" in ligne or "title=" in ligne]
    assert not bavardes, bavardes[:3]


def test_ni_front_matter_ni_nom_de_fichier_montre() -> None:
    for numero in (12, 27, 68):
        page = (RACINE / f"docs/lois/{numero}/index.md").read_text(encoding="utf-8")
        # the front matter holds the page's title alone (for the generator, never shown as text)
        assert page.startswith(f'---\ntitle: "Loi {numero} — ') and page.count("---\n", 0, 200) == 2
        visibles = re.sub(r'title="[^"]*"', "", page)
        assert "_40f8f2357f5f2a2b.txt" not in visibles and "Source : " not in visibles.split("## Texte 2007")[0]


@pytest.mark.parametrize(
    "chemin",
    [
        "index-alphabetique.md",
        "definitions.md",
        "annexes.md",
        "preface.md",
        "objet-du-code.md",
        "tableaux.md",
        "boites-a-annonces.md",
        "marque.md",
        "reglements/titre-iv.md",
    ],
)
def test_les_autres_pages_nomment_leur_source_comme_les_lois(chemin: str) -> None:
    """« Source : Code 2007 et RNC 2008 (FFB) », the file in the tooltip only (issue 8, point 8)."""
    page = (RACINE / "docs" / fichier_de(chemin)).read_text(encoding="utf-8")
    lignes = [ligne for ligne in page.splitlines() if "Source : " in ligne]
    assert lignes
    for ligne in lignes:
        visible = re.sub(r"<[^>]+>", "", ligne)
        assert ".txt" not in visible and re.search(r"Source : (Code 2007 et RNC 2008|Livret du BC)", visible), ligne
        assert re.search(r'<cite title="[^"]*\d{3}_[0-9a-f]{16}\.txt', ligne), ligne


def test_la_page_68_s_ouvre_sur_le_texte_de_la_loi() -> None:
    page = (RACINE / "docs/lois/68/index.md").read_text(encoding="utf-8")
    debut = page.split("### Loi 68", 1)[0]
    assert "n'est donné que par les citations" not in page and "!!! info" not in debut
    # 68A once in full (002); the Guide's quote of it (000:7771) folded as another version
    guide = page.index("Toute formulation du déclarant ou un joueur de la défense indiquant")
    assert (
        page.rindex("<details", 0, guide) > page.rindex("</details>", 0, guide)
        if "</details>" in page[:guide]
        else "<details" in page[:guide]
    )
    assert page.index("</details>", guide) < page.index("### 68B")


# --- the built site ------------------------------------------------------------------------------


class _Ids(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.article = False
        self.titres: list[str] = []
        self._titre: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        attributs = dict(attrs)
        self.article = self.article or tag == "article"
        if self.article and attributs.get("id"):
            self.ids.add(attributs["id"])
        if re.fullmatch(r"h[1-6]", tag):
            self._titre = [tag]
        elif self._titre is not None:
            self._titre.append(tag)

    def handle_endtag(self, tag):
        if tag == "article":
            self.article = False
        if re.fullmatch(r"h[1-6]", tag) and self._titre is not None:
            self.titres.append(" ".join(self._titre))
            self._titre = None


@pytest.fixture(scope="module")
def construction(site_commun: Construction) -> Construction:
    return site_commun


def lire_page_loi(site: Path, numero: int) -> _Ids:
    """The ids and the headings' tags of one built law page."""
    lecteur = _Ids()
    lecteur.feed((site / f"lois/{numero}/index.html").read_text(encoding="utf-8"))
    return lecteur


@pytest.mark.lent
def test_aucune_infobulle_dans_les_titres(construction: Construction) -> None:
    if construction.faux:
        pytest.skip("docs/ n'est pas généré")
    avec = [(n, t) for n in range(1, NB_LOIS + 1) for t in lire_page_loi(construction.site, n).titres if "abbr" in t]
    assert not avec, avec[:5]
    assert "<abbr" in (construction.site / "lois/23/index.html").read_text(encoding="utf-8")  # still in the text


# --- in Chromium --------------------------------------------------------------------------------

TELEPHONE = {"width": 390, "height": 844}
BUREAU = {"width": 1280, "height": 900}


# Debian's Chromium through Playwright, skipped without it (mandatory in CI): the fixture of
# test_navigateur.py, imported so that both files launch the browser the same way.
navigateur = test_navigateur.navigateur


def _ouvrir(navigateur, site: Path, numero: int, taille: dict, ancre: str = ""):
    page = navigateur.new_page(viewport=taille, locale="fr-FR")
    page.goto((site / f"lois/{numero}/index.html").as_uri() + (f"#{ancre}" if ancre else ""))
    page.wait_for_load_state("load")
    return page


def _capture(page, nom: str) -> None:
    ARTEFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTEFACTS / nom))


@pytest.mark.navigateur
def test_le_texte_2017_de_la_loi_68_au_dessus_de_la_ligne_de_flottaison(navigateur, construction) -> None:
    page = _ouvrir(navigateur, construction.site, 68, TELEPHONE)
    _capture(page, "loi-68-telephone.png")
    haut = page.evaluate("""() => {
        const titre = document.querySelector('article h3[data-edition="2017"]');
        const texte = titre.nextElementSibling;
        return [titre.id, texte.tagName, texte.getBoundingClientRect().top, texte.textContent];
    }""")
    assert haut[0] == "loi-68-2017" and haut[1] == "P"
    assert 0 < haut[2] < 0.55 * TELEPHONE["height"], haut  # in the upper half: 652 of 844 before
    assert haut[3].startswith("Selon ces Lois, une formulation")
    page.close()


@pytest.mark.navigateur
def test_le_commentaire_se_distingue_de_la_loi(navigateur, construction) -> None:
    page = _ouvrir(navigateur, construction.site, 68, TELEPHONE, "loi-68-commentaire-2")
    styles = page.evaluate("""() => {
        const style = (el) => { const s = getComputedStyle(el);
            return {taille: parseFloat(s.fontSize), fond: s.backgroundColor, filet: s.borderLeftStyle}; };
        const loi = document.querySelector('[id="loi-68-b-1"]').nextElementSibling;
        const glose = document.querySelector('[id="loi-68-commentaire-2"]').closest('.glose');
        return {loi: style(loi), glose: style(glose), nom: glose.querySelector('.glose-source').textContent};
    }""")
    _capture(page, "loi-68-commentaire-telephone.png")
    assert styles["glose"]["taille"] < styles["loi"]["taille"]
    assert styles["glose"]["filet"] != "none" and styles["glose"]["fond"] not in ("rgba(0, 0, 0, 0)", "transparent")
    assert "Guide pratique" in styles["nom"]
    page.close()


@pytest.mark.navigateur
def test_l_autre_version_est_repliee_et_s_ouvre_par_son_ancre(navigateur, construction) -> None:
    page = _ouvrir(navigateur, construction.site, 68, TELEPHONE)
    assert page.evaluate("() => document.querySelector('[id=\"loi-68-a-2017-guide\"]').open") is False
    page.close()
    page = _ouvrir(navigateur, construction.site, 27, TELEPHONE, "loi-27-commentaire-2")  # inside the folded box
    ouvert, haut = page.evaluate("""() => { const el = document.querySelector('[id="loi-27-commentaire-2"]');
        return [el.closest('details').open, el.getBoundingClientRect().top]; }""")
    assert ouvert and 0 <= haut < TELEPHONE["height"]
    page.close()


@pytest.mark.navigateur
@pytest.mark.parametrize("numero, ancre", [(12, "loi-12-c-1-b-2007"), (68, "loi-68-c-2017"), (68, "loi-68-d-2007")])
def test_le_titre_vise_n_est_pas_cache(navigateur, construction, numero: int, ancre: str) -> None:
    """Reached by its anchor (an id of the heading or one of its spans), a paragraph heading is
    on screen and not under the fixed header nor the sticky « Texte 2007 » label."""
    page = _ouvrir(navigateur, construction.site, numero, TELEPHONE, ancre)
    visible = page.evaluate(
        """(id) => { const el = document.querySelector(`[id="${id}"]`);
        const titre = el.closest('h3, h4, h5, h6'); const r = titre.getBoundingClientRect();
        const dessus = document.elementFromPoint(r.left + 4, r.top + 4);
        return r.top >= 0 && titre.contains(dessus); }""",
        ancre,
    )
    assert visible
    page.close()


@pytest.mark.navigateur
def test_un_lien_du_texte_est_souligne(navigateur, construction) -> None:
    page = _ouvrir(navigateur, construction.site, 68, TELEPHONE)
    souligne = page.evaluate("""() => getComputedStyle(
        document.querySelector('article p a[href*="57"]')).textDecorationLine""")
    assert "underline" in souligne
    page.close()


@pytest.mark.navigateur
@pytest.mark.parametrize("numero", [12, 27, 68])
def test_captures_telephone_et_bureau(navigateur, construction, numero: int) -> None:
    """For a person to look at: the top of the page on a phone and on a desktop."""
    for nom, taille in (("telephone", TELEPHONE), ("bureau", BUREAU)):
        page = _ouvrir(navigateur, construction.site, numero, taille)
        _capture(page, f"loi-{numero}-{nom}.png")
        # the first words of law text: a heading's next paragraph, past the Guide's lead-in box if any
        premier = page.evaluate("""() => { const mots = (e) => { let s = e.nextElementSibling;
                while (s && s.classList.contains('glose')) s = s.nextElementSibling;
                return s?.tagName === 'P' ? s : null; };
            const t = [...document.querySelectorAll('article [data-edition]')]
                .find(e => /^H[3-6]$/.test(e.tagName) && mots(e));
            return t ? mots(t).getBoundingClientRect().top : -1; }""")
        assert 0 < premier < taille["height"], (numero, nom, premier)
        page.close()


@pytest.mark.navigateur
def test_12b1_n_est_pas_dans_la_section_de_12a(navigateur, construction) -> None:
    """Issue 8: in the 2017 section of lois/12, the heading above 12B1 of its level or higher is
    12B (added, label only), not 12A; the table of contents lists 12B and 12C there."""
    page = _ouvrir(navigateur, construction.site, 12, BUREAU, "loi-12-b-1")
    vu = page.evaluate("""() => {
        const titres = [...document.querySelectorAll('article h2, article h3, article h4, article h5, article h6')];
        const niveau = (t) => Number(t.tagName[1]);
        const dessus = (id) => { const i = titres.findIndex(t => t.id === id);
            const t = titres.slice(0, i).reverse().find(u => niveau(u) <= niveau(titres[i]));
            const texte = [...t.childNodes].filter(n => n.nodeType === 3).map(n => n.textContent).join('').trim();
            return [t.id, texte, t.dataset.edition, t.getBoundingClientRect().height > 0]; };
        const table = [...document.querySelectorAll('.md-nav--secondary > ul > li')][0];
        return {b1: dessus('loi-12-b-1'), c1a: dessus('loi-12-c-1-b'),
                table: [...table.querySelectorAll(':scope > nav > ul > li > a')].map(a => a.textContent.trim())};
    }""")
    _capture(page, "loi-12-b-bureau.png")
    assert vu["b1"] == ["loi-12-b", "12B", "2017", True]  # the short id: 12B is attested by 12B1
    assert vu["c1a"] == ["loi-12-c-1", "12C1", "2017", True]  # above 12C1(b), 12C1(a) having no 2017 passage
    assert vu["table"][:3] == ["12A — Pouvoir d’attribuer une marque ajustée", "12B", "12C"], vu["table"]
    page.close()


def test_une_annonce_ouvre_le_paragraphe_qu_elle_annonce() -> None:
    """« Carte pénalisée et restrictions d'attaque : … qu'est-ce qui a la priorité ? [50D1b. » (000:5894):
    the question opens 50D1(b), above its words; a commentary after the quote stays under them."""
    question = Element(COMMENTAIRE, (Bloc(TEXTE, "Qu'est-ce qui a la priorité ?", 5894),), 5894)
    _, annote = _annote(
        _partie(GUIDE, "2017", ROLE_GUIDE, _loi_("50D2", 5859), question, _loi_("50D1(b)", 5899), _glose(5905))
    )
    d1b = next(p for p in annote.paragraphes if p.label.compact() == "50D1(b)")
    assert [o.element.ligne for o in d1b.amorces] == [5894]
    assert [o.element.ligne for o in d1b.commentaire] == [5905]


def test_la_source_qui_donne_les_alineas_a_part_donne_le_texte() -> None:
    """The notes give 30B1(b), then (i) and (ii) apart; the Guide's 30B1(b) holds an a) and a b)
    in its own words: the notes' text, so that (i) and (ii) are not printed twice."""
    _, annote = _annote(
        _partie(
            GUIDE,
            "2017",
            ROLE_GUIDE,
            _loi_(
                "30B1(b)",
                3708,
                "Le joueur fautif peut déclarer. a) si comparable, rien. b) sinon, le partenaire passe.",
            ),
        ),
        _partie(
            NOTES,
            "2017",
            ROLE_NOTES,
            _loi_("30B1(b)", 28, "Le joueur fautif peut déclarer et :"),
            _loi_("30B1(b)(i)", 31, "si comparable, rien"),
            _loi_("30B1(b)(ii)", 34, "sinon, passe"),
        ),
    )
    texte = next(p.texte for p in annote.paragraphes if p.label.compact() == "30B1(b)")
    assert texte.partie.source == NOTES
