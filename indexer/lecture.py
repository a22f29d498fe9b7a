"""The read API behind ``loi voir`` (light to import: ``loi voir`` must start fast).

``charger`` reads the JSON object of one law, written at build time from
``publier.objet_loi``; ``lire`` finds a reference in it (restricted to one paragraph,
one edition); ``texte_humain`` is what a person reads in a terminal. Reading never
builds: a missing or damaged copy raises ``DonneesAbsentes`` and the caller has it
rebuilt.
"""

from __future__ import annotations

import json
import os
import textwrap

from indexer.editions import COURANTE, marque_titre, rang
from indexer.errors import LoiErreur, ReferenceInconnue, Sortie
from indexer.labels import Label, ancre, parse_label

TYPE_CHECKING = False  # not typing: CONTRIBUTING.md, « Démarrage rapide »
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

LOI = "loi"  # the type of law text elements (indexer.model.LOI), without importing the model

Objet = dict  # the JSON object of one law: str keys, JSON values


class DonneesAbsentes(Exception):
    """The per-law data is missing or unreadable (internal: the caller rebuilds it)."""


def charger(numero: int) -> Objet:
    """The JSON object of one law; a damaged copy is removed and reported as absent."""
    from indexer.chemins import voir_str

    chemin = voir_str(numero)
    try:
        with open(chemin, encoding="utf-8") as fichier:
            return json.load(fichier)  # type: ignore[no-any-return]
    except (OSError, ValueError):
        import shutil

        # Missing or damaged: the whole folder goes, since the build writes one whole or none.
        shutil.rmtree(os.path.dirname(chemin), ignore_errors=True)
        raise DonneesAbsentes(chemin) from None


def lire(reference: str, edition: str | None, objet_loi: Callable[[int], Objet] = charger) -> Objet:
    """The JSON object of a law or paragraph; raises with the nearest ones when unknown."""
    label = parse_label(reference)
    if label is None:
        raise ReferenceInconnue(
            f"« {reference} » n'est pas une référence de loi : tapez par exemple 68C, "
            "« loi 12 C 1 e » ou 27B1(b) (lois 1 à 93).")
    objet = objet_loi(label.loi)
    if label.parties:
        if label not in labels_connus(objet):
            proches = ", ".join(voisins(objet, label)) or "aucun"
            raise ReferenceInconnue(
                f"La {label} n'existe dans aucune édition du corpus. Paragraphes proches : "
                f"{proches}.")
        objet = restreindre(objet, label)
    if edition:
        objet["paragraphes"] = [p for p in objet["paragraphes"] if p["edition"] == edition]
        objet["exemples"] = [p for p in objet["exemples"] if p["edition"] == edition]
        if not objet["paragraphes"] and not objet["exemples"]:
            raise LoiErreur(
                f"Les sources ne donnent aucun texte {edition} pour la {label} ; sans --edition, "
                "les autres éditions s'affichent (le texte 2007 marqué comme remplacé).",
                Sortie.RIEN,
            )
    return objet


def public(objet: Objet) -> Objet:
    """The object as printed: internal keys (``_rang``) dropped."""
    def nettoyer(entrees: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [{k: v for k, v in e.items() if not k.startswith("_")} for e in entrees]

    return {**objet, "paragraphes": nettoyer(objet["paragraphes"]),
            "exemples": nettoyer(objet["exemples"])}


def labels_connus(objet: Objet) -> list[Label]:
    """The paragraph labels this law has (any edition), in order of first appearance."""
    vus: dict[Label, None] = {}
    for entree in objet["paragraphes"]:
        label = parse_label(entree["ref"])
        if entree["type"] == LOI and label:
            vus.setdefault(label, None)
    return list(vus)


def restreindre(objet: Objet, label: Label) -> Objet:
    """The law's object restricted to one paragraph and what lies inside it."""

    def dedans(entree: dict[str, Any]) -> bool:
        cible = parse_label(entree["ref"])
        return cible is not None and label.contient(cible)

    restreint = dict(objet)
    restreint["ref"] = label.compact()
    restreint["paragraphes"] = [e for e in objet["paragraphes"] if dedans(e)]
    restreint["exemples"] = [e for e in objet["exemples"] if dedans(e)]
    restreint["url"] = objet["url"] + "#" + ancre(label)
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


def _bandeau(entree: dict[str, Any]) -> str:
    if entree["type"] == LOI:
        nature = "texte"
    else:
        nature = {"exemple": "exemple", "note": "note"}.get(entree["type"], "commentaire")
    return f"[{entree['edition']} · {nature} · {entree['source']}]"


def texte_humain(objet: Objet, largeur: int = 80) -> str:
    """What a person reads in a terminal: the text in force first, older ones marked."""
    lignes = [f"Loi {objet['loi']} — {objet['titre']}{marque_titre(objet['titres'])}"]
    for edition, titre in sorted(objet["titres"].items(), reverse=True):
        if titre != objet["titre"]:
            lignes.append(f"(titre {edition} : {titre})")
    lignes.append(f"Site : {objet['url']}")
    # Newest edition first; within an edition, page order (examples where they stand).
    entrees = sorted(objet["paragraphes"] + objet["exemples"],
                     key=lambda e: (rang(e["edition"]), e.get("_rang", 0)))
    edition_vue = ""
    for entree in entrees:
        if entree["edition"] != edition_vue:
            edition_vue = entree["edition"]
            bandeau = (f"TEXTE {edition_vue} — REMPLACÉ PAR LE CODE {COURANTE}, POUR MÉMOIRE"
                       if edition_vue != COURANTE else f"ÉDITION {edition_vue} (en vigueur)")
            lignes += ["", f"══ {bandeau} ══"]
        lignes += _entree_humaine(entree, largeur)
    return "\n".join(lignes) + "\n"


def _entree_humaine(entree: dict[str, Any], largeur: int) -> list[str]:
    tete = entree["ref"] if entree["type"] == LOI else f"{entree['type'].capitalize()} ({entree['ref']})"
    if entree["titre"]:
        tete += f" — {entree['titre']}"
    bandeau = _bandeau(entree)
    if len(tete) + 2 + len(bandeau) <= largeur:
        lignes = ["", f"{tete}  {bandeau}"]
    else:  # a long title: the edition and source go on their own line
        lignes = ["", *textwrap.wrap(tete, largeur), f"  {bandeau}"]
    for paragraphe in entree["texte"].split("\n\n"):
        if "\n" in paragraphe or "\t" in paragraphe:  # diagrams and tables keep their layout
            lignes += ["    " + ligne for ligne in paragraphe.split("\n")]
        else:
            lignes += textwrap.wrap(paragraphe, largeur - 2, initial_indent="  ",
                                    subsequent_indent="  ") or [""]
    return lignes
