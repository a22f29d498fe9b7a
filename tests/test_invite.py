"""The prompt (``loi`` alone on a terminal) as a director uses it for a session (issue 21, item 7): a real
pseudo-terminal that is the prompt's controlling terminal (Ctrl-C, a resized window), lines typed one at a
time, from /tmp. Every answer must be the one-shot command's, and no line may end the session."""

from __future__ import annotations

import contextlib
import fcntl
import os
import select
import shlex
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

RACINE = Path(__file__).resolve().parent.parent
LOI = str(RACINE / ".venv" / "bin" / "loi")
INVITE = b"loi> "


def _terminal_de_controle() -> None:
    """In the child: a session of its own whose controlling terminal is the pty (stdin), as a shell gives."""
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class Session:
    """``loi`` on a pseudo-terminal: ``taper`` sends keys and returns what came back up to the next prompt."""

    def __init__(self, env: dict[str, str], colonnes: int = 80) -> None:
        self.maitre, esclave = os.openpty()
        self.taille(colonnes)
        environnement = {**os.environ, "NO_COLOR": "1", "LC_ALL": "C.UTF-8", **env}  # readline reads UTF-8
        if "COLUMNS" not in env:  # the window's width, as a shell that does not export it
            environnement.pop("COLUMNS", None)
        self.processus = subprocess.Popen(
            [LOI],
            stdin=esclave,
            stdout=esclave,
            stderr=esclave,
            env=environnement,
            cwd="/tmp",
            preexec_fn=_terminal_de_controle,
        )
        os.close(esclave)
        self.accueil = self.attendre()

    def taille(self, colonnes: int, lignes: int = 24) -> None:
        """Resize the window: the kernel sends SIGWINCH to the prompt, as a terminal emulator does."""
        fcntl.ioctl(self.maitre, termios.TIOCSWINSZ, struct.pack("HHHH", lignes, colonnes, 0, 0))

    def attendre(self, delai: float = 60, deja: bytes = b"") -> bytes:
        """What the prompt writes until it shows « loi> » again (or closes the terminal)."""
        recu, fin = bytearray(deja), time.monotonic() + delai
        while time.monotonic() < fin and not recu.endswith(INVITE):
            if not select.select([self.maitre], [], [], 0.1)[0]:
                continue
            try:
                morceau = os.read(self.maitre, 65536)
            except OSError:  # EIO: the prompt has closed the terminal
                break
            if not morceau:
                break
            recu += morceau
        return bytes(recu).replace(b"\r\n", b"\n")

    def taper(self, touches: bytes, delai: float = 60) -> bytes:
        """Send the keys while reading what comes back: the prompt echoes each key, and a long paste
        written at once would fill the terminal's buffers both ways, each side waiting for the other."""
        recu, reste, fin = bytearray(), memoryview(touches), time.monotonic() + delai
        os.set_blocking(self.maitre, False)
        try:
            while reste and time.monotonic() < fin:
                lisibles, ecrivables, _ = select.select([self.maitre], [self.maitre], [], 0.1)
                if lisibles:
                    with contextlib.suppress(BlockingIOError):
                        recu += os.read(self.maitre, 65536)
                if ecrivables:
                    with contextlib.suppress(BlockingIOError):
                        reste = reste[os.write(self.maitre, reste[:4096]) :]
        finally:
            os.set_blocking(self.maitre, True)
        return self.attendre(delai, bytes(recu))

    def vivante(self) -> bool:
        return self.processus.poll() is None

    def fermer(self) -> int:
        with contextlib.suppress(OSError):
            os.write(self.maitre, b"\x04")  # Ctrl-D
        code = self.processus.wait(timeout=60)
        os.close(self.maitre)
        return code


@pytest.fixture(scope="module")
def session(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Session]:
    etat = tmp_path_factory.mktemp("etat")
    ouverte = Session({"PAGER": "cat", "XDG_STATE_HOME": str(etat)})
    yield ouverte
    assert ouverte.fermer() == 0


def _une_fois(ligne: str) -> bytes:
    """The same line as a one-shot command (stdout then stderr), run as a user runs it, from /tmp."""
    env = {**os.environ, "NO_COLOR": "1"}
    env.pop("COLUMNS", None)
    fini = subprocess.run([LOI, *shlex.split(ligne)], capture_output=True, env=env, cwd="/tmp", timeout=300)
    return fini.stdout + fini.stderr


def _reponse(recu: bytes) -> bytes:
    """An answer in the prompt without the echoed line nor the next prompt."""
    assert recu.endswith(INVITE), recu[-300:]
    return recu[: -len(INVITE)].partition(b"\n")[2]


