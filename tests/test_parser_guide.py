"""The 000 parser (Guide pratique): headings, quotes, labels, examples, furniture."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from outils_parseurs import lignes_propres, texte_plat

from indexer.corpus.clean import sans_saut_de_page
from indexer.corpus.couverture import bilan
from indexer.corpus.parsers.guide import _recoller, parse, sans_mobilier, trouver_entetes
from indexer.corpus.parsers.lignes_repliees import joindre, segmenter
from indexer.labels import Label
from indexer.model import COMMENTAIRE, DIAGRAMME, ENCHERES, EXEMPLE, ITEM, LOI, NOTE, TITRE, Element, Extrait
from indexer.sources import GUIDE

# Examples per law in corpus/NOTES.md §1.6 (line-start "Exemple…"), with 28–32 on 28 and the
# two examples of 35–39 on 36 and 39 (their run-in parts).
EXEMPLES_NOTES = (
    "2:1 5:3 6:3 7:1 8:1 9:5 10:1 11:1 12:10 13:2 14:1 15:6 16:3 17:2 19:2 20:3 21:1 23:7 "
    "25:6 26:2 27:7 28:4 31:1 32:1 33:1 34:1 36:1 39:1 40:7 41:3 42:1 43:4 45:10 46:3 47:7 "
    "48:4 49:1 50:7 51:1 52:1 53:9 54:1 55:1 58:1 59:3 60:4 61:6 62:5 63:6 64:2 65:1 67:4 "
    "68:4 69:2 70:8 71:1 72:4 73:2 74:3 75:1 76:1 79:2 81:1 82:2 85:3 86:5 87:2 91:1"
)
# The two mid-line examples (1429 in law 15, 4607 in law 42) are cut out too.
EXEMPLES_EN_LIGNE = {15: 1, 42: 1}


@pytest.fixture(scope="module")
def lignes() -> tuple[str, ...]:
    return lignes_propres(GUIDE)


@pytest.fixture(scope="module")
def extrait(lignes: tuple[str, ...]) -> Extrait:
    return parse(lignes)


def loi(*corps: str, entete: str = "9– Procédure à la suite d’une irrégularité") -> list[Element]:
    """Parse a tiny law body under one heading; its elements."""
    extrait = parse(("", entete, " ", *corps))
    return [e for _, p in extrait.parties for e in p.elements]


def plain(extrait: Extrait) -> str:
    """The plain text of the guide; a Partie's title is written as the site heads the law
    (``N - titre``), since the source's heading carries the number."""
    return texte_plat(extrait, entete="{numero} - {titre}")


# --- reflow -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("brut", "attendu"),
    [
        (["le camp", "Nord-Sud"], "le camp Nord-Sud"),
        (["le camp Nord-", "Sud comme"], "le camp Nord-Sud comme"),
        (["c'est-à-", "dire"], "c'est-à-dire"),
        (["un", "", " ", "deux"], "un deux"),
    ],
)
def test_joindre(brut: list[str], attendu: str) -> None:
    assert joindre(brut) == attendu


@pytest.mark.parametrize(
    ("brut", "paragraphes"),
    [
        (("une phrase", "", "qui continue."), ["une phrase|qui continue."]),  # E only: soft
        (("fin.", "", " ", "", "Suite."), ["fin.", "Suite."]),  # S line: break
        (("il doit :", "- soit un", "- soit deux"), ["il doit :", "- soit un", "- soit deux"]),
        (("texte", "", "Exemple : un"), ["texte", "Exemple : un"]),
        (("voici :", "N E S O", "", "1♠ Passe", " ", "Suite."), ["voici :", "N E S O|1♠ Passe", "Suite."]),
    ],
)
def test_segmenter(brut: tuple[str, ...], paragraphes: list[str]) -> None:
    structurel = lambda t: t.startswith(("- ", "Exemple"))  # noqa: E731
    morceaux = segmenter(list(enumerate(brut, 1)), structurel)
    assert ["|".join(t for _, t in m.lignes if t.strip()) for m in morceaux] == paragraphes


# --- labels and quotes -----------------------------------------------------------


