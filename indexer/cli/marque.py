"""The scoring commands of ``loi``: marque (Law 77), imp (78B), pdm (78A), ajustee (12C1(c)).

Reads the words ``indexer.cli.options`` left, asks the pure library ``indexer.marque``
and prints, for a person (French, the working shown) or as JSON (``--json``). Bad input
raises the library's ``SaisieInvalide``: one French sentence and exit code 2, printed by
``dispatch.main``. Only this module imports the library, so ``loi voir`` never loads it.
"""

from __future__ import annotations

import re
from argparse import Namespace
from dataclasses import asdict
from typing import Any

from indexer.cli import sortie
from indexer.cli.options import ESPACES_MILLIERS, milliers_ambigus, sans_milliers
from indexer.errors import Sortie
from indexer.marque import SaisieInvalide, ajustee, imp, lire_contrat, lire_resultat, marque, notation_resultat, pdm
from indexer.marque.contrat import replier

# Vulnerability words, folded by ``replier`` (lower case, no accents, spaces or dashes): vulnerable or not.
VULNERABILITES = {"v": True, "vul": True, "vuln": True, "vulnerable": True, "nv": False, "nonv": False,
                  "nonvul": False, "nonvuln": False, "nonvulnerable": False}  # fmt: skip
EXEMPLE_MARQUE = "loi marque 4♥X V -2"
# At most two decimals: « 420,400 » is refused, never read as 420.4 when two scores were meant.
_NOMBRE = re.compile(r"[+-]?[0-9]{1,9}(?:[.,][0-9]{1,2})?")

MARQUES_MAX = 10_000  # scores on one board for loi pdm: far above any field, and answered in a second
Affichage = tuple[dict[str, Any], list[str]]  # the JSON object, and the lines for a person


def executer(arguments: Namespace) -> int:
    commande = {"marque": _marque, "imp": _imp, "pdm": _pdm, "ajustee": _ajustee}[arguments.commande]
    objet, lignes = commande(arguments)
    # one write, checked: written whole or exit code 2 (sortie.emettre)
    sortie.emettre(sortie.json_texte(objet) if arguments.json else plier(lignes, sortie.largeur()))
    return int(Sortie.TROUVE)


def plier(lignes: list[str], largeur: int) -> str:
    """The lines wrapped between words to the terminal's width (a phone's 40 columns), each
    continuation indented two spaces past its line's own indent."""
    from indexer.cli.texte import plier as plier_ligne

    plies = []
    for ligne in lignes:
        retrait = ligne[: len(ligne) - len(ligne.lstrip(" "))]
        plies += plier_ligne(ligne, largeur, "", retrait + "  ") or [""]
    return "\n".join(plies) + "\n"


# --- loi marque ------------------------------------------------------------------------


def _vulnerabilite(jetons: list[str], rang: int) -> tuple[bool | None, int]:
    """Whether ``jetons[rang]`` starts a vulnerability word, and how many words it takes."""
    cle = replier(jetons[rang])
    if cle in VULNERABILITES:
        return VULNERABILITES[cle], 1
    if cle == "non" and rang + 1 < len(jetons) and VULNERABILITES.get(replier(jetons[rang + 1])):
        return False, 2  # « non vulnérable » in two words
    return None, 0


def _se_lit(jetons: list[str]) -> bool:
    try:
        lire_contrat(" ".join(jetons))
    except SaisieInvalide:
        return False
    return True


def _sans_vulnerabilite(jetons: list[str]) -> str:
    """Say what is wrong when no word is V or NV: an unknown word, or none at all."""
    attendu = f"écrivez V (vulnérable) ou NV (non vulnérable) entre le contrat et le résultat : {EXEMPLE_MARQUE}."
    # « 4♥ NS = »: the contract reads once the last two words are left out, not with the second last
    if len(jetons) >= 3 and _se_lit(jetons[:-2]) and not _se_lit(jetons[:-1]):
        return f"Vulnérabilité « {jetons[-2]} » inconnue : {attendu}"
    return f"Vulnérabilité manquante : {attendu}"


def decouper(mots: list[str]) -> tuple[str, bool, str]:
    """« 4 cœurs contré V -2 » → contract text, vulnerable, result text."""
    jetons = [jeton for mot in mots for jeton in mot.split()]
    for rang in range(len(jetons)):
        vulnerable, largeur = _vulnerabilite(jetons, rang)
        if vulnerable is None:
            continue
        mot = " ".join(jetons[rang : rang + largeur])
        if rang == 0:
            raise SaisieInvalide(f"Contrat manquant avant « {mot} » : {EXEMPLE_MARQUE}.")
        if rang + largeur == len(jetons):
            raise SaisieInvalide(
                f"Résultat manquant après « {mot} » : écrivez =, +1, -2 ou le nombre de levées faites (0 à 13)."
            )
        return " ".join(jetons[:rang]), vulnerable, " ".join(jetons[rang + largeur :])
    raise SaisieInvalide(_sans_vulnerabilite(jetons))


def _marque(arguments: Namespace) -> Affichage:
    texte_contrat, vulnerable, texte_resultat = decouper(arguments.mots)
    contrat = lire_contrat(texte_contrat)
    ecart = lire_resultat(texte_resultat, contrat.niveau)
    calcul = marque(contrat, vulnerable, ecart)
    objet = {
        "contrat": contrat.notation,
        "vulnerable": vulnerable,
        "resultat": ecart,
        "marque": calcul.points,
        "detail": [{"libelle": libelle, "points": points} for libelle, points in calcul.detail],
    }
    notation = f"{contrat} {'V' if vulnerable else 'NV'} {notation_resultat(ecart)}"
    largeur = max(len(libelle) for libelle, _ in calcul.detail)
    lignes = [
        f"{notation} : {calcul.points} pour le camp du déclarant (Loi 77)",
        *(f"  {libelle:<{largeur}}  {points:>6}" for libelle, points in calcul.detail),
    ]
    return objet, lignes