# The one-shot answers of issue 21, item 7, and their errors (with --json: the JSON error; with --debug:
# the same answer); a terminal 80 wide, like a pipe's 80 columns.
LIGNES = [
    "68C", "voir 68C", "6 8", "94", "Loi 68C du Code 2017", "cherche revendication", "revendication contestée",
    "marque 4♥X V -2", "imp 620 170", "pdm 420 400 -50",
    'ajustee "60 % 4♠=, 40 % 4♠-1" --vulnerabilite NS --autre-table 420', 'ajustee "60 % 4♠=, 40 % 4♠-1"',
    "definition mort", "exemples 70", "voir 68C --json", "cherche revendication --json --limite 2",
    "imp 620 170 --json", "voir 68Z --json", "voir 94 --json", "imp 620 abc --json", "marque 8♠ V = --json",
    "voir 6 8 --json", "--json", "68Z", "999", "-1", "imp", "voire 68", "--", "-h", "--help", "--version",
    "--debug 68C", "imp 620 170 --debug", "--debug", "68F", "voir 12C1(b) --edition 2007", "completion bash",
    "marque inscrite du mauvais côté", "loi 68C",
    "--json voir 68C", "--limite 2 definition mort", "68C exemples", "exemples 1", "definition jeu hors tour",
    "index attaque --limite 2", "voir 100", "068", "cherche revendi\u00adcation --limite 1",
]  # fmt: skip


@pytest.mark.parametrize("ligne", LIGNES)
def test_la_meme_reponse_qu_en_ligne_de_commande(session: Session, ligne: str) -> None:
    recu = session.taper(f"{ligne}\n".encode())
    assert b"Traceback" not in recu and session.vivante()
    assert _reponse(recu).decode() == _une_fois(ligne).decode()


def test_debug_montre_la_trace_et_la_meme_phrase(session: Session) -> None:
    recu = _reponse(session.taper(b"--debug voir 68Z --json\n"))
    assert b"Traceback" in recu and b'"message": "\xc2\xab 68Z \xc2\xbb n\'est pas une r' in recu
    assert session.vivante()


# Lines no director means, typed or pasted: none ends the session, none shows a traceback or echoes raw
# what was typed; (keys, what the answer holds).
LONGUE_RECHERCHE = b"cherche " + b"revendication " * 7500 + b"\n"  # 105 000 characters, one line
LONGUE_REFERENCE = b"6" * 100_000 + b"\n"
HOSTILES = [
    (b"\n", b""), (b"    \n", b""), (b"\t\n", b""), (b"cherche \"carte\n", b"Guillemets non appari"),
    (LONGUE_RECHERCHE, b"1. Loi "),
    (LONGUE_REFERENCE, b"Aucun r\xc3\xa9sultat"),
    (b"68\x00C\n", b"Loi 68"), (b"cherche \x1b[2J revendication\n", b"1. Loi "),
    (b"cherche \xe2\x80\xaerevendication\n", b"1. Loi "),  # U+202E
    (b"effacer\n", b"\x1b[H\x1b[2J"), (b"aide\n", b"Ctrl-C interrompt"),
    (b"completion bash\n", b"complete -F _loi loi"), (b"construire --verifier\n", b"docs/ est \xc3\xa0 jour"),
    (b"voir 68 --json --debug\n", b'"loi": 68'),
]  # fmt: skip


@pytest.mark.parametrize(("touches", "attendu"), HOSTILES, ids=[repr(t[:30]) for t, _ in HOSTILES])
def test_une_ligne_hostile_ne_ferme_pas_la_session(session: Session, touches: bytes, attendu: bytes) -> None:
    recu = session.taper(touches, 120)
    assert session.vivante() and b"Traceback" not in recu and attendu in recu, recu[-500:]
    assert b"\x1b[2J" not in recu or touches == b"effacer\n"
    assert len(touches) < 10_000 or len(_reponse(recu)) < 6000  # never a page of what was typed sent back
    assert b"+10 IMP" in session.taper(b"imp 450\n")


def test_un_bloc_colle_repond_a_chaque_ligne(session: Session) -> None:
    recu = session.taper(b"imp 620 170\nimp 450\n\nmarque 4\xe2\x99\xa5X V -2\n")
    while recu.count(INVITE) < 4 and session.vivante():  # one prompt after each of the four lines
        recu += session.attendre()
    assert recu.count(b"+10 IMP") == 2 and b"-500 pour le camp" in recu and session.vivante()


