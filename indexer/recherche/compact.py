"""The compact query file: what a search reads, in one marshal file inside the index.

Opening a Whoosh index costs a fresh ``loi cherche`` more than the search itself:
importing Whoosh, unpickling its table of contents and schema (which imports the
whole analysis stack), opening the segment's files. Yet a search reads little of
it: the postings of the stemmed ``texte`` and ``titre`` fields with their positions,
the field lengths, each document's ranking metadata and, for the few passages
shown, their stored fields. Right after Whoosh has written the index, ``index.ecrire_compact``
copies exactly that, read back through Whoosh's own reader, into ``compact.marshal``
in the same folder (this module only reads it):

- ``postings[champ][racine]``: the marshalled ``{docnum: positions}`` of one stem;
- ``champs[docnum]``: the marshalled stored fields of one document;
- ``longueurs``, ``docs`` (loi, type, edition, ref, enclosing refs per docnum) and the
  analysed ``synonymes``, plain values;
- ``fautes``: the marshalled ``Vocabulaire`` of the typo correction — every word of
  the unstemmed ``mots`` field with its document frequency, and the lexicon (folded
  word → accented spelling) that shows the corrected query with its accents.

Posting lists, stored fields and the vocabulary stay bytes until a query needs them,
so loading the file costs a few milliseconds whatever the corpus. Whoosh stays the
index and the source of truth: it builds and analyses everything (the schema and the
analyzers are in ``index.py`` and ``analyse.py``), and what is here is read back
through its reader. ``Vocabulaire.proches`` answers what Whoosh's ``terms_within``
would, in pure Python (``tests/test_fautes.py`` compares both on the real index), so
that no search — typos included — opens the Whoosh index.

The file is part of the index: ``COMPLET.json`` lists its size and CRC with every
other file, and ``charger`` checks them (and the format) before decoding anything,
so a partial, damaged or foreign file raises ``IndexCorrompu`` — the index is then
rebuilt, never served. It is keyed like the rest of the folder (``index-<empreinte>``,
which hashes the code too), so it cannot be stale.

This module is light on purpose (``os``, ``marshal``, ``bisect``): it is what a fresh
``loi cherche`` imports instead of Whoosh.
"""

from __future__ import annotations

import marshal
import os
from bisect import bisect_left

from indexer.recherche.dossier import FORMAT, IndexCorrompu, lire_marqueur, somme

TYPE_CHECKING = False  # not typing: CONTRIBUTING.md, « Démarrage rapide »
if TYPE_CHECKING:
    from typing import Any


NOM = "compact.marshal"
CHAMPS_TEXTE = ("texte", "titre")  # the stemmed fields the ranking reads
CHAMP_MOTS = "mots"  # the unstemmed field the typo correction reads


def charger(dossier: str | os.PathLike[str]) -> dict[str, Any]:
    """The compact file of a complete index, checked against the marker, then decoded."""
    attendu = lire_marqueur(dossier).get("fichiers", {}).get(NOM)
    try:
        with open(os.path.join(dossier, NOM), "rb") as fichier:
            donnees = fichier.read()
    except OSError as erreur:
        raise IndexCorrompu(f"fichier compact illisible : {erreur}") from None
    if attendu != somme(donnees):
        raise IndexCorrompu("fichier compact modifié")
    try:
        contenu = marshal.loads(donnees)
    except (ValueError, EOFError, TypeError) as erreur:
        raise IndexCorrompu(f"fichier compact illisible : {erreur}") from None
    if not isinstance(contenu, dict) or contenu.get("format") != FORMAT:
        raise IndexCorrompu("format du fichier compact inconnu")
    return contenu


