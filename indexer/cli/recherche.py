"""The search commands of ``loi``: cherche, exemples, definition, index, and the prompt.

Parses nothing itself (``indexer.cli.dispatch`` does) and searches nothing itself
(``indexer.recherche.moteur`` does): it opens the index once per process, asks, and prints —
for a person (French, fitted to the terminal, colours on a TTY unless ``NO_COLOR``)
or as JSON (``--json``).
"""

from __future__ import annotations

import os
import sys

from indexer import editions
from indexer.errors import IndexIndisponible, LoiErreur, Sortie

# A plain ``loi cherche`` imports neither argparse (``indexer.cli.dispatch`` reads its usual
# lines itself), nor typing, shutil or Whoosh: each is imported where it is needed.
TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from types import SimpleNamespace
    from typing import Any

    from indexer.recherche.moteur import Chercheur, Groupe, Reponse

EDITIONS = (*editions.EDITIONS, "2008")  # the Code's editions and the 2008 regulations
TYPES = ("loi", "commentaire", "exemple", "note", "definition", "index", "reglement",
         "annexe", "tableau", "preface")  # fmt: skip
LIMITE = 5
_DEBUT, _FIN = "\x01", "\x02"  # highlight marks while wrapping (one column each)

_chercheur: Chercheur | None = None


def _limite(valeur: str) -> int:
    try:
        nombre = int(valeur)
    except ValueError:
        nombre = 0
    if not 1 <= nombre <= 1000:
        import argparse  # already loaded: only argparse calls this

        raise argparse.ArgumentTypeError(f"« {valeur} » : donnez un nombre entre 1 et 1000")
    return nombre


def _options(parseur: argparse.ArgumentParser, edition: bool = True) -> None:
    parseur.add_argument("--json", action="store_true", help="sortie JSON")
    parseur.add_argument("--limite", type=_limite, default=LIMITE, metavar="N",
                         help=f"au plus N lois ou documents (défaut {LIMITE})")  # fmt: skip
    if edition:
        parseur.add_argument("--edition", choices=EDITIONS, help="une seule édition")


def ajouter_commandes(sous: Any) -> None:
    """Add ``cherche``, ``exemples``, ``definition`` and ``index`` to the ``loi`` parser."""
    cherche = sous.add_parser("cherche", help="recherche dans les lois et le commentaire")
    cherche.add_argument("texte", nargs="+", help="des mots, une situation, « une phrase »")
    _options(cherche)
    cherche.add_argument("--type", dest="types", action="append", choices=TYPES,
                         help="un genre de passage (répétable)")  # fmt: skip
    exemples = sous.add_parser("exemples", help="les exemples du Guide (une loi ou des mots)")
    exemples.add_argument("texte", nargs="+", metavar="REF|TEXTE")
    _options(exemples)
    definition = sous.add_parser("definition", help="une définition du Code")
    definition.add_argument("texte", nargs="+", metavar="TERME")
    _options(definition, edition=False)
    index = sous.add_parser("index", help="l'index alphabétique du Code 2007")
    index.add_argument("texte", nargs="+", metavar="TERME")
    _options(index, edition=False)


def chercheur() -> Chercheur:
    """The searcher of the current index, opened once per process (built if needed).

    It reads the index's compact query file only (``indexer.recherche.compact``), typo
    correction included: no Whoosh at query time. A missing, partial or damaged
    index is rebuilt first.
    """
    global _chercheur
    if _chercheur is None:
        from indexer.recherche import compact
        from indexer.recherche.moteur import Chercheur

        cible = compact.emplacement()
        try:
            _chercheur = Chercheur(None, cible)
        except compact.IndexCorrompu:
            print("Construction de l'index de recherche (une fois par version du corpus)…",
                  file=sys.stderr)  # fmt: skip
            _chercheur = _construit(cible)
    return _chercheur


def _construit(cible: str) -> Chercheur:
    """Build the index at ``cible`` (unless another process just did) and open it."""
    from pathlib import Path

    from indexer.recherche import compact, index
    from indexer.recherche.moteur import Chercheur

    ix = index.ouvrir_ou_construire(Path(cible), index.unites_du_corpus)
    try:
        return Chercheur(ix, cible)
    except compact.IndexCorrompu as erreur:  # a build that wrote a bad file: nothing to retry
        ix.close()
        raise IndexIndisponible(
            f"L'index de recherche est illisible ({erreur}) : supprimez le dossier .cache puis "
            "relancez « loi construire --index »."
        ) from None


