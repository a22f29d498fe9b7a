"""Publishing (pure): the linked corpus → every generated file, as {path: text}.

Paths are relative to the project folder. The same function feeds ``loi construire``
(which writes what changed) and the staleness test (which compares).
"""

from __future__ import annotations

import json
from typing import Any

from indexer.corpus.ancres import Ancres, parcourir
from indexer.labels import Label
from indexer.model import EXEMPLE, LOI, Corpus, Element, Loi
from indexer.recherche.unites import texte_bloc, texte_element, url_loi
from indexer.rendu.loi import Citation, Contexte, apercus, citations, render_loi
from indexer.rendu.pages import (
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
    contexte = Contexte(sources, ancres, _cite_par(corpus, ancres), apercus(corpus.lois))
    sortie = {f"{DOSSIER_LOIS}/{loi.numero}.md": render_loi(loi, contexte) for loi in corpus.lois}
    sortie[f"{DOSSIER_LOIS}/index.md"] = render_table_des_lois(corpus, chapitres)
    for document in corpus.documents:
        sortie[f"docs/{document.chemin}"] = render_document(document, sources)
    definitions = next((d for d in corpus.documents if d.type == "definition"), None)
    sortie[ABREVIATIONS] = render_abreviations(definitions)
    sortie[CARTE_CITATIONS] = render_citations(corpus, ancres)
    return sortie


def objet_loi(loi: Loi, ancres: Ancres, cite_par: tuple[Citation, ...]) -> dict[str, Any]:
    """The whole law as the JSON object of ``loi voir``, with an attachment per element.

    Law text is attached to its own label; commentary, examples and notes to the last
    law paragraph quoted before them in the same part (the Guide comments a quote
    right after it), or to the law itself.
    """
    paragraphes, exemples, cibles = [], [], set()
    rattachement, partie_courante = Label(loi.numero), -1
    for cle, partie, element in parcourir(loi):
        if cle[1] != partie_courante:
            rattachement, partie_courante = Label(loi.numero), cle[1]
        if element.type == LOI and element.label:
            rattachement = element.label
        ids = ancres.de(cle)
        cibles.update(r.cible for b in element.blocs for r in b.renvois)
        entree = {
            "ref": rattachement.compact(),
            "edition": partie.edition,
            "type": element.type,
            "role": partie.role,
            "titre": element.titre,
            "texte": texte_element(element) if element.type != LOI else _texte_seul(element),
            "ancre": ids[0] if ids else f"loi-{loi.numero}",
            "url": url_loi(loi.numero, ids[0] if ids else ""),
            "source": f"{partie.source}:{element.ligne}",
            "_rang": len(paragraphes) + len(exemples),  # page order, dropped from the JSON
        }
        (exemples if element.type == EXEMPLE else paragraphes).append(entree)
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


def _texte_seul(element: Element) -> str:
    """A law paragraph's text without its subtitle (given apart) and its footnotes."""
    return "\n\n".join(texte_bloc(b) for b in element.blocs)


def _numero(page: str) -> int:
    nom = page.rsplit("/", 1)[-1].removesuffix(".md")
    return int(nom) if nom.isdigit() else 0


def _url(citation: Citation) -> str:
    return citation.page.removesuffix(".md") + "/#" + citation.ancre


def objets_voir(corpus: Corpus, ancres: Ancres) -> dict[int, str]:
    """The JSON object of ``loi voir`` for each law, serialised once at build time."""
    cite_par = _cite_par(corpus, ancres)
    return {
        loi.numero: json.dumps(objet_loi(loi, ancres, cite_par.get(loi.numero, ())),
                               ensure_ascii=False, sort_keys=False)
        for loi in corpus.lois
    }

