"""The site in a real browser: Debian's Chromium driven by Playwright, from file:// and from
a local http server on 127.0.0.1, at a phone's size (390 × 844).

Never downloads a browser: without /usr/bin/chromium these tests skip, except in CI, where
LOI_NAVIGATEUR_OBLIGATOIRE=1 turns the skip into a failure. Screenshots go to
tests/artefacts/ (git-ignored) for a person to look at.
"""

from __future__ import annotations

import functools
import http.server
import os
import re
import sys
import threading
from pathlib import Path

import pytest
from site_outils import RACINE

pytestmark = pytest.mark.navigateur

CHROMIUM = Path("/usr/bin/chromium")
ARTEFACTS = RACINE / "tests/artefacts"
TELEPHONE = {"width": 390, "height": 844}
# The flags known to work here: without the background-networking ones Chromium keeps
# trying to reach Google's hosts, which this machine's closed network refuses.
DRAPEAUX = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync",
]  # fmt: skip
ORIGINES = ("file", "http")


def _absent(raison: str):
    if os.environ.get("LOI_NAVIGATEUR_OBLIGATOIRE") == "1":
        pytest.fail(f"{raison} (LOI_NAVIGATEUR_OBLIGATOIRE=1 : obligatoire en CI)")
    pytest.skip(raison)


# --- fixtures: the site, a server, the browser ----------------------------------------------


@pytest.fixture(scope="module")
def navigateur():
    if not CHROMIUM.exists():
        _absent(f"{CHROMIUM} absent : apt-get install chromium")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _absent("playwright n'est pas installé (pip install -e '.[dev]')")
    with sync_playwright() as pw:
        navigateur = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=DRAPEAUX)
        yield navigateur
        navigateur.close()


@pytest.fixture(scope="module")
def site(navigateur, site_commun) -> Path:
    return site_commun.site


class _Silencieux(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".webmanifest": "application/manifest+json"}  # fmt: skip

    def log_message(self, *args) -> None:  # keep pytest's output readable
        pass


@pytest.fixture(scope="module")
def serveur(site):
    """http://127.0.0.1:<port>/ serving the built site; stopped after the module."""
    gestionnaire = functools.partial(_Silencieux, directory=str(site))
    serveur = http.server.ThreadingHTTPServer(("127.0.0.1", 0), gestionnaire)
    fil = threading.Thread(target=serveur.serve_forever, daemon=True)
    fil.start()
    yield f"http://127.0.0.1:{serveur.server_address[1]}/"
    serveur.shutdown()
    serveur.server_close()
    fil.join(timeout=5)


@pytest.fixture(params=ORIGINES)
def origine(request, site):
    """The site's root URL, from the file system or from the local server."""
    if request.param == "file":
        return site.as_uri() + "/"
    return request.getfixturevalue("serveur")


@pytest.fixture
def contexte(navigateur):
    contexte = navigateur.new_context(viewport=TELEPHONE, locale="fr-FR", service_workers="allow")
    yield contexte
    contexte.close()


@pytest.fixture
def page(contexte):
    page = contexte.new_page()
    page.set_default_timeout(15_000)
    return page


# --- helpers --------------------------------------------------------------------------------


def chercher(page, mot: str, delai: float = 30.0):
    """Open the header's search (its first opening loads the engine) and type the query;
    returns the result groups (one per law, in rank order)."""
    page.locator(".recherche-ouvrir").first.click()
    page.locator("#recherche-dialogue .recherche-saisie").fill(mot)
    page.wait_for_function(
        "(q) => document.querySelector('#recherche-dialogue .recherche-resultats')?.dataset.requete === q",
        arg=mot,
        timeout=delai * 1000,
    )
    return page.locator("#recherche-dialogue .recherche-groupe")


def dans_la_vue(page, ancre: str) -> bool:
    """The element's top is on screen (ids starting with a digit need [id=…], not #…)."""
    return page.evaluate(
        """(id) => {
            const el = document.querySelector(`[id="${id}"]`);
            if (!el) return false;
            const r = el.getBoundingClientRect();
            return r.top >= 0 && r.top < window.innerHeight && r.height > 0;
        }""",
        ancre,
    )


