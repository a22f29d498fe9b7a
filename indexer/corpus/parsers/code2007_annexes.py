"""Everything of 001 (Code 2007, FFB edition, + RNC 2008) except the law body.

``parse`` returns seven Documents (corpus/NOTES.md §2.1 for the layout):

====================================  ===========  ==========================================
Document                              lines        parser
====================================  ===========  ==========================================
``preface.md`` (Préfaces)             1–171        here: intro 1–22, one Section per preface
``objet-du-code.md``                  1583–1647    here: one Section per paragraph group
``definitions.md``                    1648–1827    here: one Section per term
``annexes.md`` (Annexes I et II)      5236–5522    here: one Section per annex and rubric
``index-alphabetique.md``             5523–6250    ``code2007_index_alphabetique``
``reglements/titre-iv.md``            6551–7870    here: one Section per article (83–107)
``reglements/titre-vii.md``           7875–8661    here: one Section per article (136–147)
====================================  ===========  ==========================================

Paragraphs follow the ``code2007_blocs`` rule (001 has no blank lines).

Left out on purpose (the contract's "pages left out", each by a named rule):

- the law body 1828–5235 (``indexer.corpus.parsers.code2007``);
- the tables of contents: TOC 1 (172–608, 1997 titles), TOC 2 (609–1582) and the RNC
  TOC (6251–6550);
- the ``Û`` / ``Ü`` navigation glyphs of the reader instructions (``GLYPHES_NAVIGATION``);
- the heading lines carried by a Document or Section title: ``L'objet du Code`` (1583),
  ``Définitions`` (1648), ``TITRE IV`` (6551), ``Titre VII`` / ``Systèmes et conventions``
  (7875–7876), and the preface headings (kept as Section titles);
- the 12 leaked page numbers of the index (``code2007_index_alphabetique.NUMERO_DE_PAGE``);
- the RNC running footers and headers (``code2007_blocs.sans_mobilier``), and
  7871–7874, which are nothing but the ``Titre V –`` header and a footer: Titre V
  itself is absent from the source.

The ``objet-du-code`` Section titles are editorial (the source has none): they name
each paragraph group and are listed in ``GROUPES_OBJET``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from indexer.corpus.clean import Lignes
from indexer.corpus.parsers.code2007_blocs import MINUSCULE, Ligne, en_blocs, sans_mobilier, titre_complet, tranche
from indexer.corpus.parsers.code2007_index_alphabetique import parse_index_alphabetique
from indexer.labels import ancre_libre
from indexer.model import TITRE, Bloc, Document, Extrait, NoteBas, Section
from indexer.sources import CODE_2007, source

EDITION_CODE = source(CODE_2007).edition
EDITION_RNC = "2008"

# Ranges (1-based, inclusive) and the text each one must open with: a mismatch means
# the source changed, and the parser stops rather than cut it in the wrong places.
INTRO = (1, 22)
PREFACES = ((23, 78, "ffb"), (79, 120, "avant-propos"), (121, 171, "lois-2007"))  # (first line, last line, key)
OBJET = (1584, 1647)  # after the heading "L'objet du Code" (1583)
DEFINITIONS = (1649, 1827)  # after the heading "Définitions" (1648)
ANNEXES = ((5236, 5304, "I", "1"), (5305, 5522, "II", "2"))  # (first, last, numeral, key)
INDEX = (5523, 6250)
TITRE_IV = (6552, 7870)  # after "TITRE IV" (6551)
TITRE_VII = (7877, 8661)  # after "Titre VII" / "Systèmes et conventions" (7875–7876)
OUVERTURES = {
    23: "PREFACE à l’édition française",
    79: "AVANT - PROPOS",
    121: "PREFACE AUX LOIS DE 2007",
    1583: "L’objet du Code",
    1648: "Définitions",
    5236: "Utilisation des",
    5305: "Jeu",
    5523: "Action retirée",
    6551: "TITRE IV",
    7875: "Titre VII",
}

# The navigation glyphs of the PDF reader instructions: "page précédente Û," (2), "Ü" (3).
GLYPHES_NAVIGATION = re.compile(r"\s*[ÛÜ]")

# L'objet du Code: (opening words of the group, key, editorial title).
GROUPES_OBJET = (
    ("Les Lois ont pour but", "but", "Le but des Lois"),
    ("Il y a eu beaucoup d’évolutions", "evolutions", "Les évolutions du bridge de tournoi"),
    ("Les pouvoirs discrétionnaires", "pouvoirs", "Pouvoirs des arbitres et des organismes responsables"),
    ("Beaucoup de titres", "titres", "Titres et renvois"),
    ("L’usage établi", "usage", "Le vocabulaire : « peut », « fait », « devrait », « fera », « doit »"),
    ("Pour éviter tout doute", "portee", "Portée de l'introduction et des définitions"),
)

# An annex rubric: "1. Utilisation" (Annexe I), "1 – Champ d'application", "2.1 – Mise en
# place correcte", "5.1. – Pendant…", "6.4.1. Le chariot…" (Annexe II). A separator
# ("." or "–") is required: "25 A s'appliquent." (5273) is a wrapped law reference.
RUBRIQUE = re.compile(r"^(?P<cle>\d{1,2}(?:\.\d{1,2})*)(?:\.? –|\.) (?P<titre>[A-ZÀ-Þ].*)$")


def verifier_ouvertures(lignes: Lignes) -> None:
    """Stop when a range of 001 does not open with its ``OUVERTURES`` text: the source changed."""
    for numero, debut in OUVERTURES.items():
        if numero > len(lignes) or not lignes[numero - 1].startswith(debut):
            raise ValueError(
                f"{CODE_2007}:{numero} : « {debut} » attendu ; mettez à jour les plages de "
                "indexer/corpus/parsers/code2007_annexes.py."
            )


def _document(chemin: str, titre: str, type_: str, sections: Sequence[Section], intro: Sequence[Bloc] = ()) -> Document:
    edition = EDITION_RNC if chemin.startswith("reglements/") else EDITION_CODE
    return Document(chemin, titre, CODE_2007, edition, type_, tuple(sections), tuple(intro))


def parse_prefaces(lignes: Lignes) -> Document:
    intro = [(n, GLYPHES_NAVIGATION.sub("", texte)) for n, texte in tranche(lignes, *INTRO)]
    sections = [
        Section(cle, ancre_libre("preface", cle), lignes[debut - 1], debut, en_blocs(tranche(lignes, debut + 1, fin)))
        for debut, fin, cle in PREFACES
    ]
    return _document("preface.md", "Préfaces", "preface", sections, intro=en_blocs(intro))


def parse_objet(lignes: Lignes) -> Document:
    morceaux: list[tuple[str, str, list[Ligne]]] = []
    for numero, texte in tranche(lignes, *OBJET):
        groupe = next((g for g in GROUPES_OBJET if texte.startswith(g[0])), None)
        if groupe is not None or not morceaux:
            cle, titre = (groupe or GROUPES_OBJET[0])[1:]
            morceaux.append((cle, titre, []))
        morceaux[-1][2].append((numero, texte))
    sections = [
        Section(cle, ancre_libre("objet", cle), titre, contenu[0][0], en_blocs(contenu))
        for cle, titre, contenu in morceaux
    ]
    return _document("objet-du-code.md", "L'objet du Code", "objet", sections)


def rubrique(texte: str, vues: set[str]) -> str | None:
    """The key of an annex rubric heading (``"5.1"``), or None; a key is never reused."""
    trouve = RUBRIQUE.match(texte)
    return trouve["cle"] if trouve and trouve["cle"] not in vues else None


def _annexe(lignes: list[Ligne], chiffre: str, cle: str) -> list[Section]:
    """One annex: a level-1 Section titled from its lost heading's first words, then its rubrics."""
    titre, index = titre_complet(lignes, 1, lignes[0][1], vide=False)
    # (key after the annex's, title, line, text lines): the annex, then each rubric
    lues: list[tuple[str, str, int, list[Ligne]]] = [("", f"Annexe {chiffre} – {titre}", lignes[0][0], [])]
    vues: set[str] = set()
    while index < len(lignes):
        numero, texte = lignes[index]
        if (cle_rubrique := rubrique(texte, vues)) is None:
            lues[-1][3].append((numero, texte))
            index += 1
        else:
            vues.add(cle_rubrique)
            titre, index = titre_complet(lignes, index + 1, texte, vide=False)
            lues.append((f".{cle_rubrique}", titre, numero, []))
    sections: list[Section] = []
    for suite, titre, numero, contenu in lues:
        blocs, niveau = en_blocs(contenu, titres=True), suite.count(".") + 1
        sections.append(Section(chiffre + suite, ancre_libre("annexe", cle + suite), titre, numero, blocs, niveau))
    return sections


