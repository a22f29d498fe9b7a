"""Scoring: a contract's score (Law 77), IMPs (Law 78B) and matchpoints (Law 78A).

Law 77 of the 2017 Code keeps the duplicate scoring table of 2007; every score is the declarer
side's, negative when the contract goes down. Rounding is done on integers (hundredths), half away
from zero, so that Python and marque.js give the same digits.
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import groupby

from indexer.marque.contrat import Contrat, SaisieInvalide, lire_contrat, lire_resultat, verifier_resultat

_VALEUR_LEVEE = {"♣": 20, "♦": 20, "♥": 30, "♠": 30, "SA": 30}
_BONUS_PREMIERE_SA = 10  # the first trick at no trump is worth 40
_SEUIL_MANCHE = 100
_PRIME_MANCHE = {False: 300, True: 500}
_PRIME_PARTIELLE = 50
_PRIME_CHELEM = {6: ("petit", {False: 500, True: 750}), 7: ("grand", {False: 1000, True: 1500})}
_PRIME_CONTRE = {1: ("Prime de contrat contré", 50), 2: ("Prime de contrat surcontré", 100)}
_MIEUX_CONTRE = {False: 100, True: 200}  # per overtrick when doubled, twice that redoubled
_CHUTE_SIMPLE = {False: 50, True: 100}

# The IMP scale of Law 78B as the Code prints it (2007 edition, unchanged in 2017): ``(lower, upper, imp)``
# (« 20–40 → 1 »), the last band open (« 4000 et plus → 24 »). Scores are multiples of 10, so the printed
# bands leave gaps (nothing between 10 and 20): for a difference that is not a multiple of 10 (a weighted or
# averaged score) a band is read as ``[lower, next lower)``, so 15 → 0, 45 → 1, 3999 → 23.
# docs/assets/javascripts/marque.js holds the same table.
BAREME_IMP: tuple[tuple[int, int | None, int], ...] = (
    (0, 10, 0), (20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4), (170, 210, 5), (220, 260, 6),
    (270, 310, 7), (320, 360, 8), (370, 420, 9), (430, 490, 10), (500, 590, 11), (600, 740, 12),
    (750, 890, 13), (900, 1090, 14), (1100, 1290, 15), (1300, 1490, 16), (1500, 1740, 17), (1750, 1990, 18),
    (2000, 2240, 19), (2250, 2490, 20), (2500, 2990, 21), (3000, 3490, 22), (3500, 3990, 23), (4000, None, 24),
)  # fmt: skip


@dataclass(frozen=True)
class Marque:
    """The total and how it is made, as (label, points) lines that add up to it."""

    points: int
    detail: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class Pdm:
    """Matchpoints of each score (input order), their percentage of the top, and the top."""

    points: tuple[int, ...]
    pourcentages: tuple[float, ...]
    top: int


def somme(valeurs: Sequence[int]) -> str:
    """[40, 30, 30] → « 40 + 2 × 30 »: runs of equal values grouped, as a player adds them up."""
    groupes = [(valeur, len(list(pareilles))) for valeur, pareilles in groupby(valeurs)]
    return " + ".join(str(valeur) if nombre == 1 else f"{nombre} × {valeur}" for valeur, nombre in groupes)


def arrondi(numerateur: int, denominateur: int) -> int:
    """numerateur / denominateur in hundredths, rounded half away from zero, on integers only."""
    centiemes = (200 * abs(numerateur) + denominateur) // (2 * denominateur)
    return -centiemes if numerateur < 0 else centiemes


def marque(contrat: Contrat | str, vulnerable: bool, resultat: int | str) -> Marque:
    """The declarer side's score: ``resultat`` is +overtricks, −undertricks, 0 (or « = », « -2 », « 10 »)."""
    contrat = contrat if isinstance(contrat, Contrat) else lire_contrat(contrat)
    if not isinstance(vulnerable, bool):
        raise SaisieInvalide("Vulnérabilité invalide : vrai (vulnérable) ou faux (non vulnérable) attendu.")
    if isinstance(resultat, str):
        ecart = lire_resultat(resultat, contrat.niveau)
    else:
        ecart = verifier_resultat(resultat, contrat.niveau)
    if ecart < 0:
        couts = penalites(contrat.contre, vulnerable, -ecart)
        detail = [(f"{-ecart} levée{'s' if ecart < -1 else ''} de chute ({somme(couts)})", -sum(couts))]
    else:
        detail = _faite(contrat, vulnerable, ecart)
    return Marque(sum(points for _, points in detail), tuple(detail))


