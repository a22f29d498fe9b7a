"""Locating the 2007 laws in 001: TOC 2, the law headings, the footnotes.

001 never says "LOI N" in its body (corpus/NOTES.md §2.3): a law starts at its bare title.
TOC 2 (lines 609–1582, "correspondance des rubriques et des pages") is the only place
that ties a number to a 2007 title and lists the section letters with their 2007
subtitles; TOC 1 (172–608) carries 1997 titles and is never read. This module reads
TOC 2, finds the 93 titles in the body in sequence, and pairs footnote calls with
footnote lines. ``code2007`` builds the law elements from these landmarks.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import reduce
from itertools import accumulate

from indexer import marqueurs
from indexer.corpus.clean import Lignes
from indexer.corpus.parsers import code2007_blocs as blocs

# TOC 2, law entries only: LOI 1 (617) to the line before "ANNEXE" / "I" (1536).
TOC2_DEBUT = 617
TOC2_FIN = 1535

# "Donne.....16", "12......20", "toutes précisées ......31": leader and page number.
_POINTILLES = re.compile(r"\s*\.{5,}\s*(?P<page>\d*)\s*$")
# 767 "6", 936 "7", 1103 "8", 1433 "10": page numbers leaked into TOC 2.
_NUMERO_DE_PAGE = re.compile(r"^\d{1,3}$")
# "LOI 1 Le jeu de cartes…", "LOI" (the number follows), "LOI 91 - Pénaliser…"
_ENTREE_LOI = re.compile(r"^LOI\b")
_LOI = re.compile(r"^LOI\s+(?P<numero>\d{1,2})\s*(?:-\s+)?(?P<titre>.*)$")
# "B. Changement de position ou de table", "A." (the subtitle follows)
_ENTREE_SECTION = re.compile(rf"^(?P<lettre>{marqueurs.SECTION})\.(?:\s+(?P<texte>.*))?$")
# What survives normalisation: letters, digits and '()- ("Carte(s) manquante(s)").
_HORS_TITRE = re.compile(r"[^\w'()-]|_")

# A footnote line: "* Un « paquet trié »…", "** Appeler l'arbitre…" (corpus/NOTES.md §2.4).
NOTE = re.compile(r"^(?P<etoiles>\*{1,4})\s*")
# A call glued to a word or a bracket: "interdire**", "en lieu et place de (c)*".
APPEL = re.compile(r"(?<=[\w)])\*{1,4}")
# A call standing alone at the end of a heading: 5183 "d'appel *" (law 93).
APPEL_TITRE = re.compile(r"\s\*{1,4}$")


@dataclass(frozen=True)
class EntreeLoi:
    """One law of TOC 2: its 2007 title and its sections ``(lettre, sous-titre)``."""

    numero: int
    titre: str
    sections: tuple[tuple[str, str], ...]
    page: int | None = None  # where the law starts in the printed Code (the number after its leader)


@dataclass(frozen=True)
class Titre:
    """Where a law's bare title stands in the body: lines ``debut``–``fin`` (1-based)."""

    numero: int
    debut: int
    fin: int


@dataclass(frozen=True)
class Note:
    debut: int
    fin: int
    etoiles: int
    texte: str


def joindre(morceaux: list[str]) -> str:
    """Wrapped lines joined by ``code2007_blocs.joindre``, blanks skipped: ``["ci-", "dessus"]`` → ``"ci-dessus"``,
    ``["en", "; puis"]`` → ``"en ; puis"``."""
    return reduce(blocs.joindre, filter(None, (morceau.strip() for morceau in morceaux)), "")


def normaliser(texte: str) -> str:
    """A title reduced for comparison: lower case, ’ → ', – → -, no blanks or dots."""
    texte = texte.lower().replace("’", "'").replace("–", "-")
    return _HORS_TITRE.sub("", texte)


