"""« Installable like a real tool »: a wheel that carries the corpus and its search index,
installed in a fresh venv with no checkout and no site toolchain, answers ``loi voir``,
``loi cherche`` (its shipped index, opened read-only: nothing is built nor written) and
``loi marque``, and refuses ``loi construire`` in one sentence.

Offline on purpose (the suite runs where only package registries are reachable, and
must not depend on them): the wheel is built with ``--no-isolation`` from the project's
own setuptools and wheel, installed with ``--no-deps``, and its dependencies (Whoosh)
are borrowed from the project's .venv through a plain path in a ``.pth`` file — a plain
path, so the .venv's own ``.pth`` files (its editable install of this checkout) stay
unread. That path also holds mkdocs: what the wheel requires is read from its metadata instead.
README.md, « Installer `loi` sur son portable », gives the user's way.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

RACINE = Path(__file__).resolve().parent.parent
PROJET = ("pyproject.toml", "setup.py", "README.md", "indexer", "corpus", "docs/donnees")


def _copie(destination: Path) -> Path:
    """The files a wheel is made of, copied (the build writes build/ and *.egg-info beside them)."""
    for nom in PROJET:
        source, cible = RACINE / nom, destination / nom
        if source.is_dir():
            shutil.copytree(source, cible, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            cible.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, cible)
    return destination


@pytest.fixture(scope="module")
def installe(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """A fresh venv with the wheel installed; its bin/ and an environment with no checkout in sight."""
    base = tmp_path_factory.mktemp("installation")
    projet = _copie(base / "projet")
    roues = base / "roues"
    subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--no-isolation", "-o", str(roues), str(projet)],
        check=True,
        capture_output=True,
        timeout=600,
    )
    (roue,) = roues.glob("loi_bridge-*.whl")
    env_dir = base / "venv"
    venv.create(env_dir, with_pip=False)
    python = env_dir / "bin" / "python"
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "--no-index", "-q", str(roue)],
        check=True,
        capture_output=True,
        timeout=600,
    )
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    (Path(site) / "dependances-du-projet.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "LOI_INDEX", "VIRTUAL_ENV")}
    env.update(HOME=str(base / "maison"), XDG_CACHE_HOME=str(base / "cache"), NO_COLOR="1", COLUMNS="80")
    (base / "maison").mkdir()
    return env_dir / "bin", env


def _loi(installe: tuple[Path, dict[str, str]], *argv: str) -> subprocess.CompletedProcess[str]:
    dossier, env = installe
    return subprocess.run(
        [str(dossier / "loi"), *argv], capture_output=True, text=True, env=env, cwd=env["HOME"], timeout=600
    )


@pytest.mark.lent
def test_la_roue_lit_sans_depot(installe: tuple[Path, dict[str, str]]) -> None:
    dossier, env = installe
    ou = subprocess.run(
        [str(dossier / "python"), "-c", "import indexer; print(indexer.__file__)"],
        capture_output=True,
        text=True,
        env=env,
        cwd=env["HOME"],
    ).stdout
    assert str(dossier.parent) in ou and str(RACINE) not in ou  # the installed copy, not this checkout
    sortie = _loi(installe, "voir", "68C")
    assert sortie.returncode == 0, sortie.stderr
    assert sortie.stdout.startswith("Loi 68 — ") and "68C" in sortie.stdout
    assert not (Path(env["XDG_CACHE_HOME"]) / "loi").exists()  # reading wrote nothing


def _fichiers(racine: Path) -> list[tuple[str, int]]:
    return sorted(
        (str(p.relative_to(racine)), p.stat().st_mtime_ns) for p in racine.rglob("*") if "__pycache__" not in p.parts
    )


@pytest.mark.lent
def test_la_roue_cherche_dans_son_index(installe: tuple[Path, dict[str, str]]) -> None:
    """The first search after install opens the shipped index (no build: well under a second)
    and writes nothing, neither in the venv nor in the user's cache."""
    import time

    dossier, env = installe
    avant = _fichiers(dossier.parent)
    debut = time.perf_counter()
    sortie = _loi(installe, "cherche", "revendication", "contestée", "--limite", "1")
    duree = time.perf_counter() - debut
    assert sortie.returncode == 0, sortie.stderr
    assert "Loi 68" in sortie.stdout or "Loi 69" in sortie.stdout or "Loi 70" in sortie.stdout
    assert duree < 2.0 and "Construction" not in sortie.stderr  # the README's target is 0.5 s (make bench)
    assert _fichiers(dossier.parent) == avant and not (Path(env["XDG_CACHE_HOME"]) / "loi").exists()
    assert _loi(installe, "--version").stdout.startswith("loi 0.")


