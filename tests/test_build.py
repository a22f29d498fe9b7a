"""The build's edges: the manifest guards the sources, errata are checked, writes are
atomic, strict mode refuses unresolved references, the index ships with the site's search data."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from indexer import build
from indexer.errors import LoiErreur, SourceModifiee
from indexer.sources import GUIDE

RACINE = Path(__file__).resolve().parent.parent


@pytest.fixture
def copie(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of corpus/ in a temporary project folder that the build reads instead."""
    shutil.copytree(RACINE / "corpus", tmp_path / "corpus")
    monkeypatch.setattr(build, "racine", lambda: tmp_path)
    monkeypatch.setattr(build, "dossier_corpus", lambda: tmp_path / "corpus")
    return tmp_path


def test_source_modifiee_refusee(copie: Path) -> None:
    source = copie / "corpus" / "sources" / GUIDE
    source.write_bytes(source.read_bytes() + b" ")
    with pytest.raises(SourceModifiee, match="sha256 dans corpus/sources.toml"):
        build.lire_sources()


def test_source_absente_expliquee(copie: Path) -> None:
    (copie / "corpus" / "sources" / GUIDE).unlink()
    with pytest.raises(LoiErreur, match="Source absente"):
        build.lire_sources()


@pytest.mark.parametrize(("nom", "lire"), [("synonymes.toml", "synonymes"), ("chapitres.toml", "chapitres")])
def test_declaration_requise_absente_expliquee(copie: Path, nom: str, lire: str) -> None:
    (copie / "corpus" / nom).unlink()
    with pytest.raises(LoiErreur, match=f"corpus/{nom} est absent : restaurez-le depuis git"):
        getattr(build, lire)()


def test_sources_intactes_acceptees(copie: Path) -> None:
    assert set(build.lire_sources()) == set(build.manifeste())


def test_errata_lus_et_verifies(copie: Path) -> None:
    errata = build.lire_errata()
    assert errata and all(e.motif and e.ligne > 0 for e in errata)
    from indexer.corpus.clean import ErreurErratum, clean_source

    texte = build.lire_sources()[GUIDE]
    lignes = clean_source(texte, GUIDE, errata)
    assert "à la suite d'une" in lignes[3662]
    cassee = texte.replace("à la suite à une", "à la suite de une")
    with pytest.raises(ErreurErratum, match="corrigez corpus/errata.toml"):
        clean_source(cassee, GUIDE, errata)


def test_ecriture_atomique(tmp_path: Path) -> None:
    cible = tmp_path / "a" / "b.txt"
    build.ecrire_atomique(cible, b"un")
    build.ecrire_atomique(cible, b"deux")
    assert cible.read_bytes() == b"deux"
    assert [p.name for p in cible.parent.iterdir()] == ["b.txt"]  # no temporary left behind


def test_ecriture_atomique_ratee_sans_reste(tmp_path: Path) -> None:
    cible = tmp_path / "b.txt"
    (cible / "occupe").mkdir(parents=True)  # a folder that is not empty where the file goes: the rename fails
    with pytest.raises(OSError):
        build.ecrire_atomique(cible, b"un")
    assert [p.name for p in tmp_path.iterdir()] == ["b.txt"] and cible.is_dir()


