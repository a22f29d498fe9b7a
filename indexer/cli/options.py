"""The argument grammar of ``loi``, stated once: every command, its words and its options.

``parseur`` builds the French argparse parser from ``COMMANDES`` (help, errors, unusual
lines); ``lire_vite`` reads the usual lines from the same table without argparse,
whose import and set-up would cost ``loi voir`` and a fresh ``loi cherche`` a large
share of their start-up (CONTRIBUTING.md, « Démarrage rapide »). Both give the same
namespace; ``tests/test_cli_recherche.py`` checks it line by line. Plain dicts, no
dataclasses: this module is on the lookup path.
"""

from __future__ import annotations

from types import SimpleNamespace

from indexer.editions import EDITIONS

EDITIONS_RECHERCHE = (*EDITIONS, "2008")  # the Code's editions and the 2008 regulations
TYPES = ("loi", "commentaire", "exemple", "note", "definition", "index", "reglement",
         "annexe", "tableau", "preface")  # fmt: skip
LIMITE = 5
LIMITE_MAX = 1000

# An option: its flag, where its value goes, and what it accepts. ``valeur`` is None
# for a flag, "nombre" for a whole number 1–LIMITE_MAX, "choix" for one of ``choix``.
JSON = {"drapeau": "--json", "dest": "json", "valeur": None, "aide": "sortie JSON"}
LIMITE_N = {"drapeau": "--limite", "dest": "limite", "valeur": "nombre", "defaut": LIMITE, "metavar": "N",
            "aide": f"au plus N lois ou documents (défaut {LIMITE})"}  # fmt: skip
EDITION_CODE = {"drapeau": "--edition", "dest": "edition", "valeur": "choix", "choix": EDITIONS,
                "aide": "une seule édition"}  # fmt: skip
EDITION = {**EDITION_CODE, "choix": EDITIONS_RECHERCHE}
TYPE = {"drapeau": "--type", "dest": "types", "valeur": "choix", "choix": TYPES, "repetable": True,
        "aide": "un genre de passage (répétable)"}  # fmt: skip
STRICT = {"drapeau": "--strict", "dest": "strict", "valeur": None, "aide": "échoue sur un renvoi cassé"}
INDEX = {"drapeau": "--index", "dest": "index", "valeur": None, "aide": "construit aussi l'index"}
VERIFIER = {"drapeau": "--verifier", "dest": "verifier", "valeur": None, "aide": "vérifie docs/ sans écrire"}

# Each command: its help line, its words (dest, metavar, help; None: it takes none), its options.
COMMANDES = {
    "voir": {"aide": "affiche une loi ou un paragraphe",
             "mots": ("ref", "REF", "par exemple 68C, « loi 12 C 1 e »"), "options": (JSON, EDITION_CODE)},
    "cherche": {"aide": "recherche dans les lois et le commentaire",
                "mots": ("texte", None, "des mots, une situation, « une phrase »"),
                "options": (JSON, LIMITE_N, EDITION, TYPE)},
    "exemples": {"aide": "les exemples du Guide (une loi ou des mots)",
                 "mots": ("texte", "REF|TEXTE", None), "options": (JSON, LIMITE_N, EDITION)},
    "definition": {"aide": "une définition du Code", "mots": ("texte", "TERME", None),
                   "options": (JSON, LIMITE_N)},
    "index": {"aide": "l'index alphabétique du Code 2007", "mots": ("texte", "TERME", None),
              "options": (JSON, LIMITE_N)},
    "construire": {"aide": "régénère docs/ et l'index", "mots": None, "options": (STRICT, INDEX, VERIFIER)},
}  # fmt: skip

DEBUG = "--debug"  # the one option before the command: shows tracebacks


def valeur_permise(option: dict, valeur: str) -> object | None:
    """The value an option takes from ``valeur``, or None when argparse must judge it."""
    if option["valeur"] == "nombre":
        try:
            nombre = int(valeur)
        except ValueError:
            return None
        return nombre if 1 <= nombre <= LIMITE_MAX else None
    return valeur if valeur in option["choix"] else None


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


def _vide(commande: str) -> dict[str, object]:
    """The namespace argparse gives a command before reading anything."""
    definition = COMMANDES[commande]
    valeurs: dict[str, object] = {"debug": False, "commande": commande}
    for option in definition["options"]:
        valeurs[option["dest"]] = option.get("defaut", False if option["valeur"] is None else None)
    return valeurs


def lire_vite(argv: list[str]) -> SimpleNamespace | None:
    """A usual command line read as argparse would read it; None for anything else.

    Usual: a command that takes words, its words, and its options before or after
    them. Help, a bad or missing value, an unknown or abbreviated option, ``--``, and
    words on both sides of an option (argparse refuses the second run) go to
    argparse, which stays the reference.
    """
    definition = COMMANDES.get(argv[0]) if argv else None
    if definition is None or definition["mots"] is None:
        return None
    valeurs = _vide(argv[0])
    mots: list[str] = []
    par_drapeau = {o["drapeau"]: o for o in definition["options"]}
    reste, apres_options = iter(argv[1:]), False
    for argument in reste:
        if not argument.startswith("-"):
            if apres_options:
                return None
            mots.append(argument)
            continue
        apres_options = bool(mots)
        option = par_drapeau.get(argument)
        if option is None:
            return None
        if option["valeur"] is None:
            valeurs[option["dest"]] = True
            continue
        valeur = valeur_permise(option, next(reste, ""))
        if valeur is None:
            return None
        precedent = valeurs[option["dest"]] or []
        valeurs[option["dest"]] = [*precedent, valeur] if option.get("repetable") else valeur
    valeurs[definition["mots"][0]] = mots
    return SimpleNamespace(**valeurs) if mots else None
