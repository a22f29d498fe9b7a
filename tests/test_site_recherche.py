"""The site's search in Chromium: the page recherche/index.html?q=… from file:// and http, the
header's dialog, the lazy load, the highlighting, the JS analysis against the Python one,
the parity with the CLI on the evaluation, and a phone's figures (issue 9, section 3).

Same browser and fixtures as tests/test_navigateur.py (Debian's Chromium, never a download;
skipped without it unless LOI_NAVIGATEUR_OBLIGATOIRE=1). Screenshots go to tests/artefacts/.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from urllib.parse import quote, unquote, urlsplit

import pytest
import test_navigateur as _navigateur
from site_outils import RACINE

# The browser, the built site, its server and the pages of tests/test_navigateur.py.
navigateur, site, serveur = _navigateur.navigateur, _navigateur.site, _navigateur.serveur
origine, contexte, page = _navigateur.origine, _navigateur.contexte, _navigateur.page
capture = _navigateur.capture

sys.path.insert(0, str(RACINE / "scripts"))
import evaluer  # noqa: E402
import evaluer_site  # noqa: E402
from test_situations import PASSAGES  # noqa: E402

pytestmark = pytest.mark.navigateur

BUREAU = {"width": 1280, "height": 800}
ECART_MRR = 0.05  # issue 9: the site's MRR@10 within this of the CLI's, part by part
# Generous ceilings (a busy two-core machine): the are 1 s and 100 ms; make bench
# prints the figures themselves.
PLAFOND_PREMIERS_MS = 3000
PLAFOND_REQUETE_MS = 300


def resultats_de_la_page(page, requete: str) -> list[tuple[str, str]]:
    """Open recherche/index.html?q=… and return its result links (law, href) in rank order."""
    page.wait_for_function(
        "(q) => document.getElementById('resultats')?.dataset.requete === q", arg=requete, timeout=30_000
    )
    return page.evaluate(
        """() => Array.from(document.querySelectorAll('#resultats .recherche-groupe'),
                 (g) => [g.dataset.loi, g.querySelector('a').href])"""
    )


def moteur_du_site(page, requete: str) -> list[int | None]:
    return page.evaluate(evaluer_site.CLASSER_JS, [requete])[0]


# --- the search page -----------------------------------------------------------------------


def test_un_extrait_ne_montre_pas_d_appel_de_note(page, site):
    """The 2007 text of Law 68 has a footnote call (« cours[^e1] ») in its search text: the
    extract shows the words, never the call (as ``loi cherche``)."""
    requete = "concession de levées"
    page.goto(site.as_uri() + "/recherche/index.html?q=" + quote(requete))
    resultats_de_la_page(page, requete)
    extraits = page.locator("#resultats .recherche-extrait").all_inner_texts()
    assert any("cours" in e and "ne peuvent se rapporter" in e for e in extraits), extraits
    assert not [e for e in extraits if "[^" in e]


@pytest.mark.parametrize("rang", range(1 + len(PASSAGES)))
def test_une_situation_montre_son_paragraphe_une_fois(page, site, rang):
    """A table situation (corpus/situations.toml) told in its own words is found and never
    shown: the page lists the CLI's paragraphs, each once, with their own extracts; also
    for the queries where the CLI once showed too few passages, or one twice."""
    from indexer import build
    from indexer.corpus.situations import lire

    textes = [lire((RACINE / "corpus/situations.toml").read_text(encoding="utf-8"))[0].texte]
    texte = (textes + [t for t, _, _ in PASSAGES])[rang]
    attendus = [[p.url.split("#")[1] for p in g.passages]
                for g in build.chercheur_construit().chercher(texte).groupes]  # fmt: skip
    page.goto(site.as_uri() + "/recherche/index.html?q=" + quote(texte))
    resultats_de_la_page(page, texte)
    obtenus = page.evaluate(
        """() => Array.from(document.querySelectorAll('#resultats .recherche-groupe'),
                 (g) => Array.from(g.querySelectorAll('.recherche-ref'), (a) => new URL(a.href).hash.slice(1)))"""
    )
    assert obtenus[: len(attendus)] == attendus and all(len(set(g)) == len(g) for g in obtenus)
    extraits = page.locator("#resultats .recherche-extrait").all_inner_texts()
    assert extraits and not [e for e in extraits if texte[:40] in e]


def test_la_page_de_recherche_lance_la_requete_de_l_adresse(page, origine, request):
    requete = "revendication contestée"
    page.goto(origine + "recherche/index.html?q=" + quote(requete))
    liens = resultats_de_la_page(page, requete)
    lois = [loi for loi, _ in liens]
    assert lois[0] in {"70", "68"}, lois
    assert [int(n) if n else None for n in lois] == moteur_du_site(page, requete)
    assert page.locator("#recherche-page-saisie").input_value() == requete
    # an entry of the 2007 index is named by its term, not by its bare locators
    assert "Index : Revendication › Contestée" in page.locator("#resultats .recherche-label").all_inner_texts()
    for loi, lien in liens:
        adresse = urlsplit(lien)
        # a group's heading leads to its law's page, never to its first passage's (the index)
        assert "?h=" in lien and not adresse.fragment and adresse.path.endswith(f"lois/{loi}/index.html"), lien
        if origine.startswith("file:"):
            assert Path(unquote(adresse.path)).is_file(), lien
    if request.node.callspec.params["origine"] == "http":
        capture(page, "recherche-page-390x844.png")
        page.set_viewport_size(BUREAU)
        capture(page, "recherche-page-1280x800.png")


# The citation forms `loi voir` accepts, typed in the search (page ?q= and dialog): each opens
# its paragraph, as the CLI shows it (tests/test_citations_js.py checks the grammar itself); a
# paragraph no edition has (9A2(b): `loi voir` names its neighbours) opens the enclosing one.
CITATIONS = [("68C", "68", "loi-68-c"), ("68 C", "68", "loi-68-c"), ("L68", "68", "loi-68"),
             ("Loi 16 B 1", "16", "loi-16-b-1"), ("12c1e", "12", "loi-12-c-1-e"),
             ("Loi 9 A 2.b)", "9", "loi-9-a-2"), ("80B2(k)", "80", "loi-80-b-2-k")]


@pytest.mark.parametrize("saisie, loi, ancre", CITATIONS)
def test_une_citation_tapee_dans_la_recherche_ouvre_son_paragraphe(page, site, saisie, loi, ancre):
    page.goto(site.as_uri() + "/recherche/index.html?q=" + quote(saisie))
    page.wait_for_url(re.compile(rf"lois/{loi}/index\.html"))
    adresse = urlsplit(page.url)
    assert adresse.fragment == ancre and Path(unquote(adresse.path)).is_file()
    assert page.locator(f"[id='{ancre}']").count() == 1
    assert page.evaluate(f"document.getElementById('{ancre}').getBoundingClientRect().top") < 844
    capture(page, "citation-" + re.sub(r"\W+", "-", saisie).strip("-") + ".png")


def test_une_citation_dans_le_dialogue_ouvre_son_paragraphe(page, serveur):
    page.goto(serveur + "lois/45/index.html")
    page.locator(".recherche-ouvrir").first.click()
    saisie = page.locator("#recherche-dialogue .recherche-saisie")
    saisie.fill("Loi 16 B 1")
    page.wait_for_function("() => /Loi 16B1/.test(document.querySelector('#recherche-dialogue .recherche-etat')"
                           ".textContent)", timeout=30_000)  # fmt: skip
    saisie.press("Enter")
    page.wait_for_url(re.compile(r"lois/16/index\.html#loi-16-b-1$"))


def test_une_citation_et_des_mots_cherchent_avec_la_loi_favorisee(page, site):
    requete = "68C revendication"
    page.goto(site.as_uri() + "/recherche/index.html?q=" + quote(requete))
    liens = resultats_de_la_page(page, requete)
    assert liens[0][0] == "68" and "recherche/index.html" in page.url


@pytest.mark.parametrize("requete", ["comité d'appel", "carte jouée", "appeler l'arbitre"])
def test_les_groupes_ont_les_titres_et_les_extraits_de_la_commande(page, site, requete):
    """The site's groups are the CLI's: same headings (a group of index entries is titled by its
    law) and same extracts, without footnote calls; highlights of three letters or more."""
    from indexer import build
    from indexer.cli.cherche import entete

    reponse = build.chercheur_construit().chercher(requete, limite=10, par_groupe=3, largeur=160)  # the site's
    page.goto(site.as_uri() + "/recherche/index.html?q=" + quote(requete))
    resultats_de_la_page(page, requete)
    assert page.locator("#resultats .recherche-loi").all_inner_texts() == [entete(g) for g in reponse.groupes]
    extraits = page.locator("#resultats .recherche-extrait").all_inner_texts()
    assert extraits == [p.extrait for g in reponse.groupes for p in g.passages]
    marques = page.locator("#resultats .recherche-extrait mark").all_inner_texts()
    assert marques and min(len(m) for m in marques) >= 3 and not [e for e in extraits if "[^" in e]


def test_une_negation_se_lit_comme_dans_la_commande(page, site):
    """requete._nies and requete.QUESTION in the browser: the CLI's groups for negations and
    question scaffolding."""
    from indexer import build

    requetes = ["il a passé sans faire exprès", "il ne l'a pas fait exprès", "pas exprès", "il a renoncé exprès",
                "il n'a pas fourni à la couleur", "jamais alerté", "ai-je le droit de regarder la levée",
                "a-t-il le droit d'appeler l'arbitre", "faut-il appeler l'arbitre", "il faut une faute",
                "Est-ce que Est a renoncé", "pourquoi il a vraiment passé"]
    chercheur = build.chercheur_construit()
    page.goto(site.as_uri() + "/lois/68/index.html")
    obtenu = page.evaluate("async (qs) => { const m = await window.RechercheSite.charger();"
                           " return qs.map((q) => m.chercher(q).groupes.map((g) => g.loi)); }", requetes)  # fmt: skip
    assert obtenu == [[g.loi for g in chercheur.chercher(q, limite=10).groupes] for q in requetes]


def test_un_resultat_mene_au_paragraphe_surligne(page, origine):
    page.goto(origine + "recherche/index.html?q=" + quote("enchère insuffisante"))
    resultats_de_la_page(page, "enchère insuffisante")
    page.locator("#resultats .recherche-passage a").first.click()
    page.wait_for_url(re.compile(r"lois/27/index\.html\?h=.*#loi-27"))
    page.wait_for_selector("mark.recherche-surligne")
    ancre = urlsplit(page.url).fragment
    assert page.evaluate(f"document.querySelector('[id=\"{ancre}\"]').getBoundingClientRect().top") < 844


def test_une_page_de_recherche_sans_requete_ne_charge_rien(page, site):
    page.goto(site.as_uri() + "/recherche/index.html")
    page.wait_for_load_state("load")
    assert page.evaluate("window.RECHERCHE_DONNEES === undefined && window.RechercheMesures.chargements === 0")
    assert page.locator("#resultats").get_attribute("data-requete") is None


# --- the header's dialog and the lazy load ------------------------------------------------------


def test_les_donnees_ne_se_chargent_qu_a_l_ouverture(page, serveur):
    charges: list[str] = []
    page.on("request", lambda r: charges.append(r.url.rsplit("/", 1)[-1]))
    page.goto(serveur + "lois/68/index.html", wait_until="networkidle")
    moteur = {"minisearch.js", "recherche-analyse.js", "recherche-moteur.js", "recherche-donnees.js"}
    assert not moteur & set(charges), "une simple lecture ne charge pas la recherche"
    assert page.evaluate("window.RECHERCHE_DONNEES === undefined")
    for _ in range(2):
        page.locator(".recherche-ouvrir").first.click()
        page.locator("#recherche-dialogue .recherche-saisie").fill("renonce")
        page.wait_for_function("() => document.querySelector('#recherche-dialogue .recherche-resultats')"
                               ".dataset.requete === 'renonce'")
        page.keyboard.press("Escape")
    assert sorted(c for c in charges if c in moteur) == sorted(moteur), "chargés une fois, à l'ouverture"
    assert page.evaluate("window.RechercheMesures.chargements") == 1


def test_le_dialogue_a_un_nom_accessible_et_se_ferme(page, origine, request):
    page.goto(origine + "lois/68/index.html")
    page.get_by_role("link", name="Chercher dans le Code").click()
    dialogue = page.get_by_role("dialog", name="Chercher dans le Code")
    dialogue.wait_for(state="visible")
    saisie = page.get_by_role("searchbox", name="Situation ou mots à chercher")
    assert saisie.evaluate("(e) => e === document.activeElement")
    saisie.fill("le mort a signalé une renonce")
    page.wait_for_selector("#recherche-dialogue .recherche-groupe")
    lois = page.locator("#recherche-dialogue .recherche-groupe").evaluate_all("(gs) => gs.map((g) => g.dataset.loi)")
    assert lois[:3] == [str(n) for n in moteur_du_site(page, "le mort a signalé une renonce")[:3]]
    if request.node.callspec.params["origine"] == "http":
        capture(page, "recherche-dialogue-390x844.png")
    page.keyboard.press("Escape")
    dialogue.wait_for(state="hidden")


def test_en_tapant_le_dernier_mot_est_complete(page, serveur):
    page.goto(serveur + "lois/68/index.html")
    page.locator(".recherche-ouvrir").first.click()
    page.locator("#recherche-dialogue .recherche-saisie").press_sequentially("carte pénal", delay=30)
    page.wait_for_function("() => document.querySelector('#recherche-dialogue .recherche-resultats')"
                           ".dataset.requete === 'carte pénal'")
    assert "carte pénalisée" in page.locator("#recherche-dialogue .recherche-etat").inner_text()
    premiere = page.locator("#recherche-dialogue .recherche-groupe").first.get_attribute("data-loi")
    assert premiere in {"50", "51", "52"}


def test_le_dialogue_sur_un_bureau(page, serveur):
    page.set_viewport_size(BUREAU)
    page.goto(serveur + "lois/12/index.html")
    page.keyboard.press("/")
    page.locator("#recherche-dialogue .recherche-saisie").fill("score ajusté")
    page.wait_for_selector("#recherche-dialogue .recherche-groupe")
    assert page.locator("#recherche-dialogue .recherche-groupe").first.get_attribute("data-loi") == "12"
    capture(page, "recherche-dialogue-1280x800.png")


def test_le_surlignage_ne_marque_jamais_un_mot_d_une_ou_deux_lettres(page, origine):
    """« l'arbitre » once opened Law 25 with 418 marks on the letter « l »."""
    page.goto(origine + "recherche/index.html?q=" + quote("l'arbitre"))
    resultats_de_la_page(page, "l'arbitre")
    page.locator("#resultats .recherche-loi").first.click()
    page.wait_for_selector("mark.recherche-surligne")
    suivi = page.locator("mark.recherche-surligne").all_inner_texts()
    page.goto(origine + "lois/25/index.html?h=" + quote("l a d arbitr"))  # short stems asked on purpose
    page.wait_for_selector("mark.recherche-surligne")
    direct = page.locator("mark.recherche-surligne").all_inner_texts()
    for marques in (suivi, direct):
        assert marques and all(len(m) >= 3 and m.lower().startswith("arbitr") for m in marques), marques


