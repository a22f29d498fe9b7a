"""Blocs → Markdown: escaping, cross-reference links, footnotes, lists, diagrams, tables.

Shared by the law pages (``rendu.loi``) and the other pages (``rendu.pages``). Plain text from the model is escaped
so that nothing in a source can turn into markup; the only markup that comes out is what this module writes.
"""

from __future__ import annotations

import html
import posixpath
import re
from collections.abc import Callable, Iterable
from itertools import pairwise

from indexer.editions import COURANTE
from indexer.labels import Label, ancre
from indexer.model import DIAGRAMME, ENCHERES, ITEM, TABLEAU, TITRE, Bloc, NoteBas, Renvoi, RenvoiArticle
from indexer.rendu.donnes import rendre_donne

Lien = Callable[[Label | Renvoi | RenvoiArticle], str]  # target → relative URL with its anchor

_ECHAPPES = re.compile(r"([\\`*_{}\[\]#|])")
_DEBUT_BLOC = re.compile(r"^(\s*(?=[-+])|\s*\d+(?=[.)]))(.)(?=\s|$)")  # "- x", "1. x", "1) x": a list's marker


def echapper(texte: str) -> str:
    texte = html.escape(texte, quote=False)
    return _ECHAPPES.sub(r"\\\1", texte)


def _echapper_lignes(texte: str) -> str:
    """Like ``echapper``, line by line, and a list's marker at a line start escaped (it would open a list)."""
    return "\n".join(_DEBUT_BLOC.sub(r"\1\\\2", echapper(ligne)) for ligne in texte.split("\n"))


def lien_vers(page_courante: str) -> Lien:
    """A function giving, from ``page_courante`` (``lois/68.md``), the link to a target: a resolved citation
    (``Renvoi``: its edition's id), an article, or a bare label (its unqualified id, the current text)."""
    dossier = posixpath.dirname(page_courante) or "."

    def lien(cible: Label | Renvoi | RenvoiArticle) -> str:
        if isinstance(cible, RenvoiArticle):
            return f"{posixpath.relpath(cible.page, dossier)}#{cible.ancre}"
        if isinstance(cible, Renvoi) and cible.ancre:
            return f"{posixpath.relpath(f'lois/{cible.cible.loi}.md', dossier)}#{cible.ancre}"
        label = cible.cible if isinstance(cible, Renvoi) else cible  # not resolved: the current text
        relatif = posixpath.relpath(f"lois/{label.loi}.md", dossier)
        return f"{relatif}#{ancre(label)}" if label.parties else relatif

    return lien


def _lien_renvoi(texte: str, cible: Renvoi | RenvoiArticle, lien: Lien) -> str:
    """One link; one that crosses editions (a declared correspondence) says so, in its
    class and in words, and the same rule in another edition follows as « → 2017 »."""
    rendu = f"[{echapper(texte)}]({lien(cible)})"
    if isinstance(cible, RenvoiArticle):
        return rendu
    if cible.autre_edition:
        rendu = f"[{echapper(texte)} (texte {cible.autre_edition})]({lien(cible)}){_autre_edition(cible)}"
    elif cible.non_place:  # a link that lands on the law says which paragraph it could not place
        place = f"texte {COURANTE} de {cible.non_place.compact()} non donné : page de la Loi {cible.cible.loi}"
        rendu += f'{{ .vers-la-loi title="{place}" }}'
    for autre in cible.aussi:
        rendu += f" [→ {autre.autre_edition}]({lien(autre)}){_autre_edition(autre)}"
    return rendu


def _autre_edition(renvoi: Renvoi) -> str:
    return f'{{ .autre-edition title="Même règle, texte {renvoi.autre_edition}" }}'


def texte_inline(bloc: Bloc, lien: Lien, prefixe_note: str = "") -> str:
    morceaux, position = [], 0
    liens: list[Renvoi | RenvoiArticle] = sorted([*bloc.renvois, *bloc.articles], key=lambda cible: cible.debut)
    for cible in liens:
        morceaux.append(_echapper_lignes(bloc.texte[position : cible.debut]))
        morceaux.append(_lien_renvoi(bloc.texte[cible.debut : cible.fin], cible, lien))
        position = cible.fin
    morceaux.append(_echapper_lignes(bloc.texte[position:]))
    texte = "".join(morceaux)
    # The calls were escaped with the rest: restore them, renamed unique to the page.
    return re.sub(r"\\\[\^([^\]\s]+?)\\\]", lambda m: f"[^{prefixe_note}{m[1]}]", texte)


def _cellule(texte: str) -> str:
    return echapper(texte.strip()).replace("\n", " ") or " "


def tableau(lignes: tuple[tuple[str, ...], ...]) -> str:
    largeur = max(len(ligne) for ligne in lignes)
    rangs = ["| " + " | ".join(map(_cellule, ligne + ("",) * (largeur - len(ligne)))) + " |" for ligne in lignes]
    return "\n".join([rangs[0], "|" + "---|" * largeur, *rangs[1:]])


def diagramme(texte: str) -> str:
    """Verbatim lines in a fenced block, the fence longer than any backtick run inside."""
    barriere = "```"
    while barriere in texte:
        barriere += "`"
    return f"{barriere}text\n{texte}\n{barriere}"


def bloc_markdown(bloc: Bloc, lien: Lien, prefixe_note: str = "") -> str:
    if bloc.forme == ENCHERES and bloc.cellules:  # four seats: a grid that fits a phone (extra.css)
        return f'<div class="encheres" markdown>\n\n{tableau(bloc.cellules)}\n\n</div>'
    if bloc.forme == TABLEAU and bloc.cellules:
        return tableau(bloc.cellules)
    if bloc.forme == DIAGRAMME and (donne := rendre_donne(bloc.texte.split("\n"))):
        return donne
    if bloc.forme in (DIAGRAMME, ENCHERES, TABLEAU):
        return diagramme(bloc.texte)
    texte = texte_inline(bloc, lien, prefixe_note)
    if bloc.forme == ITEM and bloc.texte.startswith(("- ", "– ", "• ", "· ")):
        return "- " + texte[texte.index(" ") + 1 :].lstrip()
    if bloc.forme == TITRE:
        return f"**{texte}**"
    return texte


def blocs_markdown(blocs: Iterable[Bloc], lien: Lien, prefixe_note: str = "") -> str:
    """Blocs separated by blank lines; consecutive bullet items make one list."""
    rendus = [bloc_markdown(bloc, lien, prefixe_note) for bloc in blocs]
    sortie = rendus[:1]
    for avant, rendu in pairwise(rendus):
        sortie += ["\n" if avant.startswith("- ") and rendu.startswith("- ") else "\n\n", rendu]
    return "".join(sortie)


def notes_markdown(notes: Iterable[NoteBas], prefixe: str, deja: set[str], blocs: Iterable[Bloc] = ()) -> str:
    """Footnote definitions, each written once per page (``deja`` remembers them). A note whose call is not in the text
    of ``blocs`` (the call may stand in a title, as for the Loi 93 of 2007) is printed as a plain paragraph: a Markdown
    footnote without a reference is an error."""
    appels = " ".join(b.texte for b in blocs)
    lignes = []
    for note in notes:
        cle = f"{prefixe}{note.cle}"
        if f"[^{note.cle}]" not in appels:
            lignes.append(f'<p class="note-seule">({echapper(note.cle)}) {_echapper_lignes(note.texte)}</p>')
        elif cle not in deja:
            deja.add(cle)
            lignes.append(f"[^{cle}]: {_echapper_lignes(' '.join(note.texte.split()))}")
    return "\n".join(lignes)