def sommaire(lignes: Lignes) -> tuple[EntreeLoi, ...]:
    """The 93 laws of TOC 2 with their 2007 titles, section subtitles and pages, in order."""
    # TOC 2 cut into entries (one per LOI or section line), leaders removed, each with the page
    # numbers printed after its leaders (one: all 344 entries carry theirs).
    entrees: list[tuple[list[str], list[int]]] = []
    for ligne in lignes[TOC2_DEBUT - 1 : TOC2_FIN]:
        if _NUMERO_DE_PAGE.match(ligne.strip()):
            continue  # a leaked page number, not a wrapped law number
        texte = _POINTILLES.sub("", ligne).strip()
        if _ENTREE_LOI.match(texte) or _ENTREE_SECTION.match(texte):
            entrees.append(([texte], []))
        elif texte and entrees:
            entrees[-1][0].append(texte)
        if (pointilles := _POINTILLES.search(ligne)) and pointilles["page"] and entrees:
            entrees[-1][1].append(int(pointilles["page"]))
    lois: list[EntreeLoi] = []
    for morceaux, pages in entrees:
        texte = joindre(morceaux)
        if loi := _LOI.match(texte):
            lois.append(EntreeLoi(int(loi["numero"]), loi["titre"], (), pages[0] if pages else None))
        elif (section := _ENTREE_SECTION.match(texte)) and lois:
            lois[-1] = replace(lois[-1], sections=(*lois[-1].sections, (section["lettre"], section["texte"] or "")))
    return tuple(lois)


def pages_des_lois(lignes: Lignes, debut: int, fin: int) -> tuple[tuple[int, int], ...]:
    """The page TOC 2 prints for each law (« correspondance des rubriques et des pages »), on the
    lines of its title in the body: ``(first line, page)`` then ``(line after the title, 0)``.

    001 has no page breaks (no form feed, no running page number in the laws): a line inside a
    law may stand on its first page or a later one, so it gets none (0: unknown); the title's
    lines are the law's first page. Every passage of 001 that a page cites starts at a law's
    title (the 93 « Texte 2007 » blocks).
    """
    entrees = sommaire(lignes)
    titres = reperer_titres(lignes, entrees, debut, fin)
    return tuple(
        ancre for e, t in zip(entrees, titres, strict=True) if e.page for ancre in ((t.debut, e.page), (t.fin + 1, 0))
    )


def epeler(morceaux: Sequence[str], cible: str) -> int | None:
    """How many of ``morceaux``, normalised and put end to end, spell ``cible``, if any."""
    for nombre, cumul in enumerate(accumulate(map(normaliser, morceaux)), 1):
        if cumul == cible:
            return nombre
        if not cible.startswith(cumul):
            return None
    return None


def reperer_titres(lignes: Lignes, entrees: tuple[EntreeLoi, ...], debut: int, fin: int) -> tuple[Titre, ...]:
    """Find each TOC title in the body, in sequence, on 1 to 5 lines (corpus/NOTES.md §2.3).

    The search for law n starts after the title of law n - 1, so that a short title
    ("Enchères", "Communication") is never taken from an earlier law.
    """
    titres: list[Titre] = []
    index = debut - 1
    for entree in entrees:
        cible = normaliser(entree.titre)
        nombre = None
        while index < fin and not (nombre := epeler(lignes[index : index + 5], cible)):
            index += 1
        if not nombre:
            raise ValueError(f"titre de la loi {entree.numero} introuvable : {entree.titre}")
        titres.append(Titre(entree.numero, index + 1, index + nombre))
        index += nombre
    return tuple(titres)


# --- Footnotes ---------------------------------------------------------------------
# What interrupts a note or a subtitle: a note, a bullet or a label ("(b) ne pas",
# "B.", "2. Après"). A note runs from its star line to the next of these or the next
# law title: the running text never resumes without one (checked on all 57 notes).
RUPTURE = re.compile(
    rf"^(?:\*|- |{marqueurs.SECTION}\.(?:\s|$)|{marqueurs.NUMERO}\.\s"
    rf"|\(?{marqueurs.LETTRE_2007}\)|\({marqueurs.ROMAIN}\))"
)


