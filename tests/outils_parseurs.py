"""What the parser tests share: a source's cleaned lines, lookups in an ``Extrait``, and
the plain text of an ``Extrait`` or a ``Document`` that ``couverture.bilan`` measures."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path

from indexer.corpus.clean import clean_source
from indexer.labels import Label
from indexer.model import Document, Element, Extrait, Partie

SOURCES = Path(__file__).resolve().parents[1] / "corpus" / "sources"


@cache
def lignes_propres(source: str) -> tuple[str, ...]:
    """The lines of ``corpus/sources/<source>`` after ``clean.clean_source``, read once."""
    return clean_source((SOURCES / source).read_text(encoding="utf-8"), source)


def partie(extrait: Extrait, numero: int) -> Partie:
    """The first ``Partie`` of law ``numero``."""
    return next(p for n, p in extrait.parties if n == numero)


def element(extrait: Extrait, compact: str) -> Element:
    """The one element labelled ``compact`` (``"70E2"``), whatever its ``Partie``."""
    (trouve,) = [e for _, p in extrait.parties for e in p.elements if e.label and e.label.compact() == compact]
    return trouve


def plan_labels(partie: Partie) -> str:
    """The compact outline of a part: one label per line."""
    return "\n".join(e.label.compact() for e in partie.elements if e.label)


def marque(label: Label) -> str:
    """The marker a label stands for, as a reader sees it: ``B.``, ``1.``, ``(a)``."""
    if not label.parties:
        return ""
    dernier = label.parties[-1]
    return f"{dernier}." if len(label.parties) <= 2 else f"({dernier})"


def texte_plat(extrait: Extrait, entete: str = "{titre}", marquer: Callable[[Element], bool] | None = None) -> str:
    """Every Partie's heading, then its elements' titre, Bloc.texte and NoteBas.texte, in
    order, with blank lines between.

    ``entete`` writes a Partie's heading from ``numero`` and ``titre``, as the source (or
    the site) heads the law; a labelled element for which ``marquer`` is true gets its
    marker (``B.``, ``(a)``) before its first text, as the renderer writes it.
    """
    morceaux: list[str] = []
    for numero, une_partie in extrait.parties:
        morceaux.append(entete.format(numero=numero, titre=une_partie.titre))
        for elt in une_partie.elements:
            textes = ([elt.titre] if elt.titre else []) + [b.texte for b in elt.blocs]
            if marquer is not None and elt.label and marquer(elt):
                textes = [f"{marque(elt.label)} {textes[0] if textes else ''}", *textes[1:]]
            morceaux += textes + [n.texte for n in elt.notes]
    return "\n\n".join(m for m in morceaux if m)


def texte_document(doc: Document, avec_titre: bool = False) -> str:
    """The document's title (``avec_titre``), intro, then every section's title, blocs
    and notes, in order, with blank lines between."""
    morceaux = [doc.titre] if avec_titre else []
    morceaux += [b.texte for b in doc.intro]
    for section in doc.sections:
        morceaux += [section.titre, *(b.texte for b in section.blocs), *(n.texte for n in section.notes)]
    return "\n\n".join(m for m in morceaux if m)
