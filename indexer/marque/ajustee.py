"""A weighted adjusted score under Law 12C1(c): « 60 % 4♠=, 40 % 4♠-1 ».

Every score here is seen from North-South (the Law compares the scores of one direction): an
outcome declared by East-West counts with its sign flipped. Each outcome is scored, converted
(IMPs against the other table, or matchpoints among the board's other scores), then weighted —
never the other way round. Weights are whole hundredths of a percent (10000 = 100 %) and must
add up to exactly 100 %, so that no float rounding decides a match.

The working comes back as lines (``Ajustee.lignes``) for a front end; marque.js writes the same.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from indexer.marque.calcul import arrondi, imp, marque
from indexer.marque.contrat import (
    Contrat,
    SaisieInvalide,
    lire_contrat,
    lire_resultat,
    nettoyer,
    notation_resultat,
    replier,
    verifier_resultat,
)

CENT_POUR_CENT = 10000
EXEMPLE = "« 60 % 4♠=, 40 % 4♠-1 »"

_VULNERABILITES = {
    "personne": (False, False), "aucun": (False, False), "aucune": (False, False), "none": (False, False),
    "nul": (False, False), "ns": (True, False), "nordsud": (True, False), "eo": (False, True),
    "ew": (False, True), "estouest": (False, True), "eastwest": (False, True), "tous": (True, True),
    "toutes": (True, True), "all": (True, True), "both": (True, True),
}  # fmt: skip
_POIDS = re.compile(r"([0-9]+(?:[.,][0-9]+)?) *%")
_ISSUE = re.compile(
    r"(.*?) *(=|[+-] *[0-9]{1,2}| [0-9]{1,2})"
    r"(?: *(?:par +)?(nord-sud|est-ouest|nord|sud|ouest|est|n-s|e-o|e-w|ns|eo|ew|n|s|e|o|w))? *",
    re.IGNORECASE,
)
_SEPARATEURS = re.compile(r"(.*?)(?:[ ,;]| et)*", re.IGNORECASE | re.DOTALL)


@dataclass(frozen=True)
class Vulnerabilite:
    ns: bool
    eo: bool

    @property
    def nom(self) -> str:
        return {(False, False): "personne", (True, False): "NS", (False, True): "EO"}.get((self.ns, self.eo), "tous")


@dataclass(frozen=True)
class Issue:
    """One possible outcome: its weight in hundredths of a percent, the contract, the result, the declarer side."""

    poids: int
    contrat: Contrat
    resultat: int
    camp: str = "NS"

    def __post_init__(self) -> None:
        if type(self.poids) is not int or not 0 < self.poids <= CENT_POUR_CENT:
            raise SaisieInvalide(f"Poids « {self.poids} » invalide : entre 1 et 10000 centièmes de pour cent.")
        if self.camp not in ("NS", "EO"):
            raise SaisieInvalide(f"Camp « {self.camp} » inconnu : NS ou EO.")
        verifier_resultat(self.resultat, self.contrat.niveau)

    @property
    def notation(self) -> str:
        return f"{self.contrat}{notation_resultat(self.resultat)} {self.camp}"


@dataclass(frozen=True)
class DetailIssue:
    """One outcome as scored: NS score, its IMPs or matchpoints (``valeur``) and its weighted share."""

    poids: int
    issue: str
    marque: int
    valeur: int
    ponderee: float


@dataclass(frozen=True)
class Ajustee:
    """``methode`` « imp » or « pdm »; ``valeur`` the weighted IMPs or matchpoints (2 decimals)."""

    methode: str
    valeur: float
    pourcentage: float | None
    top: int | None
    issues: tuple[DetailIssue, ...]
    lignes: tuple[str, ...]


def lire_vulnerabilite(texte: str) -> Vulnerabilite:
    """« personne », « NS », « EO » (or EW), « tous »."""
    brut = nettoyer(texte, "Vulnérabilité")
    if not brut:
        raise SaisieInvalide("Vulnérabilité vide : écrivez personne, NS, EO ou tous.")
    cle = replier(brut).replace("/", "")
    if cle not in _VULNERABILITES:
        raise SaisieInvalide(f"Vulnérabilité inconnue « {brut} » : écrivez personne, NS, EO ou tous.")
    return Vulnerabilite(*_VULNERABILITES[cle])


def pourcent(centiemes: int) -> str:
    """6000 → « 60 », 3333 → « 33,33 », 3330 → « 33,3 » (French decimal comma)."""
    entier, reste = divmod(centiemes, 100)
    return str(entier) if reste == 0 else f"{entier},{reste:02d}".rstrip("0")


def decimal(centiemes: int, signe: bool = False) -> str:
    """Hundredths → « +6,00 », « -1,20 », « 0,00 »."""
    prefixe = "-" if centiemes < 0 else "+" if signe and centiemes > 0 else ""
    entier, reste = divmod(abs(centiemes), 100)
    return f"{prefixe}{entier},{reste:02d}"


def signe(points: int) -> str:
    return f"{points:+d}" if points else "0"


def _lire_poids(texte: str) -> int:
    entier, _, fraction = texte.replace(",", ".").partition(".")
    if len(fraction) > 2:
        raise SaisieInvalide(f"Poids « {texte} % » : au plus deux décimales.")
    trop = f"Poids « {texte} % » supérieur à 100 %."
    if len(entier.lstrip("0")) > 3:  # the length first: int() of a pasted page of digits would raise
        raise SaisieInvalide(trop)
    centiemes = int(entier) * 100 + int(fraction.ljust(2, "0"))
    if centiemes > CENT_POUR_CENT:
        raise SaisieInvalide(trop)
    if centiemes == 0:
        raise SaisieInvalide(f"Poids nul « {texte} % » : retirez cette issue ou donnez-lui un poids.")
    return centiemes


def lire_issue(texte: str, poids: int) -> Issue:
    """« 4♠= », « 4♥X-1 EO », « 3SA 10 par N » (declarer side NS when not written)."""
    brut = nettoyer(texte, "Issue")
    trouve = _ISSUE.fullmatch(brut)
    if not trouve:
        raise SaisieInvalide(
            f"Issue illisible « {brut} » : écrivez le contrat puis le résultat, par exemple 4♠=, 4♠-1 ou 4♥X+1 EO."
        )
    contrat = lire_contrat(trouve[1])
    camp = "EO" if trouve[3] and trouve[3].lower()[0] in "eow" else "NS"
    return Issue(poids, contrat, lire_resultat(trouve[2], contrat.niveau), camp)


def lire_ponderation(texte: str) -> tuple[Issue, ...]:
    """« 60 % 4♠=, 40 % 4♠-1 » → outcomes; separators « , », « ; », « et »; weights must make 100 %."""
    brut = nettoyer(texte, "Pondération")
    if not brut:
        raise SaisieInvalide(f"Pondération vide : écrivez par exemple {EXEMPLE}.")
    poids = list(_POIDS.finditer(brut))
    if not poids:
        raise SaisieInvalide(f"Poids manquants dans « {brut} » : écrivez par exemple {EXEMPLE}.")
    avant = _SEPARATEURS.fullmatch(brut[: poids[0].start()])[1]  # type: ignore[index]  # matches any text
    if avant:
        raise SaisieInvalide(f"« {avant} » sans poids : chaque issue commence par son poids, par exemple {EXEMPLE}.")
    issues = []
    for trouve, fin in zip(poids, [suivant.start() for suivant in poids[1:]] + [len(brut)], strict=True):
        morceau = _SEPARATEURS.fullmatch(brut[trouve.end() : fin].strip(" "))[1]  # type: ignore[index]
        if not morceau:
            raise SaisieInvalide(f"Issue manquante après « {trouve[0]} » : écrivez par exemple {EXEMPLE}.")
        issues.append(lire_issue(morceau, _lire_poids(trouve[1])))
    return _verifier_total(issues)


def _verifier_total(issues: Sequence[Issue]) -> tuple[Issue, ...]:
    if not issues:
        raise SaisieInvalide(f"Aucune issue : écrivez par exemple {EXEMPLE}.")
    if not all(isinstance(issue, Issue) for issue in issues):
        raise SaisieInvalide("Issue invalide : une Issue (poids, contrat, résultat, camp) est attendue.")
    total = sum(issue.poids for issue in issues)
    if total != CENT_POUR_CENT:
        raise SaisieInvalide(f"Les poids font {pourcent(total)} % au lieu de 100 %.")
    return tuple(issues)


def _entier(valeur: object, quoi: str) -> int:
    # a JSON or JavaScript 420.0 is 420; 425.5 is no score a table can make
    if isinstance(valeur, float) and valeur.is_integer():
        return int(valeur)
    if type(valeur) is not int:
        raise SaisieInvalide(f"{quoi} invalide : les marques d'une donne sont des nombres entiers.")
    return valeur


def _marque_ns(issue: Issue, vulnerabilite: Vulnerabilite) -> int:
    if issue.camp == "NS":
        return marque(issue.contrat, vulnerabilite.ns, issue.resultat).points
    return -marque(issue.contrat, vulnerabilite.eo, issue.resultat).points


def ajustee(
    issues: str | Sequence[Issue],
    vulnerabilite: str | Vulnerabilite,
    *,
    autre_table: int | None = None,
    autres_marques: Sequence[int] | None = None,
) -> Ajustee:
    """Weighted IMPs against ``autre_table`` (NS score there), or weighted matchpoints among ``autres_marques``."""
    liste = lire_ponderation(issues) if isinstance(issues, str) else _verifier_total(list(issues))
    if isinstance(vulnerabilite, str):
        vulnerabilite = lire_vulnerabilite(vulnerabilite)
    if not isinstance(vulnerabilite, Vulnerabilite):
        raise SaisieInvalide("Vulnérabilité invalide : écrivez personne, NS, EO ou tous.")
    if (autre_table is None) == (autres_marques is None):
        raise SaisieInvalide(
            "Donnez soit la marque de l'autre table (IMP), soit les autres marques de la donne "
            "(points de match), et pas les deux."
        )
    marques = [_marque_ns(issue, vulnerabilite) for issue in liste]
    autre = None if autre_table is None else _entier(autre_table, "Marque de l'autre table")
    autres = [_entier(autre, "Autre marque") for autre in autres_marques or ()]
    if autre is None and not autres:
        raise SaisieInvalide("Aucune autre marque : il en faut au moins une pour des points de match.")
    return _ponderee(liste, marques, f"Vulnérabilité : {vulnerabilite.nom}", autre, autres)


def _ponderee(
    issues: Sequence[Issue], marques: list[int], entete: str, autre: int | None, autres: list[int]
) -> Ajustee:
    """IMPs against the other table ``autre``, else matchpoints among ``autres``, each outcome weighted."""
    top, unite = 2 * len(autres), "pdm" if autre is None else "IMP"
    if autre is None:
        lignes = [entete, f"Autres marques NS : {', '.join(signe(a) for a in autres)} (top {top})"]
    else:
        lignes = [entete, f"Autre table : NS {signe(autre)}"]
    details, total = [], 0
    for issue, points in zip(issues, marques, strict=True):
        if autre is None:
            valeur = sum(2 if a < points else 1 if a == points else 0 for a in autres)
            calcul = f"{valeur} pdm sur {top}"
        else:
            valeur = imp(points - autre)
            calcul = f"écart {signe(points - autre)}, {signe(valeur)} IMP"
        total += issue.poids * valeur
        part = arrondi(issue.poids * valeur, CENT_POUR_CENT)
        details.append(DetailIssue(issue.poids, issue.notation, points, valeur, part / 100))
        lignes.append(
            f"{pourcent(issue.poids)} % × ({issue.notation} : NS {signe(points)}, {calcul}) = "
            f"{decimal(part, autre is not None)} {unite}"
        )
    centiemes = arrondi(total, CENT_POUR_CENT)
    if autre is not None:
        lignes.append(f"Total pondéré : {decimal(centiemes, True)} IMP")
        return Ajustee("imp", centiemes / 100, None, None, tuple(details), tuple(lignes))
    pourcentage = arrondi(total, top * 100)  # percentage of the top: total / 10000 / top × 100, in hundredths
    lignes.append(f"Total pondéré : {decimal(centiemes)} pdm sur {top}, soit {decimal(pourcentage)} %")
    return Ajustee("pdm", centiemes / 100, pourcentage / 100, top, tuple(details), tuple(lignes))
