"""The JSON Schema of the per-law data (``docs/donnees/lois/N.json``), stated once.

Published beside the data (``docs/donnees/schema-loi.json``) for whoever reuses it; ``tests/test_donnees.py``
validates every file against it, ``loi voir --json`` prints objects of this shape (restricted to a paragraph or an
edition: then with « ref »), and ``lecture.charger`` checks each file it reads against the published copy
(``lecture.conforme``: the keywords used here, no more; a test keeps the two in step).
"""

from __future__ import annotations

from indexer.editions import EDITIONS

_TEXTE = {"type": "string"}
_NOTE = {
    "type": "object",
    "description": "une note de bas de page ; son appel est « [numero] » dans le texte",
    "required": ["numero", "texte", "source", "nom_source"],
    "additionalProperties": False,
    "properties": {"numero": {"type": "integer", "minimum": 1}, "texte": _TEXTE,
                   "source": {"type": "string", "pattern": r"^\S+:\d+$"}, "nom_source": _TEXTE},
}  # fmt: skip
_ENTREE = {
    "type": "object",
    "description": "un paragraphe de loi, un commentaire, un exemple ou une note, dans l'ordre de la page",
    "required": ["ref", "edition", "type", "role", "titre", "texte", "notes", "ancre", "url", "source",
                 "nom_source", "ordre"],
    "additionalProperties": False,
    "properties": {
        "ref": {"type": "string", "description": "le paragraphe auquel l'entrée est rattachée (68C)"},
        "edition": {"enum": list(EDITIONS)},
        "type": {"enum": ["loi", "commentaire", "exemple", "note"]},
        "role": _TEXTE,
        "titre": _TEXTE,
        "texte": {"type": "string", "not": {"pattern": r"\[\^"}},
        "notes": {"type": "array", "items": _NOTE},
        "ancre": {"type": "string", "pattern": "^[a-z0-9-]+$"},
        "url": _TEXTE,
        "source": {"type": "string", "pattern": r"^\S+:\d+$", "description": "fichier:ligne dans corpus/sources"},
        "nom_source": {"type": "string", "description": "« Guide pratique (FFB), Loi 68 »"},
        "ordre": {"type": "integer", "minimum": 0, "description": "le rang sur la page de la loi"},
        "devenir": {"type": "string", "description": "sous un paragraphe 2007 : ce qu'en a fait le Code 2017, "
                    "là où corpus/correspondances.toml le déclare (« Code 2017 : la 15A traite d'un autre cas… »)"},
    },
}  # fmt: skip
VERSION = 3  # 2: « ref », le paragraphe demandé (loi voir 68C --json) ; 3 : « constat »
SCHEMA_LOI = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$comment": f"version {VERSION} de la forme ; 2 : « ref » pour un paragraphe demandé seul ; 3 : « constat »",
    "title": "Une loi du Code International du Bridge de Compétition, ses éditions et son commentaire",
    "type": "object",
    "required": ["loi", "titre", "titres", "url", "paragraphes", "exemples", "renvois", "cite_par"],
    "additionalProperties": False,
    "properties": {
        "loi": {"type": "integer", "minimum": 1, "maximum": 93},
        "ref": {"type": "string", "pattern": "^[0-9]{1,2}[A-Z]",
                "description": "le paragraphe demandé (68C), quand la sortie s'y restreint ; absent pour une loi"},
        "constat": {"type": "string", "description": "ce que les sources ne donnent pas du paragraphe demandé "
                    "(« aucune source 2017 ne donne 40B2 lui-même, seulement 40B2(a)(i) ») ; absent sinon"},
        "titre": _TEXTE,
        "titres": {"type": "object", "additionalProperties": _TEXTE},
        "url": _TEXTE,
        "paragraphes": {"type": "array", "items": _ENTREE},
        "exemples": {"type": "array", "items": _ENTREE},
        "renvois": {"type": "array", "items": _TEXTE},
        "cite_par": {"type": "array", "items": {
            "type": "object", "required": ["loi", "url"], "additionalProperties": False,
            "properties": {"loi": {"type": "integer"}, "url": _TEXTE}}},
    },
}  # fmt: skip