@pytest.mark.parametrize(
    ("entete", "ligne", "label", "titre"),
    [
        ("9– Procédure", "[A. Attirer l'attention : tout joueur peut.]", Label(9, ("A",)), "Attirer l'attention"),
        ("9– Procédure", "[A5. Il n'y a aucune obligation].", Label(9, ("A", "5")), ""),
        ("13 - Nombre", "[B1. Quand un joueur a trop de cartes.]", Label(13, ("B", "1")), ""),
        ("16– Informations", "[16B1. Aucune information.]", Label(16, ("B", "1")), ""),
        ("12– Pouvoirs", "[12C1e. Si, après l'irrégularité.]", Label(12, ("C", "1", "e")), ""),
        ("40– Entente", "[40.2 Les informations transmises.]", Label(40, ("A", "2")), ""),
        ("40– Entente", "[40.A.4 L'agrément.]", Label(40, ("A", "4")), ""),
        ("40– Entente", "[40B2a(i) L'Organisme Responsable.]", Label(40, ("B", "2", "a", "i")), ""),
        ("23– Déclaration", "[23A Définition : Une déclaration.]", Label(23, ("A",)), "Définition"),
        ("56– Attaque", "[56. Lorsqu'une attaque hors tour.]", Label(56), ""),
        ("3 - Disposition", "[Quatre joueurs jouent à chaque table].", Label(3), ""),
        ("19– Contres", "1. [19A2/19B2. En contrant, un joueur.]", Label(19, ("A", "2")), "19A2/19B2"),
        ("20– Rappels", "Procédure de rappel : [20D. Seul un adversaire.]", Label(20, ("D",)), "Procédure de rappel"),
        # a section's subtitle run into its text, the colon lost (5390, 5430)
        (
            "47– Reprise",
            "[A. Suite à un arbitrage Une carte jouée doit être retirée.]",
            Label(47, ("A",)),
            "Suite à un arbitrage",
        ),
        (
            "47– Reprise",
            "[D. Après un changement de jeu de l'adversaire Après un changement, une carte.]",
            Label(47, ("D",)),
            "Après un changement de jeu de l'adversaire",
        ),
        # ...but not a reference, a title alone on its line, nor a sub-paragraph
        ("53– Attaque", "[53B. Lorsque, conformément à la Loi 53A, un joueur.]", Label(53, ("B",)), ""),
        ("53– Attaque", "[B. Le déclarant suit la Loi 53A.]", Label(53, ("B",)), ""),
        ("93– Procédures", "[A. Pas de Comité d’appel", Label(93, ("A",)), "Pas de Comité d’appel"),
        ("16– Informations", "[16B1. Aucune information Une.]", Label(16, ("B", "1")), ""),
    ],
)
def test_label_de_citation(entete: str, ligne: str, label: Label, titre: str) -> None:
    citation = next(e for e in loi(ligne, entete=entete) if e.type == LOI)
    assert (citation.label, citation.titre) == (label, titre)


def test_sous_paragraphes_d_une_citation() -> None:
    elements = loi(
        "[B. Après l’attention :",
        "1. (a) L’arbitre devrait être appelé.",
        "(b) Tout joueur peut appeler l’arbitre.",
        "2. Aucun joueur n’agira].",
    )
    plan = [(e.label.compact() if e.label else "", e.titre) for e in elements]
    assert plan == [("9B", "Après l’attention"), ("9B1", ""), ("9B1(a)", ""), ("9B1(b)", ""), ("9B2", "")]
    assert elements[-1].blocs[0].texte == "Aucun joueur n’agira."


def test_relatif_au_dernier_paragraphe_cite() -> None:
    elements = loi("[16D Informations extrinsèques :", " ", "[1. Quand un joueur reçoit.]", entete="16– Info")
    assert [e.label for e in elements] == [Label(16, ("D",)), Label(16, ("D", "1"))]
    assert elements[0].incomplet and not elements[1].incomplet


@pytest.mark.parametrize(
    ("corps", "types", "incomplets"),
    [
        # never closed: ends at the next unlabelled S-paragraph
        (("[D. Après un changement de jeu.", "", "1. Une carte.", " ", "Le joueur peut."), "loi loi commentaire", 1),
        # never closed: ends at an example
        (("[68A. Définition de la revendication : Toute formulation.", " ", "Exemple : un joueur."), "loi exemple", 1),
        # closed across an S-paragraph: one quote
        (("[A. Devoir :", "Il est de sa responsabilité.", " ", "B. Rectification", "Pour rectifier.]"), "loi loi", 0),
    ],
)
def test_fermeture(corps: tuple[str, ...], types: str, incomplets: int) -> None:
    elements = loi(*corps)
    assert " ".join(e.type for e in elements) == types
    assert sum(e.incomplet for e in elements) == incomplets


