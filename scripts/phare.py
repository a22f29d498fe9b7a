"""Lighthouse on a phone (issue 20): the four pages a member opens first, as ``make bench`` rows.

The Lighthouse CLI comes from npm (``package.json`` devDependencies, pinned in package-lock.json)
and drives Debian's Chromium (``CHROME_PATH``, ``--headless=new --no-sandbox``) against a plain
``python -m http.server`` of the built site: Lighthouse's mobile defaults (a mid-range phone,
simulated slow 4G and a CPU four times slower). Timings go to the benchmark, never to a test.
Goals: performance ≥ 90, LCP ≤ 2.5 s, total blocking time ≤ 200 ms, accessibility 100.

Usage: ``python scripts/phare.py [--site DOSSIER]``
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

RACINE = Path(__file__).resolve().parent.parent
LIGHTHOUSE = RACINE / "node_modules/.bin/lighthouse"
CHROMIUM = Path("/usr/bin/chromium")
PAGES = ("index.html", "lois/68/index.html", "recherche/index.html?q=revendication", "marque/index.html")


@contextmanager
def serveur_http(site: Path):
    """``python -m http.server`` on a free port of 127.0.0.1, stopped when the block ends."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    processus = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", str(site)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(50):
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.1)
        yield f"http://127.0.0.1:{port}/"
    finally:
        processus.terminate()
        processus.wait(timeout=10)


def rapport(url: str, dossier: Path, essais: int = 2) -> dict:
    """Lighthouse's JSON report; a run Chromium could not finish (a loaded machine) is run again."""
    sortie = dossier / "rapport.json"
    env = {**os.environ, "CHROME_PATH": str(CHROMIUM)}
    for _ in range(essais):
        subprocess.run(
            [
                str(LIGHTHOUSE),
                url,
                "--quiet",
                "--only-categories=performance,accessibility",
                "--chrome-flags=--headless=new --no-sandbox",
                "--output=json",
                f"--output-path={sortie}",
            ],
            env=env,
            check=True,
            capture_output=True,
            timeout=300,
        )
        donnees = json.loads(sortie.read_text(encoding="utf-8"))
        if donnees["categories"]["performance"]["score"] is not None:
            return donnees
    raise RuntimeError(donnees.get("runtimeError", {}).get("message", "score absent"))


def mesurer(url: str, dossier: Path) -> dict:
    """One Lighthouse run (mobile, simulated throttling): scores and the metrics of the issue."""
    rapport_ = rapport(url, dossier)
    audits = rapport_["audits"]
    accessibilite = {ref["id"] for ref in rapport_["categories"]["accessibility"]["auditRefs"]}
    return {
        "performance": round(rapport_["categories"]["performance"]["score"] * 100),
        "accessibilite": round(rapport_["categories"]["accessibility"]["score"] * 100),
        "lcp": audits["largest-contentful-paint"]["numericValue"] / 1000,
        "tbt": audits["total-blocking-time"]["numericValue"],
        "octets": audits["total-byte-weight"]["numericValue"],
        "echecs_a11y": sorted(cle for cle in accessibilite if audits[cle].get("score") == 0),
    }


def resumer(mesures: list[dict]) -> dict:
    """Median of each figure over the runs, and its spread (lowest–highest): a loaded machine moves them."""
    resume: dict = {"echecs_a11y": sorted({e for m in mesures for e in m["echecs_a11y"]})}
    for cle in ("performance", "accessibilite", "lcp", "tbt", "octets"):
        valeurs = [m[cle] for m in mesures]
        resume[cle] = statistics.median(valeurs)
        resume[cle + "_ecart"] = (min(valeurs), max(valeurs))
    return resume


def rang(chemin: str, m: dict, essais: int) -> tuple[str, str, str, str]:
    """One ``make bench`` row: medians, then the spread of the runs in brackets."""
    (p0, p1), (l0, l1), (t0, t1) = m["performance_ecart"], m["lcp_ecart"], m["tbt_ecart"]
    echecs = f", a11y : {' '.join(m['echecs_a11y'])}" if m["echecs_a11y"] else ""
    return (
        f"Lighthouse {chemin}",
        f"perf {m['performance']:.0f} · a11y {m['accessibilite']:.0f}",
        f"LCP {m['lcp']:.1f} s, TBT {m['tbt']:.0f} ms, {m['octets'] / 1000:.0f} kB "
        f"(médianes de {essais} ; perf {p0}–{p1}, LCP {l0:.1f}–{l1:.1f} s, TBT {t0:.0f}–{t1:.0f} ms){echecs}",
        "≥ 90 · 100, ≤ 2,5 s, ≤ 200 ms",
    )


def lignes(
    site: Path | None = None, essais: int = 3, pages: tuple[str, ...] = PAGES
) -> list[tuple[str, str, str, str]]:
    """``make bench`` rows: per page, performance and accessibility, LCP and TBT, total bytes (medians)."""
    import evaluer_site

    if not LIGHTHOUSE.exists() or not CHROMIUM.exists():
        return [("Lighthouse (téléphone)", "non mesuré", f"{LIGHTHOUSE.name} ou {CHROMIUM} absent (npm ci)", "")]
    rangs = []
    with (
        evaluer_site.site_construit(site) as dossier,
        serveur_http(dossier) as origine,
        tempfile.TemporaryDirectory() as travail,
    ):
        for chemin in pages:
            try:
                mesures = [mesurer(origine + chemin, Path(travail)) for _ in range(essais)]
            except RuntimeError as erreur:
                rangs.append((f"Lighthouse {chemin}", "non mesuré", str(erreur), ""))
                continue
            rangs.append(rang(chemin, resumer(mesures), essais))
    return rangs


def main(argv: list[str] | None = None) -> int:
    parseur = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parseur.add_argument("--site", type=Path, help="un site déjà construit (sinon, construit dans /tmp)")
    parseur.add_argument("--essais", type=int, default=3, help="passages de Lighthouse par page (médiane)")
    parseur.add_argument("--page", action="append", help="une page seulement (répétable ; défaut : les quatre)")
    arguments = parseur.parse_args(argv)
    sys.path.insert(0, str(RACINE / "scripts"))
    for ligne in lignes(arguments.site, arguments.essais, tuple(arguments.page or PAGES)):
        print("  ".join(ligne), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
