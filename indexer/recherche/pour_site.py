"""The search units as the site's search reads them: the same fiches, synonyms and stop words
as the CLI's index, for the site's engine (``docs/assets/javascripts/recherche-*.js``).

The texts are analysed here, by the index's own analysis (``analyse.racines``), into a
plain postings table (``postings``): per field and stem, its documents and frequencies, with
each field's lengths as Whoosh stores them and its idf; the browser scores them as Whoosh does
(``recherche-disjonction.js``) instead of analysing 3,000 texts on a phone. The queries are
analysed in the browser by the JS port of the same analysis (``recherche-analyse.js``;
tests/test_moteur_js.py checks in node that it gives the Python stems on the whole vocabulary,
and the CLI's answers to the last digit). Synonyms go out already analysed, as the CLI reads
them. Pure functions: ``loi construire --index`` (``build.construire_index``) writes the script.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Sequence
from math import log

from indexer.model import Fiche
from indexer.recherche import extraits, index, interrogation, moteur, requete
from indexer.recherche.analyse import APOSTROPHES, CONTROLES, GUILLEMETS, LONGUEUR_MAX, MOT, MOTS_VIDES, plier, racines
from indexer.recherche.interrogation import CHAMPS
from indexer.recherche.requete import Synonymes

FORMAT = 5  # the shape of the data below; recherche-moteur.js refuses another


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
    docs = [_document(doc, titres.setdefault(doc["page"], len(titres)), adresse) for doc in documents]
    return {
        "format": FORMAT,
        "mots_vides": sorted(MOTS_VIDES),
        "normalisation": {
            "apostrophes": APOSTROPHES,
            "controles": CONTROLES,
            "guillemets": GUILLEMETS,
            "longueur_max": LONGUEUR_MAX,
        },
        "reglages": reglages(),
        "synonymes": {
            "groupes": [[list(e) for e in groupe] for groupe in synonymes.groupes],
            "lois": [sorted(lois) for lois in synonymes.lois],
            "remplissage": sorted(synonymes.remplissage),
            "phrases": phrases(synonymes),
        },
        "titres": list(titres),
        "docs": docs,
        "index": postings([(doc["titre"], doc["texte"]) for doc in documents]),
        "vocabulaire": vocabulaire(documents),
    }


def _document(doc: dict, page: int, adresse: Callable[[str], str]) -> list:
    return [
        int(doc["groupe"]) if doc["groupe"] else None,
        int(doc["loi"]) if doc["loi"] else None,
        doc["type"],
        doc["edition"],
        doc["ref"],
        doc["refs"].split(),
        adresse(doc["url"]),
        page,
        doc["texte"],
        doc["montre"],
    ]


def phrases(synonymes: Synonymes) -> dict[str, list]:
    """Per field, ``[expression's stems joined by spaces, its passages]`` for each expression a
    passage says (``index.phrases``): the browser skips reading positions for them, as the CLI
    does (``disjonction.PhraseDite``). Empty when the synonyms come from no index."""
    dites = synonymes.phrases or {}
    return {champ: [[" ".join(e), list(docs)] for e, docs in sorted(dites.get(champ, {}).items())] for champ in CHAMPS}


def reglages() -> dict:
    return {
        "poids": interrogation.Poids()._asdict(),
        "frequent": interrogation.FREQUENT,
        "slop_synonyme": interrogation.SLOP_SYNONYME,
        "unites": requete.UNITES,
        "numerotes": requete.NUMEROTES,
        "numero_de": list(requete.NUMERO_DE),
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
    ``mots`` field, its number of documents, its stem (the browser need not stem the texts), and
    the spelling ``Chercheur.accent`` gives it (its first occurrence) when that has accents."""
    frequences: Counter[str] = Counter()
    accents: dict[str, str] = {}
    for doc in documents:
        frequences.update({plier(m) for m in re.findall(MOT, doc["mots"])})
        for trouve in re.finditer(MOT, f"{doc['page']} {doc['texte']}"):
            accents.setdefault(plier(trouve.group()), trouve.group().lower())
    mots = sorted(frequences)
    return {
        "mots": mots,
        "frequences": [frequences[m] for m in mots],
        "racines": [(racines(m) or [""])[0] for m in mots],  # "" for a stop word
        "accents": {m: a for m, a in sorted(accents.items()) if a != m},
    }


def postings(textes: Sequence[tuple[str, str]]) -> dict:
    """The postings of (title, text) pairs, per field: what Whoosh's BM25F reads of its index.

    ``postings[champ][racine]`` lists the documents (ranks) holding the stem, each as the gap
    from the previous one, followed by its frequency as a negative number when above 1 (most
    are 1: a third of the bytes of a plain list of pairs). A field's length counts its stems,
    repeats included, rounded to the byte Whoosh stores it in (``longueurs``); the mean stays
    exact, as Whoosh's (``moyennes``); its idf per number of documents (``idf``).
    """
    from whoosh.util.numeric import byte_to_length, length_to_byte

    par_champ: dict[str, dict[str, list[tuple[int, int]]]] = {champ: {} for champ in CHAMPS}
    longueurs: dict[str, list[int]] = {champ: [] for champ in CHAMPS}
    analyses: dict[str, list[str]] = {}  # a title is shared by a page's fiches
    for doc, (titre, texte) in enumerate(textes):
        for champ, liste in zip(CHAMPS, (racines(texte), analyses.setdefault(titre, racines(titre))), strict=True):
            longueurs[champ].append(len(liste))
            for racine, nombre in Counter(liste).items():
                par_champ[champ].setdefault(racine, []).append((doc, nombre))
    nombre = max(1, len(textes))
    frequences = sorted({len(docs) for table in par_champ.values() for docs in table.values()})
    return {
        "postings": {
            champ: {racine: _ecarts(docs) for racine, docs in sorted(table.items())}
            for champ, table in par_champ.items()
        },
        # Whoosh's idf (scoring.WeightingModel.idf) per document frequency, computed here: a
        # browser's Math.log differs from the C library's in the last bit (V8: 104 of 3,972 values).
        "idf": {str(n): log(len(textes) / (n + 1)) + 1 for n in frequences},
        "longueurs": {champ: [byte_to_length(length_to_byte(n)) for n in liste] for champ, liste in longueurs.items()},
        "moyennes": {champ: sum(liste) / nombre for champ, liste in longueurs.items()},
    }


def _ecarts(docs: list[tuple[int, int]]) -> list[int]:
    """(document, frequency) in document order → gaps, each followed by ``-frequence`` above 1."""
    sortie, precedent = [], 0
    for doc, frequence in docs:
        sortie.append(doc - precedent)
        if frequence > 1:
            sortie.append(-frequence)
        precedent = doc
    return sortie


def script(contenu: dict) -> str:
    """The data as a script (``fetch`` is refused on file://), the same bytes for the same data.

    The JSON text itself, in a template literal: the script defines one string, cheap to
    load even on the page's thread (file://, where it is handed to the search's worker), and
    the worker gives it to ``JSON.parse``, much faster than an object literal; only the backslash,
    the backquote and ``${`` need escaping (JSON escapes every control character).
    """
    texte = json.dumps(contenu, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    litteral = texte.replace("\\", "\\\\").replace("`", "\\`").replace("${", "\\${")
    return f"globalThis.RECHERCHE_DONNEES_JSON = `{litteral}`;\n"


def grammaire_citations() -> dict:
    """The citation grammar as the browser's ``citation.js`` reads it: the ``labels`` patterns, named
    groups written the JavaScript way (``(?<loi>…)``), and the words ``requete`` takes for « loi »."""
    from indexer import labels

    motifs = {
        "prefixe": labels.PREFIXE_MOTIF,
        "fin": labels.FIN_MOTIF,
        "chiffres_separes": labels.CHIFFRES_SEPARES_MOTIF,
        "separateurs": labels.SEPARATEURS_MOTIF,
        "label": labels.LABEL_MOTIF,
    }
    js = {nom: motif.replace("(?P<", "(?<") for nom, motif in motifs.items()}
    return js | {"prefixes_loi": list(labels.PREFIXES_LOI), "loi_max": labels.LOI_MAX}


def script_citation(source: str) -> str:
    """``citation.js`` as the site serves it: the grammar first, then the script that reads it."""
    grammaire = json.dumps(grammaire_citations(), ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return f"globalThis.CITATION_GRAMMAIRE = {grammaire};\n{source}"