def test_crochets_internes_et_orphelins() -> None:
    elements = loi(
        "[12C2a. Aucun résultat ne peut être obtenu [cf. également C1(d)], l’arbitre attribue.]",
        " ",
        "Il peut aussi saisir la commission]. (Voir Appels.)",
        entete="12– Pouvoirs",
    )
    assert elements[0].blocs[0].texte == (
        "Aucun résultat ne peut être obtenu [cf. également C1(d)], l’arbitre attribue."
    )
    assert elements[1].blocs[0].texte == "Il peut aussi saisir la commission. (Voir Appels.)"


def test_suite_apres_le_crochet() -> None:
    elements = loi("[D. Responsabilité : tout joueur est responsable].  Cela", "signifie ceci.", entete="7– Contrôle")
    assert [(e.type, e.blocs[0].texte) for e in elements] == [
        (LOI, "tout joueur est responsable."),
        (COMMENTAIRE, "Cela signifie ceci."),
    ]


def test_commentaire_wbf_reste_commentaire() -> None:
    elements = loi("[Commentaire sur les Lois de la WBF : Seul le camp du déclarant.]", entete="7– Contrôle")
    assert [e.type for e in elements] == [COMMENTAIRE]


# --- examples and notes ------------------------------------------------------------


def test_exemple_avec_encheres_et_suite() -> None:
    elements = loi(
        "Exemple 2 : Les enchères continuent :",
        "",
        "N E S O",
        "",
        "1SA 2♠ 2SA Passe",
        " ",
        "2SA est Lebensohl.",
        " ",
        "Dans ce cas l’arbitre explique.",
        " ",
        "Note : à retenir.",
    )
    assert [(e.type, e.titre) for e in elements] == [
        (EXEMPLE, "Exemple 2 :"),
        (COMMENTAIRE, ""),
        (NOTE, "Note :"),
    ]
    exemple = elements[0]
    assert [b.forme for b in exemple.blocs] == ["texte", ENCHERES, "texte"]
    assert exemple.blocs[1].cellules == (("N", "E", "S", "O"), ("1SA", "2♠", "2SA", "Passe"))


def test_exemples_en_liste_et_fin_d_exemple() -> None:
    elements = loi("Exemples :", " ", "1. Un cas.", " ", "2. Un autre.", " ", "Il est de la responsabilité.")
    assert [(e.type, [b.forme for b in e.blocs]) for e in elements] == [
        (EXEMPLE, [ITEM, ITEM]),
        (COMMENTAIRE, ["texte"]),
    ]


def test_exemple_en_milieu_de_ligne() -> None:
    elements = loi("Ils n'auront pas le temps. Exemple : Les paires 1 et 2.")
    assert [(e.type, e.blocs[0].texte) for e in elements] == [
        (COMMENTAIRE, "Ils n'auront pas le temps."),
        (EXEMPLE, "Les paires 1 et 2."),
    ]


@pytest.mark.parametrize(
    ("ligne", "titre", "texte"),
    [
        (
            "Exemple d’application des points (1) et (2) : Si un déclarant",
            "Exemple d’application des points (1) et (2) :",
            "Si un déclarant",
        ),
        # 8216: the heading ends at a comma, not a colon
        (
            "Exemple d’application du point (3), un défenseur ne peut",
            "Exemple d’application du point (3)",
            "un défenseur ne peut",
        ),
        ("Exemple 4 : Mort", "Exemple 4 :", "Mort"),
    ],
)
def test_entete_d_exemple(ligne: str, titre: str, texte: str) -> None:
    (exemple,) = loi(ligne)
    assert (exemple.type, exemple.titre, exemple.blocs[0].texte) == (EXEMPLE, titre, texte)


def test_diagramme_verbatim() -> None:
    elements = loi(
        "Exemple : la position :", " ", " Nord", "♠ V2", " ", "Ouest    Est", "♠ 7     ♠ -", " ", "Sud joue."
    )
    blocs = elements[0].blocs
    assert [b.forme for b in blocs] == ["texte", DIAGRAMME, "texte"]
    assert blocs[1].texte == " Nord\n♠ V2\nOuest    Est\n♠ 7     ♠ -"


def test_titre_libre() -> None:
    elements = loi("Le mort", " ", "Le mort ne peut rien faire.")
    assert [b.forme for b in elements[0].blocs] == [TITRE, "texte"]


# --- page furniture -----------------------------------------------------------------


def test_numero_de_page_et_phrase_recollee() -> None:
    brut = ("requis par la Loi ou", " ", "** Ce n’est pas le cas.", "", "", "", "33", " ", "", "le règlement.")
    propres, notes = sans_mobilier(brut)
    assert [t for t in propres if t.strip()] == ["requis par la Loi ou", "le règlement."]
    assert " " not in propres  # a soft wrap: the sentence rejoins
    assert notes["etoile1"].texte == "Ce n’est pas le cas."


