"""Write indexer/marque/vecteurs.json: the cases that indexer/marque and marque.js must both meet.

The bulk (every made contract, every undertrick, the IMP bands, matchpoints, weighted scores) is
computed here from a deliberately different formulation, never from indexer.marque: the scoring
table as the Code prints it (points for the first and each further trick by strain and double,
cumulative undertrick penalties for 1 to 4 down), the IMP scale by its printed upper bounds, ranks
by bisection, roundings with ``decimal.Decimal``. Readings (contracts, results, weights) and error
messages are written by hand. A disagreement with the library is a bug to find, never a vector to
adjust.

Checked by hand against the official table (REPERES below, asserted before anything is written):

    1SA=      NV    40 + 50                              =    90
    3SA=      NV   100 + 300                             =   400      V 100 + 500 = 600
    4♠=       NV   120 + 300                             =   420      V 120 + 500 = 620
    2♥X=      NV   120 + 300 + 50                        =   470
    1SAXX=    V    160 + 500 + 100                       =   760
    6♣XX=     V    480 + 500 + 750 + 100                 =  1830
    4♥X-2     V    200 + 300                             =  -500
    7SAXX-13  V    2 × (200 + 12 × 300)                  = -7600
    7SAXX-13  NV   2 × (100 + 200 + 200 + 10 × 300)      = -7000
    1♣XX+6    V    80 + 50 + 100 + 6 × 400               =  2630
    7SAXX=    V    880 + 500 + 1500 + 100                =  2980
    2SAX=     NV   140 + 300 + 50                        =   490

Usage: .venv/bin/python scripts/vecteurs_marque.py [--verifier]
"""

from __future__ import annotations

import argparse
import json
import sys
from bisect import bisect_left, bisect_right
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from lectures_marque import (  # noqa: E402  (beside this script, whether run or loaded by the tests)
    CONTRATS,
    ERREURS_CONTRATS,
    ERREURS_RESULTATS,
    ERREURS_VULNERABILITES,
    RESULTATS,
    VULNERABILITES,
)

CIBLE = Path(__file__).resolve().parent.parent / "indexer" / "marque" / "vecteurs.json"
COULEURS = ("♣", "♦", "♥", "♠", "SA")

# Law 77, trick score as printed: (first trick, each further trick) undoubled, doubled, redoubled.
LEVEES = {
    "mineure": ((20, 20), (40, 40), (80, 80)),
    "majeure": ((30, 30), (60, 60), (120, 120)),
    "SA": ((40, 30), (80, 60), (160, 120)),
}
FAMILLE = {"♣": "mineure", "♦": "mineure", "♥": "majeure", "♠": "majeure", "SA": "SA"}
MIEUX_CONTRE = {1: (100, 200), 2: (200, 400)}  # per overtrick (NV, V)
# Undertricks, cumulative as printed for 1, 2, 3, 4 down, then what each further one adds.
CHUTES = {
    (0, False): ((50, 100, 150, 200), 50), (0, True): ((100, 200, 300, 400), 100),
    (1, False): ((100, 300, 500, 800), 300), (1, True): ((200, 500, 800, 1100), 300),
    (2, False): ((200, 600, 1000, 1600), 600), (2, True): ((400, 1000, 1600, 2200), 600),
}  # fmt: skip
MANCHE, PARTIELLE, CHELEM, INSULTE = (300, 500), 50, {6: (500, 750), 7: (1000, 1500)}, (0, 50, 100)
# Law 78B, upper bound of each band as printed (0–10, 20–40, …, 3500–3990; then 4000 and more).
HAUTES = (10, 40, 80, 120, 160, 210, 260, 310, 360, 420, 490, 590, 740, 890, 1090, 1290, 1490, 1740, 1990,
          2240, 2490, 2990, 3490, 3990)  # fmt: skip