def test_ecrire_docs_ecrit_le_perime_et_retire_le_disparu(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Only what differs is written; a generated page the corpus no longer makes is removed."""
    voulus = {"docs/lois/1/index.md": "un\n", "docs/lois/2/index.md": "deux\n", "mkdocs.yml": "site\n"}
    monkeypatch.setattr(build, "racine", lambda: tmp_path)
    monkeypatch.setattr(build, "attendus", lambda: voulus)
    for chemin, texte in (
        ("docs/lois/1/index.md", "un\n"),
        ("docs/lois/2/index.md", "vieux\n"),
        ("docs/lois/3.md", ""),
    ):
        (tmp_path / chemin).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / chemin).write_text(texte, encoding="utf-8")
    assert build.differences() == ["docs/lois/2/index.md", "mkdocs.yml", "docs/lois/3.md"]
    assert build.ecrire_docs() == ["docs/lois/2/index.md", "mkdocs.yml", "docs/lois/3.md"]
    assert {c: (tmp_path / c).read_text(encoding="utf-8") for c in voulus} == voulus
    assert not (tmp_path / "docs/lois/3.md").exists() and build.differences() == []


def test_strict_accepte_les_renvois_expliques(construit) -> None:
    """Every inexact citation of the corpus is explained (corpus.cibles): --strict passes and
    still prints them; tests/test_editions_liens.py shows it refuses an unexplained one."""
    assert construit.problemes, "the 2017 sources are extracts: some citations fall back"
    sortie = subprocess.run(
        [str(RACINE / ".venv/bin/loi"), "construire", "--verifier", "--strict"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert sortie.returncode == 0, sortie.stderr[-2000:]
    premiere = sortie.stderr.splitlines()[0]
    assert premiere.split(" : ")[0].count(":") == 1  # "source.txt:ligne : renvoi …"
    assert "Expliqué" in premiere and "Traceback" not in sortie.stderr


def test_une_situation_fautive_arrete_la_recherche(copie: Path) -> None:
    """A faulty corpus/situations.toml stops the index's build with its line (exit code 2),
    and without the file the search indexes the corpus alone."""
    from indexer.corpus.situations import SituationInvalide
    from indexer.model import SITUATION

    fichier = copie / "corpus" / "situations.toml"
    avec = build.fiches_recherche()
    assert sum(f.type == SITUATION for f in avec) == fichier.read_text(encoding="utf-8").count("\n[[situation]]")
    fautive = '\n[[situation]]\nref = "16Z"\ntexte = "Sa carte est tombée."\npar = "essai"\nle = 2026-11-23\n'
    fautive += 'verifie = "16"\n'
    fichier.write_text(fichier.read_text(encoding="utf-8") + fautive, encoding="utf-8")
    with pytest.raises(SituationInvalide, match=r"situations.toml, ligne \d+ : « 16Z » n'est pas une référence") as e:
        build.fiches_recherche()
    assert e.value.code == 2
    fichier.unlink()
    assert build.fiches_recherche() == build.construit().fiches


@pytest.mark.parametrize(
    ("url", "attendu"),
    [
        ("lois/68/#loi-68-c", "lois/68/index.html#loi-68-c"),
        ("lois/#chapitre-1", "lois/index.html#chapitre-1"),
        ("definitions/#def-mort", "definitions/index.html#def-mort"),
        ("#haut", "index.html#haut"),
        ("reglements/titre-iv/", "reglements/titre-iv/index.html"),
    ],
)
def test_adresse_page_du_site(url: str, attendu: str) -> None:
    """The site's search links each hit to the built page (``…/index.html``), as ``hooks/site.py`` writes it."""
    assert build.adresse_page(url) == attendu


def test_adresse_hors_du_site_refusee() -> None:
    with pytest.raises(LoiErreur, match="n'est pas une page de docs/"):
        build.adresse_page("lois/94/#loi-94")


def test_index_et_donnees_du_site_construits_ensemble(tmp_path: Path) -> None:
    """``loi construire --index`` writes the index (its marker names what it was built from) and the
    site's search data, whose links are the built pages'."""
    from indexer.recherche import dossier

    cible = build.construire_index(tmp_path / "index", tmp_path / "recherche-donnees.js")
    marqueur = dossier.verifier(cible)
    assert marqueur["empreinte"] == build.empreinte() and marqueur["documents"] == len(build.fiches_recherche())
    assert marqueur["adresse"] == build.adresse_site()  # what `loi cherche --json` prefixes its URLs with
    script = (tmp_path / "recherche-donnees.js").read_text(encoding="utf-8")
    assert script.startswith("globalThis.RECHERCHE_DONNEES_JSON") and "lois/68/index.html#loi-68-c" in script
    assert sorted(p.name for p in tmp_path.iterdir()) == ["index", "recherche-donnees.js"]
