"""The 004 parser: club booklet scoring prose, tables, bidding boxes and 17 law extracts."""

from __future__ import annotations

import pytest
from outils_parseurs import element, lignes_propres, partie, plan_labels, texte_document, texte_plat

from indexer import sources
from indexer.corpus.couverture import bilan, sans_markup
from indexer.corpus.parsers.livret import decoupe_tableaux, extraits, parse, sans_markdown, tableaux
from indexer.corpus.parsers.livret_lettres import SOUS_TITRES, sous_titre
from indexer.labels import Label
from indexer.model import ITEM, TABLEAU, TEXTE, Document, Extrait
from indexer.sources import LIVRET

# In scope (1-based, inclusive): scoring prose, tables, bidding boxes, law extracts.
PERIMETRE = {"marque": (195, 231), "tableaux": (408, 515), "boites": (517, 550), "lois": (552, 845)}


@pytest.fixture(scope="module")
def lignes() -> tuple[str, ...]:
    return lignes_propres(LIVRET)


@pytest.fixture(scope="module")
def extrait(lignes: tuple[str, ...]) -> Extrait:
    return parse(lignes)


def document(extrait: Extrait, chemin: str) -> Document:
    (trouve,) = [d for d in extrait.documents if d.chemin == chemin]
    return trouve


def texte_des_lois(extrait: Extrait) -> str:
    """The plain text of the law extracts, with ``Loi N - titre`` and each label's marker
    as the renderer writes them, but none before a subtitle: 004 prints no letter there."""
    return texte_plat(extrait, entete="Loi {numero} - {titre}", marquer=lambda e: not e.titre)


def source(lignes: tuple[str, ...], partie_: str) -> str:
    debut, fin = PERIMETRE[partie_]
    return "\n".join(lignes[debut - 1 : fin])


# --- unit pairs on tiny inputs ------------------------------------------------------


@pytest.mark.parametrize(
    "brut, attendu",
    [
        ("prime de 50 pts (**NV** ou **V**).", "prime de 50 pts (NV ou V)."),
        ("s'écrit : **2♠ NV =**", "s'écrit : 2♠ NV ="),
        ("- *par couleur*", "- par couleur"),
        ("* * *", "* * *"),
        ("le 1^{er} juillet", "le 1er juillet"),
        ("soit $6+4=10$ et $8-4=4$", "soit 6+4=10 et 8-4=4"),
        ("$10000 + (15000 - 10000) - 20\\%$", "10000 + (15000 - 10000) - 20%"),
        ("sur trouve : [Tableau marque](#)", "sur trouve : Tableau marque"),
        (
            "suivante [Structure et Organisation \\(vbc-bridge.fr\\)]"
            "(http://Structure et Organisation (vbc-bridge.fr)).",
            "suivante Structure et Organisation (vbc-bridge.fr).",
        ),
        ("[contrat demandé] [non contré]", "[contrat demandé] [non contré]"),
    ],
)
def test_sans_markdown(brut: str, attendu: str) -> None:
    assert sans_markdown(brut) == attendu


@pytest.mark.parametrize(
    "loi, texte, attendu",
    [
        (
            41,
            "Entame face cachée : Après une enchère",
            ("Entame face cachée", "A", "Après une enchère"),
        ),
        (74, "Éthique Par devoir de courtoisie", ("Éthique", "B", "Par devoir de courtoisie")),
        (5, "1. Position initiale : Une fois", ("Position initiale", "A", "Une fois")),
        (42, "Droits irrévocables :", ("Droits irrévocables", "A", "")),
        (7, "Place de l'étui", ("Place de l'étui", "A", "")),
        (7, "Place de l’étui", ("Place de l'étui", "A", "")),
        (45, "Le mort indique les cartes", ("Le mort indique les cartes", "F", "")),
        (20, "Procédure incorrecte", ("Procédure incorrecte", "G", "")),
        (61, "Droit d'inspecter des levées", ("Droit d'inspecter des levées", "C", "")),  # 000:7391
        (65, "Ordre", ("Ordre", "C", "")),
        (65, "Ordres donnés", None),
        (40, "Entame face cachée", None),  # another law's subtitle
        (7, "Quand un étui doit être joué", None),
    ],
)
def test_sous_titre(loi: int, texte: str, attendu: tuple[str, str | None, str] | None) -> None:
    assert sous_titre(loi, texte) == attendu


