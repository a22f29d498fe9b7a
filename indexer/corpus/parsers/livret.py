"""Parser of 004, the Vénissieux club booklet: its scoring prose, tables, bidding boxes and law
extracts; one paragraph per line, empty lines between paragraphs (corpus/NOTES.md §5).

**In scope**: 195–231 "La marque", scoring told in prose (notation ``4♥X V -2``) →
``marque.md``, where the site adds the computed tables and calculators; 408–515 "Quelques
tableaux", with the booklet's only tab tables (7, all scoring or probabilities) →
``tableaux.md``; 517–550 "Extraits du code international 2017" and the bidding boxes
(2017 Annexe I) → ``boites-a-annonces.md``; 552–845 the extracts of 17 laws → one
``Partie`` each.

**Left out on purpose**: 1–4 title; 5–48 table of contents; 49–56 epigraphs; 57–123
club life (its ``loi de 1901`` is no bridge law); 124–194 the game's principles for
beginners; 232–407 advice to players.

**Markdown remnants** (``sans_markdown``, every text but the verbatim table lines):
``**gras**`` and ``*italique*`` lose their stars (GRAS, ITALIQUE); ``1^{er}`` is
``1er`` (EXPOSANT); ``$6+4=10$`` loses its dollars (LATEX); a link is its text, even
malformed with a space and nested parentheses in its target (LIEN, 520); a
backslash escape such as ``\\%`` or ``\\(`` is its character (ECHAPPEMENT).

**Tables**: in the source a table is a maximal run of tab lines with a constant cell
count, but the cleaning strips trailing tabs (440 ``Vulnérable`` keeps none): a table
is therefore read as a run of adjacent lines opened by a tab line. Its caption is the
paragraph just above (a ``- `` in front is dropped); ``texte`` is the lines verbatim,
``cellules`` the stripped cells, each row padded to the widest. Rows 506–511, misaligned
in the source, are kept as they are, never moved between columns. A short line with no
final punctuation that captions no table is a heading.

**Laws**: 004 drops and skips letters, so none is inferred from order: a subtitle is
looked up in ``livret_lettres.SOUS_TITRES`` (→ 2017 letter, each row proved by 000 or
the 2007 TOC 2 of 001). It may stand alone, end with `` :``, run into its text
(``Entame face cachée : Après…``, ``Éthique Par devoir…``) or follow a number (law 5
``1. Position initiale : …``: the label replaces that number). Under a known letter,
``1.``, ``(a)`` and `` - (a)`` are labels (``16A1(a)``, bullet dropped), ``1. (a)``
gives two; without a letter they stay ``item`` blocs as written. A sentence cut by an
empty line (694/696) is joined again.
"""

from __future__ import annotations

import re
from dataclasses import replace

from indexer import marqueurs
from indexer.corpus.clean import Lignes
from indexer.corpus.parsers.lignes_entieres import Brouillon, ouvrir
from indexer.corpus.parsers.livret_lettres import sous_titre
from indexer.labels import Label, ancre_libre, ancre_unique
from indexer.model import ITEM, TABLEAU, TEXTE, TITRE, Bloc, Document, Extrait, Partie, Section
from indexer.sources import LIVRET, source

EDITION = source(LIVRET).edition
DEBUT_TABLEAUX = "Quelques tableaux"
DEBUT_EXTRAITS = "Extraits du code international 2017"
DEBUT_MARQUE = "La marque"  # the first exact line: the TOC's lines end with a tab and a page
FIN_MARQUE = "Quelques rappels aux débutants (et à ceux qui ont oublié)"

