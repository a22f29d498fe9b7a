"""The 002 parser: 2017 laws 68–71, their labels, run-in items and footnotes."""

from __future__ import annotations

import re

import pytest
from outils_parseurs import element, lignes_propres, plan_labels, texte_plat

from indexer.corpus.couverture import bilan
from indexer.corpus.parsers.lignes_entieres import Brouillon, ouvrir, sous_parties
from indexer.corpus.parsers.lois2017 import NUMERO, PARENTHESE, avec_appels, cle_de_note, parse
from indexer.model import ITEM, TEXTE, Extrait, NoteBas
from indexer.sources import LOIS_2017


@pytest.fixture(scope="module")
def lignes() -> tuple[str, ...]:
    return lignes_propres(LOIS_2017)


@pytest.fixture(scope="module")
def extrait(lignes: tuple[str, ...]) -> Extrait:
    return parse(lignes)


# --- unit pairs on tiny inputs ------------------------------------------------------


@pytest.mark.parametrize(
    "marque_note, cle",
    [("²¹", "21"), ("²²", "22"), ("¹", "1"), ("*", "e"), ("**", "ee")],
)
def test_cle_de_note(marque_note: str, cle: str) -> None:
    assert cle_de_note(marque_note) == cle


@pytest.mark.parametrize(
    "brut, attendu",
    [
        ("par n'importe quel jeu normal²¹.", "par n'importe quel jeu normal[^21]."),
        ("possibilités normales²² de jeu", "possibilités normales[^22] de jeu"),
        ("peut spécifier* un ordre", "peut spécifier[^e] un ordre"),
        ("²¹ Dans le cadre", "²¹ Dans le cadre"),  # a note line is no call
        ("la Loi 79C :", "la Loi 79C :"),
    ],
)
def test_avec_appels(brut: str, attendu: str) -> None:
    assert avec_appels(brut) == attendu


@pytest.mark.parametrize(
    "courant, niveau, valeur, attendu",
    [
        (("D",), "numero", "2", ("D", "2")),
        (("D", "2", "b"), "romain", "ii", ("D", "2", "b", "ii")),
        (("D", "2", "b", "i"), "numero", "3", ("D", "3")),
        (("D", "2"), "lettre", "a", ("D", "2", "a")),
        ((), "numero", "1", None),
        (("A",), "lettre", "a", None),
    ],
)
def test_sous_parties(courant: tuple[str, ...], niveau: str, valeur: str, attendu: tuple[str, ...] | None) -> None:
    assert sous_parties(courant, niveau, valeur) == attendu


@pytest.mark.parametrize(
    "deja_posees, cles",
    [
        ((), ["2", "1"]),  # in the order of their first call, once each; "9" has no note
        ({"2"}, ["1"]),  # 000: a note already given to an element above is not given again
        ({"1", "2"}, []),
    ],
)
def test_fige_pose_les_notes_appelees(deja_posees: set[str], cles: list[str]) -> None:
    brouillon = Brouillon(1)
    brouillon.ajoute(TEXTE, "a[^2] b[^1]", 1)
    brouillon.ajoute(TEXTE, "c[^2] d[^9]", 2)
    notes = {c: NoteBas(c, f"Note {c}.", 10) for c in ("1", "2", "3")}
    assert [n.cle for n in brouillon.fige(notes, deja_posees).notes] == cles


@pytest.mark.parametrize(
    "courant, texte, marque, sans_parent, labels",
    [
        (("D",), "2. x", True, False, ["68D2"]),
        (("D", "2"), "(b) x", True, False, ["68D2(b)"]),
        (("D",), "(ii) x", True, True, []),  # no letter above the roman
        ((), "1. x", True, True, []),
        (("D",), "Texte.", False, False, []),
    ],
)
def test_ouvrir(courant: tuple[str, ...], texte: str, marque: bool, sans_parent: bool, labels: list[str]) -> None:
    ouverture = ouvrir(68, courant, 1, texte, NUMERO, PARENTHESE)
    assert (ouverture.marque, ouverture.sans_parent) == (marque, sans_parent)
    assert [b.label.compact() for b in ouverture.brouillons if b.label] == labels