@pytest.mark.parametrize(("ligne", "attendu", "exclu"), [
    (b"vo\t", b"voir", b""), (b"voir 6\t\t", b"60  61", b"quitter"),
    (b"voir --edition \t\t", b"20", b"quitter"), (b"68 --edition 20\t\t", b"2007  2017", b"quitter"),
    (b"cherche x --limite \t\t", b"50", b"quitter"), (b"completion \t\t", b"fish", b"quitter"),
    (b"voir 68 --j\t", b"--json", b""), (b"ajustee x --vulnerabilite \t\t", b"personne", b"quitter"),
    (b"voir  --json\x02\x02\x02\x02\x02\x02\x02686\t\t", b"68", b"quitter"),  # a reference mid-line (Ctrl-B)
    (b"\xc3\xa9\t\t", b"", b"Traceback"), (b"\"6\t\t", b"60", b""),
])  # fmt: skip
def test_tab_complete_selon_la_ligne(session: Session, ligne: bytes, attendu: bytes, exclu: bytes) -> None:
    os.write(session.maitre, ligne)
    time.sleep(0.4)
    recu = session.taper(b"\x03")  # Ctrl-C: the line given up, a fresh prompt
    assert attendu in recu and (not exclu or exclu not in recu) and b"Traceback" not in recu, recu
    assert session.vivante()


@pytest.mark.parametrize(("avant", "mot", "attendu"), [
    ("", "vo", ["voir"]), ("", "9", ["9", "90", "91", "92", "93"]), ("loi ", "co", ["construire", "completion"]),
    ("voir --edition ", "", ["2017", "2007"]), ("68 --edition ", "", ["2017", "2007"]),
    ("--debug voir --edition ", "", ["2017", "2007"]), ("revendication --limite ", "", ["5", "10", "20", "50"]),
    ("ajustee x --vulnerabilite ", "n", ["NS"]), ("ajustee x --autre-table ", "", []),
    ("imp ", "", ["--json", "--help"]), ('cherche "carte ', "--l", ["--limite"]), ("voir 68 ", "--j", ["--json"]),
    # options typed before the command, skipped with their values as the command line reads them
    ("--json voir --edition ", "", ["2017", "2007"]), ("--json ", "vo", ["voir"]),
    ("--limite 2 ", "de", ["definition"]), ("--limite 2 definition ", "--l", ["--limite"]),
])  # fmt: skip
def test_propositions_de_tab(avant: str, mot: str, attendu: list[str]) -> None:
    from indexer.cli.invite import propositions

    assert propositions(avant, mot) == attendu


def test_ctrl_c_et_ctrl_d(tmp_path: Path) -> None:
    """Ctrl-C on an empty or half-typed line, or while a long answer is shown (a pager that hangs), gives
    the prompt back; Ctrl-D ends the session with 0."""
    ouverte = Session({"PAGER": "sleep 30", "XDG_STATE_HOME": str(tmp_path)})
    assert INVITE in ouverte.taper(b"\x03") and INVITE in ouverte.taper(b"voir 6\x03")
    os.write(ouverte.maitre, b"voir 68\n")
    time.sleep(1)
    debut = time.monotonic()
    assert ouverte.taper(b"\x03", 10).endswith(INVITE) and time.monotonic() - debut < 5
    assert ouverte.vivante() and b"+10 IMP" in ouverte.taper(b"imp 450\n")
    assert ouverte.fermer() == 0


def _lignes_du_texte(recu: bytes) -> list[str]:
    return [ligne for ligne in recu.decode().splitlines() if ligne.startswith("  ") and "http" not in ligne]


def test_fenetre_redimensionnee(tmp_path: Path) -> None:
    """SIGWINCH: the next answer is folded to the new width; COLUMNS, when set, decides first."""
    ouverte = Session({"PAGER": "cat", "XDG_STATE_HOME": str(tmp_path)})
    for colonnes in (50, 100, 40):
        ouverte.taille(colonnes)
        ouverte.attendre(1)  # readline redraws its prompt on SIGWINCH: not the answer's end
        lignes = _lignes_du_texte(ouverte.taper(b"voir 68C\n"))
        assert max(map(len, lignes)) <= colonnes and max(map(len, lignes)) > colonnes - 15, colonnes
    assert ouverte.fermer() == 0
    fixe = Session({"PAGER": "cat", "XDG_STATE_HOME": str(tmp_path), "COLUMNS": "40"}, colonnes=120)
    assert max(map(len, _lignes_du_texte(fixe.taper(b"voir 68C\n")))) <= 40
    assert fixe.fermer() == 0


