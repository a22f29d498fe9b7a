"""The pieces of a law page (pure): its context, the heading of a paragraph, one element
(law text, commentary, example, note) as Markdown, a part's source by its short name.

Shared by the law page (``rendu.loi``) and its annotated text (``rendu.annote``).
"""

from __future__ import annotations

import html
import posixpath
from dataclasses import dataclass, field

from indexer.corpus.ancres import Ancres, Cle
from indexer.corpus.carte import Carte
from indexer.editions import CODE_2007, CODE_2017, COURANTE
from indexer.labels import Label, ancre
from indexer.model import (
    EXEMPLE,
    LOI,
    NOTE,
    ROLE_EXTRAITS,
    ROLE_GUIDE,
    ROLE_NOTES,
    ROLE_TEXTE,
    Element,
    Loi,
    Partie,
    Renvoi,
    lisible,
)
from indexer.rendu.markdown import Lien, blocs_markdown, echapper, notes_markdown
from indexer.rendu.pagination import Pages, page
from indexer.sources import PAR_FICHIER, source


@dataclass(frozen=True)
class Occurrence:
    cle: Cle
    partie: Partie
    element: Element


# Section heading and id per (edition, role).
SECTIONS: dict[tuple[str, str], tuple[str, str]] = {
    (CODE_2017, ROLE_TEXTE): ("Texte 2017", "texte-2017"),
    (CODE_2017, ROLE_GUIDE): ("Commentaire du Guide pratique de l'arbitrage à la table (2017)", "guide"),
    (CODE_2017, ROLE_NOTES): ("Notes de Christian Chantigny (2017)", "notes"),
    (CODE_2017, ROLE_EXTRAITS): ("Extraits du livret du club de Vénissieux (2017)", "livret"),
    (CODE_2007, ROLE_TEXTE): ("Texte 2007 (remplacé par le Code 2017)", "texte-2007"),
}


@dataclass(frozen=True)
class Citation:
    page: str
    ancre: str
    libelle: str


@dataclass(frozen=True)
class Contexte:
    ancres: Ancres
    cite_par: dict[int, tuple[Citation, ...]]
    apercus: dict[int, tuple[Citation, ...]] = field(default_factory=dict)
    carte: Carte = field(default_factory=Carte)
    pages: dict[str, Pages] = field(default_factory=dict)  # source file → its pages (rendu.pagination)


def niveau(label: Label) -> int:
    """The heading level of a paragraph: 3 for 68 and 68A, 4 for 68B1… 6 at most."""
    return min(2 + max(len(label.parties), 1), 6)


def entete(label: Label, element: Element, ids: tuple[str, ...], source: str = "") -> str:
    """A paragraph heading: label, title and anchors; its line and further anchors, and its source when it is not the
    one of the heading above it, as attributes that ``rendu.entetes`` shows."""
    texte = label.compact() if label.parties else str(label)
    if element.titre:
        texte += f" — {echapper(element.titre)}"
    aussi = " ".join(ids[1:])
    attributs = [
        f"#{ids[0]}",
        f'aussi="{aussi}"' if len(ids) > 2 else f"aussi={aussi}" if aussi else "",
        f"src={source}" if source else "",
        f"l={element.ligne}",
        "incomplet=oui" if element.incomplet else "",
    ]
    return f"{'#' * niveau(label)} {texte} {{ {' '.join(a for a in attributs if a)} }}"


@dataclass
class Page:
    """What rendering one page needs besides the element: its links, the footnotes already
    written (a note is defined once per page) and the source of the current section."""

    contexte: Contexte
    lien: Lien
    notes_vues: set[str] = field(default_factory=set)
    section: str = ""  # the key of the section's source (``002``)
    pile: list[tuple[int, str]] = field(default_factory=list)  # (level, source) of the headings above

    def ouvrir(self, section: str) -> None:
        self.section, self.pile = section, []

    def fermer(self, niveau_: int) -> None:
        while self.pile and self.pile[-1][0] >= niveau_:
            self.pile.pop()

    def source_propre(self, niveau_: int, cle: str) -> str:
        """A heading's source key when it differs from the heading above it (or the section's),
        else "": a source is stated once, where it changes (``rendu.entetes`` reads it alike)."""
        self.fermer(niveau_)
        parent = self.pile[-1][1] if self.pile else self.section
        self.pile.append((niveau_, cle))
        return "" if cle == parent else cle