def capture(page, nom: str) -> Path:
    ARTEFACTS.mkdir(exist_ok=True)
    chemin = ARTEFACTS / nom
    page.screenshot(path=str(chemin))
    return chemin


# --- tests ----------------------------------------------------------------------------------


def test_recherche_revendication_mene_a_la_loi_68_ou_70(page, origine, request):
    page.goto(origine + "index.html")
    resultats = chercher(page, "revendication")
    assert resultats.count() > 0
    liens = [resultats.nth(i).locator("a").first.get_attribute("href") for i in range(resultats.count())]
    assert any(re.search(r"lois/(68|70)/", lien or "") for lien in liens), liens
    if request.node.callspec.params["origine"] == "http":
        capture(page, "recherche-390x844.png")
    cible = page.locator('#recherche-dialogue a[href*="lois/68/"], #recherche-dialogue a[href*="lois/70/"]').first
    cible.click()
    page.wait_for_url(re.compile(r"lois/(68|70)/"))
    assert page.locator('[id="loi-68"], [id="loi-70"]').count() == 1


def test_l_ancre_68c_est_a_l_ecran(page, origine, request):
    # Over http the directory URL of the issue works; from file:// the explicit file does.
    adresse = "lois/68/#loi-68-c" if origine.startswith("http") else "lois/68/index.html#loi-68-c"
    page.goto(origine + adresse)
    page.wait_for_function("() => document.querySelector('[id=\"loi-68-c\"]') !== null")
    assert dans_la_vue(page, "loi-68-c")
    assert page.evaluate("window.scrollY") > 0, "68C n'est pas en tête de page : il faut avoir défilé"
    if origine.startswith("http"):
        capture(page, "loi-68c-390x844.png")


def test_la_boite_de_citation_saute_a_12c1e(page, origine):
    page.goto(origine + "index.html")
    saisie = page.locator("#citation-saisie")
    saisie.fill("12c1e")
    assert "12C1(e)" in page.locator("#citation-message").inner_text()
    saisie.press("Enter")
    page.wait_for_url(re.compile(r"lois/12/(index\.html)?#loi-12-c-1-e$"))
    assert dans_la_vue(page, "loi-12-c-1-e")


def test_la_boite_retombe_sur_le_paragraphe_englobant(page, origine):
    page.goto(origine + "index.html")
    page.locator("#citation-saisie").fill("loi 68 C 9")
    page.locator("#citation-saisie").press("Enter")
    page.wait_for_url(re.compile(r"lois/68/(index\.html)?#loi-68-c$"))


def test_la_boite_refuse_ce_qui_n_est_pas_une_citation(page, site):
    page.goto(site.as_uri() + "/index.html")
    page.locator("#citation-saisie").fill("loi 94")
    page.locator("#citation-saisie").press("Enter")
    assert "non reconnue" in page.locator("#citation-message").inner_text()
    assert page.url.endswith("/index.html")


def test_le_parseur_js_suit_la_grammaire_python(page, site):
    """citation.js copies indexer/labels.py: the same input must give the same anchor."""
    sys.path.insert(0, str(RACINE))
    from indexer.labels import ancre, parse_label

    saisies = [
        "68",
        "Loi 68",
        "loi68",
        "L68",
        "Law 64",
        "68C",
        "68 C",
        "70D1",
        "12C1(e)",
        "12c1e",
        "loi 12 C 1 e",
        "27 b 1 b",
        "Loi 9 A 2.b)",
        "LOI 64.B",
        "40B2a(i)",
        "12C1(e)(ii)",
        "12C1b)",
        "94",
        "0",
        "17H",
        "loi",
        "",
        "68C9",
        "12 c 1 E",
        "abc",
        "L 12 c",
        "lois 45",
        "68c2007",
        "6 8",
        "1.2",
        "Loi n° 68",
        "68C,",
        "68C ;",
        "\u00a068C\u00a0",
        "\uff16\uff18",
    ]
    attendu = {s: (ancre(lab) if (lab := parse_label(s)) else None) for s in saisies}
    page.goto(site.as_uri() + "/index.html")
    obtenu = page.evaluate(
        """(saisies) => Object.fromEntries(saisies.map((s) => {
            const label = window.CitationLoi.analyser(s);
            return [s, label ? window.CitationLoi.ancre(label) : null];
        }))""",
        saisies,
    )
    assert obtenu == attendu


