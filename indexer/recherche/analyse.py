"""The one French analysis of the index, and the query-side normaliser.

Both sides of the search (the indexed text and what a director types) give the same
stems, so that ``enchere``, ``Enchères`` and ``ENCHÈRE`` meet. Accents are folded *before*
stemming, the stop words a director means (``as``, ``pas``, ``est``) are kept, positions are
not renumbered when a stop word goes: CONTRIBUTING.md, « Analyse française », says why.
Elisions (``l'arbitre``, ``d’un``) split on the apostrophe, their article a stop word; ``œ`` reads ``oe``.

The analysis exists twice, step for step the same: ``analyseur_fr()`` is the Whoosh
analyzer the index is built with (its filters live in ``indexer.recherche.disjonction``, since
Whoosh pickles them into the index), and ``racines()`` is the same pipeline in plain
Python for queries and extracts — importing ``whoosh.analysis`` would cost a fresh
``loi cherche`` a tenth of its time. ``tests/test_analyse.py`` checks they agree.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from functools import cache, lru_cache

from whoosh.lang import stemmer_for_language, stopwords_for_language  # no analysis stack

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
# What a keyboard or a pasted page types for ' and " (served to the site: ``pour_site``, « normalisation »).
APOSTROPHES, GUILLEMETS = "’‘ʼ´`′", "«»“”„‟″"
_APOSTROPHES = str.maketrans({c: "'" for c in APOSTROPHES})
_GUILLEMETS = str.maketrans({c: '"' for c in GUILLEMETS})
_MOT = re.compile(MOT)
_BLANCS = re.compile(r"\s+")


def plier(texte: str) -> str:
    """Lower case, ligatures spelled out, accents removed: ``Œuvre Énoncée`` → ``oeuvre enoncee``."""
    texte = texte.translate(_LIGATURES).lower()
    if texte.isascii():
        return texte  # the common case, and ten times faster
    decompose = unicodedata.normalize("NFKD", texte)
    return "".join(c for c in decompose if not unicodedata.combining(c))


MOTS_VIDES = frozenset(({plier(mot) for mot in stopwords_for_language("fr")} | MOTS_VIDES_EN_PLUS) - MOTS_BRIDGE)


def efinal(racine: str) -> str:
    """Drop a stem's final ``e``, which folding leaves on feminine participles.

    Snowball stems ``contestée`` → ``contest`` but the folded ``contestee`` → ``conteste``;
    trimming the ``e`` gives ``contest``, ``penalis``, ``lev`` (levée) for every form.
    """
    return racine[:-1] if len(racine) > 3 and racine.endswith("e") else racine


@cache
def _stemmer() -> Callable[[str], str]:
    """Whoosh's French Snowball stemmer, the one ``StemFilter(lang="fr")`` uses."""
    return stemmer_for_language("fr")  # type: ignore[no-any-return]


@lru_cache(maxsize=50000)  # as StemFilter's cache: a text repeats its words
def raciner(mot: str) -> str:
    """The stem of one folded word that is not a stop word: stemmed, final ``e`` trimmed."""
    return efinal(_stemmer()(mot))


def racines(texte: str) -> list[str]:
    """The stems of a text as the index sees them (``disjonction.analyseur_fr()``'s steps):
    ``l'Enchère insuffisante`` → ``encher insuffis``."""
    resultat = []
    for trouve in _MOT.finditer(texte):
        mot = plier(trouve.group())
        if mot and mot not in MOTS_VIDES:  # StopFilter(minsize=1)
            resultat.append(raciner(mot))
    return resultat


# A format character (soft hyphen, zero-width space, bidirectional mark: Cf) pasted from a PDF or a page sits
# inside a word (« revendi\u00adcation »): it goes; any other control character parts words.
CONTROLES = {"Cf": "", "Cc": " ", "Co": " ", "Cn": " ", "Cs": " "}


def normaliser_requete(texte: str) -> str:
    """What a director typed, made safe to analyse."""
    propre = "".join(CONTROLES.get(unicodedata.category(c), c) for c in texte)
    propre = propre.translate(_APOSTROPHES).translate(_GUILLEMETS)
    propre = _BLANCS.sub(" ", propre).strip()
    if len(propre) > LONGUEUR_MAX:
        propre = propre[:LONGUEUR_MAX].rsplit(" ", 1)[0]
    return propre