@pytest.mark.parametrize(
    "lignes, retirees, attendu",
    [
        (["fin.", "", "", "Suite"], {1}, ["fin.", " ", "", "Suite"]),  # a sentence ends: a paragraph break
        (["coupée", "", "", "Suite"], {1}, ["coupée", "", "", "Suite"]),  # mid-sentence: a soft wrap
        (["fin.", "", "", "suite"], {1}, ["fin.", "", "", "suite"]),  # the next starts in lower case
        (["fin.", "", "Suite"], set(), ["fin.", "", "Suite"]),  # no removed line: the gap is the source's
        (["fin.", "", "X.", "", "Suite"], {1, 3}, ["fin.", " ", "X.", " ", "Suite"]),  # two gaps, each its own
        # a removed line is emptied whatever it holds, a " " too: the break is the rule's alone
        (["coupée", " ", "Suite"], {1}, ["coupée", "", "Suite"]),
        (["fin.", " ", "Suite"], {1}, ["fin.", " ", "Suite"]),
    ],
)
def test_recoller(lignes: list[str], retirees: set[int], attendu: list[str]) -> None:
    assert _recoller(lignes, retirees) == tuple(attendu)


def test_main_87_n_est_pas_un_numero_de_page() -> None:
    brut = ("couleur distribuée comme ceci :", "", "87", "6   RV9", "", "AD")
    assert sans_mobilier(brut)[0] == brut


def test_note_de_bas_de_page() -> None:
    elements = loi(
        "[16B3. Il devrait appeler l’arbitre à la fin du jeu1. L’arbitre attribue.]",
        " ",
        "1Appeler l’arbitre plus tôt ne constitue pas une infraction.",
        "",
        "",
        "",
        "22",
        " ",
        "Ainsi, l’arbitre.",
        entete="16– Informations",
    )
    assert "jeu[^1]." in elements[0].blocs[0].texte
    attendue = ("1", "Appeler l’arbitre plus tôt ne constitue pas une infraction.")
    assert [(n.cle, n.texte) for n in elements[0].notes] == [attendue]
    assert elements[1].blocs[0].texte == "Ainsi, l’arbitre."


# --- the whole file -------------------------------------------------------------------


def test_entetes(lignes: tuple[str, ...]) -> None:
    entetes = trouver_entetes(sans_mobilier(sans_saut_de_page(lignes))[0])
    assert len(entetes) == 90
    assert [e[0] + 1 for e in entetes if e[4] == 2] == [6119, 6818]


@pytest.mark.parametrize(
    ("numero", "ligne", "titre"),
    [
        (1, 5, "Le jeu de cartes"),
        (3, 75, "Disposition des tables"),
        (10, 672, "Arbitrage - rectification"),
        (23, 2659, "Déclaration comparable"),
        (52, 6119, "Manquement à l’obligation d’attaque ou de jouer une carte pénalisée"),
        (61, 6818, "Ne pas fournir à la couleur – S’enquérir au sujet d’une renonce"),
        (35, 3930, "Déclarations inadmissibles"),
        (38, 3995, "Une enchère au-dessus du palier de sept"),
        (86, 9797, "En match par équipes"),
        (93, 10160, "Procédures d’appel"),
    ],
)
def test_parties(extrait: Extrait, numero: int, ligne: int, titre: str) -> None:
    parties = [p for n, p in extrait.parties if n == numero]
    assert (parties[-1].ligne, parties[-1].titre) == (ligne, titre)


def test_toutes_les_lois(extrait: Extrait) -> None:
    numeros = [n for n, _ in extrait.parties]
    assert len(numeros) == 94  # 90 headings, 35–39 cut in five, the 28–32 overview
    assert sorted(set(numeros)) == list(range(1, 94))
    vue = [p for n, p in extrait.parties if n == 28]
    assert [p.ligne for p in vue] == [3490, 3592]
    assert vue[0].titre == "Déclarations hors tour, approche générale (Lois 28 à 32)"


def test_exemples_par_loi(extrait: Extrait) -> None:
    compte = Counter(n for n, p in extrait.parties for e in p.elements if e.type == EXEMPLE)
    attendu = Counter({int(k): int(v) for k, v in (x.split(":") for x in EXEMPLES_NOTES.split())})
    attendu.update(EXEMPLES_EN_LIGNE)
    assert compte == attendu
    assert sum(compte.values()) == 214