def test_une_infobulle_sur_un_terme_defini(page, origine):
    page.goto(origine + "lois/68/index.html")
    terme = page.locator("article abbr[title]").first
    terme.scroll_into_view_if_needed()
    terme.hover()
    bulle = page.locator(".md-tooltip2--active")
    bulle.wait_for(state="visible")
    assert bulle.inner_text().strip() == terme.get_attribute("title").strip()


def _copie_du_zip(site: Path, dossier: Path) -> Path:
    """The zip a member copies (scripts/archiver.py), unzipped into ``dossier``: its site folder."""
    import subprocess
    import zipfile

    archive = dossier / "code.zip"
    subprocess.run(
        [sys.executable, str(RACINE / "scripts/archiver.py"), "--site", str(site), "--sortie", str(archive)],
        check=True,
        capture_output=True,
    )
    zipfile.ZipFile(archive).extractall(dossier / "copie")
    return dossier / "copie/code-du-bridge"


def test_l_archive_zip_s_ouvre_sans_serveur(page, site, tmp_path):
    """What a member copies to a laptop: unzip, open index.html, search."""
    page.goto((_copie_du_zip(site, tmp_path) / "index.html").as_uri())
    assert chercher(page, "revendication").count() > 0
    # file:// lets a worker load no file: the search's worker is written from a Blob (recherche.js)
    assert [w.url[:5] for w in page.workers] == ["blob:"]


def _adresses_imprimees() -> list[str]:
    """What `loi voir` and `loi cherche` print as the site's address, run as a member runs them."""
    import json
    import subprocess

    loi = str(RACINE / ".venv/bin/loi")
    voir = json.loads(subprocess.run([loi, "voir", "--json", "68C"], capture_output=True, text=True, check=True).stdout)
    cherche = json.loads(
        subprocess.run(
            [loi, "cherche", "--json", "--limite", "1", "revendication"], capture_output=True, text=True, check=True
        ).stdout
    )
    groupe = cherche["resultats"][0]  # a group of results (JSON version 3): its law's page, then its passages
    assert groupe["url"].endswith("/index.html"), groupe["url"]
    return [voir["url"], groupe["passages"][0]["url"]]


def test_les_liens_imprimes_par_loi_s_ouvrent_depuis_le_zip_et_en_http(page, site, serveur, tmp_path):
    """A printed address opened from the unzipped copy (file://) lands on its paragraph, not on a folder."""
    racine_zip = _copie_du_zip(site, tmp_path).as_uri() + "/"
    for adresse in _adresses_imprimees():
        assert "index.html#" in adresse, adresse
        for racine in (racine_zip, serveur):
            page.goto(racine + adresse)
            ancre = adresse.split("#")[1]
            page.wait_for_function('(id) => document.querySelector(`[id="${id}"]`) !== null', arg=ancre)
            assert dans_la_vue(page, ancre), racine + adresse


def test_la_page_introuvable_est_en_francais_et_ramene_a_l_accueil(page, contexte, serveur):
    """An unknown address, online then offline (the service worker serves 404.html)."""
    page.goto(serveur + "index.html")
    page.wait_for_function(
        "() => navigator.serviceWorker && navigator.serviceWorker.controller !== null", timeout=30_000
    )
    for hors_ligne in (False, True):
        contexte.set_offline(hors_ligne)
        try:
            page.goto(serveur + "lois/999/index.html")
            assert page.locator("h1").first.inner_text() == "Page introuvable"
            assert "introuvable" in page.title().lower()
            assert "Not found" not in page.content()
            if hors_ligne:
                capture(page, "404-390x844.png")
            page.locator("#introuvable-saisie").fill("revendication")
            page.locator("#introuvable-saisie").press("Enter")
            page.wait_for_url(re.compile(r"recherche/index\.html\?q=revendication"))
            page.go_back()
            page.get_by_role("link", name="Retour à l'accueil").click()
            page.wait_for_url(re.compile(r"/index\.html$"))
            assert page.title().startswith("Accueil - ")  # the home page
        finally:
            contexte.set_offline(False)


