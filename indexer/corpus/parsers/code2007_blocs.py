"""Shared text rules for the 001 side documents: paragraphs, wrapped headings, page furniture.

001 has no blank lines (corpus/NOTES.md §2.1): every line is a PDF fragment, so paragraph
breaks must be inferred. The rule used by every ``code2007_*`` parser:

- a new Bloc starts at a label (``1)``, ``a)``, ``a –``, ``1-``, ``3.1.``) or a bullet
  (``- ``, ``·``, a lone ``-``);
- a new Bloc starts at a line beginning with an upper-case letter when the previous
  line ends with sentence-final punctuation (``. ! ? : ; …``);
- a short label or ``·`` item (at most ``SOUS_TITRE_MAX`` characters: a subtitle such
  as ``a) Les deux camps sont fautifs`` or ``· Saisine de la CRLA``) ends at a line
  starting with a capitalised word, unless that word runs on inside a sentence
  (``NOMS_PROPRES``: ``Loi``, ``Passe``…) or opens a list (``Nationales, …``);
- any other line continues the current Bloc: joined with one space, except after a
  line-final hyphen, which is real (``Jean-`` + ``Daniel``) and joins without a space;
  a line starting with ``;`` or ``:`` (French spacing wrapped) always continues.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from indexer.model import ITEM, TEXTE, TITRE, Bloc

# One source line kept by a parser: (1-based line number, text).
Ligne = tuple[int, str]

# A list bullet: "- à s'assurer…", "· Dans toute…", or a lone "-" whose text wraps (8541).
PUCE = re.compile(r"^(?:[-·]\s|[-·]$)")

# A sub-label that opens a list item or a small subtitle:
# "1) Disposition…", "(a) …", "a) Les deux camps…", "a – Rappel des annonces",
# "1- Les deux joueurs…", "6-" (alone), "3.1. Après…".
ETIQUETTE = re.compile(r"^(?:\(?[a-z]\)(?:\s|$)|\d{1,2}\)(?:\s|$)|[a-z] – |\d{1,2}-(?:\s|$)|\d\.\d\.\s)")

# The RNC's "·" bullets also carry subtitles ("· Saisine de" / "la CRLA" / "Si la CRLA…").
PUCE_TITRE = re.compile(r"^·\s")

# A capitalised word (not an acronym such as "FFB" or "CI"): "Lorsqu'une", "Toute".
MOT_CAPITAL = re.compile(r"^[A-ZÀ-ÖØ-Þ][a-zà-öø-ÿ’']")

# Capitalised words that run on inside a sentence of the RNC ("…l'ouverture de 1♣" / "Passe").
NOMS_PROPRES = (
    "Loi", "Lois", "Article", "Articles", "Code", "Règlement",
    "Passe", "Contre", "Surcontre", "Nord", "Sud", "Est", "Ouest",
)  # fmt: skip

# A label item this short that meets a capitalised line is a subtitle ("a) Les deux camps
# sont fautifs" / "Lorsqu'une déclaration…", 7017–7019): the text starts a new Bloc.
SOUS_TITRE_MAX = 60

# Sentence-final punctuation at the end of a line: "…de l'arbitre." "s'applique :"
FIN_DE_PHRASE = re.compile(r"[.!?:;…]$")

# An upper-case start: "Les", "À", "« Ententes" does not count (quotes stay inside).
MAJUSCULE = re.compile(r"^[A-ZÀ-ÖØ-Þ]")

# A lower-case start: a wrapped word ("des boîtes à annonces", "d'arbitre").
MINUSCULE = re.compile(r"^[a-zà-öø-ÿ]")

# Running page furniture of the RNC: the footer "Règlement" / "National des
# Compétitions 2008 page 60" and the headers "Titre IV –" / "Arbitrage",
# "Titre V –" / "Compétitions par paires : règles particulières" (7397–7400, 7871–7874).
MOBILIER = (
    (re.compile(r"^Règlement$"), re.compile(r"^National des Compétitions \d{4} page \d+$")),
    (re.compile(r"^Titre [IVX]+ –$"), re.compile(r"^\S")),
)


def est_debut_de_bloc(precedente: str, ligne: str, bloc: str = "") -> bool:
    """True when ``ligne`` opens a new paragraph after ``precedente`` (module rule).

    ``bloc`` is the text of the current Bloc: a short label item (``a) Les deux camps
    sont fautifs``) ends at a capitalised line, its subtitle being complete.
    """
    fin_de_phrase = FIN_DE_PHRASE.search(precedente) and MAJUSCULE.match(ligne)
    return bool(PUCE.match(ligne) or ETIQUETTE.match(ligne) or fin_de_phrase) or _fin_de_sous_titre(bloc, ligne)


def _fin_de_sous_titre(bloc: str, ligne: str) -> bool:
    """True when ``ligne`` is the text after a wrapped label subtitle (``c)`` / ``L'irr…``)."""
    etiquette = ETIQUETTE.match(bloc) or PUCE_TITRE.match(bloc)
    if etiquette is None or len(bloc) > SOUS_TITRE_MAX or not bloc[etiquette.end() :].strip():
        return False  # not a label item, too long to be a subtitle, or the label alone
    if bloc.endswith((",", "–", "-")) or not MOT_CAPITAL.match(ligne) or re.match(r"^[^\s,]+,", ligne):
        return False  # the last: a list runs on, "· Finales" / "Nationales, Compétitions de…, etc."
    return re.split(r"[\s’']", ligne, maxsplit=1)[0] not in NOMS_PROPRES


