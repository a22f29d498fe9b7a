"""The letters of 004's law extracts: each printed subtitle → its 2017 letter.

004 drops and skips letters, so none is inferred from order (corpus/NOTES.md §11.10): a
subtitle is looked up in ``SOUS_TITRES``, each row proved by a 000 line (a 2017
quote, or a 2017 reference that states the rule: 61C); a subtitle that only the 2007
TOC 2 of 001 letters has no letter (``None``): a 2007 letter is never evidence of a
2017 one (corpus/carte.py). ``sous_titre`` reads one line of ``livret``'s extracts.
"""

from __future__ import annotations

import re

NUMERO_DEVANT = re.compile(r"^\d{1,2}\.\s+")  # "1. Position initiale : …" (law 5)
# what follows a subtitle: nothing or " :", " : Après une enchère…", or " Par devoir…" (828, colon lost)
SUITE_DU_SOUS_TITRE = re.compile(r"^\s*:?\s*$|^\s*:\s+(?P<deux_points>\S.*)$|^ (?P<majuscule>[A-ZÀ-Ý].*)$")

# 004 subtitle (as printed, no final colon) → 2017 letter; None: no 2017 proof, no letter.
# Each comment gives the proof: a 000 line (a 2017 quote or a reference that states the rule).
SOUS_TITRES: dict[int, dict[str, str | None]] = {
    5: {
        "Position initiale": "A",  # 000:144 "[A. Position initiale :"
        # 001:627 "B. Changement de position ou de table" is 2007: no 2017 source letters it
        "Changement de position": None,
    },
    7: {
        "Place de l'étui": "A",  # 000:354 "[A. Place de l'étui :"
        "Retirer les cartes de l'étui": "B",  # 000:364 "[B. Retirer les cartes de l'étui :"
        "Remettre les cartes dans l'étui": "C",  # 000:409 "[C. Remettre les cartes dans l'étui"
        "Responsabilité pour ces procédures": "D",  # 000:463 "[D. Responsabilité pour ces…"
    },
    16: {
        "Utilisation des informations par les joueurs": "A",  # 000:1458 "[16A 1. Pendant"
        "Information extrinsèque venant du partenaire": "B",  # 000:1476 "…partenaire : [16B1."
    },
    20: {
        "Déclaration non clairement perçue": "A",  # 000:2072 "[20A. Un joueur ayant un doute"
        "Rappel des annonces durant la période des annonces": "B",  # 000:2086 "[20B. Durant la…"
        "Rappel après le Passe final": "C",  # 000:2105 "[20C1. Après le Passe final"
        "Procédure incorrecte": "G",  # 000:2403 "[20G. Procédure incorrecte :"
    },
    40: {"Agrément d'un système au sein d'une paire": "A"},  # 000:4040 "[40A1a Le système…"
    41: {
        "Entame face cachée": "A",  # 000:4406 "[41A Après une enchère, un Contre…" = 004:632
        "Rappel des annonces et questions": "B",  # 000:4435 "[41B"; 001:997 same words
        "Entame rendue visible": "C",  # 000:4441 "[41C … l'entame est rendue visible"
    },
    42: {
        "Droits irrévocables": "A",  # 000:4532 "Droits irrévocables :", 4554 "42A3"
        # 000:4583 "Droits sous conditions :" without a letter; only 2007 says B (001:1011)
        "Droits sous conditions": None,
    },
    45: {
        "Jeu de la carte d'une main": "A",  # 000:4799 "[45A. Jeu d'une carte d'une main"
        "Jeu de la carte du mort": "B",  # 000:4811 "[45B. Jeu d'une carte du mort"
        "Carte considérée comme jouée": "C",  # 000:4964 "[45C1. Une carte d'un…"
        "Le mort indique les cartes": "F",  # 000:5200 "[45F. Le mort indique les cartes"
        "Retourner la levée": "G",  # 000:5217 "[45G. Retourner la levée"
    },
    61: {
        "Définition de la renonce": "A",  # 000:6823 "[61A. Définition de la renonce"
        "Droit de s'enquérir au sujet d'une éventuelle renonce": "B",  # 000:6889 "[61B. Droit…"
        # 000:7391 « La Loi 61C est claire (la revendication d'une renonce ne justifie pas
        # l'inspection des levées fermées) »: the rule 004:721 gives under this subtitle
        "Droit d'inspecter des levées": "C",
    },
    62: {
        "La renonce doit être corrigée": "A",  # 000:6953 "[62A. La renonce doit être corrigée"
        "Correction d'une renonce": "B",  # 000:7020 "(Loi 62B2)" = 004:731
        "Renonce à la douzième levée": "D",  # 000:7095 "[62D. Renonce à la 12ème levée"
    },
    63: {
        "La renonce devient consommée": "A",  # 000:7169 "[63A. Une renonce devient consommée"
        "La renonce ne peut pas être corrigée": None,  # no 63B in 000 (only 2007, 001:1224)
    },
    64: {
        "Ajustement automatique de levée(s)": "A",  # 000:7271 "… (Loi 64A)"
        "Pas d'ajustement automatique de levée": "B",  # 000:7302 "[64B. Il n'y a pas d'ajustement"
    },
    65: {
        "Levées complètes": "A",  # 000:7423 "[A. Levées complètes"
        "Compte des levées": "B",  # 000:7428 "[B. Compte des levées"
        "Ordre": "C",  # 000:7451 "[C. Ordre"
        "Agrément sur le résultat du jeu": "D",  # 000:7462 "[D. Agrément sur le…"
    },
    66: {
        "Levée en cours": "A",  # 000:7506 "[A. levée en cours"
        "Sa propre dernière carte": "B",  # 000:7518 "[B. Sa propre dernière carte"
        "Levées fermées": "C",  # 000:7531 "[C. Levées fermées"
        "Après la fin du jeu": "D",  # 000:7544 "[D. Après la fin du jeu"
    },
    74: {
        "Attitude appropriée": "A",  # 000:8776 "[A. Attitude appropriée :"
        "Éthique": "B",  # 000:8786 "[B. Éthique : Par devoir de courtoisie…"
        "Violation des procédures": "C",  # 000:8816 "[C. Violations des procédures"
    },
}


def sous_titre(loi: int, texte: str) -> tuple[str, str | None, str] | None:
    """``(subtitle as printed, 2017 letter or None, run-in text)`` when a line opens one.

    ``sous_titre(41, "Entame face cachée : Après…")`` is ``("Entame face cachée", "A",
    "Après…")``; a leading ``1. `` (law 5) is dropped.
    """
    sans_numero = NUMERO_DEVANT.sub("", texte).replace("’", "'")
    for titre, lettre in sorted(SOUS_TITRES.get(loi, {}).items(), key=lambda t: -len(t[0])):
        if sans_numero.startswith(titre) and (trouve := SUITE_DU_SOUS_TITRE.match(sans_numero[len(titre) :])):
            return titre, lettre, trouve["deux_points"] or trouve["majuscule"] or ""
    return None
