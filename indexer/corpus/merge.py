"""Merging: the Extraits of every source → one Corpus, laws 1–93 in order.

The parts of a law are ordered for reading: the official 2017 text first, then the
Guide's commentary (with its 2017 quotes), the director's notes, the booklet's
extracts, and last the replaced 2007 text. Within a role, source order is kept.
"""

from __future__ import annotations

from collections.abc import Iterable

from indexer.editions import rang
from indexer.labels import LOI_MAX
from indexer.model import (
    ROLE_EXTRAITS,
    ROLE_GUIDE,
    ROLE_NOTES,
    ROLE_TEXTE,
    Corpus,
    Document,
    Extrait,
    Loi,
    Partie,
)

# Reading order of the parts of one edition: official text, commentary, notes, extracts.
ROLES = (ROLE_TEXTE, ROLE_GUIDE, ROLE_NOTES, ROLE_EXTRAITS)


def _rang(partie: Partie) -> tuple[int, int]:
    """Newest edition first; within an edition, the order of ROLES."""
    role = ROLES.index(partie.role) if partie.role in ROLES else len(ROLES)
    return (rang(partie.edition), role)


def merge(extraits: Iterable[Extrait]) -> Corpus:
    """Gather every source's parts per law and every document, deterministically."""
    par_loi: dict[int, list[Partie]] = {n: [] for n in range(1, LOI_MAX + 1)}
    documents: list[Document] = []
    for extrait in extraits:
        for numero, partie in extrait.parties:
            par_loi.setdefault(numero, []).append(partie)
        documents.extend(extrait.documents)
    lois = tuple(
        Loi(numero, tuple(sorted(parties, key=_rang)))  # sorted() is stable: source order kept
        for numero, parties in sorted(par_loi.items())
    )
    return Corpus(lois, tuple(sorted(documents, key=lambda d: d.chemin)))
