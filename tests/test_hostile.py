"""Every command against the hostile cases of issue 10, as a user runs it (a real ``loi``
in a subprocess): never a traceback, never « Exception ignored », exit 2 with one French
line when the answer cannot be given whole, and nothing lost."""

from __future__ import annotations

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


def lancer(argv: list[str], env: dict[str, str] | None = None, **options: object) -> subprocess.CompletedProcess:
    environnement = {**os.environ, "NO_COLOR": "1", **(env or {})}
    options.setdefault("stdout", subprocess.PIPE)
    return subprocess.run([LOI, *argv], stderr=subprocess.PIPE, env=environnement, timeout=300, **options)  # type: ignore[call-overload]


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


@pytest.mark.parametrize("argv", [["voir", "68Z"], ["voir", "68C", "--couleur", "rouge"],
                                  ["cherche", "--limite", "0", "x"], ["marque", "8♠", "V", "="]])  # fmt: skip
def test_erreur_en_json(argv: list[str]) -> None:
    fini = lancer([*argv, "--json"])
    assert fini.returncode == 2 and not propre(fini.stderr)
    erreur = json.loads(fini.stdout)["erreur"]
    assert erreur["code"] == 2 and erreur["message"]


def test_debug_montre_la_trace() -> None:
    fini = lancer(["voir", "99", "--debug"])
    assert fini.returncode != 0 and b"Traceback" in fini.stderr and b"ReferenceInconnue" in fini.stderr


@pytest.mark.parametrize("degat", ["absent", "tronque", "lien_casse"])
def test_index_inutilisable_une_phrase(tmp_path: Path, degat: str) -> None:
    """A missing or damaged index: one French line naming the command that rebuilds it, code 2;
    ``loi voir`` needs no index."""
    from indexer.chemins import dossier_index

    cible = tmp_path / "index"
    if degat == "lien_casse":
        cible.symlink_to(tmp_path / "nulle-part")
    elif degat == "tronque":
        shutil.copytree(dossier_index(), cible)
        segment = max(cible.glob("*.seg"), key=lambda f: f.stat().st_size)
        segment.write_bytes(segment.read_bytes()[:1000])
    env = {"LOI_INDEX": str(cible)}
    assert lancer(["voir", "68C"], env).returncode == 0
    fini = lancer(["cherche", "renonce"], env)
    phrase = une_phrase(fini.stderr)
    assert fini.returncode == 2 and "loi construire --index" in phrase and "Traceback" not in phrase
    assert json.loads(lancer(["cherche", "--json", "renonce"], env).stdout)["erreur"]["code"] == 2


@pytest.mark.skipif(os.geteuid() != 0 or not shutil.which("runuser"), reason="needs root to act as another user")
def test_depot_en_lecture_seule(tmp_path: Path) -> None:
    """Run as « nobody »: the checkout (root's) is read-only to it; reading and searching write nothing."""
    env = {"HOME": str(tmp_path), "PYTHONPATH": str(RACINE), "NO_COLOR": "1"}
    env = {**{k: v for k, v in os.environ.items() if k != "LOI_INDEX"}, **env}
    commande = ["runuser", "-u", "nobody", "--", sys.executable, "-m", "indexer"]
    essai = subprocess.run([*commande, "voir", "68C"], capture_output=True, env=env, timeout=300, cwd="/")
    if essai.returncode != 0 and b"Permission denied" in essai.stderr:
        pytest.skip("the checkout is not readable by nobody")
    assert essai.returncode == 0, essai.stderr
    fini = subprocess.run([*commande, "cherche", "renonce"], capture_output=True, env=env, timeout=600, cwd="/")
    assert fini.returncode == 0, fini.stderr