def parse_annexes(lignes: Lignes) -> Document:
    """Annexe I (boîtes à annonces) and Annexe II (écrans), headings lost in the source."""
    sections: list[Section] = []
    for debut, fin, chiffre, cle in ANNEXES:
        sections += _annexe(tranche(lignes, debut, fin), chiffre, cle)
    return _document("annexes.md", "Annexes I et II", "annexe", sections)


# --- Definitions (corpus/NOTES.md §2.5): one Section per term (62), ``cle`` and ``titre`` the term as
# written (``Adv. G``, ``Psychique (annonce)``), ``ancre`` ``ancre_libre("def", terme)``. The text after
# the colon and the wrapped lines that follow make the Blocs; senses ``1)``, ``2)`` are ``item`` Blocs,
# even when the first one shares the term's line (``Annonces : 1) processus…``). The page-bottom
# footnote ``1 La procédure d'alerte…`` (1714–1715) falls between ``Entame`` and ``Épreuve``: it is
# taken out of the running text and becomes the NoteBas of the definition that calls it
# (``responsable1`` → ``responsable[^1]``).

# A term line: "Adversaire : un joueur…", "Adv. G: adversaire…",
# "Psychique (annonce) : importante…", "Donne :" (senses follow).
TERME = re.compile(r"^([A-ZÉÈ][\w’'.\- ]*?(?:\s\([^)]*\))?)\s?:(?:\s|$)")

