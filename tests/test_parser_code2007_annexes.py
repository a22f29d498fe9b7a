"""The 001 side documents: prefaces, objet, definitions, annexes, index and RNC."""

from __future__ import annotations

import re
from functools import cache

import pytest
from outils_parseurs import lignes_propres, texte_document

from indexer.corpus.couverture import bilan
from indexer.corpus.parsers import code2007_annexes as annexes
from indexer.corpus.parsers.code2007_annexes import (
    TERME,
    article_en_tete,
    parse_definitions,
    parse_reglement,
    sous_article,
)
from indexer.corpus.parsers.code2007_blocs import en_blocs, sans_mobilier
from indexer.corpus.parsers.code2007_index_alphabetique import (
    NUMERO_DE_PAGE,
    genre_de_ligne,
    parse_index_alphabetique,
    separer,
)
from indexer.model import ITEM, TEXTE, TITRE, Document, Extrait
from indexer.sources import CODE_2007

# The source lines each Document is parsed from (1-based, inclusive).
PLAGES = {
    "preface.md": (1, 171),
    "objet-du-code.md": (1583, 1647),
    "definitions.md": (1648, 1827),
    "annexes.md": (5236, 5522),
    "index-alphabetique.md": (5523, 6250),
    "reglements/titre-iv.md": (6551, 7870),
    "reglements/titre-vii.md": (7875, 8661),
}


def lignes() -> tuple[str, ...]:
    return lignes_propres(CODE_2007)


@cache
def extrait() -> Extrait:
    return annexes.parse(lignes())


def document(chemin: str) -> Document:
    return next(d for d in extrait().documents if d.chemin == chemin)


def numerotees(*textes: str, debut: int = 1) -> list[tuple[int, str]]:
    return list(enumerate(textes, start=debut))


# --- paragraphs ------------------------------------------------------------------


@pytest.mark.parametrize(
    "brut, attendu",
    [
        # a line after sentence-final punctuation that starts upper case: new paragraph
        (("Fin de phrase.", "Nouvelle phrase"), [(TEXTE, "Fin de phrase."), (TEXTE, "Nouvelle phrase")]),
        # no punctuation: the upper-case line is a wrap ("…agrée par la" / "FFB dont")
        (("agrée par la", "FFB dont la"), [(TEXTE, "agrée par la FFB dont la")]),
        # a real hyphen at line end joins without a space
        (("Jean-", "Daniel Chalet."), [(TEXTE, "Jean-Daniel Chalet.")]),
        # French spacing wrapped: ";" and ":" lines join the line before
        (("1er niveau", ": l’arbitre rend."), [(TEXTE, "1er niveau : l’arbitre rend.")]),
        # bullets and labels open items; a lone "-" or "6-" takes a space
        (("avertissement :", "- tout", "manquement,"), [(TEXTE, "avertissement :"), (ITEM, "- tout manquement,")]),
        (("-", "ouverture de 3SA ;"), [(ITEM, "- ouverture de 3SA ;")]),
        (("6-", "Signalisation"), [(ITEM, "6- Signalisation")]),
        (("· Dans toute", "compétition."), [(ITEM, "· Dans toute compétition.")]),
        # a short label item ends at a capitalised line: it was a subtitle (7017–7019)
        (
            ("a) Les", "deux camps sont fautifs", "Lorsqu’une déclaration"),
            [(ITEM, "a) Les deux camps sont fautifs"), (TEXTE, "Lorsqu’une déclaration")],
        ),
        (
            ("c)", "L’irrégularité n’a pas été signalée", "Quand la"),
            [(ITEM, "c) L’irrégularité n’a pas été signalée"), (TEXTE, "Quand la")],
        ),
        (("· Saisine de", "la CRLA", "Si la CRLA"), [(ITEM, "· Saisine de la CRLA"), (TEXTE, "Si la CRLA")]),
        (
            ("· Finales", "Nationales, Compétitions de sélection, etc."),
            [(ITEM, "· Finales Nationales, Compétitions de sélection, etc.")],
        ),
        (("a) Une ouverture", "Passe forcing."), [(ITEM, "a) Une ouverture Passe forcing.")]),
        # an empty line (001 has none) opens no Bloc: it joins the one before, a space added
        (("", "Texte."), [(TEXTE, "Texte.")]),
        (("Fin.", ""), [(TEXTE, "Fin. ")]),
    ],
)
def test_paragraphes(brut: tuple[str, ...], attendu: list[tuple[str, str]]) -> None:
    assert [(b.forme, b.texte) for b in en_blocs(numerotees(*brut))] == attendu


