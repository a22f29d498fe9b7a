"""Rendering of law pages: Loi → Markdown (pure).

A page holds, in this order: the title, a box saying which editions the sources
give, one section per source (official 2017 text, the Guide's commentary with its
2017 quotes and examples, the director's notes, the booklet's extracts), the 2007
text in a block marked as replaced, and « Cité par ». Every law paragraph shows its
edition in a badge whose tooltip names its source and line.
"""

from __future__ import annotations

import html
import posixpath
from collections.abc import Iterable
from dataclasses import dataclass, field

import yaml

from indexer.corpus.ancres import Ancres, Cle
from indexer.editions import COURANTE, marque_titre
from indexer.labels import Label
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
)
from indexer.rendu.lacunes import lacune
from indexer.rendu.markdown import Lien, blocs_markdown, echapper, lien_vers, notes_markdown

AVERTISSEMENT = "<!-- Généré par « loi construire » depuis corpus/ : ne pas modifier à la main. -->"

# Section heading and id per (edition, role).
SECTIONS: dict[tuple[str, str], tuple[str, str]] = {
    ("2017", ROLE_TEXTE): ("Texte 2017", "texte-2017"),
    ("2017", ROLE_GUIDE): ("Commentaire du Guide pratique de l'arbitrage (2017)", "guide"),
    ("2017", ROLE_NOTES): ("Notes de Christian Chantigny (2017)", "notes"),
    ("2017", ROLE_EXTRAITS): ("Extraits du livret du club de Vénissieux (2017)", "livret"),
    ("2007", ROLE_TEXTE): ("Texte 2007 (remplacé par le Code 2017)", "texte-2007"),
}


@dataclass(frozen=True)
class Citation:
    """A place that cites a law: its page, anchor and a readable label."""

    page: str
    ancre: str
    libelle: str


@dataclass(frozen=True)
class Contexte:
    """What a law page needs beyond its law: source titles, anchors, who cites it."""

    sources: dict[str, str]
    ancres: Ancres
    cite_par: dict[int, tuple[Citation, ...]]
    apercus: dict[int, tuple[Citation, ...]] = field(default_factory=dict)


def front_matter(loi: Loi, contexte: Contexte) -> str:
    """The page's YAML header: number, titles, references, citing laws, sources."""
    cibles = sorted(
        {r.cible for p in loi.parties for e in p.elements for b in e.blocs for r in b.renvois},
        key=lambda label: (label.loi, label.parties),
    )
    donnees = {
        "loi": loi.numero,
        "titre": loi.titre(),
        "titres": loi.titres(),
        "renvois": [c.compact() for c in cibles],
        "cite_par": sorted({_ordre(c.page)[0] for c in contexte.cite_par.get(loi.numero, ())
                            if c.page.startswith("lois/")}),
        "sources": sorted({p.source for p in loi.parties}),
    }
    texte = yaml.safe_dump(donnees, allow_unicode=True, sort_keys=False, width=1000)
    return f"---\n{texte}---\n"


def _badge(partie: Partie, element: Element, contexte: Contexte) -> str:
    source = contexte.sources.get(partie.source, partie.source)
    titre = html.escape(f"Code {partie.edition} — {source} ({partie.source}, ligne {element.ligne})")
    return f'<span class="edition e{partie.edition}" title="{titre}">{partie.edition}</span>'


def _titre_paragraphe(label: Label, element: Element, ids: tuple[str, ...], badge: str) -> str:
    niveau = "#" * min(2 + max(len(label.parties), 1), 6)
    alias = "".join(f'<span id="{i}"></span>' for i in ids[1:])
    texte = label.compact() if label.parties else str(label)
    if element.titre:
        texte += f" — {echapper(element.titre)}"
    if element.incomplet:
        texte += ' <span class="incomplet" title="Crochet fermant absent dans la source">⚠</span>'
    return f"{niveau} {alias}{badge} {texte} {{ #{ids[0]} }}"


def _element(
    cle: Cle, partie: Partie, element: Element, contexte: Contexte, lien: Lien, notes_vues: set[str]
) -> str:
    ids = contexte.ancres.de(cle)
    prefixe = f"p{cle[1]}-"
    corps = blocs_markdown(element.blocs, lien, prefixe)
    notes = notes_markdown(element.notes, prefixe, notes_vues, " ".join(b.texte for b in element.blocs))
    if element.type == LOI and element.label:
        tete = _titre_paragraphe(element.label, element, ids, _badge(partie, element, contexte))
        manque = lacune(element.label, partie.edition, f"lois/{cle[0]}.md")
        return "\n\n".join(m for m in (tete, corps, manque, notes) if m)
    if element.type in (EXEMPLE, NOTE):
        classe = "example" if element.type == EXEMPLE else "note"
        titre = f'<p class="admonition-title">{html.escape(element.titre or "Note")}</p>'
        ouverture = f'<div class="admonition {classe}" id="{ids[0]}" markdown>\n{titre}'
        return "\n\n".join(m for m in (ouverture, corps, "</div>", notes) if m)
    tete = f'<div class="ancre" id="{ids[0]}"></div>' if ids else ""
    titre = f"**{echapper(element.titre)}**" if element.titre else ""
    return "\n\n".join(m for m in (tete, titre, corps, notes) if m)