# --- the analysis and the ranking, against the CLI's ------------------------------------------


def test_l_analyse_js_donne_les_racines_python_sur_tout_le_vocabulaire(page, site):
    """Every word of the index, and every text whole, gets the Python stems in the browser
    (an analyser without the shipped table of stems: the JS stemmer itself)."""
    from indexer import build
    from indexer.recherche.analyse import MOT, MOTS_VIDES, plier, racines

    fiches = build.fiches_recherche()
    mots = sorted({plier(m) for f in fiches for m in re.findall(MOT, f"{f.page} {f.texte}")})
    mots += re.findall(MOT, (RACINE / "corpus/synonymes.toml").read_text(encoding="utf-8"))
    attendu = {m: " ".join(racines(m)) for m in mots}
    textes = [f.texte for f in fiches]
    page.goto(site.as_uri() + "/lois/68/index.html")
    page.wait_for_function("() => window.RechercheSite !== undefined")
    obtenu = page.evaluate(
        """async ([mots, textes, vides]) => {
            await window.RechercheSite.charger();
            const A = window.RechercheAnalyse.creer(vides);
            const seules = Object.fromEntries(mots.map((m) => [m, A.racines(m).join(" ")]));
            return [seules, textes.map((t) => A.racines(t).join(" "))];
        }""",
        [mots, textes, sorted(MOTS_VIDES)],
    )
    assert len(attendu) > 4000
    assert {m: r for m, r in obtenu[0].items() if r != attendu[m]} == {}
    ecarts = [i for i, t in enumerate(textes) if obtenu[1][i] != " ".join(racines(t))]
    assert ecarts == []