@pytest.mark.parametrize(
    "lignes, attendu",
    [
        (("", "LOI 68 - T", "", "Préambule.", "", "A. Titre", "", "Texte."), "68\n68A"),
        (
            ("LOI 68 - T", "D. Titre", "1. a", "2. b", "(a) c", "(b) d", "(i) e", "- (ii) f"),
            "68D\n68D1\n68D2\n68D2(a)\n68D2(b)\n68D2(b)(i)\n68D2(b)(ii)",
        ),
        (("LOI 71 - T", "Préambule :", "A. un joueur…", "B. un autre…"), "71\n71A\n71B"),
    ],
)
def test_plan(lignes: tuple[str, ...], attendu: str) -> None:
    ((_, partie),) = parse(lignes).parties
    assert plan_labels(partie) == attendu


@pytest.mark.parametrize(
    "ligne, dernier",
    [
        ("(a) x", ("68A1(a)", ["x"])),
        ("(a)", ("68A1(a)", [""])),  # a letter with no text after it still opens its paragraph
        ("(a)texte", ("68A1(a)", ["texte"])),
        ("(b)² y", ("68A1(b)", ["² y"])),
        ("- (b) x", ("68A1(b)", ["x"])),
        ("2. (a) x", ("68A2", ["(a) x"])),  # one level: 002 reads no letter after a number (004 does)
        ("a) x", ("68A1", ["Un", "a) x"])),  # no bracket before the letter: plain text
    ],
)
def test_marques_de_002(ligne: str, dernier: tuple[str, list[str]]) -> None:
    """The last element once ``ligne`` is read after ``1. Un`` (lois2017.NUMERO and PARENTHESE)."""
    ((_, partie),) = parse(("LOI 68 - T", "A. Titre", "1. Un", ligne)).parties
    element = partie.elements[-1]
    assert (element.label.compact() if element.label else None, [b.texte for b in element.blocs]) == dernier


@pytest.mark.parametrize(
    "lignes, message",
    [
        (("", "Texte perdu.", "LOI 68 - T"), "2 : texte avant la première loi."),
        (("LOI 68 - T", "1. Sans lettre"), "2 : « 1. Sans lettre » n'a pas de paragraphe parent."),
        (("LOI 68 - T", "A. Titre", "(ii) sans lettre"), "3 : « (ii) sans lettre » n'a pas de paragraphe parent."),
    ],
)
def test_refus(lignes: tuple[str, ...], message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(f"{LOIS_2017}:{message}")):
        parse(lignes)


def test_titre_et_texte() -> None:
    ((_, partie),) = parse(("LOI 69 - TITRE ÉCRIT", "", "A. Titre", "", "Un.", "", "Deux.")).parties
    assert partie.titre == "TITRE ÉCRIT"
    (a,) = partie.elements
    assert (a.titre, [b.texte for b in a.blocs]) == ("Titre", ["Un.", "Deux."])


def test_lettre_en_ligne_sans_titre() -> None:
    ((_, partie),) = parse(("LOI 71 - T", "A. un joueur a concédé une levée")).parties
    assert partie.elements[0].titre == ""
    assert partie.elements[0].blocs[0].texte == "un joueur a concédé une levée"


def test_puce_parasite_et_sous_puces() -> None:
    lignes = ("LOI 70 - T", "E. T", "1. à moins :", " - que a", " - que b", "(a) x", "- (ii) y")
    ((_, partie),) = parse(lignes).parties
    e1 = partie.elements[1]
    assert [(b.forme, b.texte) for b in e1.blocs] == [
        (TEXTE, "à moins :"),
        (ITEM, "- que a"),
        (ITEM, "- que b"),
    ]
    assert partie.elements[-1].blocs[0].texte == "y"


def test_notes_hors_du_flux() -> None:
    lignes = (
        "LOI 70 - T",
        "E. T",
        "1. jeu normal²¹.",
        "",
        "²¹ La note.",
        "",
        "2. suite*",
        "* Etoile.",
    )
    ((_, partie),) = parse(lignes).parties
    assert plan_labels(partie) == "70E\n70E1\n70E2"
    e1, e2 = partie.elements[1], partie.elements[2]
    assert [b.texte for b in e1.blocs] == ["jeu normal[^21]."]
    assert [(n.cle, n.texte, n.ligne) for n in e1.notes] == [("21", "La note.", 5)]
    assert [b.texte for b in e2.blocs] == ["suite[^e]"]
    assert [(n.cle, n.ligne) for n in e2.notes] == [("e", 8)]


