"""The argparse parser of ``loi``, in French (headings, help, errors), built from the
one table of ``indexer.cli.options``; ``lire`` reads every command line.
"""

from __future__ import annotations

import argparse
import contextlib
import re
import sys
from collections.abc import Callable
from typing import Any, NoReturn

from indexer.cli import sortie
from indexer.cli.options import COMMANDES, DEBUG, LIMITE_MAX, TYPES, entier, entiers
from indexer.errors import LoiErreur

AIDE = """\
Le Code International du Bridge de Compétition, en ligne de commande.

  loi 68C                       affiche la Loi 68C (texte, commentaire, exemples)
  loi revendication contestée   cherche dans les lois et le commentaire
  loi voir REF                  affiche une loi ou un paragraphe (--json)
  loi cherche TEXTE             recherche (--json, --limite N, --edition, --type)
  loi exemples REF|TEXTE        les exemples du Guide pour une loi ou une recherche
  loi definition TERME          une définition du Code
  loi index TERME               l'index alphabétique du Code 2007
  loi construire                régénère docs/ et l'index (--strict, --index)
  loi marque 4♥X V -2           la marque d'un contrat, détaillée (Loi 77)
  loi imp 620 170               un écart en IMP (Loi 78B) ; aussi « loi imp 450 »
  loi pdm 420 400 -50           les points de match d'une donne (Loi 78A)
  loi ajustee "60 % 4♠= N, 40 % 4♠-1 N" --vulnerabilite NS --autre-table 420
                                un score ajusté pondéré (Loi 12C1(c)) ; en points
                                de match : --marques 420 400 -50 au lieu de --autre-table
  loi completion bash           la complétion du shell (bash, zsh ou fish)
  loi                           (sur un terminal) ouvre l'invite interactive

Recherche : "phrase exacte", -mot pour exclure un mot ;
  --type TYPES.
Affichage : --couleur auto|toujours|jamais, --sans-pager, --sources (voir), --json.
Codes de sortie : 0 trouvé, 1 rien trouvé, 2 erreur (la phrase dit quoi faire ;
  --debug montre la trace ; avec --json, l'erreur est {"erreur": {"code", "message"}}).
Environnement : LOI_INDEX (un autre dossier d'index), XDG_STATE_HOME
  (historique de l'invite), PAGER (défaut less -R), NO_COLOR, FORCE_COLOR, COLUMNS.
"""


# argparse speaks English and ships no French catalogue: its few messages are
# translated here, so that every error a user sees is French.
TRADUCTIONS = (
    (r"the following arguments are required: (.*)", r"il manque : \1"),
    (r"argument (\S+): expected one argument", r"l'option \1 attend une valeur"),
    (r"argument (\S+): expected at least one argument", r"l'option \1 attend au moins une valeur"),
    (r"argument (\S+): ignored explicit argument '(.*)'", r"\1 ne prend pas de valeur (« \2 » en trop)"),
    (r"argument (\S+): invalid choice: (.*) \(choose from (.*)\)", r"\1 : \2 n'est pas permis (au choix : \3)"),
    (r"argument (\S+): (.*)", r"\1 : \2"),
    (r"unrecognized arguments: (.*)", r"arguments inconnus : \1"),
    (r"invalid choice: (.*) \(choose from (.*)\)", r"\1 n'est pas une commande (au choix : \2)"),
)


