"""The map of the 2017 Code: a 2017 paragraph exists only where a 2017 source attests it,
what became of a 2007 paragraph comes only from a declaration, and every link that names
a paragraph lands on it, on an attested paragraph above it, or says it lands on the law."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from indexer.corpus.carte import ALINEAS, CITATION, INTITULE, Carte, Devenir, dresser, verifier
from indexer.corpus.correspondances import AutreRegle, Correspondance, Declarations, lire
from indexer.labels import Label, ancre, parse_label
from indexer.model import LOI, ROLE_GUIDE, ROLE_TEXTE, TEXTE, Bloc, Corpus, Element, Loi, Partie
from indexer.sources import CODE_2007, GUIDE

RACINE = Path(__file__).resolve().parents[1]
_L = parse_label


def _element(label: str, mots: str, ligne: int) -> Element:
    blocs = (Bloc(TEXTE, mots, ligne),) if mots else ()
    return Element(LOI, blocs, ligne, label=_L(label))


def _corpus() -> Corpus:
    """2017: the Guide quotes 15B and 15C1, heads 15A without its words; 2007 gives 15A–15C."""
    guide = Partie(
        "000.txt",
        "2017",
        ROLE_GUIDE,
        "Mauvais étui",
        1,
        (_element("15A", "", 10), _element("15B", "Si…", 20), _element("15C1", "Un…", 30)),
    )
    code = Partie(
        "001.txt",
        "2007",
        ROLE_TEXTE,
        "Jeu d'un mauvais étui",
        1,
        tuple(_element(label, "texte 2007", n) for n, label in enumerate(("15A", "15B", "15C", "15C2", "15D"), 100)),
    )
    return Corpus((Loi(15, (guide, code)),))


def _declarations() -> Declarations:
    return Declarations(
        correspondances=(Correspondance((("2017", _L("15B")), ("2007", _L("15D"))), "même règle", 3),),
        autres_regles=(
            AutreRegle(_L("15A"), "autre cas", 9, "000:1296"),
            AutreRegle(_L("15D"), "x", 12, "000:1"),
            AutreRegle(_L("15C2"), "y", 15, "000:2", "", _L("15C")),
            AutreRegle(_L("15B"), "z", 18, "000:3", "Texte cité."),
            AutreRegle(_L("15E"), "n", 21, "000:4", "l'arbitre appliquera la Loi 15E s'il…"),
        ),
    )


ATTESTATIONS = [
    ("15A", INTITULE, 10), ("15B", CITATION, 20), ("15C1", CITATION, 30),
    ("15C", ALINEAS, 30),  # its sub-paragraph is attested: the heading exists, its words are unknown
]  # fmt: skip


@pytest.mark.parametrize("label, genre, ligne", ATTESTATIONS)
def test_ce_que_les_sources_2017_attestent(label: str, genre: str, ligne: int) -> None:
    attestation = dresser(_corpus(), Declarations()).attestes[_L(label)]
    assert (attestation.genre, attestation.ligne) == (genre, ligne)


@pytest.mark.parametrize("label", ["15D", "15C2", "16A"])
def test_un_numero_2007_n_atteste_rien(label: str) -> None:
    carte = dresser(_corpus(), _declarations())
    assert not carte.atteste(_L(label))


@pytest.mark.parametrize("label, place", [("15C2", "15C"), ("15C1", "15C1"), ("15D", "15"), ("15", "15")])
def test_la_place_la_plus_proche(label: str, place: str) -> None:
    carte = dresser(_corpus(), Declarations())
    assert next(a for a in _L(label).ancetres() if carte.atteste(a)) == _L(place)


DEVENIRS = [
    # 2007 paragraph → the line the page and `loi voir` print under it ("" = nothing declared)
    ("15A", "Code 2017 : la 15A traite d'un autre cas ; la règle 2007 15A n'a pas de numéro 2017 attesté "
            "par les sources."),
    ("15D", "Code 2017 : la même règle est la 15B."),  # 2017 15D, neither attested nor named: no other rule
    ("15C2", "Code 2017 : la 15C traite d'un autre cas ; la règle 2007 15C2 n'a pas de numéro 2017 attesté "
             "par les sources."),  # the 2017 paragraph in its place, as declared
    ("15B", "Code 2017 : la 15B traite d'un autre cas ; la règle 2007 15B n'a pas de numéro 2017 attesté "
            "par les sources."),
    ("15C", ""),
]  # fmt: skip


@pytest.mark.parametrize("label, phrase", DEVENIRS)
def test_ce_qu_est_devenu_un_paragraphe_2007(label: str, phrase: str) -> None:
    devenir = dresser(_corpus(), _declarations()).devenirs.get(_L(label))
    assert (devenir.phrase() if devenir else "") == phrase


def test_autre_regle_et_meme_regle_ailleurs() -> None:
    devenir = Devenir(_L("15A"), _L("17D"), _L("15A"), 1)
    assert devenir.phrase(lambda label: f"<{label.compact()}>") == (
        "Code 2017 : la <15A> traite d'un autre cas ; la règle 2007 15A est la <17D>."
    )


def test_les_declarations_qui_nomment_un_paragraphe_2017_non_atteste() -> None:
    carte = dresser(_corpus(), _declarations())
    assert verifier(carte, _declarations()) == [
        "corpus/correspondances.toml, ligne 12 : [[autre_regle]] compare la 15D de 2007 à la 15D de 2017, "
        "qu'aucune source 2017 n'atteste ni ne nomme."
    ]  # 15B is attested, 15E named by its own evidence
    fausse = Declarations(correspondances=(Correspondance((("2017", _L("15E")), ("2007", _L("15D"))), "x", 5),))
    assert verifier(carte, fausse) == [
        "corpus/correspondances.toml, ligne 5 : la correspondance nomme 15E (2017), qu'aucune source 2017 n'atteste."
    ]


AUTRE = """\
[[autre_regle]]
label = "15A"
preuve_2007 = { ligne = "001:1", extrait = "A. Les joueurs n'ont pas joué l'étui" }
preuve_2017 = { ligne = "000:1", extrait = "La Loi 15A traite de la situation" }
raison = "autre cas"
"""
SOURCES = {CODE_2007: ("A. Les joueurs n'ont pas joué l'étui auparavant",),
           GUIDE: ("La Loi 15A traite de la situation où un joueur",)}  # fmt: skip


def test_lecture_d_une_autre_regle() -> None:
    (autre,) = lire(AUTRE, SOURCES).autres_regles
    assert (autre.label, autre.ligne, autre.preuve_2017) == (_L("15A"), 1, "000:1")


def test_une_autre_regle_qui_contredit_une_correspondance_est_refusee() -> None:
    meme = AUTRE.replace('[[autre_regle]]\nlabel = "15A"', '[[correspondance]]\n2007 = "15A"\n2017 = "15A"')
    with pytest.raises(Exception, match="ligne 8 : 15A est aussi déclaré la même règle"):
        lire(meme + "\n" + AUTRE, SOURCES)


# --- the real corpus -------------------------------------------------------------------------


def test_le_depot_n_atteste_que_par_les_sources_2017(construit) -> None:
    carte: Carte = construit.carte
    assert carte.attestes and verifier(carte, _declarations_du_depot()) == []
    assert all(a.source[:3] in {"000", "002", "003", "004"} for a in carte.attestes.values())


def _declarations_du_depot() -> Declarations:
    from indexer import build
    from indexer.corpus.clean import clean_source
    from indexer.corpus.correspondances import FICHIER

    lignes = {f: clean_source(t, f, build.lire_errata()) for f, t in build.lire_sources().items()}
    return lire(build.declare(FICHIER), lignes)


# A law page's link to a law: ``../16/index.md#…``, or to itself, ``index.md#…`` (docs/lois/N/index.md).
_LIEN = re.compile(
    r"\[(?P<texte>[^\]]+)\]\((?:\.\./(?P<page>\d+)/)?index\.md(?:#(?P<ancre>[a-z0-9-]+))?\)"
    r"(?P<attr>\{[^}]*\})?"
)
_IDS = re.compile(r'\{ #([a-z0-9-]+)|id="([a-z0-9-]+)"|aussi="([a-z0-9 -]+)"|aussi=([a-z0-9-]+)')
_NOMME = re.compile(r"^(?:Lois?\s+)?(?P<ref>\d{1,2}\s?[A-H].*)$")


def _ids(texte: str) -> set[str]:
    return {i for groupes in _IDS.findall(texte) for groupe in groupes for i in groupe.split()}


def _pages_de_loi() -> dict[str, str]:
    """Each law page's Markdown by its number (« 68 »: docs/lois/68/index.md)."""
    pages = (RACINE / "docs" / "lois").glob("[0-9]*/index.md")
    return {p.parent.name: p.read_text(encoding="utf-8") for p in sorted(pages)}


