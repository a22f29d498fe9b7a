"""What ``corpus/rattachements.toml`` declares: passages of a 2017 source that are about a
paragraph the source does not name there, each with its evidence, and how they apply.

The Guide comments a law quote right after it (``fiches.fiches_loi``). Where it goes on
to a paragraph it does not quote, or quotes one without its label, nothing in its layout
says which: 000:873 comments 12B1 right after the quote of 12A3, 000:276 quotes 6D2 as
« [… Aucun résultat… ». An entry names the paragraph, from what the sources say of it:

    [[paragraphe]]
    ligne = "000:873"                       # where the passage begins
    extrait = "L'objectif général d'une…"   # the words that begin there
    label = "12B1"                          # the paragraph it is about (2017)
    preuves = [ { ligne = "000:5975", extrait = "…subi un dommage (voir Loi 12B1)" } ]
    raison = "…"

``appliquer``: in the part that holds the passage, a law quote labelled by its law alone
(a preamble in form only) takes the label; anything else gets, right before it, a heading
for that paragraph without text, as the Guide's own « … (16C) : » (000:1635) is. What
follows is then attached to it, up to the next law paragraph. A quote that is the list of
its own sub-paragraphs, each item opening with its markers (the booklet's 43A, 004:663:
« 1. (a) … », « (b) … », « 3. … »), becomes one paragraph per item (``eclater``): the
source marks them, nothing is read from order.

Every ``extrait`` must begin on its line (``correspondances.preuve``), and every
passage must begin an element; a wrong line, a misquote or a label of another law is
refused with the entry's line in the file. This module opens nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from indexer.corpus.correspondances import champ, entrees, paragraphe, preuve
from indexer.editions import COURANTE
from indexer.errors import LoiErreur
from indexer.labels import Label
from indexer.marqueurs import LETTRE, NUMERO
from indexer.model import ITEM, LOI, TEXTE, Element, Extrait, Partie

FICHIER = "corpus/rattachements.toml"


class RattachementInvalide(LoiErreur):
    """An entry of corpus/rattachements.toml is malformed, or its evidence or passage is wrong."""


@dataclass(frozen=True)
class Rattachement:
    """The passage of ``source`` (file name) that begins at ``ligne`` is about ``label``."""

    source: str
    ligne: int
    label: Label
    raison: str
    ligne_toml: int


CHAMPS = ("ligne", "extrait", "label", "preuves", "raison")  # in the order written


def _erreur(ligne: int, message: str) -> RattachementInvalide:
    return RattachementInvalide(f"{FICHIER}, ligne {ligne} : {message}")


def _entree(entree: dict, ligne: int, sources: dict[str, tuple[str, ...]]) -> Rattachement:
    fichier, numero = preuve(entree, sources, ligne, _erreur)
    label = paragraphe(entree.get("label"), COURANTE, ligne, _erreur)
    preuves = entree.get("preuves")
    if not isinstance(preuves, list) or not preuves or not all(isinstance(p, dict) for p in preuves):
        raise _erreur(ligne, 'le champ « preuves » manque (attendu : [ { ligne = "000:5975", extrait = "…" } ]).')
    for autre in preuves:
        preuve(autre, sources, ligne, _erreur)
    return Rattachement(fichier, numero, label, champ(entree, "raison", ligne, _erreur), ligne)


def lire(texte: str, sources: dict[str, tuple[str, ...]]) -> tuple[Rattachement, ...]:
    """The entries of ``texte`` (the file's content, "" when absent), each checked against
    ``sources`` (source file → cleaned lines)."""
    paragraphes = entrees(texte, FICHIER, {"paragraphe": CHAMPS}, RattachementInvalide)["paragraphe"]
    return tuple(_entree(e, n, sources) for e, n in paragraphes)


def appliquer(extraits: Sequence[Extrait], rattachements: Sequence[Rattachement]) -> list[Extrait]:
    """``extraits`` with each declared passage labelled or headed (module docstring); an
    entry whose passage begins no element is refused."""
    restants = {(r.source, r.ligne): r for r in rattachements}
    resultat = [replace(x, parties=tuple((n, _partie(n, p, restants)) for n, p in x.parties)) for x in extraits]
    if restants:
        r = min(restants.values(), key=lambda r: r.ligne_toml)
        raise _erreur(
            r.ligne_toml,
            f"aucun passage ne commence à la ligne {r.ligne} de {r.source} "
            "(le début d'un paragraphe, d'un exemple ou d'une note).",
        )
    return resultat


# The markers that open an item of a declared quote: « 1. (a) », « (b) », « 3. »
_MARQUES = re.compile(rf"^(?:(?P<numero>{NUMERO})\.\s+)?(?:\((?P<lettre>{LETTRE})\)\s+)?")


def eclater(element: Element) -> list[Element]:
    """A labelled quote made only of items that each open with their markers, as one
    paragraph per item, labelled below the quote's label by those markers (43A + « 2. (b) »
    is 43A2(b)); any other element as it is."""
    if element.label is None or not element.blocs or any(b.forme != ITEM for b in element.blocs):
        return [element]
    paragraphes, numero = [], ""
    for bloc in element.blocs:
        marques = _MARQUES.match(bloc.texte)
        assert marques is not None  # every part of the pattern is optional: it matches any text
        numero = marques["numero"] or numero
        if not numero or not marques.end():
            return [element]
        parties = (*element.label.parties, numero, *([marques["lettre"]] if marques["lettre"] else []))
        texte = replace(bloc, forme=TEXTE, texte=bloc.texte[marques.end() :])
        paragraphes.append(Element(LOI, (texte,), bloc.ligne, Label(element.label.loi, parties)))
    return paragraphes


def _partie(numero: int, partie: Partie, restants: dict[tuple[str, int], Rattachement]) -> Partie:
    """One part with its declared passages applied. Where a lead-in and the quote it opens
    begin on the same line (« Jeux simultanés de deux joueurs : [Une attaque… », 6570),
    the quote is the passage."""
    preambules = {e.ligne: k for k, e in enumerate(partie.elements) if e.type == LOI and e.label == Label(numero)}
    elements: list[Element] = []
    for rang, element in enumerate(partie.elements):
        seul = preambules.get(element.ligne, rang) == rang  # else the quote on this line takes the declaration
        declare = restants.pop((partie.source, element.ligne), None) if seul else None
        if declare is None:
            elements.append(element)
            continue
        if declare.label.loi != numero:
            raise _erreur(
                declare.ligne_toml,
                f"{declare.label.compact()} n'est pas un paragraphe de la Loi "
                f"{numero}, où se trouve la ligne {declare.ligne}.",
            )
        if rang in preambules.values():
            elements += eclater(replace(element, label=declare.label))
        else:
            elements += [Element(LOI, (), element.ligne, declare.label), element]
    return replace(partie, elements=tuple(elements))
