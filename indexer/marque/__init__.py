"""The director's scoring tools: contract scores (Law 77), IMPs and matchpoints (Law 78), weighted
adjusted scores (Law 12C1(c)).

Pure functions, no I/O. Bad input raises ``SaisieInvalide`` (a ``LoiErreur``, exit code 2) with one
French sentence naming the problem. docs/assets/javascripts/marque.js is the same library for the
site; both are checked against the same vectors, ``vecteurs.json`` (see scripts/vecteurs_marque.py).
"""

from __future__ import annotations

from indexer.marque.ajustee import Issue, ajustee, lire_ponderation, lire_vulnerabilite
from indexer.marque.calcul import BAREME_IMP, imp, marque, pdm, penalites
from indexer.marque.contrat import COULEURS, Contrat, SaisieInvalide, lire_contrat, lire_resultat, notation_resultat

__all__ = [
    "BAREME_IMP", "COULEURS", "Contrat", "Issue", "SaisieInvalide", "ajustee", "imp", "lire_contrat",
    "lire_ponderation", "lire_resultat", "lire_vulnerabilite", "marque", "notation_resultat", "pdm", "penalites",
]  # fmt: skip
