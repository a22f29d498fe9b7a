"""Rendering of everything that is not a law page (pure): side documents, the table
of laws, the tooltip glossary and the citation map used by the site's jump box.
"""

from __future__ import annotations

import json
import re

from indexer.corpus.ancres import Ancres
from indexer.editions import CODE_2007, CODE_2017, COURANTE, EDITIONS, REMPLACEE
from indexer.labels import Label, ancre
from indexer.model import Corpus, Document, Section
from indexer.rendu.elements import cite_source
from indexer.rendu.loi import tete_de_page
from indexer.rendu.markdown import Lien, blocs_markdown, echapper, lien_vers, notes_markdown
from indexer.sources import PAR_FICHIER

# Defined terms too common to underline everywhere in lower case ("jeu", "main"…):
# their tooltip still shows on the capitalised form the definitions use.
MOTS_COURANTS = {
    "jeu", "main", "donne", "levée", "camp", "séance", "partenaire", "étui", "épreuve", "passe", "carte", "couleur",
    "annonces", "déclaration", "manche", "tour", "équipe", "enchère", "arbitrage",
}  # fmt: skip


# The regulations' edition (RNC 2008), dated too: it is the FFB's, not the Code's.
RNC = "2008"


def avertissement(edition: str) -> str:
    """The warning above a page of a replaced or dated edition ("" for the current one):
    a text of 2007 never passes for the current one."""
    if edition == RNC:
        return (
            '!!! warning "Règlement National des Compétitions 2008"\n    Extraits de l\'édition 2008 du '
            "règlement de la FFB ; vérifiez l'édition en vigueur avant de l'appliquer."
        )
    if edition in EDITIONS and edition != COURANTE:
        return f'!!! warning "Texte du Code {edition}"\n    Cette page reproduit le Code {edition}{REMPLACEE}'
    return ""


def _section(section: Section, lien: Lien, notes_vues: set[str]) -> str:
    tete = f"{'#' * min(section.niveau + 1, 6)} {echapper(section.titre or section.cle)} {{ #{section.ancre} }}"
    corps = blocs_markdown(section.blocs, lien, f"s-{section.ancre}-")
    notes = notes_markdown(section.notes, f"s-{section.ancre}-", notes_vues, section.blocs)
    return "\n\n".join(m for m in (tete, corps, notes) if m)


def source_document(document: Document, ligne: int | None = None) -> str:
    """« Source : Livret du BC Vénissieux (Code 2017) »: the source's short name, its edition
    when the name does not say it, the file in the tooltip (``rendu.elements.cite_source``)."""
    cite = cite_source(document.source, ligne)
    fiche = PAR_FICHIER.get(document.source)
    nom = fiche.nom if fiche else document.source
    edition = f"{'RNC' if document.edition == RNC else 'Code'} {document.edition}"
    return f"Source : {cite}" + ("" if document.edition in nom else f" ({edition})")


def entete(document: Document) -> list[str]:
    source = f'<p class="source">{source_document(document)}</p>'
    tete = (tete_de_page(document.titre), f"# {echapper(document.titre)}", source, avertissement(document.edition))
    return [m for m in tete if m]


def render_document(document: Document) -> str:
    lien = lien_vers(document.chemin)
    morceaux = [*entete(document), blocs_markdown(document.intro, lien)]
    notes_vues: set[str] = set()
    morceaux += [_section(s, lien, notes_vues) for s in document.sections]
    return "\n\n".join(m for m in morceaux if m) + "\n"


def render_table_des_lois(corpus: Corpus, chapitres: list[dict]) -> str:
    """docs/lois/index.md: the 93 laws grouped by chapter, with both titles."""
    # Out of the site search: its table would match every query about a title.
    morceaux = [tete_de_page("Les 93 lois", hors_recherche=True), "# Les 93 lois"]
    for chapitre in chapitres:
        premiere, derniere = chapitre["lois"]
        titre = f"## {echapper(chapitre['titre'])} (Lois {premiere} à {derniere})"
        lignes = [titre, "", "| Loi | Titre 2017 | Titre 2007 |", "|---|---|---|"]
        for numero in range(premiere, derniere + 1):
            loi = corpus.loi(numero)
            titres = loi.titres() if loi else {}
            en_2017, en_2007 = (echapper(titres.get(edition, "—")) for edition in (CODE_2017, CODE_2007))
            lignes.append(f"| [Loi {numero}]({numero}.md) | {en_2017} | {en_2007} |")
        morceaux.append("\n".join(lignes))
    return "\n\n".join(morceaux) + "\n"


def _premiere_phrase(texte: str, maximum: int = 180) -> str:
    phrase = re.split(r"(?<=[.])\s", " ".join(texte.split()), maxsplit=1)[0]
    return phrase if len(phrase) <= maximum else phrase[: maximum - 1].rstrip() + "…"


def render_abreviations(definitions: Document | None) -> str:
    """includes/abreviations.md: ``*[Terme]: définition`` lines for tooltips, sorted."""
    if definitions is None:
        return ""
    entrees: dict[str, str] = {}
    for section in definitions.sections:
        terme = re.sub(r"\s*\(.*\)\s*$", "", section.titre).strip()
        texte = " ".join(b.texte for b in section.blocs)
        if not terme or not texte:
            continue
        resume = _premiere_phrase(texte).replace("]", ")").replace("[", "(")
        resume += f" (Définitions du Code {definitions.edition})"
        entrees.setdefault(terme, resume)
        if terme.lower() not in MOTS_COURANTS and " " not in terme:
            entrees.setdefault(terme.lower(), resume)
    return "".join(f"*[{t}]: {d}\n" for t, d in sorted(entrees.items()))


def render_citations(corpus: Corpus, ancres: Ancres) -> str:
    """docs/assets/citations.json: every law anchor → the page that holds it."""
    carte = {ancre(Label(loi.numero)): f"lois/{loi.numero}/" for loi in corpus.lois}
    for (numero, _, _), ids in sorted(ancres.par_element.items()):
        carte.update({id_: f"lois/{numero}/" for id_ in ids if id_.startswith("loi-")})
    # The headings the annotated page adds over sub-paragraphs whose parent no 2017 source gives (« 12C »,
    # « 40B2 »): ``loi voir`` opens them, and so must the site's citation box.
    carte.update({ancre(label, *s): f"lois/{label.loi}/" for label in ancres.en_tete for s in ((), (COURANTE,))})
    return json.dumps(carte, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n"