# "Loi 5 - Désignation des places" (the TOC's "Loi 5 - …\t16" has a tab)
TITRE_LOI = re.compile(r"^Loi (?P<numero>\d{1,2}) - (?P<titre>[^\t]+)$")
GRAS = re.compile(r"\*\*(?P<mots>.+?)\*\*")  # "(**NV** ou **V**)"
ITALIQUE = re.compile(r"(?<![*\w])\*(?P<mots>[^*\s](?:[^*]*[^*\s])?)\*(?![*\w])")  # "*par couleur*"
EXPOSANT = re.compile(r"\^\{(?P<mots>[^}]*)\}")  # "1^{er}"
LATEX = re.compile(r"\$(?P<mots>[^$]+)\$")  # "$6+4=10$"
# "[Structure et Organisation \(vbc-bridge.fr\)](http://Structure et Organisation (vbc-bridge.fr))"
LIEN = re.compile(r"\[(?P<mots>(?:\\.|[^\]\\])*)\]\((?:[^()]|\([^()]*\))*\)")
ECHAPPEMENT = re.compile(r"\\(?P<mots>[\\()\[\]*_%$#{}])")  # "\(" → "("

# "1. Utilisation…", "1. (a) Le mort…": a number, maybe a letter after it (two levels)
NUMERO = re.compile(rf"^(?P<numero>{marqueurs.NUMERO})\.\s+(?:\((?P<lettre>{marqueurs.LETTRE})\)\s+)?(?P<reste>\S.*)$")
# "(b) Le mort…", " - (a) de déclarations…" (bullet dropped): a space and a text after the marker
PARENTHESE = re.compile(rf"^(?:-\s+)?\((?P<valeur>{marqueurs.LETTRE}|{marqueurs.ROMAIN})\)\s+(?P<reste>\S.*)$")
REGLE_LETTRE = re.compile(rf"^(?P<lettre>{marqueurs.LETTRE})\)\s+(?P<reste>\S.*)$")  # "a) Disposition…"
PUCE = re.compile(r"^-\s+(?P<reste>\S.*)$")  # "- Contrats gagnés", "- par couleur"
# "Déclaration faite : Une déclaration…": a title, then a sentence in upper case
EN_TETE = re.compile(r"^(?P<titre>[^:]+?)\s*:\s+(?P<reste>[A-ZÀ-Ý].*)$")
FIN_DE_PHRASE = re.compile(r"[.!?:;,]$")
# where a caption's short form ends: "Rappel de la marque (fond rouge…" → "Rappel de la marque"
FIN_DE_LEGENDE_COURTE = re.compile(r"\s[(:]")


def sans_markdown(texte: str) -> str:
    """Plain text from a line with Markdown or LaTeX remnants (rules in the module docstring)."""
    for motif in (LIEN, GRAS, ITALIQUE, EXPOSANT, LATEX, ECHAPPEMENT):
        texte = motif.sub(lambda m: m["mots"], texte)
    return texte


def _numerotees(lignes: Lignes, debut: int, fin: int) -> list[tuple[int, str]]:
    return [(n, lignes[n - 1]) for n in range(debut, fin) if lignes[n - 1].strip()]


def _cellules(rangees: list[str]) -> tuple[tuple[str, ...], ...]:
    """Every row padded to the widest: the cleaning strips trailing tabs (440 ``Vulnérable``: 1 cell of 8)."""
    rangs = [[sans_markdown(c.strip()) for c in rangee.split("\t")] for rangee in rangees]
    largeur = max(map(len, rangs))
    return tuple(tuple(cases + [""] * (largeur - len(cases))) for cases in rangs)


Morceau = tuple[int, list[str]] | tuple[int, str]


def decoupe_tableaux(lignes: list[tuple[int, str]]) -> list[Morceau]:
    """A table (first line, rows) per run of adjacent lines opened by a tab line, any other line
    alone: adjacency, not the tab count, bounds a table, as the cleaning strips trailing tabs."""
    morceaux: list[Morceau] = []
    for numero, texte in lignes:
        debut, dernier = morceaux[-1] if morceaux else (0, "")
        if isinstance(dernier, list) and debut + len(dernier) == numero:
            dernier.append(texte)
        elif "\t" in texte:
            morceaux.append((numero, [texte]))
        else:
            morceaux.append((numero, texte))
    return morceaux


