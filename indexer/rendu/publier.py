"""Publishing (pure): the linked corpus → every generated file, as {path: text}.

Paths are relative to the project folder. The same function feeds ``loi construire``
(which writes what changed) and the staleness test (which compares).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from indexer.corpus.ancres import Ancres, parcourir
from indexer.corpus.carte import Carte
from indexer.corpus.fiches import url_loi
from indexer.corpus.parsers import code2007, code2007_toc
from indexer.editions import COURANTE
from indexer.model import EXEMPLE, LOI, Corpus, Element, Fiche, Loi, NoteBas, Partie
from indexer.rendu.elements import Citation, Contexte
from indexer.rendu.index_alphabetique import render_definitions, render_index
from indexer.rendu.loi import apercus, citations, render_loi
from indexer.rendu.marque import render_marque
from indexer.rendu.navigation import GRILLE, disposer, fichier_de, render_grille_lois
from indexer.rendu.pages import render_abreviations, render_citations, render_document, render_table_des_lois
from indexer.rendu.pagination import pages_de
from indexer.rendu.schema import SCHEMA_LOI
from indexer.sources import CODE_2007

DOSSIER_LOIS = "docs/lois"
DOSSIER_DONNEES = "docs/donnees/lois"  # the per-law data of `loi voir`, open data on the site
SCHEMA = "docs/donnees/schema-loi.json"
ABREVIATIONS = "includes/abreviations.md"
CARTE_CITATIONS = "docs/assets/citations.json"
# Documents whose page is more than their text: the Marque page adds computed tables and calculators;
# The index and the definitions are reference lists (rendu/index_alphabetique.py).
RENDUS = {"marque": render_marque, "index": render_index, "definition": render_definitions}


def fichiers(
    corpus: Corpus, ancres: Ancres, chapitres: list[dict], carte: Carte, textes: dict[str, str]
) -> dict[str, str]:
    """Every generated file of docs/ and includes/, by path; ``textes``, the sources as read, give
    their pages (a passage is named « Guide pratique (FFB), p. 112 », not by a line)."""
    pages = {fichier: pages_de(texte) for fichier, texte in textes.items()}
    if CODE_2007 in textes:  # no form feeds: the pages its table of contents prints
        pages[CODE_2007] = code2007_toc.pages_des_lois(
            tuple(textes[CODE_2007].split("\n")), code2007.DEBUT, code2007.FIN
        )
    contexte = Contexte(ancres, citations(corpus, ancres), apercus(corpus.lois), carte, pages)
    sortie = {f"{DOSSIER_LOIS}/{loi.numero}.md": render_loi(loi, contexte) for loi in corpus.lois}
    sortie[f"{DOSSIER_LOIS}/index.md"] = render_table_des_lois(corpus, chapitres)
    for document in corpus.documents:
        rendu = RENDUS.get(document.type, render_document)
        sortie[f"docs/{document.chemin}"] = rendu(document)
    definitions = next((d for d in corpus.documents if d.type == "definition"), None)
    sortie[ABREVIATIONS] = render_abreviations(definitions)
    sortie[CARTE_CITATIONS] = render_citations(corpus, ancres)
    sortie[GRILLE] = render_grille_lois(corpus)
    return disposition(sortie)


def disposition(sortie: dict[str, str]) -> dict[str, str]:
    """Every page at its place in the ``x/index.md`` layout (``navigation.fichier_de``), its links
    moved with it; the grid's links are the home page's."""
    places: dict[str, str] = {}
    for chemin, texte in sortie.items():
        if chemin.startswith("docs/") and chemin.endswith(".md"):
            page = chemin.removeprefix("docs/")
            places["docs/" + fichier_de(page)] = disposer(texte, page)
        else:
            places[chemin] = disposer(texte, "index.md") if chemin == GRILLE else texte
    return places


APPEL = re.compile(r"\[\^([^\]\s]+)\]")  # a footnote call in a Bloc's text (the parser contract)


def _notes(element: Element, partie: Partie, texte: str, nom: str) -> tuple[str, list[dict[str, Any]]]:
    """An entry's text with its footnote calls numbered (« [^e1] » → « [1] »), and its notes. A note goes under the
    entry whose text calls it (a parser may hang it on the next paragraph of its part); a note no text of its part calls
    stays under its own element. Numbers count within the entry, so that a reader finds « [1] » right under it."""
    par_cle = {n.cle: n for e in partie.elements for n in e.notes}
    appelees = {a for e in partie.elements for b in e.blocs for a in APPEL.findall(b.texte)}
    notes: list[NoteBas] = []

    def numeroter(appel: re.Match[str]) -> str:
        note = par_cle.get(appel.group(1))
        if note is None:
            return ""  # a call without its note: nothing to point at
        if note not in notes:
            notes.append(note)
        return f"[{notes.index(note) + 1}]"

    texte = APPEL.sub(numeroter, texte)
    notes += [n for n in element.notes if n.cle not in appelees and n not in notes]
    return texte, [
        {"numero": numero, "texte": note.texte, "source": f"{partie.source}:{note.ligne}", "nom_source": nom}
        for numero, note in enumerate(notes, 1)
    ]


def objet_loi(
    loi: Loi, fiches: Sequence[Fiche], cite_par: tuple[Citation, ...], noms: dict[str, str], base: str, carte: Carte
) -> dict[str, Any]:
    """The whole law as the JSON object of ``loi voir``: an entry per fiche of its page. Each entry's ``ref`` is the
    paragraph it is attached to (``Fiche.rattachement``); law text is given without its subtitle (shown apart); its
    footnotes are its ``notes``. ``noms`` gives each source file's human name; ``base`` is the site's address
    (``site_url``), prefixed to every URL when the site has one."""
    elements = list(parcourir(loi))
    if len(elements) != len(fiches):  # corpus.fiches makes one fiche per element, in this order
        raise ValueError(f"Loi {loi.numero} : {len(fiches)} fiches pour {len(elements)} éléments")
    paragraphes, exemples = list[dict[str, Any]](), list[dict[str, Any]]()
    for ordre, ((_, partie, element), fiche) in enumerate(zip(elements, fiches, strict=True)):
        nom = f"{noms[partie.source]}, Loi {loi.numero}"
        texte = fiche.corps if fiche.type == LOI else fiche.corps or fiche.texte
        texte, notes = _notes(element, partie, texte, nom)
        entree = _entree(fiche, texte, notes, nom, ordre, base)
        devenir = carte.devenir(element.label) if element.label and partie.edition != COURANTE else None
        if devenir and element.type == LOI:
            entree["devenir"] = devenir.phrase()
        (exemples if fiche.type == EXEMPLE else paragraphes).append(entree)
    lois = [(nom, c) for c in cite_par if (nom := c.page.rsplit("/", 1)[-1].removesuffix(".md")).isdigit()]
    renvois = {r.cible for _, _, e in elements for b in e.blocs for r in b.renvois}
    return {
        "loi": loi.numero,
        "titre": loi.titre(),
        "titres": loi.titres(),
        "url": base + url_loi(loi.numero),
        "paragraphes": paragraphes,
        "exemples": exemples,
        "renvois": [c.compact() for c in sorted(renvois)],
        "cite_par": [{"loi": int(nom), "url": f"{base}{c.page.removesuffix('.md')}/#{c.ancre}"} for nom, c in lois],
    }


def _entree(fiche: Fiche, texte: str, notes: list[dict[str, Any]], nom: str, ordre: int, base: str) -> dict[str, Any]:
    return {
        "ref": fiche.rattachement,
        "edition": fiche.edition,
        "type": fiche.type,
        "role": fiche.role,
        "titre": fiche.titre,
        "texte": texte,
        "notes": notes,
        "ancre": fiche.ancre,
        "url": base + fiche.url,
        "source": fiche.source,
        "nom_source": nom,
        "ordre": ordre,
    }


def donnees_lois(
    corpus: Corpus, ancres: Ancres, fiches: Sequence[Fiche], noms: dict[str, str], base: str, carte: Carte
) -> dict[str, str]:
    """The per-law data of ``loi voir`` (``docs/donnees/lois/N.json``), published with the site. Committed with docs/,
    so that reading needs nothing writable; its shape is ``DOSSIER_DONNEES/schema-loi.json``, which a test checks every
    file against."""
    cite_par = citations(corpus, ancres)
    sortie = {
        f"{DOSSIER_DONNEES}/{loi.numero}.json": json.dumps(
            objet_loi(loi, [f for f in fiches if f.loi == loi.numero], cite_par.get(loi.numero, ()), noms, base, carte),
            ensure_ascii=False,
            indent=1,
        )
        + "\n"
        for loi in corpus.lois
    }
    sortie[SCHEMA] = json.dumps(SCHEMA_LOI, ensure_ascii=False, indent=1) + "\n"
    return sortie
