"""The search units as the site's search reads them: the same fiches, synonyms and stop words
as the CLI's index, for ``docs/assets/javascripts/recherche-moteur.js``.

The texts are analysed here, by the index's own analysis (``analyse.racines``), into a
MiniSearch index in the shape of its ``toJSON()`` (MiniSearch 7, serialisation 2, pinned in
package-lock.json): the browser loads it with ``MiniSearch.loadJS`` instead of analysing
3,000 texts on a phone. The queries are analysed in the browser by the JS port of the same
analysis (``recherche-analyse.js``; a browser test checks it gives the Python stems on the
whole vocabulary). Synonyms go out already analysed, as the CLI reads them. Pure
functions: the site's build (``hooks/site.py``, through ``build``) writes the script.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Sequence

from indexer.model import Fiche
from indexer.recherche import extraits, index, interrogation, moteur, requete
from indexer.recherche.analyse import MOT, MOTS_VIDES, plier, racines
from indexer.recherche.requete import Synonymes

FORMAT = 3  # the shape of the data below; recherche-moteur.js refuses another
CHAMPS = ("titre", "texte")  # MiniSearch's field ids, in this order


def donnees(fiches: Sequence[Fiche], synonymes: Synonymes, adresse: Callable[[str], str]) -> dict:
    """Everything the site's engine indexes and ranks: the CLI index's documents, in its order.

    ``adresse`` turns a document's directory URL (``lois/68/#loi-68-c``) into the built
    site's (``lois/68/index.html#loi-68-c``). A document is ``[groupe, loi, type, edition,
    ref, refs, url, page (index in titres), texte, montre]``; the page titles shown are shared by
    every fiche of a page, so they are listed once; ``montre`` is the rank of the document
    a hit shows (a situation's paragraph, ``index.documents``). ``reglages`` are the CLI's weights,
    read from its modules, so that tuning them moves the site too.
    """
    documents = list(index.documents(fiches))
    titres: dict[str, int] = {}
    docs = []
    for doc in documents:
        rang = titres.setdefault(doc["page"], len(titres))
        docs.append([int(doc["groupe"]) if doc["groupe"] else None, int(doc["loi"]) if doc["loi"] else None,
                     doc["type"], doc["edition"], doc["ref"], doc["refs"].split(), adresse(doc["url"]), rang,
                     doc["texte"], doc["montre"]])
    return {
        "format": FORMAT,
        "mots_vides": sorted(MOTS_VIDES),
        "reglages": reglages(),
        "synonymes": {
            "groupes": [[list(e) for e in groupe] for groupe in synonymes.groupes],
            "lois": [sorted(lois) for lois in synonymes.lois],
            "remplissage": sorted(synonymes.remplissage),
            "phrases": phrases(synonymes),
        },
        "titres": list(titres),
        "docs": docs,
        "index": index_minisearch([(doc["titre"], doc["texte"]) for doc in documents]),
        "vocabulaire": vocabulaire(documents),
    }


def phrases(synonymes: Synonymes) -> dict[str, list]:
    """Per field, ``[expression's stems joined by spaces, its passages]`` for each expression a
    passage says (``index.phrases``): the browser skips reading positions for them, as the CLI
    does (``disjonction.PhraseDite``). Empty when the synonyms come from no index."""
    dites = synonymes.phrases or {}
    return {champ: [[" ".join(e), list(docs)] for e, docs in sorted(dites.get(champ, {}).items())]
            for champ in CHAMPS}  # fmt: skip


def reglages() -> dict:
    """The ranking's weights and limits, as the CLI uses them (``interrogation``, ``moteur``)."""
    return {
        "poids": interrogation.Poids()._asdict(),
        "frequent": interrogation.FREQUENT,
        "slop_synonyme": interrogation.SLOP_SYNONYME,
        "unites": requete.UNITES,
        "numerotes": requete.NUMEROTES,
        "liaisons": list(requete.LIAISONS),
        "determinants": list(requete.DETERMINANTS),
        "negations": list(requete.NEGATIONS),
        "question": requete.QUESTION,
        "citation": interrogation.CITATION,
        "sous_paragraphe": interrogation.SOUS_PARAGRAPHE,
        "negligeable": moteur.NEGLIGEABLE,
        "candidats": moteur.CANDIDATS,
        "gardes": moteur.GARDES,
        "maigre": moteur.MAIGRE,
        "situation": moteur.SITUATION,
        "appel_note": extraits.APPEL_NOTE,
        "surligne_min": extraits.SURLIGNE_MIN,
    }


def vocabulaire(documents: Sequence[dict]) -> dict:
    """What the typo correction reads, as the CLI's index holds it: every folded word of the
    ``mots`` field with the number of documents it is in (and its stem, so that the browser
    need not stem the texts), and the spelling
    ``Chercheur.accent`` gives a folded word — its first occurrence in the first document
    holding it — when that spelling has accents."""
    frequences: Counter[str] = Counter()
    accents: dict[str, str] = {}
    for doc in documents:
        for plie in {plier(m) for m in re.findall(MOT, doc["mots"])}:
            frequences[plie] += 1
        for trouve in re.finditer(MOT, f"{doc['page']} {doc['texte']}"):
            accents.setdefault(plier(trouve.group()), trouve.group().lower())
    mots = sorted(frequences)
    return {
        "mots": mots,
        "frequences": [frequences[m] for m in mots],
        "racines": [(racines(m) or [""])[0] for m in mots],  # "" for a stop word
        "accents": {m: a for m, a in sorted(accents.items()) if a != m},
    }


def index_minisearch(textes: Sequence[tuple[str, str]]) -> dict:
    """The MiniSearch index of (title, text) pairs, as ``MiniSearch.toJSON()`` writes it.

    Document ids are the ranks. A field's length counts its stems, repeats included, and
    is rounded to the byte Whoosh stores it in (MiniSearch's own ``add`` counts distinct
    words), the mean stays exact, as Whoosh's: BM25 then gives the CLI's figures.
    """
    from whoosh.util.numeric import byte_to_length, length_to_byte


    postings: dict[str, dict[int, dict[int, int]]] = {}
    longueurs: list[list[int]] = []
    analyses: dict[str, list[str]] = {}  # a title is shared by a page's fiches
    for doc, (titre, texte) in enumerate(textes):
        champs = (analyses.setdefault(titre, racines(titre)), racines(texte))
        longueurs.append([len(r) for r in champs])
        for champ, liste in enumerate(champs):
            for racine, nombre in Counter(liste).items():
                postings.setdefault(racine, {}).setdefault(champ, {})[doc] = nombre
    nombre = len(textes)
    return {
        "documentCount": nombre,
        "nextId": nombre,
        "documentIds": {str(d): d for d in range(nombre)},
        "fieldIds": {champ: rang for rang, champ in enumerate(CHAMPS)},
        "fieldLength": {str(d): [byte_to_length(length_to_byte(n)) for n in longueur]
                        for d, longueur in enumerate(longueurs)},
        "averageFieldLength": [sum(n[c] for n in longueurs) / max(1, nombre) for c in range(len(CHAMPS))],
        "storedFields": {},
        "dirtCount": 0,
        "index": [
            [racine, {str(c): {str(d): n for d, n in docs.items()} for c, docs in sorted(par_champ.items())}]
            for racine, par_champ in sorted(postings.items())
        ],
        "serializationVersion": 2,
    }


def script(contenu: dict) -> str:
    """The data as a script (``fetch`` is refused on file://), the same bytes for the same data.

    A JSON string given to ``JSON.parse`` rather than an object literal: browsers parse
    the former much faster, which a phone feels on a 1.7 MB script.
    """
    texte = json.dumps(contenu, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return f"window.RECHERCHE_DONNEES = JSON.parse({json.dumps(texte, ensure_ascii=False)});\n"


def grammaire_citations() -> dict:
    """The citation grammar as the browser's ``citation.js`` reads it: ``labels`` and
    ``requete`` patterns, named groups written the JavaScript way (``(?<loi>…)``)."""
    from indexer import labels

    def en_js(motif: str) -> str:
        return motif.replace("(?P<", "(?<")

    return {
        "prefixe": en_js(labels.PREFIXE_MOTIF),
        "separateurs": en_js(labels.SEPARATEURS_MOTIF),
        "label": en_js(labels.LABEL_MOTIF),
        "mot": en_js(requete.CITATION_MOT),
        "prefixes_loi": list(requete.PREFIXES_LOI),
        "loi_max": labels.LOI_MAX,
    }


def script_citation(source: str) -> str:
    """``citation.js`` as the site serves it: the grammar first, then the script that reads it."""
    grammaire = json.dumps(grammaire_citations(), ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return f"window.CITATION_GRAMMAIRE = {grammaire};\n{source}"
