"""``loi completion bash|zsh|fish``: the shell completion script, made from the one table of options.

Commands, their options and choices, and law numbers (1–93) after ``voir`` and
``exemples``. Install: ``loi completion bash > ~/.local/share/bash-completion/completions/loi``
(README.md, « Complétion »).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from indexer.cli.options import COMMANDES
from indexer.cli.sortie import emettre
from indexer.errors import LoiErreur, Sortie, montrable

if TYPE_CHECKING:
    from argparse import Namespace

SHELLS = COMMANDES["completion"]["valeurs"]
LOIS = " ".join(str(n) for n in range(1, 94))
AVEC_LOIS = ("voir", "exemples")  # the commands whose words may be a law reference


def _options(commande: str) -> list[str]:
    return [o["drapeau"] for o in COMMANDES[commande]["options"]] + ["--help"]


def valeurs(option: dict) -> tuple[str, ...]:
    """What completes an option's value: its choices, or its suggestions (none for a score)."""
    return tuple(option.get("choix") or option.get("suggestions") or ())


def mots(commande: str) -> list[str]:
    """What completes a word of a command: its fixed words, or its options (and law numbers)."""
    definition = COMMANDES[commande]
    if definition.get("valeurs"):
        return list(definition["valeurs"])
    return _options(commande) + ([LOIS] if commande in AVEC_LOIS else [])


def _a_valeur() -> list[tuple[str, dict]]:
    return [(c, o) for c, d in COMMANDES.items() for o in d["options"] if o["valeur"]]


def bash() -> str:
    """A bash function over COMP_WORDS: commands, then options, law numbers or fixed words; after an
    option that takes a value, that option's values only (nothing for a score)."""
    cas = [f'    {commande}) mots="{" ".join(mots(commande))}" ;;' for commande in COMMANDES]
    choix = [
        f'    {commande}:{option["drapeau"]}) mots="{" ".join(valeurs(option))}" ;;' for commande, option in _a_valeur()
    ]
    return (
        "\n".join(
            [
                "# loi : complétion bash (loi completion bash)",
                "_loi() {",
                "  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} mots",
                '  if [ "$COMP_CWORD" -eq 1 ]; then',
                f'    COMPREPLY=($(compgen -W "{" ".join(COMMANDES)} --help --version" -- "$cur")); return',
                "  fi",
                '  case "${COMP_WORDS[1]}:$prev" in',
                *choix,
                "    *)",
                '  case "${COMP_WORDS[1]}" in',
                *cas,
                '    *) mots="" ;;',
                "  esac ;;",
                "  esac",
                '  COMPREPLY=($(compgen -W "$mots" -- "$cur"))',
                "}",
                "complete -F _loi loi",
            ]
        )
        + "\n"
    )


def _zsh_texte(texte: str) -> str:
    return "'" + texte.replace("'", "'\\''") + "'"


def zsh() -> str:
    """A native zsh completion function: ``#compdef loi`` first, so that compinit finds it in
    $fpath (``_loi``); sourced instead, it registers itself with compdef."""
    commandes = " ".join(_zsh_texte(f"{c}:{d['aide']}") for c, d in COMMANDES.items())
    choix = [
        f"    {commande}:{option['drapeau']}) compadd -- {' '.join(valeurs(option))}; return ;;"
        for commande, option in _a_valeur()
    ]
    cas = [f"    {commande}) compadd -- {' '.join(mots(commande))} ;;" for commande in COMMANDES]
    return (
        "\n".join(
            [
                "#compdef loi",
                "# loi : complétion zsh (loi completion zsh > ~/.zfunc/_loi ; fpath+=(~/.zfunc) avant compinit)",
                "_loi() {",
                f"  local -a commandes; commandes=({commandes})",
                "  if (( CURRENT == 2 )); then",
                "    _describe commande commandes; compadd -- --help --version; return",
                "  fi",
                '  case "${words[2]}:${words[CURRENT-1]}" in',
                *choix,
                "  esac",
                '  case "${words[2]}" in',
                *cas,
                "  esac",
                "}",
                'if [[ ${zsh_eval_context[-1]} == loadautofunc ]]; then _loi "$@"; else compdef _loi loi; fi',
            ]
        )
        + "\n"
    )


def fish() -> str:
    lignes = ["# loi : complétion fish (loi completion fish)", "complete -c loi -f"]
    for commande, definition in COMMANDES.items():
        aide = definition["aide"].replace("'", "\\'")
        lignes.append(f"complete -c loi -n __fish_use_subcommand -a {commande} -d '{aide}'")
        for option in definition["options"]:
            ligne = f"complete -c loi -n '__fish_seen_subcommand_from {commande}' -l {option['drapeau'][2:]}"
            if valeurs(option):
                ligne += f" -xa '{' '.join(valeurs(option))}'"
            elif option["valeur"]:
                ligne += " -x"
            lignes.append(ligne)
        if commande in AVEC_LOIS or definition.get("valeurs"):
            lignes.append(
                f"complete -c loi -n '__fish_seen_subcommand_from {commande}' "
                f"-a '{' '.join(definition.get('valeurs') or (LOIS,))}'"
            )
    return "\n".join(lignes) + "\n"


def executer(arguments: Namespace) -> int:
    (shell, *reste) = arguments.shell
    if shell not in SHELLS or reste:
        raise LoiErreur(
            f"« {montrable(' '.join(arguments.shell))} » : donnez un shell, bash, zsh ou fish "
            "(par exemple « loi completion bash > ~/.local/share/bash-completion/completions/loi »)."
        )
    emettre({"bash": bash, "zsh": zsh, "fish": fish}[shell]())
    return int(Sortie.TROUVE)
