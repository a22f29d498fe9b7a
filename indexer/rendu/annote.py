"""The annotated code (pure): a law's 2017 text assembled from its sources, each paragraph followed by what the sources
say of it.

The form French lawyers know from a « code annoté »: the text of the law first, then under each paragraph its
commentary. The 2017 text is the official text (002) where the sources give it; elsewhere it is assembled, in label
order, from the quotes of the club booklet (004), the director's notes (003) and the Guide (000). When two sources
give one paragraph, ``rendu.versions`` chooses the text and the others are kept as « autres versions », so that
nothing is lost. Commentary, examples and notes go under the paragraph ``corpus.fiches`` attaches them to
(``Fiche.rattachement``): the rule is stated there once, for the page, the search and ``loi voir`` alike.
"""

from __future__ import annotations

import html
from collections import Counter
from dataclasses import dataclass
from itertools import chain, groupby

from indexer.corpus.ancres import Ancres, Cle, parcourir
from indexer.corpus.fiches import annonce, en_pleine_phrase, fiches_loi
from indexer.editions import COURANTE, EDITIONS
from indexer.labels import Label, ancre, parse_label
from indexer.model import LOI, ROLE_EXTRAITS, ROLE_GUIDE, ROLE_NOTES, ROLE_TEXTE, Loi
from indexer.rendu.elements import (
    SECTIONS,
    Occurrence,
    Page,
    element_markdown,
    ids_sections,
    lien_edition,
    niveau,
    source_ligne,
)
from indexer.rendu.entetes import PARENT_SEUL
from indexer.rendu.pagination import Pages
from indexer.rendu.versions import autre_version, choisir, mots, pareil, piece
from indexer.sources import source

_ROMAINS = {"i": 1, "ii": 2, "iii": 3, "iv": 4, "v": 5, "vi": 6, "vii": 7, "viii": 8, "ix": 9, "x": 10}


@dataclass(frozen=True)
class Paragraphe:
    """A paragraph of the 2017 text, as the map attests it (``corpus.carte``): the quote
    that is its text (or the heading that attests it without the words) and its further
    pieces, the other sources' versions, its commentary, examples and notes in source order."""

    label: Label
    texte: Occurrence
    autres: tuple[Occurrence, ...] = ()
    commentaire: tuple[Occurrence, ...] = ()
    suite: tuple[Occurrence, ...] = ()  # the text's further pieces in its source (« [50B. (...) Toute… »)
    amorces: tuple[Occurrence, ...] = ()  # the commentary that leads into one of its quotes

    @property
    def sans_texte(self) -> bool:  # a heading of the Guide's for a paragraph it comments without quoting
        return not self.texte.element.blocs

    @property
    def versions(self) -> list[Occurrence]:  # its quotes in page order
        return sorted((self.texte, *self.suite, *self.autres), key=lambda o: o.cle)


@dataclass(frozen=True)
class Annote:
    """The annotated 2017 text of a law: the parts merged into it, the commentary on
    the whole law (before any quote, then after the last), the paragraphs in label order."""

    parties: tuple[int, ...]
    tete: tuple[Occurrence, ...]
    paragraphes: tuple[Paragraphe, ...]
    fin: tuple[Occurrence, ...]
    complet: bool  # the official text gives the whole law (002)


def ordre(label: Label) -> tuple[tuple[int, int | str], ...]:
    """The reading order of labels: 12C2 before 12C10, (iv) before (v)."""
    return tuple(_rang(partie, rang >= 3) for rang, partie in enumerate(label.parties))


def _rang(partie: str, romain: bool) -> tuple[int, int | str]:
    if partie.isdigit():
        return (0, int(partie))
    return (0, _ROMAINS[partie]) if romain and partie in _ROMAINS else (1, partie)


def fusionnees(loi: Loi) -> tuple[int, ...]:
    """The parts whose elements make the annotated text: every 2017 part but an overview
    of several laws (the Guide's 28–32), which keeps its own section."""
    return tuple(i for i, p in enumerate(loi.parties) if p.edition == COURANTE and not p.couvre)


def _rattachements(loi: Loi, ancres: Ancres) -> dict[Cle, Label]:
    elements = zip(parcourir(loi), fiches_loi(loi, ancres), strict=True)
    return {cle: parse_label(f.rattachement) or Label(loi.numero) for (cle, _, _), f in elements}


