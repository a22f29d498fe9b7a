"""Reading what a director types: a contract (« 4♥X », « 4 cœurs contré », « 3NT ») and a result (« -2 », « 10 »).

Suits, French and English: ♣ T Tr trèfle Cl club · ♦ K Ca carreau D diamond · ♥ Co cœur H heart ·
♠ P Pi pique S spade · SA sans-atout NT. A bare ``C`` is refused: it is cœur in French and clubs in
English, and a wrong guess changes the score silently; the message proposes both spellings.
Doubles: X, contré, double(d) · XX, surcontré, redouble(d).

docs/assets/javascripts/marque.js has the same grammar and the same messages; the shared vectors
(indexer/marque/vecteurs.json) hold both to it.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from indexer.errors import LoiErreur

COULEURS = ("♣", "♦", "♥", "♠", "SA")
PALIER_MAX = 7
LEVEES_DU_LIVRE = 6  # the first six tricks are not counted: a contract at level n asks for n + 6
LEVEES_DE_LA_DONNE = 13

# Folded spellings (lower case, no accents, no spaces): which suit they mean.
_JETONS_COULEUR = {
    "♣": "♣", "t": "♣", "tr": "♣", "trefle": "♣", "trefles": "♣", "cl": "♣", "club": "♣", "clubs": "♣",
    "♦": "♦", "k": "♦", "ca": "♦", "carreau": "♦", "carreaux": "♦", "d": "♦", "diamond": "♦", "diamonds": "♦",
    "♥": "♥", "co": "♥", "coeur": "♥", "coeurs": "♥", "h": "♥", "heart": "♥", "hearts": "♥",
    "♠": "♠", "p": "♠", "pi": "♠", "pique": "♠", "piques": "♠", "s": "♠", "spade": "♠", "spades": "♠",
    "sa": "SA", "sansatout": "SA", "sansatouts": "SA", "nt": "SA", "notrump": "SA", "notrumps": "SA",
}  # fmt: skip
# Longest first, so that « sax » is SA doubled and not spades followed by « ax ».
_JETONS = tuple(sorted(_JETONS_COULEUR, key=lambda jeton: (-len(jeton), jeton)))
_JETONS_CONTRE = {
    "": 0, "x": 1, "contre": 1, "contree": 1, "double": 1, "doubled": 1, "dbl": 1,
    "xx": 2, "surcontre": 2, "surcontree": 2, "redouble": 2, "redoubled": 2, "rdbl": 2, "redbl": 2,
}  # fmt: skip

# Spaces, dashes and suit symbols as they arrive from phones and word processors: no-break and thin
# spaces, hyphens, dashes and the minus sign, hollow suits; the emoji and text variation selectors go.
_TRADUCTION = str.maketrans(
    "\u00a0\u2007\u2009\u202f\u2010\u2011\u2012\u2013\u2014\u2212♧♢♡♤", "    ------♣♦♥♠", "\ufe0e\ufe0f"
)
_ESPACES = re.compile(r"[ \t\n\r\f\v]+")
_ACCENTS = re.compile("[\u0300-\u036f]")
_REPLI = re.compile(r"[ \t\n\r\f\v.\-]+")


class SaisieInvalide(LoiErreur):
    """A contract, result, weight or score that cannot be read: exit code 2 (Sortie.ERREUR)."""


@dataclass(frozen=True)
class Contrat:
    """``niveau`` 1–7, ``couleur`` one of ``COULEURS`` (SA included), ``contre`` 0, 1 (X) or 2 (XX)."""

    niveau: int
    couleur: str
    contre: int = 0

    def __post_init__(self) -> None:
        verifier_niveau(self.niveau)
        if self.couleur not in COULEURS:
            raise SaisieInvalide(f"Couleur « {self.couleur} » inconnue : ♣, ♦, ♥, ♠ ou SA.")
        if type(self.contre) is not int or self.contre not in (0, 1, 2):
            raise SaisieInvalide(f"Contre « {self.contre} » invalide : 0, 1 (contré) ou 2 (surcontré).")

    @property
    def notation(self) -> str:
        return f"{self.niveau}{self.couleur}{'X' * self.contre}"

    def __str__(self) -> str:
        return self.notation


def nettoyer(texte: object, quoi: str) -> str:
    """The text as typed, spaces collapsed: what error messages quote."""
    if not isinstance(texte, str):
        raise SaisieInvalide(f"{quoi} illisible : un texte est attendu.")
    return _ESPACES.sub(" ", texte.translate(_TRADUCTION)).strip(" ")


def replier(texte: str) -> str:
    """Lower case, no accents, no spaces, dots or dashes: « 4 Cœurs contré » → « 4coeurscontre »."""
    minuscule = texte.lower().replace("œ", "oe")
    return _REPLI.sub("", _ACCENTS.sub("", unicodedata.normalize("NFD", minuscule)))


def verifier_niveau(niveau: object) -> int:
    if type(niveau) is not int or not 1 <= niveau <= PALIER_MAX:
        raise SaisieInvalide(f"Palier {niveau} impossible : un contrat va de 1 à 7.")
    return niveau


def lire_contrat(texte: str) -> Contrat:
    """« 4♥X », « 4 cœurs contré », « 3NT », « 6♣XX » → Contrat; anything else → SaisieInvalide."""
    brut = nettoyer(texte, "Contrat")
    if not brut:
        raise SaisieInvalide("Contrat vide : écrivez par exemple 4♥, 3SA ou 6♣XX.")
    trouve = re.fullmatch(r"([0-9]+)(.*)", replier(brut), re.DOTALL)
    if not trouve:
        raise SaisieInvalide(
            f"Palier manquant dans « {brut} » : un contrat commence par un chiffre de 1 à 7 (4♥, 3SA)."
        )
    chiffres, reste = trouve.groups()
    # compared as text: int() of a pasted page of digits would raise
    if chiffres.lstrip("0") not in ("1", "2", "3", "4", "5", "6", "7"):
        raise SaisieInvalide(f"Palier {chiffres} impossible dans « {brut} » : un contrat va de 1 à 7.")
    for jeton in _JETONS:
        if reste.startswith(jeton) and reste[len(jeton) :] in _JETONS_CONTRE:
            return Contrat(int(chiffres), _JETONS_COULEUR[jeton], _JETONS_CONTRE[reste[len(jeton) :]])
    raise SaisieInvalide(_diagnostic(brut, chiffres, reste))


def _diagnostic(brut: str, chiffres: str, reste: str) -> str:
    if reste in _JETONS_CONTRE:
        return f"Couleur manquante dans « {brut} » : écrivez ♣, ♦, ♥, ♠ ou SA après le palier."
    if reste[0] == "c" and reste[1:] in _JETONS_CONTRE:
        return (
            f"« C » est ambigu dans « {brut} » : cœur en français, trèfle (clubs) en anglais ; "
            f"écrivez {chiffres}♥ ou {chiffres}Co pour cœur, {chiffres}♣ ou {chiffres}T pour trèfle."
        )
    prefixes = [jeton for jeton in _JETONS if reste.startswith(jeton)]
    if not prefixes:
        return (
            f"Couleur inconnue dans « {brut} » : écrivez ♣, ♦, ♥, ♠ ou SA "
            "(en lettres T, K ou Ca, Co, P ; en anglais D, H, S, NT)."
        )
    suite = reste[len(prefixes[0]) :]
    if re.fullmatch("x{3,}", suite):
        return f"Trop de contres dans « {brut} » : un contrat est au plus surcontré (XX)."
    return f"Suffixe « {suite} » incompris dans « {brut} » : après la couleur, seulement X (contré) ou XX (surcontré)."


def lire_resultat(texte: str, niveau: int) -> int:
    """« = », « +1 », « -2 » or the tricks made « 10 » → tricks over (+) or under (−) the contract."""
    verifier_niveau(niveau)
    brut = nettoyer(texte, "Résultat")
    attendu = "écrivez =, +1, -2 ou le nombre de levées faites (0 à 13)."
    if not brut:
        raise SaisieInvalide(f"Résultat vide : {attendu}")
    compact = re.sub(r"^([+-]) ", r"\1", brut)  # « - 2 » is -2; « 1 0 » stays two numbers, refused below
    if compact == "=":
        ecart = 0
    elif re.fullmatch(r"[+-][0-9]{1,2}", compact):
        ecart = int(compact)
    elif re.fullmatch(r"[0-9]{1,2}", compact):
        if int(compact) > LEVEES_DE_LA_DONNE:
            raise SaisieInvalide(f"{int(compact)} levées impossibles : une donne en compte 13.")
        ecart = int(compact) - LEVEES_DU_LIVRE - niveau
    else:
        raise SaisieInvalide(f"Résultat illisible « {brut} » : {attendu}")
    return verifier_resultat(ecart, niveau, brut)


def verifier_resultat(ecart: int, niveau: int, brut: str | None = None) -> int:
    """Refuse more than 13 tricks made, or more tricks lost than the contract asked for."""
    if type(ecart) is not int:
        raise SaisieInvalide("Résultat illisible : un nombre entier de levées est attendu.")
    cite = notation_resultat(ecart) if brut is None else brut
    if ecart > PALIER_MAX - niveau:
        raise SaisieInvalide(
            f"« {cite} » impossible au palier {niveau} : cela ferait "
            f"{niveau + LEVEES_DU_LIVRE + ecart} levées, une donne en compte 13."
        )
    if -ecart > niveau + LEVEES_DU_LIVRE:
        raise SaisieInvalide(
            f"« {cite} » impossible au palier {niveau} : on chute au plus de "
            f"{niveau + LEVEES_DU_LIVRE} levées (palier + 6)."
        )
    return ecart


def notation_resultat(ecart: int) -> str:
    return "=" if ecart == 0 else f"{ecart:+d}"
