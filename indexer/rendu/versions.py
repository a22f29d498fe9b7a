"""The versions of one 2017 paragraph (pure): which quote is its text, the pieces that continue it, and the other
sources' versions, collapsed under it (``rendu.annote``).

No source gives the 2017 Code whole but Laws 68–71: a paragraph is often quoted by two sources, in two translations
or extracts of different length. The text is the official one where it exists, else the quote that gives the most
words (the booklet's extract of 5A is its last sentence, the Guide gives the whole), so that no rule a director
needs is folded away; the others stay one click away, so that nothing is lost.
"""

from __future__ import annotations

import html
import re

from indexer.model import ROLE_EXTRAITS, ROLE_GUIDE, ROLE_NOTES, ROLE_TEXTE
from indexer.rendu.elements import Occurrence, Page, cite_source
from indexer.rendu.markdown import blocs_markdown, notes_markdown

# Which quote of a paragraph is its text: the official text, then the booklet's
# verbatim extracts, the director's notes, the Guide's quotes (issue 8, point 3).
PRIORITE = (ROLE_TEXTE, ROLE_EXTRAITS, ROLE_NOTES, ROLE_GUIDE)

ELISION = re.compile(r"\(\.\.\.\)|…|\[|\]")  # what a quote leaves out, and its brackets


def mots(occurrence: Occurrence) -> int:
    """The words a quote gives, an elision (« (...) », « … ») aside: 0 for a heading alone."""
    return sum(len(ELISION.sub(" ", b.texte).split()) for b in occurrence.element.blocs)


def _unites(occurrences: list[Occurrence]) -> list[list[Occurrence]]:
    """The quotes as texts: a quote that opens on an elision (« [50B. (...) Toute carte… »)
    continues the one before it in its source; any other starts a text of its own."""
    unites: list[list[Occurrence]] = []
    for occurrence in occurrences:
        premier = occurrence.element.blocs[0].texte.lstrip(" [") if occurrence.element.blocs else ""
        suite = premier.startswith(("(...)", "…")) and mots(occurrence)
        precedente = next((u for u in reversed(unites) if u[0].cle[1] == occurrence.cle[1]), None)
        if suite and precedente is not None:
            precedente.append(occurrence)
        else:
            unites.append([occurrence])
    return unites


def choisir(
    occurrences: list[Occurrence], alineas: dict[int, int]
) -> tuple[Occurrence, tuple[Occurrence, ...], tuple[Occurrence, ...]]:
    """The text, its further pieces, and the other versions. The text is the official one (002) where it exists, else
    the quote that gives the most words of the paragraph (the booklet's extract of 5A is its last sentence, the
    Guide gives the whole), with the pieces that continue it (``_unites``), ties going by ``PRIORITE``. A source
    that gives the sub-paragraphs apart (``alineas``: per part, their words) goes first, its structure being the
    Code's: the notes' 30B1(b), (i), (ii), not the Guide's 30B1(b) holding an a) and a b)."""

    def rang(unite: list[Occurrence]) -> tuple[bool, bool, int, int]:
        role = unite[0].partie.role
        priorite = PRIORITE.index(role) if role in PRIORITE else len(PRIORITE)
        dessous = alineas.get(unite[0].cle[1], 0)
        return (role != ROLE_TEXTE, not dessous, -sum(mots(o) for o in unite) - dessous, priorite)

    choisie = min(_unites(occurrences), key=rang)
    return choisie[0], tuple(choisie[1:]), tuple(o for o in occurrences if o not in choisie)


def piece(occurrence: Occurrence, ids: tuple[str, ...], page: Page) -> str:
    """A further piece of the text shown, from the same source (« [50B. (...) Toute carte… »):
    its words right under the text, its anchors before them."""
    element, prefixe = occurrence.element, f"p{occurrence.cle[1]}-"
    ancres = "".join(f'<span id="{i}"></span>' for i in ids)
    corps = blocs_markdown(element.blocs, page.lien, prefixe)
    notes = notes_markdown(element.notes, prefixe, page.notes_vues, element.blocs)
    return "\n\n".join(m for m in (f'<div class="suite" markdown>\n{ancres}', corps, notes, "</div>") if m)


def pareil(une: Occurrence, autre: Occurrence) -> bool:
    """Two quotes with the same words: case, apostrophes and punctuation aside (the Guide's
    « l’arbitre » and the booklet's « l'arbitre »)."""
    textes = (" ".join(b.texte for b in o.element.blocs).lower().replace("’", "'") for o in (une, autre))
    return len({tuple(re.findall(r"[\w']+", texte)) for texte in textes}) == 1


def autre_version(occurrence: Occurrence, texte: Occurrence, ids: tuple[str, ...], page: Page, amorce: str = "") -> str:
    """Another source's words for a paragraph, collapsed under the text shown; named by page
    (the file and line in the tooltip). The same words without notes of their own: one line.
    ``amorce``: the Guide's lead-in to this quote, when its words differ from the text's."""
    element, fichier = occurrence.element, occurrence.partie.source
    cite = cite_source(fichier, element.ligne, page.contexte.pages.get(fichier, ()))
    meme = pareil(occurrence, texte)
    autre_titre = element.titre and element.titre != texte.element.titre
    titre = f", « {html.escape(element.titre, quote=False)} »" if autre_titre else ""
    alias = "".join(f'<span id="{i}"></span>' for i in ids[1:])
    edition = occurrence.partie.edition
    if meme and not element.notes and not amorce:
        return f'<p class="meme-texte" id="{ids[0]}" data-edition="{edition}">{alias}Même texte : {cite}{titre}.</p>'
    prefixe = f"p{occurrence.cle[1]}-"
    corps = blocs_markdown(element.blocs, page.lien, prefixe)
    notes = notes_markdown(element.notes, prefixe, page.notes_vues, element.blocs)
    resume = f"Autre version : {cite}{titre}" + (" — même texte" if meme else "")
    ouverture = (
        f'<details class="autre-version" id="{ids[0]}" data-edition="{edition}" '
        f"markdown>\n<summary>{alias}{resume}</summary>"
    )
    return "\n\n".join(m for m in (ouverture, amorce, corps, notes, "</details>") if m)