# How each source heads a law, to show the heading as the source writes it.
INTITULES: dict[tuple[str, str], str] = {
    ("2017", ROLE_TEXTE): "LOI {n} - {t}",
    ("2017", ROLE_GUIDE): "{n} – {t}",
    ("2017", ROLE_NOTES): "{t} (Loi {n})",
    ("2017", ROLE_EXTRAITS): "Loi {n} - {t}",
}


def intitule(numero: int, partie: Partie) -> str:
    """The law's heading as the source writes it (number and title)."""
    if not partie.titre_de_loi:  # an overview or a run-in title: shown as the source has it
        return partie.titre
    modele = INTITULES.get((partie.edition, partie.role), "{t}")
    return modele.format(n=numero, t=partie.titre)


def _source(numero: int, partie: Partie, contexte: Contexte) -> str:
    titre = html.escape(contexte.sources.get(partie.source, partie.source), quote=False)
    intitule_ = f" — « {html.escape(intitule(numero, partie), quote=False)} »" if partie.titre else ""
    return (f'<p class="source">Source : <cite>{titre}</cite>, Code {partie.edition} '
            f"({partie.source}, ligne {partie.ligne}){intitule_}</p>")


def ids_sections(loi: Loi) -> list[str]:
    """The id of each part's section on the law page: ``guide``, then ``guide-2``…"""
    ids: list[str] = []
    for partie in loi.parties:
        base = SECTIONS.get((partie.edition, partie.role), (partie.role, partie.role))[1]
        id_, rang = base, 2
        while id_ in ids:  # two parts of one role (the Guide's 28–32 overview): guide, guide-2
            id_, rang = f"{base}-{rang}", rang + 1
        ids.append(id_)
    return ids


def apercus(lois: Iterable[Loi]) -> dict[int, tuple[Citation, ...]]:
    """For each law, the overviews on other pages that speak of it (``Partie.couvre``)."""
    trouves: dict[int, list[Citation]] = {}
    for loi in lois:
        for partie, id_ in zip(loi.parties, ids_sections(loi), strict=True):
            for numero in partie.couvre:
                trouves.setdefault(numero, []).append(Citation(f"lois/{loi.numero}.md", id_, partie.titre))
    return {numero: tuple(liste) for numero, liste in trouves.items()}


def _voir_aussi(loi: Loi, contexte: Contexte) -> str:
    liens = [f"    - [{echapper(c.libelle)}]({posixpath.basename(c.page)}#{c.ancre})"
             for c in contexte.apercus.get(loi.numero, ())]
    return '!!! tip "Voir aussi"\n' + "\n".join(liens) if liens else ""


# The laws whose page links to the Marque page (docs/marque.md): the section it opens on, and why.
PAGE_MARQUE = "marque.md"
VOIR_MARQUE: dict[int, tuple[str, str]] = {
    12: ("calcul-ajustee", "marque ajustée pondérée, 12C1(c)"),
    77: ("bareme-loi-77", "barème et calcul de la marque"),
    78: ("bareme-imp", "IMP et points de match"),
    79: ("calcul-contrat", "calcul de la marque d'un contrat"),
}


def _voir_marque(loi: Loi, page: str) -> str:
    if loi.numero not in VOIR_MARQUE:
        return ""
    ancre, quoi = VOIR_MARQUE[loi.numero]
    relatif = posixpath.relpath(PAGE_MARQUE, posixpath.dirname(page))
    return f"Voir aussi : [la page Marque]({relatif}#{ancre}) ({quoi}).\n{{: .voir-marque }}"


def _partie(i: int, loi: Loi, contexte: Contexte, lien: Lien, id_: str) -> str:
    partie = loi.parties[i]
    titre = SECTIONS.get((partie.edition, partie.role), (partie.role, partie.role))[0]
    morceaux = [f"## {echapper(titre)} {{ #{id_} }}", _source(loi.numero, partie, contexte)]
    notes_vues: set[str] = set()
    elements = [
        _element((loi.numero, i, j), partie, e, contexte, lien, notes_vues) + _non_cite(partie, j)
        for j, e in enumerate(partie.elements)
    ]
    if partie.edition != COURANTE:
        e, c = partie.edition, COURANTE
        morceaux.append(f'!!! warning "Texte de {e}, remplacé"\n    Ce texte est celui du Code {e}. '
                        f"Il ne fait plus foi : le Code {c} l'a remplacé. Il est donné pour mémoire "
                        f"et pour les lois dont les sources ne donnent pas le texte {c} complet.")
        morceaux.append(f'<div class="texte-{e}" markdown>\n\n' + "\n\n".join(elements) + "\n\n</div>")
    else:
        morceaux.extend(elements)
    return "\n\n".join(morceaux)


