"""Parser of the 2007 law text in 001 (Code 2007, FFB edition): laws 1–93, lines 1828–5235.

``parse(lignes)`` returns one ``Partie`` (edition 2007, role "texte") per law. The
front matter, the definitions, the annexes, the index and the regulations of the same
file belong to ``code2007_annexes``; TOC 2 is only read to find the laws
(``code2007_toc``). Structure is decided as follows:

- A law starts at its bare TOC 2 title (corpus/NOTES.md §2.3); its number comes from TOC 2.
- Labels stand at line start: ``A.``–``H.`` (sections), ``1.`` (numbers), ``(a)`` or
  ``a)`` (letters), ``(i)`` (roman numbers); ``1. (a)`` and ``(g) (i)`` open two
  levels at once, the outer one then having no text of its own. A number, letter or
  roman number with no parent level open (laws 35 and 71 list ``1.``, ``2.`` at law
  level) is not a paragraph of the citation grammar: it stays a list item (``ITEM``),
  marker kept, in the enclosing element.
- A section subtitle ends where its words spell the TOC 2 subtitle (corpus/NOTES.md §2.4);
  for the two sections TOC 2 omits (5A, 86A) it takes the following lines of at most
  three words without final punctuation. ``1. Variations involontaires`` (73D1, 73D2):
  a number followed by at most three words and no punctuation, then a capitalised
  line, is a subtitle too.
- 001 has no blank lines, so a paragraph starts at a label, at a bullet ``- ``, or at
  a capitalised line that follows a line ending with ``.`` or ``:`` (a closing
  bracket or quote may follow the dot). Lines starting with ``;`` or ``:`` are
  French-spacing wraps and never start one.
- Footnotes (``*``–``****`` lines) become ``NoteBas`` on the element holding their
  first call, which is rewritten ``[^eN]``; ``code2007_toc.apparier`` says which
  note a call refers to. The running text rejoins around the note lines.
- Law 2's dealer table (1845–1852) is kept verbatim as a diagram; law 77's scoring
  table (4757–4777, mangled into cells) is rebuilt as two tables by the named repair
  ``code2007_marque``; the prose that follows it (4778–4783) is ordinary text.

Left out on purpose, or absent from the source:
- the 73D heading is missing (D1 at 4565 follows 73C directly): ``Label(73, ("D",))``
  is added with its TOC 2 subtitle and no text, so that every TOC 2 section exists;
- law 93's title ends with a call (5183 ``d'appel *``): its note goes on a law-93
  preamble element that has no text, since a ``Partie`` title holds no call;
- the 78B IMP scale and most of the law 77 tables are missing in the source.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from indexer import marqueurs
from indexer.corpus.clean import Lignes
from indexer.corpus.parsers import code2007_marque as marque
from indexer.corpus.parsers import code2007_toc as toc
from indexer.corpus.parsers.lignes_entieres import NIVEAUX
from indexer.labels import Label
from indexer.model import DIAGRAMME, ITEM, LOI, TEXTE, Bloc, Element, Extrait, NoteBas, Partie
from indexer.sources import CODE_2007, source

DEBUT = 1828  # "Le jeu de cartes", law 1
FIN = 5235  # last line of law 93; Annexe I starts at 5236 "Utilisation des"
EDITION = source(CODE_2007).edition

# Verbatim tables, first line: last line. Law 2 "Nord donneur Étuis 1 5 9 13"…, law 77 "POINTS" … "120".
DIAGRAMMES = {1845: 1852, 4757: 4777}
# A section whose heading the source lost: 4565 "1. Variations involontaires" is 73D1.
SECTIONS_SANS_INTITULE = {4565: (73, "D")}

# "B. Changement de", "A." alone (the subtitle is on the next line)
SECTION = re.compile(rf"^(?P<marque>{marqueurs.SECTION})\.(?:\s+|$)")
# "1. Si, avant le début des annonces", "1. (a) L'arbitre devrait"
NUMERO = re.compile(r"^(?P<marque>\d{1,2})\.\s+")
# "(a) qu'il est peu probable", "a) - de déclarations", "(l) exercer" (80B2 goes to l)
LETTRE = re.compile(rf"^\(?(?P<marque>{marqueurs.LETTRE_2007})\)\s*")
# "(ii) le camp fautif", "(iii) pendant les annonces"
ROMAIN = re.compile(rf"^\((?P<marque>{marqueurs.ROMAIN})\)\s*")
# "- que les cartes ont été distribuées", "- moyenne moins : au plus 40 %"
PUCE = re.compile(r"^-\s")
# "…de la Loi 22 A." or "…sont :" then a capital: a new paragraph may start.
FIN_DE_PHRASE = re.compile(r"[.:][)»”]?$")
# "Variations involontaires": a numbered subtitle has no final punctuation.
PONCTUATION_FINALE = re.compile(r"[.:;,)]$")


@dataclass
class _Chantier:
    """An element being built: its text arrives line by line, each line joined to the last
    paragraph (``toc.joindre``) unless it starts a new one or a table closed it."""

    label: Label
    ligne: int
    titre: str = ""
    blocs: list[Bloc] = field(default_factory=list)
    notes: list[NoteBas] = field(default_factory=list)

    def ajouter(self, texte: str, ligne: int) -> None:
        """Add a line of running text: continue the paragraph or start a new one. A line starting
        with ``;`` or ``:`` (a French space wrapped before the sign: "; dans ce cas") is not
        capitalised, so it continues."""
        ouvert = self.blocs[-1] if self.blocs and self.blocs[-1].forme in (TEXTE, ITEM) else None
        if PUCE.match(texte):
            self.blocs.append(Bloc(ITEM, texte, ligne))
        elif ouvert is None or (FIN_DE_PHRASE.search(ouvert.texte) and texte[:1].isupper()):
            self.blocs.append(Bloc(TEXTE, texte, ligne))
        else:
            self.blocs[-1] = replace(ouvert, texte=toc.joindre([ouvert.texte, texte]))

    def element(self) -> Element:
        return Element(LOI, tuple(self.blocs), self.ligne, self.label, self.titre, notes=tuple(self.notes))


@dataclass
class _Loi:
    numero: int
    sections: dict[str, str]
    chantiers: list[_Chantier]
    chemin: dict[str, str] = field(default_factory=dict)

    @property
    def courant(self) -> _Chantier:
        return self.chantiers[-1]

    def ouvrir(self, niveau: str, marque: str, ligne: int, titre: str = "") -> None:
        au_dessus = NIVEAUX[: NIVEAUX.index(niveau)]
        self.chemin = {n: self.chemin[n] for n in au_dessus if n in self.chemin} | {niveau: marque}
        self.chantiers.append(_Chantier(Label(self.numero, tuple(self.chemin.values())), ligne, titre))


def niveau_de(texte: str, chemin: Mapping[str, str]) -> tuple[str, re.Match[str]] | None:
    """The level and match of the label opening ``texte``, None for running text. ``chemin`` is
    the open path (``{"section": "B", "numero": "2", "lettre": "h"}``).

    ``(i)`` is the letter after ``(h)`` in 80B2 and a roman number anywhere else;
    letters past ``h`` only count when they follow the previous letter.
    """
    lettre = chemin.get("lettre", "")
    apres_h = lettre == "h" and "romain" not in chemin
    suivante = chr(ord(lettre) + 1) if lettre else "a"
    for niveau, motif in zip(NIVEAUX, (SECTION, NUMERO, LETTRE, ROMAIN), strict=True):
        trouve = motif.match(texte)
        marque = trouve["marque"] if trouve else ""
        if niveau == "lettre" and marque > "h" and (marque != suivante or (marque == "i" and not apres_h)):
            continue
        if trouve and not (niveau == "romain" and marque == "i" and apres_h):
            return niveau, trouve
    return None


def _court(texte: str) -> bool:
    """A line that can continue a subtitle: at most three words, no final punctuation."""
    return 0 < len(texte.split()) <= 3 and not PONCTUATION_FINALE.search(texte) and not toc.RUPTURE.match(texte)


def sous_titre(lignes: Lignes, index: int, reste: str, attendu: str) -> tuple[str, int, str]:
    """A section's subtitle, from the text ``reste`` after its marker on line ``index``.

    ``attendu`` is the TOC 2 subtitle ("" when TOC 2 has none). Returns the subtitle,
    the index (0-based) of its last line and the text left on that line.
    """
    morceaux = [reste, *lignes[index + 1 : index + 4]]
    # each word as (line offset, words up to it on that line), to find where the words spell ``attendu``
    places = [(rang, compte) for rang, morceau in enumerate(morceaux) for compte in range(1, len(morceau.split()) + 1)]
    nombre = toc.epeler(" ".join(morceaux).split(), toc.normaliser(attendu)) if attendu else None
    if nombre is None:  # 5A, 86A: not in TOC 2
        rang = 0 if reste else 1
        while rang + 1 < len(morceaux) and _court(morceaux[rang + 1]):
            rang += 1
        compte = len(morceaux[rang].split())
    else:
        rang, compte = places[nombre - 1]
    mots = morceaux[rang].split()
    while compte < len(mots) and not toc.normaliser(mots[compte]):  # a trailing sign belongs to it: 3717 "secondaire ?"
        compte += 1
    titre = toc.joindre([*morceaux[:rang], " ".join(mots[:compte])])
    return titre, index + rang, " ".join(mots[compte:])


def _cascade(lignes: Lignes, index: int, texte: str, loi: _Loi) -> None:
    """Open the labels of a line (``1. (a) L'arbitre``), then give it the rest."""
    numero = index + 1
    while (trouve := niveau_de(texte, loi.chemin)) and trouve[0] != "section":
        niveau, marque = trouve
        if NIVEAUX[NIVEAUX.index(niveau) - 1] not in loi.chemin:
            loi.courant.blocs.append(Bloc(ITEM, texte, numero))  # laws 35, 71: a list at law level
            return
        loi.ouvrir(niveau, marque["marque"], numero)
        texte = texte[marque.end() :].strip()
        if niveau == "numero" and _court(texte):  # a subtitle? 4565 "1. Variations involontaires"
            suivante = lignes[index + 1].strip() if index + 1 < len(lignes) else ""
            if suivante[:1].isupper() and not toc.RUPTURE.match(suivante):
                loi.courant.titre, texte = texte, ""
    if texte:
        loi.courant.ajouter(texte, numero)


def _traiter(lignes: Lignes, index: int, loi: _Loi) -> int:
    """Read the line at ``index`` (0-based, with what it drags along); the next index."""
    texte = lignes[index].strip()
    trouve = niveau_de(texte, loi.chemin)
    if trouve is None or trouve[0] != "section":
        _cascade(lignes, index, texte, loi)
        return index + 1
    marque = trouve[1]
    attendu = loi.sections.get(marque["marque"], "")
    titre, dernier, reste = sous_titre(lignes, index, texte[marque.end() :], attendu)
    loi.ouvrir("section", marque["marque"], index + 1, titre)
    if reste:
        loi.courant.ajouter(reste, dernier + 1)
    return dernier + 1


def elements_de_loi(
    lignes: Lignes,
    numero: int,
    sections: Mapping[str, str],
    debut: int,
    fin: int,
    notes: Mapping[int, tuple[NoteBas, ...]],
) -> tuple[Element, ...]:
    """The elements of law ``numero``, whose text runs on lines ``debut``–``fin``.

    ``sections`` maps each TOC 2 letter to its subtitle, ``notes`` the footnotes to their home
    lines (``notes_du_corps``). Notes whose home line is the title's (``debut - 1``) go on the preamble.
    """
    preambule = _Chantier(Label(numero), debut, notes=list(notes.get(debut - 1, ())))
    loi = _Loi(numero, dict(sections), [preambule])
    index = debut - 1
    while index < fin:
        ligne = index + 1
        if (sans_intitule := SECTIONS_SANS_INTITULE.get(ligne)) and sans_intitule[0] == numero:
            loi.ouvrir("section", sans_intitule[1], ligne, loi.sections[sans_intitule[1]])
        if dernier := DIAGRAMMES.get(ligne, 0):
            verbatim = (Bloc(DIAGRAMME, "\n".join(lignes[index:dernier]), ligne),)
            loi.courant.blocs.extend(ligne == marque.DEBUT and marque.blocs(lignes) or verbatim)
            suivant = dernier
        else:
            suivant = _traiter(lignes, index, loi)
        for lu in range(ligne, suivant + 1):
            loi.courant.notes += notes.get(lu, ())
        index = suivant
    # a preamble with neither text nor note is dropped
    return tuple(c.element() for c in loi.chantiers if c.label.parties or c.blocs or c.notes)


def notes_du_corps(
    lignes: Lignes, titres: tuple[toc.Titre, ...], fin: int
) -> tuple[Lignes, dict[int, tuple[NoteBas, ...]]]:
    """The footnotes of the text from ``titres[0]`` to line ``fin``.

    Returns the lines with each call rewritten (``interdire**`` → ``interdire[^e2]``) and the note
    lines emptied, and the notes, keyed ``e1``, ``e2``… per law, each at the home line of its first call. A note goes
    with the law of its first call, even when printed under the next law (3996 ``indiqué*`` in
    law 57, its note at 4025 in law 58).
    """
    notes = toc.reperer_notes(lignes, titres, fin)
    resultat = list(lignes)
    for note in notes:
        resultat[note.debut - 1 : note.fin] = [""] * (note.fin - note.debut + 1)
    paires = toc.apparier(toc.reperer_appels(resultat, titres, fin), notes)
    premiers_appels: dict[toc.Note, toc.Appel] = {}
    for appel in sorted(paires):  # in reading order (line, then column): a note keeps its first call
        premiers_appels.setdefault(paires[appel], appel)
    # a note's home is the line of its first call; a note without a call stays where it is printed
    foyers = {note: premiers_appels[note].ligne if note in premiers_appels else note.debut for note in notes}
    compteurs: Counter[int] = Counter()
    cles: dict[toc.Note, str] = {}
    par_ligne: dict[int, tuple[NoteBas, ...]] = {}
    for note in notes:
        loi = max((t for t in titres if t.debut <= foyers[note]), key=lambda t: t.debut).numero
        compteurs[loi] += 1
        cles[note] = f"e{compteurs[loi]}"
        par_ligne[foyers[note]] = (*par_ligne.get(foyers[note], ()), NoteBas(cles[note], note.texte, note.debut))
    for appel in sorted(paires, reverse=True):  # right to left keeps columns valid
        texte = resultat[appel.ligne - 1]
        resultat[appel.ligne - 1] = (
            f"{texte[: appel.colonne]}[^{cles[paires[appel]]}]{texte[appel.colonne + appel.etoiles :]}"
        )
    return tuple(resultat), par_ligne


def parse(lignes: Lignes) -> Extrait:
    entrees = toc.sommaire(lignes)
    titres = toc.reperer_titres(lignes, entrees, DEBUT, FIN)
    texte, notes = notes_du_corps(lignes, titres, FIN)
    fins = [t.debut - 1 for t in titres[1:]] + [FIN]
    parties: list[tuple[int, Partie]] = []
    for entree, titre, fin in zip(entrees, titres, fins, strict=True):
        elements = elements_de_loi(texte, entree.numero, dict(entree.sections), titre.fin + 1, fin, notes)
        partie = Partie(CODE_2007, EDITION, source(CODE_2007).role, entree.titre, titre.debut, elements)
        parties.append((entree.numero, partie))
    return Extrait(CODE_2007, tuple(parties))