def _est_titre(texte: str) -> bool:
    """A heading of the tables part: short, no tab, no bullet, no final punctuation."""
    return len(texte) <= 40 and not PUCE.match(texte) and not FIN_DE_PHRASE.search(texte)


_Section = tuple[Section, list[Bloc]]  # a section being built and its blocs


def _figees(sections: list[_Section]) -> tuple[Section, ...]:
    """The sections with their blocs; an anchor a section above already took gets ``-2``, ``-3``…"""
    figees: list[Section] = []
    prises: set[str] = set()
    for section, blocs in sections:
        ancre = ancre_unique(section.ancre, prises)
        prises.add(ancre)
        figees.append(replace(section, ancre=ancre, blocs=tuple(blocs)))
    return tuple(figees)


def _bloc_prose(numero: int, texte: str) -> Bloc:
    return Bloc(ITEM if PUCE.match(texte) else TEXTE, sans_markdown(texte), numero)


def tableaux(lignes: Lignes, debut: int, fin: int) -> Document:
    morceaux = decoupe_tableaux(_numerotees(lignes, debut, fin))
    legendes = {i - 1 for i, (_, m) in enumerate(morceaux) if isinstance(m, list) and i > 0}
    sections: list[_Section] = []
    for index, (numero, morceau) in enumerate(morceaux):
        if isinstance(morceau, list):
            if not sections:  # a table with no caption above it
                sections.append((Section(str(numero), ancre_libre("tableau", str(numero)), "", numero, niveau=2), []))
            sections[-1][1].append(Bloc(TABLEAU, "\n".join(morceau), numero, cellules=_cellules(morceau)))
        elif index in legendes:
            titre = sans_markdown(PUCE.sub(r"\g<reste>", morceau))
            court = FIN_DE_LEGENDE_COURTE.split(titre)[0]
            sections.append((Section(court, ancre_libre("tableau", court), titre, numero, niveau=2), []))
        elif _est_titre(morceau) or not sections:
            sections.append((Section(morceau, ancre_libre("tableaux", morceau), sans_markdown(morceau), numero), []))
        else:
            sections[-1][1].append(_bloc_prose(numero, morceau))
    titre = "Tableaux de marque et de probabilités"
    return Document("tableaux.md", titre, LIVRET, EDITION, "tableau", _figees(sections))


def marque(lignes: Lignes, debut: int, fin: int) -> Document:
    """The scoring prose (lines ``[debut, fin)``): its heading is the page's title, the rest
    one section of paragraphs and ``- `` items, kept in the source's order."""
    (_, titre), *suite = _numerotees(lignes, debut, fin)
    blocs = tuple(_bloc_prose(numero, texte) for numero, texte in suite)
    section = Section("livret", ancre_libre("marque", "livret"), "", suite[0][0], blocs, 1)
    return Document("marque.md", sans_markdown(titre), LIVRET, EDITION, "marque", (section,))


def _regle(numero: int, texte: str, cle: str, niveau: int) -> _Section:
    """A rule heading such as ``b) Déclaration faite : Une déclaration…``, split title/text."""
    en_tete = EN_TETE.match(texte)
    titre = en_tete["titre"] if en_tete else texte.removesuffix(":").rstrip()
    blocs = [Bloc(TEXTE, sans_markdown(en_tete["reste"]), numero)] if en_tete else []
    return Section(cle, ancre_libre("boites", cle), sans_markdown(titre), numero, niveau=niveau), blocs


def boites(lignes: Lignes, debut: int, fin: int) -> Document:
    intro: list[Bloc] = []
    sections: list[_Section] = []
    numero_regle = ""
    for numero, texte in _numerotees(lignes, debut, fin):
        if trouve := NUMERO.match(texte):
            numero_regle = trouve["numero"]
            sections.append(_regle(numero, texte, numero_regle, 2))
        elif (trouve := REGLE_LETTRE.match(texte)) and numero_regle:
            sections.append(_regle(numero, texte, numero_regle + trouve["lettre"], 3))
        elif numero == debut:
            intro.append(Bloc(TITRE, sans_markdown(texte), numero))
        elif _est_titre(texte) and intro:
            cle = ancre_libre("", texte)
            sections.append((Section(cle, ancre_libre("boites", cle), texte, numero), []))
        elif sections:
            sections[-1][1].append(_bloc_prose(numero, texte))
        else:
            intro.append(_bloc_prose(numero, texte))
    titre = "Boîtes à annonces (Code 2017, Annexe I)"
    return Document("boites-a-annonces.md", titre, LIVRET, EDITION, "annexe", _figees(sections), tuple(intro))


