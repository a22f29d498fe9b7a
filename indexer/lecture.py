"""Reading a law (pure, and light to import: ``loi voir`` must start fast): the JSON
object of one law, built at build time by ``publier.objet_loi``, restricted to one
paragraph, and the text a person reads in a terminal.
"""

from __future__ import annotations

import textwrap

from indexer.editions import COURANTE, marque_titre, rang
from indexer.labels import Label, ancre, parse_label

TYPE_CHECKING = False  # typing costs ``loi voir`` a tenth of its start-up
if TYPE_CHECKING:
    from typing import Any

LOI = "loi"  # the type of law text elements (indexer.model.LOI), without importing the model

Objet = dict  # the JSON object of one law: str keys, JSON values


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