REPERES = (
    ("1SA", False, 0, 90), ("3SA", False, 0, 400), ("3SA", True, 0, 600), ("4♠", False, 0, 420),
    ("4♠", True, 0, 620), ("2♥X", False, 0, 470), ("1SAXX", True, 0, 760), ("6♣XX", True, 0, 1830),
    ("4♥X", True, -2, -500), ("7SAXX", True, -13, -7600), ("7SAXX", False, -13, -7000), ("4♥", False, 0, 420),
    ("4♥", True, 1, 650), ("3SA", False, 1, 430), ("5♣", False, 0, 400), ("5♦", True, 0, 600),
    ("2♠", False, 1, 140), ("1SA", False, 1, 120), ("3♣", False, 0, 110), ("6♠", True, 0, 1430),
    ("6♠", False, 0, 980), ("6SA", False, 0, 990), ("7SA", True, 0, 2220), ("7SA", False, 0, 1520),
    ("7♠", True, 0, 2210), ("2♥X", True, 0, 670), ("3SAX", True, 0, 750), ("3SAX", False, 0, 550),
    ("2SAX", False, 0, 490), ("1SAX", False, 0, 180), ("1♦XX", False, 0, 230), ("2♣X", False, 0, 180),
    ("1♠XX", True, 0, 720), ("1♠XX", False, 0, 520), ("2♠XX", False, 0, 640), ("5♦X", True, 0, 750),
    ("4♠X", True, 1, 990), ("4♠X", False, 1, 690), ("2♦", True, 3, 150), ("4♠X", True, -1, -200),
    ("4♠X", True, -3, -800), ("4♠X", False, -3, -500), ("4♠X", False, -5, -1100), ("4♠XX", False, -1, -200),
    ("4♠XX", True, -3, -1600), ("3♥", True, -1, -100), ("7♣", False, -13, -650), ("1♣XX", True, 6, 2630),
)  # fmt: skip


def score(niveau: int, couleur: str, contre: int, vulnerable: bool, ecart: int) -> int:
    if ecart < 0:
        (cumul, pas), chute = CHUTES[(contre, vulnerable)], -ecart
        return -(cumul[chute - 1] if chute <= len(cumul) else cumul[-1] + (chute - len(cumul)) * pas)
    levees = LEVEES[FAMILLE[couleur]][contre][0] + (niveau - 1) * LEVEES[FAMILLE[couleur]][contre][1]
    total = levees + (MANCHE[vulnerable] if levees >= 100 else PARTIELLE) + INSULTE[contre]
    total += CHELEM.get(niveau, (0, 0))[vulnerable]
    par_mieux = MIEUX_CONTRE[contre][vulnerable] if contre else LEVEES[FAMILLE[couleur]][0][1]
    return total + ecart * par_mieux


def score_texte(contrat: str, vulnerable: bool, ecart: int) -> int:
    return score(int(contrat[0]), contrat[1:].rstrip("X"), contrat.count("X"), vulnerable, ecart)


def imp(ecart: float) -> int:
    nombre = sum(1 for haute in HAUTES if abs(ecart) >= haute + 10)
    return -nombre if ecart < 0 else nombre


def centiemes(valeur: Decimal) -> Decimal:
    return valeur.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def notation(ecart: int) -> str:
    return "=" if ecart == 0 else f"{ecart:+d}"


def faites() -> list[dict]:
    return [
        {
            "contrat": f"{niveau}{couleur}{'X' * contre}",
            "vulnerable": vulnerable,
            "resultat": notation(mieux),
            "points": score(niveau, couleur, contre, vulnerable, mieux),
        }
        for niveau in range(1, 8)
        for couleur in COULEURS
        for contre in range(3)
        for vulnerable in (False, True)
        for mieux in range(8 - niveau)
    ]


def chutes() -> list[dict]:
    # undertricks do not depend on the strain: rotate it so that a strain-dependent bug shows
    return [
        {
            "contrat": f"{n}{COULEURS[(n + chute) % 5]}{'X' * x}",
            "vulnerable": v,
            "resultat": f"-{chute}",
            "points": score(n, COULEURS[(n + chute) % 5], x, v, -chute),
        }
        for n in range(1, 8)
        for chute in range(1, n + 7)
        for x in range(3)
        for v in (False, True)
    ]


def bareme() -> list[dict]:
    basses = (0, *(haute + 10 for haute in HAUTES))
    ecarts: list[float] = [*basses, *HAUTES]
    ecarts += [-ecart for ecart in ecarts if ecart]
    ecarts += [5, 15, 19, 19.5, 45, 49.99, 125, 3995, 7600, 10000, -15, -45, -3999.5, -10000, 0.5]
    return [{"ecart": ecart, "imp": imp(ecart)} for ecart in ecarts]


