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
from indexer.recherche import interrogation, moteur
from indexer.recherche.analyse import MOT, MOTS_VIDES, plier, racines
from indexer.recherche.requete import Synonymes
from indexer.recherche.unites import chemins_refs, groupe

FORMAT = 1  # the shape of the data below; recherche-moteur.js refuses another
CHAMPS = ("titre", "texte")  # MiniSearch's field ids, in this order


def donnees(fiches: Sequence[Fiche], synonymes: Synonymes, adresse: Callable[[str], str]) -> dict:
    """Everything the site's engine indexes and ranks, in the CLI index's document order.

    ``adresse`` turns a fiche's directory URL (``lois/68/#loi-68-c``) into the built
    site's (``lois/68/index.html#loi-68-c``). A document is ``[groupe, loi, type, edition,
    ref, refs, url, page (index in titres), texte]``; titles are shared by every fiche of
    a page, so they are listed once. ``reglages`` are the CLI's weights, read from its
    modules, so that tuning them moves the site too.
    """
    titres: dict[str, int] = {}
    docs = []
    for fiche in fiches:
        rang = titres.setdefault(fiche.page, len(titres))
        cle = groupe(fiche)
        docs.append([int(cle) if cle else None, fiche.loi, fiche.type, fiche.edition, fiche.ref,
                     chemins_refs(fiche).split(), adresse(fiche.url), rang, fiche.texte])
    return {
        "format": FORMAT,
        "mots_vides": sorted(MOTS_VIDES),
        "reglages": reglages(),
        "synonymes": {
            "groupes": [[list(e) for e in groupe] for groupe in synonymes.groupes],
            "lois": [sorted(lois) for lois in synonymes.lois],
            "remplissage": sorted(synonymes.remplissage),
        },
        "titres": list(titres),
        "docs": docs,
        "index": index_minisearch([(f.page, f.texte) for f in fiches]),
        "vocabulaire": vocabulaire(fiches),
    }


def reglages() -> dict:
    """The ranking's weights and limits, as the CLI uses them (``interrogation``, ``moteur``)."""
    return {
        "poids": interrogation.Poids()._asdict(),
        # a stem in more than this share of the texts is searched in the titles only (None: no such rule)
        "frequent": getattr(interrogation, "FREQUENT", None),
        "slop_synonyme": interrogation.SLOP_SYNONYME,
        "citation": interrogation.CITATION,
        "sous_paragraphe": interrogation.SOUS_PARAGRAPHE,
        "negligeable": moteur.NEGLIGEABLE,
        "candidats": moteur.CANDIDATS,
        "gardes": moteur.GARDES,
        "maigre": moteur.MAIGRE,
    }


def vocabulaire(fiches: Sequence[Fiche]) -> dict:
    """What the typo correction reads, as the CLI's index holds it: every folded word of the
    titles and texts (Whoosh's ``mots`` field) with the number of fiches it is in, and the
    spelling ``Chercheur.accent`` gives a folded word — its first occurrence in the first
    fiche holding it — when that spelling has accents."""
    frequences: Counter[str] = Counter()
    accents: dict[str, str] = {}
    for fiche in fiches:
        vus = set()
        for trouve in re.finditer(MOT, f"{fiche.page}\n{fiche.texte}"):
            plie = plier(trouve.group())
            if plie not in vus:
                vus.add(plie)
                if plie not in frequences:
                    accents[plie] = trouve.group().lower()
                frequences[plie] += 1
    mots = sorted(frequences)
    return {
        "mots": mots,
        "frequences": [frequences[m] for m in mots],
        "accents": {m: a for m, a in sorted(accents.items()) if a != m},
    }


def index_minisearch(textes: Sequence[tuple[str, str]]) -> dict:
    """The MiniSearch index of (title, text) pairs, as ``MiniSearch.toJSON()`` writes it.

    Document ids are the ranks. A field's length counts its stems, repeats included, as
    Whoosh's does (MiniSearch's own ``add`` counts distinct words), so that BM25 gives
    the CLI's figures.
    """
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
        "fieldLength": {str(d): longueur for d, longueur in enumerate(longueurs)},
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