def _liens_de_paragraphe() -> list[tuple[str, str, Label, str, str]]:
    liens = []
    for numero, texte in _pages_de_loi().items():
        for trouve in _LIEN.finditer(texte):
            nomme = _NOMME.match(trouve["texte"].replace("\\", ""))
            label = parse_label(nomme["ref"]) if nomme else None
            cible = trouve["page"] or numero
            if label is not None and label.parties and label.loi == int(cible):
                liens.append((numero, cible, label, trouve["ancre"] or "", trouve["attr"] or ""))
    return liens


def test_chaque_lien_qui_nomme_un_paragraphe_y_arrive_ou_le_dit() -> None:
    """Each link named after a paragraph (« Loi 64C », « 16B1 ») lands on that paragraph or an
    attested one above it, in either edition, or crosses editions by a declared correspondence,
    or lands on the law marked ``vers-la-loi``: never an unmarked page top."""
    ids = {numero: _ids(texte) for numero, texte in _pages_de_loi().items()}
    liens = _liens_de_paragraphe()
    assert len(liens) > 500
    fautes = []
    for page, cible, label, id_, attributs in liens:
        permis = {ancre(a, *e) for a in label.ancetres() if a.parties for e in ((), ("2017",), ("2007",))}
        marque = ".vers-la-loi" in attributs or ".autre-edition" in attributs
        if (id_ and id_ not in ids[cible]) or not (id_ in permis or marque):
            fautes.append(f"{page} : {label.compact()} → {cible}.md#{id_} {attributs}")
    assert fautes == []


def test_un_lien_vers_la_loi_dit_quel_paragraphe_manque() -> None:
    marques = [lien for lien in _liens_de_paragraphe() if ".vers-la-loi" in lien[4]]
    assert marques
    for _, cible, label, _, attributs in marques:
        assert f'title="texte 2017 de {label.compact()} non donné : page de la Loi {cible}"' in attributs


_CIBLE = re.compile(r"\]\((?:(?:\.\./(?P<page>\d+)/)?index\.md)?#(?P<ancre>[a-z0-9-]+)\)")


def test_chaque_ancre_visee_existe() -> None:
    """Every link of a law page to a paragraph, on its own page or another, lands on an id
    that page has (mkdocs --strict says so too, but only once the site is built)."""
    pages = _pages_de_loi()
    ids = {nom: _ids(texte) for nom, texte in pages.items()}
    manques = [
        f"{nom}.md → {t['page'] or nom}.md#{t['ancre']}"
        for nom, texte in pages.items()
        for t in _CIBLE.finditer(texte)
        if t["ancre"] not in ids[t["page"] or nom]
    ]
    assert manques == []
