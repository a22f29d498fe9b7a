"""``loi completion bash|zsh|fish``: the shell completion script, made from the one table of options.

Commands, their options and choices, and law numbers (1–93) after ``voir`` and
``exemples``. Install: ``loi completion bash > ~/.local/share/bash-completion/completions/loi``
(README.md, « Complétion »).
"""

from __future__ import annotations

from argparse import Namespace

from indexer.cli.options import COMMANDES
from indexer.cli.sortie import emettre
from indexer.errors import LoiErreur, Sortie, montrable

SHELLS = COMMANDES["completion"]["valeurs"]
LOIS = " ".join(str(n) for n in range(1, 94))
AVEC_LOIS = ("voir", "exemples")  # the commands whose words may be a law reference
# The options that take a value, skipped with it before the command (``dispatch.commande_d_abord``).
A_VALEUR = " ".join(sorted({o["drapeau"] for d in COMMANDES.values() for o in d["options"] if o["valeur"]}))


def valeurs(option: dict) -> tuple[str, ...]:
    return tuple(option.get("choix") or option.get("suggestions") or ())  # none for a score


def mots(commande: str) -> list[str]:
    definition = COMMANDES[commande]
    if definition.get("valeurs"):
        return list(definition["valeurs"])
    return [o["drapeau"] for o in definition["options"]] + ["--help"] + ([LOIS] if commande in AVEC_LOIS else [])


# bash: a function over COMP_WORDS: commands, then options, law numbers or fixed words; after an
# option that takes a value, that option's values only (nothing for a score). Options before the command
# (--debug, « --json voir », « --limite 2 definition ») are skipped with their values, and a line without a
# command is read as the command line reads it (``dispatch.commande_implicite``): « loi 68 … » is voir,
# « loi revendication … » cherche.
BASH = """\
# loi : complétion bash (loi completion bash)
_loi() {
  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} mots premier=1
  while (( premier < COMP_CWORD )) && [[ ${COMP_WORDS[premier]} == -* ]]; do
    case " %(a_valeur)s " in *" ${COMP_WORDS[premier]} "*) ((premier++)) ;; esac
    ((premier++))
  done
  if [ "$COMP_CWORD" -eq "$premier" ]; then
    COMPREPLY=($(compgen -W "%(commandes)s --help --version" -- "$cur")); return
  fi
  local commande=${COMP_WORDS[premier]}
  case " %(commandes)s " in
    *" $commande "*) ;;
    *) if [[ $commande == [0-9]* ]]; then commande=voir; else commande=cherche; fi ;;
  esac
  case "$commande:$prev" in
%(choix)s
    *)
  case "$commande" in
%(cas)s
    *) mots="" ;;
  esac ;;
  esac
  COMPREPLY=($(compgen -W "$mots" -- "$cur"))
}
complete -F _loi loi
"""

# zsh: a native completion function, ``#compdef loi`` first so that compinit finds it in
# $fpath (``_loi``); sourced instead, it registers itself with compdef.
ZSH = """\
#compdef loi
# loi : complétion zsh (loi completion zsh > ~/.zfunc/_loi ; fpath+=(~/.zfunc) avant compinit)
_loi() {
  local -a commandes; commandes=(%(commandes)s)
  local -a a_valeur; a_valeur=(%(a_valeur)s)
  local premier=2
  while (( premier < CURRENT )) && [[ ${words[premier]} == -* ]]; do
    (( ${a_valeur[(Ie)${words[premier]}]} )) && (( premier++ ))
    (( premier++ ))
  done
  if (( CURRENT == premier )); then
    _describe commande commandes; compadd -- --help --version; return
  fi
  local commande=${words[premier]}
  if (( ! ${commandes[(I)$commande:*]} )); then
    if [[ $commande == [0-9]* ]]; then commande=voir; else commande=cherche; fi
  fi
  case "$commande:${words[CURRENT-1]}" in
%(choix)s
  esac
  case "$commande" in
%(cas)s
  esac
}
if [[ ${zsh_eval_context[-1]} == loadautofunc ]]; then _loi "$@"; else compdef _loi loi; fi
"""


def _remplir(modele: str, commandes: str, choix: str, cas: str) -> str:
    """The script: ``choix`` written for each option that takes a value, ``cas`` for each command."""
    options = [(c, o) for c, d in COMMANDES.items() for o in d["options"] if o["valeur"]]
    return modele % {
        "commandes": commandes,
        "a_valeur": A_VALEUR,
        "choix": "\n".join(choix.format(c, o["drapeau"], " ".join(valeurs(o))) for c, o in options),
        "cas": "\n".join(cas.format(commande, " ".join(mots(commande))) for commande in COMMANDES),
    }


def bash() -> str:
    return _remplir(BASH, " ".join(COMMANDES), '    {}:{}) mots="{}" ;;', '    {}) mots="{}" ;;')


def zsh() -> str:
    commandes = " ".join("'" + f"{c}:{d['aide']}".replace("'", "'\\''") + "'" for c, d in COMMANDES.items())
    return _remplir(ZSH, commandes, "    {}:{}) compadd -- {}; return ;;", "    {}) compadd -- {} ;;")


# fish: ``__loi_commande X`` holds when the line's command is X, typed or read as the command line reads
# it (as in bash and zsh); ``__loi_commande ''`` while none is typed yet.
FISH = """\
# loi : complétion fish (loi completion fish)
function __loi_commande
    set -l mots (commandline -opc)
    set -e mots[1]
    while string match -q -- '-*' $mots[1]
        contains -- $mots[1] %(a_valeur)s; and set -e mots[1]
        set -q mots[1]; and set -e mots[1]
    end
    set -l commande $mots[1]
    if test -n "$commande"; and not contains -- $commande %(commandes)s
        if string match -qr '^[0-9]' -- $commande; set commande voir; else; set commande cherche; end
    end
    test "$commande" = "$argv[1]"
end
complete -c loi -f
"""


def fish() -> str:
    lignes = [FISH % {"commandes": " ".join(COMMANDES), "a_valeur": A_VALEUR}]
    for commande, definition in COMMANDES.items():
        aide = definition["aide"].replace("'", "\\'")
        lignes.append(f"complete -c loi -n \"__loi_commande ''\" -a {commande} -d '{aide}'")
        for option in definition["options"]:
            ligne = f"complete -c loi -n '__loi_commande {commande}' -l {option['drapeau'][2:]}"
            if valeurs(option):
                ligne += f" -xa '{' '.join(valeurs(option))}'"
            elif option["valeur"]:
                ligne += " -x"
            lignes.append(ligne)
        if commande in AVEC_LOIS or definition.get("valeurs"):
            lignes.append(
                f"complete -c loi -n '__loi_commande {commande}' -a '{' '.join(definition.get('valeurs') or (LOIS,))}'"
            )
    return "".join(lignes[:1]) + "\n".join(lignes[1:]) + "\n"


def executer(arguments: Namespace) -> int:
    (shell, *reste) = arguments.shell
    if shell not in SHELLS or reste:
        raise LoiErreur(
            f"« {montrable(' '.join(arguments.shell))} » : donnez un shell, bash, zsh ou fish "
            "(par exemple « loi completion bash > ~/.local/share/bash-completion/completions/loi »)."
        )
    emettre({"bash": bash, "zsh": zsh, "fish": fish}[shell]())
    return int(Sortie.TROUVE)
