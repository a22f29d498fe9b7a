"""The glossary's tooltips only on the defined sense of a word: each sentence rendered by Python-Markdown
with the real glossary (includes/abreviations.md), ``abbr`` then ``indexer.rendu.glossaire``, as the site does."""

from __future__ import annotations

import re

import markdown
import pytest
from site_outils import RACINE

from indexer.rendu.glossaire import sens_defini

GLOSSAIRE = (RACINE / "includes/abreviations.md").read_text(encoding="utf-8")


def marques(phrase: str) -> list[str]:
    html = markdown.markdown(phrase + "\n\n" + GLOSSAIRE, extensions=["abbr", "indexer.rendu.glossaire"])
    return re.findall(r"<abbr[^>]*>([^<]*)</abbr>", html)


@pytest.mark.parametrize(
    ("phrase", "mot", "marque"),
    [
        # « contre »: the call, not the preposition nor the verb
        ("Toute revendication contestée sera résolue contre le joueur qui a revendiqué.", "contre", False),
        ("Il statuera systématiquement contre le camp qui n'a pas consenti.", "contre", False),
        ("Les paires jouent l'une contre l'autre.", "contre", False),
        ("Ouest entame contre 4♠.", "contre", False),
        ("Il y a 2 contre 2 ou 1 contre 1.", "contre", False),
        ("Sud contre maintenant, montrant 0 as.", "contre", False),
        ("Lorsqu'un joueur contre, il est présumé avoir contré la dernière enchère.", "contre", False),
        ("S’il contre ou surcontre, le joueur fautif doit passer.", "contre", False),
        ("« Je vous contre » n'a pas sa place.", "contre", False),
        ("Le contre est annulé, et 1♠ remis.", "contre", True),
        ("Pour une enchère, un contre ou surcontre faits alors.", "contre", True),
        ("Ce Contre doit avoir été fait par un adversaire.", "contre", True),
        ("Sauf s'il s'agissait d'un contre inadmissible.", "contre", True),
        ("La forme correcte est le mot « contre ».", "contre", True),
        ("Passe, Contre et Surcontre sont des déclarations.", "contre", True),
        ("toute déclaration comparable (enchère, contre, surcontre ou passe)", "contre", True),
        ("Vérifier si le deuxième contre était fait intentionnellement.", "contre", True),
        # a noun that is also a verb
        ("Ouest entame le Roi de ♥.", "entame", False),
        ("Avant que l'entame ne soit faite face visible.", "entame", True),
        ("Le déclarant attaque hors tour.", "attaque", False),
        ("Est attaque hors tour, puis Ouest.", "attaque", False),
        ("L'attaque hors tour est acceptée.", "attaque", True),
        ("Il appartient au joueur qui alerte de s’assurer que l’adversaire a vu.", "alerte", False),
        ("Une alerte ou une absence d’alerte.", "alerte", True),
        # a participle defined as a withdrawn action
        ("Définitions — les termes du Code, repris en infobulle dans les lois.", "repris", False),
        ("Le 5 de ♦ est repris.", "repris", True),
        ("Après qu’un joueur a repris une carte visible.", "repris", True),
        ("Un joueur du camp non fautif a ainsi retiré une carte.", "retiré", True),
        ("Les significations possibles au 2♣ retiré sont Stayman.", "retiré", True),
        ("Consentement retiré — 69B", "retiré", False),  # a consent, not a call or a card
        # every other term keeps its tooltip
        ("Le mort ne peut pas appeler l'arbitre.", "mort", True),
        ("Le déclarant joue du mort.", "mort", True),
    ],
)
def test_une_infobulle_sur_le_sens_defini(phrase, mot, marque):
    assert (mot in [m.lower() for m in marques(phrase)]) is marque


@pytest.mark.parametrize(
    ("terme", "avant", "apres", "defini"),
    [
        ("contre", "résolu ", " le joueur", False),
        ("Contre", "", " ou surcontre hors tour", True),
        ("contre", "Nord ", " ou surcontre", False),
        ("repris", "du Code, ", " en infobulle", False),
    ],
)
def test_la_regle_seule(terme, avant, apres, defini):
    assert sens_defini(terme, avant, apres) is defini
