"""``loi completion bash|zsh|fish``: the shell completion script, made from the one table of options.

Commands, their options and choices, and law numbers (1–93) after ``voir`` and
``exemples``. Install: ``loi completion bash > ~/.local/share/bash-completion/completions/loi``
(README.md, « Complétion »).
"""

from __future__ import annotations

from indexer.cli.options import COMMANDES
from indexer.cli.sortie import emettre
from indexer.errors import LoiErreur, Sortie, montrable

TYPE_CHECKING = False  # not typing: CONTRIBUTING.md, « Démarrage rapide »
if TYPE_CHECKING:
    from types import SimpleNamespace

SHELLS = ("bash", "zsh", "fish")
LOIS = " ".join(str(n) for n in range(1, 94))
AVEC_LOIS = ("voir", "exemples")  # the commands whose words may be a law reference


def _options(commande: str) -> list[str]:
    return [o["drapeau"] for o in COMMANDES[commande]["options"]] + ["--help"]


def bash() -> str:
    """A bash function over COMP_WORDS (zsh runs it through bashcompinit)."""
    cas = []
    for commande in COMMANDES:
        mots = " ".join(_options(commande) + ([LOIS] if commande in AVEC_LOIS else []))
        cas.append(f"    {commande}) mots=\"{mots}\" ;;")
    choix = []
    for commande, definition in COMMANDES.items():
        for option in definition["options"]:
            if option["valeur"] == "choix":
                choix.append(f"    {commande}:{option['drapeau']}) mots=\"{' '.join(option['choix'])}\" ;;")
    return "\n".join([
        "# loi : complétion bash (loi completion bash)",
        "_loi() {",
        "  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} mots",
        "  if [ \"$COMP_CWORD\" -eq 1 ]; then",
        f"    COMPREPLY=($(compgen -W \"{' '.join(COMMANDES)} --help --version\" -- \"$cur\")); return",
        "  fi",
        "  case \"${COMP_WORDS[1]}:$prev\" in",
        *choix,
        "    *)",
        "  case \"${COMP_WORDS[1]}\" in",
        *cas,
        "    *) mots=\"\" ;;",
        "  esac ;;",
        "  esac",
        "  COMPREPLY=($(compgen -W \"$mots\" -- \"$cur\"))",
        "}",
        "complete -F _loi loi",
    ]) + "\n"  # fmt: skip


def zsh() -> str:
    return "# loi : complétion zsh (loi completion zsh)\nautoload -U +X bashcompinit && bashcompinit\n" + bash()


def fish() -> str:
    lignes = ["# loi : complétion fish (loi completion fish)", "complete -c loi -f"]
    for commande, definition in COMMANDES.items():
        aide = definition["aide"].replace("'", "\\'")
        lignes.append(f"complete -c loi -n __fish_use_subcommand -a {commande} -d '{aide}'")
        for option in definition["options"]:
            ligne = f"complete -c loi -n '__fish_seen_subcommand_from {commande}' -l {option['drapeau'][2:]}"
            if option["valeur"] == "choix":
                ligne += f" -xa '{' '.join(option['choix'])}'"
            elif option["valeur"]:
                ligne += " -x"
            lignes.append(ligne)
        if commande in AVEC_LOIS:
            lignes.append(f"complete -c loi -n '__fish_seen_subcommand_from {commande}' -a '{LOIS}'")
    return "\n".join(lignes) + "\n"


def executer(arguments: SimpleNamespace) -> int:
    (shell, *reste) = arguments.shell
    if shell not in SHELLS or reste:
        raise LoiErreur(f"« {montrable(' '.join(arguments.shell))} » : donnez un shell, bash, zsh ou fish "
                        "(par exemple « loi completion bash > ~/.local/share/bash-completion/completions/loi »).")
    emettre({"bash": bash, "zsh": zsh, "fish": fish}[shell]())
    return int(Sortie.TROUVE)
