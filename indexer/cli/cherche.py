"""The search commands of ``loi``: cherche, exemples, definition, index.

Parses nothing itself (``indexer.cli.options`` does) and searches nothing itself
(``indexer.recherche.moteur`` does): it opens the index once per process, asks, and
prints — for a person (French, fitted to the terminal, colours on a TTY unless
``NO_COLOR``) or as JSON (``--json``).
"""

from __future__ import annotations

import os
import sys

from indexer.errors import IndexIndisponible, LoiErreur, Sortie

TYPE_CHECKING = False  # not typing: CONTRIBUTING.md, « Démarrage rapide »
if TYPE_CHECKING:
    from types import SimpleNamespace
    from typing import Any

    from indexer.recherche.moteur import Chercheur, Groupe, Reponse

_DEBUT, _FIN = "\x01", "\x02"  # highlight marks while wrapping (one column each)

_chercheur: Chercheur | None = None


def chercheur() -> Chercheur:
    """The searcher of the current index, opened once per process (built if needed).

    It reads the index's compact query file only (``indexer.recherche.compact``), typo
    correction included: no Whoosh at query time. A missing, partial or damaged
    index is rebuilt first.
    """
    global _chercheur
    if _chercheur is None:
        from indexer.recherche.dossier import IndexCorrompu, emplacement
        from indexer.recherche.moteur import Chercheur

        try:
            _chercheur = Chercheur(None, emplacement())
        except IndexCorrompu:
            from indexer import build

            print("Construction de l'index de recherche (une fois par version du corpus)…",
                  file=sys.stderr)  # fmt: skip
            _chercheur = build.chercheur_construit()
    return _chercheur


def oublier() -> None:
    """Close the searcher this process holds (the index is about to be rebuilt)."""
    global _chercheur
    if _chercheur is not None:
        _chercheur.fermer()
        _chercheur = None


def executer(arguments: SimpleNamespace) -> int:
    """Run one search command; returns the exit code (0 found, 1 nothing found)."""
    from indexer.recherche.analyse import normaliser_requete

    texte = normaliser_requete(" ".join(arguments.texte))
    if not any(c.isalnum() for c in texte):
        raise LoiErreur("Requête vide : tapez des mots, par exemple « loi cherche renonce ».")
    if arguments.commande == "exemples":
        reponse = _exemples(texte, arguments)
    else:
        types = {"definition": ["definition"], "index": ["index"]}.get(arguments.commande)
        reponse = _chercher(
            texte,
            limite=arguments.limite,
            edition=getattr(arguments, "edition", None),
            types=types or getattr(arguments, "types", None),
            largeur=2000 if types else 2 * (_largeur() - 8),
        )
    if arguments.json:
        import json

        print(json.dumps(en_json(reponse), ensure_ascii=False, indent=2))
    else:
        afficher(reponse, arguments.commande)
    return int(Sortie.TROUVE if reponse.groupes else Sortie.RIEN)


def _chercher(texte: str, **options: Any) -> Reponse:
    """Search, rebuilding the index once if its files fail to decode mid-way."""
    global _chercheur
    try:
        return chercheur().chercher(texte, **options)
    except LoiErreur:
        raise
    except Exception as erreur:  # a damaged index file: rebuild once, then give up
        _chercheur = None
        try:
            from indexer import build

            build.reconstruire_index()
            return chercheur().chercher(texte, **options)
        except LoiErreur:
            raise
        except Exception:
            raise IndexIndisponible(
                "L'index de recherche est illisible : supprimez le dossier .cache puis "
                "relancez « loi construire --index »."
            ) from erreur


def _exemples(texte: str, arguments: SimpleNamespace) -> Reponse:
    """The worked examples of a law (``68C`` → law 68's), or a search among examples."""
    from indexer.labels import parse_label
    from indexer.recherche.moteur import Groupe, Reponse

    label = parse_label(texte)
    if label is None:
        return _chercher(texte, limite=arguments.limite, edition=arguments.edition,
                         types=["exemple"], largeur=2 * (_largeur() - 8))  # fmt: skip
    passages = chercheur().par_loi(label.loi, ["exemple"], arguments.edition)
    interpretation = f"exemples de la Loi {label.loi}"
    if label.parties:  # the examples that follow the paragraph's quote, when there are some
        rattaches = _rattaches(label)
        if any(p.ancre in rattaches for p in passages):
            passages = [p for p in passages if p.ancre in rattaches]
            interpretation = f"exemples de la {label}"
        else:
            interpretation += f" (aucun n'est rattaché à la {label})"
    if not passages:
        return Reponse(texte, texte, (), 0)
    groupe = Groupe(label.loi, passages[0].titre, 0.0, tuple(passages))
    return Reponse(texte, interpretation, (groupe,), len(passages))


