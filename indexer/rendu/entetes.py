"""A Python-Markdown extension for the law pages' headings (registered in mkdocs.yml).

The generated Markdown keeps a paragraph heading to its label, title and anchors:

    ## Texte 2017 { #texte-2017 src=002 }
    ### 68A — Définition de la revendication { #loi-68-a aussi=loi-68-a-2017 l=7 }

A section heading names its source once (``src``, a key of ``indexer.sources``); a paragraph heading gives its line
(``l``), its further anchors (``aussi``) and, when it differs from the section's, its own source. This extension
turns them into what the reader's browser needs: an empty ``<span id>`` per further anchor (links land on them),
``data-edition`` on the heading (every paragraph states its edition), the source and line in a tooltip, the source's
short name beside a heading from another source, and a ⚠ after a quote whose closing bracket the source lost
(``incomplet=oui``).

It also takes the glossary's tooltips (``<abbr>``) out of every heading: a page title or a paragraph heading is not
the place for a definition (issue 8, point 9).
"""

from __future__ import annotations

import xml.etree.ElementTree as etree

from markdown import Markdown
from markdown.extensions import Extension
from markdown.treeprocessors import Treeprocessor

from indexer.rendu.glossaire import sans_infobulle
from indexer.sources import SOURCES, Source

TITRES = ("h1", "h2", "h3", "h4", "h5", "h6")
_PAR_CLE = {source.cle: source for source in SOURCES}
_ATTRIBUTS = ("src", "l", "aussi", "incomplet")
_PROPRE = "data-source-propre"
_INCOMPLET = "data-incomplet"
# A heading the annotated text adds over sub-paragraphs whose parent no 2017 source gives
# (``rendu.annote.entete_parent``): its edition is its section's, and it says what it is.
PARENT_SEUL = "parent-seul"
MENTION_PARENT = "intitulé et texte 2017 non donnés"
BULLE_PARENT = "Les sources 2017 ne donnent ni l'intitulé ni le texte de ce paragraphe, seulement ses alinéas"


def infobulle(source: Source, ligne: str) -> str:
    """« Code 2017 — Guide pratique (FFB) · 000_….txt, ligne 7771 »."""
    lieu = f"{source.fichier}, ligne {ligne}" if ligne else source.fichier
    return f"Code {source.edition} — {source.nom} · {lieu}"


def _alias(titre: etree.Element, ids: str) -> None:
    for id_ in reversed(ids.split()):
        span = etree.Element("span", {"id": id_})
        span.tail, titre.text = titre.text, ""
        titre.insert(0, span)


def _parent_seul(titre: etree.Element) -> bool:
    return PARENT_SEUL in (titre.get("class") or "").split()


def _avant_permalien(titre: etree.Element, span: etree.Element) -> int:
    rang = next((i for i, e in enumerate(titre) if "headerlink" in (e.get("class") or "")), len(titre))
    titre.insert(rang, span)
    return rang


def _etiquette(titre: etree.Element, mention: str) -> None:
    """A mention (a source's short name) shown by the style sheet (``content: attr(data-nom)``), so
    that neither the table of contents nor the search results take it for words of the heading."""
    _avant_permalien(titre, etree.Element("span", {"class": "source-para", "data-nom": mention}))


def _signal(titre: etree.Element, raison: str) -> None:
    """A ⚠ after the heading's text, its reason in a tooltip (a quote whose source lost a bracket)."""
    rang = _avant_permalien(titre, etree.Element("span", {"class": "incomplet", "title": raison, "data-signe": "⚠"}))
    if rang:
        titre[rang - 1].tail = (titre[rang - 1].tail or "").rstrip() + " "
    else:
        titre.text = (titre.text or "").rstrip() + " "


class Entetes(Treeprocessor):
    """Reads the headings in page order. A section heading (h2) sets the source of the
    paragraphs under it; a paragraph heading without ``src`` has the source of the heading
    above it. One with its own is left marked (``data-source-propre``) for ``Etiquettes``."""

    def run(self, root: etree.Element) -> None:
        section: Source | None = None
        pile: list[tuple[int, Source]] = []  # (level, source) of the paragraph headings above
        for titre in (t for t in root.iter() if t.tag in TITRES):
            for parent in list(titre.iter()):
                for abbr in [e for e in parent if e.tag == "abbr"]:
                    sans_infobulle(abbr, parent)
            valeurs = {a: titre.attrib.pop(a) for a in _ATTRIBUTS if a in titre.attrib}
            source = _PAR_CLE.get(valeurs.get("src", ""))
            if titre.tag in ("h1", "h2"):
                section, pile = source, []
                if source:
                    titre.set("data-edition", source.edition)
                continue
            niveau = int(titre.tag[1])
            while pile and pile[-1][0] >= niveau:
                pile.pop()
            if _parent_seul(titre) and section:
                _alias(titre, valeurs.get("aussi", ""))
                titre.attrib.update({"data-edition": section.edition, "title": BULLE_PARENT})
                continue
            propre = source or (pile[-1][1] if pile else section)
            if "l" not in valeurs or propre is None:
                continue
            pile.append((niveau, propre))
            _alias(titre, valeurs.get("aussi", ""))
            titre.attrib.update({"data-edition": propre.edition, "title": infobulle(propre, valeurs["l"])})
            if source:
                titre.set(_PROPRE, source.cle)
            if valeurs.get("incomplet"):
                titre.set(_INCOMPLET, "oui")


class Etiquettes(Treeprocessor):
    """After the table of contents is made: the source's name beside a heading that
    comes from another source than its section's, what a parent-only heading is beside it."""

    def run(self, root: etree.Element) -> None:
        for titre in (t for t in root.iter() if t.tag in TITRES):
            if titre.attrib.pop(_INCOMPLET, ""):
                _signal(titre, "Crochet fermant absent dans la source")
            # Two facts, two mentions: a heading with a source of its own that is also a parent's
            # heading no 2017 source gives (never both today) says both, neither hides the other.
            if _PROPRE in titre.attrib:
                _etiquette(titre, _PAR_CLE[titre.attrib.pop(_PROPRE)].nom)
            if _parent_seul(titre):
                _etiquette(titre, MENTION_PARENT)


class EntetesExtension(Extension):
    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 (Python-Markdown's name)
        # After attr_list (8) and abbr (7), before toc and MkDocs' anchor check (5), which
        # must see the further anchors; the source's name after them, out of the contents.
        md.treeprocessors.register(Entetes(md), "entetes", 6)
        md.treeprocessors.register(Etiquettes(md), "entetes-etiquettes", 4)


def makeExtension(**kwargs) -> EntetesExtension:  # noqa: N802 (the name Python-Markdown looks for)
    return EntetesExtension(**kwargs)
