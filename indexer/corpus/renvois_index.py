"""The alphabetical index's links that are not law paragraphs (pure): « Voir X » to the
entry X, and the word locators « définitions » and « Introduction » to the 2007
Code's definitions and its introduction (``objet-du-code.md``).

Law locators are linked by ``corpus.renvois`` like any citation (2007 targets). Here:

- ``Voir Entente entre partenaires``, ``Voir aussi Information``: the entry whose
  term is X (accents, case and punctuation folded), a headword first; failing that
  the entry X starts (``Voir Action retiré`` → ``Action retirée``), or whose term
  starts X; an X found nowhere stays text and is reported by the tests;
- ``définitions``: the definition of the entry's term (parenthesis, plural and
  feminine endings dropped: ``Adv.D (adversaire de droite)`` → ``Adv. D``, « Atouts »
  → « Atout »), or of its last word, or of its headword, else the definitions list;
- ``Introduction``: the introduction's section that names the term (« doit » is in
  « Le vocabulaire »), else its first section.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import replace

from indexer.corpus.parsers.code2007_index_alphabetique import cle_de_tri
from indexer.model import Document, RenvoiArticle, Section

VOIR = re.compile(r"^Voir(?:\s+[Aa]ussi)?\s+(?P<cible>\S.*?)\s*$")
MOT = re.compile(r"\b(?P<mot>[Dd]éfinitions?|Introduction)\b")
_PARENTHESE = re.compile(r"\s*\(.*\)\s*$")
# The id of the definitions list (rendu/index_alphabetique.py), for a term the Code
# sends to its definitions without defining it under that name (« Définitions »).
LISTE_DEFINITIONS = "definitions-liste"


def _entree(cible: str, sections: Sequence[Section], depuis: Section) -> Section | None:
    """The entry a « Voir » names (see the module docstring for the order), never the
    entry ``depuis`` that holds it."""
    cle = cle_de_tri(cible)
    rangees = sorted((s for s in sections if s is not depuis), key=lambda s: s.niveau)  # headwords first
    essais = (lambda c: c == cle, lambda c: c.startswith(cle), lambda c: cle.startswith(c))
    return next(
        (s for accepte in essais for s in rangees if cle_de_tri(s.titre) and accepte(cle_de_tri(s.titre))), None
    )


def _mots(terme: str) -> tuple[str, ...]:
    """A term's words without their plural or feminine ending: « Points de levée » →
    ``("point", "de", "leve")``, so that the index's and the definitions' forms meet."""
    return tuple(mot.rstrip("s").rstrip("e") or mot for mot in cle_de_tri(_PARENTHESE.sub("", terme)).split())


def _proches(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """One term is the other, or begins it word for word (« Paquet » and « Paquet trié »)."""
    return bool(a and b) and (a[: len(b)] == b or b[: len(a)] == a)


def _definition(termes: Sequence[str], definitions: Document) -> tuple[str, str]:
    """(key, anchor) of the definition of the first term that has one: the term itself,
    a term it begins or that begins it, its last word (« Action retirée » → « Retiré »),
    then the same for the headword; else the list."""
    egal = tuple.__eq__
    for terme in termes:
        for forme, accepte in ((_mots(terme), egal), (_mots(terme), _proches), (_mots(terme)[-1:], egal)):
            trouve = next((s for s in definitions.sections if accepte(forme, _mots(s.titre or s.cle))), None)
            if trouve:
                return trouve.cle, trouve.ancre
    return "", LISTE_DEFINITIONS


def _liens(
    texte: str, section: Section, tete: str, index: Document, definitions: Document | None, objet: Document | None
) -> Iterator[RenvoiArticle]:
    voir = VOIR.match(texte)
    termes = (section.titre, tete)
    if voir:
        cible = _entree(voir["cible"], index.sections, section)
        if cible:
            yield RenvoiArticle(voir.start("cible"), voir.end("cible"), cible.cle, index.chemin, cible.ancre)
        return
    for mot in MOT.finditer(texte):
        if mot["mot"] == "Introduction" and objet and objet.sections:
            nomme = re.compile(rf"\b{re.escape(section.titre.lower())}\b")
            trouvees = (s for s in objet.sections if any(nomme.search(b.texte.lower()) for b in s.blocs))
            introduction = next(trouvees, objet.sections[0])
            yield RenvoiArticle(mot.start(), mot.end(), introduction.cle, objet.chemin, introduction.ancre)
        elif mot["mot"] != "Introduction" and definitions and definitions.sections:
            cle, ancre = _definition(termes, definitions)
            yield RenvoiArticle(mot.start(), mot.end(), cle, definitions.chemin, ancre)


def lier_index(index: Document, definitions: Document | None, objet: Document | None) -> Document:
    """The index with its « Voir » and word locators linked (law locators untouched)."""
    sections, tete = [], ""
    for section in index.sections:
        tete = section.titre if section.niveau == 1 else tete
        blocs = [
            replace(b, articles=(*b.articles, *_liens(b.texte, section, tete, index, definitions, objet)))
            for b in section.blocs
        ]
        sections.append(replace(section, blocs=tuple(blocs)))
    return replace(index, sections=tuple(sections))
