"""Law quotes in the body of a law in 000: their label, subtitle and sub-paragraphs
(corpus/NOTES.md §1.3–§1.5); ``guide_crochets`` finds where a quote opens and ends,
``guide_corps`` reads the rest.

- A quote with no label of its own right after a paragraph that is only a heading
  (``B. Au tour du partenaire… :`` then ``[Le partenaire…``, 3845; ``2. [Plusieurs
  résultats…]`` then ``[En match…``, 9881) is that paragraph's text, and the next
  markers are read against it (``3. [L'Organisme…`` is 86B3). A section whose first
  line is a short line without final punctuation has it as subtitle; so has a numbered
  paragraph whose whole quote is that line.
- Inside a quote, a paragraph that starts with ``1.``, ``(a)``, ``a)``, ``(i)`` or
  ``C.`` is a sub-paragraph Element labelled against the previous one (``parse_relatif``),
  and so is a letter marker glued after a sentence (« légale :(a) Quand », 3838; the
  extraction lost the line break); a marker that cannot be read so stays an item. Two
  more forms open the next paragraph only, the one after the paragraph being read:
  a section-and-number marker glued after a sentence (« …marque ajustée. B2 Dans le cas
  contraire », 1120, after ``[B1.``) and a full label at a paragraph's start
  (``50E3.``, 6006, after ``[50E2.``), so that a reference (« voir B2 ») never cuts.
- An unbracketed letter paragraph (``B. Rectification d'une erreur``) is law text
  too; it runs like an unterminated quote but is not flagged.
- A quote's subtitle (corpus/NOTES.md §1.5) ends at a colon (« [A. Attirer l'attention : tout
  joueur… »), stands alone on the quote's first line (« [A. Devoir de l'arbitre » / « Il est
  de… »), or, for a section whose colon was lost at extraction, runs into its text (« [A. Suite
  à un arbitrage Une carte jouée… », 5390–5430): it then ends before the first capitalised word
  that follows a lower-case one with no punctuation before it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from indexer.corpus.parsers.guide_crochets import AVANT_CROCHET, LABEL, SOUS_MARQUE, fermeture, fin_sans_crochet
from indexer.corpus.parsers.lignes_entieres import Brouillon
from indexer.corpus.parsers.lignes_repliees import Ligne, Morceau, bloc_prose, bloc_verbatim, couper, marque_relative
from indexer.labels import Label, parse_label, parse_relatif
from indexer.marqueurs import LETTRE, NUMERO, SECTION
from indexer.model import LOI, TEXTE

# A letter marker glued after a sentence, its line break lost: "légale :(a) Quand", "prétendre. (c) Appeler"
MARQUE_INTERNE = re.compile(rf"(?<=[.:;])\s?(?P<marque>\((?P<lettre>{LETTRE})\)\s?)(?=[A-ZÀ-Ý])")
# A section-and-number marker glued after a sentence: "…ajustée. B2 Dans le cas contraire" (1120)
SUITE_INTERNE = re.compile(rf"(?<=[.:;])\s(?P<marque>(?P<code>{SECTION}\d)\s)(?=[A-ZÀ-Ý])")
# A full label opening a paragraph inside a quote: "50E3. Dès qu'une carte…" (6006), or the
# paragraph cut at SUITE_INTERNE: "B2 Dans le cas contraire…"
LABEL_COMPLET = re.compile(rf"^\s*(?P<code>(?:{NUMERO})?{SECTION}\d{{1,2}})(?:\.\s+|\s+(?=[A-ZÀ-Ý]))")
# A quote that names its paragraph as a reference does: "[Loi 15B : Si, après…" (1398)
LOI_DEVANT = re.compile(r"^Loi\s+(?=\d)")
# "40.2" and "40.A.4" are 40A2 and 40A4
POINT_A = re.compile(r"^(\d{1,2})\.A?\.?(\d)$")
# An unbracketed letter paragraph of law text: "B. Rectification d'une erreur"
LETTRE_LOI = re.compile(rf"^(?P<section>{SECTION})\.\s+(?=[A-ZÀ-Ý])")
PONCTUATION = re.compile(r"^[\s.,;:!?)\]]*")  # what may follow a closing "]"
# A subtitle inside a quote before ":": "Hiérarchie des cartes et des couleurs", "Au tour de l'Adv. D…"
SOUS_TITRE = re.compile(r"^(?P<titre>[A-ZÀ-Ý](?:[^:,.]|Adv\.)*?)\s*:\s*")
# A section's subtitle run into its text, the colon lost: "[A. Suite à un arbitrage Une carte jouée…"
# (5390–5430, law 47): it ends before the first capitalised word after a lower-case one, with
# no punctuation before it; « Loi » is a reference, not a sentence's start
SOUS_TITRE_COLLE = re.compile(
    r"^(?P<titre>[A-ZÀ-Ý][^:.;,!?()\[\]]{2,60}?[a-zà-ÿ’'])\s+(?=(?!Lois?\b)[A-ZÀ-Ý][a-zà-ÿ’'])"
)
# A free-standing title (guide_corps reads it too): one line, no final punctuation ("Le mort")
TITRE_LIBRE = re.compile(r"^[A-ZÀ-Ý][^.:;!?,]{0,70}$")


def sous_titre(texte: str, section: bool = False) -> tuple[str, str]:
    """Split a subtitle off a quote's first text: ("Hiérarchie des cartes…", "le bridge…");
    for a section, also one run into its text without a colon (``SOUS_TITRE_COLLE``)."""
    trouve = SOUS_TITRE.match(texte.strip())
    seul = len(texte.strip()) <= 60 and TITRE_LIBRE.match(texte.strip())  # "[A. Pas de Comité d'appel"
    if (trouve is None or len(trouve["titre"]) > 90) and section and not seul:
        trouve = SOUS_TITRE_COLLE.match(texte.strip())
    if trouve is None or len(trouve["titre"]) > 90:
        return "", texte
    return trouve["titre"], texte.strip()[trouve.end() :]


def titre_section(lignes: list[Ligne]) -> tuple[str, list[Ligne]]:
    """A section's subtitle alone on its line: "Devoir de l'arbitre" / "Il est de…"."""
    premiere = lignes[0][1].strip()
    suivante = next((t.strip() for _, t in lignes[1:] if t.strip()), "")
    if TITRE_LIBRE.match(premiere) and len(premiere) <= 60 and not suivante[:1].islower():
        return premiere, lignes[1:] or [(lignes[0][0], "")]
    return "", lignes


