"""Rendering of law pages: Loi → Markdown (pure).

A page is a « code annoté »: the title (and the 2007 title when it differs), the law's 2017 text paragraph by
paragraph, each followed by its commentary, examples and notes set apart from the law (``rendu.annote`` assembles
it), an overview of several laws when the Guide gives one, the 2007 text in a block marked as replaced, and « Cité
par ». Headings carry their label, title and anchors; their edition, source and line are attributes that the
Markdown extension ``rendu.entetes`` shows.
"""

from __future__ import annotations

import json
import posixpath
from collections.abc import Iterable

from indexer.corpus.ancres import Ancres, parcourir
from indexer.editions import COURANTE, marque_titre
from indexer.labels import Label, ancre
from indexer.model import Corpus, Loi
from indexer.rendu.annote import annoter_markdown, fusionnees
from indexer.rendu.elements import (
    SECTIONS,
    Citation,
    Contexte,
    Occurrence,
    Page,
    element_markdown,
    ids_sections,
    non_cite,
    source_ligne,
)
from indexer.rendu.markdown import echapper, lien_vers
from indexer.sources import source

AVERTISSEMENT = "<!-- Généré par « loi construire » depuis corpus/ : ne pas modifier à la main. -->"


def tete_de_page(titre: str, *, hors_recherche: bool = False) -> str:
    """The page's front matter, then the notice. The title is written out because a generator
    takes it from the h1 only when nothing precedes it, and the notice comes first (MkDocs then
    named Law 68's page « 68 »); JSON is a YAML double-quoted string."""
    lignes = ["---", f"title: {json.dumps(titre, ensure_ascii=False)}"]
    if hors_recherche:
        lignes += ["search:", "  exclude: true"]
    return "\n".join([*lignes, "---", AVERTISSEMENT])


def apercus(lois: Iterable[Loi]) -> dict[int, tuple[Citation, ...]]:
    """For each law, the overviews on other pages that speak of it (``Partie.couvre``)."""
    trouves: dict[int, list[Citation]] = {}
    for loi in lois:
        for partie, id_ in zip(loi.parties, ids_sections(loi), strict=True):
            for numero in partie.couvre:
                trouves.setdefault(numero, []).append(Citation(f"lois/{loi.numero}.md", id_, partie.titre))
    return {numero: tuple(liste) for numero, liste in trouves.items()}


def _liste(citations: Iterable[Citation], page: str, retrait: str = "") -> str:
    dossier = posixpath.dirname(page)
    return "\n".join(
        f"{retrait}- [{echapper(c.libelle)}]({posixpath.relpath(c.page, dossier)}#{c.ancre})" for c in citations
    )


# The laws whose page links to the Marque page (docs/marque/index.md): the section it opens on, and why.
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


def _section(i: int, loi: Loi, page: Page, id_: str) -> str:
    """A part as its own section: the 2007 text (marked replaced), an overview of several laws."""
    partie = loi.parties[i]
    titre = SECTIONS.get((partie.edition, partie.role), (partie.role, partie.role))[0]
    page.ouvrir(source(partie.source).cle)
    morceaux = [
        f"## {echapper(titre)} {{ #{id_} src={page.section} }}",
        f'<p class="source">Source : {source_ligne(partie, loi, page.contexte.pages)}</p>',
    ]
    elements = [
        element_markdown(Occurrence((loi.numero, i, j), partie, e), page) + non_cite(partie, j)
        for j, e in enumerate(partie.elements)
    ]
    if partie.edition != COURANTE:
        e, c = partie.edition, COURANTE
        morceaux += [
            f'!!! warning "Texte de {e}, remplacé"\n    Ce texte est celui du Code {e}. '
            f"Il ne fait plus foi : le Code {c} l'a remplacé. Il est donné pour mémoire "
            f"et pour les lois dont les sources ne donnent pas le texte {c} complet.",
            f'<div class="texte-{e}" markdown>\n\n' + "\n\n".join(elements) + "\n\n</div>",
        ]
    else:
        morceaux.extend(elements)
    return "\n\n".join(morceaux)


def _plier(titre: str) -> str:
    """A title with case, apostrophes, dashes and spacing aside: two titles that differ only there are one
    (« Mélange et Donne »)."""
    return " ".join(titre.replace("’", "'").replace("–", "-").replace("—", "-").casefold().split())


def _titres(loi: Loi) -> str:
    titres = sorted(loi.titres().items(), reverse=True)
    lignes = [f"Titre {e} : {echapper(t)}" for e, t in titres if _plier(t) != _plier(loi.titre())]
    return "\n".join(lignes) + "\n{: .titre-autre }" if lignes else ""


def render_loi(loi: Loi, contexte: Contexte) -> str:
    chemin = f"lois/{loi.numero}.md"
    page = Page(contexte, lien_vers(chemin))
    fusion = set(fusionnees(loi))
    apercus = _liste(contexte.apercus.get(loi.numero, ()), chemin, "    ")
    cite_par = _liste(contexte.cite_par.get(loi.numero, ()), chemin)
    morceaux: list[str] = [
        tete_de_page(f"Loi {loi.numero} — {loi.titre()}{marque_titre(loi.titres())}"),
        f"# Loi {loi.numero} — {echapper(loi.titre())}{marque_titre(loi.titres())} {{ #{ancre(Label(loi.numero))} }}",
        _titres(loi),
        f'!!! tip "Voir aussi"\n{apercus}' if apercus else "",
        _voir_marque(loi, chemin),
        annoter_markdown(loi, page),
        *(_section(i, loi, page, id_) for i, id_ in enumerate(ids_sections(loi)) if i not in fusion),
        "## Cité par { #cite-par }\n\n" + (cite_par or "Aucun autre texte du corpus ne cite cette loi."),
    ]
    return "\n\n".join(m for m in morceaux if m) + "\n"


def citations(corpus: Corpus, ancres: Ancres) -> dict[int, tuple[Citation, ...]]:
    """Who cites each law: each law page once, at the first (sorted) anchor of its citing elements, in law order;
    then each side document once, at its first citing section."""
    par_loi: dict[int, list[Citation]] = {}
    for loi in sorted(corpus.lois, key=lambda loi: loi.numero):
        premieres: dict[int, str] = {}
        for cle, _, element in parcourir(loi):
            for cible in {r.cible.loi for b in element.blocs for r in b.renvois} - {loi.numero}:
                if ids := ancres.de(cle):
                    premieres[cible] = min(premieres.get(cible, ids[0]), ids[0])
        libelle = f"Loi {loi.numero} — {loi.titre()}"
        for cible, id_ in premieres.items():
            par_loi.setdefault(cible, []).append(Citation(f"lois/{loi.numero}.md", id_, libelle))
    for document in corpus.documents:
        vus: set[int] = set()
        for section in document.sections:
            for cible in sorted({r.cible.loi for b in section.blocs for r in b.renvois} - vus):
                vus.add(cible)
                par_loi.setdefault(cible, []).append(Citation(document.chemin, section.ancre, document.titre))
    return {n: tuple(c) for n, c in par_loi.items()}