# A footnote call glued to its word: "l'organisme responsable1." (1656).
APPEL_NOTE = re.compile(r"(?<=[a-zà-ÿ])([1-9])(?=[.,;:)]?(?:\s|$))")

# The footnote itself, at a page bottom: "1 La procédure d'alerte est définie…" (1714).
NOTE = re.compile(r"^([1-9]) (?=[A-ZÀ-Þ])")


@dataclass
class _Rubrique:
    """A heading being read (a defined term, an RNC article or sub-article) and its lines."""

    cle: str
    titre: str
    ligne: int
    lignes: list[Ligne] = field(default_factory=list)
    notes: list[NoteBas] = field(default_factory=list)


def _termes(lignes: Sequence[Ligne]) -> list[_Rubrique]:
    """Split the definitions into terms; footnote lines go to the term that called them."""
    termes: list[_Rubrique] = []
    appelants: dict[str, _Rubrique] = {}
    en_note: _Rubrique | None = None  # whose footnote (``1 La procédure…``) is being read: it runs to the next term
    for numero, ligne in lignes:
        if trouve := TERME.match(ligne):
            en_note = None
            termes.append(_Rubrique(trouve.group(1), trouve.group(1), numero))
            ligne = ligne[trouve.end() :].strip()
        elif en_note is None and (appel := NOTE.match(ligne)) and appel.group(1) in appelants:  # a called note starts
            en_note = appelants.pop(appel.group(1))
            en_note.notes.append(NoteBas(ligne[0], ligne[2:], numero))
            continue
        if en_note is not None:
            en_note.notes[-1] = replace(en_note.notes[-1], texte=f"{en_note.notes[-1].texte} {ligne}")
        elif termes and ligne:  # glued calls written ``[^n]``, remembering who calls the note that follows
            appelants.update((appel.group(1), termes[-1]) for appel in APPEL_NOTE.finditer(ligne))
            termes[-1].lignes.append((numero, APPEL_NOTE.sub(r"[^\1]", ligne)))
    return termes


