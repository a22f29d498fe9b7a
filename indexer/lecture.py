"""The read API behind ``loi voir`` (light to import: ``loi voir`` must start fast).

``charger`` reads the JSON object of one law, generated with docs/ by
``publier.objet_loi`` and committed (``docs/donnees/lois/N.json``); ``lire`` finds a
reference in it (restricted to one paragraph, one edition; ``consulter`` adds what the sources
do not give of it); ``indexer.cli.texte`` lays it out for a terminal. Reading never builds nor
writes: a missing or damaged file raises ``DonneesAbimees``, which says how to restore it.
"""

from __future__ import annotations

import json
import os
import re
from functools import cache
from typing import TYPE_CHECKING

from indexer import chemins
from indexer.editions import COURANTE, EDITIONS, rang
from indexer.errors import (
    DonneesAbimees,
    LoiErreur,
    ReferenceInconnue,
    Sortie,
    montrable,
    raison_lecture,
)
from indexer.genres import LOI
from indexer.labels import LOI_MAX, Label, ancre, chiffres_separes, forme_label, parse_label, zeros_en_tete

if TYPE_CHECKING:
    from typing import Any


Objet = dict  # the JSON object of one law: str keys, JSON values
_ENTREES = ("paragraphes", "exemples")  # its lists of entries


@cache
def schema() -> dict:
    """The JSON Schema published beside the data (docs/donnees/schema-loi.json), which every file read is
    checked against; read once."""
    with open(os.path.join(chemins.DONNEES, "schema-loi.json"), encoding="utf-8") as fichier:
        return json.load(fichier)  # type: ignore[no-any-return]


# The keywords ``conforme`` knows; any other in the schema is refused (tests/test_hostile.py).
_MOTS_CLES = ("$schema", "$comment", "title", "description", "type", "required", "properties", "additionalProperties",
              "items", "enum", "minimum", "maximum", "pattern", "not")  # fmt: skip
MOTS_CLES = frozenset(_MOTS_CLES)
_TYPES = {"object": dict, "array": list, "string": str}


def conforme(valeur: object, regle: dict) -> bool:
    """Whether ``valeur`` follows ``regle``, a JSON Schema (draft 2020-12) written with
    ``MOTS_CLES`` only: the schema's own rules, checked without the jsonschema package
    (too slow to import on the path of ``loi voir``), and agreeing with it (a test)."""
    genre = regle.get("type")
    entier = (
        isinstance(valeur, float) and valeur.is_integer() or isinstance(valeur, int) and not isinstance(valeur, bool)
    )
    if genre is not None and not (entier if genre == "integer" else isinstance(valeur, _TYPES[genre])):
        return False
    if "enum" in regle and not any(valeur == v and type(valeur) is type(v) for v in regle["enum"]):
        return False
    nombre = isinstance(valeur, int | float) and not isinstance(valeur, bool)
    if nombre and (valeur < regle.get("minimum", valeur) or valeur > regle.get("maximum", valeur)):
        return False
    if isinstance(valeur, str) and "pattern" in regle and not re.search(regle["pattern"], valeur):
        return False
    if "not" in regle and conforme(valeur, regle["not"]):
        return False
    if isinstance(valeur, list) and "items" in regle:
        return all(conforme(v, regle["items"]) for v in valeur)
    if isinstance(valeur, dict):
        if any(cle not in valeur for cle in regle.get("required", ())):
            return False
        proprietes, autres = regle.get("properties", {}), regle.get("additionalProperties", True)
        for cle, v in valeur.items():
            sous = proprietes.get(cle, autres)
            if sous is False or (isinstance(sous, dict) and not conforme(v, sous)):
                return False
    return True


def charger(numero: int) -> Objet:
    """The committed JSON object of one law (``docs/donnees/lois/N.json``), checked against the
    published schema (``docs/donnees/schema-loi.json``).

    Reading writes nothing: a read-only checkout or an installed wheel serves it as is.
    A missing, unreadable or wrongly shaped file is an error that says how to restore it.
    """
    chemin = chemins.donnees_loi(numero)
    remede = (
        "restaurez-le (git checkout -- docs/donnees) ou régénérez-le (loi construire)"
        if chemins.EN_DEPOT
        else "réinstallez loi (pip install --force-reinstall)"
    )
    try:
        regle = schema()
    except (OSError, ValueError, RecursionError) as erreur:
        raise DonneesAbimees(
            f"Le schéma des données par loi est absent ou illisible ({raison_lecture(erreur)}) : {remede}."
        ) from None
    try:
        with open(chemin, encoding="utf-8") as fichier:
            objet = json.load(fichier)
    except FileNotFoundError:
        raise DonneesAbimees(f"Les données de la Loi {numero} sont absentes ({chemin}) : {remede}.") from None
    except (OSError, ValueError, RecursionError) as erreur:
        raise DonneesAbimees(
            f"Les données de la Loi {numero} sont illisibles ({chemin} : {raison_lecture(erreur)}) : {remede}."
        ) from None
    if not bien_forme(objet, numero, regle):
        raise DonneesAbimees(f"Les données de la Loi {numero} n'ont pas la forme attendue ({chemin}) : {remede}.")
    return objet  # type: ignore[no-any-return]


