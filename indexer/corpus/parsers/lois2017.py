"""Parser of 002: the official 2017 text of laws 68 to 71 (FFB translation).

The source has one paragraph per line and an empty line between paragraphs
(corpus/NOTES.md §3); lines 1–2 are empty, nothing is left out. Rules, in reading order:

- **Heading** ``LOI 68 - REVENDICATION …`` opens a ``Partie``; its title is kept as
  written (upper case): the renderer decides how to show it.
- **Letter** ``A. Définition de la revendication`` alone on its line is a subtitle:
  ``Element(label=68A, titre=…)``, whose text is the paragraphs that follow. A letter
  followed by a lower-case word is a run-in list item (law 71, lines 99 and 101): the
  words are its text and it has no title.
- **Number, letter, roman** ``1. ``, ``(a) ``, ``(i) `` open ``68D2``, ``68D2(a)``,
  ``68D2(b)(i)``: the label replaces the marker. Items that follow one another
  without an empty line (51–52, 66–68, 74–76, 80–81) are numbered law paragraphs
  all the same, so each gets its label (``69B1``, ``70C3``…).
- **Stray bullet**: ``- (ii)`` (37) is read as ``(ii)``: a ``- `` in front of a
  parenthesised marker is dropped (``PARENTHESE``).
- **Sub-bullets** `` - que…`` (86–87) are ``item`` blocs of the paragraph above, the
  leading space dropped and the ``- `` kept.
- **Unlabelled paragraphs** belong to the element above; before the first letter
  they form the law's preamble ``Label(n)`` (68 at line 5, 71 at line 97).
- **Footnotes**: a superscript glued to a word (``normal²¹``) or a star
  (``spécifier*``) becomes the call ``[^21]`` / ``[^e]``; the note lines
  (``²¹ Dans le cadre…`` at 89 and 91, ``* Aucun ordre…`` at 105) are taken out of
  the flow first, so that they never become the text of 70E1 or 71B, and each
  element that calls a note gets its own ``NoteBas`` (same key, text and line).

Known limit: a paragraph that closes an enumeration (54 after 69B2, 103 after 71B)
stays on the last item, as the model has no "back to the parent" element.
"""

from __future__ import annotations

import re

from indexer import marqueurs
from indexer.corpus.clean import Lignes
from indexer.corpus.parsers.lignes_entieres import Brouillon, ouvrir
from indexer.labels import Label
from indexer.model import ITEM, TEXTE, Extrait, NoteBas, Partie
from indexer.sources import LOIS_2017, source

EDITION, ROLE = source(LOIS_2017).edition, source(LOIS_2017).role

# "LOI 68 - REVENDICATION OU CONCESSION DE LEVÉES"
TITRE_LOI = re.compile(r"^LOI (?P<numero>\d{1,2}) - (?P<titre>\S.*)$")
# "A. Définition de la revendication", "A. un joueur a concédé…"
SECTION = re.compile(rf"^(?P<valeur>{marqueurs.SECTION})\.\s+(?P<reste>\S.*)$")
# "1. Toute formulation…": no letter read after the number, "1. (a) x" is the number 1 with the
# text "(a) x" (no line of 002 has both; 004 reads two levels there, livret.NUMERO)
NUMERO = re.compile(rf"^(?P<numero>{marqueurs.NUMERO})\.\s+(?P<reste>\S.*)$")
# "(a) l'arbitre…", "(i) il faut…", "- (ii) la revendication…" (stray bullet dropped); a space
# and a text after the marker are not required, so "(a)" alone or "(a)texte" opens (a) too
PARENTHESE = re.compile(rf"^(?:-\s+)?\((?P<valeur>{marqueurs.LETTRE}|{marqueurs.ROMAIN})\)\s*(?P<reste>.*)$")
# " - que l'adversaire…"
PUCE = re.compile(r"^\s*(?P<puce>-\s+\S.*)$")

