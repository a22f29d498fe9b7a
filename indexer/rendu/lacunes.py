"""What a source lacks, said where the reader expects it (pure).

A paragraph whose source announces something it does not give (001:4802, 78B ends
« …selon le barème suivant : » and 4803 is already 78C; law 77 keeps only its
trick-score table; corpus/NOTES.md §2.4), or after which the Guide skips one (24D) gets a
warning right under its text, so that the missing scale is never silent; the warning
is the project's, not the source's, and links to the tables the project does have.
"""

from __future__ import annotations

import posixpath

from indexer.editions import CODE_2007, CODE_2017
from indexer.labels import Label

# (label, edition) → (what is missing, [(link text, page, anchor)]).
LACUNES: dict[tuple[Label, str], tuple[str, tuple[tuple[str, str, str], ...]]] = {
    (Label(77), CODE_2007): (
        "La source ne donne de la Loi 77 que la table des points de levée (reconstituée ici depuis "
        "ses fragments, 001, lignes 4757–4777) : les tables des levées de mieux, des levées de chute "
        "et des primes manquent.",
        (("le barème de la Loi 77 de la page Marque", "marque.md", "bareme-loi-77"),
         ("les tableaux de marque du livret", "tableaux.md", "tableaux-la-marque")),
    ),
    (Label(78, ("B",)), CODE_2007): (
        "Le barème annoncé (« selon le barème suivant : ») manque dans la source : le Code 2007 "
        "de l'édition FFB utilisée s'arrête là (001, ligne 4802).",
        (("le barème des IMP de la page Marque", "marque.md", "bareme-imp"),
         ("les tableaux de marque du livret", "tableaux.md", "tableaux-la-marque")),
    ),
    (Label(24, ("C",)), CODE_2017): (
        "Le Guide passe de la 24C à la 24E (000, lignes 2957–2977) : aucune source ne donne le texte "
        "2017 de la 24D, et le commentaire n'en dit rien.",
        (),
    ),
}  # fmt: skip


def lacune(label: Label | None, edition: str, page: str) -> str:
    """The warning under paragraph ``label`` of ``edition`` on ``page`` ("" when nothing is missing)."""
    if label is None or (label, edition) not in LACUNES:
        return ""
    texte, liens = LACUNES[(label, edition)]
    dossier = posixpath.dirname(page) or "."
    cibles = " et ".join(f"[{nom}]({posixpath.relpath(p, dossier)}#{ancre})" for nom, p, ancre in liens)
    voir = f" Voir {cibles}." if cibles else ""
    return f'!!! warning "Absent de la source"\n    {texte}{voir}'