def test_citations_incompletes(extrait: Extrait) -> None:
    incompletes = [(n, e.ligne) for n, p in extrait.parties for e in p.elements if e.incomplet]
    assert incompletes == [
        (16, 1661),
        (20, 2403),
        (23, 2860),
        (41, 4422),
        (47, 5430),
        (53, 6184),
        (54, 6343),
        (56, 6499),
        (68, 7771),
    ]


def test_notes_de_bas_de_page(extrait: Extrait) -> None:
    notes = {
        (n, e.label.compact() if e.label else "", nb.cle, nb.ligne)
        for n, p in extrait.parties
        for e in p.elements
        for nb in e.notes
    }
    assert notes == {
        (16, "16B2", "etoile1", 1590),
        (16, "16B3", "1", 1591),
        (20, "20C2", "2", 2132),
        (20, "20G3", "etoile2", 2440),
        (31, "31A2", "3", 3773),
        (40, "40B1(b)", "etoile3", 4229),
        (41, "41A", "4", 4464),
    }


def test_structure(extrait: Extrait, lignes: tuple[str, ...]) -> None:
    for _, partie in extrait.parties:
        for rang, elt in enumerate(partie.elements):
            assert 1 <= elt.ligne <= len(lignes)
            assert all(1 <= b.ligne <= len(lignes) for b in elt.blocs)
            if not elt.blocs:  # a subtitle alone, or a heading whose text is in its children
                assert elt.type == LOI and elt.label is not None
                suivant = partie.elements[rang + 1]
                assert elt.titre or suivant.label is not None and elt.label.contient(suivant.label)


def test_mobilier_absent(extrait: Extrait) -> None:
    texte = plain(extrait)
    for fuite in ("\n\n22\n\n", "1Appeler", "** La FFB", "\n\n127\n\n"):
        assert fuite not in texte


def test_couverture(extrait: Extrait, lignes: tuple[str, ...]) -> None:
    mesure = bilan("\n".join(lignes), plain(extrait))
    assert mesure.ratio >= 0.99, mesure.manques


# --- structure from the sources (issue 8): each rule, then its table on the real file ---------


def test_saut_de_page_apres_une_phrase_finie() -> None:
    """A page that ends a sentence, the next starting with a capital: a new paragraph."""
    elements = loi(
        "Exemple : Un joueur explique mal.",
        "Il demande s'ils sont lésés ou non.",
        "\fDe nombreuses Lois précisent la procédure.",
        "",
        "suite de la phrase.",
    )
    assert [(e.type, e.blocs[0].texte) for e in elements] == [
        (EXEMPLE, "Un joueur explique mal. Il demande s'ils sont lésés ou non."),
        (COMMENTAIRE, "De nombreuses Lois précisent la procédure. suite de la phrase."),
    ]


@pytest.mark.parametrize(
    ("fin_de_page", "suite"),
    [
        ("La levée se poursuit :", "Roi ♠, 9 de ♠."),
        ("un joueur ne peut", "changer de place."),
        ("Une fois la position choisie,", "Un joueur ne peut."),
    ],
)
def test_saut_de_page_au_milieu_d_une_phrase(fin_de_page: str, suite: str) -> None:
    elements = loi(f"Exemple : {fin_de_page}", f"\f{suite}")
    assert [e.type for e in elements] == [EXEMPLE] and len(elements[0].blocs) == 1


@pytest.mark.parametrize(
    ("corps", "textes"),
    [
        # a dash that only wraps the auction of a sentence (000:1142–1144)
        (
            (
                "Exemple : Les enchères pourraient continuer 1SA - 2♣ (Landy)",
                "",
                "- Passe- 2♠ - Fin.",
                "",
                "La séquence normale aurait pu être autre.",
            ),
            [
                "Les enchères pourraient continuer 1SA - 2♣ (Landy) - Passe- 2♠ - Fin. La séquence normale aurait pu "
                "être autre."
            ],
        ),
        # a number that only wraps "la donne / 15." (000:1383–1385)
        (
            ("Exemple : Sud et Ouest ont celles de la donne", "15. Sud passe."),
            ["Sud et Ouest ont celles de la donne 15. Sud passe."],
        ),
        # a real list after an unfinished sentence stays a list (000:1026–1029)
        (
            ("Le camp a contribué à son propre dommage", "- Soit par une erreur", "- Soit par un coup"),
            ["Le camp a contribué à son propre dommage", "- Soit par une erreur", "- Soit par un coup"],
        ),
    ],
)
def test_marqueur_qui_replie_une_phrase(corps: tuple[str, ...], textes: list[str]) -> None:
    assert [b.texte for e in loi(*corps) for b in e.blocs] == textes


