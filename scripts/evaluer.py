"""Search quality by law: MRR@10, recall@3 and recall@5 on three named query sets, and the misses.

The three parts (``lire_parties``), written before any tuning:

- ``directeur``: tests/eval/requetes.tsv, queries as directors type them (typos, no
  accents, a little English);
- ``exterieur``: tests/eval/situations.tsv, situations paraphrased from outside
  material (rulings, forums, quizzes, bulletins), each with the law its source cites
  and its URL;
- ``index``: tests/eval/index_courtes.tsv, short index-style queries.

Beside them, two sets no weight and no synonym is ever chosen on: ``robustesse``
(typos, no accents, English) and ``temoin`` (tests/eval/temoin.tsv, outside
situations written apart from the engine, to check that what was tuned on the three
parts carries over to queries nobody looked at).

A query scores at the rank of the first displayed group (law or side document) that
is one of its laws. ``chiffres(classer, parties)`` measures any ranking function
(query → law numbers in displayed order): the CLI's here, the site's in the browser
tests. The tuned weights are reported held out (``--plis``): tuned on four folds of
the queries, measured on the fifth.

Usage: ``python scripts/evaluer.py [--index DOSSIER] [--echecs] [--plis [--milieu]]``
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

RACINE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(RACINE))

from indexer.model import SITUATION  # noqa: E402

EVAL = RACINE / "tests" / "eval"
FICHIERS = {"directeur": "requetes.tsv", "exterieur": "situations.tsv", "index": "index_courtes.tsv"}
ROBUSTESSE = "robustesse.tsv"  # typos, no accents, English: recall@5 ≥ 0.90
TEMOIN = "temoin.tsv"  # the control set: never tuned on, never read to write synonyms
# Written this round (issue 19) from the law texts before any of its tuning, reported apart.
NOUVELLES = {"table19": "table_tour19.tsv"}
REQUETES = EVAL / FICHIERS["directeur"]
PROFONDEUR = 10

Requetes = list[tuple[str, frozenset[int]]]
Classer = Callable[[str], Sequence[int | None]]


@dataclass(frozen=True)
class Bilan:
    """MRR@10, recall@3 and @5 over the queries, and each query's rank (None: not in the top 10)."""

    mrr: float
    rappel3: float
    rappel5: float
    rangs: tuple[tuple[str, frozenset[int], int | None, tuple[int | None, ...]], ...]


def lire_requetes(chemin: Path = REQUETES) -> Requetes:
    """The (query, governing laws) pairs of a TSV file (a third column, the source URL, is skipped)."""
    paires = []
    for ligne in chemin.read_text("utf-8").splitlines():
        if ligne.strip() and not ligne.startswith("#"):
            texte, lois = ligne.split("\t")[:2]
            paires.append((texte, frozenset(int(n) for n in lois.split())))
    return paires


def lire_parties() -> dict[str, Requetes]:
    """The three named parts of the evaluation, in report order."""
    return {nom: lire_requetes(EVAL / fichier) for nom, fichier in FICHIERS.items()}


def lire_robustesse() -> Requetes:
    """The robustness set: typos, missing accents and English terms."""
    return lire_requetes(EVAL / ROBUSTESSE)


def lire_temoin() -> Requetes:
    """The control set: outside situations, kept out of every tuning."""
    return lire_requetes(EVAL / TEMOIN)


def lire_nouvelles() -> dict[str, Requetes]:
    """The sets written this round before any tuning (``NOUVELLES``), reported on their own."""
    return {nom: lire_requetes(EVAL / fichier) for nom, fichier in NOUVELLES.items()}


def parties_et_temoin() -> dict[str, Requetes]:
    """The three parts and, beside them, the control set and this round's new sets: what the
    site's figures cover."""
    return {**lire_parties(), "temoin": lire_temoin(), **lire_nouvelles()}


def mesurer(classer: Classer, requetes: Requetes) -> Bilan:
    """Run ``classer`` (query → law numbers in displayed order) on every query."""
    rangs = []
    for texte, attendues in requetes:
        lois = tuple(classer(texte))[:PROFONDEUR]
        rang = next((i for i, n in enumerate(lois, 1) if n in attendues), None)
        rangs.append((texte, attendues, rang, lois))
    nombre = max(1, len(rangs))
    mrr = sum(1 / r for _, _, r, _ in rangs if r) / nombre
    rappel3 = sum(1 for _, _, r, _ in rangs if r and r <= 3) / nombre
    rappel5 = sum(1 for _, _, r, _ in rangs if r and r <= 5) / nombre
    return Bilan(round(mrr, 3), round(rappel3, 3), round(rappel5, 3), tuple(rangs))


def chiffres(classer: Classer, parties: dict[str, Requetes]) -> dict[str, Bilan]:
    """Each part's figures for one ranking function (the CLI's, the site's…)."""
    return {nom: mesurer(classer, requetes) for nom, requetes in parties.items()}


