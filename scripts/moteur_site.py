"""The site's search engine run by node beside the CLI's: the same queries, answers compared to the last digit.

``attendus`` is what ``loi cherche`` answers (Whoosh's scores of every passage, then the groups
and passages shown, with their extracts); ``dans_node`` runs ``scripts/moteur_node.js``, the
browser's very files, on the data ``loi construire --index`` wrote; ``ecarts`` lists where
they differ. tests/test_moteur_js.py asserts there is no difference on every query of
tests/eval/; ``make eval`` prints the site's figures from ``classeur_node``.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

RACINE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(RACINE))
sys.path.insert(0, str(RACINE / "scripts"))

COUREUR = RACINE / "scripts/moteur_node.js"
OPTIONS = {"limite": 10, "parGroupe": 3, "largeur": 160}  # the site's page (recherche.js)


def requetes_eval() -> list[str]:
    """Every query of tests/eval/*.tsv, once each, in file order."""
    import evaluer

    textes = [texte for fichier in sorted(evaluer.EVAL.glob("*.tsv")) for texte, _ in evaluer.lire_requetes(fichier)]
    return list(dict.fromkeys(textes))


def node() -> str:
    """The node on the PATH; FileNotFoundError without it."""
    trouve = shutil.which("node")
    if trouve is None:
        raise FileNotFoundError("node absent du PATH")
    return trouve


def dans_node(requetes: Sequence[str], options: dict | None = None, donnees: Path | None = None) -> dict:
    """The site engine's answers: ``{"pret_ms", "total_ms", "sorties": [{scores, reponse}…]}``."""
    from indexer.chemins import DONNEES_RECHERCHE
    from indexer.recherche import pour_site

    entree = {
        "grammaire": pour_site.grammaire_citations(),
        "donnees": str(donnees or DONNEES_RECHERCHE),
        "requetes": list(requetes),
        "options": options or OPTIONS,
    }
    sortie = subprocess.run(
        [node(), str(COUREUR)], input=json.dumps(entree), capture_output=True, text=True, timeout=600, check=False
    )
    if sortie.returncode != 0:
        raise RuntimeError(f"moteur_node.js : {sortie.stderr.strip()[-2000:]}")
    return json.loads(sortie.stdout)


def attendus(chercheur: object, requetes: Sequence[str], options: dict | None = None) -> list[dict]:
    """The CLI's answers in the shape ``dans_node`` gives them (scores unrounded, URLs the site's)."""
    from indexer.recherche.requete import comprendre

    o = options or OPTIONS
    sorties = []
    for texte in requetes:
        scores = chercheur.scores(comprendre(texte, chercheur.synonymes))  # type: ignore[attr-defined]
        reponse = chercheur.chercher(  # type: ignore[attr-defined]
            texte, limite=o["limite"], par_groupe=o["parGroupe"], largeur=o["largeur"]
        )
        groupes = [_groupe_attendu(g) for g in reponse.groupes]
        sorties.append(
            {
                "scores": [[s, d] for s, d in scores],
                "reponse": {
                    "requete": reponse.requete,
                    "interpretation": reponse.interpretation,
                    "total": reponse.total,
                    "corrigee": reponse.corrigee,
                    "ignoree": reponse.syntaxe_ignoree,
                    "groupes": groupes,
                },
            }
        )
    return sorties


def _groupe_attendu(g: Any) -> dict:
    """A group of the CLI's answer, with the site's URLs."""
    from indexer import build

    passages = [
        {
            "ref": p.ref,
            "type": p.type,
            "edition": p.edition,
            "titre": p.titre,
            "url": build.adresse_page(p.url),
            "score": p.score,
            "extrait": p.extrait,
            "marques": [list(m) for m in p.marques],
        }
        for p in g.passages
    ]
    return {"loi": g.loi, "titre": g.titre, "score": g.score, "passages": passages}


def _reponse_node(reponse: dict) -> dict:
    """The JS answer in the CLI's shape: scores rounded as ``moteur`` rounds them (Python's round)."""
    groupes = [
        {
            "loi": g["loi"],
            "titre": g["titre"],
            "score": round(g["score"], 3),
            "passages": [
                {
                    **{k: p[k] for k in ("ref", "type", "edition", "titre", "url", "extrait", "marques")},
                    "score": round(p["score"], 3),
                }
                for p in g["passages"]
            ],
        }
        for g in reponse["groupes"]
    ]
    return {
        "requete": reponse["requete"],
        "interpretation": reponse["interpretation"],
        "total": reponse["total"],
        "corrigee": reponse["corrigee"],
        "ignoree": reponse["ignoree"],
        "groupes": groupes,
    }


def ecarts(requetes: Sequence[str], attendu: list[dict], obtenu: list[dict]) -> list[tuple[str, str, object, object]]:
    """(query, what, CLI's, site's) for every difference: the passages' scores as floats, to the bit."""
    sortie: list[tuple[str, str, object, object]] = []
    for texte, python, js in zip(requetes, attendu, obtenu, strict=True):
        scores_js = [[s, d] for s, d in js["scores"]]
        if python["scores"] != scores_js:
            paires = zip(python["scores"] + [None], scores_js + [None], strict=False)
            premier = next(i for i, (a, b) in enumerate(paires) if a != b)
            sortie.append(
                (
                    texte,
                    f"scores (rang {premier})",
                    python["scores"][premier : premier + 2],
                    scores_js[premier : premier + 2],
                )
            )
        reponse_js = _reponse_node(js["reponse"])
        for cle, valeur in python["reponse"].items():
            if valeur != reponse_js[cle]:
                sortie.append((texte, cle, valeur, reponse_js[cle]))
    return sortie


def classeur_node(parties: dict) -> Callable[[str], list[int | None]]:
    """The site's ranking as ``evaluer.chiffres`` wants it: every query run by node at once."""
    import evaluer

    toutes = list(dict.fromkeys(texte for requetes in parties.values() for texte, _ in requetes))
    options = {"limite": evaluer.PROFONDEUR, "parGroupe": 1, "largeur": 40}
    sorties = dans_node(toutes, options)["sorties"]
    table = {texte: [g["loi"] for g in s["reponse"]["groupes"]] for texte, s in zip(toutes, sorties, strict=True)}
    return table.__getitem__
