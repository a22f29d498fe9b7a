"""Merging the sources' parts of a law: an extract that runs on into the next paragraph is cut
where another source quotes that paragraph's first words under its own label."""

from __future__ import annotations

import pytest

from indexer.corpus.merge import scinder
from indexer.labels import parse_label
from indexer.model import ITEM, LOI, ROLE_EXTRAITS, ROLE_GUIDE, TEXTE, Bloc, Element, Partie

D = "L'entame rendue visible, le mort étale sa main devant lui sur la table."


def _partie(role: str, source: str, *elements: Element) -> Partie:
    return Partie(source, "2017", role, "Loi 41", 1, elements)


def _loi(label: str, *textes: str) -> Element:
    return Element(
        LOI, tuple(Bloc(TEXTE if i == 0 else ITEM, t, 636 + i) for i, t in enumerate(textes)), 636, parse_label(label)
    )


@pytest.mark.parametrize(
    "livret, guide, attendu",
    [
        # the booklet's 41C runs on into 41D, which the Guide quotes: cut there, items and all
        ((f"La période du jeu commence. {D}", "- par couleur"), ("41D", D), [("41C", 1), ("41D", 2)]),
        ((f"La période du jeu commence. {D}",), ("41C2", D), [("41C", 1)]),  # a sub-paragraph of its own: kept
        ((f"La période du jeu commence, {D}",), ("41D", D), [("41C", 1)]),  # not at a sentence's start
        (("La période du jeu commence. Rien de plus ici dans cette phrase que des mots.",), ("41D", D), [("41C", 1)]),
    ],
)
def test_un_extrait_qui_deborde_sur_le_paragraphe_suivant(livret, guide, attendu) -> None:
    """(The extract is the booklet's 41C; the Guide quotes the paragraph named in ``guide``.)"""
    extrait = _loi("41C", *livret)
    parties = [_partie(ROLE_EXTRAITS, "004.txt", extrait), _partie(ROLE_GUIDE, "000.txt", _loi(*guide))]
    morceaux = scinder(extrait, parties[0], parties)
    assert [(e.label.compact(), len(e.blocs)) for e in morceaux] == attendu
    assert " ".join(b.texte for e in morceaux for b in e.blocs).split() == " ".join(livret).split()  # nothing lost


A1 = "Le système pratiqué par une paire peut être convenu explicitement par la discussion."


def test_un_extrait_qui_s_ouvre_sur_un_alinea_le_lui_donne() -> None:
    """The booklet's 40A opens on the words the Guide quotes as 40A1(a): that block is the booklet's
    40A1(a), the rest stays 40A's (nothing printed twice, nothing lost)."""
    extrait = Element(
        LOI,
        (Bloc(TEXTE, A1, 626), Bloc(TEXTE, "Avant le début du jeu, chaque paire informe.", 628)),
        624,
        parse_label("40A"),
        "Agrément d'un système",
    )
    parties = [_partie(ROLE_EXTRAITS, "004.txt", extrait), _partie(ROLE_GUIDE, "000.txt", _loi("40A1(a)", A1))]
    reste, alinea = scinder(extrait, parties[0], parties)
    assert (reste.label.compact(), reste.titre) == ("40A", "Agrément d'un système")
    assert [b.ligne for b in reste.blocs] == [628]
    assert (alinea.label.compact(), [b.ligne for b in alinea.blocs]) == ("40A1(a)", [626])