def test_sous_titres_des_annexes() -> None:
    blocs = en_blocs(numerotees("1) Disposition des cartons", "- En commençant"), titres=True)
    assert [(b.forme, b.texte) for b in blocs] == [(TITRE, "1) Disposition des cartons"), (ITEM, "- En commençant")]


@pytest.mark.parametrize(
    "brut, gardees",
    [
        (("compétition", "Règlement", "National des Compétitions 2008 page 81", "(y"), ["compétition", "(y"]),
        (("Se", "reporter.", "Titre IV –", "Arbitrage", "Article 105"), ["Se", "reporter.", "Article 105"]),
        (("l’application d’une", "Règlements."), ["l’application d’une", "Règlements."]),
    ],
)
def test_mobilier_de_page(brut: tuple[str, ...], gardees: list[str]) -> None:
    assert [texte for _, texte in sans_mobilier(numerotees(*brut))] == gardees


# --- definitions -----------------------------------------------------------------


@pytest.mark.parametrize(
    "ligne, terme",
    [
        ("Adversaire : un joueur du camp adverse ; un joueur de la", "Adversaire"),
        ("Adv. G: adversaire de gauche.", "Adv. G"),
        ("Donne :", "Donne"),
        ("Psychique (annonce) : importante et volontaire", "Psychique (annonce)"),
        ("Pénalité (voir aussi arbitrage) : les", "Pénalité (voir aussi arbitrage)"),
        ("Une enchère, un Contre ou un Surcontre qui, par agrément,", None),
        ("1) distribution du jeu de cartes pour former les mains des", None),
        ("1 La procédure d’alerte est définie par la FFB dans le", None),
        ("; les droits et possibilités des concurrents", None),
    ],
)
def test_terme_de_definition(ligne: str, terme: str | None) -> None:
    trouve = TERME.match(ligne)
    assert (trouve.group(1) if trouve else None) == terme


def test_definitions_sens_et_note() -> None:
    sections = parse_definitions(
        numerotees(
            "Alerte : avertissement. La",
            "procédure est spécifiée par",
            "l’organisme responsable1.",
            "Donne :",
            "1) distribution du jeu.",
            "2) ensemble incluant",
            "le jeu.",
            "1 La procédure d’alerte est définie par la FFB dans le",
            "Règlement National des Compétitions",
            "Épreuve : compétition.",
        )
    )
    alerte, donne, epreuve = sections
    assert alerte.blocs[0].texte == "avertissement. La procédure est spécifiée par l’organisme responsable[^1]."
    assert [(n.cle, n.ligne) for n in alerte.notes] == [("1", 8)]
    note = alerte.notes[0].texte
    assert note.startswith("La procédure d’alerte") and note.endswith("Compétitions")
    assert [(b.forme, b.texte) for b in donne.blocs] == [
        (ITEM, "1) distribution du jeu."),
        (ITEM, "2) ensemble incluant le jeu."),
    ]
    assert (epreuve.ancre, epreuve.blocs[0].texte) == ("def-epreuve", "compétition.")


# --- index -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "ligne, genre",
    [
        ("Action retirée définitions, 16D", "entree"),
        ("Alerte", "entree"),
        ("2 ou plus 51", "entree"),
        ("12ème levée 62D", "entree"),
        ("86", "page"),
        ("Voir Renonce", "voir"),
        ("Voir aussi Information", "voir"),
        ("Voir Aussi Concurrent", "voir"),
        ("73C", "renvois"),
        ("80A1(a)", "renvois"),
        ("93C2", "renvois"),
        ("technique 40C3(a)", "suite"),
        ("de", "suite"),
    ],
)
def test_genre_de_ligne_d_index(ligne: str, genre: str) -> None:
    assert genre_de_ligne(ligne) == genre


