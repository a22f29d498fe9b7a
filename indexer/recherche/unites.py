"""What the index keeps of a fiche besides its words: the paragraphs that enclose it,
and the accents of its words (for « Résultats pour : … »). Functions of a
``model.Fiche``, not of Whoosh: the compact query file stores what they compute.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

from indexer.labels import parse_label
from indexer.model import Fiche
from indexer.recherche.analyse import MOT, plier


def chemins_refs(fiche: Fiche) -> str:
    """``68 68c 68c1`` for ref ``68C1``: lets ``16B`` boost 16B and its sub-paragraphs."""
    if fiche.loi is None:
        return ""
    label = parse_label(fiche.ref)
    if label is None or label.loi != fiche.loi:
        return str(fiche.loi)
    return " ".join(a.compact().lower() for a in reversed(label.ancetres()))


def lexique(fiches: Iterable[Fiche]) -> dict[str, str]:
    """Folded word → its most frequent accented spelling, for « Résultats pour : … ».

    Stored in the compact file with the ``mots`` vocabulary (``compact.Vocabulaire``).
    """
    formes: dict[str, Counter[str]] = {}
    for fiche in fiches:
        for mot in re.findall(MOT, f"{fiche.page} {fiche.texte}"):
            bas = mot.lower()
            plie = plier(bas)
            if plie != bas:
                formes.setdefault(plie, Counter())[bas] += 1
    return {plie: compte.most_common(1)[0][0] for plie, compte in sorted(formes.items())}