@pytest.mark.lent
@pytest.mark.parametrize(
    ("argv", "attendu"),
    [
        (["marque", "4♥X", "V", "-2"], "-500"),
        (["imp", "620", "170"], "+10 IMP"),
    ],
)
def test_la_roue_marque(installe: tuple[Path, dict[str, str]], argv: list[str], attendu: str) -> None:
    sortie = _loi(installe, *argv)
    assert sortie.returncode == 0 and attendu in sortie.stdout, sortie.stderr


@pytest.mark.lent
def test_la_roue_ouvre_l_invite(installe: tuple[Path, dict[str, str]]) -> None:
    """``loi`` alone on a terminal (a pseudo-terminal fed as a user types): the prompt answers a law,
    a score and a search from the shipped index, and keeps its history in the user's state folder."""
    import pty

    dossier, env = installe
    maitre, esclave = pty.openpty()
    etat = Path(env["HOME"]) / "etat"
    processus = subprocess.Popen(
        [str(dossier / "loi")],
        stdin=esclave,
        stdout=esclave,
        stderr=esclave,
        env={**env, "XDG_STATE_HOME": str(etat), "PAGER": "cat"},
        cwd=env["HOME"],
        start_new_session=True,
    )
    os.close(esclave)
    os.write(maitre, "voir 68C\nmarque 4♥X V -2\ncherche revendication contestée --limite 1\nquitter\n".encode())
    recu = bytearray()
    while True:
        try:
            morceau = os.read(maitre, 65536)
        except OSError:  # EIO: the prompt has closed the terminal
            break
        if not morceau:
            break
        recu += morceau
    os.close(maitre)
    texte = recu.decode("utf-8", "replace")
    assert processus.wait(timeout=300) == 0, texte
    assert "Loi 68 — " in texte and "-500 pour le camp du déclarant" in texte and "1. Loi " in texte, texte
    assert "Traceback" not in texte and "Usage" not in texte
    assert (etat / "loi" / "historique").read_text(encoding="utf-8").splitlines()[:2] == ["voir 68C", "marque 4♥X V -2"]


@pytest.mark.lent
@pytest.mark.parametrize("argv", [["construire"], ["construire", "--index"]])
def test_la_roue_refuse_construire(installe: tuple[Path, dict[str, str]], argv: list[str]) -> None:
    sortie = _loi(installe, *argv)
    lignes = sortie.stderr.strip().splitlines()
    assert sortie.returncode == 2 and len(lignes) == 1 and "dépôt" in lignes[0], sortie.stderr


@pytest.mark.lent
def test_la_roue_porte_son_index_et_pas_le_site(installe: tuple[Path, dict[str, str]]) -> None:
    """The wheel's files: the index sealed by its marker; its metadata requires Whoosh alone
    (the site's toolchain is the ``site`` extra)."""
    dossier, env = installe
    script = (
        "import json, importlib.metadata as m; from indexer.chemins import dossier_index; "
        "from indexer.recherche.dossier import verifier; "
        "print(json.dumps([verifier(dossier_index())['documents'], "
        "[r for r in m.requires('loi-bridge') if 'extra' not in r]]))"
    )
    sortie = subprocess.run(
        [str(dossier / "python"), "-c", script], capture_output=True, text=True, env=env, cwd=env["HOME"], timeout=300
    )
    documents, requis = json.loads(sortie.stdout)
    assert documents > 3000 and requis == ["whoosh3==3.54.0"], sortie.stderr