def parse_definitions(lignes: Sequence[Ligne]) -> tuple[Section, ...]:
    return tuple(
        Section(t.cle, ancre_libre("def", t.cle), t.titre, t.ligne, en_blocs(t.lignes), notes=tuple(t.notes))
        for t in _termes(lignes)
    )


# --- The RNC 2008 (Règlement National des Compétitions) in 001: Titres IV and VII (corpus/NOTES.md §2.7).
#
# One level-1 Section per article (``cle="83"``, ``ancre="article-83"``), one Section per
# sub-article below it (``cle="83.1"`` → ``article-83-1``, level 2; ``92.4.1`` → level 3).
# Headings are those of ``ARTICLE``, ``NUMERO_SEUL`` (``Article`` alone, the number on the
# next line) and ``SOUS_ARTICLE``; a title may wrap (``code2007_blocs.suite_de_titre``).
# An article number must grow: 7301 ``Article du Règlement…`` has none and is text. A
# sub-article must belong to the current article and be new, and its title must not start
# in lower case: 8378 ``143.1 sont applicables…`` is a wrapped reference, not a heading.
# The **Article 139 heading is missing** in the source: a sub-article of the next article
# (139.1 after 138) opens a Section titled ``Article 139`` at the sub-article's line.
#
# Dropped on purpose: the running footers ``Règlement`` / ``National des Compétitions
# 2008 page NN`` and headers ``Titre IV –`` / ``Arbitrage`` (``code2007_blocs.sans_mobilier``),
# and the document heading lines (``TITRE IV``; ``Titre VII`` / ``Systèmes et
# conventions``), which ``Document.titre`` carries. Text before the first article is
# the Document's intro; ``Chapitre 1`` / ``: Dispositions…`` is a subtitle Bloc there.

# "Article 83 – Arbitrage", "Article 136 - Obligations", "Article 140 Conventions".
ARTICLE = re.compile(r"^Article\s+(?P<numero>\d{2,3})\b\s*(?:[–-]\s*)?(?P<titre>.*)$")

# The number of an article whose word "Article" stands alone on the line before:
# "Article" / "136 - Obligations - Interdictions", "Article" / "141 Utilisation…".
NUMERO_SEUL = re.compile(r"^(?P<numero>\d{2,3})\b\s*(?:[–-]\s*)?(?P<titre>\S.*)$")

# A sub-article label: "83.1 –", "83.2 – Autres", "91.1. –", "92.4.1. Le", "105.2.1",
# "105.2.2 -", "139.1 Caractéristiques SHA", "145.2 . Systèmes…", "144.1".
SOUS_ARTICLE = re.compile(r"^(?P<cle>\d{2,3}(?:\.\d{1,2})+)\.?(?:\s*[.–-])?(?:\s+(?P<titre>.*))?$")

# A chapter subtitle in an intro: "Chapitre 1 : Dispositions générales…".
CHAPITRE = re.compile(r"^Chapitre \d+\b")


def article_en_tete(lignes: Sequence[Ligne], index: int, dernier: int) -> tuple[int, str, int] | None:
    """An article heading at ``lignes[index]``: (number, heading so far, lines used), else None.

    The number must be greater than ``dernier``, the previous article's.
    """
    texte = lignes[index][1]
    trouve = ARTICLE.match(texte)
    utilisees = 1
    if texte == "Article" and index + 1 < len(lignes):
        trouve = NUMERO_SEUL.match(lignes[index + 1][1])
        texte = f"{texte} {lignes[index + 1][1]}"
        utilisees = 2
    if trouve is None or int(trouve["numero"]) <= dernier:
        return None
    return int(trouve["numero"]), texte, utilisees