def test_hors_ligne_apres_installation_du_service_worker(page, contexte, serveur):
    page.goto(serveur + "index.html")
    page.wait_for_function(
        "() => navigator.serviceWorker && navigator.serviceWorker.controller !== null", timeout=30_000
    )
    # Controlled and activated: the precache is complete (install waits for addAll).
    assert page.evaluate("async () => (await caches.keys()).some((n) => n.startsWith('code-bridge-'))")
    contexte.set_offline(True)
    try:
        page.goto(serveur + "lois/70/index.html")
        assert page.locator('[id="loi-70"]').count() == 1
        page.goto(serveur + "lois/12/")
        assert page.locator('[id="loi-12"]').count() == 1
        resultats = chercher(page, "revendication")
        assert resultats.count() > 0
    finally:
        contexte.set_offline(False)


def test_la_page_marque_calcule_depuis_file_et_hors_ligne(page, contexte, site):
    """The calculators run from file:// with the network off: 4♥X V -2, then 620 against 170."""
    erreurs: list[str] = []
    page.on("pageerror", lambda erreur: erreurs.append(str(erreur)))
    contexte.set_offline(True)
    try:
        page.goto(site.as_uri() + "/marque/index.html")
        contrat = page.locator("#marque-contrat")
        contrat.locator('input[name="contrat"]').fill("4♥X")
        contrat.locator('select[name="vulnerable"]').select_option("V")
        contrat.locator('input[name="resultat"]').fill("-2")
        contrat.locator('button[type="submit"]').click()
        assert "-500" in contrat.locator(".marque-resultat").inner_text()
        assert contrat.locator(".marque-erreur").is_hidden()
        imp = page.locator("#marque-imp")
        imp.locator('input[name="marque_a"]').fill("620")
        imp.locator('input[name="marque_b"]').fill("170")
        imp.locator('button[type="submit"]').click()
        assert "+10 IMP" in imp.locator(".marque-resultat").inner_text()
        # from the top down: scrolling up would show Material's « back to top » button over the form
        page.evaluate("window.scrollTo(0, 0)")
        page.wait_for_timeout(300)
        page.evaluate("document.getElementById('calcul-contrat').scrollIntoView()")
        page.wait_for_timeout(300)
        capture(page, "marque-390x844.png")
        contrat.locator('input[name="contrat"]').fill("4♥XXX")
        contrat.locator('button[type="submit"]').click()
        assert "Trop de contres" in contrat.locator(".marque-erreur").inner_text()
        assert contrat.locator(".marque-resultat").inner_text() == ""
    finally:
        contexte.set_offline(False)
    assert not erreurs


def test_la_loi_77_mene_a_la_page_marque(page, origine):
    page.goto(origine + "lois/77/index.html")
    page.locator(".voir-marque a").click()
    page.wait_for_url(re.compile(r"marque/(index\.html)?#bareme-loi-77$"))
    assert dans_la_vue(page, "bareme-loi-77")


def test_les_vecteurs_de_la_marque_passent_dans_chromium(page, site):
    """The scoring script, as the Marque page loads it in the browser, passes every shared vector."""
    from test_marque import CALCULS_JS, CAS, VECTEURS, attendu_de

    page.goto(site.as_uri() + "/marque/index.html")
    observe = page.evaluate(f"(V) => {{ const M = window.Marque; {CALCULS_JS} return sortie; }}", VECTEURS)
    ecarts = []
    for genre, rang in (cas.values for cas in CAS):
        attendu = attendu_de(genre, VECTEURS[genre][rang])
        obtenu = {cle: observe[genre][rang].get(cle) for cle in attendu}
        if obtenu != attendu:
            ecarts.append((genre, rang, attendu, obtenu))
    assert len(CAS) > 1000 and ecarts == []