class Vocabulaire:
    """The words of the ``mots`` field, as the typo correction asks Whoosh's reader about them.

    ``frequence`` is ``reader.doc_frequency("mots", mot)`` and ``proches`` is
    ``reader.terms_within("mots", mot, distance, prefix)`` — answered from the compact
    file, decoded only when a query has a word to correct. Whoosh wrote the field (with
    ``filtres.analyseur_simple``): it stays the source of truth of what a word is.
    """

    __slots__ = ("_formes", "_frequences", "mots")

    def __init__(self, donnees: bytes) -> None:
        mots, frequences, formes = marshal.loads(donnees)
        self.mots: list[str] = mots.split("\n") if mots else []  # sorted: a prefix's words are contiguous
        self._frequences: tuple[int, ...] = frequences  # in the order of self.mots
        self._formes: str = formes  # "\nplie\taccentue" per word: a few look-ups, no decoding

    def frequence(self, mot: str) -> int:
        """How many documents hold ``mot`` (0 for an unknown word)."""
        i = bisect_left(self.mots, mot)
        return self._frequences[i] if i < len(self.mots) and self.mots[i] == mot else 0

    def accent(self, mot: str) -> str:
        """The usual accented spelling of a folded word (``enchere`` → ``enchère``), or the word."""
        debut = self._formes.find(f"\n{mot}\t")
        if debut < 0 or not mot:
            return mot
        debut += len(mot) + 2
        return self._formes[debut : self._formes.index("\n", debut)]

    def proches(self, mot: str, distance: int, prefixe: int = 1) -> list[str]:
        """The words within ``distance`` edits of ``mot`` that start with its first ``prefixe`` letters.

        The semantics of Whoosh's ``terms_within`` on a segment reader, which walks the
        sorted terms with a Levenshtein automaton (``whoosh.automata.lev``): the prefix
        must match exactly, then each insertion, deletion or substitution costs one — two
        swapped letters cost two (the automaton is not Damerau's). The walk is the same
        idea: words sharing a prefix share the rows of the edit-distance table, and once
        a row exceeds ``distance`` everywhere, every word under that prefix is skipped.
        ``mot`` itself is included when it is a word of the field, as Whoosh does.
        """
        tete, reste = mot[:prefixe], mot[prefixe:]
        mots = self.mots
        i = bisect_left(mots, tete)
        fin = _fin_du_prefixe(mots, tete, i, len(mots))
        lignes = [list(range(len(reste) + 1))]  # lignes[d]: the row of chemin[:d]
        chemin, trouves = "", []
        while i < fin:
            suite = mots[i][prefixe:]
            commun = _commun(chemin, suite, len(lignes) - 1)
            del lignes[commun + 1 :]
            mort = _etendre(lignes, suite, commun, reste, distance)
            if mort is None:
                if lignes[-1][-1] <= distance:
                    trouves.append(mots[i])
                chemin, i = suite, i + 1
            else:  # no word starting with tete + suite[: mort + 1] can come within distance
                chemin = suite[:mort]
                i = _fin_du_prefixe(mots, tete + suite[: mort + 1], i + 1, fin)
        return trouves


def _fin_du_prefixe(mots: list[str], prefixe: str, debut: int, fin: int) -> int:
    """The index of the first word of ``mots[debut:fin]`` past those that start with ``prefixe``."""
    if not prefixe:
        return fin
    # The smallest string after every word with this prefix (capped: no word holds U+10FFFF).
    suivant = prefixe[:-1] + chr(min(ord(prefixe[-1]) + 1, 0x10FFFF))
    return bisect_left(mots, suivant, debut, fin)


def _commun(a: str, b: str, plafond: int) -> int:
    """The length of the common prefix of ``a`` and ``b``, at most ``plafond``."""
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y or n == plafond:
            break
        n += 1
    return n


def _etendre(lignes: list[list[int]], suite: str, depuis: int, reste: str, distance: int) -> int | None:
    """Add the rows of ``suite[depuis:]`` to ``lignes``; the depth that exceeds ``distance``, if any.

    Row ``d + 1`` holds the edit distances between ``suite[: d + 1]`` and each prefix
    of ``reste``. Only the cells within ``distance`` of the diagonal can stay within
    ``distance``: the others are capped at ``distance + 1`` without being computed.
    """
    trop = distance + 1
    largeur = len(reste)
    haut = lignes[-1]
    for d in range(depuis, len(suite)):
        lettre = suite[d]
        ligne = [trop] * (largeur + 1)
        gauche = ligne[0] = d + 1 if d < distance else trop
        vivante = gauche < trop
        for j in range(max(1, d + 1 - distance), min(largeur, d + 1 + distance) + 1):
            # The cheapest of: a letter of suite more, a letter of reste more, a substitution.
            cout = haut[j - 1] if reste[j - 1] == lettre else haut[j - 1] + 1
            if haut[j] + 1 < cout:
                cout = haut[j] + 1
            if gauche + 1 < cout:
                cout = gauche + 1
            if cout < trop:
                ligne[j] = cout
                vivante = True
            gauche = ligne[j]
        if not vivante:
            return d
        lignes.append(ligne)
        haut = ligne
    return None