# --- loi imp, loi pdm ------------------------------------------------------------------


def points(mot: str, exemple: str) -> int | float:
    """« 420 », « -450 », « −450 », « 15,5 » → a number of points; anything else → SaisieInvalide."""
    texte = mot.strip().replace("\u2212", "-")
    if not _NOMBRE.fullmatch(texte):
        raise SaisieInvalide(f"« {mot} » n'est pas un nombre de points : écrivez par exemple {exemple}.")
    nombre = float(texte.replace(",", "."))
    return int(nombre) if nombre.is_integer() else nombre


def _francais(nombre: float) -> str:
    """450 → « 450 », 15.5 → « 15,5 », -50 → « -50 »."""
    return str(nombre).replace(".", ",")


def _jetons(mot: str) -> list[str]:
    """The numbers one word holds: « 1 100 » with no-break or thin spaces is one (the French way),
    « 420 400 -50 » three; « 1 100 » with a plain space could be either: refused."""
    mot = sans_milliers(mot)
    if milliers_ambigus(mot):
        seul, deux = "".join(mot.split()), " ".join(mot.split())
        raise SaisieInvalide(
            f"« {mot.strip()} » : un nombre ({seul}) ou plusieurs ({deux}) ? Écrivez {seul} "
            f"sans espace pour un nombre, ou séparez les marques sans guillemets ({deux})."
        )
    if any(espace in mot for espace in ESPACES_MILLIERS):
        montre = "".join(" " if c in ESPACES_MILLIERS else c for c in mot.strip())
        raise SaisieInvalide(
            f"« {montre} » : une espace insécable ou fine sépare des milliers "
            "(1 100) ; ailleurs, écrivez le nombre sans espace."
        )
    return mot.split()


def _nombres(mots: list[str], exemple: str, plafond: int | None = None) -> list[int | float]:
    nombres = [points(jeton, exemple) for mot in mots for jeton in _jetons(mot)]
    if plafond is not None and len(nombres) > plafond:
        raise SaisieInvalide(
            f"{len(nombres)} marques : au plus {plafond} sur une donne (Loi 78A) ; partagez le calcul."
        )
    if not nombres:
        raise SaisieInvalide(f"Aucun nombre : écrivez par exemple {exemple}.")
    return nombres


def _imp(arguments: Namespace) -> Affichage:
    exemple = "loi imp 450 (un écart) ou loi imp 620 170 (deux marques)"
    scores = _nombres(arguments.scores, exemple)
    if len(scores) > 2:
        raise SaisieInvalide(f"{len(scores)} nombres pour loi imp : écrivez {exemple}.")
    ecart = scores[0] - scores[1] if len(scores) == 2 else scores[0]
    if isinstance(ecart, float):  # 620,1 - 170 is 450,1, not 450.10000000000002
        ecart = round(ecart, 2)
        ecart = int(ecart) if ecart.is_integer() else ecart
    valeur = imp(ecart)
    if len(scores) == 2:
        second = _francais(scores[1]) if scores[1] >= 0 else f"({_francais(scores[1])})"
        calcul = f"{_francais(scores[0])} - {second} = {_francais(ecart)} points d'écart"
    else:
        calcul = f"Écart de {_francais(ecart)} points"
    signe = f"{valeur:+d}" if valeur else "0"
    return {"ecart": ecart, "imp": valeur}, [f"{calcul} : {signe} IMP (Loi 78B)"]


def _pdm(arguments: Namespace) -> Affichage:
    scores = _nombres(arguments.scores, "loi pdm 420 400 -50 420", MARQUES_MAX)
    resultat = pdm(scores)
    objet = {"scores": scores, "pdm": resultat.points, "pourcentages": resultat.pourcentages, "top": resultat.top}
    lignes = [
        f"{len(scores)} marques sur la donne, top {resultat.top} "
        "(Loi 78A : 2 points par marque inférieure, 1 par marque égale)",
        f"  {'marque':>8}  {'pdm':>4}  {'%':>8}",
    ]
    for score, valeur, pourcentage in zip(scores, resultat.points, resultat.pourcentages, strict=True):
        lignes.append(f"  {_francais(score):>8}  {valeur:>4}  {f'{pourcentage:.2f}'.replace('.', ','):>6} %")
    return objet, lignes


# --- loi ajustee -----------------------------------------------------------------------


def _ajustee(arguments: Namespace) -> Affichage:
    if arguments.vulnerabilite is None:
        raise SaisieInvalide("Vulnérabilité manquante : ajoutez --vulnerabilite personne, NS, EO ou tous.")
    if (arguments.autre_table is None) == (arguments.marques is None):
        raise SaisieInvalide(
            "Donnez soit --autre-table SCORE (score ajusté en IMP), soit --marques SCORE… "
            "(en points de match), l'un des deux."
        )
    resultat = ajustee(
        " ".join(arguments.ponderation),
        arguments.vulnerabilite,
        autre_table=arguments.autre_table,
        autres_marques=arguments.marques,
    )
    methode = "en IMP contre l'autre table" if resultat.methode == "imp" else "en points de match"
    lignes = [
        f"Score ajusté pondéré (Loi 12C1(c)), {methode}",
        *(f"  {ligne}" for ligne in resultat.lignes[:-1]),
        resultat.lignes[-1],
    ]
    return asdict(resultat), lignes
