"""Publishing (pure): the linked corpus → every generated file, as {path: text}.

Paths are relative to the project folder. The same function feeds ``loi construire``
(which writes what changed) and the staleness test (which compares).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from indexer.corpus.ancres import Ancres, parcourir
from indexer.corpus.fiches import url_loi
from indexer.model import EXEMPLE, LOI, Corpus, Fiche, Loi
from indexer.rendu.loi import Citation, Contexte, apercus, citations, render_loi
from indexer.rendu.marque import render_marque
from indexer.rendu.pages import (
    render_abreviations,
    render_citations,
    render_document,
    render_table_des_lois,
)

DOSSIER_LOIS = "docs/lois"
ABREVIATIONS = "includes/abreviations.md"
CARTE_CITATIONS = "docs/assets/citations.json"
# Documents whose page is more than their text: the Marque page adds computed tables and calculators.
RENDUS = {"marque": render_marque}


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
    contexte = Contexte(sources, ancres, _cite_par(corpus, ancres), apercus(corpus.lois))
    sortie = {f"{DOSSIER_LOIS}/{loi.numero}.md": render_loi(loi, contexte) for loi in corpus.lois}
    sortie[f"{DOSSIER_LOIS}/index.md"] = render_table_des_lois(corpus, chapitres)
    for document in corpus.documents:
        rendu = RENDUS.get(document.type, render_document)
        sortie[f"docs/{document.chemin}"] = rendu(document, sources)
    definitions = next((d for d in corpus.documents if d.type == "definition"), None)
    sortie[ABREVIATIONS] = render_abreviations(definitions)
    sortie[CARTE_CITATIONS] = render_citations(corpus, ancres)
    return sortie


def objet_loi(loi: Loi, fiches: Sequence[Fiche], cite_par: tuple[Citation, ...]) -> dict[str, Any]:
    """The whole law as the JSON object of ``loi voir``: an entry per fiche of its page.

    Each entry's ``ref`` is the paragraph it is attached to (``Fiche.rattachement``);
    law text is given without its subtitle (shown apart) and its footnotes.
    """
    paragraphes, exemples = [], []
    for fiche in fiches:
        entree = {
            "ref": fiche.rattachement,
            "edition": fiche.edition,
            "type": fiche.type,
            "role": fiche.role,
            "titre": fiche.titre,
            "texte": fiche.corps if fiche.type == LOI else fiche.texte,
            "ancre": fiche.ancre,
            "url": fiche.url,
            "source": fiche.source,
            "_rang": len(paragraphes) + len(exemples),  # page order, dropped from the JSON
        }
        (exemples if fiche.type == EXEMPLE else paragraphes).append(entree)
    cibles = {r.cible for _, _, e in parcourir(loi) for b in e.blocs for r in b.renvois}
    return {
        "loi": loi.numero,
        "titre": loi.titre(),
        "titres": loi.titres(),
        "url": url_loi(loi.numero),
        "paragraphes": paragraphes,
        "exemples": exemples,
        "renvois": [c.compact() for c in sorted(cibles, key=lambda c: (c.loi, c.parties))],
        "cite_par": [{"loi": _numero(c.page), "url": _url(c)} for c in cite_par if _numero(c.page)],
    }


def _numero(page: str) -> int:
    nom = page.rsplit("/", 1)[-1].removesuffix(".md")
    return int(nom) if nom.isdigit() else 0


def _url(citation: Citation) -> str:
    return citation.page.removesuffix(".md") + "/#" + citation.ancre


def objets_voir(corpus: Corpus, ancres: Ancres, fiches: Sequence[Fiche]) -> dict[int, str]:
    """The JSON object of ``loi voir`` for each law, serialised once at build time."""
    cite_par = _cite_par(corpus, ancres)
    par_loi: dict[int, list[Fiche]] = {}
    for fiche in fiches:
        if fiche.loi is not None:
            par_loi.setdefault(fiche.loi, []).append(fiche)
    return {
        loi.numero: json.dumps(objet_loi(loi, par_loi.get(loi.numero, ()), cite_par.get(loi.numero, ())),
                               ensure_ascii=False, sort_keys=False)
        for loi in corpus.lois
    }

