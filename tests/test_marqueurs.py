"""The marker alphabets (indexer/marqueurs.py) and what each pattern built from them accepts.

One table per composed pattern: the forms it must take and the ones it must refuse,
so that a change to an alphabet shows here, pattern by pattern.
"""

from __future__ import annotations

import re

import pytest

from indexer import marqueurs
from indexer.corpus import couverture, renvois
from indexer.corpus.parsers import (
    chantigny,
    code2007,
    code2007_toc,
    guide_crochets,
    lignes_repliees,
    livret,
    lois2017,
)
from indexer.labels import parse_label
from indexer.recherche import requete


@pytest.mark.parametrize(("partie", "oui", "non"), [
    (marqueurs.SECTION, "ABCDEFG", ["H", "a", "AB"]),
    (marqueurs.SECTION_CASSE, "ABCDEFGabcdefg", ["H", "h", "1"]),
    (marqueurs.NUMERO, ["1", "9", "12", "93"], ["123", "a", ""]),
    (marqueurs.LETTRE, "abcdefgh", ["i", "j", "A"]),
    (marqueurs.LETTRE_2007, "abcdefghijkl", ["m", "A"]),
    (marqueurs.ROMAIN, ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x"], ["iiii", "vx", "xi", "a"]),
])  # fmt: skip
def test_alphabets(partie: str, oui: list[str], non: list[str]) -> None:
    assert all(re.fullmatch(partie, forme) for forme in oui)
    assert not any(re.fullmatch(partie, forme) for forme in non)


# (pattern, matched how, accepted, refused)
MOTIFS = [
    ("code2007.SECTION", code2007.SECTION.match, ["A. Texte", "G."], ["H. Texte", "a. texte", "AB. x"]),
    ("code2007.LETTRE", code2007.LETTRE.match, ["(a) si", "l) fin", "(k) x"], ["(m) x", "(A) x"]),
    ("code2007.ROMAIN", code2007.ROMAIN.match, ["(i) x", "(iv) x", "(x) x"], ["(xi) x", "(a) x"]),
    ("lois2017.SECTION", lois2017.SECTION.match, ["B. Texte"], ["H. Texte", "B.Texte"]),
    # 002 and 004 read their markers each its own way (lignes_entieres): "(a)" alone or glued to its text
    ("lois2017.PARENTHESE", lois2017.PARENTHESE.match,
     ["(a) x", "(h) x", "(ii) x", "- (b) x", "(iii) x", "(a)", "(a)x", "(b)² y"], ["(j) x", "(xi) x", "a) x"]),
    ("livret.PARENTHESE", livret.PARENTHESE.match,
     ["(a) x", "(h) x", "(ii) x", "- (b) x", "- (h) x", "(iii) x"], ["(j) x", "(xi) x", "(a)", "(a)x", "(a) "]),
    ("chantigny.MARQUE", chantigny.MARQUE.match, ["A. x", "2. x", "(c) x", "(iii) x"], ["H. x", "(k) x", "a. x"]),
    ("lignes_repliees.MARQUE_ITEM", lignes_repliees.MARQUE_ITEM.match,
     ["- soit", "1. Chaque", "a) si", "(b) Le", "(ii) Quand"], ["92.)", "(k) x", "A. x"]),
    ("guide_crochets.SOUS_MARQUE", guide_crochets.SOUS_MARQUE.match,
     ["C. Texte", "2.Chaque", "(a) x", "a) x", "(ii) x"], ["H. Texte", "(j) x", "2.5 x"]),
    ("guide_crochets.LABEL", guide_crochets.LABEL.match,
     ["20A ", "16A 1 ", "12C1e ", "40B2a(i) ", "19A2/19B2 ", "40.2 ", "A5.", "B."], ["H5.", "123 ", "x "]),
    ("code2007_toc.RUPTURE", code2007_toc.RUPTURE.match,
     ["* note", "- x", "A. x", "3. x", "(l) x", "(iv)"], ["H. x", "Texte"]),
    ("couverture.MARQUEUR", couverture.MARQUEUR.match,
     ["B. x", "2. x", "(a) x", "(ii) x", "[12C. x"], ["H. x", "Texte"]),
    ("lois2017.NUMERO", lois2017.NUMERO.match, ["3. x", "12. (b) x"], ["123. x", "3.x", "3."]),
    ("livret.NUMERO", livret.NUMERO.match, ["3. x", "12. (b) x"], ["123. x", "3.x", "3."]),
    ("requete.citation", requete.est_citation, ["68", "16B", "12C1e", "12C1(e)", "27b", "80B2(k)", "40B2(a)(i)"],
     ["12H", "123", "12C1(m)", "12C1(e)(xi)", "６８"]),
]  # fmt: skip


@pytest.mark.parametrize(("nom", "lire", "oui", "non"), MOTIFS, ids=[m[0] for m in MOTIFS])
def test_motifs_composes(nom: str, lire, oui: list[str], non: list[str]) -> None:
    assert [f for f in oui if not lire(f)] == [], f"{nom} refuse ce qu'il doit accepter"
    assert [f for f in non if lire(f)] == [], f"{nom} accepte ce qu'il doit refuser"


@pytest.mark.parametrize(("texte", "attendu"), [
    ("voir Loi 16B", ["16B"]), ("Loi 12C1(e)", ["12C1(e)"]), ("Lois 9 A 2.b)", ["9A2(b)"]),
    ("Loi 80B2(l)", ["80B2(l)"]), ("Loi 40B2(a)(iii)", ["40B2(a)(iii)"]), ("Loi 64.B", ["64B"]),
    ("Loi 17H", ["17"]), ("loi de 1901", []),
])  # fmt: skip
def test_renvois_composes(texte: str, attendu: list[str]) -> None:
    assert [r.cible.compact() for r in renvois.trouver(texte)] == attendu


@pytest.mark.parametrize(("texte", "attendu"), [
    ("68C", "68C"), ("12 c 1 e", "12C1(e)"), ("80B2(l)", "80B2(l)"), ("40B2a(ix)", "40B2(a)(ix)"),
    ("12H", None), ("12C1(m)", None), ("12C1(e)(xi)", None),
])  # fmt: skip
def test_grammaire_des_citations(texte: str, attendu: str | None) -> None:
    label = parse_label(texte)
    assert (label.compact() if label else None) == attendu
