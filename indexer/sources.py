"""The sources of the corpus, one record each: what a source is, stated once.

The cleaning (``corpus.clean``), the parsing (``corpus.parse``), the rendering (the
« Source : » lines), the « nothing lost » measure (``lignes_exclues``) and the manifest
check (``build.lire_sources``: ``corpus/sources.toml`` holds each file's sha256) all
read these records. Adding a source — the 2027 Code — is one record here, its line in
the manifest, and a parser module in ``indexer/corpus/parsers/``.
"""

from __future__ import annotations

from dataclasses import dataclass

from indexer.model import ROLE_EXTRAITS, ROLE_GUIDE, ROLE_NOTES, ROLE_TEXTE


@dataclass(frozen=True)
class Source:
    """One source file and what the pipeline does with it.

    ``fichier`` names the file in ``corpus/sources/`` and is the ``source`` of every
    piece parsed from it. ``nettoyage`` lists the steps of ``corpus.clean`` by name, in
    order; ``parseurs`` the modules of ``corpus/parsers/`` that read it; ``lignes_exclues``
    the line ranges (first, last, inclusive) left out of ``docs/`` on purpose, each
    justified in its parser's docstring.
    """

    cle: str
    fichier: str
    nom: str
    titre: str
    edition: str
    role: str
    nettoyage: tuple[str, ...]
    parseurs: tuple[str, ...]
    lignes_exclues: tuple[tuple[int, int], ...] = ()


SOURCES = (
    Source("000", "000_bc3a5b1056d66b24.txt", "Guide pratique (FFB)",
           "Guide pratique de l'arbitrage à la table", "2017", ROLE_GUIDE,
           ("sans_espaces_finales",), ("guide",)),  # the parser reads the page breaks
    Source("001", "001_70a37ebcf675b134.txt", "Code 2007 et RNC 2008 (FFB)",
           "Code International du Bridge de Compétition 2007 (édition FFB 2008) et Règlement National "
           "des Compétitions 2008", "2007", ROLE_TEXTE,
           ("couleurs_symbol", "guillemets_doubles", "sans_espaces_finales"), ("code2007", "code2007_annexes"),
           # law 77's trick-score table, mangled into fragments (4757–4777), is rebuilt by the
           # named repair parsers/code2007_marque (corpus/NOTES.md §2.4), called by code2007
           # TOC 1 (172–608), TOC 2 (609–1582), the RNC's TOC (6251–6550), and 7871–7874,
           # only the « Titre V – » header and a footer (Titre V is absent from the source)
           ((172, 608), (609, 1582), (6251, 6550), (7871, 7874))),
    Source("002", "002_40f8f2357f5f2a2b.txt", "Code 2017, Lois 68 à 71 (FFB)",
           "Code International 2017 : Lois 68 à 71 (revendications et concessions)", "2017", ROLE_TEXTE,
           ("sans_espaces_finales",), ("lois2017",)),
    Source("003", "003_8c8d956e9016d16c.txt", "Notes de C. Chantigny",
           "Notes de Christian Chantigny, Directeur, sur les Lois 30, 31, 27 et 23", "2017", ROLE_NOTES,
           ("sans_espaces_finales",), ("chantigny",)),
    Source("004", "004_fcf587896b0d140e.txt", "Livret du BC Vénissieux",
           "Livret du Bridge Club de Vénissieux : extraits du Code 2017 et tableaux", "2017", ROLE_EXTRAITS,
           ("sans_espaces_finales",), ("livret",),
           # title, table of contents, epigraphs, club life, the game's principles, advice to
           # players; between them 195–231, scoring in prose, goes to the Marque page
           ((1, 4), (5, 48), (49, 56), (57, 123), (124, 194), (232, 407))),
)  # fmt: skip

PAR_FICHIER = {source.fichier: source for source in SOURCES}

# The files by what they are, for the parsers and the tests.
GUIDE, CODE_2007, LOIS_2017, NOTES, LIVRET = (source.fichier for source in SOURCES)


def source(fichier: str) -> Source:
    """The record of a source file; KeyError names a file no record describes."""
    return PAR_FICHIER[fichier]