@pytest.mark.parametrize(
    "ligne, attendu",
    [
        ("Carte, reprise 47", ("Carte, reprise", "47")),
        ("Au dessus du palier de 7 38", ("Au dessus du palier de 7", "38")),
        ("Le plus favorable 12C1(e) (i)", ("Le plus favorable", "12C1(e) (i)")),
        ("Désignation erronée d’une carte du mort, 46B", ("Désignation erronée d’une carte du mort", "46B")),
        ("Jeu normal 71, renvoi", ("Jeu normal", "71, renvoi")),
        ("Définitions définitions", ("Définitions", "définitions")),
        ("Explicite 40A1 (a)", ("Explicite", "40A1 (a)")),
        ("Trop tard pour changer de déclaration 21b3", ("Trop tard pour changer de déclaration", "21b3")),
        ("national 93 (note de bas de page)", ("national", "93 (note de bas de page)")),
        ("Renonce 61, 62, 63, 64", ("Renonce", "61, 62, 63, 64")),
        ("Alerte", ("Alerte", "")),
    ],
)
def test_separer_terme_et_renvois(ligne: str, attendu: tuple[str, str]) -> None:
    assert separer(ligne) == attendu


def test_index_entrees_jointes() -> None:
    sections = parse_index_alphabetique(
        numerotees(
            "Renonce",
            "86",
            "Voir Renonce",
            "Aide pour la mémorisation, le calcul ou la",
            "technique 40C3(a)",
            "Inattendue, information non autorisée 16B1(a),",
            "73C",
            "Taches, l’arbitre assume la responsabilité 80 note de bas",
            "de",
            "paragraphe",
            "Renonce",
            "Voir Renonce",
            debut=5641,
        )
    )
    vues = [(s.titre, s.ancre, [b.texte for b in s.blocs]) for s in sections]
    assert vues == [
        ("Renonce", "index-renonce", ["Voir Renonce"]),
        (
            "Aide pour la mémorisation, le calcul ou la technique",
            "index-aide-pour-la-memorisation-le-calcul-ou-la-technique",
            ["40C3(a)"],
        ),
        ("Inattendue, information non autorisée", "index-inattendue-information-non-autorisee", ["16B1(a), 73C"]),
        (
            "Taches, l’arbitre assume la responsabilité",
            "index-taches-l-arbitre-assume-la-responsabilite",
            ["80 note de bas de paragraphe"],
        ),
        ("Renonce", "index-renonce-2", ["Voir Renonce"]),
    ]


# --- RNC -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "brut, dernier, attendu",
    [
        (("Article 83 – Arbitrage",), 0, (83, "Article 83 – Arbitrage", 1)),
        (("Article 140 Conventions",), 138, (140, "Article 140 Conventions", 1)),
        (("Article", "136 - Obligations"), 107, (136, "Article 136 - Obligations", 2)),
        (("Article du Règlement National des Compétitions et celles concernant",), 101, None),  # 7301
        (("Article 91 – Informations non",), 105, None),  # numbers only grow
        (("Article", "10."), 101, None),
    ],
)
def test_en_tete_d_article(brut: tuple[str, ...], dernier: int, attendu: tuple[int, str, int] | None) -> None:
    assert article_en_tete(numerotees(*brut), 0, dernier) == attendu


@pytest.mark.parametrize(
    "ligne, article, vues, cle",
    [
        ("83.1 –", 83, set(), "83.1"),
        ("83.2 – Autres", 83, {"83.1"}, "83.2"),
        ("91.1. –", 91, set(), "91.1"),
        ("92.4.1. Le", 92, set(), "92.4.1"),
        ("105.2.1", 105, set(), "105.2.1"),
        ("105.2.2 -", 105, set(), "105.2.2"),
        ("139.1 Caractéristiques SHA", 138, set(), "139.1"),  # the article 139 heading is lost
        ("145.2 . Systèmes et conventions autorisés en catégorie 2", 145, set(), "145.2"),
        ("144.1", 144, set(), "144.1"),
        ("143.1 sont applicables dans les mêmes conditions.", 143, {"143.1", "143.2"}, None),  # 8378
        ("143.1 sont applicables dans les mêmes conditions.", 143, set(), None),
        ("3.1. Après", 145, set(), None),  # a list label inside 145.5
        ("26 a 32 et Lois 35 a 39", 92, set(), None),
        ("107.1 – Hors article", 105, set(), None),
    ],
)
def test_sous_article(ligne: str, article: int, vues: set[str], cle: str | None) -> None:
    assert sous_article(ligne, article, vues) == cle