def _amorces(gloses: list[Occurrence], quotes: list[Occurrence]) -> tuple[tuple[Occurrence, ...], ...]:
    """The commentary attached to a paragraph that leads, right before it, into one of its quotes, with the paragraphs
    that lead into that one (« La Loi 31 s'applique pour : a) …, b) … et » then « c) … Si une telle déclaration
    n'est pas acceptée : [31A. »): it opens the paragraph (``_amorce_de``); and the rest."""
    suivantes = {q.cle for q in quotes}
    amorces: list[Occurrence] = []
    for occurrence in reversed(gloses):
        cle = occurrence.cle
        if annonce(occurrence.element) and (cle[0], cle[1], cle[2] + 1) in suivantes:
            amorces.insert(0, occurrence)
            suivantes.add(cle)
    return tuple(amorces), tuple(o for o in gloses if o not in amorces)


def annoter(loi: Loi, ancres: Ancres) -> Annote:
    parties = fusionnees(loi)
    rattache = _rattachements(loi, ancres)
    quotes: dict[Label, list[Occurrence]] = {}
    gloses: dict[Label, list[Occurrence]] = {}
    tete: list[Occurrence] = []
    fin: list[Occurrence] = []
    dernier: dict[int, Label] = {}  # per part, the label of the last quote read
    apres: dict[Cle, Label] = {}  # a quote of the law alone after lettered ones: it stays after them
    for cle, partie, element in parcourir(loi):
        if cle[1] not in parties:
            continue
        occurrence = Occurrence(cle, partie, element)
        if element.type == LOI and element.label:
            quotes.setdefault(element.label, []).append(occurrence)
            if not element.label.parties and dernier.get(cle[1], element.label).parties:
                apres[cle] = dernier[cle[1]]  # 004's « Changement de position », unlettered, after 5A
            dernier[cle[1]] = element.label
            continue
        label = rattache[cle]
        if label.parties or dernier.get(cle[1]) == label:
            gloses.setdefault(label, []).append(occurrence)
        else:  # on the whole law: before any quote of its part, or a topic of its own after them
            (fin if cle[1] in dernier else tete).append(occurrence)
    paragraphes = []
    for label, occurrences in quotes.items():
        alineas: dict[int, int] = {}
        for autre, sous in quotes.items():
            if autre != label and label.parties and label.contient(autre):
                for o in sous:
                    alineas[o.cle[1]] = alineas.get(o.cle[1], 0) + mots(o)
        texte, suite, autres = choisir(occurrences, alineas)
        amorces, commentaire = _amorces(gloses.pop(label, []), occurrences)
        paragraphes.append(Paragraphe(label, texte, autres, commentaire, suite, amorces))
    fin += chain.from_iterable(gloses.values())  # attached to a paragraph no 2017 source of this page attests
    complet = any(loi.parties[i].role == ROLE_TEXTE for i in parties)
    paragraphes.sort(key=lambda p: (*ordre(apres[p.texte.cle]), (2, "")) if p.texte.cle in apres else ordre(p.label))
    return Annote(parties, tuple(tete), tuple(paragraphes), tuple(sorted(fin, key=lambda o: o.cle)), complet)


# --- rendering ---------------------------------------------------------------------------

# What a source's commentary is called above it, by the source's role.
GLOSES = {ROLE_GUIDE: "Commentaire", ROLE_NOTES: "Note", ROLE_EXTRAITS: "Extrait", ROLE_TEXTE: "Texte"}


def _ids_echanges(paragraphe: Paragraphe, ancres: Ancres) -> dict[Cle, tuple[str, ...]]:
    """The anchors of a paragraph's quotes: the text shown takes the anchors of the first
    quote in page order (the current text's ``loi-74-a-1``, ``loi-74-a-1-2017``), the others
    the remaining ones, so that every id stays and a link lands on the text shown."""
    ordre_page = paragraphe.versions
    rangees = [paragraphe.texte, *(o for o in ordre_page if o is not paragraphe.texte)]
    return {o.cle: ancres.de(p.cle) for o, p in zip(rangees, ordre_page, strict=True)}


def _gloses(occurrences: tuple[Occurrence, ...], page: Page, sur: str = "") -> str:
    boites: list[str] = []
    for fiche, suite in groupby(occurrences, key=lambda o: source(o.partie.source)):
        gloses = list(suite)
        quoi = GLOSES.get(gloses[0].partie.role, "Commentaire") + sur
        etiquette = html.escape(f"{quoi} · {fiche.nom}", quote=False)
        boites.append(f'<div class="glose" markdown>\n<p class="glose-source">{etiquette}</p>')
        boites += [element_markdown(o, page) for o in gloses] + ["</div>"]
    return "\n\n".join(boites)


