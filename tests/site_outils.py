"""Build the site for the tests: from the real docs/ once it is generated, else from a small
fake tree written in a temporary directory (never in docs/).

The fake tree copies the shape the generator promises (law headings and ids, editions,
examples, the 2007 block, « Cité par », the glossary, citations.json) so that the site's
own pieces (mkdocs.yml, hooks, overrides, assets) are tested before the corpus lands.
Set LOI_SITE_FAUX=1 to force the fake tree, or LOI_SITE_PROJET=<folder> to build another
project folder (one holding mkdocs.yml, docs/ and includes/).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

RACINE = Path(__file__).resolve().parent.parent
MKDOCS = RACINE / ".venv/bin/mkdocs"
PYTHON = RACINE / ".venv/bin/python"
APRES_SITE = RACINE / "scripts/apres_site.py"  # the post-build step of scripts/site.sh
NB_LOIS = 93
PAGES_GENEREES = (
    "definitions.md", "index-alphabetique.md", "annexes.md", "objet-du-code.md", "preface.md",
    "reglements/titre-iv.md", "reglements/titre-vii.md", "tableaux.md", "boites-a-annonces.md", "marque.md",
)  # fmt: skip


@dataclass(frozen=True)
class Construction:
    site: Path
    secondes: float
    journal: str
    faux: bool


def docs_reels() -> bool:
    return (RACINE / "docs/lois/68/index.md").is_file() and os.environ.get("LOI_SITE_FAUX") != "1"


def construire(dossier: Path) -> Construction:
    """``mkdocs build --strict`` into ``dossier/site``, then the post-build step, as ``scripts/site.sh``
    does; raises with the log on failure."""
    autre = os.environ.get("LOI_SITE_PROJET")
    faux = not autre and not docs_reels()
    projet = Path(autre) if autre else arbre_faux(dossier / "projet") if faux else RACINE
    site = dossier / "site"
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    debut = time.perf_counter()
    fini = subprocess.run(
        [str(MKDOCS), "build", "--strict", "-f", str(projet / "mkdocs.yml"), "-d", str(site)],
        cwd=projet,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    if fini.returncode != 0:
        raise AssertionError(f"mkdocs build --strict a échoué ({fini.returncode}) :\n{fini.stderr}")
    apres = subprocess.run([str(PYTHON), str(APRES_SITE), str(site)], capture_output=True, text=True, timeout=120)
    duree = time.perf_counter() - debut
    if apres.returncode != 0:
        raise AssertionError(f"scripts/apres_site.py a échoué ({apres.returncode}) :\n{apres.stderr}")
    return Construction(site, duree, fini.stderr + apres.stderr, faux)


# --- the fake tree ------------------------------------------------------------------------


def arbre_faux(projet: Path) -> Path:
    """A project folder: the real config (its menu of the laws included), hooks, overrides and
    hand-written pages, plus fake generated pages, glossary and grid of the laws."""
    projet.mkdir(parents=True)
    shutil.copy(RACINE / "mkdocs.yml", projet / "mkdocs.yml")
    for lien in ("hooks", "overrides", "node_modules"):
        (projet / lien).symlink_to(RACINE / lien)
    shutil.copytree(RACINE / "docs", projet / "docs")
    docs = projet / "docs"
    citations: dict[str, str] = {}
    for numero in range(1, NB_LOIS + 1):
        texte, ancres = page_loi(numero)
        _ecrire(docs / f"lois/{numero}.md", texte)
        citations.update({a: f"lois/{numero}/" for a in ancres})
    _ecrire(docs / "lois/index.md", index_lois())
    for chemin in PAGES_GENEREES:
        _ecrire(docs / chemin, f"# {Path(chemin).stem.replace('-', ' ').capitalize()}\n\nPage factice.\n")
    _ecrire(docs / "definitions.md", DEFINITIONS)
    _ecrire(docs / "assets/citations.json", json.dumps(citations, indent=1, sort_keys=True))
    _ecrire(projet / "includes/abreviations.md", GLOSSAIRE)
    grille = [f'- [{n}](lois/{n}/index.md "{titre_loi(n)}")' for n in range(1, NB_LOIS + 1)]
    grille = ['<nav class="grille-lois" markdown>', "", *grille, "", "</nav>"]
    _ecrire(projet / "includes/grille-lois.md", "\n".join(grille))
    return projet


def _ecrire(chemin: Path, texte: str) -> None:
    """A page named as the generator's renderer names it (``lois/68.md``), written where and as
    ``loi construire`` writes it (``lois/68/index.md``, its links moved)."""
    from indexer.rendu.navigation import disposer, fichier_de

    if chemin.suffix == ".md" and "docs" in chemin.parts:
        docs = next(p for p in chemin.parents if p.name == "docs")
        page = chemin.relative_to(docs).as_posix()
        chemin, texte = docs / fichier_de(page), disposer(texte, page)
    chemin.parent.mkdir(parents=True, exist_ok=True)
    chemin.write_text(texte, encoding="utf-8")


GLOSSAIRE = """\
*[déclarant]: Le joueur qui, pour le camp qui a remporté le contrat, a nommé le premier la dénomination du contrat.
*[Arbitre]: Le directeur de tournoi, responsable de l'application du Code.
"""

DEFINITIONS = """\
# Définitions { #definitions }

## Déclarant { #def-declarant }