@pytest.mark.parametrize("pager", ["less -R", "", "cat", "false", "introuvable-pager"])
def test_le_pager_rend_l_invite(tmp_path: Path, pager: str) -> None:
    """A long answer goes through $PAGER (« less -R » without one); quitting it (q) gives the prompt back,
    and a pager that fails or is missing lets the answer be written."""
    ouverte = Session({"PAGER": pager, "XDG_STATE_HOME": str(tmp_path), "TERM": "xterm"})
    os.write(ouverte.maitre, b"voir 68\n")
    time.sleep(1.5)
    if pager in ("less -R", ""):
        assert ouverte.processus.poll() is None
        recu = ouverte.taper(b"q", 10)
        assert b"TEXTE 2007" not in recu  # less showed one screen, and was quit
    else:
        recu = ouverte.attendre(10)
        assert b"TEXTE 2007" in recu
    assert recu.endswith(INVITE) and b"+10 IMP" in ouverte.taper(b"imp 450\n")
    assert ouverte.fermer() == 0


@pytest.mark.parametrize("entree", [b"68C\n", b"voir 68C\nquitter\n", None])
def test_hors_d_un_terminal_l_aide_et_le_code_2(entree: bytes | None) -> None:
    """``echo 68C | loi``, ``loi < /dev/null``: no prompt but the help and code 2 (README)."""
    env = {**os.environ, "NO_COLOR": "1"}
    options = {"input": entree} if entree is not None else {"stdin": subprocess.DEVNULL}
    fini = subprocess.run([LOI], capture_output=True, env=env, cwd="/tmp", timeout=60, **options)  # type: ignore[call-overload]
    assert fini.returncode == 2 and fini.stdout.startswith(b"Usage : loi") and not fini.stderr


@pytest.mark.parametrize("encodage", ["latin-1", "cp1252", "ascii", "utf-8:strict"])
def test_console_qui_n_est_pas_en_utf8(tmp_path: Path, encodage: str) -> None:
    """A console that cannot show every letter (a Latin-1 terminal, ASCII), or a line of bytes that are not
    UTF-8: the prompt opens, says what a one-shot ``loi`` says, line for line, and the session goes on."""
    env = {"PAGER": "cat", "XDG_STATE_HOME": str(tmp_path), "PYTHONIOENCODING": encodage}
    ouverte = Session(env)
    assert ouverte.accueil.endswith(INVITE) and b"Traceback" not in ouverte.accueil
    for ligne in (b"imp 620 170", b"marque 4\xe2\x99\xa5X V -2", b"voir 68Z"):
        attendu = subprocess.run(
            [LOI, *ligne.split()], capture_output=True, env={**os.environ, "NO_COLOR": "1", **env}, cwd="/tmp"
        )
        assert _reponse(ouverte.taper(ligne + b"\n")) == attendu.stdout + attendu.stderr, ligne
    assert b"loi : " in ouverte.taper(b"aide\n") or encodage == "utf-8:strict"
    assert b"l'octet 0xFF, qui n'est pas de l'UTF-8" in ouverte.taper(b"voir 68\xff\n")
    assert ouverte.vivante() and ouverte.fermer() == 0


@pytest.mark.parametrize(("dans_invite", "suite"), [(True, b"la suite\n"), (False, b"")])
def test_une_erreur_systeme_ne_coupe_pas_la_sortie_de_l_invite(dans_invite: bool, suite: bytes) -> None:
    """After a system error a one-shot ``loi`` points its output to /dev/null (its last words); the prompt
    must not, or every later answer of the session would vanish without a word."""
    script = (
        "import sys\nfrom indexer.cli import dispatch\n"
        f"dispatch._expliquer(OSError(28, 'plein'), False, taire={not dans_invite})\nprint('la suite')\n"
    )
    fini = subprocess.run([sys.executable, "-c", script], capture_output=True, cwd=RACINE, timeout=60)
    assert fini.stdout == suite and b"disque plein" in fini.stderr


# A Latin-1 terminal on a UTF-8 session: readline drops « é » before an ASCII byte, or keeps it for the next
# line; the prompt refuses the line rather than answer for what readline made of it (« imp 620 10 »).
LATIN1 = [b"imp 620 1\xe90\n", b"imp 620 17\xe9\n", b"imp 6\xe920 170\n", b"voir 68\xe9\n", b"imp 620 1\xff0\n"]


@pytest.mark.parametrize("touches", LATIN1)
def test_un_octet_latin1_n_est_jamais_execute(tmp_path: Path, touches: bytes) -> None:
    ouverte = Session({"PAGER": "cat", "XDG_STATE_HOME": str(tmp_path)})
    recu = ouverte.taper(touches)
    octet = next(o for o in touches if o >= 0x80)
    assert f"l'octet 0x{octet:02X}, qui n'est pas de l'UTF-8".encode() in recu and b"IMP" not in recu, recu
    assert b"Loi 68 \xe2\x80\x94" not in recu
    suite = ouverte.taper("marque 4♥X V -2\n".encode()) + ouverte.taper("marque 4♥X V -2\n".encode())
    assert b"-500 pour le camp" in suite and b"Traceback" not in suite  # refused once at most, never wrong
    assert ouverte.fermer() == 0
