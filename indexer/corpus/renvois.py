"""Cross-references: find the law citations in a text, then resolve them in two passes.

Pass one (``trouver``) reads a text and returns spans with their target label, using
the one citation grammar of ``labels``. Pass two (``resolve``) links every target in
the edition of the text that cites it (``corpus.cibles``: a 2007 text to 2007
paragraphs, a 2017 one to 2017 paragraphs); an inexact target is reported with its
explanation, so that ``loi construire --strict`` can refuse the unexplained ones.
The forms handled are those of corpus/NOTES.md §8:

- ``Loi 16B``, ``loi 68D``, glued ``Loi62C3``, spaced ``Loi 9 A 2.b)``, ``LOI 64.B``;
- lists after ``Lois``: ``Lois 27B1(b), 30B1(b)(i), 31A2(a) et32A2(a)``, glosses in
  parentheses between items, an item without its law number (``67B1 et B2``);
- bare codes with a section letter: ``86A permet``, ``La 23C est``;
- relative ones, read in the paragraph they stand in: ``voir C ci-dessous``,
  ``comme en A2(a) ou A2(b) ci-dessus``, ``Indépendamment de B1``, ``voir 4, ci-après``;
- in the alphabetical index, bare law numbers too (``Jeu normal 71, renvoi``).

Not references: ``loi de 1901`` (no number right after), ``17H`` (letters stop at G),
holdings such as ``ARDV87`` (a letter just before).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace

from indexer.corpus.ancres import Ancres
from indexer.corpus.cibles import Cibles, calculer_cibles, equivalents, resoudre
from indexer.corpus.correspondances import FICHIER, Declarations
from indexer.corpus.renvois_index import lier_index
from indexer.labels import Label, parse_label, parse_relatif
from indexer.marqueurs import LETTRE_2007, NUMERO, ROMAIN, SECTION, SECTION_CASSE
from indexer.model import DIAGRAMME, ENCHERES, LOI, TABLEAU, Bloc, Corpus, Loi, Renvoi, RenvoiArticle

Articles = dict[str, tuple[str, str]]  # article or sub-article key ("83.1") → (page, anchor)

# One citation after "Loi": 16, 16B, 16 B, 16B1, 9 A 2.b), 12C1e, 12C1(e) (i), 64.B
ATOME = (
    rf"(?P<loi>{NUMERO})(?!\d)"
    rf"(?:\s?\.?(?P<section>{SECTION})(?![^\W\d_])"
    rf"(?:\s?\.?(?P<numero>{NUMERO})(?!\d))?"
    rf"(?:\s?\.?\s?\(?(?P<lettre>{LETTRE_2007})\)|(?P<lettre2>{LETTRE_2007})(?![^\W_]))?"
    rf"(?:\s?\((?P<romain>{ROMAIN})\))?)?"
)
_ATOME = re.compile(ATOME)
# "Loi", "Lois", "LOI", "loi" (glued or not) but not "loi de 1901" nor "toute loi".
_PREFIXE = re.compile(r"(?<![^\W\d_])(?P<mot>[Ll]ois?|LOIS?)\s*(?=\d)")
# Between two items of a list: "," "et" "ou" "à" "-" "/", glued "et32A2" included.
_SEPARATEUR = re.compile(r"\s*(?:\([^()]{1,80}\)\s*)?(?:,|\bet|\bou|à|-|–|/)\s*")
# An item that drops its law number after a first full one: "67B1 et B2".
_SUITE = re.compile(rf"(?P<section>{SECTION})(?P<reste>{NUMERO}(?:\({LETTRE_2007}\))?(?:\({ROMAIN}\))?)?(?![^\W_])")
# A bare code with a section letter, not glued to a word: "86A permet", "(16C)".
_NU = re.compile(
    rf"(?<![\w./-]){NUMERO}{SECTION}(?:{NUMERO})?(?:\(?{LETTRE_2007}\)|{LETTRE_2007}(?![^\W_]))?(?:\s?\({ROMAIN}\))?(?![\w♠♥♦♣])"
)
# A relative reference: a section path without the law number.
REL = (
    rf"{SECTION}(?:{NUMERO})?(?:\({LETTRE_2007}\))?(?:\({ROMAIN}\))?"
    rf"|{NUMERO}(?=\s*,?\s*ci)"  # "voir 4, ci-après": a number in the current section
    rf"|\({LETTRE_2007}\)(?:\({ROMAIN}\))?"  # "comme en (a) ci-dessus"
)
_CI = r"\s*,?\s*ci[\s-]?(?:dessus|dessous|après|apres|avant)"
_RELATIF_CI = re.compile(rf"(?<![\w(])(?:{REL})(?:\s*(?:,|et|ou)\s*(?:{REL}))*(?={_CI})")
_RELATIF_VOIR = re.compile(rf"(?:\b[Vv]oir|\bcf\.|[Ii]ndépendamment de)\s+(?P<rel>{REL})(?![\w(])")
_RELATIF_UN = re.compile(REL)
# A regulation article: "Article 91", "article136", "Article140.2", "Articles 61 a 82".
_ARTICLE = re.compile(
    r"\b[Aa]rticles?\s*(?P<premier>\d{1,3}(?:\.\d+)*)(?:\s+(?:à|a|et)\s+(?P<second>\d{1,3}(?:\.\d+)*))?"
)
# Index locators: bare law numbers count too ("71, renvoi").
_INDEX = re.compile(
    rf"(?<![\w.(]){NUMERO}(?:\s?{SECTION_CASSE}[^\s,;]*(?:\s\((?:{ROMAIN}|{LETTRE_2007})\))?)?(?![\w.])"
)  # « 12C1(e) (i) », « 40A1 (a) » (001:5829): a part written after a space


@dataclass(frozen=True)
class Probleme:
    """A reference whose exact target does not exist: where, what, what was linked, and
    why (``explication``; "" when nothing explains it: ``loi construire --strict`` fails)."""

    source: str
    ligne: int
    texte: str
    message: str
    explication: str = ""


@dataclass(frozen=True)
class Lieu:
    source: str
    ligne: int
    edition: str
    contexte: Label | None = None
    index_alphabetique: bool = False


def _label_atome(trouve: re.Match[str]) -> Label | None:
    morceaux = [trouve["loi"], trouve["section"] or "", trouve["numero"] or ""]
    lettre = trouve["lettre"] or trouve["lettre2"]
    morceaux += [f"({lettre})" if lettre else "", f"({trouve['romain']})" if trouve["romain"] else ""]
    return parse_label("".join(morceaux))


def _suite(texte: str, debut: int, label: Label) -> Iterator[Renvoi]:
    """The item at ``debut`` that drops the law number of ``label``: "67B1 et B2"."""
    suite = _SUITE.match(texte, debut)
    cible = parse_label(f"{label.loi}{suite.group()}") if suite else None
    if suite and cible:
        yield Renvoi(suite.start(), suite.end(), cible)


def _liste(texte: str, prefixe: re.Match[str]) -> Iterator[Renvoi]:
    """The citations after a « Loi »: the first link covers "Loi 16B", the next ones their own code."""
    pluriel, debut = prefixe["mot"].lower() == "lois", prefixe.start()
    trouve = _ATOME.match(texte, prefixe.end())
    label = _label_atome(trouve) if trouve else None
    while trouve and label:
        yield Renvoi(debut, trouve.end(), label)
        separateur = _SEPARATEUR.match(texte, trouve.end())
        if not separateur:
            return
        suivant = _ATOME.match(texte, separateur.end())
        if suivant and suivant["section"] is None and not pluriel:
            return  # "la Loi 68 et 3 levées": a bare number after a singular is no law
        if not suivant:
            yield from _suite(texte, separateur.end(), label)
            return
        trouve, label, debut = suivant, _label_atome(suivant), suivant.start()


def _nus(texte: str) -> Iterator[Renvoi]:
    for trouve in _NU.finditer(texte):
        label = parse_label(trouve.group())
        if not label:
            continue
        yield Renvoi(trouve.start(), trouve.end(), label)
        separateur = _SEPARATEUR.match(texte, trouve.end())
        if separateur:
            yield from _suite(texte, separateur.end(), label)


def _relatifs(texte: str, contexte: Label) -> Iterator[Renvoi]:
    for groupe in _RELATIF_CI.finditer(texte):
        for un in _RELATIF_UN.finditer(groupe.group()):
            cible = parse_relatif(un.group(), contexte)
            if cible:
                yield Renvoi(groupe.start() + un.start(), groupe.start() + un.end(), cible)
    for trouve in _RELATIF_VOIR.finditer(texte):
        cible = parse_relatif(trouve["rel"], contexte)
        if cible:
            yield Renvoi(trouve.start("rel"), trouve.end("rel"), cible)


def trouver(texte: str, contexte: Label | None = None, index_alphabetique: bool = False) -> tuple[Renvoi, ...]:
    """Every citation in ``texte``, in order, without overlaps (first finder wins).

    ``contexte`` is the paragraph the text is read in, for relative references;
    ``index_alphabetique`` reads the text as locators of the alphabetical index.
    """
    if index_alphabetique:
        candidats: list[Renvoi] = []
        for trouve in _INDEX.finditer(texte):
            # « 16A(c) » (001:5874) skips 16A's numbers: the index means a part of 16A,
            # which is linked (the longest prefix the grammar reads), never a guessed 16A1(c).
            debut = re.match(r"\d+[A-Za-z]?", trouve.group())
            label = parse_label(trouve.group()) or (parse_label(debut.group()) if debut else None)
            candidats += [Renvoi(trouve.start(), trouve.end(), label)] if label else []
    else:
        candidats = [renvoi for prefixe in _PREFIXE.finditer(texte) for renvoi in _liste(texte, prefixe)]
        candidats += [*_nus(texte), *(_relatifs(texte, contexte) if contexte else ())]
    retenus: list[Renvoi] = []
    for renvoi in candidats:
        if all(renvoi.fin <= r.debut or renvoi.debut >= r.fin for r in retenus):
            retenus.append(renvoi)
    return tuple(sorted(retenus, key=lambda r: r.debut))


def trouver_articles(texte: str) -> list[tuple[int, int, str]]:
    """Every regulation article cited in ``texte``: (start, end, key), both ends of a range."""
    trouves = []
    for trouve in _ARTICLE.finditer(texte):
        trouves.append((trouve.start(), trouve.end("premier"), trouve["premier"]))
        if trouve["second"]:
            trouves.append((trouve.start("second"), trouve.end("second"), trouve["second"]))
    return trouves


# The RNC is given in extracts (Titres IV and VII): an article outside them is expected.
_RNC_PARTIEL = "le RNC n'est donné qu'en extraits (Titres IV et VII)"


def _lier_articles(texte: str, lieu: Lieu, articles: Articles, problemes: list[Probleme]) -> list[RenvoiArticle]:
    lies = []
    for debut, fin, cle in trouver_articles(texte):
        parents = (".".join(cle.split(".")[:n]) for n in range(cle.count(".") + 1, 0, -1))
        cible = next((articles[p] for p in parents if p in articles), None)  # else its nearest parent: 105.2.1 → 105.2
        if cible is None:
            message = (
                f"« {texte[debut:fin]} » : l'article {cle} n'existe pas dans les extraits du RNC "
                f"(Titres IV et VII) ; pas de lien. Expliqué : {_RNC_PARTIEL}."
            )
            problemes.append(Probleme(lieu.source, lieu.ligne, texte[debut:fin], message, _RNC_PARTIEL))
        else:
            lies.append(RenvoiArticle(debut, fin, cle, *cible))
    return lies


def _lier_renvoi(renvoi: Renvoi, texte: str, lieu: Lieu, cibles: Cibles, problemes: list[Probleme]) -> Renvoi:
    inexact = cibles.declarations.inexact(lieu.source, lieu.ligne, texte)
    voulu = inexact.cible if inexact else None  # a slip whose meant paragraph is declared
    arrivee = resoudre(voulu or renvoi.cible, lieu.edition, cibles)
    if voulu and not arrivee.message:
        arrivee = replace(
            arrivee, message=f"{renvoi.cible} est une coquille de la source ; lien vers {voulu.compact()}."
        )
    aussi: tuple[Renvoi, ...] = ()
    if lieu.index_alphabetique and not arrivee.message:
        aussi = tuple(
            Renvoi(renvoi.debut, renvoi.fin, a.cible, a.ancre, a.autre_edition)
            for a in equivalents(renvoi.cible, lieu.edition, cibles)
        )
    if arrivee.message:
        explication = arrivee.explication
        if not explication and inexact:
            explication = f"{inexact.raison} ({FICHIER}, ligne {inexact.ligne_toml})"
        suite = f" Expliqué : {explication}." if explication else " Inexpliqué."
        problemes.append(
            Probleme(lieu.source, lieu.ligne, texte, f"« {texte} » : {arrivee.message}{suite}", explication)
        )
    return Renvoi(
        renvoi.debut, renvoi.fin, arrivee.cible, arrivee.ancre, arrivee.autre_edition, aussi, arrivee.non_place
    )


def lier_bloc(bloc: Bloc, lieu: Lieu, cibles: Cibles, articles: Articles, problemes: list[Probleme]) -> Bloc:
    """The bloc linked at its own line of ``lieu``; its reports added to ``problemes``."""
    if bloc.forme in (DIAGRAMME, ENCHERES, TABLEAU):
        return bloc
    lieu = replace(lieu, ligne=bloc.ligne)
    trouves = trouver(bloc.texte, lieu.contexte, lieu.index_alphabetique)
    renvois = [_lier_renvoi(r, bloc.texte[r.debut : r.fin], lieu, cibles, problemes) for r in trouves]
    lies = [] if lieu.index_alphabetique else _lier_articles(bloc.texte, lieu, articles, problemes)
    lies = [a for a in lies if all(a.fin <= r.debut or a.debut >= r.fin for r in renvois)]
    return replace(bloc, renvois=tuple(renvois), articles=tuple(lies))


def _lier_loi(loi: Loi, cibles: Cibles, articles: Articles, problemes: list[Probleme]) -> Loi:
    parties = []
    for partie in loi.parties:
        elements, contexte = [], Label(loi.numero)
        for element in partie.elements:
            contexte = element.label if element.type == LOI and element.label else contexte
            lieu = Lieu(partie.source, 0, partie.edition, contexte)
            blocs = tuple(lier_bloc(b, lieu, cibles, articles, problemes) for b in element.blocs)
            elements.append(replace(element, blocs=blocs))
        parties.append(replace(partie, elements=tuple(elements)))
    return replace(loi, parties=tuple(parties))


def resolve(corpus: Corpus, ancres: Ancres, declarations: Declarations) -> tuple[Corpus, tuple[Probleme, ...]]:
    """Attach its references to every Bloc, each in its text's edition; report the inexact ones."""
    problemes: list[Probleme] = []
    cibles = calculer_cibles(corpus, ancres, declarations)
    articles = {s.cle: (d.chemin, s.ancre) for d in corpus.documents if d.type == "reglement" for s in d.sections}
    lois = tuple(_lier_loi(loi, cibles, articles, problemes) for loi in corpus.lois)
    par_type = {document.type: document for document in corpus.documents}
    documents = []
    for document in corpus.documents:
        lieu = Lieu(document.source, 0, document.edition, None, document.type == "index")
        sections = [
            replace(s, blocs=tuple(lier_bloc(b, lieu, cibles, articles, problemes) for b in s.blocs))
            for s in document.sections
        ]
        lie = replace(document, sections=tuple(sections))
        if document.type == "index":  # « Voir X », « définitions »: renvois_index
            lie = lier_index(lie, par_type.get("definition"), par_type.get("objet"))
        documents.append(lie)
    return Corpus(lois, tuple(documents)), tuple(problemes)
