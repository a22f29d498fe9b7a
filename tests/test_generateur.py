"""What makes a change of static-site generator a configuration change: the menu of the laws and
the home page's grid are ``loi construire`` outputs (``rendu.navigation``), and the post-build step
``scripts/apres_site.py`` writes into any built folder the search data, citation grammar and table,
manifest and service worker."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from indexer import build
from indexer.chemins import DONNEES_RECHERCHE
from indexer.errors import LoiErreur
from indexer.rendu.navigation import DEBUT_NAV, FIN_NAV, avec_nav, disposer, fichier_de, nav_lois

RACINE = Path(__file__).resolve().parent.parent
APRES_SITE = RACINE / "scripts/apres_site.py"
PYTHON = RACINE / ".venv/bin/python"


# --- the layout: every page an x/index.md ---------------------------------------------------


@pytest.mark.parametrize(
    "page, fichier",
    [
        ("lois/68.md", "lois/68/index.md"),
        ("definitions.md", "definitions/index.md"),
        ("reglements/titre-iv.md", "reglements/titre-iv/index.md"),
        ("index.md", "index.md"),
        ("lois/index.md", "lois/index.md"),
    ],
)
def test_ou_s_ecrit_une_page(page: str, fichier: str) -> None:
    assert fichier_de(page) == fichier


@pytest.mark.parametrize(
    "page, texte, attendu",
    [
        (
            "lois/68.md",
            "les [Lois 16](16.md) et [57A](57.md){ .vers-la-loi }",
            "les [Lois 16](../16/index.md) et [57A](../57/index.md){ .vers-la-loi }",
        ),
        (
            "lois/68.md",
            "[68A](68.md#loi-68-a) ; [Marque](../marque.md#primes)",
            "[68A](index.md#loi-68-a) ; [Marque](../../marque/index.md#primes)",
        ),
        ("lois/index.md", '[Loi 1](1.md) ; [2](2.md "Les étuis")', '[Loi 1](1/index.md) ; [2](2/index.md "Les étuis")'),
        ("marque.md", "[Loi 77](lois/77.md) [tables](#primes)", "[Loi 77](../lois/77/index.md) [tables](#primes)"),
        ("reglements/titre-iv.md", "[titre VII](titre-vii.md#a)", "[titre VII](../titre-vii/index.md#a)"),
        (
            "index.md",
            "[Les lois](lois/index.md), [68](lois/68.md)",
            "[Les lois](lois/index.md), [68](lois/68/index.md)",
        ),
        # not a page: a script's text, an image, an address
        (
            "marque.md",
            "f](formulaire.elements) ![i](assets/a.png) [x](https://a.fr/b.md)",
            "f](formulaire.elements) ![i](assets/a.png) [x](https://a.fr/b.md)",
        ),
    ],
)
def test_les_liens_suivent_les_pages(page: str, texte: str, attendu: str) -> None:
    assert disposer(texte, page) == attendu


# --- the menu of the laws ------------------------------------------------------------------


@pytest.mark.parametrize(
    "chapitres, numeros, attendu",
    [
        (
            [{"titre": "Préliminaires", "lois": [1, 2]}],
            [1, 2],
            [
                "  - Les lois:",
                "      - lois/index.md",
                '      - "Préliminaires (Lois 1 à 2)":',
                "          - lois/1/index.md",
                "          - lois/2/index.md",
            ],
        ),
        # a law in no chapter still has a place; an empty chapter has none
        (
            [{"titre": "A", "lois": [1, 1]}, {"titre": "Vide", "lois": [5, 6]}],
            [1, 3],
            [
                "  - Les lois:",
                "      - lois/index.md",
                '      - "A (Lois 1 à 1)":',
                "          - lois/1/index.md",
                '      - "Autres lois":',
                "          - lois/3/index.md",
            ],
        ),
        # a title with quotes stays one YAML string
        (
            [{"titre": 'Le "mort"', "lois": [1, 1]}],
            [1],
            [
                "  - Les lois:",
                "      - lois/index.md",
                '      - "Le \\"mort\\" (Lois 1 à 1)":',
                "          - lois/1/index.md",
            ],
        ),
    ],
)
def test_le_menu_des_lois(chapitres: list[dict], numeros: list[int], attendu: list[str]) -> None:
    assert nav_lois(chapitres, numeros) == attendu


@pytest.mark.parametrize(
    "configuration, attendu",
    [
        (
            f"nav:\n  - A: a.md\n{DEBUT_NAV}\n  - vieux\n{FIN_NAV}\n  - B: b.md\n",
            f"nav:\n  - A: a.md\n{DEBUT_NAV}\n  - neuf\n{FIN_NAV}\n  - B: b.md\n",
        ),
        (f"nav:\n{DEBUT_NAV}\n{FIN_NAV}\n", f"nav:\n{DEBUT_NAV}\n  - neuf\n{FIN_NAV}\n"),
    ],
)
def test_le_menu_s_ecrit_entre_les_reperes(configuration: str, attendu: str) -> None:
    assert avec_nav(configuration, ["  - neuf"]) == attendu


@pytest.mark.parametrize("configuration", ["nav:\n  - A: a.md\n", f"nav:\n{DEBUT_NAV}\n  - vieux\n"])
def test_sans_reperes_une_ligne_en_francais(configuration: str) -> None:
    with pytest.raises(LoiErreur, match="repères de la navigation des lois manquent"):
        avec_nav(configuration, ["  - neuf"])


def test_un_menu_perime_est_vu_par_le_verificateur(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, construit) -> None:
    """A hand edit between the markers is what ``loi construire`` rewrites (so ``--verifier`` fails on it)."""
    vrai = (RACINE / "mkdocs.yml").read_text(encoding="utf-8")
    debut, fin = vrai.index(DEBUT_NAV), vrai.index(FIN_NAV)
    (tmp_path / "mkdocs.yml").write_text(
        vrai[:debut] + DEBUT_NAV + "\n  - Les lois: lois/index.md\n" + vrai[fin:], encoding="utf-8"
    )
    monkeypatch.setattr(build, "racine", lambda: tmp_path)
    assert build.configuration_du_site(construit.corpus) == vrai


# --- the home page's grid ------------------------------------------------------------------


def test_la_grille_des_lois_de_l_accueil(site_commun) -> None:
    """93 keys, each to its law's page as built, each with the law's title, shown on hover by the
    stylesheet and read in the link's name (never a ``title``: Material's tooltips cost ~250 ms)."""
    accueil = (site_commun.site / "index.html").read_text(encoding="utf-8")
    grille = re.search(r"<nav [^>]*class=\"grille-lois\".*?</nav>", accueil, re.S)
    assert grille, "la grille des lois manque à l'accueil"
    liens = re.findall(r'<a ([^>]*)href="lois/(\d+)/index\.html"[^>]*>(\d+)</a>', grille[0])
    assert [int(n) for _, n, _ in liens] == list(range(1, 94))
    assert all(n == texte and "title=" not in a for a, n, texte in liens)
    attributs = {n: a for a, n, _ in liens}
    if not site_commun.faux:
        titre = "Revendication ou concession de levées"
        assert f'aria-label="68 — {titre}" data-titre="{titre}"' in attributs["68"]


# --- the post-build step -------------------------------------------------------------------


ACCUEIL = (
    '<head><meta name="application-name" content="Le Code"><meta name="description" content="Les lois, hors ligne.">'
    '<meta name="theme-color" content="#123456"><meta name="apple-mobile-web-app-title" content="Code"></head>'
    "<h1>Accueil</h1>"
)


def _site(dossier: Path) -> Path:
    """A built folder in one layout or the other (``lois/1/index.html``, ``lois/2.html``), with lunr."""
    fichiers = {
        "index.html": ACCUEIL,
        "lois/1/index.html": "<h1>1</h1>",
        "lois/2.html": "<h1>2</h1>",
        "assets/javascripts/citation.js": "// la boîte de citation\n",
        "assets/javascripts/lunr/min/lunr.fr.min.js": "lunr",
        "search.json": "{}",
        "assets/citations.json": json.dumps({"loi-1": "lois/1/", "loi-2-a": "lois/2/", "loi-9": "lois/9/"}),
    }
    for chemin, texte in fichiers.items():
        (dossier / chemin).parent.mkdir(parents=True, exist_ok=True)
        (dossier / chemin).write_text(texte, encoding="utf-8")
    return dossier


def _lancer(site: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(PYTHON), str(APRES_SITE), str(site)], capture_output=True, text=True, timeout=120)


def test_l_etape_apres_la_construction(tmp_path: Path) -> None:
    if not Path(DONNEES_RECHERCHE).is_file():
        pytest.skip("genere/recherche-donnees.js manque (loi construire --index)")
    site = _site(tmp_path / "site")
    fini = _lancer(site)
    assert fini.returncode == 0, fini.stderr
    assert (
        fini.stderr.strip() == "apres_site : assets/citations.json : 'loi-9' renvoie à 'lois/9/', "
        "qui n'est pas une page du site"
    )
    table = (site / "assets/javascripts/citations-donnees.js").read_text(encoding="utf-8")
    assert table == 'window.CITATIONS_LOIS = {"loi-1":"lois/1/index.html","loi-2-a":"lois/2.html"};\n'
    assert not (site / "assets/javascripts/lunr").exists() and not (site / "search.json").exists()
    assert (site / "assets/javascripts/recherche-donnees.js").read_bytes() == Path(DONNEES_RECHERCHE).read_bytes()
    precache = re.search(r"const FICHIERS = (\[.*?\]);", (site / "sw.js").read_text(encoding="utf-8"), re.S)
    assert precache and json.loads(precache[1]) == [
        "assets/citations.json",
        "assets/javascripts/citation.js",
        "assets/javascripts/citations-donnees.js",
        "assets/javascripts/recherche-donnees.js",
        "index.html",
        "lois/1/index.html",
        "lois/2.html",
    ]
    manifeste = json.loads((site / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifeste["lang"] == "fr"
    assert [manifeste[cle] for cle in ("name", "short_name", "description", "theme_color")] == [
        "Le Code",
        "Code",
        "Les lois, hors ligne.",
        "#123456",
    ]
    avant = {p: p.read_bytes() for p in site.rglob("*") if p.is_file()}
    assert _lancer(site).returncode == 0
    apres = {p: p.read_bytes() for p in site.rglob("*") if p.is_file()}
    assert apres == avant, "une seconde passe ne change rien (la grammaire n'est pas écrite deux fois)"
    citation = (site / "assets/javascripts/citation.js").read_text(encoding="utf-8")
    assert citation.count("CITATION_GRAMMAIRE =") == 1 and citation.endswith("// la boîte de citation\n")


@pytest.mark.parametrize("retirer", ["index.html", "assets/javascripts/citation.js"])
def test_un_site_incomplet_une_ligne_et_le_code_2(tmp_path: Path, retirer: str) -> None:
    site = _site(tmp_path / "site")
    (site / retirer).unlink()
    fini = _lancer(site)
    assert fini.returncode == 2
    assert fini.stderr.count("\n") == 1 and retirer in fini.stderr and "Traceback" not in fini.stderr
    shutil.rmtree(site)


def test_un_accueil_sans_ses_balises_une_ligne_et_le_code_2(tmp_path: Path) -> None:
    if not Path(DONNEES_RECHERCHE).is_file():
        pytest.skip("genere/recherche-donnees.js manque (loi construire --index)")
    site = _site(tmp_path / "site")
    (site / "index.html").write_text(ACCUEIL.replace('name="theme-color"', 'name="couleur"'), encoding="utf-8")
    fini = _lancer(site)
    assert (fini.returncode, fini.stderr) == (
        2,
        "apres_site : index.html n'a pas de <meta name> theme-color : voyez overrides/main.html\n",
    )