def test_amorce_finale_avant_une_citation() -> None:
    elements = loi(
        "Exemple : Le joueur remplace 2♦.",
        "",
        "Ce ne sera pas un problème.",
        "",
        "Si la Loi 25A ne s'applique pas :",
        " ",
        "[27A1. Toute enchère insuffisante peut être acceptée.]",
        entete="27– Enchère insuffisante",
    )
    assert [(e.type, e.blocs[0].texte) for e in elements] == [
        (EXEMPLE, "Le joueur remplace 2♦. Ce ne sera pas un problème."),
        (COMMENTAIRE, "Si la Loi 25A ne s'applique pas :"),
        (LOI, "Toute enchère insuffisante peut être acceptée."),
    ]


@pytest.mark.parametrize(
    ("situation", "suite", "prise"),
    [
        ("Est-ce que 3♦ par Sud est comparable au premier Passe ?", "Il semble que la réponse est non.", True),
        ("Les défenseurs perdent une levée en défense. Arbitre !", "Une question générale est acceptable.", True),
        ("EO appellent l’arbitre en remettant en question l'enchère de Nord.", "L’arbitre devrait procéder.", True),
        ("Ouest appelle l’arbitre, qui autorisera le changement.", "Dans ce cas, rien.", False),
        ("Le Passe est maintenu.", "Pour appliquer correctement cette loi, il est important.", False),
    ],
)
def test_decision_d_un_exemple(situation: str, suite: str, prise: bool) -> None:
    elements = loi(f"Exemple : {situation}", " ", suite, " ", "Autre commentaire ?", " ", "Encore un.")
    assert len(elements[0].blocs) == (2 if prise else 1)
    assert [e.type for e in elements[1:]] == [COMMENTAIRE] * (2 if prise else 3)


def test_supposition_sur_les_faits_de_l_exemple() -> None:
    elements = loi(
        "Exemple :",
        "",
        "N E S O",
        "",
        "1♠ Passe Passe 2♥",
        " ",
        "Vérifier si le contre était intentionnel.",
        " ",
        "En supposant qu'il était intentionnel, il est inadmissible.",
        " ",
        "Une violation.",
    )
    assert [b.forme for b in elements[0].blocs] == [ENCHERES, "texte", "texte"]
    assert [e.type for e in elements] == [EXEMPLE, COMMENTAIRE]


def test_entete_d_un_paragraphe_non_cite() -> None:
    elements = loi(
        "Informations provenant de déclarations ou de jeux retirés (16C) :",
        " ",
        "Toutes les informations résultant d'une action retirée sont autorisées.",
        entete="16– Informations",
    )
    assert [(e.type, e.label, e.titre, len(e.blocs)) for e in elements] == [
        (LOI, Label(16, ("C",)), "Informations provenant de déclarations ou de jeux retirés", 0),
        (COMMENTAIRE, None, "", 1),
    ]


@pytest.mark.parametrize(
    ("entete", "corps", "plan"),
    [
        ("15 - Mauvais étui", ("[Loi 15B : Si l’arbitre constate une erreur :]",), ["15B"]),
        (
            "47 - Reprise",
            (
                "[47E2a. Un joueur peut reprendre sa carte.]",
                " ",
                "Exemple : Sud joue.",
                " ",
                "[(b) Quand il est trop tard, l’arbitre ajuste].",
            ),
            ["47E2(a)", "-", "47E2(b)"],
        ),
        (
            "32– Contre hors tour",
            (
                "B. Au tour du partenaire du joueur fautif de déclarer :",
                " ",
                "[Le partenaire du joueur fautif peut faire n’importe quelle déclaration.]",
            ),
            ["32B"],
        ),
        (
            "86 – En match",
            (
                "[B. Résultat obtenu à une autre table",
                " ",
                "1. Un seul résultat obtenu.]",
                " ",
                "2. [Plusieurs résultats obtenus à une ou plusieurs tables]",
                "[En match par équipes, quand deux résultats ont été obtenus :",
                "",
                "a) Si aucun compétiteur n'était fautif, l’arbitre annule.]",
                " ",
                "3. [L'Organisme Responsable peut prendre des dispositions différentes.]",
            ),
            ["86B", "86B1", "86B2", "86B2(a)", "86B3"],
        ),
        (
            "32– Contre hors tour",
            (
                "A. Au tour de l’adversaire de droite du joueur fautif de déclarer :",
                " ",
                "Si l’adversaire de droite passe, le joueur fautif répète son contre.",
                " ",
                "[Si l’Adv. D enchérit, le joueur fautif déclare :(a) Quand comparable.(b) Sinon].",
                "B. Au tour du partenaire du joueur fautif de déclarer :",
                " ",
                "[L’arbitre décide comme en A2(a) ou A2(b) ci-dessus].",
            ),
            ["32A", "-", "32A2", "32A2(a)", "32A2(b)", "32B"],
        ),
    ],
)
def test_etiquettes_du_contexte(entete: str, corps: tuple[str, ...], plan: list[str]) -> None:
    elements = loi(*corps, entete=entete)
    assert [e.label.compact() if e.label else "-" for e in elements] == plan


