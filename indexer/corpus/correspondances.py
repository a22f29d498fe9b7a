"""What ``corpus/correspondances.toml`` declares, checked against the sources.

Three kinds of entries, each with its evidence, read by ``corpus.renvois`` and
``corpus.carte``:

- ``[[correspondance]]``: a paragraph of one edition is the same rule as a paragraph
  of the other (``2007 = "16D"``, ``2017 = "16C"``). Only then may a citation cross
  editions: when the citing text's edition lacks the paragraph, the link goes to the
  other edition's paragraph, marked as such; the 2007 index adds a marked « → 2017 ».
  Evidence: one line of each edition's source (``preuve_2007 = { ligne = "001:2442",
  extrait = "…" }``) and a ``raison``.
- ``[[renvoi_inexact]]``: a citation that its own edition's complete text does not
  have (a slip of the source, such as the 2007 index's « 27D2 »): it keeps the
  fallback to the nearest paragraph of the same edition, now explained.
  Evidence: where (``ligne = "001:5685"``), what (``texte = "27D2"``), ``raison``.
  Where the sources show which paragraph the slip meant (the same index gives 27B3 for
  the same case, 001:5732), ``cible = "27B3"`` sends the link there, with the line that
  shows it (``preuve_cible = { ligne = "001:5732", extrait = "Inadmissible 35, 27B3" }``).
- ``[[autre_regle]]``: the two editions use one number for two different rules
  (``label = "15A"``: the 2017 15A is a call made with a wrong board's cards, the 2007
  15A a board its players had not played), or the 2017 paragraph in its place is
  another rule (``label = "26A1"``, ``2017 = "26A"``: 2017 26A is quoted whole). The
  2007 paragraph then says so. Evidence: ``preuve_2007`` and ``preuve_2017`` (what each
  says), ``raison``.

Every ``extrait`` or ``texte`` must begin on the line given (whitespace aside): a wrong
line or a misquote is refused with the entry's line in the file. The build reads the
file and the cleaned sources; this module opens nothing.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass

from indexer.editions import COURANTE, EDITIONS
from indexer.errors import LoiErreur
from indexer.labels import Label, parse_label
from indexer.sources import source

FICHIER = "corpus/correspondances.toml"
LIEU = re.compile(r"^(?P<cle>\d{3}):(?P<ligne>\d+)$")  # a source line, « 001:2442 »
_PORTEE = 12  # an excerpt may run over the next lines (a wrapped sentence)
_BLOC = 40  # lines a paragraph of the sources may span
Erreur = Callable[[int, str], Exception]  # (an entry's line, a message) → what to raise: each file names itself


class CorrespondanceInvalide(LoiErreur):
    """An entry of corpus/correspondances.toml is malformed or its evidence is wrong."""


@dataclass(frozen=True)
class Correspondance:
    """Two paragraphs of two editions declared the same rule (``ligne``: the entry's line)."""

    paragraphes: tuple[tuple[str, Label], ...]  # (edition, label), one per edition
    raison: str
    ligne: int

    def autre(self, edition: str, label: Label) -> tuple[str, Label] | None:
        if (edition, label) not in self.paragraphes:
            return None
        return next(p for p in self.paragraphes if p != (edition, label))


@dataclass(frozen=True)
class Inexact:
    """A citation declared a slip of its source: ``texte`` at ``source:ligne``."""

    source: str  # the source's file name
    ligne: int
    texte: str
    raison: str
    ligne_toml: int
    cible: Label | None = None  # the paragraph the slip meant, where the sources show it


@dataclass(frozen=True)
class AutreRegle:
    """One number, two rules: the 2017 paragraph ``label`` is not the 2007 one's rule."""

    label: Label
    raison: str
    ligne: int
    preuve_2017: str  # « 000:1296 »
    extrait_2017: str = ""  # the words that begin there
    place: Label | None = None  # the 2017 paragraph compared, when not ``label`` (26A for 26A1)

    @property
    def cible(self) -> Label:
        """The 2017 paragraph that is another rule: ``place``, else the same number."""
        return self.place or self.label


@dataclass(frozen=True)
class Declarations:
    correspondances: tuple[Correspondance, ...] = ()
    inexacts: tuple[Inexact, ...] = ()
    autres_regles: tuple[AutreRegle, ...] = ()

    def meme_regle(self, edition: str, label: Label) -> tuple[tuple[str, Label], Correspondance] | None:
        return next(((autre, c) for c in self.correspondances if (autre := c.autre(edition, label))), None)

    def autre_regle(self, label: Label) -> AutreRegle | None:
        return next((a for a in self.autres_regles if a.label == label), None)

    def inexact(self, source: str, ligne: int, texte: str) -> Inexact | None:
        """The declaration covering this citation, in a Bloc that begins at ``ligne`` (the
        declaration gives the citation's own line, a few lines further in a paragraph)."""
        return next(
            (i for i in self.inexacts if (i.source, i.texte) == (source, texte) and 0 <= i.ligne - ligne < _BLOC), None
        )


def _erreur(ligne: int, message: str) -> CorrespondanceInvalide:
    return CorrespondanceInvalide(f"{FICHIER}, ligne {ligne} : {message}")


def lignes_des_entrees(texte: str, table: str) -> list[int]:
    """The line of each ``[[table]]`` header, in order (tomllib gives no positions)."""
    entete = re.compile(rf"^\s*\[\[\s*{table}\s*\]\]")
    return [n for n, ligne in enumerate(texte.split("\n"), 1) if entete.match(ligne)]


def entrees(texte: str, fichier: str, tables: dict[str, tuple[str, ...]], refus: type[LoiErreur]) -> dict[str, list]:
    """Each table's entries with their header's line, for the declarations files of
    ``rattachements`` and ``situations`` too: unreadable TOML, an unknown table, an entry not
    under a ``[[table]]`` header of its own, a field not among its table's ``tables[table]`` (a
    misspelt ``cible`` would be dropped unseen), are refused with ``refus`` (the file's error class;
    elsewhere ``erreur`` is a function of the entry's line and the message)."""
    try:
        donnees = tomllib.loads(texte)
    except tomllib.TOMLDecodeError as probleme:  # its message is English: keep only the place
        lieu = re.search(r"line (\d+)", str(probleme))
        ou = f"{fichier}, ligne {lieu[1] if lieu else '?'}"
        raise refus(f"{ou} : TOML illisible (crochet, guillemet ou virgule manquant ?).") from None
    inconnues = sorted(set(donnees) - set(tables))
    if inconnues:
        noms = [f"[[{table}]]" for table in tables]
        attendu = f"{', '.join(noms[:-1])} ou {noms[-1]}" if len(noms) > 1 else noms[0]
        raise refus(f"{fichier} : table inconnue « {inconnues[0]} » (attendu : {attendu}).")
    resultat = {}
    for table in tables:
        valeurs, lignes = donnees.get(table, []), lignes_des_entrees(texte, table)
        if not isinstance(valeurs, list) or len(valeurs) != len(lignes):
            raise refus(f"{fichier} : écrivez chaque entrée sous son propre en-tête [[{table}]].")
        for valeur, ligne in zip(valeurs, lignes, strict=True):
            if not isinstance(valeur, dict):
                raise refus(f"{fichier}, ligne {ligne} : entrée illisible.")
            if inconnus := sorted(set(valeur) - set(tables[table])):
                attendus = ", ".join(tables[table])
                raise refus(f"{fichier}, ligne {ligne} : champ inconnu « {inconnus[0]} » (attendu : {attendus}).")
        resultat[table] = list(zip(valeurs, lignes, strict=True))
    return resultat


def champ(entree: dict, cle: str, ligne: int, erreur: Erreur = _erreur) -> str:
    """The non-empty text field ``cle`` of the declaration at ``ligne``, else ``erreur``."""
    valeur = entree.get(cle)
    if not isinstance(valeur, str) or not valeur.strip():
        raise erreur(ligne, f"le champ « {cle} » manque ou est vide.")
    return valeur


def preuve(
    entree: dict, sources: dict[str, tuple[str, ...]], ligne: int, erreur: Erreur = _erreur, mots: str = "extrait"
) -> tuple[str, int]:
    """The place of ``entree``'s ``ligne`` (« 001:2442 ») as (source file, line), once its ``mots`` are
    found to begin there in ``sources`` (the cleaned sources by file); else ``erreur``, as for ``champ``."""
    lieu, extrait = champ(entree, "ligne", ligne, erreur), champ(entree, mots, ligne, erreur)
    cles = {source(fichier).cle: fichier for fichier in sources}
    trouve = LIEU.match(lieu.strip())
    if not trouve or trouve["cle"] not in cles:
        raise erreur(
            ligne, f"« {lieu} » n'est pas un lieu de source (attendu : 001:2442, sources {', '.join(sorted(cles))})."
        )
    fichier, numero = cles[trouve["cle"]], int(trouve["ligne"])
    if not 1 <= numero <= len(sources[fichier]):
        raise erreur(ligne, f"la source {trouve['cle']} n'a pas de ligne {numero}.")
    # The words begin on that line, whitespace aside, and may run over the next ones (a wrapped sentence).
    premiere = " ".join(sources[fichier][numero - 1].split())
    voulu = " ".join(extrait.split())
    position = " ".join(" ".join(sources[fichier][numero - 1 : numero - 1 + _PORTEE]).split()).find(voulu)
    if not voulu or not 0 <= position < max(len(premiere), 1):
        raise erreur(ligne, f"l'extrait « {extrait} » ne commence pas à la ligne {lieu} de la source.")
    return fichier, numero


def paragraphe(valeur: object, edition: str, ligne: int, erreur: Erreur = _erreur) -> Label:
    label = parse_label(valeur) if isinstance(valeur, str) else None
    if label is None or not label.parties:
        raise erreur(ligne, f"« {valeur} » n'est pas un paragraphe du Code {edition} (attendu : 16C, 12C1(e)).")
    return label


def _preuves(entree: dict, ligne: int, sources: dict[str, tuple[str, ...]]) -> str:
    """The entry's ``raison``, once each edition's evidence (``preuve_2007``, ``preuve_2017``) is checked."""
    for edition in EDITIONS:
        if not isinstance(entree.get(f"preuve_{edition}"), dict):
            raise _erreur(
                ligne, f'le champ « preuve_{edition} » manque (attendu : {{ ligne = "001:2442", extrait = "…" }}).'
            )
        preuve(entree[f"preuve_{edition}"], sources, ligne)
    return champ(entree, "raison", ligne)


def _autre_regle(entree: dict, ligne: int, sources: dict[str, tuple[str, ...]]) -> AutreRegle:
    label = paragraphe(entree.get("label"), EDITIONS[-1], ligne)
    place = paragraphe(entree[COURANTE], COURANTE, ligne) if COURANTE in entree else None
    raison, courante = _preuves(entree, ligne, sources), entree[f"preuve_{COURANTE}"]
    return AutreRegle(label, raison, ligne, courante["ligne"].strip(), courante["extrait"], place)


def _inexact(entree: dict, ligne: int, sources: dict[str, tuple[str, ...]]) -> Inexact:
    fichier, numero = preuve(entree, sources, ligne, mots="texte")
    cible = None
    if "cible" in entree:
        cible = paragraphe(entree["cible"], "cité", ligne)
        if not isinstance(entree.get("preuve_cible"), dict):
            raise _erreur(
                ligne, 'une « cible » demande sa « preuve_cible » (attendu : { ligne = "001:5732", extrait = "…" }).'
            )
        preuve(entree["preuve_cible"], sources, ligne)
    return Inexact(fichier, numero, entree["texte"], champ(entree, "raison", ligne), ligne, cible)


# Each table's fields, in the order written.
_PREUVES = tuple(f"preuve_{edition}" for edition in sorted(EDITIONS))
CHAMPS = {
    "correspondance": (*sorted(EDITIONS), *_PREUVES, "raison"),
    "renvoi_inexact": ("ligne", "texte", "raison", "cible", "preuve_cible"),
    "autre_regle": ("label", COURANTE, *_PREUVES, "raison"),
}


def lire(texte: str, sources: dict[str, tuple[str, ...]]) -> Declarations:
    """The declarations of ``texte`` (the file's content, "" when absent), each checked against
    ``sources`` (source file → cleaned lines)."""
    tables = entrees(texte, FICHIER, CHAMPS, CorrespondanceInvalide)
    correspondances = tuple(
        Correspondance(tuple((ed, paragraphe(e.get(ed), ed, n)) for ed in EDITIONS), _preuves(e, n, sources), n)
        for e, n in tables["correspondance"]
    )
    inexacts = tuple(_inexact(e, n, sources) for e, n in tables["renvoi_inexact"])
    autres = tuple(_autre_regle(e, n, sources) for e, n in tables["autre_regle"])
    vus: dict[tuple[str, Label], int] = {}
    for correspondance in correspondances:
        for edition, label in correspondance.paragraphes:
            deja = vus.setdefault((edition, label), correspondance.ligne)
            if deja != correspondance.ligne:
                raise _erreur(correspondance.ligne, f"{edition} {label.compact()} est déjà déclaré ligne {deja}.")
    for autre in autres:
        if any({label for _, label in c.paragraphes} == {autre.label} for c in correspondances):
            raise _erreur(
                autre.ligne,
                f"{autre.label.compact()} est aussi déclaré la même règle dans les deux "
                "éditions : l'une des deux déclarations est fausse.",
            )
    return Declarations(correspondances, inexacts, autres)
