"""``loi construire``: regenerate docs/ (``--verifier``: only compare) and the index (``--index``)."""

from __future__ import annotations

import sys
import time
from argparse import Namespace

from indexer import build
from indexer.chemins import DEPOT, DONNEES_RECHERCHE
from indexer.cli.sortie import emettre
from indexer.errors import LoiErreur, Sortie


def executer(arguments: Namespace) -> int:
    """Regenerate docs/ (and the index with --index); report unresolved references. Outside a
    checkout (an installed wheel, which carries its index) it refuses."""
    if not DEPOT:
        raise LoiErreur(
            "« loi construire » régénère docs/ et l'index dans un dépôt du projet (git clone), et cette "
            "installation n'en est pas un : elle porte déjà son index ; lancez-la depuis le dépôt."
        )
    resultat = build.construit()
    renvois = [f"{p.source}:{p.ligne} : renvoi {p.message}" for p in resultat.problemes]
    for message in [*renvois, *resultat.carte.problemes]:
        print(message, file=sys.stderr)
    if arguments.verifier:
        ecarts = build.differences()
        for chemin in ecarts:
            print(f"périmé : {chemin}", file=sys.stderr)
        if ecarts:
            raise LoiErreur(
                f"{len(ecarts)} fichier(s) généré(s) (docs/, includes/, menu de mkdocs.yml) ne "
                "correspondent plus au corpus : lancez « loi construire » puis committez-les."
            )
        emettre("docs/ est à jour.\n")
    else:
        ecrits = build.ecrire_docs()
        emettre(
            f"docs/ : {len(ecrits)} fichier(s) mis à jour ; {len(resultat.problemes)} renvoi(s) sans cible exacte.\n"
        )
    if arguments.index:
        construire_index()
    if arguments.strict:
        refuser_l_inexplique(resultat)
    return int(Sortie.TROUVE)


def refuser_l_inexplique(resultat: build.Construit) -> None:
    """``--strict``: a declaration naming an unattested 2017 paragraph, or a reference with
    neither exact target nor explanation, fails the build."""
    if resultat.carte.problemes:
        raise LoiErreur(
            f"Mode strict : {len(resultat.carte.problemes)} déclaration(s) nomment un paragraphe 2017 "
            "qu'aucune source 2017 n'atteste (ci-dessus) ; un numéro 2007 n'en est jamais la preuve."
        )
    inexpliques = [p for p in resultat.problemes if not p.explication]
    if inexpliques:
        raise LoiErreur(
            f"Mode strict : {len(inexpliques)} renvoi(s) sans cible exacte ni explication "
            "(« Inexpliqué » ci-dessus) ; corrigez le parseur, corpus/errata.toml ou "
            "corpus/correspondances.toml."
        )


def construire_index() -> None:
    from indexer.cli import cherche
    from indexer.recherche.dossier import verifier

    cherche.oublier()
    debut = time.perf_counter()
    cible = build.construire_index()
    taille = sum(octets for octets, _ in verifier(cible)["fichiers"].values())
    emettre(
        f"Index : {cible} ({taille / 1e6:.1f} Mo, {time.perf_counter() - debut:.1f} s) ; "
        f"données de recherche du site : {DONNEES_RECHERCHE}.\n"
    )
