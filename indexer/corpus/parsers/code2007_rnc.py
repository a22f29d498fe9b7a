"""The RNC 2008 (Règlement National des Compétitions) in 001: Titres IV and VII (corpus/NOTES.md §2.7).

One level-1 Section per article (``cle="83"``, ``ancre="article-83"``), one Section per
sub-article below it (``cle="83.1"`` → ``article-83-1``, level 2; ``92.4.1`` → level 3).
Headings are those of ``ARTICLE``, ``NUMERO_SEUL`` (``Article`` alone, the number on the
next line) and ``SOUS_ARTICLE``; a title may wrap (``code2007_blocs.suite_de_titre``).
An article number must grow: 7301 ``Article du Règlement…`` has none and is text. A
sub-article must belong to the current article and be new, and its title must not start
in lower case: 8378 ``143.1 sont applicables…`` is a wrapped reference, not a heading.
The **Article 139 heading is missing** in the source: a sub-article of the next article
(139.1 after 138) opens a Section titled ``Article 139`` at the sub-article's line.

Dropped on purpose: the running footers ``Règlement`` / ``National des Compétitions
2008 page NN`` and headers ``Titre IV –`` / ``Arbitrage`` (``code2007_blocs.sans_mobilier``),
and the document heading lines (``TITRE IV``; ``Titre VII`` / ``Systèmes et
conventions``), which ``Document.titre`` carries. Text before the first article is
the Document's intro; ``Chapitre 1`` / ``: Dispositions…`` is a subtitle Bloc there.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from indexer.corpus.parsers.code2007_blocs import MINUSCULE, Ligne, en_blocs, titre_complet
from indexer.labels import ancre_libre
from indexer.model import TITRE, Bloc, Section

# "Article 83 – Arbitrage", "Article 136 - Obligations", "Article 140 Conventions".
ARTICLE = re.compile(r"^Article\s+(?P<numero>\d{2,3})\b\s*(?:[–-]\s*)?(?P<titre>.*)$")

# The number of an article whose word "Article" stands alone on the line before:
# "Article" / "136 - Obligations - Interdictions", "Article" / "141 Utilisation…".
NUMERO_SEUL = re.compile(r"^(?P<numero>\d{2,3})\b\s*(?:[–-]\s*)?(?P<titre>\S.*)$")

# A sub-article label: "83.1 –", "83.2 – Autres", "91.1. –", "92.4.1. Le", "105.2.1",
# "105.2.2 -", "139.1 Caractéristiques SHA", "145.2 . Systèmes…", "144.1".
SOUS_ARTICLE = re.compile(r"^(?P<cle>\d{2,3}(?:\.\d{1,2})+)\.?(?:\s*[.–-])?(?:\s+(?P<titre>.*))?$")

# A chapter subtitle in an intro: "Chapitre 1 : Dispositions générales…".
CHAPITRE = re.compile(r"^Chapitre \d+\b")


@dataclass
class _Rubrique:
    cle: str
    titre: str
    ligne: int
    lignes: list[Ligne] = field(default_factory=list)


def article_en_tete(lignes: Sequence[Ligne], index: int, dernier: int) -> tuple[int, str, int] | None:
    """An article heading at ``lignes[index]``: (number, heading so far, lines used), else None.

    The number must be greater than ``dernier``, the previous article's.
    """
    texte = lignes[index][1]
    trouve = ARTICLE.match(texte)
    utilisees = 1
    if texte == "Article" and index + 1 < len(lignes):
        trouve = NUMERO_SEUL.match(lignes[index + 1][1])
        texte = f"{texte} {lignes[index + 1][1]}"
        utilisees = 2
    if trouve is None or int(trouve["numero"]) <= dernier:
        return None
    return int(trouve["numero"]), texte, utilisees


def sous_article(texte: str, article: int, vues: set[str]) -> str | None:
    """The key of a sub-article heading of ``article`` (``"83.1"``), or None."""
    trouve = SOUS_ARTICLE.match(texte)
    if trouve is None or trouve["cle"] in vues or MINUSCULE.match(trouve["titre"] or ""):
        return None
    return trouve["cle"] if int(trouve["cle"].split(".")[0]) in (article, article + 1) else None


def _rubrique(lignes: Sequence[Ligne], index: int, article: int, vues: set[str]) -> tuple[list[_Rubrique], int] | None:
    """The heading(s) opened at ``lignes[index]`` and the next text index, or None.

    A sub-article of the next article (139.1 after 138, heading lost) opens the
    article too: two rubriques.
    """
    numero, texte = lignes[index]
    en_tete = article_en_tete(lignes, index, article)
    if en_tete is not None:
        titre, suite = titre_complet(lignes, index + en_tete[2], en_tete[1], vide=False)
        return [_Rubrique(str(en_tete[0]), titre, numero)], suite
    cle = sous_article(texte, article, vues)
    if cle is None:
        return None
    vide = texte.rstrip(" .–-") == cle  # "83.1 –", "144.1": the title is on the next line
    titre, suite = titre_complet(lignes, index + 1, texte, vide)
    numero_article = int(cle.split(".")[0])
    perdu = [_Rubrique(str(numero_article), f"Article {numero_article}", numero)] if numero_article != article else []
    return [*perdu, _Rubrique(cle, titre, numero)], suite


def parse_reglement(lignes: Sequence[Ligne]) -> tuple[tuple[Bloc, ...], tuple[Section, ...]]:
    """An RNC Titre (heading lines already removed): its intro Blocs, where a ``Chapitre N`` paragraph
    is a subtitle, and its Sections, level 1 for an article and deeper for each dot."""
    intro: list[Ligne] = []
    rubriques: list[_Rubrique] = []
    vues: set[str] = set()
    article, index = 0, 0
    while index < len(lignes):
        trouve = _rubrique(lignes, index, article, vues)
        if trouve is None:
            (rubriques[-1].lignes if rubriques else intro).append(lignes[index])
            index += 1
            continue
        nouvelles, index = trouve
        rubriques += nouvelles
        vues.update(r.cle for r in nouvelles)
        article = int(nouvelles[0].cle.split(".")[0])
    blocs = tuple(replace(b, forme=TITRE) if CHAPITRE.match(b.texte) else b for b in en_blocs(intro))
    return blocs, tuple(
        Section(r.cle, ancre_libre("article", r.cle), r.titre, r.ligne, en_blocs(r.lignes), r.cle.count(".") + 1)
        for r in rubriques
    )
