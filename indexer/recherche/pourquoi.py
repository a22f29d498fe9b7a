"""Why a result came up (``loi cherche --pourquoi``): for each passage shown, the query's
words, synonym expressions and table situations that scored it.

Read after the search, from the same index: the query is understood again as it was
searched (its corrected text), its Whoosh hits are mapped to the passage each one shows
(a table situation shows its paragraph, ``Chercheur.montre``), and each such document is
read for the concepts it says. A debugging aid for whoever writes synonyms and
situations: the only place a table situation's words are ever shown.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from indexer.genres import SITUATION
from indexer.recherche.analyse import MOT, MOTS_VIDES, plier, raciner
from indexer.recherche.moteur import Chercheur, Groupe, Reponse
from indexer.recherche.requete import Concept, Requete, comprendre, groupes_de

APERCU = 90  # characters of a situation shown


def _mots(texte: str) -> dict[str, str]:
    """Each stem of a text → its first word as written."""
    vus: dict[str, str] = {}
    for mot in re.findall(MOT, texte):
        plie = plier(mot).replace("œ", "oe")
        racine = "" if plie in MOTS_VIDES else raciner(plie)  # « son » is no stem of « sonné »
        if racine:
            vus.setdefault(racine, mot)
    return vus


def dit(concept: Concept, mots: dict[str, str]) -> str | None:
    """How a text says a concept of the query: the typed words, or a synonym, or None."""
    tape = " ".join(concept.mots)
    for rang, variante in enumerate(concept.variantes):
        if variante and all(r in mots for r in variante):
            if rang == 0:
                return f"« {tape} »"
            return f"« {tape} » → synonyme « {' '.join(mots[r] for r in variante)} »"
    return None


def raisons_du_texte(texte: str, requete: Requete) -> list[str]:
    mots = _mots(texte)
    trouvees = (dit(c, mots) for c in requete.concepts if not c.exclu)
    return list(dict.fromkeys(r for r in trouvees if r))


def expliquer(
    chercheur: Chercheur, reponse: Reponse, edition: str | None = None, types: Sequence[str] | None = None
) -> tuple[Groupe, ...]:
    syn = chercheur.synonymes
    requete = comprendre(reponse.interpretation, syn)
    colonne_edition, colonne_ref, genre = (chercheur.colonne(nom) for nom in ("edition", "ref", "type"))
    par_passage: dict[tuple[str, str], list[int]] = {}
    for _, doc in chercheur.scores(requete, edition, types):
        montre = chercheur.montre(doc)
        par_passage.setdefault((colonne_edition(montre), colonne_ref(montre)), []).append(doc)
    cites = {label.loi: label for label in requete.refs}
    groupes = []
    for groupe in reponse.groupes:
        passages = []
        for rang, p in enumerate(groupe.passages):
            raisons: list[str] = []
            if rang == 0 and groupe.loi is not None:
                if groupe.loi in cites:
                    raisons.append(f"loi citée : {cites[groupe.loi]}")
                raisons += [  # the synonym expressions whose group names this law: its score is raised
                    f"« {' '.join(c.mots)} » évoque la Loi {groupe.loi} (corpus/synonymes.toml)"
                    for c in requete.concepts
                    if c.synonyme and any(groupe.loi in syn.lois[r] for r in groupes_de(syn, c.variantes[0]))
                ]
            for doc in par_passage.get((p.edition, p.ref), []):
                champs = chercheur.champs(doc)
                dites = raisons_du_texte(champs["texte"], requete)
                if genre(doc) == SITUATION:
                    apercu = champs["texte"] if len(champs["texte"]) <= APERCU else champs["texte"][:APERCU] + "…"
                    raisons.append(f"situation de table « {apercu} » : " + (", ".join(dites) or "son titre"))
                elif dites:
                    raisons.append("le passage dit " + ", ".join(dites))
                elif titre := raisons_du_texte(champs["page"], requete):
                    raisons.append("son titre dit " + ", ".join(titre))
            passages.append(p._replace(raisons=tuple(dict.fromkeys(raisons))))
        groupes.append(groupe._replace(passages=tuple(passages)))
    return tuple(groupes)
