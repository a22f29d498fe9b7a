"""Every command against the hostile cases of issue 10, as a user runs it (a real ``loi``
in a subprocess): never a traceback, never « Exception ignored », exit 2 with one French
line when the answer cannot be given whole, and nothing lost."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

RACINE = Path(__file__).resolve().parent.parent
LOI = str(RACINE / ".venv" / "bin" / "loi")

COMMANDES = [
    ["voir", "68C"], ["voir", "12", "--json"], ["cherche", "renonce", "--limite", "2"], ["exemples", "70"],
    ["definition", "mort"], ["index", "renonce"], ["marque", "4♥X", "V", "-2"], ["imp", "620", "170"],
    ["pdm", "420", "400", "-50"], ["ajustee", "60 % 4♠=, 40 % 4♠-1", "--vulnerabilite", "NS", "--autre-table", "420"],
    ["construire", "--verifier"],
]  # fmt: skip
IDS = [" ".join(c[:2]) for c in COMMANDES]


@pytest.fixture(scope="module", autouse=True)
def index_pret() -> None:
    """The real corpus's index, built once before the subprocesses ask it."""
    from indexer import build

    build.index_courant().close()


def lancer(argv: list[str], env: dict[str, str] | None = None, **options: object) -> subprocess.CompletedProcess:
    environnement = {**os.environ, "NO_COLOR": "1", **(env or {})}
    options.setdefault("stdout", subprocess.PIPE)
    return subprocess.run([LOI, *argv], stderr=subprocess.PIPE, env=environnement, timeout=300,
                          **options)  # type: ignore[call-overload]  # fmt: skip


def propre(erreurs: bytes) -> str:
    texte = erreurs.decode("utf-8", "replace")
    assert "Traceback" not in texte and "Exception ignored" not in texte, texte
    return texte


def une_phrase(erreurs: bytes) -> str:
    texte = propre(erreurs)
    lignes = [ligne for ligne in texte.splitlines() if ligne.startswith("loi ")]  # construire lists its notes
    assert len(lignes) == 1 and lignes[0].startswith("loi : "), texte
    return lignes[0]


@pytest.mark.parametrize("colonnes", ["0", "-5", "1", "abc", "100000"])
@pytest.mark.parametrize("argv", COMMANDES, ids=IDS)
def test_colonnes_absurdes(argv: list[str], colonnes: str) -> None:
    fini = lancer(argv, {"COLUMNS": colonnes})
    propre(fini.stderr)
    assert fini.returncode in (0, 1)
    if "--json" not in argv and argv[0] in ("voir", "cherche"):
        assert max(len(ligne) for ligne in fini.stdout.decode().splitlines()) <= 100


@pytest.mark.parametrize("argv", COMMANDES, ids=IDS)
def test_sortie_latin1(argv: list[str]) -> None:
    """Written whole (JSON escaped to ASCII) or refused with what to do; never half."""
    fini = lancer(argv, {"PYTHONIOENCODING": "latin-1"})
    if fini.returncode == 2:
        assert "PYTHONIOENCODING=utf-8" in une_phrase(fini.stderr)
    else:
        propre(fini.stderr)
        assert fini.returncode == 0 and fini.stdout
        if "--json" in argv:
            assert json.loads(fini.stdout.decode("ascii"))["loi"] == 12


@pytest.mark.parametrize("argv", COMMANDES, ids=IDS)
def test_sortie_fermee(argv: list[str]) -> None:
    fini = lancer(argv, stdout=None, pass_fds=(), preexec_fn=lambda: os.close(1))
    assert fini.returncode == 2 and "sortie standard est fermée" in une_phrase(fini.stderr)


@pytest.mark.parametrize("argv", COMMANDES, ids=IDS)
def test_disque_plein(argv: list[str]) -> None:
    with open("/dev/full", "wb") as plein:
        fini = lancer(argv, stdout=plein)
    assert fini.returncode == 2 and "disque plein" in une_phrase(fini.stderr)


@pytest.mark.parametrize("argv", COMMANDES, ids=IDS)
def test_entree_fermee(argv: list[str]) -> None:
    fini = lancer(argv, preexec_fn=lambda: os.close(0))
    propre(fini.stderr)
    assert fini.returncode in (0, 1)


def test_loi_seul_sans_entree() -> None:
    fini = lancer([], preexec_fn=lambda: os.close(0))
    propre(fini.stderr)
    assert fini.returncode == 2 and b"Usage" in fini.stdout


