"""Edition-exact links: a citation lands in the edition of the text that makes it, and
crosses editions only where corpus/correspondances.toml declares the same rule."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from liens_html import PARAGRAPHE, bilan, cible, edition_de, lire_page
from site_outils import NB_LOIS, Construction

from indexer.corpus.carte import Carte
from indexer.corpus.cibles import Cibles, edition_du_code, resoudre
from indexer.corpus.correspondances import FICHIER, Correspondance, CorrespondanceInvalide, Declarations, lire
from indexer.labels import Label, parse_label
from indexer.model import TEXTE, Bloc, Renvoi
from indexer.rendu.markdown import lien_vers, texte_inline
from indexer.sources import CODE_2007, GUIDE

# --- the rules, on a small corpus -------------------------------------------------------

_L = parse_label


def _cibles() -> Cibles:
    """2007 gives 16C, 16D, 23A and the whole of 12C1; 2017 gives 16A1, 16D, 12C1(e), 68A–68B
    (68 from the official text); 2007 16D is declared the same rule as 2017 16C."""
    labels = {
        "2007": frozenset(map(_L, ("16C", "16D", "16D1", "23A", "12C1", "12C1(b)", "12C1(e)"))),
        "2017": frozenset(map(_L, ("16A1", "16D", "12C1(e)", "68A", "68B"))),
    }
    premiers = {(_L("16A"), "2017"): _L("16A1"), (_L("12C1"), "2017"): _L("12C1(e)")}
    entrees = {
        (16, "2007"): "loi-16-a-2007",
        (23, "2007"): "loi-23-2007",
        (12, "2007"): "loi-12-a-2007",
        (68, "2017"): "loi-68-2017",
    }
    declarations = Declarations((Correspondance((("2007", _L("16D")), ("2017", _L("16C"))), "même règle", 21),))
    return Cibles(labels, premiers, entrees, declarations)


REGLES = [
    # (citation, edition of the citing text, expected id, edition crossed to, explained?)
    ("16D", "2007", "loi-16-d-2007", "", None),  # 2007 « Loi 16D »: withdrawn actions, not 2017 16D
    ("16D", "2017", "loi-16-d-2017", "", None),
    ("16C", "2007", "loi-16-c-2007", "", None),
    ("16C", "2017", "loi-16-d-2007", "2007", True),  # 2017 16C = withdrawn calls = 2007 16D, marked
    ("16C2", "2017", "loi-16-d-2007", "2007", True),  # its section's correspondence
    ("16A", "2017", "loi-16-a-1-2017", "", True),  # heading not quoted: its first sub-paragraph
    ("12C1(b)", "2017", "", "", True),  # neither 2007 12C1(b) nor 2017 12C1(e): the page of 12
    ("12C1(b)", "2007", "loi-12-c-1-b-2007", "", None),
    ("12C1(c)", "2007", "loi-12-c-1-2007", "", False),  # the complete 2007 text lacks it: unexplained
    ("23", "2007", "loi-23-2007", "", None),  # 2007 « Loi 23 »: the 2007 text, not the 2017 page
    ("23", "2017", "", "", None),  # no 2017 text in the sources: the page
    ("23C", "2017", "", "", True),
    ("16D1", "2008", "loi-16-d-1-2007", "", None),  # the RNC 2008 cites the 2007 Code
    ("68C", "2017", "loi-68-2017", "", False),  # 002 is the complete 2017 text of 68: unexplained
]


@pytest.mark.parametrize("citation, edition, attendu, autre, explique", REGLES)
def test_regles_de_resolution(citation: str, edition: str, attendu: str, autre: str, explique: bool | None) -> None:
    arrivee = resoudre(_L(citation), edition, _cibles())
    assert (arrivee.ancre, arrivee.autre_edition) == (attendu, autre)
    if explique is None:
        assert not arrivee.message
    else:
        assert arrivee.message and bool(arrivee.explication) == explique


@pytest.mark.parametrize("edition, code", [("2007", "2007"), ("2008", "2007"), ("2017", "2017"), ("2020", "2017")])
def test_edition_du_code(edition: str, code: str) -> None:
    assert edition_du_code(edition) == code


# --- the real corpus: the cases of issue 8 ------------------------------------------------

CORPUS = [
    # (source key, Bloc line, citation as written, ids it may land on, edition crossed to)
    # 2017 « Loi 16C » is withdrawn calls: the 2017 16C once a source gives it, meanwhile 2007 16D
    ("000", 5044, "Loi 16C", {"loi-16-c-2017", "loi-16-d-2007"}, {"", "2007"}),
    ("002", 17, "Loi 16C", {"loi-16-c-2017", "loi-16-d-2007"}, {"", "2007"}),
    ("001", 1917, "Loi 16C", {"loi-16-c-2007"}, {""}),
    ("001", 2711, "Loi 16D", {"loi-16-d-2007"}, {""}),  # 2007 withdrawn actions, not 2017 16D
    ("000", 7596, "Loi 16D", {"loi-16-d-2017"}, {""}),
    ("000", 2600, "Loi 12C1b", {"loi-12-c-1-b-2017", ""}, {""}),  # never 2007 12C1(b)
    ("001", 2781, "Loi 23", {"loi-23-2007"}, {""}),  # 2007 « Loi 23 »: the 2007 text
    ("001", 5685, "27D2", {"loi-27-b-3-2007"}, {""}),  # a slip of the index for 27B3, declared (correspondances.toml)
    ("001", 5875, "16A2", {"loi-16-a-2-2007"}, {""}),
]


def _renvoi(construit, cle: str, ligne: int, texte: str) -> Renvoi:
    for loi in construit.corpus.lois:
        for partie in loi.parties:
            for element in partie.elements:
                yield from _dans(element.blocs, partie.source, cle, ligne, texte)
    for document in construit.corpus.documents:
        for section in document.sections:
            yield from _dans(section.blocs, document.source, cle, ligne, texte)


def _dans(blocs, source: str, cle: str, ligne: int, texte: str):
    for bloc in blocs:
        if source.startswith(f"{cle}_") and bloc.ligne == ligne:
            yield from (r for r in bloc.renvois if bloc.texte[r.debut : r.fin] == texte)


@pytest.mark.parametrize("cle, ligne, texte, ancres, autres", CORPUS)
def test_cas_du_corpus(construit, cle: str, ligne: int, texte: str, ancres: set[str], autres: set[str]) -> None:
    trouves = list(_renvoi(construit, cle, ligne, texte))
    assert trouves, f"{cle}:{ligne} « {texte} » introuvable"
    assert all(r.ancre in ancres and r.autre_edition in autres for r in trouves), trouves


def test_l_index_ajoute_le_lien_2017_declare(construit) -> None:
    (renvoi,) = _renvoi(construit, "001", 5875, "16A2")
    assert [(a.ancre, a.autre_edition) for a in renvoi.aussi] == [("loi-16-a-2-2017", "2017")]
    (sans,) = _renvoi(construit, "001", 5685, "27D2")
    assert sans.aussi == ()


def test_rien_d_inexplique(construit) -> None:
    assert construit.problemes, "the 2017 sources are extracts: some citations must fall back"
    assert [p.message for p in construit.problemes if not p.explication] == []


# --- rendering -----------------------------------------------------------------------------


def test_un_lien_qui_change_d_edition_le_dit() -> None:
    texte = "voir Loi 16C et 16A2"
    bloc = Bloc(
        TEXTE,
        texte,
        1,
        renvois=(
            Renvoi(5, 12, _L("16D"), "loi-16-d-2007", "2007"),
            Renvoi(16, 20, _L("16A2"), "loi-16-a-2-2007", "", (Renvoi(16, 20, _L("16A2"), "loi-16-a-2-2017", "2017"),)),
        ),
    )
    assert texte_inline(bloc, lien_vers("lois/15.md")) == (
        'voir [Loi 16C (texte 2007)](16.md#loi-16-d-2007){ .autre-edition title="Même règle, texte 2007" } et '
        "[16A2](16.md#loi-16-a-2-2007) [→ 2017](16.md#loi-16-a-2-2017)"
        '{ .autre-edition title="Même règle, texte 2017" }'
    )


def test_un_label_nu_garde_l_ancre_du_texte_courant() -> None:
    assert lien_vers("marque.md")(Label(12, ("C", "1", "e"))) == "lois/12.md#loi-12-c-1-e"


# --- the correspondence file ----------------------------------------------------------------

SOURCES = {CODE_2007: ("D. Information", "provenant de déclarations ou de jeux retirés", "Inadmissible 27D2, 36"),
           GUIDE: ("Informations provenant de déclarations ou de jeux retirés (16C) :",)}  # fmt: skip
BON = """\
# commentaire
[[correspondance]]
2007 = "16D"
2017 = "16C"
preuve_2007 = { ligne = "001:1", extrait = "D. Information provenant de déclarations" }
preuve_2017 = { ligne = "000:1", extrait = "Informations provenant de déclarations" }
raison = "même intitulé"