@pytest.mark.parametrize(
    "lignes, attendu",
    [
        (
            ("Loi 45 - T", "Carte considérée comme jouée", "4. (a) Une", "(b) Deux", "5. Trois"),
            "45C\n45C4\n45C4(a)\n45C4(b)\n45C5",
        ),
        (
            ("Loi 16 - T", "Utilisation des informations par les joueurs", "1. Un :", " - (a) de"),
            "16A\n16A1\n16A1(a)",
        ),
        (("Loi 43 - T", "", "1. (a) Le mort", "(b) Le mort"), "43"),
        (("Loi 6 - T", "Un membre."), "6"),
    ],
)
def test_plan_des_extraits(lignes: tuple[str, ...], attendu: str) -> None:
    ((_, p),) = extraits(lignes, 1)
    assert plan_labels(p) == attendu


@pytest.mark.parametrize(
    "ligne, dernier",
    [
        ("(a) x", ("16A1(a)", ["x"])),
        ("(a)", ("16A1", ["Un :", "(a)"])),  # no text after the letter: 004 keeps the line as text
        ("(a)x", ("16A1", ["Un :", "(a)x"])),
        ("2. (a) x", ("16A2(a)", ["x"])),  # two levels: 004 reads a letter after a number (002 does not)
    ],
)
def test_marques_de_004(ligne: str, dernier: tuple[str, list[str]]) -> None:
    """The last element once ``ligne`` is read after ``1. Un :`` (livret.NUMERO and PARENTHESE)."""
    ((_, p),) = extraits(("Loi 16 - T", "Utilisation des informations par les joueurs", "1. Un :", ligne), 1)
    element = p.elements[-1]
    assert (element.label.compact() if element.label else None, [b.texte for b in element.blocs]) == dernier


def test_items_sans_lettre() -> None:
    ((_, p),) = extraits(("Loi 43 - T", "1. (a) Le mort", "(b) Le mort", "- x"), 1)
    assert [(b.forme, b.texte) for b in p.elements[0].blocs] == [
        (ITEM, "1. (a) Le mort"),
        (ITEM, "(b) Le mort"),
        (ITEM, "- x"),
    ]


def test_phrase_coupee() -> None:
    lignes = (
        "Loi 45 - T",
        "Le mort indique les cartes",
        "S'il le fait, il devrait",
        "",
        "être appelé.",
    )
    ((_, p),) = extraits(lignes, 1)
    assert [(b.texte, b.ligne) for b in p.elements[0].blocs] == [("S'il le fait, il devrait être appelé.", 3)]


def test_tableau_court() -> None:
    lignes = ("- Titre", "", "a\tb\tc", "x\ty", "", "Après.")
    doc = tableaux(lignes, 1, len(lignes) + 1)
    (section,) = doc.sections
    assert (section.titre, section.ancre) == ("Titre", "tableau-titre")
    table, prose = section.blocs
    assert table.texte == "a\tb\tc\nx\ty"
    assert table.cellules == (("a", "b", "c"), ("x", "y", ""))
    assert (prose.forme, prose.texte) == (TEXTE, "Après.")


def test_decoupe_tableaux() -> None:
    lignes = [(1, "Légende"), (3, "a\tb"), (4, "sans tabulation"), (5, "c\td"), (7, "Après")]
    assert decoupe_tableaux(lignes) == [
        (1, "Légende"),
        (3, ["a\tb", "sans tabulation", "c\td"]),
        (7, "Après"),
    ]


# --- the whole of 004 -------------------------------------------------------------

LOIS = [5, 6, 7, 16, 20, 40, 41, 42, 43, 45, 61, 62, 63, 64, 65, 66, 74]


def test_dix_sept_lois(extrait: Extrait) -> None:
    assert [n for n, _ in extrait.parties] == LOIS
    assert {(p.source, p.edition, p.role) for _, p in extrait.parties} == {(LIVRET, "2017", "extraits")}
    assert partie(extrait, 16).titre == "Enchères : Informations autorisées et non autorisées"
    assert partie(extrait, 74).ligne == 820