def test_numero_sans_lettre() -> None:
    with pytest.raises(ValueError, match=r"002_.*:2 "):
        parse(("LOI 68 - T", "1. orphelin"))


# --- the whole of 002 -------------------------------------------------------------

PLANS = {
    68: "68\n68A\n68B\n68B1\n68B2\n68C\n68D\n68D1\n68D2\n68D2(a)\n68D2(b)\n68D2(b)(i)\n68D2(b)(ii)",
    69: "69A\n69B\n69B1\n69B2",
    70: "70A\n70B\n70B1\n70B2\n70B3\n70C\n70C1\n70C2\n70C3\n70D\n70D1\n70D2\n70E\n70E1\n70E2",
    71: "71\n71A\n71B",
}


def test_plans(extrait: Extrait) -> None:
    assert {n: plan_labels(p) for n, p in extrait.parties} == PLANS


def test_parties(extrait: Extrait) -> None:
    assert [(n, p.ligne, p.titre) for n, p in extrait.parties] == [
        (68, 3, "REVENDICATION OU CONCESSION DE LEVÉES"),
        (69, 39, "CONSENTEMENT À UNE REVENDICATION OU CONCESSION"),
        (70, 56, "REVENDICATION OU CONCESSION CONTESTÉE"),
        (71, 95, "CONCESSION ANNULÉE"),
    ]
    assert {(p.source, p.edition, p.role) for _, p in extrait.parties} == {(LOIS_2017, "2017", "texte")}


def test_titres_et_lignes(extrait: Extrait) -> None:
    assert element(extrait, "68A").titre == "Définition de la revendication"
    assert element(extrait, "68C").titre == "Éclaircissement exigé"
    assert element(extrait, "68A").blocs[0].ligne == 9
    assert element(extrait, "68B2").blocs[1].texte.startswith("Il se peut qu'il y ait")
    assert element(extrait, "68D2(b)(ii)").blocs[0].texte.startswith("la revendication")


def test_70e2_apres_les_notes(extrait: Extrait, lignes: tuple[str, ...]) -> None:
    e1, e2 = element(extrait, "70E1"), element(extrait, "70E2")
    assert e2.ligne == 93
    assert e2.blocs[0].texte.startswith("L'Organisme Responsable peut spécifier[^e] un ordre")
    assert lignes[92].startswith("2. L'Organisme Responsable peut spécifier*")
    assert [b.ligne for b in e1.blocs] == [85, 86, 87]
    assert not any("Dans le cadre" in b.texte for b in e1.blocs)


@pytest.mark.parametrize(
    "compact, notes",
    [
        ("70C3", [("21", 89)]),
        ("70D1", [("21", 89)]),
        ("70D2", [("22", 91)]),
        ("70E1", [("21", 89)]),
        ("70E2", [("e", 105)]),
        ("71B", [("21", 89)]),
        ("70C2", []),
        ("71", []),
    ],
)
def test_notes(extrait: Extrait, compact: str, notes: list[tuple[str, int]]) -> None:
    assert [(n.cle, n.ligne) for n in element(extrait, compact).notes] == notes


def test_texte_des_notes(extrait: Extrait) -> None:
    (note,) = element(extrait, "70D2").notes
    assert note.texte.startswith('Dans le cadre des Lois 70 et 71, "normal" inclut')
    (etoile,) = element(extrait, "70E2").notes
    assert etoile.texte == "Aucun ordre n'est spécifié par la FFB."


def test_aucune_ligne_de_note_dans_les_blocs(extrait: Extrait) -> None:
    lignes_des_blocs = {b.ligne for _, p in extrait.parties for e in p.elements for b in e.blocs}
    assert not lignes_des_blocs & {89, 91, 105}


# Glued note marks (normal²¹) fold into one word in couverture.mots ("normal21") while the
# output has the call apart: strip them from the source, as sans_markup does for "[^21]".
MARQUES = re.compile(r"[⁰¹²³⁴⁵⁶⁷⁸⁹]+")


def test_couverture(lignes: tuple[str, ...], extrait: Extrait) -> None:
    source = MARQUES.sub("", "\n".join(lignes))
    # as the renderer writes the structure: "Loi N - titre", and each label's marker
    rendu = texte_plat(extrait, entete="Loi {numero} - {titre}", marquer=lambda _: True)
    assert bilan(source, rendu).ratio >= 0.99
    assert bilan(source, texte_plat(extrait)).ratio >= 0.93  # without headings and markers
