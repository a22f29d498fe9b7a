"""corpus/rattachements.toml: passages of the Guide declared to be about a paragraph it
does not name there, checked against the sources, and what the build makes of them."""

from __future__ import annotations

from dataclasses import replace

import pytest

from indexer.corpus.rattachements import FICHIER, Rattachement, RattachementInvalide, appliquer, lire
from indexer.labels import Label
from indexer.model import LOI, TEXTE, Bloc, Element, Extrait, Partie
from indexer.sources import GUIDE, LIVRET

# --- the corpus: (source excerpt at source:line, the paragraph it is attached to) -------------

RATTACHES = [
    # Law 12: after the quote of 12A3 the Guide comments 12B and 12C1(b)-(d) without quoting them
    (f"{GUIDE}:864", "12A3", "L’arbitre oublie d'appliquer la Loi 26"),  # 12A3's own example stays
    (f"{GUIDE}:873", "12B1", "L'objectif général d'une marque ajustée"),
    (f"{GUIDE}:885", "12B1", "Un joueur explique incorrectement"),  # its example
    (f"{GUIDE}:907", "12B1", "Le plus souvent, ce type d'irrégularité"),
    (f"{GUIDE}:915", "12B1", "S'il y a une infraction entrainant un dommage"),  # 12C1(a)? no source says
    (f"{GUIDE}:922", "12C1(b)", "En attribuant une marque ajustée"),
    (f"{GUIDE}:930", "12C1(b)", "Le dommage doit être la conséquence directe"),
    (f"{GUIDE}:933", "12C1(c)", "Le camp NS enchérit à Cœur"),
    (f"{GUIDE}:958", "12C1(c)", "En supposant une décision générique"),
    (f"{GUIDE}:976", "12C1(c)", "NS sont dans une séquence"),
    (f"{GUIDE}:993", "12C1(d)", "Parfois, il y a trop d’alternatives"),
    (f"{GUIDE}:1019", "12C2(a)", "Une marque ajustée artificielle en match/4"),  # back to the quotes
    # Law 70: after quoting 70A, B and D, the Guide comments the whole law
    (f"{GUIDE}:8079", "70", "Si l’arbitre est appelé pour une revendication"),
    (f"{GUIDE}:8119", "70B", "La procédure à appliquer"),
    (f"{GUIDE}:8136", "70B", "L’arbitre peut avoir besoin de noter"),
    (f"{GUIDE}:8142", "70A", "Notez que l’arbitre doit statuer"),
    (f"{GUIDE}:8187", "70C", "S'il y a un atout dehors"),
    (f"{GUIDE}:8194", "70D", "L’arbitre ne doit pas accepter"),  # restates 70D1, 70D2 (and 70E1)
    (f"{GUIDE}:8212", "70D", "Si un déclarant revendique avec AV97"),  # « points (1) et (2) »
    (f"{GUIDE}:8216", "70D", "un défenseur ne peut prétendre"),  # « point (3) »
    (f"{GUIDE}:8249", "70E", "Quelques directives pour apprécier"),  # the order of play, 70E2 (002:93)
    (f"{GUIDE}:8371", "70E", ""),  # Exemple 6, a diagram first
    # Law 6: the quote « [… Aucun résultat… » is 6D2; the Guide names 6D3 (000:9831)
    (f"{GUIDE}:282", "6D2", "Si les joueurs ou l’arbitre découvrent"),
    (f"{GUIDE}:323", "6D3", "L’arbitre peut ordonner un nouveau mélange"),
    (f"{GUIDE}:327", "6D3", "Pendant un match en KO"),
    # Law 43: the Guide's summary of a violation's consequences, before [43B2: 43B, whatever its run-in title
    (f"{GUIDE}:4675", "43B", "Si une violation se produit"),
    # Law 40: no 2017 source names 40C; the psychics stay with the law (see the file's header)
    (f"{GUIDE}:4211", "40", "Déclarations psychiques"),
    # Laws 15, 17, 20, 23, 43, 50, 64 (issue 18): headings, statements and restatements of the Guide
    (f"{GUIDE}:1308", "15A", "15A : Si un joueur prend des cartes"),  # « 15A : », « La Loi 15A traite de… »
    (f"{GUIDE}:1802", "17A", "La période des annonces sur une donne commence"),
    (f"{GUIDE}:2210", "20F", "Explication des déclarations des adversaires"),
    (f"{GUIDE}:2322", "20F4", "Quand les choses vont mal"),  # the Guide's « Loi 20F4a », 000:2525
    (f"{GUIDE}:2347", "20F5", "2. Un joueur se rend compte que son partenaire"),
    (f"{GUIDE}:2363", "20F6", "3. Quand un joueur n’est pas certain"),  # « (Loi 20F6) »
    (f"{GUIDE}:2716", "23A", "L'une ou l'autre des trois définitions"),
    (f"{GUIDE}:2730", "23A1", "L’arbitre peut faire preuve d'une certaine discrétion"),
    (f"{GUIDE}:2778", "23A2", "Pour qu'une déclaration de remplacement définisse un sous-ensemble"),
    (f"{GUIDE}:2829", "23A3", "Quant à la troisième clause"),
    (f"{GUIDE}:4714", "43B2(a)", "Le déclarant est en main et commence"),  # « Si le mort le prévient »
    (f"{GUIDE}:4720", "43B2(b)", "Le déclarant a ♠ A98"),  # « Pas de Pique, partenaire ? »
    (f"{GUIDE}:4741", "43B3", "Un défenseur attaque hors tour"),  # « Les exemples 3 et 4… Loi 43B3 »
    (f"{GUIDE}:6012", "50E2", "Même configuration que dans l'exemple #1 ci-dessus, mais maintenant"),
    (f"{GUIDE}:7366", "64C", "64C - Réparation des dommages"),
]


