"""``loi voir`` and ``loi construire``: reading the corpus and regenerating docs/.

``voir`` reads one small JSON file per law, written at build time into the cache,
so that it starts fast and never imports Whoosh.
"""

from __future__ import annotations

import json
import os
import sys

from indexer.errors import LoiErreur, ReferenceInconnue, Sortie
from indexer.labels import Label, parse_label

TYPE_CHECKING = False  # importing typing or argparse would slow ``loi voir`` down
if TYPE_CHECKING:
    from argparse import Namespace as Arguments


def _objet(label: Label) -> dict:
    """The cached JSON of a law; a missing or damaged cache is rebuilt once, never served."""
    from indexer.chemins import voir_str

    chemin = voir_str(label.loi)
    for _ in range(2):
        if not os.path.exists(chemin):
            from indexer import build

            print("Préparation du cache de lecture (une fois par version du corpus)…", file=sys.stderr)
            build.ecrire_voir()
        try:
            with open(chemin, encoding="utf-8") as fichier:
                return json.load(fichier)
        except (OSError, ValueError):
            import shutil

            shutil.rmtree(os.path.dirname(chemin), ignore_errors=True)  # damaged: rebuild it
    raise LoiErreur("Le cache de lecture reste illisible : vérifiez les droits sur le dossier "
                    ".cache (ou $LOI_CACHE), puis relancez la commande.")


def lire(reference: str, edition: str | None = None) -> dict:
    """The JSON object of a law or paragraph; raises with the nearest ones when unknown."""
    from indexer import lecture

    label = parse_label(reference)
    if label is None:
        raise ReferenceInconnue(
            f"« {reference} » n'est pas une référence de loi : tapez par exemple 68C, "
            "« loi 12 C 1 e » ou 27B1(b) (lois 1 à 93).")
    objet = _objet(label)
    if label.parties:
        if label not in lecture.labels_connus(objet):
            proches = ", ".join(lecture.voisins(objet, label)) or "aucun"
            raise ReferenceInconnue(
                f"La {label} n'existe dans aucune édition du corpus. Paragraphes proches : "
                f"{proches}.")
        objet = lecture.restreindre(objet, label)
    if edition:
        objet["paragraphes"] = [p for p in objet["paragraphes"] if p["edition"] == edition]
        objet["exemples"] = [p for p in objet["exemples"] if p["edition"] == edition]
        if not objet["paragraphes"] and not objet["exemples"]:
            raise LoiErreur(
                f"Les sources ne donnent aucun texte {edition} pour la {label} ; sans --edition, "
                "les autres éditions s'affichent (le texte 2007 marqué comme remplacé).",
                Sortie.RIEN,
            )
    return objet


def _largeur_terminal() -> int:
    """The terminal's width ($COLUMNS first), 80 when there is no terminal."""
    try:
        return int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        pass
    try:
        return os.get_terminal_size(sys.stdout.fileno()).columns
    except (OSError, ValueError):
        return 80


def voir(arguments: Arguments) -> int:
    """Print a law or paragraph for a person, or as JSON."""
    from indexer import lecture

    objet = lire(" ".join(arguments.ref), arguments.edition)
    if arguments.json:
        print(json.dumps(lecture.public(objet), ensure_ascii=False, indent=2))
    else:
        largeur = min(_largeur_terminal(), 100)
        sys.stdout.write(lecture.texte_humain(objet, largeur))
    return int(Sortie.TROUVE)


def construire(arguments: Arguments) -> int:
    """Regenerate docs/ (and the index with --index); report unresolved references."""
    from indexer import build

    resultat = build.construit()
    for probleme in resultat.problemes:
        print(f"{probleme.source}:{probleme.ligne} : renvoi {probleme.message}", file=sys.stderr)
    if arguments.verifier:
        ecarts = build.differences()
        for chemin in ecarts:
            print(f"périmé : {chemin}", file=sys.stderr)
        if ecarts:
            raise LoiErreur(f"{len(ecarts)} fichier(s) de docs/ ne correspondent plus au corpus : "
                            "lancez « loi construire » puis committez docs/.")
        print("docs/ est à jour.")
    else:
        ecrits = build.ecrire_docs()
        build.ecrire_voir()
        print(f"docs/ : {len(ecrits)} fichier(s) mis à jour ; "
              f"{len(resultat.problemes)} renvoi(s) sans cible exacte.")
    if arguments.index:
        from indexer.cli import recherche as cli_recherche

        cli_recherche.construire_index()
    if arguments.strict and resultat.problemes:
        raise LoiErreur(f"Mode strict : {len(resultat.problemes)} renvoi(s) sans cible exacte "
                        "(détail ci-dessus) ; corrigez le parseur ou corpus/errata.toml.")
    return int(Sortie.TROUVE)
