"""Searchable units: the model flattened into one record per paragraph, example, note,
definition, index entry, article… Each carries its anchor and site URL, so that the
index, ``loi voir --json`` and the site all point at the same place.
"""

from __future__ import annotations

from dataclasses import dataclass

from indexer.corpus.ancres import Ancres, calculer, parcourir
from indexer.model import (
    ENCHERES,
    LOI,
    TABLEAU,
    Bloc,
    Corpus,
    Document,
    Element,
    Loi,
)


@dataclass(frozen=True)
class Unite:
    """One searchable piece, with where it lives on the site."""

    loi: int | None
    ref: str
    ancre: str
    type: str
    edition: str
    source: str
    titre: str
    texte: str
    url: str


def texte_bloc(bloc: Bloc) -> str:
    """A Bloc as plain text: tables and auctions as their rows, cells tab-separated."""
    if bloc.forme in (TABLEAU, ENCHERES) and bloc.cellules:
        return "\n".join("\t".join(ligne) for ligne in bloc.cellules)
    return bloc.texte


def texte_element(element: Element) -> str:
    """An element's whole text: subtitle, blocs, then its footnotes."""
    morceaux = [element.titre] if element.titre and element.type == LOI else []
    morceaux += [texte_bloc(b) for b in element.blocs]
    morceaux += [f"[{n.cle}] {n.texte}" for n in element.notes]
    return "\n\n".join(m for m in morceaux if m)


def url_loi(numero: int, id_: str = "") -> str:
    """The site URL of a law page, or of an anchor on it."""
    return f"lois/{numero}/" + (f"#{id_}" if id_ else "")


def _ref(loi: Loi, element: Element, id_: str) -> str:
    if element.type == LOI and element.label:
        return element.label.compact()
    numero = id_.rsplit("-", 1)[-1]
    return f"{loi.numero} {element.type} {numero}"


def unites_loi(loi: Loi, ancres: Ancres) -> list[Unite]:
    """One unit per element of a law page."""
    resultat = []
    for cle, partie, element in parcourir(loi):
        ids = ancres.de(cle)
        id_ = ids[0] if ids else f"loi-{loi.numero}"
        resultat.append(
            Unite(
                loi=loi.numero,
                ref=_ref(loi, element, id_),
                ancre=id_,
                type=element.type,
                edition=partie.edition,
                source=f"{partie.source}:{element.ligne}",
                titre=loi.titre(),
                texte=texte_element(element),
                url=url_loi(loi.numero, id_),
            )
        )
    return resultat


def unites_document(document: Document) -> list[Unite]:
    """One unit per section of a side document (definitions, index, articles…)."""
    page = document.chemin.removesuffix(".md") + "/"
    return [
        Unite(
            loi=None,
            ref=section.cle,
            ancre=section.ancre,
            type=document.type,
            edition=document.edition,
            source=f"{document.source}:{section.ligne}",
            titre=f"{document.titre} — {section.titre}" if section.titre else document.titre,
            texte="\n\n".join(texte_bloc(b) for b in section.blocs)
            or section.titre,
            url=f"{page}#{section.ancre}",
        )
        for section in document.sections
    ]


def unites(corpus: Corpus) -> tuple[Unite, ...]:
    """Every searchable unit of the corpus, laws first, in page order."""
    ancres = calculer(corpus)
    resultat: list[Unite] = []
    for loi in corpus.lois:
        resultat.extend(unites_loi(loi, ancres))
    for document in corpus.documents:
        resultat.extend(unites_document(document))
    return tuple(resultat)