class Parseur(argparse.ArgumentParser):
    """An ArgumentParser that speaks French: headings, help, errors (exit code 2)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # allow_abbrev: « --lim » is no --limite, never a silent guess
        kwargs = {"formatter_class": FormatFrancais, "add_help": False, "allow_abbrev": False, **kwargs}
        super().__init__(*args, **kwargs)
        self._positionals.title = "arguments"
        self._optionals.title = "options"
        self.add_argument("-h", "--help", action="help", help="affiche cette aide")

    def _print_message(self, message: str, file: Any = None) -> None:
        """--help and --version go through ``sortie.emettre``: written whole or exit code 2."""
        if message and file in (None, sys.stdout):
            sortie.emettre(message)
        elif message:
            file.write(message)

    def error(self, message: str) -> NoReturn:
        for motif, francais in TRADUCTIONS:
            message, n = re.subn(f"^{motif}$", francais, message)
            if n:
                break
        # Raised, not printed: the dispatcher shows every error alike (one line, or JSON with --json).
        raise LoiErreur(f"{message}. Tapez « {self.prog} --help » pour l'aide.")


class FormatFrancais(argparse.RawDescriptionHelpFormatter):
    def __init__(self, prog: str, **reglages: Any) -> None:
        # The width ``loi`` writes at (COLUMNS, within 40–100), not argparse's own guess.
        super().__init__(prog, **{"width": sortie.largeur(), **reglages})

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return plier_aide(text, self._width)

    def _split_lines(self, text: str, width: int) -> list[str]:
        from indexer.cli.texte import plier  # the help only: every command goes through this module

        return plier(" ".join(text.split()), width, "", "") or [""]

    def add_usage(self, usage: Any, actions: Any, groups: Any, prefix: str | None = None) -> None:
        # prefix "" is argparse building a subcommand's prog name: leave it alone. A usage given is
        # parse_intermixed_args' own, cut after the English « usage: » (7 characters): one space too many.
        usage = usage and usage.lstrip()
        super().add_usage(usage, actions, groups, "Usage : " if prefix is None else prefix)

    def _format_usage(self, usage: Any, actions: Any, groups: Any, prefix: Any) -> str:
        texte = super()._format_usage(usage, actions, groups, prefix)
        if all(len(ligne) <= self._width for ligne in texte.splitlines()):
            return texte
        # argparse aligns the options under the command's name, which leaves a phone's 40 columns
        # too little room for « [--couleur {auto,toujours,jamais}] »: they go two spaces in instead.
        tete, _, options = " ".join(texte.split()).partition(f"{self._prog} ")
        lignes = [f"{tete}{self._prog}"]
        for morceau in _MORCEAU_D_USAGE.findall(options):
            if len(lignes[-1]) + 1 + len(morceau) <= self._width:
                lignes[-1] += f" {morceau}"
            else:
                lignes.append(f"  {morceau}")
        return "\n".join(lignes) + "\n\n"


# One item of a usage line, its brackets (one level nested) kept whole: « [--marques SCORE [SCORE ...]] ».
_MORCEAU_D_USAGE = re.compile(r"(?:\[(?:[^\[\]]|\[[^\[\]]*\])*\]|[^\s\[])+")


# A row of the commands' table: « loi imp 620 170   un écart en IMP… » (the explanation after two spaces or
# more), or a command alone on its row; rows indented more than this carry on the explanation column.
_RANGEE = re.compile(r"^  (?P<commande>loi(?: \S+)*?)(?: {2,}(?P<texte>\S.*))?$")
_SUITE = " " * 20
LARGEUR_EXPLICATION = 30  # the narrowest explanation column worth keeping beside the commands


def plier_aide(texte: str, largeur: int) -> str:
    """The help's text as written where it fits. On a narrower terminal every paragraph is rewrapped
    between words, and the commands' table keeps its two columns while the explanations have room
    (``LARGEUR_EXPLICATION``); below that (a phone's 40 columns) each command stands over its explanation."""
    lignes = texte.splitlines()
    if all(len(ligne) <= largeur for ligne in lignes):
        return texte
    from indexer.cli.texte import plier  # the help only: every command goes through this module

    rangees = [rangee for ligne in lignes if (rangee := _RANGEE.match(ligne)) and rangee["texte"]]
    colonne = min((rangee.start("texte") for rangee in rangees), default=0)  # where its explanations start
    retrait = " " * (colonne if largeur - colonne >= LARGEUR_EXPLICATION else 6)
    plies: list[str] = []
    for commande, explication in _morceaux(lignes):
        if commande is None:  # a paragraph, or "" between two
            plies += plier(explication, largeur, "", "  ") or [""]
        elif len(retrait) > len(commande) + 3:  # the command fits its column: the explanation beside it
            plies += plier(explication, largeur, f"  {commande}".ljust(len(retrait)), retrait)
        else:
            plies += plier(commande, largeur, "  ", "      ") + plier(explication, largeur, retrait, retrait)
    return "\n".join(plies) + "\n"


def _morceaux(lignes: list[str]) -> list[tuple[str | None, str]]:
    """The help's lines as (command, explanation) rows of the table and (None, text) paragraphs, each
    with its continuation lines joined: the explanation column's, or a paragraph's lines indented two."""
    morceaux: list[tuple[str | None, str]] = []
    for ligne in lignes:
        if rangee := _RANGEE.match(ligne):
            morceaux.append((rangee["commande"], rangee["texte"] or ""))
        elif morceaux and ligne.strip() and (ligne.startswith(_SUITE) or ligne.startswith("  ")):
            commande, explication = morceaux[-1]
            morceaux[-1] = (commande, f"{explication} {ligne.strip()}".strip())
        else:
            morceaux.append((None, ligne))
    return morceaux


def _type(lire: Callable[[str], Any], refus: str) -> Callable[[str], Any]:
    """An argparse type: what ``lire`` reads, else the French ``refus`` (« {} »: the value typed)."""

    def convertir(valeur: str) -> Any:
        resultat = lire(valeur)
        if resultat is None:
            raise argparse.ArgumentTypeError(refus.format(valeur))
        return resultat

    return convertir


def _limite(valeur: str) -> int | None:
    with contextlib.suppress(ValueError):
        if 1 <= int(valeur) <= LIMITE_MAX:
            return int(valeur)
    return None


class _Etendre(argparse.Action):
    """``--marques 420,400 -50``: the scores of every value, in one flat list."""

    def __call__(self, parser: Any, namespace: Any, values: Any, option_string: Any = None) -> None:
        deja = getattr(namespace, self.dest) or []
        setattr(namespace, self.dest, [*deja, *(n for valeur in values for n in valeur)])


VUES = "_options_vues"  # on a parsed namespace: the one-value options this command line gave


class _Une(argparse.Action):
    """An option that takes one value: given twice (« --autre-table 420 --autre-table 400 »), refused
    rather than the last kept, which may not be the one meant."""

    def __call__(self, parser: Any, namespace: Any, values: Any, option_string: Any = None) -> None:
        # What this command line gave, kept on its own namespace: the prompt parses many lines with one
        # parser, and a table on the action keyed by id() took a freed namespace's id for a new one's.
        vues = vars(namespace).setdefault(VUES, {})
        if self.dest in vues:
            raise argparse.ArgumentError(self, f"donnée deux fois ({values} après {vues[self.dest]}) : gardez-en une")
        vues[self.dest] = values
        setattr(namespace, self.dest, values)


# What argparse is told for each kind of value of the table (``options``, « valeur »).
GENRES: dict[str | None, dict[str, Any]] = {
    None: {"action": "store_true"},
    "nombre": {"type": _type(_limite, f"« {{}} » : donnez un nombre entre 1 et {LIMITE_MAX}"), "action": _Une},
    "texte": {"action": _Une},
    "entier": {
        "type": _type(entier, "« {} » n'est pas une marque : donnez un nombre entier (420, -50)"),
        "action": _Une,
    },
    "entiers": {
        "type": _type(entiers, "« {} » : donnez des marques entières (--marques 420 400 -50)"),
        "nargs": "+",
        "action": _Etendre,
    },
    "choix": {"action": _Une},
}
REGLAGES = {"metavar": "metavar", "defaut": "default", "choix": "choices"}  # the table's key → argparse's


# A « - » then a digit is a word where a command takes negative numbers (« -2 », « -1,5 »):
# argparse's own pattern differs across Python versions, so it is set here, once.
NEGATIF = re.compile(r"-\d")


class _Version(argparse.Action):
    """``--version``: the version read when asked (``importlib.metadata`` is slow to import);
    « (dépôt) » when the package is not installed."""

    def __call__(self, parser: Any, namespace: Any, values: Any, option_string: Any = None) -> None:
        from importlib import metadata

        version = "(dépôt)"
        with contextlib.suppress(metadata.PackageNotFoundError):
            version = metadata.version("loi-bridge")
        parser._print_message(f"loi {version}\n")
        parser.exit()


def parseur() -> argparse.ArgumentParser:
    import textwrap

    types = textwrap.fill(", ".join(TYPES), 78, initial_indent=" " * 12, subsequent_indent="  ").strip()
    resultat = Parseur(prog="loi", description=AIDE.replace("TYPES", types))
    resultat.add_argument(DEBUG, action="store_true", help="affiche la trace des erreurs (permis partout)")
    resultat.add_argument("--version", action=_Version, nargs=0, default=argparse.SUPPRESS, help="affiche la version")
    sous = resultat.add_subparsers(dest="commande", metavar="COMMANDE")
    for nom, definition in COMMANDES.items():
        commande = sous.add_parser(nom, help=definition["aide"].replace("%", "%%"))
        if definition.get("negatifs"):
            commande._negative_number_matcher = NEGATIF  # type: ignore[attr-defined]
        if definition["mots"] is not None:
            dest, metavar, aide = definition["mots"]
            commande.add_argument(dest, nargs="+", metavar=metavar, help=aide and aide.replace("%", "%%"))
        for option in definition["options"]:
            reglages = {REGLAGES[cle]: valeur for cle, valeur in option.items() if cle in REGLAGES}
            reglages = {
                **GENRES[option["valeur"]],
                **reglages,
                **({"action": "append"} if option.get("repetable") else {}),
            }
            aide = option["aide"].replace("%", "%%")  # argparse %-formats help strings
            commande.add_argument(option["drapeau"], dest=option["dest"], help=aide, **reglages)
    return resultat


def lire(argv: list[str]) -> argparse.Namespace:
    """A command line's namespace. A command that takes words reads them and its options in any
    order (« loi cherche renonce --limite 2 mort »: ``parse_intermixed_args``), as a director types."""
    resultat = parseur()
    definition = COMMANDES.get(argv[0]) if argv else None
    if definition is None or "--" in argv:
        return resultat.parse_args(argv)
    sous = next(a for a in resultat._actions if isinstance(a, argparse._SubParsersAction)).choices[argv[0]]
    # The command's own parser, whose errors name its help (« loi construire foo »: « loi construire --help »).
    espace = sous.parse_args(argv[1:]) if definition["mots"] is None else sous.parse_intermixed_args(argv[1:])
    espace.debug, espace.commande = False, argv[0]
    return espace
