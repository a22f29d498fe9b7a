"""The alphabetical index of the 2007 Code (001, lines 5523–6250; corpus/NOTES.md §2.6).

Indentation is lost in the source, so head terms and sub-entries look alike: the
hierarchy is rebuilt from the order (``niveaux``: headwords are alphabetical, the
sub-entries under each one too) and each entry is one Section, ``niveau`` 1 for a
headword, 2 for a sub-entry (3 under a sub-entry without locators), ``cle`` and ``titre`` the term,
``ancre`` ``ancre_libre("index", terme)``. A term that comes back (``Hors-tour``
is listed under ``Attaque``, ``Contre``, ``Déclaration``…) gets ``-2``, ``-3``… in
source order, so anchors are unique and stable as long as the source is.

Each line is one of (``genre_de_ligne``):

- ``page``: a leaked page number (``^\\d{2,3}$``, 12 of them: 85–96), dropped;
- ``voir``: ``Voir …`` / ``Voir aussi …``, a Bloc of the entry it follows;
- ``renvois``: locators only (``73C``, ``80A1(a)``), the end of the entry above;
- ``suite``: a lower-case line (``technique 40C3(a)``, ``de``, ``paragraphe``): the
  rest of a term wrapped before its locators, or of wrapped locators;
- ``entree``: a term, with or without locators.

The locators stay as written in one ``texte`` Bloc (``9B1(d), 12C1(e) (i)``), word
locators included (``définitions``, ``Introduction``, ``renvoi``,
``(note de bas de page)``). A comma left between a term and its locators
(``…d'une carte du mort, 46B``) is dropped from the term.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from indexer import marqueurs
from indexer.corpus.parsers.code2007_blocs import MINUSCULE, Ligne
from indexer.labels import ancre_libre, ancre_unique
from indexer.model import TEXTE, Bloc, Section

# A leaked page number of the index pages: "85" (5581), "86" (5642) … "96" (6209).
NUMERO_DE_PAGE = re.compile(r"^\d{2,3}$")

# A cross-reference line: "Voir Entente entre partenaires", "Voir aussi Information",
# "Voir Aussi Concurrent".
VOIR = re.compile(r"^Voir\b")

# One locator: a law code with its optional bracketed parts ("9B1(d)", "12C1(e) (i)",
# "40A1 (a)", "21b3", "47"), possibly followed by a note mention ("93 (note de bas de
# page)", "80 note de bas"), or a word locator ("définitions", "Introduction", "renvoi").
_RENVOI = (
    rf"(?:{marqueurs.NUMERO}{marqueurs.SECTION_CASSE}?(?:{marqueurs.NUMERO})?"
    rf"(?:\s?\((?:{marqueurs.LETTRE_2007}|{marqueurs.ROMAIN})\))*"
    r"(?:\s\(note de bas de page\)|\snote de bas)?"
    r"|[Dd]éfinitions?|Introduction|renvoi)"
)

# Locators are separated by commas only: "61, 62, 63, 64", "définitions, 16D", "16B1(a),"
RENVOIS = re.compile(rf"{_RENVOI}(?:,\s*{_RENVOI})*,?")

# A term followed by its locators: "Enchère inadmissible, au dessus du palier de 7 38"
# → ("Enchère inadmissible, au dessus du palier de 7", "38"): the shortest term wins,
# and "7 38" is not a locator list since locators need commas between them.
ENTREE = re.compile(rf"^(?P<terme>.+?),?\s+(?P<renvois>{RENVOIS.pattern})$")

# The law number that starts a locator: "93" in "93B1", "40" in "40C3(a)", "71" in "71, renvoi".
LOI_DU_RENVOI = re.compile(rf"(?<![\w(])({marqueurs.NUMERO})(?![\d)])")


@dataclass
class _Entree:
    terme: str
    ligne: int
    renvois: str = ""
    voir: list[Ligne] = field(default_factory=list)


# The kinds of index line, tried in order; any other line is an ``entree``.
GENRES = (
    ("page", NUMERO_DE_PAGE.match),
    ("voir", VOIR.match),
    ("renvois", RENVOIS.fullmatch),
    ("suite", MINUSCULE.match),
)


def genre_de_ligne(ligne: str) -> str:
    return next((genre for genre, reconnait in GENRES if reconnait(ligne)), "entree")


def separer(ligne: str) -> tuple[str, str]:
    """Split ``"Carte, reprise 47"`` into ``("Carte, reprise", "47")``; no locators → ``""``."""
    trouve = ENTREE.match(ligne)
    return (trouve["terme"], trouve["renvois"]) if trouve else (ligne, "")


def _lire(lignes: Sequence[Ligne]) -> list[_Entree]:
    entrees: list[_Entree] = []
    for numero, ligne in lignes:
        genre = genre_de_ligne(ligne)
        if genre == "page":
            continue
        if genre == "entree" or not entrees:
            terme, renvois = separer(ligne)
            entrees.append(_Entree(terme, numero, renvois))
        elif genre == "voir":
            entrees[-1].voir.append((numero, ligne))
        elif genre == "renvois":
            entrees[-1].renvois = " ".join(filter(None, (entrees[-1].renvois, ligne)))
        elif entrees[-1].renvois:  # a lower-case line ends wrapped locators: "80 note de bas" / "de" / "paragraphe"
            entrees[-1].renvois += f" {ligne}"
        else:  # or a term wrapped before its locators
            terme, entrees[-1].renvois = separer(ligne)
            entrees[-1].terme += f" {terme}"
    return entrees


def cle_de_tri(terme: str) -> str:
    """The index's alphabetical order: accents, case and punctuation folded, a word
    boundary before any letter (``Adv.G`` before ``Adversaires``)."""
    return ancre_libre("", terme).replace("-", " ")


def _chaine(cles: Sequence[str], poids: Sequence[int]) -> set[int]:
    """The heaviest run of entries in alphabetical order (the earliest on a tie): the
    candidate headwords, since headwords are sorted and a sub-entry sorted among
    them would push out every headword between it and its own head."""
    longueur, precedent = list(poids), [-1] * len(cles)
    for i, cle in enumerate(cles):
        for j in range(i if poids[i] else 0):  # weight 0: out of the run
            if poids[j] and cles[j] <= cle and longueur[j] + poids[i] > longueur[i]:
                longueur[i], precedent[i] = longueur[j] + poids[i], j
    i = max((k for k in range(len(cles)) if poids[k]), key=lambda k: (longueur[k], -k), default=-1)
    chaine = set()
    while i >= 0:
        chaine.add(i)
        i = precedent[i]
    return chaine


def _lois(renvois: str) -> set[int]:
    """The law of the first locator (``"16B, 73C"`` → ``{16}``), none for a word locator;
    a secondary locator often points elsewhere and would join unrelated groups."""
    premier = LOI_DU_RENVOI.search(renvois.split(",")[0])
    return {int(premier[1])} if premier else set()


def _rattacher(entrees: Sequence[tuple[str, str]], cles: Sequence[str], chaine: set[int]) -> list[int]:
    """Levels for a run of candidate headwords: one that continues, in order, the
    sub-entries just above it, with a law of that group (within two numbers, first
    locators only), is a sub-entry after all."""
    sortie: list[int] = []
    groupe: set[int] = set()
    for i, (_, renvois) in enumerate(entrees):
        lois = _lois(renvois)
        suit = i > 0 and sortie[-1] == 2 and cles[i - 1] <= cles[i]
        proche = any(abs(a - b) <= 2 for a in lois for b in groupe)
        tete = i in chaine and not (suit and proche)
        sortie.append(1 if tete else 2)
        groupe = set(lois) if tete else groupe | lois
    return sortie


def niveaux(entrees: Sequence[tuple[str, str]]) -> tuple[int, ...]:
    """1 for a headword, 2 for a sub-entry, for ``(terme, renvois)`` in source order.

    Headwords are a heaviest alphabetical run (``_chaine``), less those that
    ``_rattacher`` gives back to the group above them: ``Appel abusif 92A`` after
    ``Appel 92, 93`` / ``Accord des appelants 92D``; ``Contestée 70A`` after
    ``Concession`` / ``Annulée 71``. The run is then sought again without them, so
    that the headwords they pushed out come back (``Concurrent`` after ``Concession``'s
    group). A headword that breaks the order of the sub-entries above it
    (``Carte manquante`` after ``Retirer de l'étui``) stays one.
    """
    cles = [cle_de_tri(terme) for terme, _ in entrees]
    # Weigh the likely headwords: a term without locators (« Organisme responsable »,
    # « Rang ») only heads sub-entries; a term sorted before the line above it (« Tour »
    # after « Variation non intentionnelle ») ends a group of sub-entries.
    poids = [1 + (not renvois) + (i > 0 and cles[i - 1] > cles[i]) for i, (_, renvois) in enumerate(entrees)]
    rattaches: set[int] = set()
    while True:
        chaine = _chaine(cles, [0 if i in rattaches else p for i, p in enumerate(poids)]) - rattaches
        sortie = _rattacher(entrees, cles, chaine)
        nouveaux = {i for i in chaine if sortie[i] == 2}
        if not nouveaux:
            return tuple(sortie)
        rattaches |= nouveaux


def parse_index_alphabetique(lignes: Sequence[Ligne]) -> tuple[Section, ...]:
    """One Section per index entry, in source order: headwords at ``niveau`` 1, each
    followed by its sub-entries at ``niveau`` 2 (``niveaux``), and 3 for the entries under
    a sub-entry that has neither locators nor « Voir » (« Rang » under « Rappel »,
    « Période des annonces »): such an entry only heads what follows it, up to the next headword."""
    sections: list[Section] = []
    prises: set[str] = set()
    ouverte = False  # a sub-entry without locators heads what follows
    entrees = _lire(lignes)
    for entree, niveau in zip(entrees, niveaux([(e.terme, e.renvois) for e in entrees]), strict=True):
        blocs = [Bloc(TEXTE, entree.renvois, entree.ligne)] if entree.renvois else []
        blocs += [Bloc(TEXTE, texte, numero) for numero, texte in entree.voir]
        if niveau == 2 and ouverte:
            niveau = 3
        else:
            ouverte = niveau == 2 and not (entree.renvois or entree.voir)
        base = ancre_libre("index", entree.terme)  # ``index-hors-tour``, then ``-2``, ``-3``… for repeated terms
        ancre = ancre_unique(base, prises)
        prises.add(ancre)
        sections.append(Section(entree.terme, ancre, entree.terme, entree.ligne, tuple(blocs), niveau))
    return tuple(sections)