Le joueur qui, pour le camp qui a remporté le contrat, a nommé le premier la dénomination.
"""

CHAPITRES = (
    ("Chapitre I — Préliminaires", range(1, 6)),
    ("Chapitre II — Préparation et déroulement", range(6, 17)),
    ("Chapitre III — Les enchères", range(17, 41)),
    ("Chapitre IV — Le jeu de la carte", range(41, 68)),
    ("Chapitre V — Fin du jeu", range(68, 72)),
    ("Chapitre VI — L'arbitre", range(72, 94)),
)


def index_lois() -> str:
    lignes = ["# Les lois { #les-lois }", ""]
    for rang, (titre, numeros) in enumerate(CHAPITRES, start=1):
        lignes += [f"## {titre} {{ #chapitre-{rang} }}", ""]
        lignes += [f"- [Loi {n} — {titre_loi(n)}]({n}.md)" for n in numeros]
        lignes.append("")
    return "\n".join(lignes)


def titre_loi(numero: int) -> str:
    return {
        12: "Pouvoirs discrétionnaires de l'arbitre",
        68: "Revendication ou concession de levées",
        70: "Revendication ou concession contestée",
    }.get(numero, f"Titre de la loi {numero}")


def _paragraphe(niveau: int, edition: int, citation: str, titre: str, ancre: str) -> str:
    return f'{"#" * niveau} <span class="edition e{edition}">{edition}</span> {citation} — {titre} {{ #{ancre} }}'


def page_loi(numero: int) -> tuple[str, list[str]]:
    """A law page in the generator's shape; long enough for 68C to need a scroll."""
    ancres = [f"loi-{numero}"]
    lignes = [f"# Loi {numero} — {titre_loi(numero)} {{ #loi-{numero} }}", "", "## Texte 2017 { #texte-2017 }", ""]
    for section in "ABCD":
        ancre = f"loi-{numero}-{section.lower()}"
        ancres.append(ancre)
        lignes += [_paragraphe(3, 2017, f"{numero}{section}", f"Section {section}", ancre), ""]
        lignes += [_PROSE.format(numero=numero, section=section), "", '<p class="source">Code 2017, p. 1</p>', ""]
        if numero == 12 and section == "C":
            lignes += [_paragraphe(4, 2017, "12C1", "Score ajusté", "loi-12-c-1"), "", "Texte de 12C1.", ""]
            lignes += [
                _paragraphe(5, 2017, "12C1(e)", "Camp non fautif", "loi-12-c-1-e"),
                "",
                "Texte de l'alinéa 12C1(e) sur le score ajusté.",
                "",
            ]
            ancres += ["loi-12-c-1", "loi-12-c-1-e"]
    if numero == 68:
        lignes += _EXTRAS_68
        ancres += ["loi-68-exemple-3"]
    citant = "- [Loi 70A](70.md#loi-70-a)" if numero != 70 else "- [Loi 68C](68.md#loi-68-c)"
    lignes += ["## Cité par { #cite-par }", "", citant, ""]
    return "\n".join(lignes), ancres


_PROSE = (
    "Texte de la loi {numero}, section {section}. Lorsque le déclarant fait une revendication, "
    "l'arbitre examine la ligne de jeu annoncée. " * 6
).strip()

_EXTRAS_68 = [
    "## Commentaire du Guide pratique { #guide }", "",
    '<div class="admonition example" id="loi-68-exemple-3" markdown>',
    '<p class="admonition-title">Exemple 3</p>', "",
    "Le déclarant revendique les levées restantes sans donner de ligne de jeu.", "",
    "</div>", "",
    "!!! note", "", "    Une note du commentaire sur la revendication.", "",
    "## Texte 2007 (remplacé) { #texte-2007 }", "",
    "!!! warning \"Texte de 2007, remplacé par celui de 2017\"", "",
    "    Ce texte n'est plus en vigueur ; il est donné pour comparaison.", "",
    '<div class="texte-2007" markdown>', "",
    _paragraphe(3, 2007, "68C", "Éclaircissement exigé", "loi-68-c-2007"), "",
    "Ancien texte : une revendication doit être accompagnée d'une déclaration.", "",
    "</div>", "",
]  # fmt: skip


# --- screenshots compared pixel by pixel (no imaging library in the project) ----------------


def _pixels(png: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and rows of an 8-bit RGB(A) PNG, as Chromium writes them (no interlace)."""
    import struct
    import zlib

    i, donnees = 8, b""
    while i < len(png):
        taille, genre = struct.unpack(">I4s", png[i : i + 8])
        morceau = png[i + 8 : i + 8 + taille]
        i += 12 + taille
        if genre == b"IHDR":
            largeur, hauteur, _, couleur = struct.unpack(">IIBB", morceau[:10])
        elif genre == b"IDAT":
            donnees += morceau
    brut, octets = zlib.decompress(donnees), {6: 4, 2: 3}[couleur]
    pas, lignes, avant, k = largeur * octets, [], bytearray(largeur * octets), 0
    for _ in range(hauteur):
        filtre, ligne = brut[k], bytearray(brut[k + 1 : k + 1 + pas])
        k += 1 + pas
        for x in range(pas):
            a = ligne[x - octets] if x >= octets else 0
            b, c = avant[x], avant[x - octets] if x >= octets else 0
            pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)  # Paeth: the nearest of a, b, c to a + b - c
            predit = (0, a, b, (a + b) // 2, a if pa <= pb and pa <= pc else b if pb <= pc else c)
            ligne[x] = (ligne[x] + predit[filtre]) & 255
        lignes.append(bytes(ligne))
        avant = ligne
    return largeur, octets, lignes


def pixels_differents(une: bytes, autre: bytes) -> int:
    """How many pixels differ between two screenshots of one size."""
    largeur, octets, a = _pixels(une)
    _, _, b = _pixels(autre)
    return sum(
        a[y][x : x + octets] != b[y][x : x + octets]
        for y in range(len(a))
        if a[y] != b[y]
        for x in range(0, largeur * octets, octets)
    )