def classeur(chercheur: object) -> Callable[[str], list[int | None]]:
    """The project's search, as law numbers in displayed order."""

    def classer(texte: str) -> list[int | None]:
        reponse = chercheur.chercher(texte, limite=PROFONDEUR, par_groupe=1, largeur=40)  # type: ignore[attr-defined]
        return [g.loi for g in reponse.groupes]

    return classer


def classeur_base(ix: object) -> Callable[[str], list[int | None]]:
    """Plain BM25 over the corpus's units: lower-cased words, no folding, stemming, synonyms or situations."""
    import re

    from whoosh import query as q
    from whoosh.analysis import LowercaseFilter, RegexTokenizer
    from whoosh.fields import ID, TEXT, Schema
    from whoosh.filedb.filestore import RamStorage

    analyseur = RegexTokenizer(r"\w+") | LowercaseFilter()
    schema = Schema(cle=ID(stored=True), titre=TEXT(analyzer=analyseur), texte=TEXT(analyzer=analyseur))
    base = RamStorage().create_index(schema)
    with ix.searcher() as s, base.writer() as w:  # type: ignore[attr-defined]
        for champs in s.all_stored_fields():
            if champs["type"] == SITUATION:  # the baseline is the corpus alone, without the project's situations
                continue
            cle = champs["loi"] or "doc:" + champs["ancre"]
            w.add_document(cle=cle, titre=champs["page"], texte=champs["texte"])
    chercheur = base.searcher()

    def classer(texte: str) -> list[int | None]:
        mots = [m.lower() for m in re.findall(r"\w+", texte)]
        requete = q.Or([q.Term(f, m) for m in mots for f in ("titre", "texte")])
        vus: dict[str, None] = {}
        for hit in chercheur.search(requete, limit=300):
            vus.setdefault(hit["cle"], None)
        return [None if c.startswith("doc:") else int(c) for c in vus][:PROFONDEUR]

    return classer


# --- Tuning on folds ---------------------------------------------------------------------

PLIS = 5
# The weights tuned and the values tried (interrogation.Poids): a few each, never fitted to one query.
GRILLE = {
    "titre": (1.0, 1.5, 2.5),
    "synonyme": (0.4, 0.6, 0.85),
    "departage": (0.1, 0.3, 0.6),
    "b": (0.5, 0.75, 0.9),
    "commentaire": (0.85, 1.0, 1.2),
    "exemple": (0.5, 0.7, 0.9, 1.1),
    "index": (0.6, 0.9, 1.2),
    "situation": (0.6, 0.8, 1.0, 1.2),
    "suivants": (0.1, 0.3, 0.5),
    "evoquee": (0.0, 0.3, 0.6),
}


