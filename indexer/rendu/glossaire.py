"""The glossary's tooltips only where a word is the defined term (a Python-Markdown extension,
registered in mkdocs.yml after ``abbr``).

``abbr`` marks every occurrence of a defined word (``includes/abreviations.md``): « contre » the
call, but also the preposition of « résolu contre le joueur » and the verb of « Sud contre » ;
« repris » the withdrawn card, but also « repris en infobulle ». This extension looks at the
words around each ``<abbr>`` and takes the tooltip off when they make it another word:

- « contre » is the call when a determiner comes before it (« le contre », « un contre »,
  « d'un contre »), when it is quoted (« le mot “Contre” »), when it heads a title or an index
  entry, or when « surcontre » follows within three words without a subject before it
  (« enchère, contre ou surcontre ») ; otherwise it is the preposition or the verb;
- a noun that is also a verb (« entame », « attaque », « alerte ») is not marked after a
  subject (« Ouest entame », « le joueur qui alerte »);
- a past participle defined as a withdrawn action (« repris », « retiré », « annulé ») is
  marked after an auxiliary (« est repris », « a retiré »), after a call, a card or an
  action it qualifies (« 2♣ retiré », « jeu retiré »), or heading an entry; otherwise not.

Every other term keeps its tooltip. ``sens_defini`` is the rule, tested as a table of sentences.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as etree

from markdown import Markdown
from markdown.extensions import Extension
from markdown.treeprocessors import Treeprocessor

DETERMINANTS = {
    "le", "un", "ce", "cet", "son", "sa", "leur", "mon", "ton", "notre", "votre", "du", "au", "tout", "chaque",
    "premier", "deuxième", "second", "dernier", "nouveau", "quel",
}  # fmt: skip
SUJETS = {
    "il", "elle", "je", "on", "qui", "nord", "sud", "est", "ouest", "joueur", "déclarant", "défenseur", "mort",
    "partenaire", "adversaire", "ouvreur",
}  # fmt: skip
AUXILIAIRES = {
    "est", "sont", "être", "été", "était", "sera", "seront", "soit", "a", "ont", "avait", "aurait", "ait", "avoir",
}  # fmt: skip
ACTIONS = {"action", "jeu", "déclaration", "enchère", "carte", "cartes", "contre", "surcontre", "levée"}
GUILLEMETS = {"«", "“", '"'}
DEBUTS = {"", "—", "\n"}  # a title, a list item or an index entry starts with the term
NOMS_VERBES = {"entame", "attaque", "alerte"}
PARTICIPES = {"repris", "retiré", "annulé"}
_APPEL_OU_CARTE = re.compile(r"^(\d(sa|[♣♦♥♠])|[♣♦♥♠]|[2-9]|10|as|roi|dame|valet)$")
_MOT = re.compile(r"\w+'?|[^\w\s]|\n")


def _mots(texte: str) -> list[str]:
    return _MOT.findall(texte.replace("’", "'").lower())


def sens_defini(terme: str, avant: str, apres: str) -> bool:
    """Whether ``terme``, between the texts ``avant`` and ``apres`` of its block, is the defined word."""
    mot = terme.lower()
    precedents = _mots(avant)
    precedent = precedents[-1] if precedents else ""
    if mot == "contre":
        return precedent in DETERMINANTS | GUILLEMETS | DEBUTS or (
            "surcontre" in _mots(apres)[:3] and not _sujet(avant)
        )
    if mot in NOMS_VERBES:
        return not _sujet(avant)
    if mot in PARTICIPES:  # « a ainsi retiré » : the auxiliary may stand one adverb before
        return (
            bool(AUXILIAIRES.intersection(precedents[-2:]))
            or precedent in ACTIONS | DEBUTS | GUILLEMETS
            or bool(_APPEL_OU_CARTE.match(precedent))
        )
    return True


def _sujet(avant: str) -> bool:
    """The word before is a subject: a pronoun, a role, or a seat (« Est », capitalised: not the verb)."""
    dernier = (re.findall(r"\w+", avant.replace("’", "'")) or [""])[-1]
    return dernier == "Est" if dernier.lower() == "est" else dernier.lower() in SUJETS


# --- the Markdown extension: after ``abbr`` has marked every occurrence ----------------------

BLOCS = {
    "p", "li", "td", "th", "dt", "dd", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "div", "details",
    "summary", "ul", "ol", "table", "tr", "thead", "tbody", "pre",
}  # fmt: skip


def _parcourir(bloc: etree.Element, sortie: list) -> None:
    """The block's text in reading order, as strings and (abbr, parent) pairs; a nested block is a break."""
    if bloc.text:
        sortie.append(bloc.text)
    for enfant in bloc:
        if enfant.tag in BLOCS:
            sortie.append("\n")
        elif enfant.tag == "abbr":
            sortie.append((enfant, bloc))
        else:
            _parcourir(enfant, sortie)
        if enfant.tail:
            sortie.append(enfant.tail)


def sans_infobulle(abbr: etree.Element, parent: etree.Element) -> None:
    texte = (abbr.text or "") + (abbr.tail or "")
    rang = list(parent).index(abbr)
    if rang == 0:
        parent.text = (parent.text or "") + texte
    else:
        parent[rang - 1].tail = (parent[rang - 1].tail or "") + texte
    parent.remove(abbr)


class SensDefini(Treeprocessor):
    def run(self, root: etree.Element) -> None:
        for bloc in [root, *(e for e in root.iter() if e.tag in BLOCS)]:
            morceaux: list = []
            _parcourir(bloc, morceaux)
            textes = [m if isinstance(m, str) else m[0].text or "" for m in morceaux]
            for i, morceau in enumerate(morceaux):
                if isinstance(morceau, tuple):
                    avant = "".join(textes[:i]).rsplit("\n", 1)[-1]
                    apres = "".join(textes[i + 1 :]).split("\n", 1)[0]
                    if not sens_defini(morceau[0].text or "", avant, apres):
                        sans_infobulle(*morceau)


class GlossaireExtension(Extension):
    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 (Python-Markdown's name)
        md.treeprocessors.register(SensDefini(md), "glossaire-sens", 6)  # abbr is 7: right after it


def makeExtension(**kwargs) -> GlossaireExtension:  # noqa: N802
    return GlossaireExtension(**kwargs)
