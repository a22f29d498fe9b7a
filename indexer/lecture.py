"""The read API behind ``loi voir`` (light to import: ``loi voir`` must start fast).

``charger`` reads the JSON object of one law, generated with docs/ by
``publier.objet_loi`` and committed (``docs/donnees/lois/N.json``); ``lire`` finds a
reference in it (restricted to one paragraph, one edition); ``texte_humain`` is what a
person reads in a terminal. Reading never builds nor writes: a missing or damaged
file raises ``DonneesAbimees``, which says how to restore it.
"""

from __future__ import annotations

import json
import os
import re
import textwrap
from functools import cache
from typing import TYPE_CHECKING

from indexer import chemins
from indexer.editions import COURANTE, marque_titre, rang
from indexer.errors import (
    COMMANDES_TERMINAL,
    DonneesAbimees,
    LoiErreur,
    ReferenceInconnue,
    Sortie,
    montrable,
    raison_lecture,
)
from indexer.genres import EXEMPLE, LOI, NOTE, ROLE_GUIDE
from indexer.labels import Label, ancre, parse_label

if TYPE_CHECKING:
    from collections.abc import Callable
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
    label = parse_label(reference)
    if label is None:
        raise ReferenceInconnue(
            f"« {montrable(reference)} » n'est pas une référence de loi : tapez par exemple 68C, "
            "« loi 12 C 1 e » ou 27B1(b) (lois 1 à 93)."
        )
    objet = charger(label.loi)
    if label.parties:
        if label not in labels_connus(objet):
            proches = ", ".join(voisins(objet, label)) or "aucun"
            raise ReferenceInconnue(
                f"La {label} n'existe dans aucune édition du corpus. Paragraphes proches : {proches}."
            )
        objet = restreindre(objet, label)
    if edition:
        objet.update({cle: [e for e in objet[cle] if e["edition"] == edition] for cle in _ENTREES})
        if not objet["paragraphes"] and not objet["exemples"]:
            raise LoiErreur(
                f"Les sources ne donnent aucun texte {edition} pour la {label} ; sans --edition, "
                "les autres éditions s'affichent (le texte 2007 marqué comme remplacé).",
                Sortie.RIEN,
            )
    return objet


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


_NATURES = {LOI: "texte", EXEMPLE: "exemple", NOTE: "note"}  # as an entry's banner names them; the rest is commentary


# French puts a space inside « » and before ; : ! ?, where a line never breaks: « 450 » stays whole and no
# line starts with « ; ». Held while wrapping by a control character no text holds (``_CONTROLES``).
_INSECABLE = re.compile(r" (?=[;:!?»])|(?<=«) ")
_LIEN = "\x1f"


def plier(texte: str, largeur: int, premier: str, suite: str, tirets: bool = False) -> list[str]:
    """The terminal's one way to wrap (``loi voir``, ``cherche``, ``marque``, the help): at spaces only, a
    word longer than the line whole, after a hyphen only with ``tirets``, never at a French space."""
    lignes = textwrap.wrap(
        _INSECABLE.sub(_LIEN, texte),
        largeur,
        initial_indent=premier,
        subsequent_indent=suite,
        break_long_words=False,
        break_on_hyphens=tirets,
    )
    return [ligne.replace(_LIEN, " ") for ligne in lignes]


def _plier(texte: str, largeur: int, retrait: str = "  ", suite: str = "") -> list[str]:
    return plier(texte, largeur, retrait, suite or retrait)


# Control characters a damaged or hostile data file could hold (a terminal escape, a carriage
# return, a bidirectional override): shown as « \\x1b », « \\u202e », never sent raw to the terminal.
# Tabs and line breaks lay out diagrams.
_CONTROLES = {c: f"\\x{c:02x}" for c in range(32) if c not in (9, 10)} | {
    c: f"\\x{c:02x}" if c < 0x100 else f"\\u{c:04x}" for c in COMMANDES_TERMINAL
}


def _assainir(valeur: Any) -> Any:
    if isinstance(valeur, str):
        return valeur.translate(_CONTROLES)
    if isinstance(valeur, list):
        return [_assainir(v) for v in valeur]
    if isinstance(valeur, dict):
        return {k: _assainir(v) for k, v in valeur.items()}
    return valeur


