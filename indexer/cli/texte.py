"""What a person reads in a terminal: the one way to wrap (``plier``: ``loi voir``, ``cherche``,
``marque``, the help) and a law as ``loi voir`` shows it (``texte_humain``), from the object
``lecture.consulter`` reads.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable
from typing import Any

from indexer import lecture
from indexer.editions import COURANTE, marque_titre
from indexer.errors import COMMANDES_TERMINAL
from indexer.genres import EXEMPLE, LOI, NOTE, ROLE_GUIDE
from indexer.labels import parse_label

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
    objet: lecture.Objet,
    largeur: int = 80,
    style: Callable[[str, str], str] = lambda texte, genre: texte,
    sources: bool = False,
    constat: str = "",
) -> str:
    """What a person reads in a terminal: ``constat`` (``consulter``), then the text in force first, older
    ones marked.

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
    entrees = sorted(objet["paragraphes"] + objet["exemples"], key=lecture.ordre)
    lignes += [style(ligne, "note") for ligne in _plier(_assainir(constat), largeur, "")]
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
