"""The argument grammar of ``loi``, stated once: every command, its words and its options.

``parseur`` builds the French argparse parser from ``COMMANDES`` (help, errors) and reads
every line with it; the shell completion (``completion``) and the prompt read the same table.
"""

from __future__ import annotations

import re
from typing import Any

from indexer.editions import EDITIONS

EDITIONS_RECHERCHE = (*EDITIONS, "2008")  # the Code's editions and the 2008 regulations
TYPES = ("loi", "commentaire", "exemple", "note", "definition", "index", "reglement",
         "annexe", "tableau", "preface", "marque")  # fmt: skip
LIMITE = 5
LIMITE_MAX = 1000

# An option: its flag, where its value goes, and what it accepts. ``valeur`` is None
# for a flag, "nombre" for a whole number 1–LIMITE_MAX, "choix" for one of ``choix``,
# "texte" for any word (the command judges it), "entier" for a whole number of points
# (negative too), "entiers" for one or more of them (« 420 400 -50 », or « 420,400 »).
# ``suggestions``: what the shell completion offers for a value that is not a fixed choice.
# A command's ``valeurs``: the only words it takes (completed by the shell too).
JSON = {"drapeau": "--json", "dest": "json", "valeur": None, "aide": "sortie JSON"}
LIMITE_N = {"drapeau": "--limite", "dest": "limite", "valeur": "nombre", "defaut": LIMITE, "metavar": "N",
            "aide": f"au plus N lois ou documents (défaut {LIMITE})",
            "suggestions": ("5", "10", "20", "50")}  # fmt: skip
EDITION_CODE = {"drapeau": "--edition", "dest": "edition", "valeur": "choix", "choix": EDITIONS,
                "aide": "une seule édition"}  # fmt: skip
EDITION = {**EDITION_CODE, "choix": EDITIONS_RECHERCHE}
# The choices named in the help, not in the usage line, where their list would not fit a phone.
TYPE = {
    "drapeau": "--type",
    "dest": "types",
    "valeur": "choix",
    "choix": TYPES,
    "repetable": True,
    "metavar": "TYPE",
    "aide": f"un genre de passage (répétable) : {', '.join(TYPES)}",
}
STRICT = {"drapeau": "--strict", "dest": "strict", "valeur": None, "aide": "échoue sur un renvoi cassé"}
INDEX = {"drapeau": "--index", "dest": "index", "valeur": None, "aide": "construit aussi l'index"}
VERIFIER = {"drapeau": "--verifier", "dest": "verifier", "valeur": None, "aide": "vérifie docs/ sans écrire"}
# The library reads every spelling of a vulnerability (« N-S », « aucun », « all »): no fixed choices here.
VULNERABILITE = {"drapeau": "--vulnerabilite", "dest": "vulnerabilite", "valeur": "texte",
                 "metavar": "personne|NS|EO|tous", "aide": "la vulnérabilité de la donne (obligatoire)",
                 "suggestions": ("personne", "NS", "EO", "tous")}  # fmt: skip
AUTRE_TABLE = {"drapeau": "--autre-table", "dest": "autre_table", "valeur": "entier", "metavar": "SCORE",
               "aide": "la marque NS à l'autre table : le score ajusté en IMP"}  # fmt: skip
MARQUES = {"drapeau": "--marques", "dest": "marques", "valeur": "entiers", "metavar": "SCORE",
           "aide": "les autres marques NS de la donne : le score ajusté en points de match"}  # fmt: skip
COULEUR = {"drapeau": "--couleur", "dest": "couleur", "valeur": "choix", "choix": ("auto", "toujours", "jamais"),
           "aide": "couleurs : auto (sur un terminal, sauf NO_COLOR ou TERM=dumb), toujours, jamais"}  # fmt: skip
SANS_PAGER = {"drapeau": "--sans-pager", "dest": "sans_pager", "valeur": None,
              "aide": "n'ouvre pas de pager ($PAGER, sinon less -R) pour une longue réponse"}  # fmt: skip
POURQUOI = {"drapeau": "--pourquoi", "dest": "pourquoi", "valeur": None,
            "aide": "dit sous chaque résultat les mots, synonymes ou situations de table qui l'ont trouvé"}  # fmt: skip
SOURCES = {"drapeau": "--sources", "dest": "sources", "valeur": None,
           "aide": "ajoute fichier:ligne au nom de chaque source"}  # fmt: skip
AFFICHAGE = (COULEUR, SANS_PAGER)  # how an answer is shown, for every command that shows text