def test_reglement_miniature() -> None:
    brut = (
        "Chapitre 1",
        ": Dispositions générales",
        "Article 138 – L’arbitre agrée",
        "FFB",
        "Dans",
        "l’exercice de ses fonctions.",
        "138.1 –",
        "Pouvoirs règlementaires",
        "Il veille a",
        "Règlement",
        "National des Compétitions 2008 page 60",
        "la stricte application.",
        "Jaune : Système hautement",
        "artificiel (SHA)",
        "139.1 Caractéristiques SHA",
        "Les dispositions de l’article",
        "139.1 sont applicables.",
    )
    intro, sections = parse_reglement(sans_mobilier(numerotees(*brut)))
    assert [(b.forme, b.texte) for b in intro] == [(TITRE, "Chapitre 1 : Dispositions générales")]
    assert [(s.cle, s.ancre, s.titre, s.niveau, s.ligne) for s in sections] == [
        ("138", "article-138", "Article 138 – L’arbitre agrée FFB", 1, 3),
        ("138.1", "article-138-1", "138.1 – Pouvoirs règlementaires", 2, 7),
        ("139", "article-139", "Article 139", 1, 15),
        ("139.1", "article-139-1", "139.1 Caractéristiques SHA", 2, 15),
    ]
    assert sections[1].blocs[0].texte == "Il veille a la stricte application."
    assert sections[1].blocs[1].texte == "Jaune : Système hautement artificiel (SHA)"
    assert sections[3].blocs[0].texte == "Les dispositions de l’article 139.1 sont applicables."


@pytest.mark.parametrize(
    "ligne, cle",
    [
        ("1. Utilisation", "1"),
        ("1 – Champ d’application", "1"),
        ("5.1. – Pendant la période des annonces", "5.1"),
        ("6.4.1. Le chariot n’a pas été transféré", "6.4.1"),
        ("25 A s’appliquent.", None),
        ("1) Disposition des cartons de déclaration", None),
    ],
)
def test_rubrique_d_annexe(ligne: str, cle: str | None) -> None:
    assert annexes.rubrique(ligne, set()) == cle


@pytest.mark.parametrize(
    ("numero", "remplacement", "message"),
    [
        (5305, "Écran", f"{CODE_2007}:5305 : « Jeu » attendu"),  # Annexe II moved
        (1648, "", f"{CODE_2007}:1648 : « Définitions » attendu"),
    ],
)
def test_plage_deplacee_arrete_le_decoupage(numero: int, remplacement: str, message: str) -> None:
    """A range that no longer opens where expected stops the parse with one French line naming the file to fix."""
    modifiees = list(lignes())
    modifiees[numero - 1] = remplacement
    with pytest.raises(ValueError, match=re.escape(message)) as erreur:
        annexes.parse(tuple(modifiees))
    assert str(erreur.value).endswith("mettez à jour les plages de indexer/corpus/parsers/code2007_annexes.py.")


# --- the whole file --------------------------------------------------------------


def test_documents() -> None:
    attendus = [
        ("preface.md", "preface", "2007"),
        ("objet-du-code.md", "objet", "2007"),
        ("definitions.md", "definition", "2007"),
        ("annexes.md", "annexe", "2007"),
        ("index-alphabetique.md", "index", "2007"),
        ("reglements/titre-iv.md", "reglement", "2008"),
        ("reglements/titre-vii.md", "reglement", "2008"),
    ]
    assert extrait().source == CODE_2007
    assert [(d.chemin, d.type, d.edition) for d in extrait().documents] == attendus
    assert all(d.source == CODE_2007 for d in extrait().documents)


def test_definitions_du_fichier() -> None:
    sections = document("definitions.md").sections
    assert len(sections) == 62
    assert len({s.ancre for s in sections}) == 62
    cles = {s.cle for s in sections}
    assert {"Adv. G", "Psychique (annonce)", "Déclaration artificielle", "Vulnérabilité"} <= cles
    entame = next(s for s in sections if s.cle == "Entame")
    assert [b.texte for b in entame.blocs] == ["carte attaquée à la première levée."]
    alerte = next(s for s in sections if s.cle == "Alerte")
    assert [(n.cle, n.ligne) for n in alerte.notes] == [("1", 1714)]
    mort = next(s for s in sections if s.cle == "Mort")
    assert [b.forme for b in mort.blocs] == [ITEM, ITEM]


