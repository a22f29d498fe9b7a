"""What ``corpus/situations.toml`` declares: table situations told in a director's words,
each under the 2017 paragraph that governs it, for the search to find that paragraph.

The Code says a rule in the legislator's words (« une carte exposée par inadvertance »),
a director hears the facts (« sa carte est tombée par terre »). Each entry is a search
document of its own that counts for its paragraph's law; it is never shown: a result
found through it shows the paragraph (``fiches_situations`` gives it the paragraph's
anchor, reference and edition, by which ``recherche.index.documents`` finds it)::

    [[situation]]
    ref = "16C"
    texte = "Une carte d'un autre étui est tombée par terre et un joueur l'a vue."
    par = "équipe : rédaction à l'aveugle"
    le = 2026-11-23
    verifie = "16C"

Each entry says who wrote it and when, and the 2017 passage it was checked against
(``verifie``): the place the search shows for it. That place is computed from the 2017
map (a paragraph our sources do not attest falls back to an attested ancestor or to the
law), so the build refuses an entry whose computed place is not the one checked: a
change of the map, or a fallback nobody read, sends the entry back to a reader instead
of silently showing another paragraph. A reference that does not parse, a missing or
unknown field, is refused with its line in the file. This module opens nothing.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass, replace

from indexer.corpus.cibles import Cibles, resoudre
from indexer.corpus.correspondances import champ, entrees
from indexer.editions import CODE_2017
from indexer.errors import LoiErreur
from indexer.labels import Label, parse_label
from indexer.model import LOI, SITUATION, Fiche

FICHIER = "corpus/situations.toml"
EDITION = CODE_2017  # the numbering the situations are written in: they point to its paragraphs only
CHAMPS = ("ref", "texte", "par", "le", "verifie")  # all required, in the order written


class SituationInvalide(LoiErreur):
    """An entry of corpus/situations.toml is malformed, or its law has no 2017 passage."""


@dataclass(frozen=True)
class Situation:
    """A table situation (``texte``) governed by the 2017 paragraph ``label``, written by
    ``par`` on ``le`` and checked against the 2017 passage ``verifie``."""

    label: Label
    texte: str
    ligne: int
    par: str
    le: datetime.date
    verifie: Label


def _erreur(ligne: int, message: str) -> SituationInvalide:
    return SituationInvalide(f"{FICHIER}, ligne {ligne} : {message}")


def lire(texte: str) -> tuple[Situation, ...]:
    situations = entrees(texte, FICHIER, {"situation": CHAMPS}, SituationInvalide)["situation"]
    return tuple(_situation(e, n) for e, n in situations)


def _situation(entree: dict, ligne: int) -> Situation:
    ref, texte, par = (champ(entree, nom, ligne, _erreur) for nom in ("ref", "texte", "par"))
    le = entree.get("le")
    if type(le) is not datetime.date:  # a datetime is a date too: a time of day means a slip
        raise _erreur(ligne, "le champ « le » manque ou n'est pas une date (attendu : le = 2026-11-23).")
    verifie = champ(entree, "verifie", ligne, _erreur)
    return Situation(
        _label(ref, ligne), " ".join(texte.split()), ligne, " ".join(par.split()), le, _label(verifie, ligne)
    )


def _label(ref: str, ligne: int) -> Label:
    label = parse_label(ref)
    if label is None:
        raise _erreur(ligne, f"« {ref} » n'est pas une référence du Code (attendu : 16, 16B1, 12C1(e)).")
    return label


def fiches_situations(situations: Sequence[Situation], fiches: Sequence[Fiche], cibles: Cibles) -> tuple[Fiche, ...]:
    """One search fiche per situation: its own words, its paragraph's place and reference.

    The paragraph is found as a 2017 citation of it would be (``cibles.resoudre``): the
    2017 sources give most laws in extracts, so 25A2 may land on 25A, or on the law. Its
    fiche: the paragraph's first quote in page order (for a paragraph attested by its
    sub-paragraphs only, 12C1, the first of them); for a law, its preamble if quoted, else
    its first 2017 passage.
    """
    textes: dict[str, Fiche] = {}
    premiers: dict[str, Fiche] = {}
    for fiche in fiches:
        if fiche.loi is not None and fiche.edition == EDITION:
            premiers.setdefault(str(fiche.loi), fiche)
            if fiche.type == LOI:
                textes.setdefault(fiche.ref, fiche)
                label = parse_label(fiche.ref)
                for ancetre in label.ancetres()[1:-1] if label else ():  # its sections, the law aside
                    textes.setdefault(ancetre.compact(), fiche)
    paragraphes = {**premiers, **textes}
    return tuple(
        replace(
            _paragraphe_verifie(situation, paragraphes, cibles),
            loi=None,
            type=SITUATION,
            role="",
            source=f"situations:{situation.ligne}",
            titre="",
            texte=situation.texte,
            corps=situation.texte,
        )
        for situation in situations
    )


def _paragraphe_verifie(situation: Situation, paragraphes: dict[str, Fiche], cibles: Cibles) -> Fiche:
    arrivee = resoudre(situation.label, EDITION, cibles).cible
    if arrivee != situation.verifie:
        lieu, verifie = arrivee.compact(), situation.verifie.compact()
        raise _erreur(
            situation.ligne,
            f"« {situation.label.compact()} » se place sous {lieu} dans nos sources "
            f"2017, mais a été vérifiée contre {verifie} : relisez-la avec « loi voir "
            f"{lieu} » et corrigez ref ou verifie.",
        )
    cible = paragraphes.get(arrivee.compact()) or paragraphes.get(str(arrivee.loi))
    if cible is None:
        raise _erreur(
            situation.ligne,
            f"« {situation.label.compact()} » : la loi {arrivee.loi} n'a aucun "
            "passage 2017 dans nos sources ; vérifiez avec « loi voir ».",
        )
    return cible
