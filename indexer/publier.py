"""Publishing (pure): the linked corpus → every generated file, as {path: text}.

Paths are relative to the project folder. The same function feeds ``loi construire``
(which writes what changed) and the staleness test (which compares).
"""

from __future__ import annotations

import json

from indexer.ancres import Ancres
from indexer.lecture import objet_loi
from indexer.model import Corpus
from indexer.render import Citation, Contexte, citations, render_loi
from indexer.render_pages import (
    render_abreviations,
    render_citations,
    render_document,
    render_table_des_lois,
)

DOSSIER_LOIS = "docs/lois"
ABREVIATIONS = "includes/abreviations.md"
CARTE_CITATIONS = "docs/assets/citations.json"


def _cite_par(corpus: Corpus, ancres: Ancres) -> dict[int, tuple[Citation, ...]]:
    """Citing law pages, then citing side documents, for each law."""
    par_loi = {n: list(c) for n, c in citations(corpus.lois, ancres).items()}
    for document in corpus.documents:
        vus: set[int] = set()
        for section in document.sections:
            for cible in sorted({r.cible.loi for b in section.blocs for r in b.renvois}):
                if cible not in vus:
                    vus.add(cible)
                    par_loi.setdefault(cible, []).append(
                        Citation(f"{document.chemin}", section.ancre, document.titre))
    return {n: tuple(c) for n, c in par_loi.items()}


def fichiers(corpus: Corpus, ancres: Ancres, sources: dict[str, str],
             chapitres: list[dict]) -> dict[str, str]:
    """Every generated file of docs/ and includes/, by path."""
    contexte = Contexte(sources, ancres, _cite_par(corpus, ancres))
    sortie = {f"{DOSSIER_LOIS}/{loi.numero}.md": render_loi(loi, contexte) for loi in corpus.lois}
    sortie[f"{DOSSIER_LOIS}/index.md"] = render_table_des_lois(corpus, chapitres)
    for document in corpus.documents:
        sortie[f"docs/{document.chemin}"] = render_document(document, sources)
    definitions = next((d for d in corpus.documents if d.type == "definition"), None)
    sortie[ABREVIATIONS] = render_abreviations(definitions)
    sortie[CARTE_CITATIONS] = render_citations(corpus, ancres)
    return sortie


def objets_voir(corpus: Corpus, ancres: Ancres) -> dict[int, str]:
    """The JSON object of ``loi voir`` for each law, serialised once at build time."""
    cite_par = _cite_par(corpus, ancres)
    return {
        loi.numero: json.dumps(objet_loi(loi, ancres, cite_par.get(loi.numero, ())),
                               ensure_ascii=False, sort_keys=False)
        for loi in corpus.lois
    }