def _non_cite(partie: Partie, j: int) -> str:
    """Under a heading of the Guide's for a paragraph it comments without quoting it
    (« … (16C) : », 000:1635): a line that says so, since no text follows."""
    element = partie.elements[j]
    suivant = partie.elements[j + 1].label if j + 1 < len(partie.elements) else None
    label = element.label
    enfant = label is not None and suivant is not None and suivant != label and label.contient(suivant)
    if element.type != LOI or element.blocs or not element.titre or enfant or partie.role != ROLE_GUIDE:
        return ""
    return "\n\n*Le Guide commente ce paragraphe sans en citer le texte.*"


def _editions(loi: Loi) -> str:
    titres = loi.titres()
    lignes = [f"- **Titre {e}** : {echapper(t)}" for e, t in sorted(titres.items(), reverse=True)]
    officiel = any(p.edition == COURANTE and p.role == ROLE_TEXTE for p in loi.parties)
    cites = any(p.edition == COURANTE and p.role != ROLE_TEXTE for p in loi.parties)
    if officiel:
        etat = "Le texte 2017 complet est donné ci-dessous."
    elif cites:
        etat = "Le texte 2017 n'est donné que par les citations des sources (commentaire, extraits)."
    else:
        etat = "Aucune source ne donne le texte 2017 : seul le texte 2007 (remplacé) figure ici."
    corps = "\n".join(["    " + ligne for ligne in [*lignes, "", etat]])
    return f'!!! info "Éditions"\n{corps}'


def _cite_par(loi: Loi, contexte: Contexte, page: str) -> str:
    citations = contexte.cite_par.get(loi.numero, ())
    if not citations:
        return "## Cité par { #cite-par }\n\nAucun autre texte du corpus ne cite cette loi."
    lignes = []
    for citation in citations:
        relatif = posixpath.relpath(citation.page, posixpath.dirname(page))
        lignes.append(f"- [{echapper(citation.libelle)}]({relatif}#{citation.ancre})")
    return "## Cité par { #cite-par }\n\n" + "\n".join(lignes)


def render_loi(loi: Loi, contexte: Contexte) -> str:
    """The whole Markdown page of one law."""
    page = f"lois/{loi.numero}.md"
    lien = lien_vers(page)
    morceaux: list[str] = [
        front_matter(loi, contexte) + AVERTISSEMENT,
        f"# Loi {loi.numero} — {echapper(loi.titre())}{marque_titre(loi.titres())} {{ #loi-{loi.numero} }}",
        _editions(loi),
        _voir_aussi(loi, contexte),
        _voir_marque(loi, page),
        *(_partie(i, loi, contexte, lien, id_) for i, id_ in enumerate(ids_sections(loi))),
        _cite_par(loi, contexte, page),
    ]
    return "\n\n".join(m for m in morceaux if m) + "\n"


def citations(lois: Iterable[Loi], ancres: Ancres) -> dict[int, tuple[Citation, ...]]:
    """Who cites each law: one Citation per citing law element (first anchor), sorted."""
    trouvees: dict[int, set[Citation]] = {}
    for loi in lois:
        for i, partie in enumerate(loi.parties):
            for j, element in enumerate(partie.elements):
                ids = ancres.de((loi.numero, i, j))
                for cible in {r.cible.loi for b in element.blocs for r in b.renvois}:
                    if cible != loi.numero and ids:
                        libelle = f"Loi {loi.numero} — {loi.titre()}"
                        citation = Citation(f"lois/{loi.numero}.md", ids[0], libelle)
                        trouvees.setdefault(cible, set()).add(citation)
    return {n: _une_par_page(c) for n, c in trouvees.items()}


def _une_par_page(citations_: set[Citation]) -> tuple[Citation, ...]:
    premieres: dict[str, Citation] = {}
    for citation in sorted(citations_, key=lambda c: (_ordre(c.page), c.ancre)):
        premieres.setdefault(citation.page, citation)
    return tuple(sorted(premieres.values(), key=lambda c: _ordre(c.page)))


def _ordre(page: str) -> tuple[int, str]:
    nom = page.rsplit("/", 1)[-1].removesuffix(".md")
    return (int(nom), page) if nom.isdigit() else (1000, page)
