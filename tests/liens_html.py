"""Read the built site's law pages: which paragraph heading carries which edition, and
every link with the edition of the text it stands in and of the paragraph it lands on.

The edition of a paragraph heading is read from a ``data-edition`` attribute or an
``e2007``/``e2017`` class, on the heading itself or on an element inside it (the
badge); ``edition_de`` is that one rule, so the test survives a new heading layout.
A link stands in the text of the last heading read. A page section (``h2``) without a
marker states its edition by the first year of its title (« Commentaire du Guide
pratique (2017) », « Texte 2007 (remplacé…) »), or none (« Cité par »): its links are
then not counted.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

_TITRES = {"h1", "h2", "h3", "h4", "h5", "h6"}
_CLASSE_EDITION = re.compile(r"^e(\d{4})$")
_ANNEE = re.compile(r"\b(2007|2017)\b")


def edition_de(attributs: dict[str, str]) -> str:
    """The edition an element states (``data-edition="2017"`` or class ``e2017``), else ""."""
    if attributs.get("data-edition"):
        return attributs["data-edition"]
    for classe in (attributs.get("class") or "").split():
        trouve = _CLASSE_EDITION.match(classe)
        if trouve:
            return trouve[1]
    return ""


@dataclass
class Lien:
    page: str  # "lois/16" (the page's folder under site/)
    href: str
    classes: tuple[str, ...]
    edition: str  # of the text the link stands in ("" when unknown)
    ancre_de: str  # the heading the link stands under (for messages)


@dataclass
class Page:
    editions: dict[str, str] = field(default_factory=dict)  # id inside a paragraph heading → edition
    liens: list[Lien] = field(default_factory=list)
    titres: list[str] = field(default_factory=list)  # every id inside a heading, edition or not


class _Lecteur(HTMLParser):
    def __init__(self, page: str, edition_fixe: str) -> None:
        super().__init__(convert_charrefs=True)
        self.page, self.resultat, self.fixe = page, Page(), edition_fixe
        self.titre: list[str] | None = None  # ids of the heading being read
        self.edition_titre, self.niveau, self.texte_titre = "", "", ""
        self.courante, self.sous = edition_fixe, ""
        self.dans_article = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributs = {k: v or "" for k, v in attrs}
        if tag == "article":
            self.dans_article = True
        if tag in _TITRES and self.dans_article:
            self.titre, self.edition_titre = [], edition_de(attributs)
            self.niveau, self.texte_titre = tag, ""
        if self.titre is not None:
            if attributs.get("id"):
                self.titre.append(attributs["id"])
            self.edition_titre = self.edition_titre or edition_de(attributs)
        elif tag == "a" and self.dans_article and attributs.get("href"):
            classes = tuple((attributs.get("class") or "").split())
            self.resultat.liens.append(Lien(self.page, attributs["href"], classes, self.courante, self.sous))

    def handle_data(self, data: str) -> None:
        if self.titre is not None:
            self.texte_titre += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "article":
            self.dans_article = False
        if tag in _TITRES and self.titre is not None:
            self.resultat.titres += self.titre
            for id_ in self.titre:
                if self.edition_titre:
                    self.resultat.editions[id_] = self.edition_titre
            if self.fixe:
                pass
            elif self.edition_titre:
                self.courante = self.edition_titre
            elif self.niveau == "h2":
                annee = _ANNEE.search(self.texte_titre)
                self.courante = annee[1] if annee else ""
            self.sous = self.titre[0] if self.titre else ""
            self.titre = None


def lire_page(site: Path, page: str, edition_fixe: str = "") -> Page:
    """The headings' editions and the links of one built page (``lois/16``); a page that is
    all of one edition (the 2007 index) says so in ``edition_fixe``."""
    lecteur = _Lecteur(page, edition_fixe)
    lecteur.feed((site / page / "index.html").read_text(encoding="utf-8"))
    return lecteur.resultat


# The id of a law paragraph (« loi-16-c-2017 », « loi-12-b-1 »), not of the page, an example or a note
PARAGRAPHE = re.compile(r"^loi-\d{1,2}-[a-h](?:-|$)")


def cible(lien: Lien) -> tuple[str, str] | None:
    """The page and id a link lands on (``("lois/16", "loi-16-c-2017")``), None when it leaves
    the law pages or has no id."""
    chemin, _, ancre = lien.href.partition("#")
    if "://" in chemin or not ancre:
        return None
    page = posixpath.normpath(posixpath.join(lien.page, chemin.removesuffix("index.html"))) if chemin else lien.page
    return (page, ancre) if page.startswith("lois/") else None


@dataclass(frozen=True)
class Bilan:
    """Links from a paragraph of one edition to a paragraph (of either edition)."""

    total: int
    croises: tuple[Lien, ...]  # to the other edition
    non_marques: tuple[Lien, ...]  # to the other edition without the class ``autre-edition``


def bilan(site: Path, pages: dict[str, str]) -> Bilan:
    """The links between paragraphs of ``pages`` (page → its fixed edition, "" for a law page)."""
    lues = {page: lire_page(site, page, fixe) for page, fixe in pages.items()}
    total, croises = 0, []
    for page in lues.values():
        for lien in page.liens:
            arrivee = cible(lien)
            if not lien.edition or arrivee is None or arrivee[0] not in lues:
                continue
            edition = lues[arrivee[0]].editions.get(arrivee[1], "")
            if not edition:
                continue
            total += 1
            if edition != lien.edition:
                croises.append(lien)
    non_marques = tuple(lien for lien in croises if "autre-edition" not in lien.classes)
    return Bilan(total, tuple(croises), non_marques)