def _sans_texte(paragraphe: Paragraphe, labels: set[Label], page: Page) -> str:
    """The line under a 2017 heading that no source gives the words of, with the 2007
    paragraph of the same rule where a correspondence declares one."""
    label = paragraphe.label
    if not paragraphe.sans_texte or any(label.contient(autre) and autre != label for autre in labels):
        return ""  # its words given, or a heading over its sub-paragraphs
    if paragraphe.texte.partie.role == ROLE_GUIDE and (paragraphe.texte.element.titre or paragraphe.commentaire):
        phrase = "*Le Guide commente ce paragraphe sans en citer le texte.*"
    else:
        phrase = f"*Les sources ne donnent pas le texte {COURANTE} de ce paragraphe.*"
    ancien = page.contexte.carte.anciens.get(label)
    if ancien is not None:
        autre = EDITIONS[-1]
        phrase += (
            f" Même règle dans le Code {autre} : [{ancien.compact()}]({lien_edition(ancien, autre, page)})"
            f'{{ .autre-edition title="Texte {autre}, remplacé" }}.'
        )
    return f"{phrase}\n{{: .sans-texte }}"


def differe(paragraphe: Paragraphe, paragraphes: tuple[Paragraphe, ...]) -> bool:
    """True when a paragraph's commentary speaks of its sub-paragraphs too, and so goes
    after them: its source quoted the paragraph but none of its sub-paragraphs (the Guide
    quotes 68D, then comments 68D1 and 68D2, which only the official text gives)."""
    parties = {o.cle[1] for o in paragraphe.commentaire}
    enfants = [p for p in paragraphes if p.label != paragraphe.label and paragraphe.label.contient(p.label)]
    cites = {o.cle[1] for p in enfants if p.texte for o in (p.texte, *p.autres)}
    return bool(paragraphe.label.parties and enfants and parties and not parties & cites)


def entete_parent(label: Label, page: Page) -> str:
    """The heading of a paragraph the 2017 sources give no heading of: its label alone (no
    title is borrowed from 2007, no text is made up), with the short anchor (``loi-12-b``,
    ``corpus.ancres.en_tete``) and the one of its edition; ``rendu.entetes`` says what it is."""
    page.fermer(niveau(label))
    return (
        f"{'#' * niveau(label)} {label.compact()} {{ #{ancre(label)} aussi={ancre(label, COURANTE)} .{PARENT_SEUL} }}"
    )


def _paragraphes(paragraphes: tuple[Paragraphe, ...], labels: set[Label], page: Page) -> list[str]:
    """The paragraphs in order, a commentary on a paragraph and its sub-paragraphs after the last of them
    (``differe``), a heading for an enclosing paragraph no 2017 source gives the heading of (``corpus.ancres.en_tete``,
    12B over 12B1, 12C1 over 12C1(a)): without it, 12B1 and 12C1(a) would read as parts of 12A."""
    morceaux: list[str] = []
    attente: list[tuple[Label, str]] = []
    parents = set(page.contexte.ancres.en_tete)  # the page's are its paragraphs' ancestors
    for paragraphe in paragraphes:
        while attente and not attente[-1][0].contient(paragraphe.label):
            morceaux.append(attente.pop()[1])
        manquants = [a for a in reversed(paragraphe.label.ancetres()) if a in parents]
        morceaux += [entete_parent(a, page) for a in manquants]
        parents.difference_update(manquants)
        apres = differe(paragraphe, paragraphes)
        morceaux.append(_paragraphe(paragraphe, labels, page, gloses=not apres))
        if apres:
            attente.append(
                (paragraphe.label, _gloses(paragraphe.commentaire, page, f" sur {paragraphe.label.compact()}"))
            )
    return morceaux + [m for _, m in reversed(attente)]


def _amorce_de(paragraphe: Paragraphe, page: Page) -> dict[Cle, str]:
    """Each run of lead-ins (``Paragraphe.amorces``) as Markdown: above the text's words, or,
    when it ends mid-sentence, the quote finishing its sentence, inside that quote's other
    version (« Les Lois précisent que [41B Le premier tour… »)."""
    suites: list[list[Occurrence]] = []  # runs of consecutive lead-ins, judged by their last one
    for occurrence in paragraphe.amorces:
        precedente = suites[-1][-1].cle if suites else None
        if precedente and precedente[:2] == occurrence.cle[:2] and precedente[2] + 1 == occurrence.cle[2]:
            suites[-1].append(occurrence)
        else:
            suites.append([occurrence])
    versions = paragraphe.versions
    parties: dict[Cle, list[Occurrence]] = {}
    for suite in suites:
        quote = next(o for o in versions if o.cle > suite[-1].cle)  # the quote right after the run
        if not en_pleine_phrase(suite[-1].element) or pareil(quote, paragraphe.texte):
            quote = paragraphe.texte
        parties.setdefault(quote.cle, []).extend(suite)
    return {cle: _gloses(tuple(liste), page) for cle, liste in parties.items()}