def test_les_passages_ont_les_scores_de_whoosh(page, site):
    """The same documents, weights and scoring: each passage's score is Whoosh's."""
    from indexer import build
    from indexer.recherche.moteur import Chercheur
    from indexer.recherche.requete import comprendre

    chercheur = Chercheur(build.index_courant())
    requetes = [texte for texte, _ in evaluer.lire_parties()["directeur"][:30]]
    requetes += ['"revendication contestée"', "renonce -mort", "loi 12 C 1 e", "entame hors tour"]
    page.goto(site.as_uri() + "/lois/68/index.html")
    obtenu = page.evaluate(
        "async (qs) => { const m = await window.RechercheSite.charger();"
        " return qs.map((q) => m.passages(q).slice(0, 8)); }",
        requetes,
    )
    ecarts = []
    for texte, site_ in zip(requetes, obtenu, strict=True):
        commande = chercheur.scores(comprendre(texte, chercheur.synonymes))[:8]
        if [d for _, d in commande] != [d for _, d in site_] or any(
            abs(a - b) > 1e-6 * max(1.0, a) for (a, _), (b, _) in zip(commande, site_, strict=True)
        ):
            ecarts.append((texte, commande[:3], site_[:3]))
    assert ecarts == []


def test_le_site_corrige_les_fautes_comme_la_commande(page, site):
    """A word of a synonym expression (« quitted trick ») is not "corrected"; a typo still is."""
    from indexer import build
    from indexer.recherche.moteur import Chercheur

    chercheur = Chercheur(build.index_courant())
    requetes = ["quitted trick", "offending side", "bid of more than seven", "quitted trick renonse", "renonse"]
    page.goto(site.as_uri() + "/lois/68/index.html")
    obtenu = page.evaluate(
        "async (qs) => { const m = await window.RechercheSite.charger();"
        " return qs.map((q) => [m.chercher(q).corrigee, m.chercher(q).groupes.map((g) => g.loi)]); }",
        requetes,
    )
    commande = [chercheur.chercher(q, limite=10) for q in requetes]
    assert [c for c, _ in obtenu] == [r.corrigee for r in commande] == [False, False, False, True, True]
    assert [lois for _, lois in obtenu] == [[g.loi for g in r.groupes] for r in commande]


