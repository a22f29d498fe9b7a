"""Flattening (pure): the linked corpus and its anchors → one ``Fiche`` per element.

The last stage before the outputs: the search index and the per-law data of
``loi voir`` both read these records, so an element's text, anchor, URL and
attachment are computed once, by the rules below.
"""

from __future__ import annotations

from collections.abc import Iterator

from indexer.corpus.ancres import Ancres, parcourir
from indexer.labels import Label
from indexer.model import ENCHERES, LOI, TABLEAU, Bloc, Corpus, Document, Element, Fiche, Loi


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


def fiches_loi(loi: Loi, ancres: Ancres) -> Iterator[Fiche]:
    """One fiche per element of a law page, in page order.

    The Guide comments a quote right after it: what follows a law paragraph in the
    same part is attached to it, until the next one; before any, to the law.
    """
    rattachement, partie_courante = Label(loi.numero), -1
    for cle, partie, element in parcourir(loi):
        if cle[1] != partie_courante:
            rattachement, partie_courante = Label(loi.numero), cle[1]
        if element.type == LOI and element.label:
            rattachement = element.label
        ids = ancres.de(cle)
        id_ = ids[0] if ids else f"loi-{loi.numero}"
        yield Fiche(
            loi=loi.numero, ref=_ref(loi, element, id_), rattachement=rattachement.compact(),
            ancre=id_, url=url_loi(loi.numero, ids[0] if ids else ""), type=element.type,
            edition=partie.edition, role=partie.role, source=f"{partie.source}:{element.ligne}",
            titre=element.titre, page=loi.titre(), texte=texte_element(element),
            corps="\n\n".join(texte_bloc(b) for b in element.blocs),
        )  # fmt: skip


def fiches_document(document: Document) -> Iterator[Fiche]:
    """One fiche per section of a side document (definitions, index, articles…)."""
    page = document.chemin.removesuffix(".md") + "/"
    for section in document.sections:
        texte = "\n\n".join(texte_bloc(b) for b in section.blocs) or section.titre
        yield Fiche(
            loi=None, ref=section.cle, rattachement="", ancre=section.ancre,
            url=f"{page}#{section.ancre}", type=document.type, edition=document.edition,
            role="", source=f"{document.source}:{section.ligne}", titre=section.titre,
            page=f"{document.titre} — {section.titre}" if section.titre else document.titre,
            texte=texte, corps=texte,
        )  # fmt: skip


def fiches(corpus: Corpus, ancres: Ancres) -> tuple[Fiche, ...]:
    """Every fiche of the corpus: law pages first, then side documents, in page order."""
    resultat = [f for loi in corpus.lois for f in fiches_loi(loi, ancres)]
    resultat += [f for document in corpus.documents for f in fiches_document(document)]
    return tuple(resultat)