def construire_index() -> None:
    """Rebuild the index from scratch and say how long it took and its size."""
    global _chercheur
    import time

    from indexer.recherche import index

    if _chercheur is not None:
        _chercheur.fermer()
        _chercheur = None
    debut = time.perf_counter()
    cible = index.reconstruire()
    taille = sum(f.stat().st_size for f in cible.iterdir())
    print(f"Index : {cible} ({taille / 1e6:.1f} Mo, {time.perf_counter() - debut:.1f} s).")


def executer(arguments: argparse.Namespace | SimpleNamespace) -> int:
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
            from indexer.recherche import index

            index.reconstruire()
            return chercheur().chercher(texte, **options)
        except LoiErreur:
            raise
        except Exception:
            raise IndexIndisponible(
                "L'index de recherche est illisible : supprimez le dossier .cache puis "
                "relancez « loi construire --index »."
            ) from erreur


def _exemples(texte: str, arguments: argparse.Namespace | SimpleNamespace) -> Reponse:
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
    from indexer.cli import lecture as cli_lecture

    try:
        return {e["ancre"] for e in cli_lecture.lire(label.compact())["exemples"]}
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


def _couleurs() -> bool:
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

    couleurs, largeur = _couleurs(), _largeur()
    if reponse.syntaxe_ignoree:
        print("Guillemets non appariés : recherche des mots sans phrase exacte.")
    if reponse.corrigee:
        print(_style(f"Résultats pour : {reponse.interpretation}", "1", couleurs))
    if not reponse.groupes:
        quoi = "exemple" if commande == "exemples" else "résultat"
        print(f"Aucun {quoi} pour « {reponse.requete} » : essayez d'autres mots ou moins de mots.")
        return
    debut, fin = ("\x1b[1;33m", "\x1b[0m") if couleurs else ("**", "**")
    for rang, groupe in enumerate(reponse.groupes, 1):
        print(_style(f"{rang}. {entete(groupe)}", "1", couleurs))
        for p in groupe.passages:
            genre = "" if p.type == "loi" else f", {p.type}"
            print("   " + _style(p.ref, "36", couleurs) + f" ({p.edition}{genre})")
            texte = marquer(p.extrait, p.marques, _DEBUT, _FIN)
            lignes = textwrap.wrap(texte, largeur - 6, initial_indent="      ",
                                   subsequent_indent="      ")  # fmt: skip
            for ligne in lignes:
                print(ligne.replace(_DEBUT, debut).replace(_FIN, fin))
            print("      " + _style(p.url, "2", couleurs))
    if commande == "cherche" and reponse.total > sum(len(g.passages) for g in reponse.groupes):
        print(f"({reponse.total} passages trouvés ; --limite N pour voir plus de lois.)")


AIDE_INVITE = """\
Tapez une situation (« le mort a signalé une renonce »), une loi (68C) ou une commande :
  voir REF · cherche TEXTE · exemples REF|TEXTE · definition TERME · index TERME
  options : --limite N, --edition 2017, --json ; « aide » ; « quitter » ou Ctrl-D pour sortir."""


def _historique() -> Any:
    """Load the readline history from the cache; returns the file to save it to, or None."""
    try:
        import readline

        from indexer.chemins import dossier_cache

        fichier = dossier_cache() / "historique"
        fichier.parent.mkdir(parents=True, exist_ok=True)
        if fichier.exists():
            readline.read_history_file(fichier)
        readline.set_history_length(1000)
        return fichier
    except (ImportError, OSError):
        return None


def _une_ligne(ligne: str) -> None:
    """Run one line of the prompt as the ``loi`` command would, errors as one sentence."""
    import shlex

    from indexer.cli import dispatch as cli

    try:
        argv = shlex.split(ligne)
    except ValueError:  # an unbalanced quote: search the words as typed
        argv = ligne.split()
    if argv and argv[0] == "loi":
        argv = argv[1:]
    if not argv:
        return
    try:
        cli.programme(argv)
    except LoiErreur as erreur:
        print(f"loi : {erreur}", file=sys.stderr)
    except SystemExit:
        pass  # argparse has already said what was wrong


def interactif() -> int:
    """The prompt: one search or law per line, the index kept open, history kept."""
    fichier = _historique()
    print("Code International du Bridge de Compétition — « aide » pour l'aide, Ctrl-D pour sortir.")
    try:
        chercheur()
    except LoiErreur as erreur:
        print(f"loi : {erreur}", file=sys.stderr)
    while True:
        try:
            ligne = input("loi> ").strip()
        except EOFError:
            print()
            break
        except KeyboardInterrupt:
            print()
            continue
        if ligne in ("quitter", "q", "quit", "exit", "sortir"):
            break
        if ligne in ("aide", "help", "?"):
            print(AIDE_INVITE)
            continue
        _une_ligne(ligne)
    if fichier is not None:
        try:
            import readline

            readline.write_history_file(fichier)
        except OSError:
            pass
    return int(Sortie.TROUVE)