def points_de_match(scores: list[float]) -> dict:
    tries = sorted(scores)
    top = 2 * (len(scores) - 1)
    points = [2 * bisect_left(tries, s) + (bisect_right(tries, s) - bisect_left(tries, s) - 1) for s in scores]
    pourcentages = [float(centiemes(Decimal(100 * p) / Decimal(top))) for p in points]
    return {"scores": scores, "points": points, "pourcentages": pourcentages, "top": top}


def pdm() -> list[dict]:
    cas = (
        [420, 420, 450, -50],
        [100, 200],
        [50, 50, 50],
        [-50, -50],
        [620, 620, 650, 170, -100, 620, 200],
        [400, 430, 430, -50, 460, 400, 400],
        [425.5, 420, 430],
        [-1100, 500, 500, 500, 500, 500, 500, 500],
    )
    erreur = "Il faut au moins deux marques sur la donne pour des points de match."
    return [*map(points_de_match, cas), {"scores": [420], "erreur": erreur}, {"scores": [], "erreur": erreur}]


# --- weighted adjusted scores (Law 12C1(c)) ------------------------------------------------------

VULNERABLE = {"personne": (False, False), "NS": (True, False), "EO": (False, True), "tous": (True, True)}


def fr(valeur: Decimal, signe: bool = False) -> str:
    texte = f"{valeur:.2f}".replace(".", ",")
    return f"+{texte}" if signe and valeur > 0 else texte