def bien_forme(objet: object, numero: int, regle: dict | None = None) -> bool:
    """The object follows the published schema, is law ``numero``'s and names no « ref » (the
    whole law): what ``loi voir`` relies on."""
    try:
        return (
            conforme(objet, schema() if regle is None else regle)
            and objet["loi"] == numero  # type: ignore[index]
            and "ref" not in objet  # type: ignore[operator]
        )
    except (RecursionError, re.error, KeyError, TypeError):
        return False


def lire(reference: str, edition: str | None) -> Objet:
    """The law or paragraph ``reference`` names, in one edition or all: the object ``loi voir --json`` writes."""
    return consulter(reference, edition)[0]


def consulter(reference: str, edition: str | None) -> tuple[Objet, str]:
    """``lire``, and what a person reads before the text (``constat``), decided before ``edition`` hides
    the other edition's paragraphs: what the sources do not give of the paragraph asked.

    The address is the paragraph shown, in the edition shown: ``12C1(b)`` in 2007 opens
    ``#loi-12-c-1-b-2007``, never the 2017 paragraph of the same number.
    """
    label = label_lu(reference)
    objet, constat = charger(label.loi), ""
    if label.parties:
        if label not in (connus := labels_connus(objet)):
            proches = ", ".join(voisins(objet, label)) or "aucun"
            ancetre = next((a for a in label.ancetres()[1:] if a in connus), None)
            feuille = ancetre is not None and not any(c.parent() == ancetre for c in connus)
            precision = f" : {ancetre.compact()} n'a pas de sous-paragraphe" if ancetre and feuille else ""
            raise ReferenceInconnue(
                f"La {label} n'existe dans aucune édition du corpus{precision}. Paragraphes proches : {proches}.",
                Sortie.RIEN,
            )
        objet = restreindre(objet, label)
        constat = constat_editions(objet, label, edition)
    if edition:
        objet.update({cle: [e for e in objet[cle] if e["edition"] == edition] for cle in _ENTREES})
        if not objet["paragraphes"] and not objet["exemples"]:
            raise LoiErreur(
                f"Les sources ne donnent aucun texte {edition} pour la {label} ; sans --edition, "
                "les autres éditions s'affichent (le texte 2007 marqué comme remplacé).",
                Sortie.RIEN,
            )
    if label.parties:
        objet["url"] = objet["url"].partition("#")[0] + "#" + _ancre_montree(objet, label)
    return objet, constat


def label_lu(reference: str, commande: str = "voir") -> Label:
    """The label ``reference`` names, else ReferenceInconnue saying what is wrong with it (exit code 1 for a law
    the Code does not have, 2 for what is not a reference) and what to type (« loi ``commande`` … »)."""
    label = parse_label(reference)
    if label is not None:
        return label
    if not reference.strip():
        raise ReferenceInconnue(f"Référence vide : tapez-en une, par exemple « loi {commande} 68C ».")
    forme = forme_label(reference)
    if forme is not None:  # « 94 », « 0 »: well written, but no law of the Code
        # « loi 420 » searched a score before a bare number was read as a law: the answer says how to search it
        cherche = "" if forme.parties else f" Pour chercher ce nombre : « loi cherche {forme.loi} »."
        raise ReferenceInconnue(
            f"Il n'y a pas de Loi {forme.loi} : le Code compte les lois 1 à {LOI_MAX}.{cherche}", Sortie.RIEN
        )
    if chiffres_separes(reference):
        raise ReferenceInconnue(
            f"« {montrable(reference)} » : des chiffres séparés ne font pas un numéro ; "
            "tapez-le d'un trait (68C, 12C1(e))."
        )
    if (sans_zero := zeros_en_tete(reference)) is not None:
        raise ReferenceInconnue(
            f"« {montrable(reference)} » : un numéro de loi s'écrit sans zéro devant ; "
            f"tapez « loi {commande} {_tapable(sans_zero)} »."
        )
    # « Loi 68C du Code 2017 »: refused all the same (an edition is an option), but the answer gives the command
    editions = "|".join(EDITIONS)
    annee = re.search(rf"\s*\(?(?:\b(?:du|de|le)\s+)?(?:\bcode\s+)?(?:\bde\s+)?\b({editions})\b\)?", reference, re.I)
    if annee and (sans := parse_label(reference[: annee.start()] + reference[annee.end() :])):
        raise ReferenceInconnue(
            f"« {montrable(reference)} » : l'édition se choisit à part, tapez « loi voir {_tapable(sans)} "
            f"--edition {annee[1]} »."
        )
    raise ReferenceInconnue(
        f"« {montrable(reference)} » n'est pas une référence de loi : tapez par exemple 68C, "
        f"« loi 12 C 1 e » ou 27B1(b) (lois 1 à {LOI_MAX})."
    )


