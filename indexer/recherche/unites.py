"""What the index keeps of a fiche besides its words: the paragraphs that enclose it,
and the law it counts for. Functions of a ``model.Fiche``, not of Whoosh: the index
(and the site's search) store what they compute.
"""

from __future__ import annotations

import re

from indexer.labels import parse_label

TYPE_CHECKING = False  # not typing: CONTRIBUTING.md, « Démarrage rapide »
if TYPE_CHECKING:
    from indexer.model import Fiche

# The first law an entry of the 2007 alphabetical index points to: « 53, 54, 55 », « 80B2(l) ».
_RENVOI_INDEX = re.compile(r"\b([1-9]\d?)(?=[A-H(,\s]|$)")


def chemins_refs(fiche: Fiche) -> str:
    """``68 68c 68c1`` for ref ``68C1``: lets ``16B`` boost 16B and its sub-paragraphs."""
    if fiche.loi is None:
        return ""
    label = parse_label(fiche.ref)
    if label is None or label.loi != fiche.loi:
        return str(fiche.loi)
    return " ".join(a.compact().lower() for a in reversed(label.ancetres()))


def groupe(fiche: Fiche) -> str:
    """The law a passage counts for, as a string ("" for none).

    A law's passages count for it; an entry of the 2007 alphabetical index counts for
    the law it points to (« Renonce » → 61), so that the index lends its director's
    vocabulary to that law instead of ranking as a document of its own; a table
    situation (``corpus.situations``) counts for the law of its paragraph.
    """
    from indexer.model import SITUATION  # the model costs a query 10 ms of start-up: built indexes only

    if fiche.loi is not None:
        return str(fiche.loi)
    if fiche.type == SITUATION:
        label = parse_label(fiche.rattachement)
        return "" if label is None else str(label.loi)
    if fiche.type == "index":
        renvoi = _RENVOI_INDEX.search(fiche.texte)
        if renvoi and int(renvoi.group(1)) <= 93:
            return renvoi.group(1)
    return ""


def loi_de_l_entree(texte: str) -> int | None:
    """The law an entry of the 2007 alphabetical index points to when all its locators name
    that one law (« 93B », « 93A, 93B3 »), None when they name several or none: a result
    then carries its law (``loi cherche --json``) only where the index says it alone."""
    lois = {int(n) for n in _RENVOI_INDEX.findall(texte) if int(n) <= 93}
    return lois.pop() if len(lois) == 1 else None
