"""Merging: the Extraits of every source → one Corpus, laws 1–93 in order.

The parts of a law are ordered for reading: the official 2017 text first, then the
Guide's commentary (with its 2017 quotes), the director's notes, the booklet's
extracts, and last the replaced 2007 text. Within a role, source order is kept.

Before that, ``etiqueter`` labels a 2017 paragraph that its source gives without a
label (``Label(N)``, a preamble in form only) when another 2017 source of the same law
names it, in one of two ways (never from the 2007 text, never from order):

- the other source quotes the same words under a label: the first ``MOTS`` words of
  ours run, in the same order, in the text of that labelled paragraph (000:3708
  « Le joueur fautif peut faire n'importe quelle déclaration légale à son tour… » is
  003's 30B1(b); 004:559 « Un membre de chaque camp doit être présent… » is 000's 6C);
- the other source restates our last ``MOTS`` words and cites the paragraph right
  after them in parentheses (003:129 « …si l'enchère insuffisante n'avait pas eu
  lieu. » is restated by 000:3378 « …n'avait pas eu lieu (27D, et voir 12B1) »: 27D).

And ``scinder`` splits an extract that runs on into another paragraph.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import replace

from indexer.editions import CODE_2017, rang
from indexer.labels import LOI_MAX, Label, parse_label
from indexer.model import (
    LOI,
    ROLE_EXTRAITS,
    ROLE_GUIDE,
    ROLE_NOTES,
    ROLE_TEXTE,
    Corpus,
    Document,
    Element,
    Extrait,
    Loi,
    Partie,
)

# Reading order of the parts of one edition: official text, commentary, notes, extracts.
ROLES = {role: ordre for ordre, role in enumerate((ROLE_TEXTE, ROLE_GUIDE, ROLE_NOTES, ROLE_EXTRAITS))}


# How many words make a quote or a restatement recognisable
MOTS = 8
# A reference in parentheses right after a restatement: "(27D, et voir 12B1)", "(Loi 27D)"
REFERENCE = re.compile(r"^\W*\((?:[Ll]oi\s+)?(?P<code>\d{1,2}[A-G][0-9A-Za-z()]*?)[,;)\s]")


def merge(extraits: Iterable[Extrait]) -> Corpus:
    par_loi: dict[int, list[Partie]] = {n: [] for n in range(1, LOI_MAX + 1)}
    documents: list[Document] = []
    for extrait in extraits:
        for numero, partie in extrait.parties:
            par_loi.setdefault(numero, []).append(partie)
        documents.extend(extrait.documents)
    lois = []
    for numero, parties in sorted(par_loi.items()):
        # Newest edition first; within an edition, the order of ROLES; sorted() is stable: source order kept.
        ordre = sorted(etiqueter(numero, parties), key=lambda p: (rang(p.edition), ROLES.get(p.role, len(ROLES))))
        lois.append(Loi(numero, tuple(ordre)))
    return Corpus(tuple(lois), tuple(sorted(documents, key=lambda d: d.chemin)))


def etiqueter(numero: int, parties: list[Partie]) -> list[Partie]:
    """The parts of one law, labelled and split as the module docstring says; the others as they are."""
    etiquetees = [replace(p, elements=tuple(_etiquete(numero, e, p, parties) for e in p.elements)) for p in parties]
    return [replace(p, elements=tuple(x for e in p.elements for x in scinder(e, p, etiquetees))) for p in etiquetees]


def scinder(element: Element, partie: Partie, parties: list[Partie]) -> list[Element]:
    """A 2017 extract that runs on into the next paragraph, its letter lost (the booklet's
    41C, 004:636, goes on with « L'entame rendue visible, le mort étale sa main… », which the
    Guide quotes as 41D, 000:4483): cut where a sentence opens with the first ``MOTS`` words of
    another source's quote of another paragraph, the rest under that label. An extract that
    opens on a sub-paragraph's words (the booklet's 40A on 40A1(a), 000:4040) gives that
    first block to the sub-paragraph, and keeps the rest."""
    if element.type != LOI or not element.label or partie.edition != CODE_2017 or partie.role == ROLE_TEXTE:
        return [element]
    autres = _debuts_cites(element.label, partie, parties)

    def nomme(texte: str, alinea: bool) -> Label | None:
        mots = _mots(texte)[:MOTS]
        cite = (lab for lab, debut in autres if len(debut) == MOTS and debut == mots)
        return next((lab for lab in cite if element.label is not None and element.label.contient(lab) == alinea), None)

    premier = nomme(element.blocs[0].texte, True) if len(element.blocs) > 1 else None
    if premier is not None:
        return [
            replace(element, blocs=element.blocs[1:]),
            Element(LOI, element.blocs[:1], element.blocs[0].ligne, premier),
        ]
    for position, bloc in enumerate(element.blocs):
        for debut in (m.end() for m in re.finditer(r"[.!?]\s+", bloc.texte)):
            label = nomme(bloc.texte[debut:], False)
            if label is not None:
                avant = (*element.blocs[:position], replace(bloc, texte=bloc.texte[:debut].rstrip()))
                apres = (replace(bloc, texte=bloc.texte[debut:]), *element.blocs[position + 1 :])
                return [replace(element, blocs=avant), Element(LOI, apres, bloc.ligne, label)]
    return [element]


def _debuts_cites(label: Label, partie: Partie, parties: list[Partie]) -> list[tuple[Label, list[str]]]:
    """The first ``MOTS`` words of each other 2017 paragraph quoted by another source than ``partie``."""
    return [
        (e.label, _mots(" ".join(b.texte for b in e.blocs))[:MOTS])
        for p in parties
        if p.source != partie.source and p.edition == CODE_2017
        for e in p.elements
        if e.type == LOI and e.label and e.label.parties and e.label != label and not e.label.contient(label)
    ]


def _etiquete(numero: int, element: Element, partie: Partie, parties: list[Partie]) -> Element:
    if element.type != LOI or element.label != Label(numero) or partie.edition != CODE_2017:
        return element
    mots = _mots(" ".join(b.texte for b in element.blocs))
    if len(mots) < MOTS:
        return element
    autres = [p for p in parties if p.source != partie.source and p.edition == CODE_2017]
    debut = re.compile(r"\b" + r"\W+".join(mots[:MOTS]) + r"\b")  # quoted under a label by another source
    etiquetes = (e for p in autres for e in p.elements if e.type == LOI and e.label and e.label.parties)
    cite = next((e.label for e in etiquetes if debut.search(_plie(" ".join(b.texte for b in e.blocs)))), None)
    label = cite or _reformule_puis_cite(numero, mots[-MOTS:], autres)
    return replace(element, label=label) if label else element


def _reformule_puis_cite(numero: int, fin: list[str], autres: list[Partie]) -> Label | None:
    motif = re.compile(r"\b" + r"\W+".join(fin) + r"\b")
    for partie in autres:
        for bloc in (b for e in partie.elements for b in e.blocs):
            for trouve in motif.finditer(_plie(bloc.texte)):
                reference = REFERENCE.match(bloc.texte[trouve.end() :])
                label = parse_label(reference["code"]) if reference else None
                if label is not None and label.loi == numero and label.parties:
                    return label
    return None


def _plie(texte: str) -> str:
    """Lower case, no accents, one apostrophe: same length as the text, so positions hold."""
    sans = "".join(c for c in unicodedata.normalize("NFD", texte) if not unicodedata.combining(c))
    return sans.lower().replace("’", "'") if len(sans) == len(texte) else texte.lower()


def _mots(texte: str) -> list[str]:
    return re.findall(r"\w+", _plie(texte))