def fr_poids(poids: int) -> str:
    return f"{Decimal(poids) / 100:f}".rstrip("0").rstrip(".").replace(".", ",") if poids % 100 else str(poids // 100)


def pointe(points: int) -> str:
    return f"{points:+d}" if points else "0"


def issues_ns(issues: tuple, vulnerabilite: str) -> list[tuple[int, str, int]]:
    """(weight, notation, NS score) of each outcome: (weight, contract, result, side)."""
    sortie = []
    for poids, contrat, ecart, camp in issues:
        vulnerable = VULNERABLE[vulnerabilite][camp == "EO"]
        points = score_texte(contrat, vulnerable, ecart)
        sortie.append((poids, f"{contrat}{notation(ecart)} {camp}", points if camp == "NS" else -points))
    return sortie


def en_imp(issues: tuple, vulnerabilite: str, autre: int) -> dict:
    lignes, details, total = [f"Vulnérabilité : {vulnerabilite}", f"Autre table : NS {pointe(autre)}"], [], Decimal(0)
    for poids, texte, points in issues_ns(issues, vulnerabilite):
        valeur = imp(points - autre)
        part = Decimal(poids * valeur) / 10000
        total += part
        details.append(
            {"poids": poids, "issue": texte, "marque": points, "valeur": valeur, "ponderee": float(centiemes(part))}
        )
        lignes.append(
            f"{fr_poids(poids)} % × ({texte} : NS {pointe(points)}, écart {pointe(points - autre)}, "
            f"{pointe(valeur)} IMP) = {fr(centiemes(part), True)} IMP"
        )
    lignes.append(f"Total pondéré : {fr(centiemes(total), True)} IMP")
    return {"valeur": float(centiemes(total)), "pourcentage": None, "top": None, "issues": details, "lignes": lignes}


def en_pdm(issues: tuple, vulnerabilite: str, autres: list[int]) -> dict:
    top, tries, details, total = 2 * len(autres), sorted(autres), [], Decimal(0)
    lignes = [f"Vulnérabilité : {vulnerabilite}", f"Autres marques NS : {', '.join(map(pointe, autres))} (top {top})"]
    for poids, texte, points in issues_ns(issues, vulnerabilite):
        valeur = 2 * bisect_left(tries, points) + bisect_right(tries, points) - bisect_left(tries, points)
        part = Decimal(poids * valeur) / 10000
        total += part
        details.append(
            {"poids": poids, "issue": texte, "marque": points, "valeur": valeur, "ponderee": float(centiemes(part))}
        )
        lignes.append(
            f"{fr_poids(poids)} % × ({texte} : NS {pointe(points)}, {valeur} pdm sur {top}) = {fr(centiemes(part))} pdm"
        )
    pourcentage = centiemes(total * 100 / top)
    lignes.append(f"Total pondéré : {fr(centiemes(total))} pdm sur {top}, soit {fr(pourcentage)} %")
    return {
        "valeur": float(centiemes(total)),
        "pourcentage": float(pourcentage),
        "top": top,
        "issues": details,
        "lignes": lignes,
    }


# (text as typed, board vulnerability, other table or other scores, outcomes as meant: weight, contract, result, side)
AJUSTEES = (
    ("60 % 4♠=, 40 % 4♠-1", "NS", -50, ((6000, "4♠", 0, "NS"), (4000, "4♠", -1, "NS"))),
    ("60 % 4♠=, 40 % 4♠-1", "personne", 420, ((6000, "4♠", 0, "NS"), (4000, "4♠", -1, "NS"))),
    ("33,33 % 4♠=; 33,33% 4♠-1 ; 33,34 % 5♦X-2 EO", "tous", 620,
     ((3333, "4♠", 0, "NS"), (3333, "4♠", -1, "NS"), (3334, "5♦X", -2, "EO"))),
    ("12,5 % 3SA+1, 87,5 % 3SA-1", "personne", 400, ((1250, "3SA", 1, "NS"), (8750, "3SA", -1, "NS"))),
    ("12,5 % 3SA-1 par E, 87,5 % 4♥X-1 N", "EO", 0, ((1250, "3SA", -1, "EO"), (8750, "4♥X", -1, "NS"))),
    ("100 % 6♣XX=", "tous", 1370, ((10000, "6♣XX", 0, "NS"),)),
    ("60 % 4♠=, 40 % 4♠-1 et", "personne", [420, 420, -50, 170], ((6000, "4♠", 0, "NS"), (4000, "4♠", -1, "NS"))),
    ("50 % 4♠= N, 50 % 5♥X-2 E", "NS", [620, 500, 300, -100], ((5000, "4♠", 0, "NS"), (5000, "5♥X", -2, "EO"))),
    ("33,33 % 3SA=\n33,33 % 3SA+1\n33,34 % 3SA-1", "EO", [400, 430, 430, -50, 460, 400],
     ((3333, "3SA", 0, "NS"), (3333, "3SA", 1, "NS"), (3334, "3SA", -1, "NS"))),
    ("50 % 3 sans-atout 9 ; 50 % 3NT 10 par Nord", "tous", [600, 630, -100],
     ((5000, "3SA", 0, "NS"), (5000, "3SA", 1, "NS"))),
    ("70 % 2♥ contré = EO, 30 % 2♥X-1 EO", "personne", [-470, -110, 100, 140, 100],
     ((7000, "2♥X", 0, "EO"), (3000, "2♥X", -1, "EO"))),
)  # fmt: skip
EXEMPLE = "« 60 % 4♠=, 40 % 4♠-1 »"
DEUX_METHODES = (
    "Donnez soit la marque de l'autre table (IMP), soit les autres marques de la donne "
    "(points de match), et pas les deux."
)
ERREURS_AJUSTEES = (
    ("60 % 4♠=, 30 % 4♠-1", "NS", -50, "Les poids font 90 % au lieu de 100 %."),
    ("60 % 4♠=, 40 % 4♠", "NS", -50, "Issue illisible « 4♠ » : écrivez le contrat puis le résultat, par exemple "
                                      "4♠=, 4♠-1 ou 4♥X+1 EO."),
    ("4♠=, 40 % 4♠-1", "NS", -50, f"« 4♠= » sans poids : chaque issue commence par son poids, par exemple {EXEMPLE}."),
    ("60 % 4C=, 40 % 4♠-1", "NS", -50, "« C » est ambigu dans « 4C » : cœur en français, trèfle (clubs) en anglais ; "
                                        "écrivez 4♥ ou 4Co pour cœur, 4♣ ou 4T pour trèfle."),
    ("60 % 4♠=, 40 % 4♠-1", "rouge", -50, "Vulnérabilité inconnue « rouge » : écrivez personne, NS, EO ou tous."),
    ("33,333 % 4♠=, 66,667 % 4♠-1", "NS", -50, "Poids « 33,333 % » : au plus deux décimales."),
    ("0 % 4♠=, 100 % 4♠-1", "NS", -50, "Poids nul « 0 % » : retirez cette issue ou donnez-lui un poids."),
    ("60 % 4♠+4, 40 % 4♠-1", "NS", -50, "« +4 » impossible au palier 4 : cela ferait 14 levées, une donne en "
                                         "compte 13."),
    ("60 % , 40 % 4♠-1", "NS", -50, f"Issue manquante après « 60 % » : écrivez par exemple {EXEMPLE}."),
    ("", "NS", -50, f"Pondération vide : écrivez par exemple {EXEMPLE}."),
    ("4♠=", "NS", -50, f"Poids manquants dans « 4♠= » : écrivez par exemple {EXEMPLE}."),
    ("60 % 4♠=, 40 % 4♠-1", "NS", [], "Aucune autre marque : il en faut au moins une pour des points de match."),
    ("60 % 4♠=, 40 % 4♠-1", "NS", None, DEUX_METHODES),
    ("60 % 4♠=, 40 % 4♠-1", "NS", (0, [0]), DEUX_METHODES),
)  # fmt: skip


def options(autre: int | list | tuple | None) -> dict:
    if isinstance(autre, tuple):
        return {"autre_table": autre[0], "autres_marques": autre[1]}
    return {"autres_marques": autre} if isinstance(autre, list) else {"autre_table": autre}


def ajustees() -> list[dict]:
    vecteurs = []
    for texte, vulnerabilite, autre, issues in AJUSTEES:
        calcul = (en_pdm if isinstance(autre, list) else en_imp)(issues, vulnerabilite, autre)
        vecteurs.append({"ponderation": texte, "vulnerabilite": vulnerabilite, **options(autre), **calcul})
    for texte, vulnerabilite, autre, message in ERREURS_AJUSTEES:
        vecteurs.append({"ponderation": texte, "vulnerabilite": vulnerabilite, **options(autre), "erreur": message})
    return vecteurs


# --- hand-checked scores (the readings are in lectures_marque.py) ---------------------------------

LEVEE, MANCHE_, PARTIELLE_ = "Points de levée", "Prime de manche", "Prime de partielle"
CONTRE_, SURCONTRE_ = "Prime de contrat contré", "Prime de contrat surcontré"
# (contract, vulnerable, result, total, detail): every line added up by hand from the printed table.
LIMITES = (
    ("1SA", False, "=", 90, ((f"{LEVEE} (40)", 40), (PARTIELLE_, 50))),
    ("3SA", False, "=", 400, ((f"{LEVEE} (40 + 2 × 30)", 100), (MANCHE_, 300))),
    ("3SA", True, "=", 600, ((f"{LEVEE} (40 + 2 × 30)", 100), (MANCHE_, 500))),
    ("4♠", False, "=", 420, ((f"{LEVEE} (4 × 30)", 120), (MANCHE_, 300))),
    ("4♠", True, "=", 620, ((f"{LEVEE} (4 × 30)", 120), (MANCHE_, 500))),
    ("2♥X", False, "=", 470, ((f"{LEVEE} (2 × 60)", 120), (MANCHE_, 300), (CONTRE_, 50))),
    ("1SAXX", True, "=", 760, ((f"{LEVEE} (160)", 160), (MANCHE_, 500), (SURCONTRE_, 100))),
    ("6♣XX", True, "=", 1830, ((f"{LEVEE} (6 × 80)", 480), (MANCHE_, 500), ("Prime de petit chelem", 750),
                                (SURCONTRE_, 100))),
    ("4♥X", True, "-2", -500, (("2 levées de chute (200 + 300)", -500),)),
    ("7SAXX", True, "-13", -7600, (("13 levées de chute (400 + 12 × 600)", -7600),)),
    ("7SAXX", False, "-13", -7000, (("13 levées de chute (200 + 2 × 400 + 10 × 600)", -7000),)),
    ("1♣XX", True, "+6", 2630, ((f"{LEVEE} (80)", 80), (PARTIELLE_, 50), (SURCONTRE_, 100),
                                ("6 levées de mieux (6 × 400)", 2400))),
    ("1♣XX", False, "+6", 1430, ((f"{LEVEE} (80)", 80), (PARTIELLE_, 50), (SURCONTRE_, 100),
                                 ("6 levées de mieux (6 × 200)", 1200))),
    ("7SAXX", True, "=", 2980, ((f"{LEVEE} (160 + 6 × 120)", 880), (MANCHE_, 500), ("Prime de grand chelem", 1500),
                                (SURCONTRE_, 100))),
    ("2♠XX", False, "=", 640, ((f"{LEVEE} (2 × 120)", 240), (MANCHE_, 300), (SURCONTRE_, 100))),
    ("1♥X", True, "+1", 360, ((f"{LEVEE} (60)", 60), (PARTIELLE_, 50), (CONTRE_, 50), ("1 levée de mieux (200)", 200))),
    ("4♠X", True, "+1", 990, ((f"{LEVEE} (4 × 60)", 240), (MANCHE_, 500), (CONTRE_, 50),
                              ("1 levée de mieux (200)", 200))),
    ("3SA", False, "+2", 460, ((f"{LEVEE} (40 + 2 × 30)", 100), (MANCHE_, 300), ("2 levées de mieux (2 × 30)", 60))),
    ("2♦", True, "+3", 150, ((f"{LEVEE} (2 × 20)", 40), (PARTIELLE_, 50), ("3 levées de mieux (3 × 20)", 60))),
    ("3SAX", False, "-3", -500, (("3 levées de chute (100 + 2 × 200)", -500),)),
    ("4♠X", False, "-4", -800, (("4 levées de chute (100 + 2 × 200 + 300)", -800),)),
    ("7♣", False, "-13", -650, (("13 levées de chute (13 × 50)", -650),)),
    ("3♥", True, "-1", -100, (("1 levée de chute (100)", -100),)),
    ("6SA", False, "=", 990, ((f"{LEVEE} (40 + 5 × 30)", 190), (MANCHE_, 300), ("Prime de petit chelem", 500))),
    ("7♠", True, "=", 2210, ((f"{LEVEE} (7 × 30)", 210), (MANCHE_, 500), ("Prime de grand chelem", 1500))),
    ("1SAX", False, "=", 180, ((f"{LEVEE} (80)", 80), (PARTIELLE_, 50), (CONTRE_, 50))),
    ("2SAX", False, "=", 490, ((f"{LEVEE} (80 + 60)", 140), (MANCHE_, 300), (CONTRE_, 50))),
    ("1♠XX", True, "=", 720, ((f"{LEVEE} (120)", 120), (MANCHE_, 500), (SURCONTRE_, 100))),
    ("4♥XX", True, "+3", 2280, ((f"{LEVEE} (4 × 120)", 480), (MANCHE_, 500), (SURCONTRE_, 100),
                                 ("3 levées de mieux (3 × 400)", 1200))),
)  # fmt: skip


def verifier_a_la_main() -> None:
    """The independent formulation must agree with every value checked by hand, else nothing is written."""
    for contrat, vulnerable, ecart, attendu in REPERES:
        assert score_texte(contrat, vulnerable, ecart) == attendu, (contrat, vulnerable, ecart, attendu)
    for contrat, vulnerable, resultat, attendu, detail in LIMITES:
        ecart = 0 if resultat == "=" else int(resultat)
        assert score_texte(contrat, vulnerable, ecart) == attendu == sum(p for _, p in detail), (contrat, resultat)


def vecteurs() -> dict:
    verifier_a_la_main()
    return {
        "_origine": "Écrit par scripts/vecteurs_marque.py : ne pas modifier à la main.",
        "contrats": [{"texte": t, "contrat": c} for t, c in CONTRATS]
        + [{"texte": t, "erreur": e} for t, e in ERREURS_CONTRATS],
        "resultats": [{"texte": t, "niveau": n, "resultat": r} for t, n, r in RESULTATS]
        + [{"texte": t, "niveau": n, "erreur": e} for t, n, e in ERREURS_RESULTATS],
        "vulnerabilites": [{"texte": t, "vulnerabilite": v} for t, v in VULNERABILITES]
        + [{"texte": t, "erreur": e} for t, e in ERREURS_VULNERABILITES],
        "faites": faites(),
        "chutes": chutes(),
        "limites": [
            {"contrat": c, "vulnerable": v, "resultat": r, "points": p, "detail": [list(d) for d in detail]}
            for c, v, r, p, detail in LIMITES
        ],
        "imp": bareme(),
        "pdm": pdm(),
        "ajustees": ajustees(),
    }


def contenu() -> str:
    return json.dumps(vecteurs(), ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--verifier", action="store_true", help="compare au fichier au lieu de l'écrire")
    texte = contenu()
    if parser.parse_args().verifier:
        identique = CIBLE.read_text(encoding="utf-8") == texte
        print(f"{CIBLE.name} : {'à jour' if identique else 'périmé, relancez sans --verifier'}")
        return 0 if identique else 1
    CIBLE.write_text(texte, encoding="utf-8")
    print(f"{CIBLE.name} : {sum(len(v) for v in vecteurs().values() if isinstance(v, list))} vecteurs écrits")
    return 0


if __name__ == "__main__":
    sys.exit(main())