def test_donnees_abimees_message_clair(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from indexer import chemins
    from indexer.cli import dispatch

    (tmp_path / "lois").mkdir()
    shutil.copy(RACINE / "docs" / "donnees" / "schema-loi.json", tmp_path)
    (tmp_path / "lois" / "68.json").write_text('{"loi": 68, "paragraphes": {}}')  # well-formed, wrongly shaped
    (tmp_path / "lois" / "27.json").write_text("{pas du json")
    monkeypatch.setattr(chemins, "DONNEES", str(tmp_path))
    for ref, attendu in (("68C", "n'ont pas la forme attendue"), ("27", "illisibles"), ("12", "absentes")):
        assert dispatch.main(["voir", ref]) == 2
        erreurs = capsys.readouterr().err
        assert attendu in erreurs and "git checkout -- docs/donnees" in erreurs


def test_invite_survit_a_ctrl_c_et_aux_exceptions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
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


def test_pager_sur_un_terminal(tmp_path: Path) -> None:
    """A long answer on a terminal goes through $PAGER; --sans-pager and a pipe skip it."""
    page = tmp_path / "page.txt"
    env = {"PAGER": f"sh -c 'cat > {page}'", "COLUMNS": "80"}
    assert _sur_un_terminal(["voir", "12"], env)[0] == 0
    assert "Loi 12 —" in page.read_text()  # in colour: a terminal
    page.unlink()
    assert _sur_un_terminal(["voir", "12", "--sans-pager"], env)[0] == 0
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
    commande = (
        f"source {script}; COMP_WORDS=({' '.join(mots)}); COMP_CWORD={len(mots) - 1}; _loi; "
        'printf "%s\\n" "${COMPREPLY[@]}"'
    )
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


# --- Issue 21 : une commande qui ne répond jamais faux ---------------------------------


@pytest.mark.parametrize(("argv", "code", "attendu"), [
    (["imp", "1\u00a0100"], 0, "Écart de 1100 points : +15 IMP"),  # no-break space
    (["imp", "1\u202f100"], 0, "Écart de 1100 points : +15 IMP"),  # narrow no-break space
    (["imp", "1\u2009100", "-50"], 0, "1100 - (-50) = 1150 points d'écart"),  # thin space
    (["imp", "-1\u00a0100"], 0, "Écart de -1100 points : -15 IMP"),
    (["imp", "1 100"], 2, "un nombre (1100) ou plusieurs (1 100) ?"),  # a plain space: either
    (["imp", "620 170"], 2, "un nombre (620170) ou plusieurs"),
    (["imp", "1\u00a010"], 2, "espace insécable ou fine sépare des milliers"),
    (["pdm", "1\u00a0100", "420"], 0, "2 marques sur la donne"),
    (["pdm", "1 100", "420"], 2, "un nombre (1100) ou plusieurs"),
    (["pdm", "420 400 -50"], 0, "3 marques sur la donne"),  # not a French number: three scores
    # any other space in one word (a tab, a figure or ideographic space) is as ambiguous as a plain one
    (["imp", "1\t100"], 2, "un nombre (1100) ou plusieurs (1 100) ?"),
    (["imp", "1\u2007100"], 2, "un nombre (1100) ou plusieurs"),
    (["pdm", "1\u3000100", "420"], 2, "un nombre (1100) ou plusieurs"),
    (["pdm", "1\u2002100", "420"], 2, "un nombre (1100) ou plusieurs"),
    (["pdm", "420\t400\t-50"], 0, "3 marques sur la donne"),  # a pasted row: three scores
    # the tricks made are one number: « 1 0 » is not ten (nor « 1 2 » twelve), a detached sign is fine
    (["marque", "4♥", "V", "1 0"], 2, "Résultat illisible « 1 0 »"),
    (["marque", "4♥", "V", "1", "2"], 2, "Résultat illisible « 1 2 »"),
    (["marque", "4♥", "V", "-", "2"], 0, "4♥ V -2 : -200"),
    (["ajustee", "60 % 4♠=, 40 % 4♠-1", "--vulnerabilite", "NS", "--autre-table", "1\u202f100"], 0,
     "Autre table : NS +1100"),
    (["ajustee", "60 % 4♠=, 40 % 4♠-1", "--vulnerabilite", "NS", "--autre-table", "1 100"], 2, "n'est pas une marque"),
])  # fmt: skip
def test_nombres_a_la_francaise(argv: list[str], code: int, attendu: str) -> None:
    fini = lancer(argv)
    assert fini.returncode == code, fini.stderr
    texte = fini.stdout.decode() if code == 0 else une_phrase(fini.stderr)
    assert attendu in texte


def _disque_plein() -> None:
    """A file may not grow past 256 bytes (less than any answer below, the smallest a page): a full
    disk for this process (EFBIG, SIGXFSZ ignored)."""
    import resource

    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (256, 256))


@pytest.mark.parametrize("tampon", ["", "1"], ids=["tamponne", "PYTHONUNBUFFERED"])
@pytest.mark.parametrize("argv", [["voir", "68"], ["voir", "68", "--json"], ["cherche", "renonce", "--limite", "20"],
                                  ["pdm", *map(str, range(0, 4000, 10))], ["--help"],
                                  ["completion", "zsh"]])  # fmt: skip
def test_sortie_entiere_ou_rien_sur_disque_plein(tmp_path: Path, argv: list[str], tampon: str) -> None:
    fichier = tmp_path / "reponse"
    env = {"PYTHONUNBUFFERED": tampon} if tampon else {}
    with open(fichier, "wb") as sortie:
        fini = lancer(argv, env, stdout=sortie, preexec_fn=_disque_plein)
    assert fini.returncode == 2, fini.stderr
    # the system's reason in French (EFBIG), never its English strerror
    assert "Impossible d'écrire la réponse (fichier trop gros pour" in une_phrase(fini.stderr)
    assert fichier.stat().st_size == 0  # never half an answer passed for a whole one


def test_sortie_ajoutee_garde_le_debut(tmp_path: Path) -> None:
    """« >> fichier »: on failure the file is cut back to what it held, not emptied."""
    fichier = tmp_path / "reponse"
    fichier.write_bytes(b"avant\n")
    with open(fichier, "ab") as sortie:
        fini = lancer(["voir", "68"], stdout=sortie, preexec_fn=_disque_plein)
    assert fini.returncode == 2 and fichier.read_bytes() == b"avant\n"


