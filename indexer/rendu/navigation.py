"""What the site generator must know while building, written by ``loi construire`` rather than by a hook of one
generator: the page layout (``lois/68.md`` is written as ``lois/68/index.md``, which any generator publishes as
``lois/68/index.html``, the address file:// and our links need), the home page's grid of the laws (a snippet,
``includes/grille-lois.md``) and the menu's chapters (a block of ``mkdocs.yml``, between two markers).
"""

from __future__ import annotations

import json
import posixpath
import re
from collections.abc import Sequence

from indexer.editions import marque_titre
from indexer.errors import LoiErreur
from indexer.model import Corpus

GRILLE = "includes/grille-lois.md"
CONFIGURATION = "mkdocs.yml"
DEBUT_NAV = "  # >>> loi construire : « Les lois » et leurs chapitres (corpus/chapitres.toml), ne pas modifier ici"
FIN_NAV = "  # <<< loi construire"
PAGE_LOIS = "lois/index.md"

# A Markdown link to a page: ``](16.md)``, ``](../lois/16.md#loi-16-b "…")``, ``](16.md){ .x }``; not an address.
_LIEN = re.compile(r"\]\((?![a-z]+:)(?P<cible>[^()\s#]+\.md)(?=[#)\s])")


def fichier_de(page: str) -> str:
    """Where a page is written: ``lois/68.md`` → ``lois/68/index.md``; ``index.md`` and
    ``lois/index.md`` stay. The model and the data keep naming pages ``lois/68.md``."""
    dossier, _, nom = page.rpartition("/")
    if nom == "index.md":
        return page
    return posixpath.join(dossier, nom.removesuffix(".md"), "index.md")


def disposer(texte: str, page: str) -> str:
    """``texte``, written for ``page`` with links between flat pages (``16.md``), with each link
    made relative to where ``fichier_de`` puts both (``../16/index.md``)."""
    depuis = posixpath.dirname(page)
    ici = posixpath.dirname(fichier_de(page)) or "."

    def deplacer(lien: re.Match[str]) -> str:
        cible = posixpath.normpath(posixpath.join(depuis, lien["cible"]))
        return "](" + posixpath.relpath(fichier_de(cible), ici)

    return _LIEN.sub(deplacer, texte)


def render_grille_lois(corpus: Corpus) -> str:
    """A keypad of the laws in Markdown, included in docs/index.md (so that the generator checks and rewrites each
    link). The law's title is shown on hover by the stylesheet (``data-titre``) and read in the link's name, never a
    ``title``: Material mounts a tooltip of its own on each ``[title]``, and 93 of them cost the home page ~250 ms of
    blocking time on a phone (Lighthouse, make bench)."""
    lignes = ['<nav class="grille-lois" aria-label="Les lois par numéro" markdown>', ""]
    for loi in sorted(corpus.lois, key=lambda loi: loi.numero):
        titre = f"{loi.titre()}{marque_titre(loi.titres())}".replace('"', "’")
        attributs = f'data-titre="{titre}" aria-label="{loi.numero} — {titre}"'
        lignes.append(f"- [{loi.numero}](lois/{loi.numero}.md){{ {attributs} }}")
    lignes += ["", "</nav>"]
    return "\n".join(lignes) + "\n"


def nav_lois(chapitres: Sequence[dict], numeros: Sequence[int]) -> list[str]:
    """The « Les lois » entry of the menu, as YAML lines: the chapter page, then one section per
    chapter of corpus/chapitres.toml, named as on that page. A law in no chapter still gets a place
    (« Autres lois »), so that the generator's check of pages left out of the menu never fires."""
    lignes = ["  - Les lois:", f"      - {fichier_de(PAGE_LOIS)}"]
    vus: set[int] = set()
    for chapitre in chapitres:
        premiere, derniere = chapitre["lois"]
        dedans = [n for n in numeros if premiere <= n <= derniere and n not in vus]
        vus.update(dedans)
        lignes += _section(f"{chapitre['titre']} (Lois {premiere} à {derniere})", dedans)
    lignes += _section("Autres lois", [n for n in numeros if n not in vus])
    return lignes


def _section(nom: str, numeros: list[int]) -> list[str]:
    pages = [f"          - {fichier_de(f'lois/{n}.md')}" for n in numeros]
    return [f"      - {json.dumps(nom, ensure_ascii=False)}:", *pages] if numeros else []


def avec_nav(configuration: str, lignes: list[str]) -> str:
    avant, debut, reste = configuration.partition(DEBUT_NAV + "\n")
    _, fin, apres = reste.partition(FIN_NAV + "\n")
    if not debut or not fin:
        raise LoiErreur(
            f"{CONFIGURATION} : les repères de la navigation des lois manquent "
            f"(« {DEBUT_NAV.strip()} » … « {FIN_NAV.strip()} »)"
        )
    return avant + debut + "\n".join(lignes) + "\n" + fin + apres