def joindre(texte: str, suite: str) -> str:
    """Join a wrapped line to the text before it (hyphens are real, corpus/NOTES.md §1.3)."""
    if not texte:
        return suite
    if re.search(r"[^\W\d_]-$", texte):
        return texte + suite  # "Jean-" + "Daniel": the hyphen belongs to the word
    # a label or bullet ("6-" / "Signalisation", "-" / "ouverture…") takes a space
    return f"{texte} {suite}"


def forme_de(ligne: str, titres: bool) -> str:
    """The Bloc kind a line opens: a subtitle (annexes), a list item, or prose."""
    if ETIQUETTE.match(ligne) and titres and not re.match(r"^\d{1,2}-", ligne):
        return TITRE
    if PUCE.match(ligne) or ETIQUETTE.match(ligne):
        return ITEM
    return TEXTE


def _prolonge(dernier: Bloc, precedente: str, ligne: str) -> bool:
    """True when ``ligne`` goes on the Bloc ``dernier`` instead of opening one (module rule)."""
    if ligne.startswith((";", ":")):
        return True  # French spacing wrapped before the sign: even a subtitle takes it
    if not ligne:
        # no empty line reaches here from 001 (corpus/NOTES.md §2.1); one would join, as it always
        # has (``""[:1] in ";:"`` held in the former test), adding a space but opening no Bloc
        return True
    return dernier.forme != TITRE and not est_debut_de_bloc(precedente, ligne, dernier.texte)


def en_blocs(lignes: Sequence[Ligne], titres: bool = False) -> tuple[Bloc, ...]:
    """Reflow lines into Blocs by the module rule.

    With ``titres``, a sub-label line (``1) Disposition…``, ``a – Rappel…``) is a
    one-line subtitle Bloc, as in the annexes where such lines are headings.
    """
    blocs: list[Bloc] = []
    precedente = ""
    for numero, ligne in lignes:
        dernier = blocs[-1] if blocs else None
        if dernier is not None and _prolonge(dernier, precedente, ligne):
            blocs[-1] = replace(dernier, texte=joindre(dernier.texte, ligne))
        elif ligne:
            blocs.append(Bloc(forme_de(ligne, titres), ligne, numero))
        precedente = ligne
    return tuple(blocs)


def sans_mobilier(lignes: Sequence[Ligne]) -> list[Ligne]:
    """Drop the RNC running footers and headers (two lines each), which cut sentences in two."""
    gardees: list[Ligne] = []
    index = 0
    while index < len(lignes):
        paire = [texte for _, texte in lignes[index : index + 2]]
        if len(paire) == 2 and any(haut.match(paire[0]) and bas.match(paire[1]) for haut, bas in MOBILIER):
            index += 2
        else:
            gardees.append(lignes[index])
            index += 1
    return gardees


def tranche(lignes: Sequence[str], debut: int, fin: int) -> list[Ligne]:
    """Source lines ``debut``–``fin`` (1-based, inclusive) with their numbers."""
    return [(numero, lignes[numero - 1]) for numero in range(debut, fin + 1)]


def suite_de_titre(titre: str, suivante: str) -> bool:
    """True when ``suivante`` continues a wrapped heading ``titre``.

    ``Article 85 – Absence`` / ``d'arbitre`` (lower case), ``Article 107 – Appels
    abusifs`` / ``: cautions…``, ``Spectateurs (Loi`` / ``76)`` (open bracket),
    ``92.1 – Loi`` / ``9 A 2.b)`` (a law number), ``L'arbitre agrée`` / ``FFB``
    (an acronym alone). A label, a bullet or a capitalised word ends the heading.
    """
    if titre.count("(") > titre.count(")") or (re.search(r"\bLois?$", titre) and suivante[:1].isdigit()):
        return True  # before the label test: "76)" would read as a label
    if PUCE.match(suivante) or ETIQUETTE.match(suivante):
        return False
    if MINUSCULE.match(suivante) or suivante[:1] in ":(":
        return True
    return bool(re.fullmatch(r"[A-Z]{2,}", suivante))


# At most this many lines make one heading (``Article 107 – Appels abusifs`` / ``: cautions…``).
LIGNES_DE_TITRE_MAX = 4


def titre_complet(lignes: Sequence[Ligne], index: int, titre: str, vide: bool) -> tuple[str, int]:
    """Complete a heading wrapped from ``lignes[index]`` on: the heading, the next text index.

    ``vide``: the label stands alone (``83.1 –``, ``144.1``), so the next line is its title.
    """
    if vide and index < len(lignes):
        titre, index = joindre(titre, lignes[index][1]), index + 1
    fin = min(index + LIGNES_DE_TITRE_MAX, len(lignes))
    while index < fin and suite_de_titre(titre, lignes[index][1]):
        titre, index = joindre(titre, lignes[index][1]), index + 1
    return titre, index