def _suite(brouillon: Brouillon, texte: str) -> bool:
    """Join a paragraph cut mid-sentence (694/696) to the previous one; True if done."""
    dernier = brouillon.blocs[-1] if brouillon.blocs else None
    if dernier is None or not texte[:1].islower() or dernier.forme != TEXTE or FIN_DE_PHRASE.search(dernier.texte):
        return False
    brouillon.blocs[-1] = Bloc(TEXTE, f"{dernier.texte} {texte}", dernier.ligne)
    return True


def _ligne_de_loi(loi: int, brouillons: list[Brouillon], numero: int, brut: str) -> None:
    texte = sans_markdown(brut).strip()
    if trouve := sous_titre(loi, texte):
        titre, lettre, reste = trouve
        brouillon = Brouillon(numero, Label(loi, (lettre,) if lettre else ()), titre=titre)
        if reste:
            brouillon.ajoute(TEXTE, reste, numero)
        brouillons.append(brouillon)
        return
    if not brouillons:  # text before any subtitle: the law's opening
        brouillons.append(Brouillon(numero, Label(loi)))
    courant = brouillons[-1].label.parties if brouillons[-1].label else ()
    ouverture = ouvrir(loi, courant, numero, texte, NUMERO, PARENTHESE)
    if ouverture.brouillons:
        brouillons += ouverture.brouillons
    elif ouverture.sans_parent or PUCE.match(texte):  # a marker without a letter above it stays as written
        brouillons[-1].ajoute(ITEM, texte, numero)
    elif not _suite(brouillons[-1], texte):
        brouillons[-1].ajoute(TEXTE, texte, numero)


def extraits(lignes: Lignes, debut: int) -> tuple[tuple[int, Partie], ...]:
    lois: list[tuple[int, int, str, list[Brouillon]]] = []
    for numero, texte in _numerotees(lignes, debut, len(lignes) + 1):
        if trouve := TITRE_LOI.match(texte):
            lois.append((int(trouve["numero"]), numero, trouve["titre"], []))
        elif lois:
            _ligne_de_loi(lois[-1][0], lois[-1][3], numero, texte)
    return tuple(
        (loi, Partie(LIVRET, EDITION, source(LIVRET).role, titre, ligne, tuple(b.fige({}) for b in brouillons)))
        for loi, ligne, titre, brouillons in lois
    )


def _ligne_de(lignes: Lignes, texte: str) -> int:
    """The 1-based line that is exactly ``texte`` (the TOC's lines carry page numbers)."""
    if texte not in lignes:
        raise ValueError(f"{LIVRET} : « {texte} » introuvable ; la source a changé.")
    return lignes.index(texte) + 1


def parse(lignes: Lignes) -> Extrait:
    debut_marque = _ligne_de(lignes, DEBUT_MARQUE)
    debut_tableaux = _ligne_de(lignes, DEBUT_TABLEAUX)
    debut_extraits = _ligne_de(lignes, DEBUT_EXTRAITS)
    premiere_loi = next(i + 1 for i in range(debut_extraits, len(lignes)) if TITRE_LOI.match(lignes[i]))
    documents = (
        marque(lignes, debut_marque, _ligne_de(lignes, FIN_MARQUE)),
        tableaux(lignes, debut_tableaux, debut_extraits),
        boites(lignes, debut_extraits, premiere_loi),
    )
    return Extrait(LIVRET, extraits(lignes, premiere_loi), documents)