@pytest.mark.parametrize(("ou", "label", "debut"), RATTACHES)
def test_rattachement_declare(construit, ou: str, label: str, debut: str) -> None:
    (fiche,) = [f for f in construit.fiches if f.source == ou and f.type != LOI]
    assert fiche.corps.startswith(debut)
    assert fiche.rattachement == label


# (law, source:line, expected label, opening words): quotes labelled or headed by a declaration
PARAGRAPHES = [
    (6, f"{GUIDE}:276", "6D2", "… Aucun résultat ne peut être maintenu"),  # was « Loi 6 », a preamble
    (58, f"{GUIDE}:6570", "58A", "Une attaque ou un jeu fait simultanément"),  # after its lead-in, before [58B.
    (12, f"{GUIDE}:873", "12B1", ""),  # a heading without text
    (70, f"{GUIDE}:8187", "70C", ""),
]


@pytest.mark.parametrize(("numero", "ou", "label", "debut"), PARAGRAPHES)
def test_paragraphe_declare(construit, numero: int, ou: str, label: str, debut: str) -> None:
    source, ligne = ou.split(":")
    (element,) = [
        e
        for p in construit.corpus.loi(numero).parties
        if p.source == source
        for e in p.elements
        if e.ligne == int(ligne) and e.type == LOI
    ]
    assert element.label is not None and element.label.compact() == label
    texte = " ".join(b.texte for b in element.blocs)
    assert texte.startswith(debut) and bool(texte) == bool(debut)


# --- reading the file ------------------------------------------------------------------------

SOURCES = {GUIDE: ("Titre", "", "L'objectif général d'une marque", "ajustée est de réparer.",
                   "subi un dommage (voir Loi 12B1), il attribuera")}  # fmt: skip
PREUVE = '[ { ligne = "000:5", extrait = "subi un dommage (voir Loi 12B1)" } ]'


def _entree(
    ligne: str = "000:3",
    extrait: str = "L'objectif général d'une marque ajustée",
    label: str = "12B1",
    preuves: str = PREUVE,
) -> str:
    return (
        f'[[paragraphe]]\nligne = "{ligne}"\nextrait = "{extrait}"\nlabel = "{label}"\n'
        f'preuves = {preuves}\nraison = "Le Guide la nomme."\n'
    )