def test_index_du_fichier() -> None:
    sections = document("index-alphabetique.md").sections
    assert 670 <= len(sections) <= 700
    assert len({s.ancre for s in sections}) == len(sections)
    debut, fin = PLAGES["index-alphabetique.md"]
    pages = {n for n in range(debut, fin + 1) if NUMERO_DE_PAGE.match(lignes()[n - 1])}
    assert len(pages) == 12
    assert not pages & {x.ligne for s in sections for x in (s, *s.blocs)}
    renonce = next(s for s in sections if s.ligne == 5641)
    assert [b.texte for b in renonce.blocs] == ["Voir Renonce"]  # 5642 "86" dropped
    resultat = next(s for s in sections if s.titre == "Le plus favorable, vraisemblablement")
    assert resultat.blocs[0].texte == "12C1(e) (i)"


def test_articles_du_fichier() -> None:
    articles = {
        chemin: [s for s in document(chemin).sections if s.niveau == 1]
        for chemin in ("reglements/titre-iv.md", "reglements/titre-vii.md")
    }
    numeros = [int(s.cle) for liste in articles.values() for s in liste]
    assert numeros == [*range(83, 108), *range(136, 148)]  # 36 headings + the lost 139
    article_139 = next(s for s in articles["reglements/titre-vii.md"] if s.cle == "139")
    assert (article_139.titre, article_139.ligne) == ("Article 139", 7955)
    titres = {s.cle: s.titre for liste in articles.values() for s in liste}
    assert titres["98"] == "Article 98 – Spectateurs (Loi 76)"
    assert titres["107"] == "Article 107 – Appels abusifs : cautions – pénalités"
    assert titres["140"] == "Article 140 Conventions inhabituelles (CI)"
    for chemin in articles:
        cles = [s.cle for s in document(chemin).sections]
        assert len(cles) == len(set(cles)), chemin
        assert all(s.ancre == "article-" + s.cle.replace(".", "-") for s in document(chemin).sections)


def test_pieges_du_reglement() -> None:
    texte = {b.texte for s in document("reglements/titre-vii.md").sections for b in s.blocs}
    assert any(t.endswith("de l’article 143.1 sont applicables dans les mêmes conditions.") for t in texte)
    tout = " ".join(texte | {b.texte for s in document("reglements/titre-iv.md").sections for b in s.blocs})
    assert "page 8" not in tout and "Règlement National des Compétitions 2008" not in tout
    assert "d’un Article du Règlement National des Compétitions et celles" in tout  # 7301 stays text


def test_annexes_du_fichier() -> None:
    sections = document("annexes.md").sections
    assert [s.titre for s in sections if s.niveau == 1] == [
        "Annexe I – Utilisation des boites à annonces",
        "Annexe II – Jeu avec écrans (ou « paravents »)",
    ]
    ancres = [s.ancre for s in sections]
    assert len(ancres) == len(set(ancres))
    assert {"annexe-1-1", "annexe-2-5-1", "annexe-2-6-4-1", "annexe-2-12"} <= set(ancres)


@pytest.mark.parametrize("chemin", list(PLAGES))
def test_lignes_dans_la_plage(chemin: str) -> None:
    debut, fin = PLAGES[chemin]
    doc = document(chemin)
    lignes_vues = [b.ligne for b in doc.intro]
    for section in doc.sections:
        lignes_vues += [section.ligne, *(b.ligne for b in section.blocs), *(n.ligne for n in section.notes)]
    assert all(debut <= ligne <= fin for ligne in lignes_vues)


def source_nette(chemin: str) -> str:
    """The source lines of a Document's range, minus what its parser drops by a named rule:
    navigation glyphs, the index's leaked page numbers, the RNC running footers."""
    debut, fin = PLAGES[chemin]
    gardees = sans_mobilier(list(enumerate(lignes()[debut - 1 : fin], start=debut)))
    if chemin == "index-alphabetique.md":
        gardees = [(n, texte) for n, texte in gardees if not NUMERO_DE_PAGE.match(texte)]
    return "\n".join(annexes.GLYPHES_NAVIGATION.sub("", texte) for _, texte in gardees)


@pytest.mark.parametrize("chemin", list(PLAGES))
def test_couverture(chemin: str) -> None:
    resultat = bilan(source_nette(chemin), texte_document(document(chemin), avec_titre=True))
    assert resultat.ratio >= 0.99, resultat.manques
