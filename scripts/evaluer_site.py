"""The site's search beside the CLI's: the evaluation's figures per part, and a phone's
figures (bytes of a first view, time to first results, time per query).

``make eval`` runs ``main`` after ``scripts/evaluer.py``: the site's column is its engine
(docs/assets/javascripts/recherche-*.js) run by node on the site's data
(``moteur_site.classeur_node``), the very files the browser's worker loads; node gives the
CLI's answers to the last digit (tests/test_moteur_js.py), so both columns agree.
``make bench`` reads ``telephone()`` (Chromium: Debian's /usr/bin/chromium, never a
downloaded one); tests/test_site_recherche.py uses it with its own browser.

Usage: ``python scripts/evaluer_site.py``.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import statistics
import subprocess
import sys
import tempfile
import threading
from contextlib import contextmanager
from pathlib import Path

RACINE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(RACINE))
sys.path.insert(0, str(RACINE / "scripts"))

CHROMIUM = Path("/usr/bin/chromium")
# Without the background-networking flags Chromium keeps calling Google's hosts.
DRAPEAUX = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync",
]  # fmt: skip
TELEPHONE = {"width": 390, "height": 844}
RALENTI = 4  # CPU throttling of a mid-range phone (Chrome DevTools' preset)
PREMIERE_VUE = "lois/68/index.html"
# Queries timed on the phone, after the first: a word, a situation, a typo, a citation.
# « 68C » seul ouvre son paragraphe (une citation, pas une recherche) : « 68C revendication » cherche.
REQUETES_TELEPHONE = (
    "le mort a signalé une renonce", "enchere insufisante", "carte pénalisée majeure",
    "hésitation avant le passe", "68C revendication", "j'ai retourné mon entame, puis-je la reprendre ?",
    "revendication contestée", "arbitre",
)  # fmt: skip


@contextmanager
def chromium():
    """Debian's Chromium driven by Playwright; raises FileNotFoundError when it is absent."""
    if not CHROMIUM.exists():
        raise FileNotFoundError(f"{CHROMIUM} absent (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        navigateur = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=DRAPEAUX)
        try:
            yield navigateur
        finally:
            navigateur.close()


def premiere_vue(navigateur, origine: str) -> int:
    """Bytes a first view of Law 68 downloads over http (the service worker's precache aside)."""
    contexte = navigateur.new_context(viewport=TELEPHONE, locale="fr-FR", service_workers="block")
    try:
        page = contexte.new_page()
        tailles: list[int] = []
        page.on("requestfinished", lambda r: tailles.append(r.sizes()["responseBodySize"]))
        page.goto(origine + PREMIERE_VUE, wait_until="networkidle")
        return sum(tailles)
    finally:
        contexte.close()


def telephone(navigateur, origine: str) -> dict[str, float]:
    """On a phone (390×844, CPU slowed ×4): ms from opening the search to its first results
    (the first query typed at once), and ms per query after (search and display)."""
    contexte = navigateur.new_context(viewport=TELEPHONE, locale="fr-FR", service_workers="block")
    try:
        page = contexte.new_page()
        contexte.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": RALENTI})
        page.goto(origine + PREMIERE_VUE)
        page.wait_for_timeout(500)  # the page settled, as a reader's would be before the tap
        page.locator(".recherche-ouvrir").first.click()
        saisie = page.locator("#recherche-dialogue .recherche-saisie")
        durees = []
        for rang, requete in enumerate(REQUETES_TELEPHONE):
            saisie.fill(requete)
            saisie.press("Enter")
            page.wait_for_function(
                "(q) => document.querySelector('#recherche-dialogue .recherche-resultats').dataset.requete === q",
                arg=saisie.input_value(),
                timeout=60_000,
            )
            mesures = page.evaluate("window.RechercheMesures")
            if rang == 0:
                premiers = mesures["premiers"] - mesures["ouverture"]
                chargement = mesures["pret"] - mesures["ouverture"]
            else:
                durees.append(mesures["derniere"])
        return {
            "premiers_ms": premiers,
            "chargement_ms": chargement,
            "requete_mediane_ms": statistics.median(durees),
            "requete_pire_ms": max(durees),
            "chargements": mesures["chargements"],
        }
    finally:
        contexte.close()


@contextmanager
def site_construit(dossier: Path | None):
    """The built site to measure: ``dossier``, or a fresh build in a temporary folder."""
    if dossier is not None:
        yield dossier
        return
    with tempfile.TemporaryDirectory() as temporaire:
        sortie = Path(temporaire) / "site"
        subprocess.run(["bash", str(RACINE / "scripts/site.sh"), "-q", "-d", str(sortie)], check=True)
        yield sortie


class _Silencieux(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


@contextmanager
def servir(site: Path):
    """http://127.0.0.1:<port>/ serving ``site`` until the block ends."""
    serveur = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Silencieux, directory=str(site)))
    fil = threading.Thread(target=serveur.serve_forever, daemon=True)
    fil.start()
    try:
        yield f"http://127.0.0.1:{serveur.server_address[1]}/"
    finally:
        serveur.shutdown()
        serveur.server_close()
        fil.join(timeout=5)


def lignes_telephone(site: Path | None = None) -> list[tuple[str, str, str, str]]:
    """The phone's figures as rows of ``make bench`` (label, measure, detail, goal of issue 9)."""
    try:
        with site_construit(site) as dossier, chromium() as navigateur, servir(dossier) as origine:
            octets = premiere_vue(navigateur, origine)
            mesures = telephone(navigateur, origine)
    except FileNotFoundError as erreur:
        return [("site sur téléphone", "non mesuré", str(erreur), "")]
    return [
        ("site : première vue de lois/68 (http)", f"{octets / 1000:.0f} kB", "", "≤ 450 kB"),
        (
            "site : premiers résultats après ouverture",
            f"{mesures['premiers_ms']:.0f} ms",
            f"index prêt en {mesures['chargement_ms']:.0f} ms",
            "≤ 1 s",
        ),
        (
            "site : requête suivante (médiane)",
            f"{mesures['requete_mediane_ms']:.0f} ms",
            f"pire {mesures['requete_pire_ms']:.0f} ms",
            "≤ 100 ms",
        ),
    ]


def main(argv: list[str] | None = None) -> int:
    """Print each part's MRR@10 and recall@3 for the CLI and the site."""
    parseur = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parseur.parse_args(argv)
    import evaluer
    import moteur_site

    from indexer import build
    from indexer.recherche.moteur import Chercheur

    parties = evaluer.parties_et_temoin()
    commande = evaluer.chiffres(evaluer.classeur(Chercheur(build.index_courant())), parties)
    try:
        dusite = evaluer.chiffres(moteur_site.classeur_node(parties), parties)
    except FileNotFoundError as erreur:
        print(f"site : chiffres non mesurés, {erreur}")
        return 0
    print("site : son moteur (docs/assets/javascripts/recherche-*.js) dans node, sur les données du site")
    entete = f"{'commande MRR@10 / rappel@3':>27}   {'site MRR@10 / rappel@3':>23}"
    print(f"{'partie':<12}{'requêtes':>9}   {entete}   écart")
    for nom, bilan in commande.items():
        autre = dusite[nom]
        print(
            f"{nom:<12}{len(bilan.rangs):>9}   {bilan.mrr:>18.3f} / {bilan.rappel3:.3f}"
            f"   {autre.mrr:>14.3f} / {autre.rappel3:.3f}   {autre.mrr - bilan.mrr:+.3f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
