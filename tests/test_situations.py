"""corpus/situations.toml: table situations, each searched as its 2017 paragraph and never
shown. A faulty entry stops the build with its line; a situation lands where a 2017
citation of its paragraph would; a hit through it shows the paragraph, in the CLI."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from indexer import build
from indexer.corpus.cibles import calculer_cibles
from indexer.corpus.correspondances import Declarations
from indexer.corpus.situations import SituationInvalide, fiches_situations, lire
from indexer.model import SITUATION
from indexer.recherche import moteur
from indexer.recherche.index import groupe
from indexer.recherche.requete import comprendre

RACINE = Path(__file__).resolve().parent.parent
LOI = RACINE / ".venv" / "bin" / "loi"
FICHIER = RACINE / "corpus" / "situations.toml"

SIGNEE = 'par = "essai"\nle = 2026-11-23\nverifie = "16C"\n'  # who, when, checked against


def entree(ref: str = "16C", texte: str = "Une carte est tombée.", signee: str = SIGNEE) -> str:
    return f'[[situation]]\nref = "{ref}"\ntexte = "{texte}"\n{signee}'


MAUVAIS = [
    ('[[situation]\nref = "16C"\n', "situations.toml, ligne 1 : TOML illisible"),
    ('[situations]\nref = "16C"\n', "table inconnue « situations »"),
    ('situation = [ { ref = "16C" } ]\n', "écrivez chaque entrée sous son propre en-tête [[situation]]"),
    (entree() + "loi = 16\n", "ligne 1 : champ inconnu « loi » (attendu : ref, texte, par, le, verifie)"),
    (entree() + '\n[[situation]]\nref = "16C"\n', "ligne 8 : le champ « texte » manque ou est vide"),
    (entree(texte="  "), "ligne 1 : le champ « texte » manque ou est vide"),
    (entree().replace('"16C"', "16", 1), "ligne 1 : le champ « ref » manque"),
    (entree("loi seize"), "« loi seize » n'est pas une référence"),
    (entree("94A"), "« 94A » n'est pas une référence"),
    (entree(signee=""), "ligne 1 : le champ « par » manque ou est vide"),
    (entree(signee='par = "essai"\nverifie = "16C"\n'), "ligne 1 : le champ « le » manque ou n'est pas une date"),
    (entree(signee='par = "essai"\nle = "hier"\nverifie = "16C"\n'), "le champ « le » manque ou n'est pas une date"),
    (entree(signee='par = "essai"\nle = 2026-11-23T10:00:00\nverifie = "16C"\n'), "n'est pas une date"),
    (entree(signee='par = "essai"\nle = 2026-11-23\n'), "ligne 1 : le champ « verifie » manque ou est vide"),
    (entree(signee='par = "essai"\nle = 2026-11-23\nverifie = "16 Z"\n'), "« 16 Z » n'est pas une référence"),
]


@pytest.mark.parametrize(("texte", "message"), MAUVAIS)
def test_une_entree_fautive_est_nommee_par_sa_ligne(texte: str, message: str) -> None:
    with pytest.raises(SituationInvalide) as erreur:
        lire(texte)
    assert message in str(erreur.value)
    assert erreur.value.code == 2


@pytest.fixture(scope="module")
def corpus():
    resultat = build.construit()
    return resultat.fiches, calculer_cibles(resultat.corpus, resultat.ancres, Declarations())


# A situation lands where a 2017 citation of its paragraph does (cibles.resoudre): the
# paragraph, its first sub-paragraph given, an enclosing one, or the law.
# (ref, the place it was checked against, shown passage, its anchor, group).
PLACES = [
    ("16C", "16C", "16C", "loi-16-c", "16"),
    ("16B1a", "16B1(a)", "16B1(a)", "loi-16-b-1-a", "16"),  # written as people type it
    ("68C", "68C", "68C", "loi-68-c", "68"),  # a law the 2017 sources give whole
    ("12C1", "12C1", "12C1(b)", "loi-12-c-1-b", "12"),  # attested by its sub-paragraphs only: the first of them
    ("25A2", "25", "25 commentaire 1", "loi-25-commentaire-1", "25"),  # no 25A in the 2017 sources: the law
    ("50", "50", "50", "loi-50-2017", "50"),  # a whole law: its preamble
    ("27", "27", "27 commentaire 1", "loi-27-commentaire-1", "27"),  # none quoted: its first 2017 passage
]


@pytest.mark.parametrize(("ref", "verifie", "montree", "ancre", "loi"), PLACES)
def test_une_situation_prend_la_place_de_son_paragraphe(
    corpus, ref: str, verifie: str, montree: str, ancre: str, loi: str
) -> None:
    fiches, cibles = corpus
    signee = f'par = "essai"\nle = 2026-11-23\nverifie = "{verifie}"\n'
    (fiche,) = fiches_situations(lire(entree(ref, "Sa carte est tombée.", signee)), fiches, cibles)
    assert (fiche.ref, fiche.ancre, fiche.edition, fiche.type) == (montree, ancre, "2017", SITUATION)
    assert fiche.loi is None and fiche.texte == "Sa carte est tombée." and fiche.source == "situations:1"
    assert groupe(fiche) == loi


@pytest.mark.parametrize(("ref", "verifie", "lieu"), [
    ("25A2", "25A2", "se place sous 25 dans nos sources 2017, mais a été vérifiée contre 25A2"),  # a fallback unread
    ("16C", "16", "se place sous 16C dans nos sources 2017, mais a été vérifiée contre 16"),
    ("12C1(a)", "12C1(a)", "se place sous 12C1 dans nos sources 2017"),  # a sub-paragraph the sources skip
])  # fmt: skip
def test_un_lieu_non_verifie_arrete_la_construction(corpus, ref: str, verifie: str, lieu: str) -> None:
    """The place is computed from the 2017 map; the one a reader checked is declared: when
    they differ (the map changed, or a fallback nobody read), the build stops, line named."""
    fiches, cibles = corpus
    signee = f'par = "essai"\nle = 2026-11-23\nverifie = "{verifie}"\n'
    with pytest.raises(SituationInvalide, match=r"situations.toml, ligne 1 : ") as erreur:
        fiches_situations(lire(entree(ref, "Sa carte est tombée.", signee)), fiches, cibles)
    assert lieu in str(erreur.value) and f"loi voir {lieu.split()[3]}" in str(erreur.value)


def test_le_fichier_du_projet(corpus) -> None:
    """Every law of the Code has situations, each lands on a 2017 passage, none is written twice."""
    fiches, cibles = corpus
    situations = lire(FICHIER.read_text(encoding="utf-8"))
    placees = fiches_situations(situations, fiches, cibles)
    assert len(placees) >= 500
    assert {s.label.loi for s in situations} >= set(range(1, 94)) - {88, 89}  # 88, 89: only say « see 12C2, 12C3 »
    textes = [s.texte for s in situations]
    assert len(set(textes)) == len(textes)
    assert all(6 <= len(t.split()) <= 45 for t in textes)
    assert all(s.par and s.le.year >= 2026 for s in situations)
    assert moteur.SITUATION == SITUATION  # the engine's copy of the fiche type (its start-up skips model)


def test_une_situation_trouve_sa_loi_sans_se_montrer() -> None:
    """Told in the file's own words, a situation finds its law first (three in four: a
    neighbour's passages may tell more of it), and what the answer shows is the
    paragraph, never the situation, once however many of its situations (or of its
    quotes) match, and as many paragraphs as asked when the law has them."""
    chercheur = moteur.Chercheur(build.index_courant())
    edition, ref = chercheur.colonne("edition"), chercheur.colonne("ref")
    echantillon = lire(FICHIER.read_text(encoding="utf-8"))[::10]
    premieres = 0
    for situation in echantillon:
        reponse = chercheur.chercher(situation.texte, limite=3)
        assert not reponse.corrigee  # the situations are spelt right: the query below is the one searched
        passages = [p for g in reponse.groupes for p in g.passages]
        assert all(p.type != SITUATION and situation.texte[:40] not in p.extrait for p in passages)
        requete = comprendre(situation.texte, chercheur.synonymes)
        bruts = chercheur.grouper(chercheur.scores(requete), requete, 3)
        for groupe_, (_, candidats) in zip(reponse.groupes, bruts, strict=True):
            assert len({(p.ref, p.edition) for p in groupe_.passages}) == len(groupe_.passages)
            montres = {(edition(chercheur.montre(d)), ref(chercheur.montre(d))) for _, d in candidats}
            assert len(groupe_.passages) == min(3, len(montres))
        premieres += reponse.groupes[0].loi == situation.label.loi
    assert premieres >= 0.7 * len(echantillon)


# (query, law, passages its group shows with par_groupe=3): found when a group showed one
# passage for five paragraphs (its situations filled the places kept for the score), or a
# paragraph twice (a situation showed one quote of 74B2, the other quote kept its place).
PASSAGES = [
    ("Elle a posé le carton passe alors qu'elle voulait le carton contre juste à côté, et elle veut le "
     "reprendre avant que son partenaire parle.", 25, 3),
    ("L'as de pique de l'étui est corné et taché au dos ; l'adversaire peut savoir qui le détient pendant "
     "les enchères.", 74, 3),
    ("Les joueurs ont déplacé la table et l'indication Nord ne correspond plus à l'orientation choisie par "
     "l'arbitre pour la salle.", 7, 3),
]  # fmt: skip


@pytest.mark.parametrize(("texte", "loi", "nombre"), PASSAGES)
def test_une_loi_montre_ses_paragraphes_distincts(texte: str, loi: int, nombre: int) -> None:
    (groupe_,) = [g for g in moteur.Chercheur(build.index_courant()).chercher(texte, limite=10).groupes if g.loi == loi]
    cles = [(p.ref, p.edition) for p in groupe_.passages]
    assert len(cles) == nombre and len(set(cles)) == nombre, cles


def test_un_index_neuf_numerote_ses_documents_dans_l_ordre() -> None:
    """``montre`` reads a situation's paragraph by its rank: a fresh index's docnums are its ranks."""
    chercheur = moteur.Chercheur(build.index_courant())
    rangs = [chercheur.champs(d)["rang"] for d in range(chercheur.reader.doc_count_all())]
    assert rangs == list(range(len(rangs)))
    situations = [d for d in range(len(rangs)) if chercheur.colonne("type")(d) == SITUATION]
    assert len(situations) >= 500 and all(
        chercheur.colonne("type")(chercheur.montre(d)) != SITUATION for d in situations
    )


@pytest.mark.parametrize(("genre", "attendu"), [("loi", "loi"), ("commentaire", "commentaire")])
def test_type_filtre_une_situation_par_ce_qu_elle_montre(genre: str, attendu: str) -> None:
    """``--type loi`` keeps the situations that show a law text, ``--type commentaire`` those that
    show a commentary (a paragraph the 2017 sources do not quote falls back to one)."""
    chercheur = moteur.Chercheur(build.index_courant())
    genres = chercheur.colonne("type")
    textes = [
        chercheur.champs(d)["texte"]
        for d in range(chercheur.reader.doc_count_all())
        if genres(d) == SITUATION and genres(chercheur.montre(d)) == attendu
    ][:5]
    trouvees = set()
    for texte in textes:  # situations that show this kind: the filter must keep them
        for _, doc in chercheur.scores(comprendre(texte, chercheur.synonymes), types=[genre]):
            assert genres(chercheur.montre(doc)) == attendu
            trouvees.add(genres(doc))
    assert len(textes) == 5 and trouvees == {attendu, SITUATION}


@pytest.mark.skipif(not LOI.exists(), reason="the `loi` command is not installed in .venv")
def test_la_commande_montre_le_paragraphe() -> None:
    """The real command: the JSON gives the paragraph's type, reference and anchor."""
    premiere = lire(FICHIER.read_text(encoding="utf-8"))[0]
    fini = subprocess.run(
        [str(LOI), "cherche", "--json", "--limite", "1", premiere.texte],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "NO_COLOR": "1"},
    )
    assert fini.returncode == 0, fini.stderr
    resultats = [p for g in json.loads(fini.stdout)["resultats"] for p in g["passages"]]
    assert resultats and all(r["type"] != SITUATION for r in resultats)
    assert premiere.texte not in json.dumps(resultats, ensure_ascii=False)