@pytest.mark.parametrize("argv", [["--help"], ["--version"], ["voir", "--help"], ["imp", "620", "170"]])
def test_aide_et_version_sur_disque_plein(argv: list[str]) -> None:
    with open("/dev/full", "wb") as plein:
        fini = lancer(argv, stdout=plein)
    assert fini.returncode == 2 and "disque plein" in une_phrase(fini.stderr)


def _sur_un_terminal(argv: list[str], env: dict[str, str], entree: bytes = b"", lignes: int = 24) -> tuple[int, bytes]:
    """Run ``loi`` with a pseudo-terminal as stdin and stdout; its exit code and all it wrote."""
    import fcntl
    import pty
    import struct
    import termios

    maitre, esclave = pty.openpty()
    fcntl.ioctl(esclave, termios.TIOCSWINSZ, struct.pack("HHHH", lignes, 80, 0, 0))
    processus = subprocess.Popen(
        [LOI, *argv], stdin=esclave, stdout=esclave, stderr=esclave, env={**os.environ, **env}, start_new_session=True
    )
    os.close(esclave)
    if entree:
        os.write(maitre, entree)
    recu = bytearray()
    while True:
        try:
            morceau = os.read(maitre, 65536)
        except OSError:  # EIO: the other side closed
            break
        if not morceau:
            break
        recu += morceau
    os.close(maitre)
    return processus.wait(timeout=300), bytes(recu)


def test_pager_en_echec_ecrit_la_reponse() -> None:
    code, recu = _sur_un_terminal(["voir", "68"], {"PAGER": "false", "NO_COLOR": "1"})
    assert code == 0 and b"Loi 68" in recu and b"TEXTE 2007" in recu


@pytest.mark.parametrize(("env", "couleurs"), [
    ({"FORCE_COLOR": "1"}, True), ({"FORCE_COLOR": "3"}, True), ({"FORCE_COLOR": "true"}, True),
    ({"FORCE_COLOR": "0"}, False), ({"FORCE_COLOR": "false"}, False), ({"FORCE_COLOR": ""}, False),
])  # fmt: skip
def test_force_color(env: dict[str, str], couleurs: bool) -> None:
    fini = lancer(["voir", "68C"], {**env, "NO_COLOR": ""})  # a pipe: no colours unless forced
    assert fini.returncode == 0 and (b"\x1b[" in fini.stdout) == couleurs


def test_force_color_0_sur_un_terminal() -> None:
    code, recu = _sur_un_terminal(["voir", "68C", "--sans-pager"], {"FORCE_COLOR": "0", "NO_COLOR": ""})
    assert code == 0 and b"\x1b[" not in recu


@pytest.mark.parametrize("argv", [["cherche", "renonce", "--lim", "2"], ["voir", "68C", "--js"],
                                  ["cherche", "renonce", "--ed", "2017"], ["ajustee", "x", "--vul", "NS"]])  # fmt: skip
def test_options_jamais_abregees(argv: list[str]) -> None:
    fini = lancer(argv)
    assert fini.returncode == 2 and "arguments inconnus" in une_phrase(fini.stderr)


AJUSTEE = ["ajustee", "60 % 4♠=, 40 % 4♠-1", "--vulnerabilite", "NS"]


@pytest.mark.parametrize(("argv", "attendu"), [
    # a value given twice is refused, never the last one silently kept (420 is no 400)
    ([*AJUSTEE, "--autre-table", "420", "--autre-table", "400"], "--autre-table : donnée deux fois (400 après 420)"),
    ([*AJUSTEE, "--vulnerabilite", "EO", "--autre-table", "420"], "--vulnerabilite : donnée deux fois (EO après NS)"),
    (["cherche", "renonce", "--limite", "2", "--limite", "50"], "--limite : donnée deux fois"),
    (["voir", "68", "--edition", "2017", "--edition", "2007"], "--edition : donnée deux fois"),
    # argparse's English, in French
    (["voir", "68", "--json=1"], "--json ne prend pas de valeur (« 1 » en trop)"),
    ([*AJUSTEE, "--marques"], "l'option --marques attend au moins une valeur"),
])  # fmt: skip
def test_options_en_double_ou_mal_formees(argv: list[str], attendu: str) -> None:
    fini = lancer(argv)
    phrase = une_phrase(fini.stderr)
    assert fini.returncode == 2 and attendu in phrase, phrase


def test_une_option_par_ligne_avec_un_seul_parseur() -> None:
    """A parser kept for many lines (as a prompt could keep it): an option given once per line is never
    « donnée deux fois », even when a freed line's memory comes back to the next one."""
    import gc

    from indexer.cli.parseur import parseur

    lire = parseur()
    for n in range(1, 50):
        assert lire.parse_args(["cherche", "--limite", str(n), "renonce"]).limite == n
        gc.collect()