def _rattaches(label: Any) -> set[str]:
    """The anchors of the examples attached to a paragraph (as ``loi voir`` shows them)."""
    from indexer.cli import voir

    try:
        return {e["ancre"] for e in voir.lire(label.compact())["exemples"]}
    except LoiErreur:  # a paragraph no edition has: the law's examples will do
        return set()


def en_json(reponse: Reponse) -> dict[str, Any]:
    """The JSON contract: requete, interpretation, resultats in rank order."""
    from indexer.recherche.extraits import marquer

    return {
        "requete": reponse.requete,
        "interpretation": reponse.interpretation,
        "resultats": [
            {
                "loi": p.loi,
                "ref": p.ref,
                "titre": p.titre,
                "type": p.type,
                "edition": p.edition,
                "score": p.score,
                "extrait": marquer(p.extrait, p.marques, "**", "**"),
                "url": p.url,
            }
            for g in reponse.groupes
            for p in g.passages
        ],
    }


def _largeur() -> int:
    """The width to wrap to: ``shutil.get_terminal_size((100, 24)).columns``, kept in 40–110.

    Written out (``$COLUMNS``, then the terminal, then 100) because importing shutil
    costs a fresh ``loi cherche`` more than the few lines it would save.
    """
    try:
        colonnes = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        colonnes = 0
    if colonnes <= 0:
        try:
            colonnes = os.get_terminal_size(sys.__stdout__.fileno()).columns or 100
        except (AttributeError, ValueError, OSError):  # no stdout, or not a terminal
            colonnes = 100
    return max(40, min(colonnes, 110))


def couleurs() -> bool:
    return sys.stdout.isatty() and not os.environ.get("NO_COLOR")


def _style(texte: str, code: str, couleurs: bool) -> str:
    return f"\x1b[{code}m{texte}\x1b[0m" if couleurs else texte


def entete(groupe: Groupe) -> str:
    """``Loi 68 — Revendication…`` for a law, the document's title otherwise."""
    if groupe.loi is None:
        return groupe.titre
    return f"Loi {groupe.loi} — {groupe.titre}" if groupe.titre else f"Loi {groupe.loi}"


def afficher(reponse: Reponse, commande: str) -> None:
    """Print an answer for a person: law, paragraph, edition, extract, URL."""
    import textwrap

    from indexer.recherche.extraits import marquer

    en_couleur, largeur = couleurs(), _largeur()
    if reponse.syntaxe_ignoree:
        print("Guillemets non appariés : recherche des mots sans phrase exacte.")
    if reponse.corrigee:
        print(_style(f"Résultats pour : {reponse.interpretation}", "1", en_couleur))
    if not reponse.groupes:
        quoi = "exemple" if commande == "exemples" else "résultat"
        print(f"Aucun {quoi} pour « {reponse.requete} » : essayez d'autres mots ou moins de mots.")
        return
    debut, fin = ("\x1b[1;33m", "\x1b[0m") if en_couleur else ("**", "**")
    for rang, groupe in enumerate(reponse.groupes, 1):
        print(_style(f"{rang}. {entete(groupe)}", "1", en_couleur))
        for p in groupe.passages:
            genre = "" if p.type == "loi" else f", {p.type}"
            print("   " + _style(p.ref, "36", en_couleur) + f" ({p.edition}{genre})")
            texte = marquer(p.extrait, p.marques, _DEBUT, _FIN)
            lignes = textwrap.wrap(texte, largeur - 6, initial_indent="      ",
                                   subsequent_indent="      ")  # fmt: skip
            for ligne in lignes:
                print(ligne.replace(_DEBUT, debut).replace(_FIN, fin))
            print("      " + _style(p.url, "2", en_couleur))
    if commande == "cherche" and reponse.total > sum(len(g.passages) for g in reponse.groupes):
        print(f"({reponse.total} passages trouvés ; --limite N pour voir plus de lois.)")