def texte_humain(
    objet: Objet,
    largeur: int = 80,
    style: Callable[[str, str], str] = lambda texte, genre: texte,
    sources: bool = False,
) -> str:
    """What a person reads in a terminal: the text in force first, older ones marked.

    ``style(texte, genre)`` dresses a whole line or a label (« titre », « edition »,
    « ancienne », « ref », « source », « note »): colours on a terminal, nothing
    otherwise. ``sources`` adds each entry's file:line to its human source name.
    Control characters of the data are shown escaped (``_assainir``).
    """
    objet = _assainir(objet)
    tete = f"Loi {objet['loi']} — {objet['titre']}{marque_titre(objet['titres'])}"
    lignes = [style(ligne, "titre") for ligne in _plier(tete, largeur, "", "  ")]
    for edition, titre in sorted(objet["titres"].items(), reverse=True):
        if titre != objet["titre"]:
            lignes += _plier(f"(titre {edition} : {titre})", largeur, "")
    lignes.append(style(f"Site : {objet['url']}", "source"))
    # Newest edition first; within an edition, page order (examples where they stand).
    entrees = sorted(objet["paragraphes"] + objet["exemples"], key=lambda e: (rang(e["edition"]), e.get("ordre", 0)))
    lignes += [style(ligne, "note") for ligne in _plier(_silence_2017(objet, entrees), largeur, "")]
    edition_vue = ""
    for entree in entrees:
        if entree["edition"] != edition_vue:
            edition_vue = entree["edition"]
            bandeau, genre = (
                (f"══ ÉDITION {edition_vue} (en vigueur) ══", "edition")
                if edition_vue == COURANTE
                else (f"══ TEXTE {edition_vue} — REMPLACÉ PAR LE CODE {COURANTE}, POUR MÉMOIRE ══", "ancienne")
            )
            lignes += ["", *(style(ligne, genre) for ligne in _plier(bandeau, largeur, "", "   "))]
        lignes += _entree_humaine(entree, largeur, style, sources, _non_cite(entree, entrees))
    return "\n".join(lignes) + "\n"


def _silence_2017(objet: Objet, entrees: list[dict[str, Any]]) -> str:
    """For one paragraph that only the 2007 text gives, and of which no declaration says what
    the 2017 Code made (``devenir``): the sources cannot decide, and the answer says so."""
    ref = objet.get("ref")
    if not ref or not entrees or any(e["edition"] == COURANTE or e.get("devenir") for e in entrees):
        return ""
    return (
        f"Code {COURANTE} : aucune source {COURANTE} ne donne de paragraphe {ref}, et les sources ne "
        f"disent pas quel paragraphe {COURANTE} reprend cette règle."
    )


def _non_cite(entree: dict[str, Any], entrees: list[dict[str, Any]]) -> bool:
    """A heading of the Guide's over a paragraph it comments without quoting it (16C, 12B1):
    no text, or its subtitle alone, and no sub-paragraph of its own quote below (43A)."""
    if entree["type"] != LOI or entree.get("role") != ROLE_GUIDE or entree["texte"] not in ("", entree["titre"]):
        return False
    label, fichier = parse_label(entree["ref"]), entree["source"].rpartition(":")[0]
    return label is not None and not any(
        e["type"] == LOI
        and e["ref"] != entree["ref"]
        and e["source"].rpartition(":")[0] == fichier
        and (autre := parse_label(e["ref"])) is not None
        and label.contient(autre)
        for e in entrees
    )


def _entree_humaine(
    entree: dict[str, Any], largeur: int, style: Callable[[str, str], str], sources: bool, non_cite: bool = False
) -> list[str]:
    tete = entree["ref"] if entree["type"] == LOI else f"{entree['type'].capitalize()} ({entree['ref']})"
    if entree["titre"]:
        tete += f" — {entree['titre']}"
    source = f"{entree['nom_source']} — {entree['source']}" if sources else entree["nom_source"]
    bandeau = f"[{entree['edition']} · {_NATURES.get(entree['type'], 'commentaire')} · {source}]"
    if len(tete) + 2 + len(bandeau) <= largeur:
        lignes = ["", f"{style(tete, 'ref')}  {style(bandeau, 'source')}"]
    else:  # a long title: the edition and source go on their own line
        lignes = [
            "",
            *(style(ligne, "ref") for ligne in _plier(tete, largeur, "")),
            *(style(ligne, "source") for ligne in _plier(bandeau, largeur)),
        ]
    if entree.get("devenir"):  # a 2007 paragraph: what the 2017 Code made of it, where declared
        lignes += [style(ligne, "note") for ligne in _plier(entree["devenir"], largeur - 2)]
    corps = "(Le Guide commente ce paragraphe sans en citer le texte.)" if non_cite else entree["texte"]
    for paragraphe in corps.split("\n\n"):
        if "\n" in paragraphe or "\t" in paragraphe:  # diagrams and tables keep their layout
            lignes += ["    " + ligne for ligne in paragraphe.split("\n")]
        else:
            lignes += _plier(paragraphe, largeur - 2) or [""]
    for note in entree["notes"]:  # footnotes right under their paragraph
        appel = f"  [{note['numero']}] "
        lignes += [style(ligne, "note") for ligne in _plier(note["texte"], largeur - 2, appel, " " * len(appel))]
    return lignes