@pytest.mark.parametrize(
    "numero, attendu",
    [
        (5, "5A\n5"),  # « Changement de position »: only the 2007 Code letters it B, so no letter
        (42, "42A\n42A1\n42A2\n42A3\n42"),  # « Droits sous conditions », likewise
        (63, "63A\n63A1\n63A2\n63A3\n63A4\n63"),
        (7, "7A\n7B\n7B1\n7B2\n7B3\n7C\n7D"),
        (20, "20A\n20B\n20C\n20C1\n20C2\n20G\n20G1\n20G2\n20G3"),
        (43, "43"),
        (
            45,
            "45A\n45B\n45C\n45C1\n45C2\n45C2(a)\n45C2(b)\n45C3\n45C4\n45C4(a)\n45C4(b)\n45C5\n45F\n45G",
        ),
        (61, "61A\n61B\n61B1\n61B2\n61B2(a)\n61B2(b)\n61B3\n61C"),
        (
            74,
            "74A\n74A1\n74A2\n74A3\n74B\n74B1\n74B2\n74B3\n74B4\n74B5\n74C"
            "\n74C1\n74C2\n74C3\n74C4\n74C5\n74C6\n74C7\n74C8",
        ),
    ],
)
def test_plans(extrait: Extrait, numero: int, attendu: str) -> None:
    assert plan_labels(partie(extrait, numero)) == attendu


@pytest.mark.parametrize(
    "compact, titre, ligne",
    [
        ("7A", "Place de l'étui", 563),
        ("20G", "Procédure incorrecte", 616),
        ("45F", "Le mort indique les cartes", 692),
        ("45G", "Retourner la levée", 698),
        ("41A", "Entame face cachée", 632),
        ("74B", "Éthique", 828),
    ],
)
def test_lettres_par_sous_titre(extrait: Extrait, compact: str, titre: str, ligne: int) -> None:
    trouve = element(extrait, compact)
    assert (trouve.titre, trouve.ligne) == (titre, ligne)


def test_chaque_sous_titre_sert_une_fois(extrait: Extrait) -> None:
    vus = [(n, e.titre) for n, p in extrait.parties for e in p.elements if e.titre]
    attendus = [(n, t) for n, table in SOUS_TITRES.items() for t in table]
    assert sorted(vus) == sorted(attendus)


def test_61c_prouve_par_le_guide(extrait: Extrait) -> None:
    """« La Loi 61C est claire (la revendication d'une renonce ne justifie pas l'inspection
    des levées fermées) » (000:7391) is the rule 004 gives under this subtitle."""
    dernier = partie(extrait, 61).elements[-1]
    assert (dernier.label, dernier.titre) == (Label(61, ("C",)), "Droit d'inspecter des levées")


def test_textes_en_ligne(extrait: Extrait) -> None:
    assert element(extrait, "74B").blocs[0].texte.startswith("Par devoir de courtoisie")
    assert element(extrait, "41A").blocs[0].texte.startswith("Après une enchère")
    assert element(extrait, "16A1(a)").blocs[0].texte.startswith("de déclarations ou de jeux")
    assert "l'arbitre devrait être appelé immédiatement" in element(extrait, "45F").blocs[0].texte
    assert [b.texte for b in element(extrait, "41C").blocs[1:4]] == [
        "- par couleur",
        "- en colonnes et en longueur dirigées vers le déclarant",
        "- classées selon leur rang (la plus petite vers le déclarant)",
    ]


def test_sept_tableaux(extrait: Extrait, lignes: tuple[str, ...]) -> None:
    tables = [b for s in document(extrait, "tableaux.md").sections for b in s.blocs if b.forme == TABLEAU]
    assert [(t.ligne, len(t.cellules), {len(r) for r in t.cellules}) for t in tables] == [
        (414, 9, {5}),
        (426, 5, {3}),
        (436, 8, {8}),
        (447, 6, {7}),
        (456, 9, {12}),
        (480, 5, {3}),
        (501, 15, {7}),
    ]
    for table in tables:  # verbatim lines
        assert table.texte == "\n".join(lignes[table.ligne - 1 : table.ligne - 1 + len(table.cellules)])
    assert tables[-1].cellules[5] == ("9 cartes", "3 - 1", "50%", "", "5 cartes", "5 - 3", "47%")
    assert tables[2].cellules[4] == ("Vulnérable", "", "", "", "", "", "", "")