def reperer_notes(lignes: Lignes, titres: tuple[Titre, ...], fin: int) -> tuple[Note, ...]:
    """Every footnote of the body (lines ``titres[0].debut``–``fin``), in order."""
    debuts_de_titre = {titre.debut for titre in titres}
    notes: list[Note] = []
    numero = titres[0].debut
    while numero <= fin:
        if not (etoiles := NOTE.match(lignes[numero - 1])):
            numero += 1
            continue
        dernier = numero
        while dernier < fin and dernier + 1 not in debuts_de_titre:
            # "Règlement National." then "une dénomination…": a lower-case line after a full
            # stop resumes the sentence the note interrupted.
            reprise = lignes[dernier - 1].rstrip().endswith(".") and lignes[dernier][:1].islower()
            if RUPTURE.match(lignes[dernier]) or reprise:
                break
            dernier += 1
        morceaux = [NOTE.sub("", lignes[numero - 1]), *lignes[numero:dernier]]
        notes.append(Note(numero, dernier, len(etoiles["etoiles"]), joindre(morceaux)))
        numero = dernier + 1
    return tuple(notes)


@dataclass(frozen=True, order=True)
class Appel:
    ligne: int
    colonne: int
    etoiles: int


def reperer_appels(lignes: Sequence[str], titres: tuple[Titre, ...], fin: int) -> tuple[Appel, ...]:
    """Every call of the body, whose note lines are emptied, law titles included (5183 ``d'appel *``)."""
    dans_un_titre = {n for titre in titres for n in range(titre.debut, titre.fin + 1)}
    appels: list[Appel] = []
    for numero in range(titres[0].debut, fin + 1):
        motif = APPEL_TITRE if numero in dans_un_titre else APPEL
        for trouve in motif.finditer(lignes[numero - 1]):
            etoiles = trouve.group().count("*")
            appels.append(Appel(numero, trouve.end() - etoiles, etoiles))
    return tuple(appels)


def _reprises(appels: tuple[Appel, ...], notes: tuple[Note, ...]) -> dict[Appel, Note]:
    """Calls whose page has no note with their stars: the latest earlier such note.

    2610 ``répétées*`` sits on a page whose only note is ``**``; it reuses 2600.
    """
    reprises: dict[Appel, Note] = {}
    blocs: list[list[Note]] = []  # notes printed together at a page bottom: consecutive lines, no text between
    for note in notes:
        if blocs and blocs[-1][-1].fin + 1 == note.debut:
            blocs[-1].append(note)
        else:
            blocs.append([note])
    for appel in appels:
        suivant = next((b for b in blocs if b[0].debut > appel.ligne), [])
        avant = [n for n in notes if n.fin < appel.ligne and n.etoiles == appel.etoiles]
        if avant and all(note.etoiles != appel.etoiles for note in suivant):
            reprises[appel] = avant[-1]
    return reprises


def _series(appels: list[Appel], notes: list[Note]) -> list[tuple[list[Appel], list[Note]]]:
    """Cut one star count's calls and notes, in source order, into calls-then-notes runs."""
    evenements: list[Appel | Note] = [*appels, *notes]
    series: list[tuple[list[Appel], list[Note]]] = []
    for chose in sorted(evenements, key=lambda c: c.ligne if isinstance(c, Appel) else c.debut):
        if isinstance(chose, Appel):
            if not series or series[-1][1]:
                series.append(([], []))
            series[-1][0].append(chose)
        elif series:
            series[-1][1].append(chose)
    return series


def apparier(appels: tuple[Appel, ...], notes: tuple[Note, ...]) -> dict[Appel, Note]:
    """The note each call refers to (corpus/NOTES.md §2.4: notes sit at page bottoms).

    A call reuses an earlier note when its page has none with its stars
    (``_reprises``). Otherwise, for each number of stars, a run of calls followed by
    a run of notes pair in order, the first note answering the surplus calls:
    2152 ``interdise*`` and 2160 ``(c)*`` → 2184, 2183 ``86A*`` → 2185; the four
    ``**`` of law 51B → 3839. A note left without a call stays where it stands.
    """
    paires = _reprises(appels, notes)
    for etoiles in range(1, 5):
        restants = [a for a in appels if a.etoiles == etoiles and a not in paires]
        siennes = [n for n in notes if n.etoiles == etoiles]
        for serie_appels, serie_notes in _series(restants, siennes):
            surplus = max(0, len(serie_appels) - len(serie_notes))
            for rang, appel in enumerate(serie_appels):
                if serie_notes:
                    paires[appel] = serie_notes[min(max(0, rang - surplus), len(serie_notes) - 1)]
    return paires
