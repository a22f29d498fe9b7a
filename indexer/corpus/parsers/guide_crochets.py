"""Where a law quote of 000 opens and closes (corpus/NOTES.md §1.5). ``guide_citations`` reads
what lies inside, ``guide_corps`` the rest.

Law text is quoted in ``[…]``. A quote opens at ``[`` + label (``[A.``, ``[20A.``, ``[12C1e.``,
``[40.2``…, see ``LABEL``; ``[Loi 15B :`` too), at ``[`` + a letter marker read against the last
quoted paragraph (``[(b) Quand…`` after 47E2(a) is 47E2(b)), at a line-start ``[`` + capitalised
text (an unlabelled quote: the label is the list marker before it read against the last quoted
paragraph, else the law alone), or after a lead-in ``Xxx : [Une…``. It ends at its matching ``]``
(nested asides such as ``[cf. également C1(d)]`` stay in the text with their brackets). When no
``]`` matches before the next line-start ``[``, the quote is unterminated: it ends at the next
line-start ``[``, ``Exemple``/``Note``, unlabelled S-paragraph or law heading, and its first
element is ``incomplet``. ``[Commentaire…``, ``[Exemple…``, ``[Extrait…`` are WBF commentary,
kept as text.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from indexer.corpus.parsers.lignes_repliees import Morceau
from indexer.marqueurs import LETTRE, NUMERO, ROMAIN, SECTION
from indexer.model import TEXTE

# A label after "[": "20A", "16A 1", "12C1e", "40B2a(i)", "19A2/19B2", "40.2", "40.A.4", "A5", "B"
LABEL = re.compile(
    rf"""^(?P<code>{NUMERO}
               (?:\.A?\.?\d|{SECTION}(?:\ ?{NUMERO})?(?:{LETTRE}(?:\({ROMAIN}\))?)?)?
               (?:/{NUMERO}{SECTION}\d)?
        |{SECTION}\d?(?=\.))
        (?P<fin>\.|\s*:|\s|$)""",
    re.VERBOSE,
)
# Unlabelled law text after "[": "[Quatre joueurs…", "[L'arbitre…", "[… Aucun", "[(...) en faveur", "[(a) Un"
TEXTE_CITE = re.compile(rf"^(?:[A-ZÀ-Ý][a-zà-ÿ’' ]|…|\(\.\.\.\)|\({LETTRE}\))")
# WBF commentary and examples in brackets are not law text
WBF = re.compile(r"^(?:Commentaire|Exemple|Extrait)")
# What may stand before a line-start "[": "- ", "2. ", "A1 - "
AVANT_CROCHET = re.compile(rf"^\s*(?:[-–]\s+|(?P<numero>{NUMERO})\.\s*|(?P<lettre>{SECTION}\d?)\s*-\s*)?$")
# A sub-paragraph marker inside a quote: "1.", "2.Chaque", "(a)", "a)", "a. " (46B, 50D2), "(ii)", "C. "
SOUS_MARQUE = re.compile(
    rf"^\s*(?:(?P<section>{SECTION})\.\s+|(?P<numero>{NUMERO})\.(?!\d)\s*|\(?(?P<lettre>{LETTRE})(?:\)|\.(?=\s))\s*"
    rf"|\((?P<romain>{ROMAIN})\)\s*)"
)
# The headings that end an unterminated quote; guide_corps opens an example or a note there.
# An example heading: "Exemple :", "Exemple 3 :", "Exemples de revendication :", "[Exemple (tiré…) :",
# and once before a comma: "Exemple d'application du point (3), un défenseur…" (8216)
ENTETE_EXEMPLE = re.compile(r"^\[?(?P<titre>Exemples?\b(?:[^:,.]{0,70}?:|\s[^:,.]{1,70}?(?=,))?)[\s,]*")
# A note heading: "Note :", "NB :", "Remarque :", "Note très importante :"
NOTE_TITRE = re.compile(r"^(?P<titre>(?:Note très importante|Note|NB|Remarque)\s*:)\s*")


def est_exemple(texte: str) -> bool:
    """Whether a paragraph opens an example: "Exemple 3 :", "[Exemple (tiré…) :"."""
    return ENTETE_EXEMPLE.match(texte) is not None and texte.lstrip("[").startswith("Exemple")


def ouvre_ligne(texte: str) -> bool:
    """A paragraph whose first line opens a bracket (after a marker at most)."""
    avant, _, apres = texte.partition("[")
    return bool(apres) and AVANT_CROCHET.match(avant) is not None


def est_citation(avant: str, apres: str) -> bool:
    if LABEL.match(apres):
        return True
    debut = AVANT_CROCHET.match(avant) or re.search(r"(?:[.!?]|\s:)\s*$", avant)
    return not WBF.match(apres) and TEXTE_CITE.match(apres) is not None and debut is not None


def ouverture(morceau: Morceau) -> tuple[int, int] | None:
    """Where the first law quote opens in a paragraph (line index, column of "[")."""
    for index, (_, texte) in enumerate(morceau.lignes):
        for trouve in re.finditer(r"\[", texte):
            avant = ("x " if index else "") + texte[: trouve.start()]  # "x ": not at the paragraph's start
            if est_citation(avant, texte[trouve.end() :]):
                return index, trouve.start()
    return None


def fermeture(morceaux: Sequence[Morceau]) -> tuple[int, int, int] | None:
    """The "]" matching the first "[" of ``morceaux[0]``: (paragraph, line, column); none past the
    next paragraph that opens with "[": a quote still open there is unterminated."""
    profondeur = 0
    for rang, morceau in enumerate(morceaux):
        if rang and ouvre_ligne(morceau.texte):
            return None
        for index, (_, texte) in enumerate(morceau.lignes):
            debut = texte.index("[") if rang == 0 and index == 0 else 0
            for crochet in re.compile(r"[\[\]]").finditer(texte, debut):
                profondeur += 1 if crochet[0] == "[" else -1
                if profondeur == 0:  # never below: the first bracket read is the opening one
                    return rang, index, crochet.start()
    return None


def fin_sans_crochet(morceau: Morceau) -> bool:
    texte = morceau.texte.strip()
    if morceau.forme != TEXTE:
        return False
    if ouvre_ligne(texte) or est_exemple(texte) or NOTE_TITRE.match(texte):
        return True
    return morceau.saut and SOUS_MARQUE.match(texte) is None and not texte.startswith("-")