def test_lire_une_entree() -> None:
    (entree,) = lire("# en-tête\n\n" + _entree(), SOURCES)
    assert (entree.source, entree.ligne, entree.label, entree.ligne_toml) == (GUIDE, 3, Label(12, ("B", "1")), 3)


@pytest.mark.parametrize(
    ("texte", "message"),
    [
        (_entree(extrait="L'objectif particulier"), "ne commence pas à la ligne 000:3"),  # misquoted
        (_entree(ligne="000:4"), "ne commence pas à la ligne 000:4"),  # the words are on line 3
        (_entree(ligne="009:3"), "n'est pas un lieu de source"),
        (_entree(ligne="000:99"), "la source 000 n'a pas de ligne 99"),
        (_entree(label="B1"), "n'est pas un paragraphe du Code"),
        (_entree(label="12"), "n'est pas un paragraphe du Code"),  # the law alone names no paragraph
        (_entree(preuves="[]"), "« preuves » manque"),
        (_entree(preuves='[ { ligne = "000:5", extrait = "voir Loi 12B2" } ]'), "ne commence pas"),
        (_entree().replace('raison = "Le Guide la nomme."\n', ""), "« raison » manque"),
        ("[[paragraph]]\nligne = 1\n", "table inconnue « paragraph »"),
        ("paragraphe = [ { ligne = 1 } ]\n", "son propre en-tête"),
        ("[[paragraphe]\n", "rattachements.toml, ligne 1 : TOML illisible"),
        (
            _entree() + 'raisons = "en plus"\n',
            r"ligne 1 : champ inconnu « raisons » \(attendu : ligne, extrait, label, preuves, raison\)",
        ),
    ],
)
def test_entree_refusee(texte: str, message: str) -> None:
    with pytest.raises(RattachementInvalide, match=message):
        lire(texte, SOURCES)


# --- applying it -------------------------------------------------------------------------------


def _extrait(*elements: Element) -> Extrait:
    return Extrait(GUIDE, ((12, Partie(GUIDE, "2017", "guide", "Pouvoirs", 1, elements)),))


def _declare(ligne: int, label: Label) -> Rattachement:
    return Rattachement(GUIDE, ligne, label, "raison", 7)


CITATION = Element(
    LOI, (Bloc(TEXTE, "(...) si une irrégularité a été incorrectement arbitrée.", 861),), 861, Label(12, ("A", "3"))
)
COMMENTAIRE = Element("commentaire", (Bloc(TEXTE, "L'objectif général…", 873),), 873)
PREAMBULE = Element(LOI, (Bloc(TEXTE, "… Aucun résultat ne peut être maintenu", 276),), 276, Label(12))


def test_un_commentaire_recoit_un_intitule() -> None:
    (extrait,) = appliquer([_extrait(CITATION, COMMENTAIRE)], [_declare(873, Label(12, ("B", "1")))])
    elements = extrait.parties[0][1].elements
    assert elements == (CITATION, Element(LOI, (), 873, Label(12, ("B", "1"))), COMMENTAIRE)


def test_une_citation_sans_numero_recoit_le_label() -> None:
    (extrait,) = appliquer([_extrait(PREAMBULE)], [_declare(276, Label(12, ("D", "2")))])
    (element,) = extrait.parties[0][1].elements
    assert element.label == Label(12, ("D", "2")) and element.blocs == PREAMBULE.blocs


def test_l_amorce_et_la_citation_sur_la_meme_ligne() -> None:
    """« Jeux simultanés de deux joueurs : [Une attaque… » (6570): the quote takes the label."""
    amorce = Element("commentaire", (Bloc("titre", "Jeux simultanés de deux joueurs", 6570),), 6570)
    citation = replace(PREAMBULE, ligne=6570)
    (extrait,) = appliquer([_extrait(amorce, citation)], [_declare(6570, Label(12, ("A",)))])
    assert extrait.parties[0][1].elements == (amorce, replace(citation, label=Label(12, ("A",))))


