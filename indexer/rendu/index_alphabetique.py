"""The alphabetical index and the definitions of the 2007 Code as reference lists (pure).

The index reads as a printed index: a bar of letters (A–Z, the letters without an entry greyed out), one heading per
letter, each headword in bold with its sub-entries nested below it, in the source's order (``niveau`` 1 and 2, from
``corpus.parsers.code2007_index_alphabetique``). Every locator is a link (law paragraphs by ``corpus.renvois``, «
Voir » and « définitions » by ``corpus.renvois_index``). The definitions are a compact list, one item per term. Each
entry and each term keeps its own id (``index-…``, ``def-…``): the links and tooltips of the other pages point at
them.
"""

from __future__ import annotations

import string
import textwrap

from indexer.corpus.parsers.code2007_index_alphabetique import cle_de_tri
from indexer.corpus.renvois_index import LISTE_DEFINITIONS
from indexer.model import Document, Section
from indexer.rendu.markdown import Lien, blocs_markdown, echapper, lien_vers, notes_markdown
from indexer.rendu.pages import entete

LETTRES = string.ascii_uppercase
RETRAIT = "    "


def lettre(section: Section) -> str:
    """The letter a headword is filed under (« Épreuve » under E)."""
    return cle_de_tri(section.titre)[:1].upper() or "#"


def ancre_lettre(lettre_: str) -> str:
    return f"lettre-{lettre_.lower()}"


def barre(presentes: set[str]) -> str:
    cases = [
        f'<a href="#{ancre_lettre(x)}">{x}</a>' if x in presentes else f'<span class="absente">{x}</span>'
        for x in LETTRES
    ]
    return f'<nav class="index-lettres" aria-label="Aller à la lettre">{"".join(cases)}</nav>'


def _entree(section: Section, lien: Lien) -> str:
    terme = f"**{echapper(section.titre)}**" if section.niveau == 1 else echapper(section.titre)
    corps = ". ".join(blocs_markdown((b,), lien, f"s-{section.ancre}-") for b in section.blocs)  # on one line
    retrait = RETRAIT * (section.niveau - 1)
    texte = f"{terme} — {corps}" if corps else terme
    return f"{retrait}- {texte}\n{retrait}{RETRAIT}{{ #{section.ancre} }}"


def render_index(document: Document) -> str:
    lien = lien_vers(document.chemin)
    groupes: dict[str, list[Section]] = {}
    courante = "#"
    for section in document.sections:
        courante = lettre(section) if section.niveau == 1 else courante
        groupes.setdefault(courante, []).append(section)
    morceaux = [*entete(document), barre(set(groupes))]
    for lettre_, sections in groupes.items():
        morceaux.append(f"## {lettre_} {{ #{ancre_lettre(lettre_)} }}")
        morceaux.append("\n".join(_entree(s, lien) for s in sections))
    notes_vues: set[str] = set()
    morceaux += [notes_markdown(s.notes, f"s-{s.ancre}-", notes_vues, s.blocs) for s in document.sections]
    return "\n\n".join(m for m in morceaux if m) + "\n"


def _definition(section: Section, lien: Lien, notes_vues: set[str]) -> str:
    prefixe = f"s-{section.ancre}-"
    paragraphes = [blocs_markdown((b,), lien, prefixe) for b in section.blocs]
    terme = f"**{echapper(section.titre or section.cle)}**"
    premier = f"{terme} : {paragraphes[0]}" if paragraphes else terme
    suite = [textwrap.indent(p, RETRAIT) for p in paragraphes[1:]]
    item = "\n\n".join([f"- {premier}\n{RETRAIT}{{ #{section.ancre} }}", *suite])
    notes = notes_markdown(section.notes, prefixe, notes_vues, section.blocs)
    return "\n\n".join(m for m in (item, notes) if m)


def render_definitions(document: Document) -> str:
    lien = lien_vers(document.chemin)
    notes_vues: set[str] = set()
    morceaux = [*entete(document), f'<div class="definitions" id="{LISTE_DEFINITIONS}" markdown>']
    morceaux += [*(_definition(s, lien, notes_vues) for s in document.sections), "</div>"]
    return "\n\n".join(morceaux) + "\n"