class LecteurDeCitations:
    """The elements of one law being read, the queue of its paragraphs, and how a law
    quote is read from them, keeping the quote context; ``guide_corps._Lecteur`` reads
    the other paragraphs."""

    def __init__(self, numero: int, morceaux: list[Morceau]) -> None:
        self.numero = numero
        self.file = morceaux
        self.elements: list[Brouillon] = []
        self.contexte = Label(numero)
        self.noms: dict[tuple[str, str], Label] = {}  # quotes named from below (guide_corps.noms_plus_bas)
        self.amorce: Brouillon | None = None  # a lead-in « Xxx : » just cut off before its quote

    @property
    def courant(self) -> Brouillon | None:
        return self.elements[-1] if self.elements else None

    def _nouveau(self, type_: str, ligne: int, **champs: object) -> Brouillon:
        brouillon = Brouillon(ligne, type=type_, **champs)  # type: ignore[arg-type]
        self.elements.append(brouillon)
        return brouillon

    def _ajouter(self, brouillon: Brouillon, lignes: Sequence[Ligne], item: bool | None = None) -> None:
        """A Bloc without the "]" that close nothing; nested asides keep their brackets."""
        propres: list[Ligne] = []
        profondeur = 0
        for numero, texte in lignes:
            garde = ""
            for car in texte:
                if car != "]" or profondeur:
                    profondeur += (car == "[") - (car == "]")
                    garde += car
            propres.append((numero, garde))
        bloc = bloc_prose(propres, item)
        if bloc is not None and bloc.texte.strip("[] "):
            brouillon.blocs.append(bloc)

    def _citation(self, morceau: Morceau, crochet: bool = True) -> None:
        morceaux, incomplet = self._morceaux_citation(morceau, crochet)
        premier = morceaux[0]
        numero, texte = premier.lignes[0]
        label, titre, reste = self._ouvrir(texte, crochet)
        lignes = [(numero, reste)] + list(premier.lignes[1:])
        seule = sum(1 for _, t in lignes if t.strip()) == 1  # "2. [Plusieurs résultats…]"
        if (len(label.parties) == 1 or seule and len(label.parties) == 2) and not titre:
            titre, lignes = titre_section(lignes)
        entete = self._entete_sans_texte()
        if label == Label(self.numero) and entete is not None:  # "B. Au tour du…" / "[Le partenaire…" (3848)
            brouillon, label = entete, entete.label or label
            brouillon.incomplet = brouillon.incomplet or incomplet
        else:
            label = self._nomme_plus_bas(label, morceaux)
            titre = titre or self._titre_d_amorce()
            brouillon = self._nouveau(LOI, premier.ligne, label=label, titre=titre, incomplet=incomplet)
        self.contexte = label
        self._remplir(brouillon, lignes)
        for suivant in morceaux[1:]:
            self._sous_paragraphe(suivant)

    def _titre_d_amorce(self) -> str:
        """The lead-in read just before this quote, taken off the elements: the quote's
        subtitle (« Divulgation complète : [40B5a. », 4197), so that it heads the paragraph."""
        amorce, self.amorce = self.amorce, None
        if amorce is None or self.courant is not amorce:
            return ""
        self.elements.pop()
        return amorce.blocs[0].texte

    def _ouvrir(self, texte: str, crochet: bool) -> tuple[Label, str, str]:
        """Read the opening line: (label, subtitle, text after them)."""
        if not crochet:
            lettre = LETTRE_LOI.match(texte)
            assert lettre is not None
            label = parse_relatif(lettre["section"], Label(self.numero)) or Label(self.numero)
            return (label, *sous_titre(texte[lettre.end() :]))
        avant, _, apres = texte.partition("[")
        marque = AVANT_CROCHET.match(avant)
        relatif = (marque["numero"] or marque["lettre"]) if marque else None
        apres = LOI_DEVANT.sub("", apres, count=1)
        if (trouve := LABEL.match(apres)) is None:
            return self._sans_label(relatif, apres)
        code = trouve["code"]
        label = self._label(code.split("/")[0])
        titre, reste = sous_titre(apres[trouve.end() :], section=len(label.parties) == 1)
        if "/" in code:  # "[19A2/19B2." is cited as 19A2; the other label stays visible
            titre = f"{code} {titre}".strip()
        return label, titre, reste

    def _nomme_plus_bas(self, label: Label, morceaux: Sequence[Morceau]) -> Label:
        """An unlabelled quote that a quote below names by both its markers (``noms``)."""
        texte = " ".join(t for m in morceaux for _, t in m.lignes)
        noms = (n for (a, b), n in self.noms.items() if f"({a})" in texte and f"({b})" in texte)
        return next(noms, label) if label == Label(self.numero) else label

    def _entete_sans_texte(self) -> Brouillon | None:
        courant = self.courant
        if courant is None or courant.type != LOI or courant.blocs or not courant.titre or courant.label is None:
            return None  # not a heading alone: label and subtitle, no text
        return courant

    def _sans_label(self, relatif: str | None, apres: str) -> tuple[Label, str, str]:
        """An unlabelled quote: the marker before "[" ("2. [Un"), or its own letter marker
        ("[(b) Quand…", 5540, after 47E2(a)), read against the last quoted paragraph."""
        if relatif:
            return self._relatif(relatif), "", apres
        propre = SOUS_MARQUE.match(apres)
        label = self._label_marque(propre) if propre and (propre["lettre"] or propre["romain"]) else None
        if propre is None or label is None:
            return Label(self.numero), "", apres
        return label, "", apres[propre.end() :]

    def _label(self, code: str) -> Label:
        code = POINT_A.sub(r"\1A\2", code.replace(" ", ""))
        if code[0].isalpha():
            return parse_relatif(code, Label(self.numero)) or Label(self.numero)
        if code.isdigit() and int(code) != self.numero:
            return self._relatif(code)  # "[1." in 16D is 16D1
        return parse_label(code) or Label(self.numero)

    def _relatif(self, marque: str) -> Label:
        return parse_relatif(marque, self.contexte) or Label(self.numero)

    def _remplir(self, brouillon: Brouillon, lignes: Sequence[Ligne]) -> None:
        """The text of a law paragraph; a second marker on its line, or a letter marker
        glued after a sentence (``MARQUE_INTERNE``), opens a child."""
        numero, texte = lignes[0]
        marque = SOUS_MARQUE.match(texte)
        if marque and not marque["section"] and self._label_marque(marque) is not None:
            self._sous_paragraphe(Morceau(((numero, texte),) + tuple(lignes[1:]), saut=False))
            return
        for index, (_, ligne) in enumerate(lignes):
            interne = MARQUE_INTERNE.search(ligne, 1 if index == 0 else 0)
            if interne is None or marque_relative((None, None, interne["lettre"], None), self.contexte) is None:
                interne = SUITE_INTERNE.search(ligne, 1 if index == 0 else 0)
                if interne is not None and not suit(parse_relatif(interne["code"], self.contexte), self.contexte):
                    interne = None
            if interne:
                avant, apres = couper(Morceau(tuple(lignes), saut=False), index, interne.start("marque"))
                if avant is not None and apres is not None:
                    self._ajouter(brouillon, avant.lignes, item=False)
                    self._sous_paragraphe(apres)
                    return
        self._ajouter(brouillon, lignes, item=False)

    def _label_marque(self, marque: re.Match[str]) -> Label | None:
        return marque_relative([marque[k] for k in ("section", "numero", "lettre", "romain")], self.contexte)

    def _label_suivant(self, marque: re.Match[str]) -> Label | None:
        """A sub-paragraph marker's label; a full label (``LABEL_COMPLET``) only when it is
        the paragraph after the one being read."""
        if "code" not in marque.groupdict():
            return self._label_marque(marque)
        code = marque["code"]
        label = parse_relatif(code, self.contexte) if code[0].isalpha() else parse_label(code)
        return label if label is not None and suit(label, self.contexte) else None

    def _sous_paragraphe(self, morceau: Morceau) -> None:
        courant = self.courant
        assert courant is not None
        if morceau.forme != TEXTE:
            courant.blocs.append(bloc_verbatim(morceau))
            return
        numero, texte = morceau.lignes[0]
        marque = SOUS_MARQUE.match(texte) or LABEL_COMPLET.match(texte)
        label = self._label_suivant(marque) if marque else None
        if marque is None or label is None:
            self._ajouter(courant, morceau.lignes)
            return
        lignes = [(numero, texte[marque.end() :])] + list(morceau.lignes[1:])
        titre = ""
        if marque.groupdict().get("section"):
            titre, reste = sous_titre(lignes[0][1])
            lignes[0] = (numero, reste)
            if not titre:
                titre, lignes = titre_section(lignes)
        enfant = self._nouveau(LOI, numero, label=label, titre=titre)
        self.contexte = label
        self._remplir(enfant, lignes)

    def _morceaux_citation(self, morceau: Morceau, crochet: bool) -> tuple[list[Morceau], bool]:
        """Cut at the quote's "]"; what follows goes back in the queue. True: no "]" ends the quote."""
        fin = fermeture([morceau, *self.file]) if crochet else None
        if fin is None:
            pris = [morceau]
            while self.file and not fin_sans_crochet(self.file[0]):
                pris.append(self.file.pop(0))
            return pris, crochet
        rang, index, colonne = fin
        pris = [morceau] + [self.file.pop(0) for _ in range(rang)]
        dernier, suite = couper(pris[-1], index, colonne)
        pris[-1:] = [dernier] if dernier else []
        if suite is not None:
            self._suite_de_citation(suite, pris)
        return pris, False

    def _suite_de_citation(self, suite: Morceau, pris: list[Morceau]) -> None:
        """After "]": punctuation joins the quote ("montre]." → "montre."), words go back."""
        numero, texte = suite.lignes[0]
        texte = texte[1:]  # the "]" itself
        ponctuation = PONCTUATION.match(texte)
        assert ponctuation is not None
        signes = ponctuation[0].replace("]", "").strip()
        if signes and pris:
            dernier = pris[-1]
            n, t = dernier.lignes[-1]
            pris[-1] = replace(dernier, lignes=dernier.lignes[:-1] + ((n, t.rstrip() + signes),))
        reste = ((numero, texte[ponctuation.end() :]),) + suite.lignes[1:]
        if any(t.strip() for _, t in reste):
            self.file.insert(0, Morceau(reste, saut=False, forme=suite.forme))


def suit(label: Label | None, contexte: Label) -> bool:
    """Whether ``label`` is the paragraph right after ``contexte`` at some level: 13B2 after
    13B1, 50E3 after 50E2 (and after 50E2(b)), never 50E4 after 50E2."""
    if label is None or label.loi != contexte.loi or not label.parties:
        return False
    rang = len(label.parties) - 1
    if len(contexte.parties) <= rang or label.parties[:rang] != contexte.parties[:rang]:
        return False
    avant, apres = contexte.parties[rang], label.parties[rang]
    if avant.isdigit() and apres.isdigit():
        return int(apres) == int(avant) + 1
    return len(avant) == len(apres) == 1 and ord(apres) == ord(avant) + 1
