"""Flattening (pure): the linked corpus and its anchors → one ``Fiche`` per element.

The last stage before the outputs: the search index and the per-law data of
``loi voir`` both read these records, so an element's text, anchor, URL and
attachment are computed once, by the rules below.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import replace

from indexer.corpus.ancres import Ancres, Cle, parcourir
from indexer.corpus.couverture import mots
from indexer.editions import CODE_2017
from indexer.labels import Label, ancre
from indexer.model import (
    COMMENTAIRE,
    ENCHERES,
    LOI,
    TABLEAU,
    TEXTE,
    TITRE,
    Bloc,
    Corpus,
    Document,
    Element,
    Fiche,
    Loi,
    Partie,
)

# A run-in title at the head of a commentary paragraph: "Déclarations psychiques : Bien que…"
TITRE_EN_TETE = re.compile(r"^(?P<titre>[A-ZÀ-Ý][^.:;!?,()\[\]]{2,60}?)\s:\s+\S")
# A one-line lead-in that announces what follows: "Lorsque l'enchère insuffisante n'est pas acceptée :"
ANNONCE = re.compile(r"^(?P<titre>[A-ZÀ-Ý][^.:;!?\[\]]{2,90}?)\s*:$")
# Words that turn a subtitle into its opposite: "Enchère insuffisante (non) acceptée"
NEGATION = {"non", "pas", "ne", "n", "sans"}


def texte_bloc(bloc: Bloc) -> str:
    """A Bloc as plain text: tables and auctions as their rows, cells tab-separated."""
    if bloc.forme in (TABLEAU, ENCHERES) and bloc.cellules:
        return "\n".join("\t".join(ligne) for ligne in bloc.cellules)
    return bloc.texte


def url_loi(numero: int, id_: str = "") -> str:
    """The site URL of a law page, or of an anchor on it, naming its file: ``lois/68/`` would open a
    folder listing from the zip (file://), ``lois/68/index.html`` works there and over http."""
    return f"lois/{numero}/index.html" + (f"#{id_}" if id_ else "")


def sous_titres_2017(loi: Loi) -> dict[frozenset[str], Label]:
    titres: dict[frozenset[str], Label] = {}
    for _, partie, element in parcourir(loi):
        if partie.edition == CODE_2017 and element.type == LOI and element.label and element.titre:
            titres.setdefault(frozenset(mots(element.titre)), element.label)
    return titres


def titre_commentaire(element: Element) -> tuple[str, bool]:
    """The heading a commentary paragraph opens with, if any, and whether it is a title
    (a title line, a run-in title) rather than a lead-in sentence ending with ":"."""
    premier = element.blocs[0] if element.type == COMMENTAIRE and element.blocs else None
    if premier is None or premier.forme not in (TITRE, TEXTE):
        return "", False
    if premier.forme == TITRE:  # not the caption of a hand ("Le mort", then the diagram)
        legende = len(element.blocs) > 1 and element.blocs[1].forme not in (TITRE, TEXTE)
        return ("", False) if legende else (premier.texte, True)
    en_tete = TITRE_EN_TETE.match(premier.texte)
    if en_tete:
        return en_tete["titre"], True
    annonce = ANNONCE.match(premier.texte)
    return (annonce["titre"], False) if annonce else ("", False)


def _entete_declare(precedent: Element, element: Element) -> bool:
    """A law heading without text on the element's own line: the one ``rattachements``
    places before a declared passage (« Si une violation se produit : », 000:4675, 43B)."""
    return precedent.type == LOI and not precedent.blocs and precedent.ligne == element.ligne


def rattacher(titre: str, sous_titres: dict[frozenset[str], Label]) -> Label | None:
    """The 2017 paragraph whose subtitle a commentary heading restates: every word of the
    subtitle (of four letters or more) in the heading, and a negation in both or neither
    (« Lorsque l'enchère insuffisante n'est pas acceptée : » is 27B « Enchère insuffisante
    non acceptée », not 27A « Enchère insuffisante acceptée »)."""
    dits = set(mots(titre))
    trouves = [
        (len(sous_titre), label)
        for sous_titre, label in sous_titres.items()
        if {m for m in sous_titre if len(m) >= 4} <= dits
        and bool(sous_titre & NEGATION) == bool(dits & NEGATION)
        and any(len(m) >= 4 for m in sous_titre)
    ]
    return max(trouves)[1] if trouves else None


def annonce(element: Element) -> bool:
    """Whether a commentary paragraph leads into what follows: it ends with « : » or « ? »
    (« Déclaration fondée sur des informations erronées d'un adversaire : », 000:2497), or
    mid-sentence, the quote finishing it (« Les Lois précisent que [41B Le premier… », 4419;
    « Sauf pour corriger une explication… (Loi 20F5), [A5. Il n'y a aucune obligation… », 591)."""
    return _fin(element) in ":?" or en_pleine_phrase(element)


def en_pleine_phrase(element: Element) -> bool:
    """Whether a commentary paragraph stops mid-sentence (a word or a comma last): the quote
    after it finishes its sentence."""
    fin = _fin(element)
    return fin.isalpha() or fin == ","


def _fin(element: Element) -> str:
    return element.blocs[-1].texte.rstrip()[-1:] if element.type == COMMENTAIRE and element.blocs else "."


def _sous_un_titre(courant: Label, est_titre: bool, suite: Sequence[Element]) -> Label:
    """Where a commentary paragraph with a title of the Guide's own goes (one that announces
    the quote right after it is that quote's, ``fiches_loi``): among the quotes of its part,
    with the quote above it (« Ce qui est interdit : » after 40A3); after the last of them, to
    the law: a topic of its own (« Déclarations psychiques : »)."""
    if not est_titre or any(e.type == LOI and e.label for e in suite[1:]):
        return courant
    return Label(courant.loi)


def fiches_loi(loi: Loi, ancres: Ancres) -> list[Fiche]:
    """One fiche per element of a law page, in page order (``_fiches_partie``)."""
    sous_titres = sous_titres_2017(loi)
    return [f for i, partie in enumerate(loi.parties) for f in _fiches_partie(loi, i, partie, sous_titres, ancres)]


def _fiches_partie(
    loi: Loi, i: int, partie: Partie, sous_titres: dict[frozenset[str], Label], ancres: Ancres
) -> list[Fiche]:
    """One fiche per element of a part of a law page.

    The Guide comments a quote right after it: what follows a law paragraph in the
    same part is attached to it, until the next one; before any, to the law. A
    commentary heading moves the attachment: to the 2017 paragraph whose subtitle it
    restates (``rattacher``), else, for a title (« Déclarations psychiques : »,
    « Règlement sur les feuilles de convention »), back to the law: the Guide has left
    the quote above for a topic of its own. A title alone right before a quote is that
    quote's heading. A passage declared about a paragraph (``rattachements``, a heading
    without text on its line) stays with it, whatever its title. A paragraph that
    announces the commentary after it (« Commentaire sur les Lois de la WBF : », 5031)
    goes where that commentary goes.
    """
    rattachement, elements, resultat = Label(loi.numero), partie.elements, []
    for j, element in enumerate(elements):
        titre, est_titre = titre_commentaire(element)
        suivant = elements[j + 1] if j + 1 < len(elements) else None
        if element.type == LOI and element.label:
            rattachement = element.label
        elif j and _entete_declare(elements[j - 1], element):
            pass  # the heading a declaration put right before it (rattachements) outweighs its title
        elif (
            suivant is not None
            and suivant.type == LOI
            and suivant.label
            and (titre and all(b.forme == TITRE for b in element.blocs) or annonce(element))
        ):
            rattachement = suivant.label  # "Alternative logique" / [16B1(b). …, or « … priorité ? [50D1b. »
        elif titre:
            rattachement = rattacher(titre, sous_titres) or _sous_un_titre(rattachement, est_titre, elements[j:])
        resultat.append(_fiche_element(loi, (loi.numero, i, j), partie, element, rattachement, ancres))
    for j in reversed(range(len(elements) - 1)):
        if annonce(elements[j]) and elements[j + 1].type != LOI:
            resultat[j] = replace(resultat[j], rattachement=resultat[j + 1].rattachement)
    return resultat


def _fiche_element(loi: Loi, cle: Cle, partie: Partie, element: Element, rattachement: Label, ancres: Ancres) -> Fiche:
    ids = ancres.de(cle)
    id_ = ids[0] if ids else ancre(Label(loi.numero))
    ref = f"{loi.numero} {element.type} {id_.rsplit('-', 1)[-1]}"  # « 12 exemple 3 »: its place on the page
    blocs, notes = [texte_bloc(b) for b in element.blocs], [f"[{n.cle}] {n.texte}" for n in element.notes]
    return Fiche(
        loi=loi.numero,
        ref=element.label.compact() if element.type == LOI and element.label else ref,
        rattachement=rattachement.compact(),
        ancre=id_,
        url=url_loi(loi.numero, ids[0] if ids else ""),
        type=element.type,
        edition=partie.edition,
        role=partie.role,
        source=f"{partie.source}:{element.ligne}",
        titre=element.titre,
        page=loi.titre(),
        texte="\n\n".join(m for m in [element.titre if element.type == LOI else "", *blocs, *notes] if m),
        corps="\n\n".join(blocs),
    )


def fiches_document(document: Document) -> Iterator[Fiche]:
    page = document.chemin.removesuffix(".md") + "/index.html"  # as url_loi: a file, for file://
    vedettes: list[str] = []  # the index's headword, then sub-entry, above this entry
    for section in document.sections:
        texte = "\n\n".join(texte_bloc(b) for b in section.blocs) or section.titre
        vedettes = [*vedettes[: section.niveau - 1], section.titre]
        titre = " › ".join(vedettes) if document.type == "index" else section.titre  # « Concession › Contestée »
        yield Fiche(
            loi=None,
            ref=section.cle,
            rattachement="",
            ancre=section.ancre,
            url=f"{page}#{section.ancre}",
            type=document.type,
            edition=document.edition,
            role="",
            source=f"{document.source}:{section.ligne}",
            titre=section.titre,
            page=f"{document.titre} — {titre}" if section.titre else document.titre,
            texte=texte,
            corps=texte,
        )


def fiches(corpus: Corpus, ancres: Ancres) -> tuple[Fiche, ...]:
    lois = (f for loi in corpus.lois for f in fiches_loi(loi, ancres))
    return (*lois, *(f for document in corpus.documents for f in fiches_document(document)))