[[renvoi_inexact]]
ligne = "001:3"
texte = "27D2"
raison = "coquille"
"""


def test_lecture_du_fichier_de_correspondances() -> None:
    declarations = lire(BON, SOURCES)
    (correspondance,) = declarations.correspondances
    assert correspondance.ligne == 2
    assert correspondance.autre("2017", _L("16C")) == ("2007", _L("16D"))
    assert correspondance.autre("2007", _L("16C")) is None
    assert declarations.inexact(CODE_2007, 3, "27D2").raison == "coquille"


MAUVAIS = [
    (BON.replace('2017 = "16C"', '2017 = "seize"'), "ligne 2 : « seize » n'est pas un paragraphe du Code 2017"),
    (BON.replace('"000:1"', '"000:9"'), "ligne 2 : la source 000 n'a pas de ligne 9"),
    (
        BON.replace('"001:1"', '"001:2"'),
        "ligne 2 : l'extrait « D. Information provenant de déclarations » ne commence pas à la ligne 001:2",
    ),
    (BON.replace('raison = "même intitulé"\n', ""), "ligne 2 : le champ « raison » manque"),
    (
        BON.replace('preuve_2017 = { ligne = "000:1", extrait = "Informations provenant de déclarations" }\n', ""),
        "ligne 2 : le champ « preuve_2017 » manque",
    ),
    (
        BON.replace("preuve_2017 = ", "preuve = "),
        "ligne 2 : champ inconnu « preuve » (attendu : 2007, 2017, preuve_2007, preuve_2017, raison)",
    ),
    (BON.replace('ligne = "001:3"', 'ligne = "001:1"'), "ligne 9 : l'extrait « 27D2 » ne commence pas"),
    (BON.replace('"001:3"', '"007:3"'), "ligne 9 : « 007:3 » n'est pas un lieu de source"),
    (BON + BON.split("\n\n")[0].removeprefix("# commentaire\n"), "ligne 13 : 2017 16C est déjà déclaré ligne 2"),
    (BON.replace("[[renvoi_inexact]]", "[[renvoi]]"), "table inconnue « renvoi »"),
    (BON.replace("2007 = ", "2007 = = "), "correspondances.toml, ligne 3 : TOML illisible"),
    (
        BON.replace('texte = "27D2"', 'texte = "27D2"\ncibel = "27B3"'),
        "ligne 9 : champ inconnu « cibel » (attendu : ligne, texte, raison, cible, preuve_cible).",
    ),
    ("autre_regle = 1\n" + BON, "écrivez chaque entrée sous son propre en-tête [[autre_regle]]"),
    # a value where an entry is due, its header only in a string: counted, but not a table
    ('correspondance = [1]\nrenvoi_inexact = """\n[[correspondance]]\n"""\n', "ligne 3 : entrée illisible"),
    (BON.replace('texte = "27D2"', 'texte = "27D2"\ncible = "27B3"'), "une « cible » demande sa « preuve_cible »"),
    (
        BON.replace(
            'texte = "27D2"', 'texte = "27D2"\ncible = "B3"\npreuve_cible = { ligne = "001:3", extrait = "x" }'
        ),
        "« B3 » n'est pas un paragraphe du Code cité",
    ),
]


def test_une_coquille_declaree_renvoie_au_paragraphe_voulu() -> None:
    """« 27D2 » of the 2007 index is a slip for 27B3 (the same index, 001:5732): the link goes there."""
    texte = BON.replace(
        'texte = "27D2"',
        'texte = "27D2"\ncible = "27B3"\npreuve_cible = { ligne = "001:3", extrait = "Inadmissible 27D2" }',
    )
    inexact = lire(texte, SOURCES).inexact(CODE_2007, 3, "27D2")
    assert inexact is not None and inexact.cible == _L("27B3")
    assert lire(BON, SOURCES).inexact(CODE_2007, 3, "27D2").cible is None


@pytest.mark.parametrize("texte, message", MAUVAIS)
def test_une_entree_fautive_est_refusee_en_francais(texte: str, message: str) -> None:
    with pytest.raises(CorrespondanceInvalide) as erreur:
        lire(texte, SOURCES)
    assert message in str(erreur.value)
    assert str(erreur.value).startswith("corpus/correspondances.toml")


def test_le_fichier_du_depot_se_lit_et_chaque_entree_a_sa_preuve() -> None:
    from indexer import build
    from indexer.corpus.clean import clean_source

    textes = build.lire_sources()
    lignes = {f: clean_source(t, f, build.lire_errata()) for f, t in textes.items()}
    declarations = lire(build.declare(FICHIER), lignes)
    assert len(declarations.correspondances) >= 10 and declarations.inexacts
    assert all(c.raison.strip() for c in declarations.correspondances)


def test_strict_refuse_seulement_l_inexplique(monkeypatch) -> None:
    from indexer import build
    from indexer.cli.construire import executer as commande
    from indexer.corpus.renvois import Probleme
    from indexer.errors import LoiErreur

    explique = Probleme("000.txt", 1, "16C", "« 16C » : … Expliqué : x.", "x")
    inexplique = Probleme("001.txt", 2, "27D9", "« 27D9 » : … Inexpliqué.")
    arguments = SimpleNamespace(verifier=True, index=False, strict=True)
    monkeypatch.setattr(build, "differences", list)
    for problemes, echoue in (((explique,), False), ((explique, inexplique), True)):
        monkeypatch.setattr(build, "construit", lambda p=problemes: SimpleNamespace(problemes=p, carte=Carte()))
        if echoue:
            with pytest.raises(LoiErreur, match="1 renvoi"):
                commande(arguments)
        else:
            assert commande(arguments) == 0


def test_strict_refuse_un_paragraphe_2017_non_atteste(monkeypatch, capsys) -> None:
    from indexer import build
    from indexer.cli.construire import executer as commande
    from indexer.errors import LoiErreur

    message = "corpus/correspondances.toml, ligne 5 : la correspondance nomme 15E (2017), qu'aucune source…"
    monkeypatch.setattr(build, "differences", list)
    monkeypatch.setattr(build, "construit", lambda: SimpleNamespace(problemes=(), carte=Carte(problemes=(message,))))
    with pytest.raises(LoiErreur, match="1 déclaration"):
        commande(SimpleNamespace(verifier=True, index=False, strict=True))
    assert message in capsys.readouterr().err
    assert commande(SimpleNamespace(verifier=True, index=False, strict=False)) == 0


# --- the built site ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "attributs, edition",
    [
        ({"class": "edition e2017"}, "2017"),
        ({"class": "e2007"}, "2007"),
        ({"data-edition": "2007"}, "2007"),
        ({"class": "edition"}, ""),
        ({}, ""),
        ({"class": "e20170"}, ""),
    ],
)
def test_lecture_de_l_edition_d_un_titre(attributs: dict[str, str], edition: str) -> None:
    assert edition_de(attributs) == edition


_PAGE = """<article>
<h2 id="guide">Commentaire du Guide (2017)</h2>
<p>Avant tout paragraphe : <a href="../16/#loi-16-c-2007">Loi 16C</a></p>
<h3 id="loi-12-a" data-edition="2017">12A</h3>
<p><a href="../16/#loi-16-d-2007" class="autre-edition">Loi 16C (texte 2007)</a> et <a href="#loi-12-b">B</a></p>
<h3 id="loi-12-b"><span id="loi-12-b-2007"></span><span class="edition e2007">2007</span> 12B</h3>
<h2 id="cite-par">Cité par</h2><p><a href="../16/#loi-16-c-2007">Loi 16</a></p>
</article>"""


def test_lecture_d_une_page(tmp_path: Path) -> None:
    for page, texte in (
        ("lois/12", _PAGE),
        (
            "lois/16",
            '<article><h3 id="loi-16-c-2007" class="e2007">16C</h3>'
            '<h3 id="loi-16-d-2007"><span class="e2007"></span></h3>'
            "</article>",
        ),
    ):
        (tmp_path / page).mkdir(parents=True)
        (tmp_path / page / "index.html").write_text(texte, encoding="utf-8")
    lue = lire_page(tmp_path, "lois/12")
    assert lue.editions == {"loi-12-a": "2017", "loi-12-b": "2007", "loi-12-b-2007": "2007"}
    assert [lien.edition for lien in lue.liens] == ["2017", "2017", "2017", ""]
    resultat = bilan(tmp_path, {"lois/12": "", "lois/16": ""})
    assert resultat.total == 3
    assert [lien.href for lien in resultat.croises] == ["../16/#loi-16-c-2007", "../16/#loi-16-d-2007", "#loi-12-b"]
    assert [lien.href for lien in resultat.non_marques] == ["../16/#loi-16-c-2007", "#loi-12-b"]


@pytest.fixture(scope="module")
def construction(site_commun: Construction) -> Construction:
    return site_commun


@pytest.mark.lent
def test_aucun_lien_ne_change_d_edition_sans_le_dire(construction: Construction) -> None:
    if construction.faux:
        pytest.skip("docs/ n'est pas généré : pas de liens à vérifier")
    pages = {f"lois/{n}": "" for n in range(1, NB_LOIS + 1)}
    resultat = bilan(construction.site, {**pages, "index-alphabetique": "2007"})
    assert resultat.total > 1000  # the law pages and the 2007 index do link paragraphs
    assert resultat.croises, "the declared correspondences give marked links"
    assert not resultat.non_marques, [f"{lien.page}#{lien.ancre_de} → {lien.href}" for lien in resultat.non_marques]


@pytest.mark.lent
def test_chaque_paragraphe_du_site_dit_son_edition(construction: Construction) -> None:
    """Every law paragraph heading of the built site states its edition (data-edition or the
    e2007/e2017 badge), so that a link to it can be judged; and every link to a paragraph lands
    on such a heading."""
    if construction.faux:
        pytest.skip("docs/ n'est pas généré : pas de pages à lire")
    pages = {f"lois/{n}": lire_page(construction.site, f"lois/{n}") for n in range(1, NB_LOIS + 1)}
    muets = [
        f"{nom}#{id_}"
        for nom, page in pages.items()
        for id_ in page.titres
        if PARAGRAPHE.match(id_) and id_ not in page.editions
    ]
    assert sum(len(p.editions) for p in pages.values()) > 1500  # 2054 ids today
    assert muets == []
    arrivees = [(lien, cible(lien)) for page in pages.values() for lien in page.liens]
    perdus = [
        f"{lien.page} → {lien.href}"
        for lien, arrivee in arrivees
        if arrivee
        and arrivee[0] in pages
        and PARAGRAPHE.match(arrivee[1])
        and arrivee[1] not in pages[arrivee[0]].editions
    ]
    assert perdus == []