def _faite(contrat: Contrat, vulnerable: bool, mieux: int) -> list[tuple[str, int]]:
    levees = [_VALEUR_LEVEE[contrat.couleur]] * contrat.niveau
    if contrat.couleur == "SA":
        levees[0] += _BONUS_PREMIERE_SA
    levees = [valeur * 2**contrat.contre for valeur in levees]
    detail = [(f"Points de levée ({somme(levees)})", sum(levees))]
    if sum(levees) >= _SEUIL_MANCHE:
        detail.append(("Prime de manche", _PRIME_MANCHE[vulnerable]))
    else:
        detail.append(("Prime de partielle", _PRIME_PARTIELLE))
    if contrat.niveau in _PRIME_CHELEM:
        nom, primes = _PRIME_CHELEM[contrat.niveau]
        detail.append((f"Prime de {nom} chelem", primes[vulnerable]))
    if contrat.contre:
        detail.append(_PRIME_CONTRE[contrat.contre])
    if mieux:
        # undoubled overtricks score like tricks (30 at no trump); doubled ones have their own price
        unite = _MIEUX_CONTRE[vulnerable] * contrat.contre if contrat.contre else _VALEUR_LEVEE[contrat.couleur]
        libelle = f"{mieux} levée{'s' if mieux > 1 else ''} de mieux ({somme([unite] * mieux)})"
        detail.append((libelle, unite * mieux))
    return detail


def penalites(contre: int, vulnerable: bool, chute: int) -> list[int]:
    """What each undertrick costs, first one first."""
    if not contre:
        return [_CHUTE_SIMPLE[vulnerable]] * chute
    return [
        contre * ((200 if vulnerable else 100) if rang == 1 else 300 if vulnerable or rang >= 4 else 200)
        for rang in range(1, chute + 1)
    ]


def _nombre(valeur: object, quoi: str) -> float:
    if isinstance(valeur, bool) or not isinstance(valeur, int | float) or not math.isfinite(valeur):
        raise SaisieInvalide(f"{quoi} invalide : un nombre fini de points est attendu.")
    return valeur


def imp(ecart: float) -> int:
    """A difference of points → IMPs, signed like the difference (Law 78B, see BAREME_IMP for 15 or 45)."""
    ampleur = abs(_nombre(ecart, "Écart"))
    valeur = max(points for basse, _, points in BAREME_IMP if ampleur >= basse)
    return -valeur if ecart < 0 else valeur


def pdm(scores: Sequence[float]) -> Pdm:
    """Law 78A: 2 per lower score on the board, 1 per equal one; percentages of the top 2 × (n − 1)."""
    valeurs = [_nombre(score, "Marque") for score in scores]
    if len(valeurs) < 2:
        raise SaisieInvalide("Il faut au moins deux marques sur la donne pour des points de match.")
    top = 2 * (len(valeurs) - 1)
    # Sorted once: a score's lower and equal ones are two bisections (n log n, not n²): 2 × lower
    # + 1 × equal is bisect_left + bisect_right; each score meets itself once as an « equal »: take that 1 back.
    tries = sorted(valeurs)
    points = tuple(bisect_left(tries, score) + bisect_right(tries, score) - 1 for score in valeurs)
    return Pdm(points, tuple(arrondi(100 * p, top) / 100 for p in points), top)