def sous_article(texte: str, article: int, vues: set[str]) -> str | None:
    """The key of a sub-article heading of ``article`` (``"83.1"``), or None."""
    trouve = SOUS_ARTICLE.match(texte)
    if trouve is None or trouve["cle"] in vues or MINUSCULE.match(trouve["titre"] or ""):
        return None
    return trouve["cle"] if int(trouve["cle"].split(".")[0]) in (article, article + 1) else None


def _articles(lignes: Sequence[Ligne], index: int, rubriques: list[_Rubrique]) -> tuple[list[_Rubrique], int] | None:
    """The heading(s) opened at ``lignes[index]``, after ``rubriques``, and the next text index, or None.

    A sub-article of the next article (139.1 after 138, heading lost) opens the
    article too: two rubriques.
    """
    numero, texte = lignes[index]
    article = int(rubriques[-1].cle.split(".")[0]) if rubriques else 0
    en_tete = article_en_tete(lignes, index, article)
    if en_tete is not None:
        titre, suite = titre_complet(lignes, index + en_tete[2], en_tete[1], vide=False)
        return [_Rubrique(str(en_tete[0]), titre, numero)], suite
    cle = sous_article(texte, article, {r.cle for r in rubriques})
    if cle is None:
        return None
    vide = texte.rstrip(" .–-") == cle  # "83.1 –", "144.1": the title is on the next line
    titre, suite = titre_complet(lignes, index + 1, texte, vide)
    numero_article = int(cle.split(".")[0])
    perdu = [_Rubrique(str(numero_article), f"Article {numero_article}", numero)] if numero_article != article else []
    return [*perdu, _Rubrique(cle, titre, numero)], suite


def parse_reglement(lignes: Sequence[Ligne]) -> tuple[tuple[Bloc, ...], tuple[Section, ...]]:
    """An RNC Titre (heading lines already removed): its intro Blocs, where a ``Chapitre N`` paragraph
    is a subtitle, and its Sections, level 1 for an article and deeper for each dot."""
    intro: list[Ligne] = []
    rubriques: list[_Rubrique] = []
    index = 0
    while index < len(lignes):
        if (trouve := _articles(lignes, index, rubriques)) is None:
            (rubriques[-1].lignes if rubriques else intro).append(lignes[index])
            index += 1
        else:
            nouvelles, index = trouve
            rubriques += nouvelles
    blocs = tuple(replace(b, forme=TITRE) if CHAPITRE.match(b.texte) else b for b in en_blocs(intro))
    return blocs, tuple(
        Section(r.cle, ancre_libre("article", r.cle), r.titre, r.ligne, en_blocs(r.lignes), r.cle.count(".") + 1)
        for r in rubriques
    )


def parse_reglements(lignes: Lignes) -> tuple[Document, Document]:
    documents = []
    for (debut, fin), chemin, titre in (
        (TITRE_IV, "reglements/titre-iv.md", "RNC 2008 – Titre IV : Arbitrage"),
        (TITRE_VII, "reglements/titre-vii.md", "RNC 2008 – Titre VII : Systèmes et conventions"),
    ):
        intro, sections = parse_reglement(sans_mobilier(tranche(lignes, debut, fin)))
        documents.append(_document(chemin, titre, "reglement", sections, intro=intro))
    return documents[0], documents[1]


def parse(lignes: tuple[str, ...]) -> Extrait:
    verifier_ouvertures(lignes)
    definitions = parse_definitions(tranche(lignes, *DEFINITIONS))
    index = parse_index_alphabetique(tranche(lignes, *INDEX))
    documents: tuple[Document, ...] = (
        parse_prefaces(lignes),
        parse_objet(lignes),
        _document("definitions.md", "Définitions", "definition", definitions),
        parse_annexes(lignes),
        _document("index-alphabetique.md", "Index alphabétique du Code 2007", "index", index),
        *parse_reglements(lignes),
    )
    return Extrait(source=CODE_2007, documents=documents)