def test_rien_a_declarer_rien_ne_change() -> None:
    extraits = [_extrait(CITATION, COMMENTAIRE)]
    assert appliquer(extraits, []) == extraits


@pytest.mark.parametrize(
    ("declare", "message"),
    [
        (_declare(874, Label(12, ("B", "1"))), "aucun passage ne commence à la ligne 874"),  # mid-paragraph
        (_declare(873, Label(13, ("B",))), "13B n'est pas un paragraphe de la Loi 12"),
    ],
)
def test_application_refusee(declare: Rattachement, message: str) -> None:
    with pytest.raises(RattachementInvalide, match=f"corpus/rattachements.toml, ligne 7 : .*{message}"):
        appliquer([_extrait(CITATION, COMMENTAIRE)], [declare])


def test_le_fichier_se_lit_dans_le_dossier_du_corpus(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    """Installed, the corpus is loi_corpus/, not corpus/: the file is read where the corpus is."""
    from indexer import build

    (tmp_path / "rattachements.toml").write_text(_entree(extrait="Rien de tel"), encoding="utf-8")
    monkeypatch.setattr(build, "dossier_corpus", lambda: tmp_path)
    with pytest.raises(RattachementInvalide, match="Rien de tel"):
        lire(build.declare(FICHIER), SOURCES)


def test_le_livret_donne_la_43a_sans_sa_lettre(construit) -> None:
    """Declared 43A, the booklet's list becomes 43A1(a)… by its own markers: its « ne devrait
    pas » is the text of 43A1(a), where the Guide lost the « pas » (corpus/errata.toml)."""
    elements = [e for p in construit.corpus.loi(43).parties if p.source == LIVRET for e in p.elements if e.type == LOI]
    assert [e.label.compact() for e in elements] == [
        "43A1(a)",
        "43A1(b)",
        "43A1(c)",
        "43A2(a)",
        "43A2(b)",
        "43A2(c)",
        "43A3",
    ]
    assert elements[0].blocs[0].texte.startswith("Le mort ne devrait pas prendre")


@pytest.mark.parametrize(
    ("precedent", "element", "attendu"),
    [
        (Element(LOI, (), 4675, Label(43, ("B",))), Element("commentaire", (), 4675), True),  # a declared heading
        (Element(LOI, (), 4670, Label(43, ("B",))), Element("commentaire", (), 4675), False),  # another line
        (Element(LOI, (Bloc(TEXTE, "x", 4675),), 4675, Label(43, ("B",))), Element("commentaire", (), 4675), False),
    ],
)
def test_entete_declare(precedent: Element, element: Element, attendu: bool) -> None:
    from indexer.corpus.fiches import _entete_declare

    assert _entete_declare(precedent, element) is attendu


# --- a declared quote that lists its own sub-paragraphs (the booklet's 43A) ---------------------

ITEMS = ["1. (a) Le mort ne devrait pas", "(b) Le mort n'est pas autorisé", "2. (a) échanger", "3. Un défenseur"]


@pytest.mark.parametrize(
    "items, attendu",
    [
        (
            ITEMS,
            [
                ("43A1(a)", "Le mort ne devrait pas"),
                ("43A1(b)", "Le mort n'est pas autorisé"),
                ("43A2(a)", "échanger"),
                ("43A3", "Un défenseur"),
            ],
        ),
        (["(a) sans numéro", "(b) x"], [("43A", None)]),  # no number to read the letters against: whole
        (["1. (a) x", "texte sans marque"], [("43A", None)]),  # an item without markers: whole
    ],
)
def test_une_citation_declaree_eclatee_par_ses_marques(items: list[str], attendu: list) -> None:
    from indexer.corpus.rattachements import eclater
    from indexer.model import ITEM

    element = Element(LOI, tuple(Bloc(ITEM, t, 663 + i) for i, t in enumerate(items)), 663, Label(43, ("A",)))
    paragraphes = eclater(element)
    obtenu = [(p.label.compact(), p.blocs[0].texte if p is not element else None) for p in paragraphes]
    assert obtenu == attendu