# (law, line of « Exemple », the end of its ruling, line of what follows it; 0: the law's end)
BORNES_D_EXEMPLES = [
    (12, 885, "s'ils se sentent lésés ou non.", 895),  # page break after a sentence
    (13, 1134, "La Loi 12B2 devrait être appliqué rarement.", 1156),  # "- Passe- 2♠ - Fin." wraps
    (15, 1383, "les enchères se poursuivent normalement.", 1398),  # "15. Sud passe" wraps
    (16, 1751, "et le sondage sera fatalement biaisé.", 0),  # called: the procedure is its ruling
    (23, 2799, "si l'enchère d'ouverture était 1SA 15-17 ou 1SA 10-12 ?", 2829),  # a question: its answer
    (27, 3304, "et ce ne sera pas un problème.", 3318),  # the lead-in of 27A1 is not the example's
    (36, 3956, "si le ou les Passe(s) forcé(s) lèsent le camp non fautif.", 0),  # « En supposant… »
    (40, 4066, "il s'agit seulement d'une demande pour les Cœurs.", 4074),  # page break
    (73, 8752, "L’arbitre en a assez pour envisager un ajustement de la marque.", 0),  # « Arbitre ! »
    (20, 2158, "c'est-à-dire une bonne note aux deux camps.", 2210),  # « un désaccord », then « En supposant que 4♠ »
    (31, 3779, "l'avantage ainsi gagné.", 0),  # « Cas a) », « Cas b) »
]


@pytest.mark.parametrize(("numero", "ligne", "fin", "apres"), BORNES_D_EXEMPLES)
def test_bornes_d_exemples(extrait: Extrait, numero: int, ligne: int, fin: str, apres: int) -> None:
    (elements,) = [p.elements for n, p in extrait.parties if n == numero and any(e.ligne == ligne for e in p.elements)]
    rang = next(k for k, e in enumerate(elements) if e.ligne == ligne)
    assert elements[rang].type == EXEMPLE and elements[rang].blocs[-1].texte.endswith(fin)
    assert (elements[rang + 1].ligne if rang + 1 < len(elements) else 0) == apres


# (law, line, expected label): quotes that the Guide does not label itself
ETIQUETTES_DU_GUIDE = [
    (15, 1398, "15B"),  # « [Loi 15B : »
    (50, 5866, "50D2(a)"),  # « a. exiger… », a letter with a dot, inside the quote of 50D2
    (50, 5871, "50D2(b)"),  # « b. ne pas exiger… », its line glued to the one above
    (46, 5315, "46B1(b)"),
    (46, 5336, "46B3(b)"),
    (16, 1635, "16C"),  # « … (16C) : », heading without text
    (32, 3836, "32A2"),  # « comme en A2(a) ou A2(b) ci-dessus » (3851)
    (32, 3838, "32A2(a)"),  # « …légale :(a) Quand… », a marker glued after a sentence
    (32, 3841, "32A2(b)"),
    (9, 603, "9B1(c)"),  # « …prétendre. (c) Appeler l’arbitre… »
    (9, 604, "9B1(d)"),
    (93, 10209, "93C3(b)"),
    (32, 3845, "32B"),  # « B. Au tour du partenaire… : » then « [Le partenaire… » (3848)
    (47, 5540, "47E2(b)"),  # « [(b) Quand il est trop tard… » after 47E2(a)
    (86, 9881, "86B2"),  # « 2. [Plusieurs résultats…] » then « [En match… » (9882)
    (86, 9930, "86B3"),  # « 3. [L'Organisme… » read against 86B2
    (13, 1121, "13B2"),  # « …marque ajustée. B2 Dans le cas contraire », glued after 13B1
    (50, 6006, "50E3"),  # « 50E3. Dès qu'une… », a full label inside the quote of 50E2
]