def _paragraphe(paragraphe: Paragraphe, labels: set[Label], page: Page, gloses: bool = True) -> str:
    ids = _ids_echanges(paragraphe, page.contexte.ancres)
    texte = paragraphe.texte
    muets = [o for o in paragraphe.autres if not mots(o)]  # a heading again, or « (...) »: its anchors only
    alias = tuple(i for o in muets for i in ids[o.cle])
    amorces = _amorce_de(paragraphe, page)
    morceaux = [
        element_markdown(texte, page, ids[texte.cle] + alias, amorces.get(texte.cle, "")),
        _sans_texte(paragraphe, labels, page),
    ]
    morceaux += [piece(o, ids[o.cle], page) for o in paragraphe.suite]
    morceaux += [
        autre_version(o, texte, ids[o.cle], page, amorces.get(o.cle, "")) for o in paragraphe.autres if mots(o)
    ]
    morceaux.append(_gloses(paragraphe.commentaire, page) if gloses else "")
    return "\n\n".join(m for m in morceaux if m)


def _principale(annote: Annote, loi: Loi) -> str:
    """The source most paragraphs of the annotated text come from (stated once, above it)."""
    comptes = Counter(source(p.texte.partie.source).cle for p in annote.paragraphes)
    if comptes:
        return max(sorted(comptes), key=comptes.__getitem__)
    return source(loi.parties[annote.parties[0]].source).cle


def _presentation(annote: Annote, loi: Loi, ids: list[str], pages: dict[str, Pages]) -> str:
    ancres = "".join(f'<span id="{i}"></span>' for i in ids)
    parties = [loi.parties[i] for i in annote.parties]
    cite = [p for p in parties if any(e.type == LOI and e.blocs for e in p.elements)]
    textes = [p for p in parties if p.role == ROLE_TEXTE] if annote.complet else cite
    cites = " ; ".join(source_ligne(p, loi, pages) for p in textes)
    autres = " ; ".join(source_ligne(p, loi, pages) for p in parties if p not in textes)
    if annote.complet:
        phrase = f"Texte officiel : {cites}."
    elif textes:
        phrase = f"Texte 2017 tel que le citent les sources (le texte officiel complet manque) : {cites}."
    else:
        phrase = (
            'Aucune source ne donne les mots du texte 2017 : voir le <a class="autre-edition" '
            'href="#texte-2007">texte 2007</a> (remplacé).'
        )
    if autres:
        phrase += f" Commentaire : {autres}."
    return f'<p class="source">{ancres}{phrase}</p>'


RESUME_GENERAL = "Commentaire sur l'ensemble de la loi (avant le texte dans la source)"


def annoter_markdown(loi: Loi, page: Page) -> str:
    annote = annoter(loi, page.contexte.ancres)
    if not annote.parties:
        return ""
    ids = [ids_sections(loi)[i] for i in annote.parties]
    page.ouvrir(_principale(annote, loi))
    labels = {p.label for p in annote.paragraphes}
    commente = any(p.commentaire for p in annote.paragraphes) or annote.tete or annote.fin
    titre = "Texte 2017 et commentaire" if commente else "Texte 2017"
    if not labels:  # the commentary alone: named after its source, as a section of its own
        partie = loi.parties[annote.parties[0]]
        titre = SECTIONS.get((partie.edition, partie.role), (partie.role,))[0]
    morceaux = [
        f"## {titre} {{ #{ids[0]} src={page.section} }}",
        _presentation(annote, loi, ids[1:], page.contexte.pages),
    ]
    paragraphes = list(annote.paragraphes)
    if paragraphes and not paragraphes[0].label.parties:  # the preamble, then what is said of the whole law
        morceaux += [_paragraphe(paragraphes.pop(0), labels, page), _gloses(annote.tete, page)]
    elif annote.tete and labels:  # the law's words first: the commentary on the whole law folded above them
        morceaux.append(
            f'<details class="glose-generale" markdown>\n<summary>{RESUME_GENERAL}</summary>\n\n'
            f"{_gloses(annote.tete, page)}\n\n</details>"
        )
    else:
        morceaux.append(_gloses(annote.tete, page))
    morceaux += _paragraphes(tuple(paragraphes), labels, page)
    morceaux.append(_gloses(annote.fin, page, " sur l'ensemble de la loi"))
    return "\n\n".join(m for m in morceaux if m)