@pytest.mark.parametrize("argv", [["voir", "12", "--json"], ["cherche", "renonce", "--limite", "50"]])
def test_tube_casse(argv: list[str]) -> None:
    """« | head -c 10 »: the reader left; no « Exception ignored … BrokenPipeError »."""
    processus = subprocess.Popen([LOI, *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert processus.stdout is not None and processus.stderr is not None
    processus.stdout.read(10)
    processus.stdout.close()
    erreurs = processus.stderr.read()
    assert processus.wait(timeout=300) == 0
    propre(erreurs)


@pytest.mark.parametrize("argument", ["\x1b]0;X\x07", "a" * 100_000, "\x1b[31m68Z\x7f"])
@pytest.mark.parametrize("commande", ["voir", "definition", "marque", "imp"])
def test_argument_hostile_jamais_renvoye_tel_quel(commande: str, argument: str) -> None:
    fini = lancer([commande, argument])
    erreurs = propre(fini.stderr)
    assert fini.returncode in (0, 1, 2)  # « loi marque » followed by no contract is a search
    assert "\x1b" not in erreurs and "\x07" not in erreurs and len(erreurs) < 2000
    assert b"\x1b" not in fini.stdout and len(fini.stdout) < 5000


@pytest.mark.parametrize("argv", [["voir", "99"], ["voir", "68C", "--couleur", "rouge"],
                                  ["cherche", "--limite", "0", "x"], ["marque", "8♠", "V", "="]])  # fmt: skip
def test_erreur_en_json(argv: list[str]) -> None:
    fini = lancer([*argv, "--json"])
    assert fini.returncode == 2 and not propre(fini.stderr)
    erreur = json.loads(fini.stdout)["erreur"]
    assert erreur["code"] == 2 and erreur["message"]


def test_debug_montre_la_trace() -> None:
    fini = lancer(["voir", "99", "--debug"])
    assert fini.returncode != 0 and b"Traceback" in fini.stderr and b"ReferenceInconnue" in fini.stderr


def test_cache_sur_un_fichier(tmp_path: Path) -> None:
    fichier = tmp_path / "un-fichier"
    fichier.write_text("x")
    assert lancer(["voir", "68C"], {"LOI_CACHE": str(fichier)}).returncode == 0  # reading needs no cache
    fini = lancer(["cherche", "renonce"], {"LOI_CACHE": str(fichier)})
    assert fini.returncode == 2 and "LOI_CACHE" in une_phrase(fini.stderr)


def test_voir_n_ecrit_rien(tmp_path: Path) -> None:
    """A read-only checkout with no cache: ``loi voir`` reads the committed data only."""
    fini = lancer(["voir", "27B1"], {"LOI_CACHE": "/dev/null/impossible", "XDG_CACHE_HOME": "/dev/null/x"})
    assert fini.returncode == 0 and fini.stdout.startswith(b"Loi 27")


@pytest.mark.skipif(os.geteuid() != 0 or not shutil.which("runuser"), reason="needs root to act as another user")
def test_depot_en_lecture_seule_et_cache_d_un_autre(tmp_path: Path) -> None:
    """Run as « nobody »: the checkout and its .cache (root's) are read-only to it."""
    cache = tmp_path / "xdg"
    cache.mkdir()
    os.chown(cache, 65534, 65534)
    tmp_path.chmod(0o755)
    env = {"XDG_CACHE_HOME": str(cache), "HOME": str(cache), "PYTHONPATH": str(RACINE), "NO_COLOR": "1"}
    env = {**{k: v for k, v in os.environ.items() if k != "LOI_CACHE"}, **env}
    commande = ["runuser", "-u", "nobody", "--", sys.executable, "-m", "indexer"]
    essai = subprocess.run([*commande, "voir", "68C"], capture_output=True, env=env, timeout=300, cwd="/")
    if essai.returncode != 0 and b"Permission denied" in essai.stderr:
        pytest.skip("the checkout is not readable by nobody")
    assert essai.returncode == 0, essai.stderr
    fini = subprocess.run([*commande, "cherche", "renonce"], capture_output=True, env=env, timeout=600, cwd="/")
    assert fini.returncode == 0, fini.stderr
    assert any(p.name.startswith("index-") for p in (cache / "loi").iterdir())


def test_demarrages_a_froid_simultanes_construisent_une_fois(tmp_path: Path) -> None:
    env = {**os.environ, "LOI_CACHE": str(tmp_path), "NO_COLOR": "1"}
    processus = [subprocess.Popen([LOI, "cherche", "renonce"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                  env=env) for _ in range(3)]  # fmt: skip
    erreurs = [p.communicate(timeout=600)[1].decode() for p in processus]
    assert [p.returncode for p in processus] == [0, 0, 0]
    assert sum(e.count("Construction de l'index") for e in erreurs) == 1, erreurs


def test_reste_d_une_construction_tuee(tmp_path: Path) -> None:
    """SIGKILL mid-build leaves temporary folders; the next build removes them."""
    env = {**os.environ, "LOI_CACHE": str(tmp_path)}
    processus = subprocess.Popen([LOI, "construire", "--verifier", "--index"], env=env,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
    fin = time.monotonic() + 120
    while not list(tmp_path.glob(".tmp-*")) and processus.poll() is None and time.monotonic() < fin:
        time.sleep(0.05)
    processus.send_signal(signal.SIGKILL)
    processus.wait()
    (tmp_path / ".voir-abc").mkdir()  # what an older version left
    # A temporary file younger than a minute may be a live writer's and is kept
    # (build.nettoyer_cache): the kill happened long ago for the next command.
    for reste in tmp_path.glob(".tmp-*"):
        os.utime(reste, (time.time() - 3600, time.time() - 3600))
    assert lancer(["cherche", "renonce"], {"LOI_CACHE": str(tmp_path)}).returncode == 0
    assert not [p.name for p in tmp_path.iterdir() if p.name.startswith((".tmp-", ".voir-", ".rebut-"))]


def test_donnees_abimees_message_clair(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    from indexer import chemins
    from indexer.cli import dispatch

    (tmp_path / "lois").mkdir()
    (tmp_path / "lois" / "68.json").write_text('{"loi": 68, "paragraphes": {}}')  # well-formed, wrongly shaped
    (tmp_path / "lois" / "27.json").write_text("{pas du json")
    monkeypatch.setattr(chemins, "DONNEES", str(tmp_path))
    for ref, attendu in (("68C", "n'ont pas la forme attendue"), ("27", "illisibles"), ("12", "absentes")):
        assert dispatch.main(["voir", ref]) == 2
        erreurs = capsys.readouterr().err
        assert attendu in erreurs and "git checkout -- docs/donnees" in erreurs


def test_invite_survit_a_ctrl_c_et_aux_exceptions(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    from indexer.cli import invite

    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    lignes = iter(["voir 68C", "cherche lente", "plante", "voir 12", "quitter"])
    vus: list[list[str]] = []

    def programme(argv: list[str]) -> int:
        vus.append(argv)
        if argv == ["cherche", "lente"]:
            raise KeyboardInterrupt
        if argv == ["plante"]:
            raise RuntimeError("boum")
        historique = Path(invite.fichier_historique())
        assert argv != ["voir", "12"] or "plante" in historique.read_text()  # saved as it goes
        return 0

    monkeypatch.setattr("builtins.input", lambda invite_: next(lignes))
    assert invite.interactif(programme) == 0
    assert vus == [["voir", "68C"], ["cherche", "lente"], ["plante"], ["voir", "12"]]
    erreurs = capsys.readouterr().err
    assert "commande interrompue" in erreurs and "boum" in erreurs and "Traceback" not in erreurs


# --- Output: colours, plain text, pager ------------------------------------------------


@pytest.mark.parametrize("argv", [["voir", "12"], ["cherche", "enchère", "insuffisante"]])
def test_couleurs_et_texte_brut(argv: list[str]) -> None:
    brut = lancer(argv).stdout.decode()
    assert "\x1b" not in brut and "**" not in brut and "[^" not in brut
    couleurs = lancer([*argv, "--couleur", "toujours"]).stdout.decode()
    assert "\x1b[1m" in couleurs or "\x1b[1;36m" in couleurs
    assert "\x1b" in lancer(argv, {"FORCE_COLOR": "1", "NO_COLOR": ""}).stdout.decode()
    assert "\x1b" not in lancer([*argv, "--couleur", "jamais"], {"FORCE_COLOR": "1"}).stdout.decode()


def test_pliage_jamais_au_milieu_d_un_mot() -> None:
    sortie = lancer(["voir", "68"], {"COLUMNS": "45"}).stdout.decode()
    lignes = sortie.splitlines()
    texte = [ligne for ligne in lignes if ligne.startswith("  ") and not ligne.startswith("    ")]
    assert texte and max(len(ligne) for ligne in texte) <= 45
    mots = set(" ".join(lignes).split())
    assert "revendication" in mots and "revendica-" not in mots


def _sur_un_terminal(argv: list[str], env: dict[str, str]) -> None:
    import fcntl
    import pty
    import struct
    import termios

    maitre, esclave = pty.openpty()
    fcntl.ioctl(esclave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))  # a 24-line terminal

    def vider() -> None:  # the terminal's reader: what is written to it must go somewhere
        with contextlib.suppress(OSError):
            while os.read(maitre, 65536):
                pass

    threading.Thread(target=vider, daemon=True).start()
    try:
        processus = subprocess.Popen([LOI, *argv], stdin=esclave, stdout=esclave, stderr=subprocess.PIPE,
                                     env={**os.environ, **env})  # fmt: skip
        _, erreurs = processus.communicate(timeout=60)
        propre(erreurs)
        assert processus.returncode == 0
    finally:
        os.close(esclave)
        os.close(maitre)


def test_pager_sur_un_terminal(tmp_path: Path) -> None:
    """A long answer on a terminal goes through $PAGER; --sans-pager and a pipe skip it."""
    page = tmp_path / "page.txt"
    env = {"PAGER": f"sh -c 'cat > {page}'", "COLUMNS": "80"}
    _sur_un_terminal(["voir", "12"], env)
    assert "Loi 12 —" in page.read_text()  # in colour: a terminal
    page.unlink()
    _sur_un_terminal(["voir", "12", "--sans-pager"], env)
    assert not page.exists()
    assert lancer(["voir", "12"], env).returncode == 0 and not page.exists()


@pytest.mark.parametrize(("tape", "commande"), [("définition", "definition"), ("exemple", "exemples"),
                                                ("voire", "voir"), ("Cherche", "cherche")])  # fmt: skip
def test_vouliez_vous_dire(tape: str, commande: str) -> None:
    fini = lancer([tape, "mort"])
    assert fini.returncode == 2 and f"vouliez-vous dire « loi {commande} mort »" in une_phrase(fini.stderr)


@pytest.mark.parametrize("argv", [["marques", "ajustées"], ["revendication", "contestée"]])
def test_un_mot_qui_n_est_pas_une_commande_est_cherche(argv: list[str]) -> None:
    fini = lancer(argv)
    assert fini.returncode == 0 and fini.stdout.startswith(b"1. ")


def _completer(script: str, *mots: str) -> list[str]:
    commande = f"source {script}; COMP_WORDS=({' '.join(mots)}); COMP_CWORD={len(mots) - 1}; _loi; " \
               'printf "%s\\n" "${COMPREPLY[@]}"'  # fmt: skip
    return subprocess.run(["bash", "-c", commande], capture_output=True, text=True, check=True).stdout.split()


def test_completion_bash(tmp_path: Path) -> None:
    script = tmp_path / "loi.bash"
    script.write_bytes(lancer(["completion", "bash"]).stdout)
    assert _completer(str(script), "loi", "vo") == ["voir"]
    assert _completer(str(script), "loi", "voir", "6") == ["6", *(str(n) for n in range(60, 70))]
    assert _completer(str(script), "loi", "cherche", "--type", "co") == ["commentaire"]
    assert "--sans-pager" in _completer(str(script), "loi", "voir", "--s")


@pytest.mark.parametrize("shell", ["zsh", "fish"])
def test_completion_autres_shells(shell: str) -> None:
    fini = lancer(["completion", shell])
    assert fini.returncode == 0 and b"loi" in fini.stdout and b"voir" in fini.stdout
    assert lancer(["completion", "tcsh"]).returncode == 2


def test_depot_en_lecture_seule_le_cache_va_chez_l_utilisateur(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A checkout whose .cache this user cannot write (read-only, or another user's): the
    user's cache instead. As root nothing is read-only, so ``os.access`` says it here."""
    from indexer import chemins

    monkeypatch.delenv("LOI_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert chemins.cache_str() == os.path.join(chemins.RACINE, ".cache")
    monkeypatch.setattr(chemins.os, "access", lambda chemin, mode: False)
    assert chemins.cache_str() == str(tmp_path / "loi")