def lien_edition(label: Label, edition: str, page: Page) -> str:
    """The link to a paragraph of one edition, on whatever law page it stands (17D → 15A)."""
    return page.lien(Renvoi(0, 0, label, ancre(label, edition)))


def devenir(label: Label, edition: str, page: Page) -> str:
    """Under a 2007 paragraph, what the 2017 Code made of it where a declaration says so
    (« Code 2017 : la 15A traite d'un autre cas… »), the 2017 paragraph linked."""
    declare = page.contexte.carte.devenirs.get(label) if edition != COURANTE else None
    if declare is None:
        return ""
    carte = page.contexte.carte

    def nommer(cible: Label) -> str:  # a link where the page has the paragraph (40B3 is only named)
        if not carte.atteste(cible):
            return cible.compact()
        lien = lien_edition(cible, COURANTE, page)
        return f'[{cible.compact()}]({lien}){{ .autre-edition title="Texte {COURANTE}" }}'

    return f"{declare.phrase(nommer)}\n{{: .devenir }}"


def element_markdown(occurrence: Occurrence, page: Page, ids: tuple[str, ...] | None = None, amorce: str = "") -> str:
    """One element as Markdown; ``ids`` overrides its anchors (``rendu.annote``'s text);
    ``amorce`` goes between a law paragraph's heading and its words (the Guide's lead-in)."""
    (_, i, _), partie, element = occurrence.cle, occurrence.partie, occurrence.element
    ids = page.contexte.ancres.de(occurrence.cle) if ids is None else ids
    prefixe = f"p{i}-"
    corps = blocs_markdown(element.blocs, page.lien, prefixe)
    notes = notes_markdown(element.notes, prefixe, page.notes_vues, element.blocs)
    if element.type == LOI and element.label:
        propre = page.source_propre(niveau(element.label), source(partie.source).cle)
        tete = entete(element.label, element, ids, propre)
        manque = lacune(element.label, partie.edition, f"lois/{occurrence.cle[0]}.md")
        morceaux = (tete, amorce, devenir(element.label, partie.edition, page), corps, manque, notes)
        return "\n\n".join(m for m in morceaux if m)
    if element.type in (EXEMPLE, NOTE):
        classe = "example" if element.type == EXEMPLE else "note"
        titre = f'<p class="admonition-title">{html.escape(element.titre or "Note")}</p>'
        alias = "".join(f'<span id="{i}"></span>' for i in ids[1:])
        ouverture = f'<div class="admonition {classe}" id="{ids[0]}" markdown>\n{alias}{titre}'
        return "\n\n".join(m for m in (ouverture, corps, "</div>", notes) if m)
    tete = "".join(f'<div class="ancre" id="{i}"></div>' for i in ids)
    titre = f"**{echapper(element.titre)}**" if element.titre else ""
    return "\n\n".join(m for m in (tete, titre, corps, notes) if m)


# How each source heads a law, to show the heading as the source writes it.
INTITULES: dict[tuple[str, str], str] = {
    (CODE_2017, ROLE_TEXTE): "LOI {n} - {t}",
    (CODE_2017, ROLE_GUIDE): "{n} – {t}",
    (CODE_2017, ROLE_NOTES): "{t} (Loi {n})",
    (CODE_2017, ROLE_EXTRAITS): "Loi {n} - {t}",
}


def ids_sections(loi: Loi) -> list[str]:
    """The id of each part's section on the law page: ``guide``, then ``guide-2``…, each id unique
    even when a base already ends in a number (``x``, ``x``, ``x-2`` give ``x``, ``x-2``, ``x-2-2``)."""
    ids: list[str] = []
    for partie in loi.parties:
        base = SECTIONS.get((partie.edition, partie.role), (partie.role, partie.role))[1]
        id_, rang = base, 2
        while id_ in ids:  # two parts of one role (the Guide's 28–32 overview): guide, guide-2
            id_, rang = f"{base}-{rang}", rang + 1
        ids.append(id_)
    return ids