# A situation says the facts of a paragraph in its own words; one that nearly repeats a query of
# tests/eval would measure the file against itself. Stem sets, Jaccard: the closest honest pairs
# (two paraphrases of one rule, written apart) stay under 0.56; a copied query reaches 0.64.
PROCHE = 0.6


def _requetes_d_evaluation() -> list[tuple[str, str]]:
    import sys

    sys.path.insert(0, str(RACINE / "scripts"))
    import evaluer

    return [
        (chemin.name, texte)
        for chemin in sorted(evaluer.EVAL.glob("*.tsv"))
        for texte, _ in evaluer.lire_requetes(chemin)
    ]


def trop_proches(situations: list[str], requetes: list[tuple[str, str]]) -> list[tuple[float, str, str, str]]:
    """(Jaccard, set, query, situation) of the pairs at ``PROCHE`` or more (queries of three stems or more)."""
    from indexer.recherche.analyse import racines

    textes = [(t, set(racines(t))) for t in situations]
    paires = []
    for nom, requete in requetes:
        mots = set(racines(requete))
        if len(mots) < 3:
            continue
        for texte, siens in textes:
            commun = len(mots & siens)
            if commun and (indice := commun / len(mots | siens)) >= PROCHE:
                paires.append((round(indice, 2), nom, requete, texte))
    return sorted(paires, reverse=True)


def test_aucune_situation_ne_recopie_une_requete_des_jeux_de_mesure():
    situations = [s.texte for s in lire(FICHIER.read_text(encoding="utf-8"))]
    assert trop_proches(situations, _requetes_d_evaluation()) == []


@pytest.mark.parametrize("situation, proche", [
    ("Avant qu'on soit d'accord sur le nombre de levées, mon adversaire a mélangé ses cartes jouées.", True),
    ("Mon adversaire a mélangé ses cartes jouées avant la fin du décompte des levées.", False),
])  # fmt: skip
def test_la_mesure_de_proximite_reconnait_une_requete_recopiee(situation, proche):
    requete = ("situations.tsv", "il a mélangé ses cartes jouées avant qu'on soit d'accord sur le nombre de levées")
    assert bool(trop_proches([situation], [requete])) is proche
