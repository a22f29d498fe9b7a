"""The Marque page (pure): the booklet's scoring prose, the tables of Laws 77 and 78B computed by
``indexer.marque``, and the calculators that marque-page.js runs in the browser.

Every figure of a table comes from the library (``marque``, ``penalites``, ``imp``, ``pdm``), never
typed here: the page cannot drift from what ``loi marque`` and marque.js compute. The forms are plain
HTML; docs/assets/javascripts/marque-page.js reads them and writes the answers beside them.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from indexer.editions import COURANTE
from indexer.labels import Label
from indexer.marque import BAREME_IMP, COULEURS, Contrat, imp, marque, pdm, penalites
from indexer.model import Document
from indexer.rendu.loi import tete_de_page
from indexer.rendu.markdown import blocs_markdown, echapper, lien_vers, tableau
from indexer.rendu.pages import source_document

PAGE = "marque.md"
# Relative to marque/index.html, where the site's hook writes this page (it works from file:// too).
SCRIPTS = ("../assets/javascripts/marque.js", "../assets/javascripts/marque-page.js")
CONTRES = ((0, "Non contré"), (1, "Contré"), (2, "Surcontré"))
VULNERABILITES = ((False, "NV"), (True, "V"))
EN_CLAIR = {False: "Non vulnérable", True: "Vulnérable"}
# One column per trick value: ♣ and ♦ score alike, as do ♥ and ♠.
DENOMINATIONS = (("♣", "♣ ♦"), ("♥", "♥ ♠"), ("SA", "SA"))
LEVEES_MAX = 13
EXEMPLE_PDM = (420, 450, 420, -50)

LOI_77, LOI_78A, LOI_78B, LOI_12C1C = Label(77), Label(78, ("A",)), Label(78, ("B",)), Label(12, ("C", "1", "c"))

_lien = lien_vers(PAGE)


def _loi(label: Label) -> str:
    """« [Loi 78B](lois/78.md#loi-78-b) »: a link to a law paragraph, from this page."""
    return f"[{label}]({_lien(label)})"


def compact(lignes: Sequence[tuple[str, ...]]) -> str:
    """A table in a box whose style (extra.css) narrows it to fit a phone's width."""
    return f'<div class="marque-bareme" markdown>\n\n{tableau(tuple(lignes))}\n\n</div>'


def _detail(contrat: str, vulnerable: bool) -> dict[str, int]:
    return dict(marque(contrat, vulnerable, 0).detail)


def _points_de_levee(niveau: int, couleur: str, contre: int) -> int:
    return marque(Contrat(niveau, couleur, contre), False, 0).detail[0][1]


def table_levees() -> str:
    lignes = [("Points par levée", *(nom for _, nom in CONTRES))]
    for couleur, nom in DENOMINATIONS:
        premiere = [_points_de_levee(1, couleur, contre) for contre, _ in CONTRES]
        suivantes = [_points_de_levee(2, couleur, contre) - p for (contre, _), p in zip(CONTRES, premiere, strict=True)]
        if premiere == suivantes:
            lignes.append((f"{nom}, chaque levée", *map(str, premiere)))
        else:
            lignes.append((f"{nom}, première levée", *map(str, premiere)))
            lignes.append((f"{nom}, levées suivantes", *map(str, suivantes)))
    return compact(lignes)


def table_mieux() -> str:
    lignes = [("Levée de mieux", *(EN_CLAIR[v] for v, _ in VULNERABILITES))]
    for contre, nom in CONTRES:
        valeurs = [" ou ".join(map(str, sorted(_mieux(contre, v)))) for v, _ in VULNERABILITES]
        lignes.append((nom, *valeurs))
    return compact(lignes) + "\n\nNon contrée, une levée de mieux vaut une levée de la couleur."


def _mieux(contre: int, vulnerable: bool) -> set[int]:
    contrats = [Contrat(1, c, contre) for c, _ in DENOMINATIONS]
    return {marque(c, vulnerable, 1).points - marque(c, vulnerable, 0).points for c in contrats}


def table_primes() -> str:
    primes = (
        ("Partielle (moins de 100 points de levée)", "1♣", "Prime de partielle"),
        ("Manche (100 points de levée ou plus)", "3SA", "Prime de manche"),
        ("Petit chelem (palier 6)", "6♣", "Prime de petit chelem"),
        ("Grand chelem (palier 7)", "7♣", "Prime de grand chelem"),
        ("Contrat contré réussi", "1♣X", "Prime de contrat contré"),
        ("Contrat surcontré réussi", "1♣XX", "Prime de contrat surcontré"),
    )
    lignes = [("Prime", *(EN_CLAIR[v] for v, _ in VULNERABILITES))]
    for libelle, contrat, cle in primes:
        lignes.append((libelle, *(str(_detail(contrat, v)[cle]) for v, _ in VULNERABILITES)))
    return compact(lignes)


def table_faites(contre: int) -> str:
    lignes = [("Palier", *(f"{nom} {vul}" for _, nom in DENOMINATIONS for _, vul in VULNERABILITES))]
    for niveau in range(1, 8):
        contrats = [Contrat(niveau, couleur, contre) for couleur, _ in DENOMINATIONS]
        lignes.append((str(niveau), *(str(marque(c, v, 0).points) for c in contrats for v, _ in VULNERABILITES)))
    return compact(lignes)


def table_chutes() -> str:
    lignes = [("Chute", *(f"{vul} {'X' * contre}".rstrip() for _, vul in VULNERABILITES for contre, _ in CONTRES))]
    for chute in range(1, LEVEES_MAX + 1):
        points = [-sum(penalites(contre, v, chute)) for v, _ in VULNERABILITES for contre, _ in CONTRES]
        lignes.append((f"-{chute}", *map(str, points)))
    return compact(lignes)


def table_imp() -> str:
    """The IMP scale of 78B: each band of the library's scale with the IMPs ``imp`` gives it."""
    bandes = [(f"{bas} et plus" if haut is None else f"{bas} à {haut}", str(imp(bas))) for bas, haut, _ in BAREME_IMP]
    return compact([("Écart de points", "IMP"), *bandes])


# --- the calculators -------------------------------------------------------------------------

# Buttons that type what a phone keyboard lacks; their labels are read aloud. A label holds the
# button's visible letters (« SA », « X »): a reader who says what he sees must name the button (WCAG 2.5.3).
NOMS_SYMBOLES = {"♣": "trèfle", "♦": "carreau", "♥": "cœur", "♠": "pique", "SA": "sans-atout", "X": "contre"}


def _nom_bouton(symbole: str) -> str:
    nom = NOMS_SYMBOLES[symbole]
    return f"Ajouter {symbole} ({nom})" if symbole.isalpha() else f"Ajouter {nom}"


_SYMBOLES = "".join(
    f'<button type="button" class="marque-symbole" data-inserer="{s}" aria-label="{_nom_bouton(s)}">{s}</button>'
    for s in (*COULEURS, "X")
)

# Each form: its heading id, the law it applies, then its fields (plain HTML, French labels).
CALCULATEURS = (
    ("calcul-contrat", "Marque d'un contrat", LOI_77, "contrat", f"""\
<label>Contrat <input name="contrat" type="text" placeholder="4♥X, 3SA, 6♣XX…" autocomplete="off" \
spellcheck="false" required></label>
<span class="marque-symboles">{_SYMBOLES}</span>
<label>Vulnérabilité <select name="vulnerable"><option value="NV">Non vulnérable (NV)</option>\
<option value="V">Vulnérable (V)</option></select></label>
<label>Résultat <input name="resultat" type="text" placeholder="=, +1, -2 ou 10 levées" autocomplete="off" \
required></label>"""),
    ("calcul-imp", "IMP d'un écart ou de deux marques", LOI_78B, "imp", """\
<label>Marque ou écart <input name="marque_a" type="text" placeholder="620" autocomplete="off" required></label>
<label>Autre marque (facultatif) <input name="marque_b" type="text" placeholder="170" autocomplete="off">\
</label>"""),
    ("calcul-pdm", "Points de match d'une donne", LOI_78A, "pdm", """\
<label>Marques de la donne, dans une même direction <textarea name="marques" rows="2" \
placeholder="420 450 420 -50"></textarea></label>"""),
    ("calcul-ajustee", "Marque ajustée pondérée", LOI_12C1C, "ajustee", """\
<label>Issues pondérées <input name="issues" type="text" placeholder="60 % 4♠=, 40 % 4♠-1" autocomplete="off" \
required></label>
<label>Vulnérabilité <select name="vulnerabilite"><option value="personne">Personne</option>\
<option value="NS">Nord-Sud</option><option value="EO">Est-Ouest</option><option value="tous">Tous</option>\
</select></label>
<label>Comparaison <select name="methode"><option value="imp">IMP (marque de l'autre table)</option>\
<option value="pdm">Points de match (autres marques)</option></select></label>
<label data-methode="imp">Marque NS de l'autre table <input name="autre_table" type="text" placeholder="420" \
autocomplete="off"></label>
<label data-methode="pdm" hidden>Autres marques NS de la donne <input name="autres_marques" type="text" \
placeholder="420 450 -50" autocomplete="off"></label>"""),
)  # fmt: skip

AIDE_AJUSTEE = (
    "Les marques sont celles de Nord-Sud ; une issue jouée par Est-Ouest s'écrit avec EO "
    "(« 4♥X-1 EO »). Chaque issue est convertie (IMP ou points de match), puis pondérée."
)


def _formulaire(ancre: str, titre: str, loi: Label, nom: str, champs: str) -> str:
    formulaire = (
        f'<form class="marque-calcul" id="marque-{nom}" data-calcul="{nom}" novalidate>\n{champs}\n'
        '<button type="submit" class="md-button md-button--primary">Calculer</button>\n'
        '<p class="marque-erreur" role="alert" hidden></p>\n'
        '<div class="marque-resultat" aria-live="polite"></div>\n</form>'
    )
    aide = f" {echapper(AIDE_AJUSTEE)}" if nom == "ajustee" else ""
    return f"### {titre} {{ #{ancre} }}\n\nSelon la {_loi(loi)}.{aide}\n\n{formulaire}"


def calculateurs() -> str:
    """The four forms, then the two scripts (relative paths: no network, file:// included)."""
    scripts = "\n".join(f'<script src="{html.escape(s)}"></script>' for s in SCRIPTS)
    return "\n\n".join([*(_formulaire(*c) for c in CALCULATEURS), scripts])


# --- the page ----------------------------------------------------------------------------------

NOTE_CALCUL = (
    '!!! info "Calculé par le projet"\n    Les tableaux et les calculateurs de cette page sont calculés '
    "par le projet (sa bibliothèque de marque, la même dans la commande `loi` et dans le navigateur) "
    f"d'après les Lois 77, 78 et 12C1(c) du Code {COURANTE} : ce n'est pas un texte source. Seul le "
    "texte du livret, en fin de page, vient d'une source. Les calculs se font dans le navigateur, "
    "sans réseau."
)


def _tables_loi_77() -> str:
    loi = _loi(LOI_77)
    morceaux = [
        "## Le barème de la Loi 77 { #bareme-loi-77 }",
        f"Calculé selon la {loi} ; chaque marque est celle du camp du déclarant.",
        "### Points de levée { #points-de-levee }",
        f"{loi} : chaque levée demandée et réussie au-delà de la sixième.",
        table_levees(),
        "### Levées de mieux { #levees-de-mieux }",
        f"{loi} : chaque levée réussie au-delà du contrat.",
        table_mieux(),
        "### Primes { #primes }",
        f"{loi} : la manche se gagne avec 100 points de levée ou plus dans un seul contrat.",
        table_primes(),
    ]
    for contre, nom in CONTRES:
        morceaux += [
            f"### Contrats réussis tout juste, {nom.lower()}s {{ #faits-{contre} }}",
            f"{loi} : points de levée et primes additionnés.",
            table_faites(contre),
        ]
    morceaux += [
        "### Levées de chute { #levees-de-chute }",
        f"{loi} : le total de toutes les levées de chute, retiré au camp du déclarant (X : contré, XX : surcontré).",
        table_chutes(),
    ]
    return "\n\n".join(morceaux)


def _imp_et_pdm() -> str:
    exemple = pdm(EXEMPLE_PDM)
    marques = ", ".join(f"{m:+d}" for m in EXEMPLE_PDM)
    recus = " ; ".join(
        f"{m:+d} reçoit {p} ({pct:g} %)".replace(".", ",")
        for m, p, pct in zip(EXEMPLE_PDM, exemple.points, exemple.pourcentages, strict=True)
    )
    return "\n\n".join(
        [
            "## Le barème des IMP (Loi 78B) { #bareme-imp }",
            f"{_loi(LOI_78B)} : l'écart entre deux marques, en points, converti en IMP (International Match Points).",
            table_imp(),
            "## Les points de match (Loi 78A) { #points-de-match }",
            f'!!! note "Explication de la rédaction, non le texte de la loi"\n    Selon la {_loi(LOI_78A)}, chaque '
            "marque d'une donne est comparée aux autres marques obtenues sur la même donne dans la même direction : "
            "elle reçoit 2 points par marque plus faible et 1 point par marque égale. Le top vaut 2 points par autre "
            "marque ; le pourcentage est la part du top reçue. Par exemple, sur les marques "
            f"{marques} (top {exemple.top}) : {recus}.",
        ]
    )


def _livret(document: Document) -> str:
    morceaux = ["## Ce qu'en dit le livret du club { #livret }"]
    for section in document.sections:
        morceaux += [
            f'<p class="source" id="{section.ancre}">{source_document(document, section.ligne)}</p>',
            blocs_markdown(section.blocs, _lien, f"s-{section.ancre}-"),
        ]
    return "\n\n".join([*morceaux, _remarque_chelems()])


def _remarque_chelems() -> str:
    """The booklet's slam premiums include the game's: say so, with the library's figures."""
    chiffres = []
    for vulnerable, nom in VULNERABILITES:
        petit, grand = _detail("6♣", vulnerable), _detail("7♣", vulnerable)
        manche, p, g = petit["Prime de manche"], petit["Prime de petit chelem"], grand["Prime de grand chelem"]
        chiffres.append(f"{p} + {manche} = {p + manche} et {g} + {manche} = {g + manche} {nom}")
    return (
        '!!! note "Remarque de la rédaction"\n    Les primes de chelem du livret comprennent la prime de '
        f"manche ({' ; '.join(chiffres)}) ; la {_loi(LOI_77)} et les tableaux ci-dessus les donnent à part."
    )


def render_marque(document: Document) -> str:
    morceaux = [
        tete_de_page(document.titre),
        f"# {echapper(document.titre)}",
        NOTE_CALCUL,
        "## Calculateurs { #calculateurs }",
        calculateurs(),
        _tables_loi_77(),
        _imp_et_pdm(),
        _livret(document),
    ]
    return "\n\n".join(morceaux) + "\n"