# Each command: its help line, its words (dest, metavar, help; None: it takes none), its options.
# ``negatifs``: its words and values may be negative numbers (« -2 », « -500 »): there, a
# « - » followed by a digit is a word or a value, never an option (``parseur.NEGATIF``).
COMMANDES: dict[str, dict[str, Any]] = {
    "voir": {"aide": "affiche une loi ou un paragraphe",
             "mots": ("ref", "REF", "par exemple 68C, « loi 12 C 1 e »"),
             "options": (JSON, EDITION_CODE, SOURCES, *AFFICHAGE)},
    "cherche": {"aide": "recherche dans les lois et le commentaire",
                "mots": ("texte", None, "des mots, une situation, « une phrase »"),
                "options": (JSON, LIMITE_N, EDITION, TYPE, POURQUOI, *AFFICHAGE)},
    "exemples": {"aide": "les exemples du Guide (une loi ou des mots)",
                 "mots": ("texte", "REF|TEXTE", None), "options": (JSON, LIMITE_N, EDITION, *AFFICHAGE)},
    "definition": {"aide": "une définition du Code", "mots": ("texte", "TERME", None),
                   "options": (JSON, LIMITE_N, *AFFICHAGE)},
    "index": {"aide": "l'index alphabétique du Code 2007", "mots": ("texte", "TERME", None),
              "options": (JSON, LIMITE_N, *AFFICHAGE)},
    "construire": {"aide": "régénère docs/ et l'index", "mots": None, "options": (STRICT, INDEX, VERIFIER)},
    "marque": {"aide": "la marque d'un contrat (Loi 77)", "negatifs": True,
               "mots": ("mots", "MOT", "CONTRAT V|NV RÉSULTAT, par exemple 4♥X V -2"), "options": (JSON,)},
    "imp": {"aide": "un écart en IMP (Loi 78B)", "negatifs": True,
            "mots": ("scores", "SCORE", "un écart, ou deux marques A B (écart A − B)"), "options": (JSON,)},
    "pdm": {"aide": "les points de match d'une donne (Loi 78A)", "negatifs": True,
            "mots": ("scores", "SCORE", "les marques de la donne, deux au moins"), "options": (JSON,)},
    "ajustee": {"aide": "un score ajusté pondéré (Loi 12C1(c))", "negatifs": True,
                "mots": ("ponderation", "PONDERATION", "les issues et leurs poids : « 60 % 4♠=, 40 % 4♠-1 »"),
                "options": (JSON, VULNERABILITE, AUTRE_TABLE, MARQUES)},
    "completion": {"aide": "le script de complétion du shell (bash, zsh, fish)",
                   "mots": ("shell", "SHELL", "bash, zsh ou fish"), "options": (), "valeurs": ("bash", "zsh", "fish")},
}  # fmt: skip

DEBUG = "--debug"  # the one option before the command: shows tracebacks


# The spaces French typography puts between thousands (« 1 100 »): no-break, narrow no-break, thin.
ESPACES_MILLIERS = "\u00a0\u202f\u2009"
_GROUPE = "[+\u2212-]?[0-9]{1,3}(?:%s[0-9]{3})+(?:[.,][0-9]{1,2})?"


def sans_milliers(texte: str) -> str:
    """« 1 100 » (no-break, narrow no-break or thin space, as French documents print it) → « 1100 »;
    any other text unchanged. Groups of three digits only: « 1 10 » stays as typed."""
    motif = _GROUPE % f"[{ESPACES_MILLIERS}]"
    return re.sub(f"(?<![0-9.,]){motif}(?![0-9])", lambda m: re.sub(f"[{ESPACES_MILLIERS}]", "", m[0]), texte)


def milliers_ambigus(texte: str) -> bool:
    """« 1 100 », « 620 170 » with plain spaces, in one word: one number the French way, or two? Any
    other space that is no thousands separator (a tab, a figure or ideographic space) is as ambiguous."""
    return re.fullmatch(_GROUPE % f"[^\\S{ESPACES_MILLIERS}]", texte.strip()) is not None


def entier(valeur: str) -> int | None:
    """« 420 », « -50 », « +420 », « −50 » (a typographic minus), « 1 100 » (no-break or thin
    spaces between thousands) → a whole number; else None (« 1 100 » with a plain space too)."""
    chiffres = sans_milliers(valeur).strip().replace("\u2212", "-")
    corps = chiffres[1:] if chiffres[:1] in ("+", "-") else chiffres
    if not corps.isdecimal() or len(corps) > 12:  # int() would take « 4_20 » and a page of digits
        return None
    return int(chiffres)


def entiers(valeur: str) -> list[int] | None:
    """« 420 », « 420,400,-50 » → the scores it holds; None if one is not a whole number. A space
    is no separator: « 1 100 » is refused rather than read as 1 and 100."""
    nombres = [entier(morceau) for morceau in valeur.replace(";", ",").split(",") if morceau.strip()]
    return [n for n in nombres if n is not None] if None not in nombres else None


def mots_de(argv: list[str]) -> list[str]:
    """The words of a command line: neither options nor the values they take."""
    a_valeur = {o["drapeau"] for c in COMMANDES.values() for o in c["options"] if o["valeur"]}
    mots, valeur_attendue = [], False
    for argument in argv:
        if valeur_attendue:
            valeur_attendue = False
        elif argument in a_valeur:
            valeur_attendue = True
        elif not argument.startswith("-"):
            mots.append(argument)
    return mots
