"""Nothing is lost: how much of a source's wording reaches the generated Markdown.

The source is split into sentences, each sentence into runs of 12 words; a word
counts as kept when it lies in a run found verbatim in the output's word stream.
Words are compared folded (case, accents, apostrophes, œ) so that the renderer's
escaping and the cleaning rules do not count as losses. Sentences shorter than a
run must be found whole.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

RUN = 12
_MOT = re.compile(r"[^\W_]+", re.UNICODE)
_FIN_PHRASE = re.compile(r"(?<=[.!?;:])\s+|\n\s*\n")
_MARKUP = (
    re.compile(r"^---\n.*?\n---\n", re.DOTALL),  # YAML front matter
    re.compile(r"\]\([^)]*\)"),  # link targets: keep the text, drop (url)
    re.compile(r"\{:?\s*[#.][^}]*\}"),  # attr_list { #id .class }
    re.compile(r"<[^>]+>"),  # HTML tags
    re.compile(r"\[\^[^\]]+\]"),  # footnote calls
    re.compile(r"^\*\[[^\]]*\]:.*$", re.MULTILINE),  # abbreviation definitions
)


# Source-side marks that the output writes differently on purpose: paragraph markers
# at a line start ("B.", "2.", "(a)", "(ii)") become labels in headings, and glued
# superscript footnote calls ("normal²¹") become Markdown footnotes.
_MARQUEUR = re.compile(r"^\s*[-–]?\s*(?:\[?\d{0,2}[A-H]\.|\d{1,2}\.|\(?[a-h]\)|\([ivx]+\))(?=\s|$)", re.MULTILINE)
_EXPOSANT = re.compile(r"[⁰¹²³⁴⁵⁶⁷⁸⁹]+")


@dataclass(frozen=True)
class Bilan:
    """Coverage of one source: kept words, total words, and the first missed runs."""

    gardes: int
    total: int
    manques: tuple[str, ...]

    @property
    def ratio(self) -> float:
        return self.gardes / self.total if self.total else 1.0


def replier(mot: str) -> str:
    """Fold a word for comparison: lower case, no accents, œ → oe."""
    mot = mot.lower().replace("œ", "oe").replace("æ", "ae")
    decompose = unicodedata.normalize("NFKD", mot)
    return "".join(c for c in decompose if not unicodedata.combining(c))


def mots(texte: str) -> list[str]:
    """The folded words of a text."""
    return [replier(m) for m in _MOT.findall(texte)]


def sans_markup(markdown: str) -> str:
    """Markdown with front matter, link targets, ids, tags and footnote calls removed."""
    for motif in _MARKUP:
        markdown = motif.sub(" ", markdown)
    return markdown


def _runs(phrase: list[str]) -> list[tuple[int, int]]:
    if len(phrase) <= RUN:
        return [(0, len(phrase))]
    return [(i, i + RUN) for i in range(len(phrase) - RUN + 1)]


def ngrammes(flux: list[str]) -> set[tuple[str, ...]]:
    """Every run of 1 to RUN consecutive words of the output."""
    return {tuple(flux[i : i + n]) for n in range(1, RUN + 1) for i in range(len(flux) - n + 1)}


def bilan(source: str, sortie: str, maximum_manques: int = 20) -> Bilan:
    """Measure how much of ``source`` (plain text) lies verbatim in ``sortie`` (Markdown)."""
    connus = ngrammes(mots(sans_markup(sortie)))
    source = _EXPOSANT.sub(" ", _MARQUEUR.sub(" ", source))
    gardes = total = 0
    manques: list[str] = []
    for phrase_texte in _FIN_PHRASE.split(source):
        phrase = mots(phrase_texte)
        couverts = [False] * len(phrase)
        for debut, fin in _runs(phrase):
            if tuple(phrase[debut:fin]) in connus:
                couverts[debut:fin] = [True] * (fin - debut)
        total += len(phrase)
        gardes += sum(couverts)
        if not all(couverts) and len(manques) < maximum_manques:
            manques.append(" ".join(phrase))
    return Bilan(gardes, total, tuple(manques))
