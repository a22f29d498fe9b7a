"""The build's edges: the manifest guards the sources, errata are checked, writes are
atomic, strict mode refuses unresolved references, the reading cache rebuilds itself."""

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


def test_strict_accepte_les_renvois_expliques(construit) -> None:
    """Every inexact citation of the corpus is explained (corpus.cibles): --strict passes and
    still prints them; tests/test_editions_liens.py shows it refuses an unexplained one."""
    assert construit.problemes, "the 2017 sources are extracts: some citations fall back"
    sortie = subprocess.run([str(RACINE / ".venv/bin/loi"), "construire", "--verifier", "--strict"],
                            capture_output=True, text=True, timeout=300)
    assert sortie.returncode == 0, sortie.stderr[-2000:]
    premiere = sortie.stderr.splitlines()[0]
    assert premiere.split(" : ")[0].count(":") == 1  # "source.txt:ligne : renvoi …"
    assert "Expliqué" in premiere and "Traceback" not in sortie.stderr


def test_cache_du_corpus_abime_jamais_servi(construit, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A flipped byte or garbage in the corpus cache: detected by its checksum, removed, rebuilt."""
    monkeypatch.setenv("LOI_CACHE", str(tmp_path))
    build.construit.cache_clear()
    try:
        premier = build.construit()
        (chemin,) = tmp_path.glob("corpus-*.pickle")
        donnees = bytearray(chemin.read_bytes())
        donnees[len(donnees) // 2] ^= 0x01
        chemin.write_bytes(bytes(donnees))
        assert build._lire_cache_corpus(chemin) is None and not chemin.exists()
        chemin.write_bytes(b"n'importe quoi")
        build.construit.cache_clear()
        assert build.construit().corpus == premier.corpus
        assert build._lire_cache_corpus(chemin) is not None  # rewritten whole, checksum included
    finally:
        build.construit.cache_clear()


def test_nettoyage_des_restes_et_des_anciennes_versions(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What SIGKILL leaves (.tmp-index-*, .voir-*) and older versions go; the current ones stay."""
    from indexer.chemins import empreinte

    monkeypatch.setenv("LOI_CACHE", str(tmp_path))
    courant = empreinte()
    for nom in (".tmp-index-x-1", ".voir-abc", "voir-0123", "index-0123", f"index-{courant}"):
        (tmp_path / nom).mkdir()
    for nom in ("corpus-0123.pickle", f"corpus-{courant}.pickle", "historique", "empreinte.json"):
        (tmp_path / nom).write_text("x")
    with build.verrou():
        pass
    restants = sorted(p.name for p in tmp_path.iterdir())
    assert restants == sorted([f"index-{courant}", f"corpus-{courant}.pickle", "historique", "empreinte.json",
                               "verrou"])


def test_une_situation_fautive_arrete_la_recherche(copie: Path) -> None:
    """A faulty corpus/situations.toml stops the index's build with its line (exit code 2),
    and without the file the search indexes the corpus alone."""
    from indexer.corpus.situations import SituationInvalide
    from indexer.model import SITUATION

    fichier = copie / "corpus" / "situations.toml"
    avec = build.fiches_recherche()
    assert sum(f.type == SITUATION for f in avec) == fichier.read_text(encoding="utf-8").count("\n[[situation]]")
    fichier.write_text(fichier.read_text(encoding="utf-8") + '\n[[situation]]\nref = "16Z"\ntexte = "Sa carte est '
                       'tombée par terre."\n', encoding="utf-8")  # fmt: skip
    with pytest.raises(SituationInvalide, match=r"situations.toml, ligne \d+ : « 16Z » n'est pas une référence") as e:
        build.fiches_recherche()
    assert e.value.code == 2
    fichier.unlink()
    assert build.fiches_recherche() == build.construit().fiches
