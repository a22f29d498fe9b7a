"""Subtitles of the law quotes of 000 (corpus/NOTES.md §1.5), read by ``guide_citations``.

A quote's subtitle ends at a colon (« [A. Attirer l'attention : tout joueur… »), stands
alone on the quote's first line (« [A. Devoir de l'arbitre » / « Il est de… »), or, for
a section whose colon was lost at extraction, runs into its text (« [A. Suite à un
arbitrage Une carte jouée… », 5390–5430): it then ends before the first capitalised word
that follows a lower-case one with no punctuation before it.
"""

from __future__ import annotations

import re

from indexer.corpus.parsers.lignes_repliees import Ligne, est_vide

# A subtitle inside a quote before ":": "Hiérarchie des cartes et des couleurs", "Au tour de l'Adv. D…"
SOUS_TITRE = re.compile(r"^(?P<titre>[A-ZÀ-Ý](?:[^:,.]|Adv\.)*?)\s*:\s*")
# A section's subtitle run into its text, the colon lost: "[A. Suite à un arbitrage Une carte jouée…"
# (5390–5430, law 47): it ends before the first capitalised word after a lower-case one, with
# no punctuation before it; « Loi » is a reference, not a sentence's start
SOUS_TITRE_COLLE = re.compile(
    r"^(?P<titre>[A-ZÀ-Ý][^:.;,!?()\[\]]{2,60}?[a-zà-ÿ’'])\s+(?=(?!Lois?\b)[A-ZÀ-Ý][a-zà-ÿ’'])"
)
# A free-standing title (guide_corps reads it too): one line, no final punctuation ("Le mort")
TITRE_LIBRE = re.compile(r"^[A-ZÀ-Ý][^.:;!?,]{0,70}$")


def sous_titre(texte: str, section: bool = False) -> tuple[str, str]:
    """Split a subtitle off a quote's first text: ("Hiérarchie des cartes…", "le bridge…");
    for a section, also one run into its text without a colon (``SOUS_TITRE_COLLE``)."""
    trouve = SOUS_TITRE.match(texte.strip())
    seul = len(texte.strip()) <= 60 and TITRE_LIBRE.match(texte.strip())  # "[A. Pas de Comité d'appel"
    if (trouve is None or len(trouve["titre"]) > 90) and section and not seul:
        trouve = SOUS_TITRE_COLLE.match(texte.strip())
    if trouve is None or len(trouve["titre"]) > 90:
        return "", texte
    return trouve["titre"], texte.strip()[trouve.end() :]


def titre_section(lignes: list[Ligne]) -> tuple[str, list[Ligne]]:
    """A section's subtitle alone on its line: "Devoir de l'arbitre" / "Il est de…"."""
    premiere = lignes[0][1].strip()
    suivante = next((t.strip() for _, t in lignes[1:] if not est_vide(t)), "")
    if TITRE_LIBRE.match(premiere) and len(premiere) <= 60 and not suivante[:1].islower():
        return premiere, lignes[1:] or [(lignes[0][0], "")]
    return "", lignes
