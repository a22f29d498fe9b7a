"""Search quality on tests/eval/requetes.tsv: MRR@10 and recall@3 by law, and the misses.

Each query lists the laws that govern it; a query scores at the rank of the first
displayed group (law or side document) that is one of them. The same queries run
against a plain baseline — BM25 over the same units, words lower-cased only, no
accent folding, stemming, synonyms, typo correction or law boosts — so the figures
say what the analysis and ranking add.

Usage: ``python scripts/evaluer.py [--index DOSSIER] [--toutes]``
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

RACINE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(RACINE))

REQUETES = RACINE / "tests" / "eval" / "requetes.tsv"
PROFONDEUR = 10


@dataclass(frozen=True)
class Bilan:
    """MRR@10 and recall@3 over the queries, and each query's rank (None: not in the top 10)."""

    mrr: float
    rappel3: float
    rangs: tuple[tuple[str, frozenset[int], int | None, tuple[int | None, ...]], ...]


def lire_requetes(chemin: Path = REQUETES) -> list[tuple[str, frozenset[int]]]:
    """The (query, governing laws) pairs of the TSV file, comments skipped."""
    paires = []
    for ligne in chemin.read_text("utf-8").splitlines():
        if ligne.strip() and not ligne.startswith("#"):
            texte, lois = ligne.split("\t")
            paires.append((texte, frozenset(int(n) for n in lois.split())))
    return paires


def mesurer(
    classer: Callable[[str], Sequence[int | None]], requetes: list[tuple[str, frozenset[int]]]
) -> Bilan:
    """Run ``classer`` (query → law numbers in displayed order) on every query."""
    rangs = []
    for texte, attendues in requetes:
        lois = tuple(classer(texte))[:PROFONDEUR]
        rang = next((i for i, n in enumerate(lois, 1) if n in attendues), None)
        rangs.append((texte, attendues, rang, lois))
    mrr = sum(1 / r for _, _, r, _ in rangs if r) / len(rangs)
    rappel = sum(1 for _, _, r, _ in rangs if r and r <= 3) / len(rangs)
    return Bilan(round(mrr, 3), round(rappel, 3), tuple(rangs))


def classeur(chercheur: object) -> Callable[[str], list[int | None]]:
    """The project's search, as law numbers in displayed order."""

    def classer(texte: str) -> list[int | None]:
        reponse = chercheur.chercher(texte, limite=PROFONDEUR, par_groupe=1, largeur=40)  # type: ignore[attr-defined]
        return [g.loi for g in reponse.groupes]

    return classer


def classeur_base(ix: object) -> Callable[[str], list[int | None]]:
    """Plain BM25 over the same units: lower-cased words, no folding, stemming or synonyms."""
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
            cle = champs["loi"] or "doc:" + champs["ancre"]
            w.add_document(cle=cle, titre=champs["titre"], texte=champs["texte"])
    chercheur = base.searcher()

    def classer(texte: str) -> list[int | None]:
        mots = [m.lower() for m in re.findall(r"\w+", texte)]
        requete = q.Or([q.Term(f, m) for m in mots for f in ("titre", "texte")])
        vus: dict[str, None] = {}
        for hit in chercheur.search(requete, limit=300):
            vus.setdefault(hit["cle"], None)
        return [None if c.startswith("doc:") else int(c) for c in vus][:PROFONDEUR]

    return classer


def imprimer(nom: str, bilan: Bilan, echecs: bool) -> None:
    print(f"{nom:<12} MRR@10 = {bilan.mrr:.3f}   rappel@3 = {bilan.rappel3:.3f}   ({len(bilan.rangs)} requêtes)")
    if not echecs:
        return
    for texte, attendues, rang, lois in bilan.rangs:
        if rang is None or rang > 3:
            trouvees = " ".join("doc" if n is None else str(n) for n in lois[:5])
            attendu = " ".join(map(str, sorted(attendues)))
            print(f"  manquée (rang {rang or '>10'}) : {texte!r} → attendu {attendu} ; trouvé {trouvees}")


def main(argv: list[str] | None = None) -> int:
    """Print both systems' figures and the project's misses."""
    parseur = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parseur.add_argument("--index", type=Path, help="un index déjà construit (sinon l'index courant)")
    arguments = parseur.parse_args(argv)
    from indexer import build
    from indexer.recherche import index
    from indexer.recherche.moteur import Chercheur

    ix = index.ouvrir(arguments.index) if arguments.index else build.index_courant()
    requetes = lire_requetes()
    imprimer("recherche", mesurer(classeur(Chercheur(ix)), requetes), echecs=True)
    imprimer("BM25 simple", mesurer(classeur_base(ix), requetes), echecs=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