@pytest.mark.parametrize(("argv", "code"), [
    (["voir", "99"], 1), (["voir", "68Z"], 2), (["voir", "68C", "--edition", "2017"], 0),
    (["marque", "8♠", "V", "="], 2),
    (["cherche", "--limite", "0", "x"], 2), (["cherche", "zzzqqqxxx"], 1), (["voir", "--couleur", "rouge", "68"], 2),
])  # fmt: skip
def test_debug_garde_le_code_de_sortie(argv: list[str], code: int) -> None:
    sans = lancer(argv)
    avec = lancer([*argv, "--debug"])
    assert sans.returncode == avec.returncode == code
    if code == 2:
        assert b"Traceback" in avec.stderr and avec.stderr.decode().splitlines()[-1].startswith("loi : ")
        en_json = lancer([*argv, "--debug", "--json"])
        assert en_json.returncode == 2 and json.loads(en_json.stdout)["erreur"]["code"] == 2


@pytest.mark.parametrize("env", [
    {"LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONCOERCECLOCALE": "0"},  # ASCII: « ♠ » arrives surrogate-escaped
    {"LC_ALL": "C"}, {"LC_ALL": "C.UTF-8"}, {"LANG": "C", "LC_ALL": ""},
])  # fmt: skip
def test_couleur_tapee_quelle_que_soit_la_locale(env: dict[str, str]) -> None:
    fini = subprocess.run(
        [LOI.encode(), b"marque", "4♠".encode(), b"V", b"="],
        capture_output=True,
        timeout=300,
        env={**os.environ, "NO_COLOR": "1", "PYTHONIOENCODING": "utf-8", **env},
    )
    assert fini.returncode == 0, fini.stderr
    assert fini.stdout.decode().startswith("4♠ V = : 620")


def test_decor_en_ascii_si_la_sortie_ne_sait_pas_l_ecrire() -> None:
    """cp1252 has no « ═ »: the banners fall back to « = »; a letter of the text (« ♠ ») is no
    decoration, and is refused with what to do."""
    fini = lancer(["voir", "2"], {"PYTHONIOENCODING": "cp1252"})
    assert fini.returncode == 0, fini.stderr
    assert "== ÉDITION 2017".encode("cp1252") in fini.stdout and "═".encode() not in fini.stdout
    refus = lancer(["voir", "68"], {"PYTHONIOENCODING": "cp1252"})
    assert refus.returncode == 2 and refus.stdout == b"" and b"PYTHONIOENCODING=utf-8" in refus.stderr


@pytest.mark.parametrize(("encodage", "argv", "attendu"), [
    ("ascii", ["imp", "620", "170"], 'La sortie est en ascii, qui ne peut pas ecrire " e " (U+00E9) : relancez'),
    ("ascii", ["voir", "68Z"], '" 68Z " n\'est pas une reference de loi'),
    ("cp1252", ["marque", "4♠", "V", "="], "qui ne peut pas écrire « ? » (U+2660) : relancez"),
    ("latin-1", ["voir", "68"], "qui ne peut pas écrire « ? » (U+2019)"),
])  # fmt: skip
def test_l_erreur_se_lit_dans_l_encodage_de_la_console(encodage: str, argv: list[str], attendu: str) -> None:
    """The error line itself is written so that the console reads it: accents dropped, a sign it
    cannot show « ? » named by its code point, never Python's « \\xe9 » escapes."""
    fini = lancer(argv, {"PYTHONIOENCODING": encodage})
    erreurs = fini.stderr.decode(encodage)
    assert fini.returncode == 2 and attendu in erreurs and "\\x" not in erreurs and "\\u" not in erreurs, erreurs


def test_pdm_en_n_log_n_et_plafond() -> None:
    debut = time.monotonic()
    fini = lancer(["pdm", *map(str, range(10_000))])
    assert fini.returncode == 0 and time.monotonic() - debut < 30
    assert fini.stdout.decode().startswith("10000 marques sur la donne, top 19998")
    trop = lancer(["pdm", *map(str, range(10_001))])
    assert trop.returncode == 2 and "au plus 10000" in une_phrase(trop.stderr)


def test_pdm_egale_la_definition() -> None:
    """The sorted count agrees with Law 78A counted pair by pair."""
    from indexer.marque import pdm

    scores = [420, 400, -50, 420, 420, -50, 170, 1100, 400]
    attendu = tuple(sum(2 if a < s else 1 if a == s else 0 for a in scores) - 1 for s in scores)
    assert pdm(scores).points == attendu