EXPOSANTS = "⁰¹²³⁴⁵⁶⁷⁸⁹"
# "normal²¹" → call "21"; only after a letter (superscripts are letters to \w, hence the
# second look-behind), so "²¹ Dans…" (a note line) is no call
APPEL_EXPOSANT = re.compile(rf"(?<=[^\W\d_])(?<![{EXPOSANTS}])[{EXPOSANTS}]+")
# "spécifier*" → call "e" (one "e" per star)
APPEL_ETOILE = re.compile(r"(?<=[^\W\d_])\*+")
# "²¹ Dans le cadre des Lois 70 et 71…", "* Aucun ordre n'est spécifié par la FFB."
NOTE = re.compile(rf"^(?P<marque>[{EXPOSANTS}]+|\*+)\s+(?P<texte>\S.*)$")


def cle_de_note(marque: str) -> str:
    """The key of a footnote mark: ``²¹`` → ``21``, ``*`` → ``e``, ``**`` → ``ee``."""
    if marque.startswith("*"):
        return "e" * len(marque)
    return marque.translate(str.maketrans(EXPOSANTS, "0123456789"))


def avec_appels(texte: str) -> str:
    """Rewrite glued note marks as calls: ``jeu normal²¹.`` → ``jeu normal[^21].``."""
    texte = APPEL_EXPOSANT.sub(lambda m: f"[^{cle_de_note(m.group())}]", texte)
    return APPEL_ETOILE.sub(lambda m: f"[^{cle_de_note(m.group())}]", texte)


def _erreur(ligne: int, message: str) -> ValueError:
    return ValueError(f"{LOIS_2017}:{ligne} : {message}")


def _nouveaux(numero: int, courant: tuple[str, ...], ligne: int, texte: str) -> tuple[Brouillon, ...]:
    """The elements a marker line opens (its text already added), none for plain text."""
    if trouve := SECTION.match(texte):
        brouillon = Brouillon(ligne, Label(numero, (trouve["valeur"],)))
        reste = trouve["reste"]
        if reste[0].islower():  # law 71: "A. un joueur a concédé…" is a run-in item
            brouillon.ajoute(TEXTE, avec_appels(reste), ligne)
        else:
            brouillon.titre = reste
        return (brouillon,)
    # the calls rewritten on the whole line: a marker holds none, and what follows it reads the same
    ouverture = ouvrir(numero, courant, ligne, avec_appels(texte), NUMERO, PARENTHESE)
    if ouverture.sans_parent:
        raise _erreur(ligne, f"« {texte[:20]} » n'a pas de paragraphe parent.")
    return ouverture.brouillons


def _ligne_de_loi(numero: int, brouillons: list[Brouillon], ligne: int, texte: str) -> None:
    courant = brouillons[-1].label.parties if brouillons and brouillons[-1].label else ()
    if nouveaux := _nouveaux(numero, courant, ligne, texte):
        brouillons += nouveaux
        return
    if not brouillons:  # unlabelled opening paragraph: the preamble
        brouillons.append(Brouillon(ligne, Label(numero)))
    puce = PUCE.match(texte)
    brouillons[-1].ajoute(ITEM if puce else TEXTE, avec_appels(puce["puce"] if puce else texte), ligne)


def parse(lignes: Lignes) -> Extrait:
    """Each law from its heading, empty lines dropped; the note lines kept apart by key."""
    lois: list[tuple[int, int, str, list[Brouillon]]] = []
    notes: dict[str, NoteBas] = {}
    for ligne, texte in enumerate(lignes, 1):
        if trouve := TITRE_LOI.match(texte):
            lois.append((int(trouve["numero"]), ligne, trouve["titre"], []))
        elif note := NOTE.match(texte):
            cle = cle_de_note(note["marque"])
            notes[cle] = NoteBas(cle, note["texte"], ligne)
        elif texte.strip():
            if not lois:
                raise _erreur(ligne, "texte avant la première loi.")
            _ligne_de_loi(lois[-1][0], lois[-1][3], ligne, texte)
    parties = (
        (numero, Partie(LOIS_2017, EDITION, ROLE, titre, ligne, tuple(b.fige(notes) for b in brouillons)))
        for numero, ligne, titre, brouillons in lois
    )
    return Extrait(source=LOIS_2017, parties=tuple(parties))
