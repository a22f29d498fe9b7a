"""The immutable model of the corpus: laws, their paragraphs, commentary and side documents.

Every stage after parsing works on these frozen dataclasses. Each piece keeps the line of its source
where it starts, so that any message can point at ``source:ligne``. The words (``Loi``, ``Partie``,
``Element``, ``Bloc``, ``Document``…) are those of CONTRIBUTING.md, « Glossaire ».
"""

from __future__ import annotations

from dataclasses import dataclass

from indexer import genres
from indexer.editions import EDITIONS
from indexer.genres import *  # noqa: F403 — the model's vocabulary (kinds of blocs, elements, roles), for its readers
from indexer.labels import Label


def lisible(titre: str) -> str:
    """A title printed in capitals (002: « REVENDICATION OU CONCESSION ») in sentence case."""
    return titre[:1] + titre[1:].lower() if titre.isupper() else titre


@dataclass(frozen=True)
class Renvoi:
    """A cross-reference found in a Bloc's text: ``texte[debut:fin]`` points at ``cible``.

    Once resolved (``corpus.renvois``): ``ancre`` is the id linked on the law's page, in
    the citing text's edition ("" for the page itself); ``autre_edition`` names the
    linked paragraph's edition when a declared correspondence made the link cross
    editions; ``aussi`` are further links to the same rule in another edition (the 2007
    index's « → 2017 »); ``non_place`` is the paragraph cited when no source of its
    edition places it, the link then going to the law (``cible``).
    """

    debut: int
    fin: int
    cible: Label
    ancre: str = ""
    autre_edition: str = ""
    aussi: tuple[Renvoi, ...] = ()
    non_place: Label | None = None


@dataclass(frozen=True)
class RenvoiArticle:
    """A reference to an article of the regulations: ``texte[debut:fin]`` points at the
    section ``ancre`` of the page ``page`` (``reglements/titre-iv.md``)."""

    debut: int
    fin: int
    cle: str
    page: str
    ancre: str


@dataclass(frozen=True)
class NoteBas:
    """A footnote. Its call stands in the Bloc text as ``[^cle]``."""

    cle: str
    texte: str
    ligne: int


@dataclass(frozen=True)
class Bloc:
    """A run of text as it stands in a source."""

    forme: str
    texte: str
    ligne: int
    cellules: tuple[tuple[str, ...], ...] = ()
    renvois: tuple[Renvoi, ...] = ()
    articles: tuple[RenvoiArticle, ...] = ()


@dataclass(frozen=True)
class Element:
    """A law paragraph, a commentary paragraph, an example or a note.

    ``label`` is set for law text only; ``Label(68)`` alone is the law's preamble.
    ``titre`` is a law paragraph's subtitle ("Définition de la revendication") or an
    example's heading as written ("Exemple 3 :"). ``incomplet`` flags a quote whose
    closing bracket is missing in the source.
    """

    type: str
    blocs: tuple[Bloc, ...]
    ligne: int
    label: Label | None = None
    titre: str = ""
    incomplet: bool = False
    notes: tuple[NoteBas, ...] = ()


@dataclass(frozen=True)
class Partie:
    """What one source says of one law, in the source's own order.

    ``titre_de_loi`` is False when ``titre`` heads the part but is not the law's title:
    the Guide's overview of Laws 28 to 32, its run-in titles for Laws 36 to 39.
    ``couvre`` lists the other laws such an overview speaks of, so that their pages
    point to it.
    """

    source: str
    edition: str
    role: str
    titre: str
    ligne: int
    elements: tuple[Element, ...]
    titre_de_loi: bool = True
    couvre: tuple[int, ...] = ()


@dataclass(frozen=True)
class Loi:
    """One law and every source's part of it (parts in rendering order)."""

    numero: int
    parties: tuple[Partie, ...]

    def titres(self) -> dict[str, str]:
        """The law's title per edition, the official text's wording first."""
        titres: dict[str, str] = {}
        for partie in sorted(self.parties, key=lambda p: p.role != genres.ROLE_TEXTE):
            if partie.titre and partie.titre_de_loi:
                titres.setdefault(partie.edition, lisible(partie.titre))
        return titres

    def titre(self) -> str:
        """The current title: 2017 where a source gives it, else 2007."""
        titres = self.titres()
        return next((titres[e] for e in EDITIONS if e in titres), "")


@dataclass(frozen=True)
class Section:
    """One addressable piece of a Document: a definition, an article, an index entry…

    ``cle`` is the section's own identifier (``"83.1"``, ``"Mort"``), ``ancre`` its
    HTML id, ``niveau`` its depth (1 = top) for headings.
    """

    cle: str
    ancre: str
    titre: str
    ligne: int
    blocs: tuple[Bloc, ...] = ()
    niveau: int = 1
    notes: tuple[NoteBas, ...] = ()


@dataclass(frozen=True)
class Document:
    """A page that is not a law: ``chemin`` is its path under docs/ (``"definitions.md"``)."""

    chemin: str
    titre: str
    source: str
    edition: str
    type: str  # "definition", "index", "reglement", "annexe", "preface", "tableau"…
    sections: tuple[Section, ...]
    intro: tuple[Bloc, ...] = ()


@dataclass(frozen=True)
class Extrait:
    """What one parser returns: parts of laws keyed by law number, and documents."""

    source: str
    parties: tuple[tuple[int, Partie], ...] = ()
    documents: tuple[Document, ...] = ()


@dataclass(frozen=True)
class Corpus:
    """Everything, merged: the 93 laws in order and the side documents."""

    lois: tuple[Loi, ...]
    documents: tuple[Document, ...] = ()

    def loi(self, numero: int) -> Loi | None:
        return next((loi for loi in self.lois if loi.numero == numero), None)


@dataclass(frozen=True)
class Fiche:
    """One element of a law page, or one section of a side document, flattened.

    The one record that the search index (a document per fiche) and ``loi voir`` (an
    entry per fiche) are made from, computed once per build by ``corpus.fiches``.
    ``ref`` is the fiche's own reference (``68C``; ``68 commentaire 3`` for what is
    not law text; a section's key); ``rattachement`` the law paragraph it belongs to
    (law text: its own label; commentary, examples, notes: the last paragraph quoted
    before them in the same part, else the law). ``titre`` is the element's own
    subtitle, ``page`` the title of the page it is on. ``texte`` is the whole text
    (subtitle of law text, blocks, footnotes), ``corps`` the blocks alone.
    """

    loi: int | None
    ref: str
    rattachement: str
    ancre: str
    url: str
    type: str
    edition: str
    role: str
    source: str
    titre: str
    page: str
    texte: str
    corps: str
