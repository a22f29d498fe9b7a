"""A small hand-built corpus of fiches, and its index (shared by the search tests).

Written for the tests, in the Code's register but not copied from it: each unit
exists to make one ranking or matching rule observable.
"""

from __future__ import annotations

from itertools import count
from pathlib import Path

from indexer.model import Fiche

_NUMEROS = count(1)  # commentary and examples numbered in order, as on a page


def _loi(loi: int, ref: str, titre: str, texte: str, type_: str = "loi", edition: str = "2017") -> Fiche:
    if type_ == "loi":
        ancre = "loi-" + "-".join([str(loi), *ref[len(str(loi)) :].lower()])
    else:
        ancre = f"loi-{loi}-{type_}-{next(_NUMEROS)}"
    return Fiche(
        loi=loi,
        ref=ref,
        rattachement=ref if type_ == "loi" else str(loi),
        ancre=ancre,
        url=f"lois/{loi}/index.html#{ancre}",
        type=type_,
        edition=edition,
        role="texte",
        source=f"fixture.txt:{loi}",
        titre="",
        page=titre,
        texte=texte,
        corps=texte,
    )


def _section(ref: str, ancre: str, type_: str, edition: str, page: str, texte: str, url: str) -> Fiche:
    return Fiche(
        loi=None,
        ref=ref,
        rattachement="",
        ancre=ancre,
        url=url,
        type=type_,
        edition=edition,
        role="",
        source="fixture.txt:900",
        titre=ref,
        page=page,
        texte=texte,
        corps=texte,
    )


T16 = "Information non autorisée"
T27 = "Enchère insuffisante"
T42 = "Droits du mort"
T50 = "Carte pénalisée"
T61 = "Ne pas fournir à la couleur"
T63 = "Établissement d'une renonce"
T68 = "Revendication ou concession de levées"
T70 = "Revendication ou concession contestée"

UNITES = (
    _loi(16, "16B", T16, "Après une hésitation marquée du partenaire, un joueur ne peut choisir "
         "une action suggérée par cette information parmi des alternatives logiques."),
    _loi(27, "27A", T27, "Toute enchère insuffisante peut être acceptée par l'adversaire de gauche."),
    _loi(27, "27B", T27, "Si l'enchère insuffisante n'est pas acceptée, elle doit être rectifiée "
         "par l'enchère suffisante la plus basse de la même dénomination."),
    _loi(27, "27 exemple 1", T27, "Nord ouvre de 1♥, Est dit 1♦ : l'arbitre est appelé.", "exemple"),
    _loi(42, "42B", T42, "Le mort peut demander à un joueur qui n'a pas fourni s'il lui reste "
         "une carte de la couleur jouée."),
    _loi(50, "50A", T50, "Une carte exposée d'un joueur de la défense devient une carte pénalisée."),
    _loi(50, "50 commentaire 1", T50, "L'as montré par erreur reste sur la table face visible.",
         "commentaire"),
    _loi(61, "61A", T61, "Un joueur qui ne fournit pas alors qu'il le pouvait commet une renonce."),
    _loi(63, "63A", T63, "Une renonce devient consommée quand le coupable ou son partenaire "
         "joue pour la levée suivante."),
    _loi(63, "63 commentaire 1", T63, "Une renonce consommée ne peut plus être corrigée.",
         "commentaire"),
    _loi(68, "68A", T68, "Toute formulation annonçant que son camp gagnera un nombre de levées "
         "est une revendication de ces levées."),
    _loi(68, "68C", T68, "Une revendication devrait être accompagnée d'un exposé de la ligne de jeu."),
    _loi(68, "68C", T68, "Le joueur qui revendique doit exposer sa ligne de jeu.", edition="2007"),
    _loi(70, "70A", T70, "Quand une revendication est contestée, l'arbitre statue aussi "
         "équitablement que possible."),
    _loi(70, "70 exemple 1", T70, "Sud revendique le reste ; Est conteste car il lui reste un atout.",
         "exemple"),
    _loi(12, "12C1", "Pouvoirs discrétionnaires de l'arbitre", "L'arbitre attribue une marque "
         "ajustée ; voir aussi la Loi 68 et la Loi 27 pour les cas particuliers."),
    _section("Mort", "def-mort", "definition", "2017", "Définitions — Mort",
             "Le partenaire du déclarant ; sa main est étalée sur la table.", "definitions/#def-mort"),
    _section("Renonce", "index-renonce", "index", "2007", "Index — Renonce", "Renonce : lois 61 à 64.",
             "index/#index-renonce"),
)  # fmt: skip


def construire_index(dossier: Path) -> Path:
    """Build the fixture's index into ``dossier/index-fixture`` and return its path."""
    from indexer.build import synonymes
    from indexer.recherche.index import installer

    return installer(UNITES, dossier / "index-fixture", synonymes())