@pytest.fixture(scope="module")
def roue(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An installation without a checkout, laid out as the wheel is (setup.py): indexer/,
    loi_corpus/, loi_donnees/; no pyproject.toml, no .git."""
    dossier = tmp_path_factory.mktemp("roue")
    shutil.copytree(RACINE / "indexer", dossier / "indexer", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(RACINE / "corpus", dossier / "loi_corpus")
    shutil.copytree(RACINE / "docs" / "donnees", dossier / "loi_donnees")
    return dossier


def lancer_roue(roue: Path, argv: list[str], tmp_path: Path) -> subprocess.CompletedProcess:
    import whoosh

    chemins = os.pathsep.join([str(roue), str(Path(whoosh.__file__).parent.parent)])
    env = {**os.environ, "PYTHONPATH": chemins, "NO_COLOR": "1"}
    script = "import sys\nfrom indexer.cli import main\nsys.exit(main())"
    return subprocess.run(
        [sys.executable, "-S", "-c", script, *argv], capture_output=True, env=env, cwd=tmp_path, timeout=300
    )


@pytest.mark.parametrize(
    "argv", [["construire"], ["construire", "--verifier"], ["construire", "--strict"], ["construire", "--index"]]
)
def test_construire_hors_depot_refuse(roue: Path, tmp_path: Path, argv: list[str]) -> None:
    avant = sorted(p.relative_to(roue) for p in roue.rglob("*") if "__pycache__" not in p.parts)
    fini = lancer_roue(roue, argv, tmp_path)
    phrase = une_phrase(fini.stderr)
    assert fini.returncode == 2 and "dépôt" in phrase and "committez" not in phrase
    assert sorted(p.relative_to(roue) for p in roue.rglob("*") if "__pycache__" not in p.parts) == avant


def _objet_loi(numero: int) -> dict:
    return json.loads((RACINE / "docs" / "donnees" / "lois" / f"{numero}.json").read_text(encoding="utf-8"))


def _abimer(objet: dict, cas: str) -> object:
    """One way a per-law file can break the schema."""
    p = objet["paragraphes"][0]
    modifs = {
        "loi_texte": lambda: objet.update(loi="12"),
        "loi_hors": lambda: objet.update(loi=12.5),
        "titre_nul": lambda: objet.update(titre=None),
        "titres_liste": lambda: objet.update(titres=["x"]),
        "cle_en_trop": lambda: objet.update(intrus=1),
        "ref_en_tete": lambda: objet.update(ref="12A"),
        "renvois_nombres": lambda: objet.update(renvois=[1]),
        "cite_par_faux": lambda: objet.update(cite_par=[{"loi": 1}]),
        "edition_inconnue": lambda: p.update(edition="1997"),
        "type_inconnu": lambda: p.update(type="roman"),
        "ancre_majuscules": lambda: p.update(ancre="Loi-12"),
        "source_sans_ligne": lambda: p.update(source="x.txt"),
        "ordre_negatif": lambda: p.update(ordre=-1),
        "appel_brut": lambda: p.update(texte="voir [^e1]"),
        "note_numero_texte": lambda: p.update(notes=[{"numero": "1", "texte": "", "source": "a:1", "nom_source": ""}]),
        "note_incomplete": lambda: p.update(notes=[{"texte": "x"}]),
        "role_absent": lambda: p.pop("role"),
        "paragraphe_liste": lambda: objet["paragraphes"].append([1]),
        "exemples_objet": lambda: objet.update(exemples={}),
        "texte_nombre": lambda: p.update(texte=3),
        "notes_nulles": lambda: p.update(notes=None),
    }
    modifs[cas]()
    return objet


CAS_ABIMES = ["loi_texte", "loi_hors", "titre_nul", "titres_liste", "cle_en_trop", "ref_en_tete", "renvois_nombres",
              "cite_par_faux", "edition_inconnue", "type_inconnu", "ancre_majuscules", "source_sans_ligne",
              "ordre_negatif", "appel_brut", "note_numero_texte", "note_incomplete", "role_absent",
              "paragraphe_liste", "exemples_objet", "texte_nombre", "notes_nulles"]  # fmt: skip


@pytest.mark.parametrize("cas", CAS_ABIMES)
def test_la_verification_suit_le_schema(cas: str) -> None:
    """``lecture.conforme`` refuses what jsonschema refuses (and the whole files pass both)."""
    import jsonschema

    from indexer import lecture
    from indexer.rendu.schema import SCHEMA_LOI

    objet = _abimer(_objet_loi(12), cas)
    valide = jsonschema.Draft202012Validator(SCHEMA_LOI).is_valid(objet)
    assert lecture.conforme(objet, SCHEMA_LOI) == valide
    assert not lecture.bien_forme(objet, 12, SCHEMA_LOI)


def test_la_verification_connait_chaque_mot_cle_du_schema() -> None:
    from indexer import lecture
    from indexer.rendu.schema import SCHEMA_LOI

    def mots(regle: object) -> set[str]:
        if isinstance(regle, dict):
            return (
                set(regle)
                | {m for cle, v in regle.items() if cle != "properties" for m in mots(v)}
                | {m for v in regle.get("properties", {}).values() for m in mots(v)}
            )
        return set()

    assert mots(SCHEMA_LOI) <= lecture.MOTS_CLES
    assert lecture.schema() == SCHEMA_LOI  # the published copy is the one checked against
    for numero in (1, 12, 40, 68, 93):
        assert lecture.bien_forme(_objet_loi(numero), numero)


@pytest.mark.parametrize("cas", ["titre_nul", "cle_en_trop", "edition_inconnue", "note_incomplete", "notes_nulles",
                                 "texte_nombre", "paragraphe_liste"])  # fmt: skip
def test_donnees_abimees_refusees_en_une_phrase(roue: Path, tmp_path: Path, cas: str) -> None:
    chemin = roue / "loi_donnees" / "lois" / "12.json"
    original = chemin.read_bytes()
    try:
        chemin.write_text(json.dumps(_abimer(json.loads(original), cas)), encoding="utf-8")
        fini = lancer_roue(roue, ["voir", "12"], tmp_path)
    finally:
        chemin.write_bytes(original)
    assert fini.returncode == 2 and "n'ont pas la forme attendue" in une_phrase(fini.stderr), fini.stderr


def test_caracteres_de_controle_des_donnees_echappes(roue: Path, tmp_path: Path) -> None:
    chemin = roue / "loi_donnees" / "lois" / "12.json"
    original = chemin.read_bytes()
    objet = json.loads(original)
    objet["titre"] = "Titre \x1b[31mrouge\x07\r"
    objet["paragraphes"][0]["texte"] = "texte \x1b]0;pirate\x07 fin"
    try:
        chemin.write_text(json.dumps(objet), encoding="utf-8")
        fini = lancer_roue(roue, ["voir", "12"], tmp_path)
    finally:
        chemin.write_bytes(original)
    assert fini.returncode == 0, fini.stderr
    assert b"\x1b" not in fini.stdout and b"\x07" not in fini.stdout and b"\r" not in fini.stdout
    assert b"\\x1b[31mrouge" in fini.stdout


# Bytes a per-law file can hold that no JSON reader accepts, and why, in the user's words.
ILLISIBLES = [
    (b"", "JSON invalide (ligne 1, colonne 1)"),
    (b'{\n  "loi": 12,\n  oups', "JSON invalide (ligne 3, colonne 3)"),
    ("\ufeff{}".encode(), "commence par une marque d'ordre des octets (BOM)"),
    ('{"titre": "Règle"}'.encode("latin-1"), "pas en UTF-8 (octet 13)"),
    (b"[" * 100_000 + b"]" * 100_000, "imbrication trop profonde"),
    (b'{"loi": 1' + b"0" * 5000 + b"}", "nombre démesuré"),
]


@pytest.mark.parametrize(("octets", "raison"), ILLISIBLES, ids=["vide", "coupe", "bom", "latin1", "profond", "nombre"])
def test_donnees_illisibles_dites_en_francais(roue: Path, tmp_path: Path, octets: bytes, raison: str) -> None:
    """An unreadable per-law file: one French sentence that says why and how to restore it, never
    the JSON reader's English (« Expecting value », « codec can't decode »)."""
    chemin = roue / "loi_donnees" / "lois" / "12.json"
    original = chemin.read_bytes()
    try:
        chemin.write_bytes(octets)
        fini = lancer_roue(roue, ["voir", "12"], tmp_path)
    finally:
        chemin.write_bytes(original)
    phrase = une_phrase(fini.stderr)
    assert fini.returncode == 2 and "sont illisibles" in phrase and "réinstallez loi" in phrase, phrase
    assert f"12.json : {raison})" in phrase, phrase


def test_controles_invisibles_des_donnees_echappes(roue: Path, tmp_path: Path) -> None:
    """A C1 control (U+009B, a terminal's CSI) or a bidirectional override (U+202E, « Trojan Source »)
    in the data never reaches the terminal raw, as text or JSON; the JSON still reads back exactly."""
    chemin = roue / "loi_donnees" / "lois" / "12.json"
    original = chemin.read_bytes()
    objet = json.loads(original)
    texte = "avant \u202eriapmi\u202c \u009b2J \u2066isolé\u2069 après"
    objet["paragraphes"][0]["texte"] = texte
    try:
        chemin.write_text(json.dumps(objet, ensure_ascii=False), encoding="utf-8")
        humain = lancer_roue(roue, ["voir", "12"], tmp_path)
        donnees = lancer_roue(roue, ["voir", "12", "--json"], tmp_path)
    finally:
        chemin.write_bytes(original)
    for fini in (humain, donnees):
        assert fini.returncode == 0, fini.stderr
        recu = fini.stdout.decode()
        assert not {"\u202e", "\u202c", "\u009b", "\u2066", "\u2069"} & set(recu), recu
    assert "avant \\u202eriapmi\\u202c \\x9b2J" in humain.stdout.decode()
    assert json.loads(donnees.stdout)["paragraphes"][0]["texte"] == texte  # escaped, nothing lost


@pytest.mark.parametrize("ref", ["12C1(e)", "68C", "27B1(b)", "40B2", "16C", "64A", "70D1", "1A", "93B"])
def test_voir_json_d_un_paragraphe_suit_le_schema(ref: str) -> None:
    import jsonschema

    from indexer.rendu.schema import SCHEMA_LOI

    fini = lancer(["voir", ref, "--json"])
    assert fini.returncode == 0, fini.stderr
    objet = json.loads(fini.stdout)
    jsonschema.Draft202012Validator(SCHEMA_LOI).validate(objet)
    assert objet["ref"] == ref


@pytest.mark.parametrize("argv", [["voir", "68"], ["voir", "12", "--sources"], ["voir", "40"],
                                  ["cherche", "revendication", "contestée", "--limite", "5"],
                                  ["exemples", "70"], ["marque", "4♥X", "V", "-2"], ["imp", "620", "170"],
                                  ["pdm", "420", "400", "-50"],
                                  ["ajustee", "60 % 4♠=, 40 % 4♠-1", "--vulnerabilite", "NS", "--autre-table", "420"],
                                  ["ajustee", "60 % 4♠=, 40 % 4♠-1", "--vulnerabilite", "NS", "--marques", "420", "400"]
                                  ])  # fmt: skip
def test_quarante_colonnes(argv: list[str]) -> None:
    """Headings, banners and source lines wrap; only diagrams (indented four spaces) and a
    single word longer than the line (an address) may pass 40 columns."""
    fini = lancer(argv, {"COLUMNS": "40"})
    assert fini.returncode == 0
    for ligne in fini.stdout.decode().splitlines():
        assert len(ligne) <= 40 or ligne.startswith("    ") or " " not in ligne.strip(), ligne
        # never a line starting with the French space's punctuation, nor ending on an opening «
        assert ligne.startswith("    ") or not (
            ligne.lstrip()[:2] in ("» ", "; ", ": ", "? ", "! ") or ligne.endswith(" «")
        )


@pytest.mark.parametrize("colonnes", [40, 80])
def test_l_aide_tient_dans_le_terminal(colonnes: int) -> None:
    """« loi --help » within the terminal's width, not a word lost against the help a wide terminal
    shows as written: at 80 columns the commands' table keeps its two columns, on a phone's 40 each
    command stands over its explanation."""
    aide = lancer(["--help"], {"COLUMNS": str(colonnes)}).stdout.decode()
    large = lancer(["--help"], {"COLUMNS": "100"}).stdout.decode()
    assert max(len(ligne) for ligne in aide.splitlines()) <= colonnes
    assert aide.split() == large.split()
    for texte in (aide, large):
        cote_a_cote = any(
            ligne.startswith("  loi imp 620 170 ") and "un écart" in ligne for ligne in texte.splitlines()
        )
        assert cote_a_cote is (texte is large or colonnes == 80)
    assert not any(ligne.lstrip().startswith(("»", ";")) for ligne in aide.splitlines())  # « 450 » stays whole


@pytest.mark.parametrize("commande", ["voir", "cherche", "exemples", "definition", "index", "construire", "marque",
                                      "imp", "pdm", "ajustee", "completion"])  # fmt: skip
def test_l_aide_d_une_commande_tient_dans_40_colonnes(commande: str) -> None:
    """Each command's help on a phone: the usage line too (argparse aligned its options under the
    command's name, past 40 columns), with every word of the wide help and « Usage : » spaced once
    (argparse's intermixed parsing cut it after the English « usage: »)."""
    etroite = lancer([commande, "--help"], {"COLUMNS": "40"}).stdout.decode()
    large = lancer([commande, "--help"], {"COLUMNS": "100"}).stdout.decode()
    assert etroite.split() == large.split()
    for ligne in etroite.splitlines():
        assert len(ligne) <= 40, ligne
        assert not (ligne.lstrip()[:2] in ("» ", "; ", ": ") or ligne.endswith(" «")), ligne
    assert etroite.startswith(f"Usage : loi {commande} ") and large.startswith(f"Usage : loi {commande} ")


@pytest.mark.parametrize(("texte", "largeur", "attendu"), [
    ("il dit « je revendique » ; puis", 20, ["il dit « je", "revendique » ; puis"]),
    ("Si oui ? Si non : voir", 8, ["Si oui ?", "Si non :", "voir"]),
    ("4♠-1 contre-attaque", 6, ["4♠-1", "contre-attaque"]),  # a hyphen is no break by default
])  # fmt: skip
def test_plier_aux_espaces_francaises(texte: str, largeur: int, attendu: list[str]) -> None:
    from indexer.cli.texte import plier

    assert plier(texte, largeur, "", "") == attendu


@pytest.mark.parametrize(("texte", "largeur", "attendu"), [
    ("court\n", 40, "court\n"),
    ("  loi 68C   affiche la Loi 68C\n", 20, "  loi 68C\n      affiche la Loi\n      68C\n"),
    ("  loi x   un\n                         deux trois\n", 15, "  loi x\n      un deux\n      trois\n"),
    ("Codes : 0 trouvé, 1 rien\n  2 erreur\n", 20, "Codes : 0 trouvé, 1\n  rien 2 erreur\n"),
    # room for an explanation column of 30: the table keeps its two columns
    ("  loi x   un deux trois quatre cinq six sept huit neuf\n", 45,
     "  loi x   un deux trois quatre cinq six sept\n          huit neuf\n"),
    ("  loi y   aussi « loi imp 450 »\n", 17, "  loi y\n      aussi « loi\n      imp 450 »\n"),
])  # fmt: skip
def test_plier_aide(texte: str, largeur: int, attendu: str) -> None:
    from indexer.cli.parseur import plier_aide

    assert plier_aide(texte, largeur) == attendu


def test_deux_invites_gardent_leur_historique(tmp_path: Path) -> None:
    """Two prompts open at once: every entry of both ends in the history file."""
    env = {"XDG_STATE_HOME": str(tmp_path), "NO_COLOR": "1", "PAGER": "cat"}
    entrees = [[f"imp {100 * i + j} 0" for j in range(8)] for i in (1, 2)]
    fils = []
    for lignes in entrees:
        texte = ("\n".join(lignes) + "\nquitter\n").encode()
        fil = threading.Thread(target=_sur_un_terminal, args=([], env, texte))
        fil.start()
        fils.append(fil)
    for fil in fils:
        fil.join(timeout=300)
    garde = (tmp_path / "loi" / "historique").read_text(encoding="utf-8").splitlines()
    assert sorted(garde) == sorted(ligne for lignes in entrees for ligne in lignes)


def test_historique_impossible_dit_une_fois(tmp_path: Path) -> None:
    (tmp_path / "loi").write_text("un fichier là où il faut un dossier")
    code, recu = _sur_un_terminal(
        [], {"XDG_STATE_HOME": str(tmp_path), "NO_COLOR": "1"}, b"imp 620 170\nimp 450\nquitter\n"
    )
    assert code == 0 and recu.count(b"l'historique ne peut pas") == 1 and b"+10 IMP" in recu


@pytest.mark.parametrize(("ligne", "attendu"), [
    ("loi ajustee x --vulnerabilite ", "personne NS EO tous"), ("loi completion ", "bash zsh fish"),
    ("loi cherche x --limite ", "5 10 20 50"), ("loi ajustee x --autre-table ", ""),
    ("loi voir --edition ", "2017 2007"),
    ("loi voir 9", "9 90 91 92 93"),
    # no command typed: read as the command line reads it (« loi 68 » is voir, words are cherche); --debug skipped
    ("loi 68 --edition ", "2017 2007"), ("loi revendication --limite ", "5 10 20 50"),
    ("loi --debug voir --edition ", "2017 2007"), ("loi --debug comp", "completion"),
    # options before the command, with their values, skipped as the command line reads them (« --json » was
    # taken for the command, a search: « 2017 2007 2008 »)
    ("loi --json voir --edition ", "2017 2007"), ("loi --limite 2 def", "definition"),
    ("loi --edition 2007 voir 9", "9 90 91 92 93"),
])  # fmt: skip
def test_completion_bash_des_valeurs(tmp_path: Path, ligne: str, attendu: str) -> None:
    script = tmp_path / "loi.bash"
    script.write_bytes(lancer(["completion", "bash"]).stdout)
    ajout = 'COMP_WORDS+=("");' if ligne.endswith(" ") else ""
    essai = (
        f"source {script}; COMP_WORDS=({ligne}); {ajout} COMP_CWORD=$((${{#COMP_WORDS[@]}}-1)); "
        '_loi; echo "${COMPREPLY[*]}"'
    )
    fini = subprocess.run(["bash", "-c", essai], capture_output=True, text=True, timeout=60)
    assert fini.stdout.strip() == attendu


@pytest.mark.skipif(not shutil.which("zsh"), reason="zsh absent")
def test_completion_zsh_se_charge_par_compinit(tmp_path: Path) -> None:
    """Installed as the README says (a file _loi in $fpath), compinit finds it (#compdef) and it
    completes values."""
    (tmp_path / "_loi").write_bytes(lancer(["completion", "zsh"]).stdout)
    essai = (
        f"fpath=({tmp_path} $fpath); autoload -U compinit && compinit -u -D; print -r -- ${{_comps[loi]}}\n"
        'compadd() { print -r -- "$*"; }; _describe() { :; }\n'
        "words=(loi ajustee x --vulnerabilite ''); CURRENT=5; _loi\n"
        "words=(loi completion ''); CURRENT=3; _loi\n"
        "words=(loi 68 --edition ''); CURRENT=4; _loi\n"
        "words=(loi --debug completion ''); CURRENT=4; _loi\n"
        "words=(loi --json voir --edition ''); CURRENT=5; _loi\n"
    )
    fini = subprocess.run(
        ["zsh", "-f", "-c", essai],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "HOME": str(tmp_path)},
    )
    attendu = ["_loi", "-- personne NS EO tous", "-- bash zsh fish", "-- 2017 2007", "-- bash zsh fish", "-- 2017 2007"]
    assert fini.stdout.splitlines() == attendu, fini.stderr


@pytest.mark.skipif(not shutil.which("fish"), reason="fish absent")
@pytest.mark.parametrize(("ligne", "attendu"), [
    ("loi ajustee x --vulnerabilite ", {"personne", "NS", "EO", "tous"}),
    # no command typed: read as the command line reads it; a leading --debug skipped
    ("loi 68 --edition ", {"2017", "2007"}), ("loi revendication --limite ", {"5", "10", "20", "50"}),
    ("loi --debug comp", {"completion"}), ("loi voir 9", {"9", "90", "91", "92", "93"}),
    ("loi --json voir --edition ", {"2017", "2007"}), ("loi --limite 2 def", {"definition"}),
])  # fmt: skip
def test_completion_fish(tmp_path: Path, ligne: str, attendu: set[str]) -> None:
    script = tmp_path / "loi.fish"
    script.write_bytes(lancer(["completion", "fish"]).stdout)
    fini = subprocess.run(
        ["fish", "-c", f"source {script}; complete -C '{ligne}'"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "HOME": str(tmp_path)},
    )
    assert {proposee.split("\t")[0] for proposee in fini.stdout.splitlines()} == attendu
