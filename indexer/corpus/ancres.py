"""Anchors: every element of every law page gets its HTML ids, by one set of rules.

- A law paragraph has an edition-qualified id (``loi-68-c-2017``, ``loi-68-c-2007``).
- The unqualified id (``loi-68-c``) goes to the current text: the first occurrence
  in the newest edition that has the label (``editions.EDITIONS``), in reading order
  (official text, then the Guide's quotes, the notes, the booklet); so a 2007
  paragraph carries it only where no source attests the 2017 one. A 2017 paragraph
  attested only by its sub-paragraphs (12B over 12B1) has no element: the heading
  the page gives it (``rendu.annote.entete_parent``) carries the id (``Ancres.en_tete``),
  never the 2007 paragraph of the same number, which may be another rule.
- A further 2017 occurrence of the same label (the Guide quoting what the official
  text already gives) is qualified by its role: ``loi-68-c-2017-guide``, then ``-2``…
- A preamble (the law's label alone) is ``loi-68-2017`` / ``loi-68-2007``: ``loi-68``
  is the page itself.
- Examples are numbered by position on the page: ``loi-68-exemple-3``; notes and
  commentary likewise (``loi-68-note-1``, ``loi-68-commentaire-4``).

Law ids come from ``labels.ancre`` only. A duplicate id is a bug and raises.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from indexer.editions import COURANTE, EDITIONS
from indexer.labels import Label, ancre
from indexer.model import LOI, Corpus, Element, Loi, Partie

Cle = tuple[int, int, int]  # (law number, index of the Partie, index of the Element)


class AncreEnDouble(ValueError):
    """Two elements of one page would share an id."""


@dataclass(frozen=True)
class Ancres:
    """The ids of every element: the first is the element's own, the others are aliases."""

    par_element: dict[Cle, tuple[str, ...]]
    # The 2017 paragraphs attested by their sub-paragraphs only: their bare heading has the short id.
    en_tete: frozenset[Label] = frozenset()

    def de(self, cle: Cle) -> tuple[str, ...]:
        return self.par_element.get(cle, ())


def parcourir(loi: Loi) -> Iterator[tuple[Cle, Partie, Element]]:
    for i, partie in enumerate(loi.parties):
        for j, element in enumerate(partie.elements):
            yield (loi.numero, i, j), partie, element


def _ids_loi(label: Label, partie: Partie, courant: bool, vus: set[str]) -> tuple[str, ...]:
    qualifie = ancre(label, partie.edition)
    if qualifie in vus:  # already given: a second occurrence in this edition
        base = ancre(label, partie.edition, partie.role)
        qualifie, rang = base, 2
        while qualifie in vus:
            qualifie, rang = f"{base}-{rang}", rang + 1
    return (ancre(label), qualifie) if courant and label.parties else (qualifie,)


def en_tete(loi: Loi) -> set[Label]:
    """The 2017 paragraphs of a law that only their attested sub-paragraphs show (12B over
    12B1): no element carries them; an overview of several laws (``Partie.couvre``) aside."""
    labels = {
        e.label
        for _, p, e in parcourir(loi)
        if p.edition == COURANTE and not p.couvre and e.type == LOI and e.label and e.label.parties
    }
    return {a for label in labels for a in label.ancetres()[1:-1]} - labels  # its sections, the law aside


def ancres_loi(loi: Loi) -> dict[Cle, tuple[str, ...]]:
    # For each label, the element that carries its unqualified id (no element for ``en_tete``).
    courants: dict[Label, Cle] = {label: (loi.numero, -1, -1) for label in en_tete(loi)}
    for edition in EDITIONS:
        for cle, partie, element in parcourir(loi):
            if element.type == LOI and element.label and partie.edition == edition:
                courants.setdefault(element.label, cle)
    compteurs: dict[str, int] = {}
    vus: set[str] = {ancre(Label(loi.numero))}
    resultat: dict[Cle, tuple[str, ...]] = {}
    for cle, partie, element in parcourir(loi):
        if element.type == LOI and element.label:
            ids = _ids_loi(element.label, partie, courants.get(element.label) == cle, vus)
        else:
            compteurs[element.type] = compteurs.get(element.type, 0) + 1
            ids = (ancre(Label(loi.numero), element.type, str(compteurs[element.type])),)
        for id_ in ids:
            if id_ in vus:
                raise AncreEnDouble(f"Loi {loi.numero} : l'ancre {id_} est en double.")
            vus.add(id_)
        resultat[cle] = ids
    return resultat


def calculer(corpus: Corpus, alias: dict[str, str] | None = None) -> Ancres:
    """The ids of every law page of the corpus, each retired id (``corpus/ancres.toml``) added to the
    element that now carries its target: a published link keeps landing on its passage."""
    par_element = {cle: ids for loi in corpus.lois for cle, ids in ancres_loi(loi).items()}
    par_id = {i: cle for cle, ids in par_element.items() for i in ids}
    for ancien, cible in (alias or {}).items():
        if ancien in par_id:
            raise AncreEnDouble(f"corpus/ancres.toml : l'alias {ancien} est déjà une ancre ; retirez-le.")
        if cible not in par_id:
            raise AncreEnDouble(f"corpus/ancres.toml : la cible {cible} de l'alias {ancien} n'existe pas.")
        par_element[par_id[cible]] += (ancien,)
    return Ancres(par_element, frozenset(label for loi in corpus.lois for label in en_tete(loi)))
