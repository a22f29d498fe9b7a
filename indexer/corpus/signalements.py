"""The errata that keep the source's words and add a note (``Erratum.note``), applied to
the parsed sources: the note becomes a footnote of the paragraph that holds ``avant``,
its call right after those words.

A repair that would choose a wording (the Guide's 43A1(a) lacks « pas », 000:4647) or
add words a source does not have (002's 70E1 lacks the exception that 001 and 000
give, 002:85) is not made in the text: the text stays as its source gives it, the note
says what is wrong and where the other sources say it. ``clean.appliquer_errata`` has
already checked that ``avant`` stands on its line.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from indexer.corpus.clean import Erratum, ErreurErratum
from indexer.model import Element, Extrait, NoteBas, Partie


def _annote(element: Element, erratum: Erratum) -> Element | None:
    """The element with the note's call after ``avant`` in the bloc that begins on or
    before the erratum's line and holds those words; None when it holds none."""
    candidats = [i for i, b in enumerate(element.blocs) if b.ligne <= erratum.ligne and erratum.avant in b.texte]
    if not candidats:
        return None
    rang = candidats[-1]
    bloc, cle = element.blocs[rang], f"erratum-{erratum.ligne}"  # unique in its source
    texte = bloc.texte.replace(erratum.avant, f"{erratum.avant}[^{cle}]", 1)
    blocs = (*element.blocs[:rang], replace(bloc, texte=texte), *element.blocs[rang + 1 :])
    note = NoteBas(cle, erratum.note, erratum.ligne)
    return replace(element, blocs=blocs, notes=(*element.notes, note))


def _partie(partie: Partie, restants: list[Erratum]) -> Partie:
    """The part with the notes of ``restants`` (of its source) it holds; those placed leave ``restants``."""
    elements = list(partie.elements)
    for erratum in [e for e in restants if e.source == partie.source]:
        for rang in reversed(range(len(elements))):  # the last element that begins before the line
            if elements[rang].ligne <= erratum.ligne and (annote := _annote(elements[rang], erratum)):
                elements[rang] = annote
                restants.remove(erratum)
                break
    return replace(partie, elements=tuple(elements))


def signaler(extraits: Sequence[Extrait], errata: Iterable[Erratum]) -> list[Extrait]:
    """``extraits`` with each note of ``errata`` under the paragraph it is about; a note
    that no paragraph of its source holds is refused."""
    restants = [e for e in errata if e.note]
    resultat = [replace(x, parties=tuple((n, _partie(p, restants)) for n, p in x.parties)) for x in extraits]
    if restants:
        erratum = restants[0]
        raise ErreurErratum(
            f"{erratum.source}:{erratum.ligne} : la note de corpus/errata.toml ne trouve aucun "
            f"paragraphe qui contienne « {erratum.avant} » ; corrigez l'entrée."
        )
    return resultat
