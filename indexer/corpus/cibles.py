"""Where a citation lands: in the edition of the text that makes it.

A 2007 text (the 2007 Code, its definitions, index and annexes; the 2008 RNC, which
applies it) cites 2007 paragraphs; a 2017 text (the Guide, the 2017 Laws 68–71, the
notes, the booklet) cites 2017 paragraphs. Both editions number their paragraphs
alike but not always for the same rule (2017 16C is withdrawn calls, 2007 16C other
sources), so a link never takes the other edition's paragraph of the same number.
In order, a citation of paragraph P from a text of edition E goes to:

1. P in E (``exact``): for 2017, a paragraph the map attests (``corpus.carte``), its
   heading alone when only its sub-paragraphs are attested;
2. P's first sub-paragraph that E's sources give (P's heading is not quoted, its
   text is; 2007 only, since 2017 headings over attested paragraphs exist);
3. going up from P to its section: the first that E's sources give, or that
   ``corpus/correspondances.toml`` declares the same rule as a paragraph of the other
   edition (that paragraph, the link marked as crossing editions);
4. the law: where its official text in E begins (the 2007 Code; 002 for the 2017
   Laws 68–71), else its page, which opens on the current text. A 2017 link then
   keeps the paragraph it could not place (``Arrivee.non_place``): the page marks it
   (« texte 2017 de 64C non donné : page de la Loi 64 »). (The 2007 text is complete:
   there a paragraph it lacks is a slip, explained in correspondances.toml.)

A citation of a whole law (« Loi 23 ») goes to 4 directly, unmarked.

Steps 2–4 are reported. A fallback to a section or the law is explained when E's sources give only
extracts of the law (every 2017 law but 68–71: the Guide and the booklet quote, they
do not reprint), or when the correspondence file declares the citation a slip of
its source; otherwise the complete text lacks the number, and ``loi construire
--strict`` refuses it.
"""

from __future__ import annotations

from dataclasses import dataclass

from indexer.corpus.ancres import Ancres, parcourir
from indexer.corpus.correspondances import FICHIER, Correspondance, Declarations
from indexer.editions import COURANTE, EDITIONS
from indexer.labels import Label, ancre
from indexer.model import LOI, ROLE_TEXTE, Corpus


def edition_du_code(edition: str) -> str:
    """The Code a text of that edition cites: the newest one not after it (RNC 2008 → 2007)."""
    return next((e for e in EDITIONS if e <= edition), EDITIONS[-1])


@dataclass(frozen=True)
class Cibles:
    """What citations can land on, per edition of the Code."""

    labels: dict[str, frozenset[Label]]
    premiers: dict[tuple[Label, str], Label]  # a paragraph → its first sub-paragraph given, per edition
    # (law, edition) whose full official text the sources give → the id where that text begins
    entrees: dict[tuple[int, str], str]
    declarations: Declarations


@dataclass(frozen=True)
class Arrivee:
    """A resolved citation: the label cited (or the section it falls back to), the id linked,
    the edition crossed to; ``message`` and ``explication`` when inexact."""

    cible: Label
    ancre: str
    autre_edition: str = ""
    message: str = ""
    explication: str = ""
    non_place: Label | None = None


def calculer_cibles(corpus: Corpus, ancres: Ancres, declarations: Declarations) -> Cibles:
    labels: dict[str, set[Label]] = {e: set() for e in EDITIONS}
    premiers: dict[tuple[Label, str], Label] = {}
    entrees: dict[tuple[int, str], str] = {}
    for loi in corpus.lois:
        for cle, partie, element in parcourir(loi):  # page order
            edition = edition_du_code(partie.edition)
            if partie.role == ROLE_TEXTE and ancres.de(cle):  # where the official, complete text begins
                entrees.setdefault((loi.numero, edition), ancres.de(cle)[-1])
            if element.type == LOI and element.label and element.label.parties:
                labels[edition].add(element.label)
                for parent in element.label.ancetres()[1:]:
                    premiers.setdefault((parent, edition), element.label)
    # The headings the page gives 2017 paragraphs attested by their sub-paragraphs only are targets too.
    labels[COURANTE] |= ancres.en_tete
    return Cibles({e: frozenset(s) for e, s in labels.items()}, premiers, entrees, declarations)


def _explication(label: Label, edition: str, cibles: Cibles) -> str:
    if (label.loi, edition) not in cibles.entrees:
        return f"les sources {edition} ne donnent que des extraits de la loi {label.loi}"
    return ""


def resoudre(label: Label, edition_texte: str, cibles: Cibles) -> Arrivee:
    edition = edition_du_code(edition_texte)
    if not label.parties:
        return Arrivee(label, cibles.entrees.get((label.loi, edition), ""))
    if label in cibles.labels.get(edition, ()):
        return Arrivee(label, ancre(label, edition))
    nom = f"{label} ({edition})"
    premier = cibles.premiers.get((label, edition))
    if premier is not None:
        return Arrivee(
            premier,
            ancre(premier, edition),
            message=f"{nom} n'est pas cité en titre ; lien vers son premier alinéa donné, {premier.compact()}.",
            explication="premier alinéa donné",
        )
    return _vers_ancetre(label, edition, cibles) or Arrivee(
        Label(label.loi),
        cibles.entrees.get((label.loi, edition), ""),
        message=f"{nom} n'est pas dans les sources ; lien vers le texte {edition} de la loi {label.loi}.",
        explication=_explication(label, edition, cibles),
        non_place=label if edition == COURANTE else None,
    )


def _vers_ancetre(label: Label, edition: str, cibles: Cibles) -> Arrivee | None:
    """The nearest paragraph above ``label`` that a link can reach: in this text, else in the other text
    by a declared correspondence; None when no such paragraph exists."""
    nom = f"{label} ({edition})"
    for ancetre in label.ancetres()[:-1]:  # up to its section, the law aside
        if ancetre != label and ancetre in cibles.labels.get(edition, ()):
            return Arrivee(
                ancetre,
                ancre(ancetre, edition),
                message=f"{nom} n'est pas dans les sources ; lien vers {ancetre.compact()}.",
                explication=_explication(label, edition, cibles),
            )
        croise = next(iter(_autres(ancetre, edition, cibles)), None)
        if croise:
            (autre, paragraphe), correspondance = croise
            # The label stays the one cited (the rule, in the text's numbering); the id is the other text's.
            return Arrivee(
                ancetre,
                ancre(paragraphe, autre),
                autre,
                f"{nom} n'est pas dans les sources ; lien marqué vers le texte {autre} de "
                f"{paragraphe.compact()}, même règle ({FICHIER}, ligne {correspondance.ligne}).",
                "correspondance déclarée",
            )
    return None


def _autres(label: Label, edition: str, cibles: Cibles) -> list[tuple[tuple[str, Label], Correspondance]]:
    return [
        (autre, correspondance)
        for correspondance in cibles.declarations.correspondances
        if (autre := correspondance.autre(edition, label)) and autre[1] in cibles.labels.get(autre[0], ())
    ]


def equivalents(label: Label, edition_texte: str, cibles: Cibles) -> tuple[Arrivee, ...]:
    """The same rule in the other editions, where a correspondence declares it and the sources give it."""
    edition = edition_du_code(edition_texte)
    return tuple(Arrivee(autre[1], ancre(autre[1], autre[0]), autre[0]) for autre, _ in _autres(label, edition, cibles))