def cite_source(fichier: str, ligne: int | None = None, pages: Pages = ()) -> str:
    """A source by its short name and, when it has pages, the page a member can open (« Guide
    pratique (FFB), p. 22 »); its file and line in the tooltip: a reader never sees
    ``000_bc3a5b1056d66b24.txt`` nor a line of it (issue 8, point 8; issue 20)."""
    fiche = PAR_FICHIER.get(fichier)
    lieu = f"{fichier}, ligne {ligne}" if ligne else fichier
    bulle = html.escape(f"{fiche.titre} · {lieu}" if fiche and not ligne else lieu)
    nom = fiche.nom if fiche else fichier
    numero = page(pages, ligne)
    nom += f", p. {numero}" if numero else ""
    return f'<cite title="{bulle}">{html.escape(nom, quote=False)}</cite>'


def source_ligne(partie: Partie, loi: Loi, pages: dict[str, Pages]) -> str:
    """A part's source by its short name (and page), file and line in the tooltip; the heading as
    the source writes it when it is not one of the law's titles (the Guide's run-in titles)."""
    cite = cite_source(partie.source, partie.ligne, pages.get(partie.source, ()))
    if partie.titre and lisible(partie.titre) not in loi.titres().values():
        # an overview or a run-in title (not ``titre_de_loi``): shown as the source has it
        modele = INTITULES.get((partie.edition, partie.role), "{t}") if partie.titre_de_loi else "{t}"
        cite += f" — « {html.escape(modele.format(n=loi.numero, t=partie.titre), quote=False)} »"
    return cite


def non_cite(partie: Partie, j: int) -> str:
    """Under a heading of the Guide's for a paragraph it comments without quoting it
    (« … (16C) : », 000:1635): a line that says so, since no text follows."""
    element = partie.elements[j]
    suivant = partie.elements[j + 1].label if j + 1 < len(partie.elements) else None
    label = element.label
    enfant = label is not None and suivant is not None and suivant != label and label.contient(suivant)
    if element.type != LOI or element.blocs or not element.titre or enfant or partie.role != ROLE_GUIDE:
        return ""
    return "\n\n*Le Guide commente ce paragraphe sans en citer le texte.*"


# What a source lacks, said where the reader expects it. A paragraph whose source announces something
# it does not give (001:4802, 78B ends « …selon le barème suivant : » and 4803 is already 78C; law 77
# keeps only its trick-score table; corpus/NOTES.md §2.4), or after which the Guide skips one (24D) gets
# a warning right under its text, so that the missing scale is never silent; the warning is the
# project's, not the source's, and links to the tables the project does have.
# (label, edition) → (what is missing, [(link text, page, anchor)]).
LACUNES: dict[tuple[Label, str], tuple[str, tuple[tuple[str, str, str], ...]]] = {
    (Label(77), CODE_2007): (
        "La source ne donne de la Loi 77 que la table des points de levée (reconstituée ici depuis "
        "ses fragments, 001, lignes 4757–4777) : les tables des levées de mieux, des levées de chute "
        "et des primes manquent.",
        (("le barème de la Loi 77 de la page Marque", "marque.md", "bareme-loi-77"),
         ("les tableaux de marque du livret", "tableaux.md", "tableaux-la-marque")),
    ),
    (Label(78, ("B",)), CODE_2007): (
        "Le barème annoncé (« selon le barème suivant : ») manque dans la source : le Code 2007 "
        "de l'édition FFB utilisée s'arrête là (001, ligne 4802).",
        (("le barème des IMP de la page Marque", "marque.md", "bareme-imp"),
         ("les tableaux de marque du livret", "tableaux.md", "tableaux-la-marque")),
    ),
    (Label(24, ("C",)), CODE_2017): (
        "Le Guide passe de la 24C à la 24E (000, lignes 2957–2977) : aucune source ne donne le texte "
        "2017 de la 24D, et le commentaire n'en dit rien.",
        (),
    ),
}  # fmt: skip


def lacune(label: Label | None, edition: str, chemin: str) -> str:
    if label is None or (label, edition) not in LACUNES:
        return ""
    texte, liens = LACUNES[(label, edition)]
    dossier = posixpath.dirname(chemin) or "."
    cibles = " et ".join(f"[{nom}]({posixpath.relpath(cible, dossier)}#{id_})" for nom, cible, id_ in liens)
    voir = f" Voir {cibles}." if cibles else ""
    return f'!!! warning "Absent de la source"\n    {texte}{voir}'