def _tapable(label: Label) -> str:
    """A label as a shell takes it: « 12C1(e) » quoted, since bash reads a bare parenthesis."""
    return f'"{label.compact()}"' if label.parties[2:] else label.compact()


def _ancre_montree(objet: Objet, label: Label) -> str:
    """The paragraph's own anchor in the newest edition shown; where that edition gives only its
    sub-paragraphs, its heading over them in the current edition, or the first of them in an older one
    (which has no heading of its own there)."""
    textes = sorted((e for e in objet["paragraphes"] if e["type"] == LOI), key=ordre)
    premiers = [e for e in textes if e["edition"] == textes[0]["edition"]] if textes else []
    exact = next((e["ancre"] for e in premiers if e["ref"] == label.compact()), None)
    if exact is None and premiers and premiers[0]["edition"] != COURANTE:
        exact = premiers[0]["ancre"]
    return exact or ancre(label)


def ordre(entree: dict[str, Any]) -> tuple[int, int]:
    """Newest edition first; within an edition, page order (examples where they stand)."""
    return rang(entree["edition"]), entree.get("ordre", 0)


def labels_connus(objet: Objet) -> list[Label]:
    """The paragraph labels this law has (any edition), in order of first appearance."""
    labels = (parse_label(entree["ref"]) for entree in objet["paragraphes"] if entree["type"] == LOI)
    return list(dict.fromkeys(label for label in labels if label))


def restreindre(objet: Objet, label: Label) -> Objet:
    restreint = {**objet, "ref": label.compact(), "url": objet["url"] + "#" + ancre(label)}
    for cle in _ENTREES:
        restreint[cle] = [e for e in objet[cle] if (cible := parse_label(e["ref"])) and label.contient(cible)]
    return restreint


def voisins(objet: Objet, label: Label) -> list[str]:
    """The existing paragraphs nearest to a missing one: the children of its deepest
    existing ancestor (``68E`` → 68A, 68B, 68C, 68D)."""
    connus = labels_connus(objet)
    for ancetre in label.ancetres()[1:]:
        enfants = [c for c in connus if c.parent() == ancetre]
        if enfants:
            return [c.compact() for c in enfants]
    return [c.compact() for c in connus if len(c.parties) == 1]


def constat_editions(objet: Objet, label: Label, edition: str | None) -> str:
    """What the sources do not give of the paragraph asked, said before its text. In the current edition,
    whatever ``edition`` shows: that no source gives it, where no declaration says what the 2017 Code
    made of the 2007 rule (``devenir``: the sources cannot decide); in an edition shown, that the sources
    give only its sub-paragraphs (40B2 in 2017: 40B2(a)(i)), so that none passes for the paragraph asked."""
    textes, tous = [e for e in objet["paragraphes"] if e["type"] == LOI], objet["paragraphes"] + objet["exemples"]
    phrases = []
    for nom in sorted({e["edition"] for e in tous} | {COURANTE}, key=rang):
        siens = list(dict.fromkeys(e["ref"] for e in textes if e["edition"] == nom))
        if not any(e["edition"] == nom for e in tous) and not any(e.get("devenir") for e in tous):
            phrases.append(
                f"Code {nom} : aucune source {nom} ne donne de paragraphe {label.compact()}, et les sources ne "
                f"disent pas quel paragraphe {nom} reprend cette règle."
            )
        elif siens and label.compact() not in siens and (nom == COURANTE or edition in (None, nom)):
            cites = siens if len(siens) <= _CITES + 1 else [*siens[:_CITES], f"{len(siens) - _CITES} autres"]
            sous = ", ".join(cites[:-1]) + " et " + cites[-1] if len(cites) > 1 else cites[0]
            phrases.append(f"Code {nom} : aucune source {nom} ne donne {label.compact()} lui-même, seulement {sous}.")
    return " ".join(phrases)


_CITES = 6  # sub-paragraphs named by ``constat_editions``, the rest counted