def test_le_mrr_du_site_suit_celui_de_la_commande(navigateur, site):
    """Both engines on the whole evaluation, part by part: the CLI's figures computed here."""
    from indexer import build
    from indexer.recherche.moteur import Chercheur

    parties = evaluer.parties_et_temoin()
    commande = evaluer.chiffres(evaluer.classeur(Chercheur(build.index_courant())), parties)
    dusite = evaluer.chiffres(evaluer_site.classeur_site(navigateur, site.as_uri() + "/", parties), parties)
    ecarts = {nom: round(dusite[nom].mrr - commande[nom].mrr, 3) for nom in parties}
    (RACINE / "tests/artefacts").mkdir(exist_ok=True)
    (RACINE / "tests/artefacts/parite.json").write_text(json.dumps(
        {nom: {"commande": commande[nom].mrr, "site": dusite[nom].mrr} for nom in parties}, indent=1))
    assert all(abs(e) <= ECART_MRR for e in ecarts.values()), ecarts
    assert all(len(requetes) >= 50 for requetes in parties.values())


# --- a phone's figures ----------------------------------------------------------------------------


def test_les_chiffres_du_telephone(navigateur, serveur):
    octets = evaluer_site.premiere_vue(navigateur, serveur)
    mesures = evaluer_site.telephone(navigateur, serveur)
    (RACINE / "tests/artefacts").mkdir(exist_ok=True)
    (RACINE / "tests/artefacts/telephone.json").write_text(json.dumps({"premiere_vue_octets": octets, **mesures}))
    assert octets <= 450_000, f"première vue de lois/68 : {octets / 1000:.0f} kB"
    assert mesures["chargements"] == 1
    assert mesures["premiers_ms"] <= PLAFOND_PREMIERS_MS, mesures
    assert mesures["requete_mediane_ms"] <= PLAFOND_REQUETE_MS, mesures


def test_la_recherche_marche_depuis_file_sur_un_telephone(navigateur, site):
    mesures = evaluer_site.telephone(navigateur, site.as_uri() + "/")
    assert mesures["premiers_ms"] <= PLAFOND_PREMIERS_MS, mesures