def test_sections_des_tableaux(extrait: Extrait) -> None:
    doc = document(extrait, "tableaux.md")
    assert (doc.type, doc.edition, doc.source) == ("tableau", "2017", LIVRET)
    assert [(s.niveau, s.ancre) for s in doc.sections] == [
        (1, "tableaux-quelques-tableaux"),
        (1, "tableaux-la-marque"),
        (2, "tableau-contrats-gagnes"),
        (2, "tableau-les-primes-de-contrat-reussi"),
        (2, "tableau-rappel-de-la-marque"),
        (2, "tableau-contrats-chutes"),
        (2, "tableau-table-des-decisions"),
        (1, "tableaux-probabilites-et-autres-chiffres"),
        (2, "tableau-la-distribution-des-cartes"),
        (2, "tableau-probabilite-du-partage-adverse"),
    ]
    rappel = doc.sections[4].titre
    assert rappel.startswith("Rappel de la marque (fond rouge = manche, bleu = petit chelem")


def test_boites_a_annonces(extrait: Extrait) -> None:
    doc = document(extrait, "boites-a-annonces.md")
    assert (doc.titre, doc.type) == ("Boîtes à annonces (Code 2017, Annexe I)", "annexe")
    assert [s.cle for s in doc.sections] == [
        "utilisation-des-boites-a-annonces",
        "1",
        "1a",
        "1b",
        "2",
        "2a",
        "2b",
        "3",
        "4",
    ]
    assert doc.intro[-1].texte.endswith("suivante Structure et Organisation (vbc-bridge.fr).")
    faite = doc.sections[3]
    assert (faite.titre, faite.blocs[0].texte[:17]) == ("b) Déclaration faite", "Une déclaration e")
    assert [b.forme for b in doc.sections[2].blocs] == [ITEM, ITEM, ITEM]


@pytest.mark.parametrize("cle", ["marque", "tableaux", "boites", "lois"])
def test_couverture(extrait: Extrait, lignes: tuple[str, ...], cle: str) -> None:
    sortie = {
        "marque": texte_document(document(extrait, "marque.md"), avec_titre=True),
        "tableaux": texte_document(document(extrait, "tableaux.md")),
        "boites": texte_document(document(extrait, "boites-a-annonces.md")),
        "lois": texte_des_lois(extrait),
    }[cle]
    # A link target (520: "(http://Structure et Organisation (vbc-bridge.fr))") is markup,
    # not wording: drop it from the source as couverture drops it from the output.
    assert bilan(sans_markup(source(lignes, cle)), sortie).ratio >= 0.99


def test_couverture_de_la_source(extrait: Extrait, lignes: tuple[str, ...]) -> None:
    tout = "\n\n".join(source(lignes, c) for c in PERIMETRE)
    sortie = "\n\n".join([texte_document(d) for d in extrait.documents] + [texte_des_lois(extrait)])
    assert bilan(tout, sortie).ratio >= 0.99


def test_lignes_exclues(lignes: tuple[str, ...]) -> None:
    """Before the tables, every line is either left out or the scoring prose, with no gap."""
    plages = sorted([*sources.source(LIVRET).lignes_exclues, PERIMETRE["marque"]])
    debuts = [debut for debut, _ in plages]
    fins = [fin for _, fin in plages]
    assert debuts[0] == 1 and debuts[1:] == [fin + 1 for fin in fins[:-1]]
    assert lignes[fins[-1]] == "Quelques tableaux"


def test_la_marque_en_prose(extrait: Extrait, lignes: tuple[str, ...]) -> None:
    doc = document(extrait, "marque.md")
    assert (doc.titre, doc.type, doc.edition, doc.source) == ("La marque", "marque", "2017", LIVRET)
    (section,) = doc.sections
    assert (section.ancre, section.ligne, lignes[194]) == ("marque-livret", 197, "La marque")
    assert [b.forme for b in section.blocs] == [TEXTE] * 7 + [ITEM] * 3 + [TEXTE] + [ITEM] * 4 + [TEXTE] * 5
    assert section.blocs[0].texte.startswith("La marque au bridge s'appuie sur la vulnérabilité (Rouge)")
    assert section.blocs[-3].texte == "4♥ contré, vulnérable, chuté de 2 s'écrit : 4♥X V -2"
    assert (section.blocs[-1].texte, section.blocs[-1].ligne) == ("Toute la marque sur trouve : Tableau marque", 230)
