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
from collections.abc import Iterable
from dataclasses import dataclass

from indexer.marqueurs import LETTRE_2007, NUMERO, ROMAIN, SECTION

RUN = 12
_MOT = re.compile(r"[^\W_]+", re.UNICODE)
_FIN_PHRASE = re.compile(r"(?<=[.!?;:])\s+")
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
MARQUEUR = re.compile(
    rf"^[ \t]*[-–]?(?:[ \t]*(?:\[?(?:{NUMERO})?{SECTION}\.|{NUMERO}\.|\(?{LETTRE_2007}\)|\({ROMAIN}\))(?=\s|$))+",
    re.MULTILINE,
)
_EXPOSANT = re.compile(r"[⁰¹²³⁴⁵⁶⁷⁸⁹]+|(?<=[a-zà-ÿ])\d{1,2}\b")  # "normal²¹", "responsable1"


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
    mot = mot.lower().replace("œ", "oe").replace("æ", "ae")
    decompose = unicodedata.normalize("NFKD", mot)
    return "".join(c for c in decompose if not unicodedata.combining(c))


def mots(texte: str) -> list[str]:
    return [replier(m) for m in _MOT.findall(texte)]


def sans_markup(markdown: str) -> str:
    """Markdown with front matter, link targets, ids, tags, footnote calls, escapes and
    line-start list markers removed (the source side loses its markers the same way)."""
    for motif in _MARKUP:
        markdown = motif.sub(" ", markdown)
    return MARQUEUR.sub(" ", markdown.replace("\\", ""))


def _decouper_aux_titres(phrase: list[tuple[str, bool]], titres: dict[str, list[tuple[str, ...]]]) -> list[list[str]]:
    """Split a sentence where a heading starts a line: 001 has no blank lines and its
    titles carry no punctuation, so "…Wignall MNZM / L'objet du Code / Les lois…"
    reads as one sentence although the output rightly prints the title on its own."""
    mots_seuls = [mot for mot, _ in phrase]
    morceaux, debut, i = [], 0, 0
    while i < len(phrase):
        candidats = titres.get(mots_seuls[i], ()) if phrase[i][1] else ()
        longueur = next((len(t) for t in candidats if tuple(mots_seuls[i : i + len(t)]) == t), 0)
        if longueur:
            morceaux += [mots_seuls[debut:i], mots_seuls[i : i + longueur]]
            debut = i = i + longueur
        else:
            i += 1
    return [m for m in [*morceaux, mots_seuls[debut:]] if m]


def _phrases_marquees(source: str) -> list[list[tuple[str, bool]]]:
    """The source's sentences as (word, starts a line) pairs; a blank line or a
    sentence-final mark ends a sentence."""
    phrases: list[list[tuple[str, bool]]] = [[]]
    for ligne in source.split("\n"):
        morceaux = _FIN_PHRASE.split(ligne)
        for rang, morceau in enumerate(morceaux):
            phrases[-1] += [(m, rang == 0 and j == 0) for j, m in enumerate(mots(morceau))]
            if rang < len(morceaux) - 1 or re.search(r"[.!?;:]\s*$", morceau) or not ligne.strip():
                phrases.append([])
    return [p for p in phrases if p]


def bilan(source: str, sortie: str, maximum_manques: int = 20, titres: Iterable[str] = ()) -> Bilan:
    """Measure how much of ``source`` (plain text) lies verbatim in ``sortie`` (Markdown).

    ``titres`` are the headings the parsers recognised: each counts as a sentence of
    its own wherever it stands in the source.
    """
    flux = mots(sans_markup(sortie))
    connus = {tuple(flux[i : i + n]) for n in range(1, RUN + 1) for i in range(len(flux) - n + 1)}
    # A paragraph marker opens a new paragraph: the sentence stops there. A page break
    # (000 keeps its form feeds for the parser) is furniture, not text.
    source = _EXPOSANT.sub(" ", MARQUEUR.sub("\n\n", source.replace("\f", "")))
    index: dict[str, list[tuple[str, ...]]] = {}  # titles by first word: the longest one wins
    for titre in sorted({tuple(mots(t)) for t in titres} - {()}, key=len, reverse=True):
        index.setdefault(titre[0], []).append(titre)
    phrases = [p for marquee in _phrases_marquees(source) for p in _decouper_aux_titres(marquee, index)]
    gardes = total = 0
    manques: list[str] = []
    for phrase in phrases:
        couverts = [False] * len(phrase)
        for debut in range(max(len(phrase) - RUN, 0) + 1):  # a sentence shorter than a run: whole
            fin = min(debut + RUN, len(phrase))
            if tuple(phrase[debut:fin]) in connus:
                couverts[debut:fin] = [True] * (fin - debut)
        total += len(phrase)
        gardes += sum(couverts)
        if not all(couverts) and len(manques) < maximum_manques:
            manques.append(" ".join(phrase))
    return Bilan(gardes, total, tuple(manques))
