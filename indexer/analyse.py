"""The one French analyzer of the index, and the query-side normaliser.

Both sides of the search (the indexed text and what a director types) go through
``analyseur_fr()``, so that ``enchere``, ``Enchères`` and ``ENCHÈRE`` meet on the same
stem. Accents are folded *before* stemming (ECOSYSTEM.md §1: the French Snowball
stemmer then gives accentless queries the same stems); elisions (``l'arbitre``,
``d’un``) split on the apostrophe and their article is a stop word; ``œ`` reads
``oe``. Stop words that mean something at a bridge table are kept: ``as`` (the ace),
``pas`` (« pas de renonce »), ``est`` (East). Positions are not renumbered when a
stop word goes, so that a phrase does not match across a removed word.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator
from functools import cache

from whoosh.analysis import (
    Filter,
    RegexTokenizer,
    StemFilter,
    StopFilter,
    Token,
)
from whoosh.analysis.analyzers import CompositeAnalyzer
from whoosh.lang import stopwords_for_language

# Words of the French stop list that a director may mean: the ace, the negation, East.
MOTS_BRIDGE = frozenset({"as", "pas", "est"})

# Extra stop words missing from the list ("les", "cette") or saying nothing ("a", has).
MOTS_VIDES_EN_PLUS = frozenset({"a", "les", "cet", "cette"})

# A word, or a number with its dotted parts ("83.1", "10.2"); hyphens and apostrophes
# split, so "hors-tour" and "l'arbitre" give the same words as "hors tour", "arbitre".
MOT = r"\w+(?:\.\d+)*"

# Longest query we analyse: a director types a sentence, not a page.
LONGUEUR_MAX = 400

_LIGATURES = str.maketrans({"œ": "oe", "Œ": "oe", "æ": "ae", "Æ": "ae", "ß": "ss"})
_APOSTROPHES = str.maketrans({c: "'" for c in "’‘ʼ´`′"})
_GUILLEMETS = str.maketrans({c: '"' for c in "«»“”„‟″"})
_BLANCS = re.compile(r"\s+")


def plier(texte: str) -> str:
    """Lower case, ligatures spelled out, accents removed: ``Œuvre Énoncée`` → ``oeuvre enoncee``."""
    texte = texte.translate(_LIGATURES).lower()
    if texte.isascii():
        return texte  # the common case, and ten times faster
    decompose = unicodedata.normalize("NFKD", texte)
    return "".join(c for c in decompose if not unicodedata.combining(c))


def _mots_vides() -> frozenset[str]:
    liste = {plier(mot) for mot in stopwords_for_language("fr")}
    return frozenset((liste | MOTS_VIDES_EN_PLUS) - MOTS_BRIDGE)


MOTS_VIDES = _mots_vides()


class PliageFilter(Filter):
    """Lower case and fold accents and ligatures (a named class: the schema is pickled)."""

    def __call__(self, tokens: Iterable[Token]) -> Iterator[Token]:
        for token in tokens:
            token.text = plier(token.text)
            yield token


class EFinalFilter(Filter):
    """Drop a stem's final ``e``, which folding leaves on feminine participles.

    Snowball stems ``contestée`` → ``contest`` but the folded ``contestee`` → ``conteste``;
    trimming the ``e`` gives ``contest``, ``penalis``, ``lev`` (levée) for every form.
    """

    def __call__(self, tokens: Iterable[Token]) -> Iterator[Token]:
        for token in tokens:
            if len(token.text) > 3 and token.text.endswith("e"):
                token.text = token.text[:-1]
            yield token


def analyseur_fr() -> CompositeAnalyzer:
    """The French analyzer: words, folded, stop words out (positions kept), stemmed."""
    return (
        RegexTokenizer(MOT)
        | PliageFilter()
        | StopFilter(stoplist=MOTS_VIDES, minsize=1, renumber=False)
        | StemFilter(lang="fr", cachesize=50000)
        | EFinalFilter()
    )


def analyseur_simple() -> CompositeAnalyzer:
    """Words lower-cased, nothing else: for the unstemmed lexicon and the baseline."""
    return RegexTokenizer(MOT) | PliageFilter()


@cache
def _analyseur_partage() -> CompositeAnalyzer:
    return analyseur_fr()


def racines(texte: str) -> list[str]:
    """The stems of a text as the index sees them: ``l'Enchère insuffisante`` → ``encher insuffis``."""
    return [t.text for t in _analyseur_partage()(texte)]


def normaliser_requete(texte: str) -> str:
    """What a director typed, made safe to analyse.

    Control characters become spaces, typographic apostrophes and quotes become plain
    ones, runs of blanks one space, and the whole is cut at ``LONGUEUR_MAX`` characters.
    """
    propre = "".join(" " if unicodedata.category(c).startswith("C") else c for c in texte)
    propre = propre.translate(_APOSTROPHES).translate(_GUILLEMETS)
    propre = _BLANCS.sub(" ", propre).strip()
    if len(propre) > LONGUEUR_MAX:
        propre = propre[:LONGUEUR_MAX].rsplit(" ", 1)[0]
    return propre