@pytest.mark.parametrize(("numero", "ligne", "label"), ETIQUETTES_DU_GUIDE)
def test_etiquettes_du_guide(extrait: Extrait, numero: int, ligne: int, label: str) -> None:
    (element,) = [
        e for n, p in extrait.parties if n == numero for e in p.elements if e.ligne == ligne and e.type == LOI
    ]
    assert element.label is not None and element.label.compact() == label


@pytest.mark.parametrize(
    ("label", "contexte", "attendu"),
    [
        ("13B2", "13B1", True),
        ("50E3", "50E2", True),
        ("50E3", "50E2(b)", True),  # the next number, from inside a lettered paragraph
        ("50E4", "50E2", False),  # a skip is a reference, never a cut
        ("13C2", "13B1", False),
        ("13B1", "13B1", False),
        ("13C", "13B", True),
        ("14B2", "13B1", False),
    ],
)
def test_paragraphe_suivant(label: str, contexte: str, attendu: bool) -> None:
    from indexer.corpus.parsers.guide_citations import suit
    from indexer.labels import parse_label

    assert suit(parse_label(label), parse_label(contexte)) is attendu


@pytest.mark.parametrize(
    ("corps", "plan"),
    [
        # a section-and-number marker glued after a sentence opens the next paragraph only
        (("[B1. Si la donne est corrigée. B2 Dans le cas contraire, marque ajustée.]",), ["13B1", "13B2"]),
        (("[B1. Voir la Loi 12. B3 Dans le cas contraire, marque ajustée.]",), ["13B1"]),
        # a full label at a paragraph's start inside the quote
        (("[B1. Si la donne est corrigée.", " ", "13B2. Dans le cas contraire.]"), ["13B1", "13B2"]),
        (("[B1. Si la donne est corrigée.", " ", "13C2. Autre chose.]"), ["13B1"]),
    ],
)
def test_paragraphes_colles(corps: tuple[str, ...], plan: list[str]) -> None:
    elements = loi(*corps, entete="13 – Nombre incorrect de cartes")
    assert [e.label.compact() for e in elements if e.type == LOI and e.label] == plan


@pytest.mark.parametrize(
    ("texte", "attend"),
    [
        ("Il y a maintenant un désaccord sur la déclaration finale d'Est.", True),
        ("Le joueur est-il en main ?", True),
        ("Ouest entame. La levée est finie.", False),
    ],
)
def test_exemple_sans_decision(texte: str, attend: bool) -> None:
    from indexer.corpus.parsers.guide_corps import SANS_DECISION

    assert (SANS_DECISION.search(texte) is not None) is attend


@pytest.mark.parametrize(
    ("texte", "suite"),
    [
        ("En supposant qu'il était intentionnel, l'arbitre…", True),
        ("Chaque camp obtient le plus mauvais score). En supposant que 4♠ gagne, NS…", True),
        ("Cas a) Sud décide de passer.", True),
        ("Cas particulier : un défenseur renonce.", False),
        ("Sans supposer quoi que ce soit.", False),
    ],
)
def test_suite_d_exemple(texte: str, suite: bool) -> None:
    from indexer.corpus.parsers.guide_corps import SUPPOSITION

    assert (SUPPOSITION.search(texte) is not None) is suite


@pytest.mark.parametrize(
    ("ligne", "plan"),
    [
        # a lead-in on the quote's line heads the quote (its subtitle)...
        ("Divulgation complète : [40B5a. En expliquant.]", [("loi", "Divulgation complète")]),
        # ...unless the quote has a subtitle of its own: then a title before it
        ("Procédure : [40A Définition : Une déclaration.]", [("commentaire", "-"), ("loi", "Définition")]),
    ],
)
def test_amorce_en_tete_de_citation(ligne: str, plan: list[tuple[str, str]]) -> None:
    elements = loi(ligne, entete="40– Entente entre partenaires")
    assert [(e.type, e.titre or "-") for e in elements] == plan


def test_aucune_amorce_apres_sa_citation(extrait: Extrait) -> None:
    """The 21 lead-ins « Xxx : [code… » of the Guide open their quote (16B1, 40B4, 50E1…)."""
    seules = [
        (n, e.ligne)
        for n, p in extrait.parties
        for e, s in itertools.pairwise(p.elements)
        if e.type == COMMENTAIRE
        and e.blocs
        and all(b.forme == TITRE for b in e.blocs)
        and s.type == LOI
        and s.ligne == e.ligne
    ]
    assert seules == []
    titres = {(n, e.ligne): e.titre for n, p in extrait.parties for e in p.elements if e.type == LOI}
    assert titres[(50, 5956)] == "Informations provenant d'une carte pénalisée"
    assert titres[(16, 1494)] == "Alternative logique"