def milieu(poids: dict[str, float]) -> dict[str, float]:
    """These weights with each tuned one at the middle of its grid: a start chosen on no query.

    The shipped weights were tuned on all the queries, the held-out fold's among them; folds
    that start there inherit that choice. From here, the held-out figures owe nothing to it.
    """
    return {**poids, **{nom: valeurs[(len(valeurs) - 1) // 2] for nom, valeurs in GRILLE.items()}}


def plis(parties: dict[str, Requetes], nombre: int = PLIS) -> list[dict[str, Requetes]]:
    """The queries cut in ``nombre`` folds, every part spread evenly (the i-th query → fold i mod n)."""
    return [{nom: requetes[i::nombre] for nom, requetes in parties.items()} for i in range(nombre)]


def _valeur(rang: int | None) -> float:
    """What one query adds to its part's MRR@10 + recall@3, times the part's size (tuning
    maximises MRR@10 plus recall@3, each part counting alike)."""
    return 1 / rang + (rang <= 3) if rang else 0.0


def apports(avant: dict[str, Bilan], apres: dict[str, Bilan]) -> list[float]:
    """Each query's share of the change of the tuning's objective from ``avant`` to ``apres``."""
    return [
        (_valeur(nouveau[2]) - _valeur(ancien[2])) / len(bilan.rangs)
        for nom, bilan in avant.items()
        for ancien, nouveau in zip(bilan.rangs, apres[nom].rangs, strict=True)
    ]


def retenu(avant: dict[str, Bilan], apres: dict[str, Bilan]) -> bool:
    """True when the change still gains without the query it helps most: never a weight fitted
    to one query (issue 9), however much that query moves."""
    parts = apports(avant, apres)
    return bool(parts) and sum(parts) - max(parts) > 1e-9


def regler(
    fabrique: Callable[[dict[str, float]], Classer], parties: dict[str, Requetes], depart: dict[str, float]
) -> dict[str, float]:
    """Coordinate ascent over ``GRILLE`` on these queries: each weight in turn, each value tried
    against the best so far and kept when it gains beyond one query (``retenu``)."""
    poids = dict(depart)
    actuels = chiffres(fabrique(poids), parties)
    for nom, valeurs in GRILLE.items():
        for valeur in valeurs:
            if valeur == poids[nom]:
                continue
            essai = {**poids, nom: valeur}
            bilans = chiffres(fabrique(essai), parties)
            if retenu(actuels, bilans):
                poids, actuels = essai, bilans
    return poids


def validation_croisee(
    fabrique: Callable[[dict[str, float]], Classer], parties: dict[str, Requetes], depart: dict[str, float]
) -> tuple[dict[str, Bilan], list[dict[str, float]]]:
    """Held-out figures: weights tuned on four folds, each fold measured with the weights of the others."""
    decoupage = plis(parties)
    tenus: dict[str, list[Any]] = {nom: [] for nom in parties}
    reglages = []
    for i, test in enumerate(decoupage):
        entrainement = {nom: [r for j, pli in enumerate(decoupage) if j != i for r in pli[nom]] for nom in parties}
        poids = regler(fabrique, entrainement, depart)
        reglages.append(poids)
        for nom, bilan in chiffres(fabrique(poids), test).items():
            tenus[nom] += bilan.rangs
    return {nom: _bilan(rangs) for nom, rangs in tenus.items()}, reglages


def _bilan(rangs: list[Any]) -> Bilan:
    nombre = max(1, len(rangs))
    mrr = sum(1 / r for _, _, r, _ in rangs if r) / nombre
    rappel3 = sum(1 for _, _, r, _ in rangs if r and r <= 3) / nombre
    rappel5 = sum(1 for _, _, r, _ in rangs if r and r <= 5) / nombre
    return Bilan(round(mrr, 3), round(rappel3, 3), round(rappel5, 3), tuple(rangs))


def imprimer(nom: str, bilan: Bilan, echecs: bool = False) -> None:
    print(
        f"{nom:<22} MRR@10 = {bilan.mrr:.3f}   rappel@3 = {bilan.rappel3:.3f}   "
        f"rappel@5 = {bilan.rappel5:.3f}   ({len(bilan.rangs)} requêtes)"
    )
    if not echecs:
        return
    for texte, attendues, rang, lois in bilan.rangs:
        if rang is None or rang > 3:
            trouvees = " ".join("doc" if n is None else str(n) for n in lois[:5])
            attendu = " ".join(map(str, sorted(attendues)))
            print(f"  manquée (rang {rang or '>10'}) : {texte!r} → attendu {attendu} ; trouvé {trouvees}")


def main(argv: list[str] | None = None) -> int:
    """Print each part's figures for the project and the plain baseline."""
    parseur = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parseur.add_argument("--index", type=Path, help="un index déjà construit (sinon l'index courant)")
    parseur.add_argument("--echecs", action="store_true", help="lister les requêtes manquées")
    parseur.add_argument(
        "--plis",
        action="store_true",
        help=f"régler les poids sur {PLIS - 1} plis, mesurer sur le dernier (validation croisée)",
    )
    parseur.add_argument(
        "--milieu", action="store_true", help="avec --plis : partir du milieu de chaque grille, pas des poids livrés"
    )
    arguments = parseur.parse_args(argv)
    from indexer import build
    from indexer.recherche import index
    from indexer.recherche.moteur import Chercheur

    ix = index.ouvrir(arguments.index) if arguments.index else build.index_courant()
    parties = lire_parties()
    if arguments.plis:
        regler_par_plis(ix, parties, arguments.milieu)
        return 0
    projet = classeur(Chercheur(ix))
    for nom, bilan in chiffres(projet, parties).items():
        imprimer(f"loi cherche / {nom}", bilan, arguments.echecs)
    imprimer_a_part(projet, arguments.echecs)
    for nom, bilan in chiffres(classeur_base(ix), parties).items():
        imprimer(f"BM25 simple / {nom}", bilan)
    return 0


def regler_par_plis(ix: Any, parties: dict[str, Requetes], depuis_le_milieu: bool) -> None:
    """Tune the weights on all folds but one, measure on that one, for each fold (``--plis``)."""
    from indexer.recherche.moteur import Chercheur, Poids

    def fabrique(poids: dict[str, float]) -> Classer:
        return classeur(Chercheur(ix, poids=Poids(**poids)))

    depart = milieu(Poids()._asdict()) if depuis_le_milieu else Poids()._asdict()
    tenus, reglages = validation_croisee(fabrique, parties, depart)
    for nom, bilan in tenus.items():
        imprimer(f"hors pli / {nom}", bilan)
    for i, poids in enumerate(reglages, 1):
        print(f"  pli {i} : " + ", ".join(f"{k}={v}" for k, v in poids.items() if v != depart[k]))
    print(
        "  réglage sur toutes les requêtes : "
        + ", ".join(f"{k}={v}" for k, v in regler(fabrique, parties, depart).items() if v != depart[k])
    )


def imprimer_a_part(projet: Classer, echecs: bool = False) -> None:
    """The sets beside the three parts: robustness, the control set, this round's new sets."""
    if (EVAL / ROBUSTESSE).exists():
        imprimer("loi cherche / robustesse", mesurer(projet, lire_robustesse()))
    if (EVAL / TEMOIN).exists():
        imprimer("loi cherche / temoin", mesurer(projet, lire_temoin()))  # its misses stay unread
    for nom, requetes in lire_nouvelles().items():  # written before this round's tuning
        imprimer(f"loi cherche / {nom} (écrites avant réglage)", mesurer(projet, requetes))  # misses unread


if __name__ == "__main__":
    sys.exit(main())
