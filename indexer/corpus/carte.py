"""The map of the 2017 Code (pure): which 2017 paragraphs the sources attest, by which
line, and what the 2007 paragraphs became where the sources say it.

No source gives the whole 2017 Code but Laws 68–71 (002). A 2017 paragraph exists here
only where a 2017 source attests it:

- a quote (``CITATION``): the Guide's ``[16B1. …]``, the booklet's and the notes'
  extracts, the official text of 68–71;
- a heading without the words (``INTITULE``): the Guide's « 64C - Réparation des
  dommages » or « … (16C) : », declared with its evidence in ``corpus/rattachements.toml``
  when the layout does not show it;
- a paragraph whose sub-paragraphs are attested (``ALINEAS``): 12B exists since 12B1
  does, though no source gives its heading.

A 2007 number is never evidence of a 2017 one: the 2017 Code renumbered many laws
(13, 15/17, 40, 50, 86…). What became of a 2007 paragraph comes only from
``corpus/correspondances.toml``: the same rule under another number (2007 86C is 2017
86A), or another rule under the same number (2007 15A and 2017 15A). Where it declares
nothing, the sources cannot decide and nothing is said.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from indexer.corpus.ancres import parcourir
from indexer.corpus.correspondances import FICHIER, AutreRegle, Declarations
from indexer.editions import COURANTE, EDITIONS
from indexer.labels import Label
from indexer.model import LOI, Corpus

ANCIENNE = EDITIONS[-1]

# How a 2017 paragraph is attested.
CITATION = "citation"
INTITULE = "intitule"
ALINEAS = "alineas"


@dataclass(frozen=True)
class Attestation:
    """The first line of a 2017 source that attests ``label``, and how."""

    label: Label
    genre: str
    source: str  # the source's file name
    ligne: int


@dataclass(frozen=True)
class Devenir:
    """What became of the 2007 paragraph ``label`` in 2017, as a declaration gives it: the
    same rule under another number (``meme``), and/or another rule under its number or in
    its place (``autre``: 15A for 15A, 26A for 26A1, as the declaration says);
    ``ligne`` is the declaration's line in correspondances.toml."""

    label: Label
    meme: Label | None
    autre: Label | None
    ligne: int

    def phrase(self, nommer: Callable[[Label], str] = Label.compact) -> str:
        """One line, each 2017 paragraph written by ``nommer`` (a link on a page)."""
        numero = self.label.compact()
        if self.autre is None:
            assert self.meme is not None
            return f"Code {COURANTE} : la même règle est la {nommer(self.meme)}."
        suite = f"est la {nommer(self.meme)}" if self.meme else f"n'a pas de numéro {COURANTE} attesté par les sources"
        return (
            f"Code {COURANTE} : la {nommer(self.autre)} traite d'un autre cas ; la règle {ANCIENNE} {numero} {suite}."
        )


@dataclass(frozen=True)
class Carte:
    """The attested 2017 paragraphs, the 2007 paragraphs whose fate a declaration gives,
    and for a 2017 paragraph the 2007 one declared the same rule (``anciens``)."""

    attestes: dict[Label, Attestation] = field(default_factory=dict)
    devenirs: dict[Label, Devenir] = field(default_factory=dict)
    anciens: dict[Label, Label] = field(default_factory=dict)
    problemes: tuple[str, ...] = ()  # declarations naming an unattested 2017 paragraph (``verifier``)

    def atteste(self, label: Label) -> bool:
        """Whether a 2017 source attests ``label`` (a law alone always is)."""
        return not label.parties or label in self.attestes

    def devenir(self, label: Label) -> Devenir | None:
        """What became of a 2007 paragraph, or of the nearest paragraph above it a declaration
        speaks of (17D1 under 17D, « la règle 2007 17D est la 15A »)."""
        return next((self.devenirs[a] for a in label.ancetres() if a in self.devenirs), None)


def _fondee(autre: AutreRegle, carte: Carte) -> bool:
    """The 2017 paragraph an [[autre_regle]] compares is attested by the map, or named by the
    declaration's own 2017 evidence (« L'arbitre appliquera la Loi 21B ou 40B3 », 000:2330)."""
    return carte.atteste(autre.cible) or autre.cible.compact() in autre.extrait_2017.replace(" ", "")


def dresser(corpus: Corpus, declarations: Declarations) -> Carte:
    """The map of the linked corpus, with what ``declarations`` say of the 2007 paragraphs."""
    attestes: dict[Label, Attestation] = {}
    labels_2007: set[Label] = set()
    for loi in corpus.lois:
        for _, partie, element in parcourir(loi):
            label = element.label
            if element.type != LOI or not label or not label.parties:
                continue
            genre, deja = CITATION if element.blocs else INTITULE, attestes.get(label)
            if partie.edition == ANCIENNE:
                labels_2007.add(label)
            elif partie.edition == COURANTE and (deja is None or (deja.genre == INTITULE and genre == CITATION)):
                attestes[label] = Attestation(label, genre, partie.source, element.ligne)
    for attestation in list(attestes.values()):
        for ancetre in attestation.label.ancetres()[1:-1]:  # its sections, the law aside
            attestes.setdefault(ancetre, Attestation(ancetre, ALINEAS, attestation.source, attestation.ligne))
    carte, devenirs = Carte(attestes), {}
    for label in sorted(labels_2007):
        meme = declarations.meme_regle(ANCIENNE, label)
        vers = meme[0][1] if meme and meme[0][1] != label else None
        autre = declarations.autre_regle(label)
        if autre and _fondee(autre, carte):
            devenirs[label] = Devenir(label, vers, autre.cible, autre.ligne)
        elif vers and meme:
            devenirs[label] = Devenir(label, vers, None, meme[1].ligne)
    anciens = {dict(c.paragraphes)[COURANTE]: dict(c.paragraphes)[ANCIENNE] for c in declarations.correspondances}
    carte = Carte(attestes, devenirs, anciens)
    return replace(carte, problemes=tuple(verifier(carte, declarations)))


def verifier(carte: Carte, declarations: Declarations) -> list[str]:
    """Declarations that name a 2017 paragraph no 2017 source attests (``loi construire
    --strict`` refuses them): a 2007 number is never evidence of a 2017 one."""
    problemes = []
    for correspondance in declarations.correspondances:
        label = dict(correspondance.paragraphes)[COURANTE]
        if not carte.atteste(label):
            problemes.append(
                f"{FICHIER}, ligne {correspondance.ligne} : la correspondance nomme "
                f"{label.compact()} ({COURANTE}), qu'aucune source {COURANTE} n'atteste."
            )
    for autre in declarations.autres_regles:
        if not _fondee(autre, carte):
            problemes.append(
                f"{FICHIER}, ligne {autre.ligne} : [[autre_regle]] compare la {autre.label.compact()} "
                f"de {ANCIENNE} à la {autre.cible.compact()} de {COURANTE}, qu'aucune source "
                f"{COURANTE} n'atteste ni ne nomme."
            )
    return problemes
