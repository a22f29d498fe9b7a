"""``loi voir`` shows the paragraph asked, of the edition asked or stated, or says why not (issue 21, item 7).

Every label of the per-law data (docs/donnees/lois/*.json), in each edition that gives it and without
``--edition``, is read in-process (two thousand cases); a sample of each shape goes through the command as a
user runs it (from /tmp, ``NO_COLOR=1``), with ``voir``, without it, and at the prompt.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
from functools import cache
from pathlib import Path

import jsonschema
import pytest

from indexer import lecture
from indexer.cli import invite
from indexer.cli.dispatch import programme
from indexer.editions import rang
from indexer.errors import LoiErreur, Sortie
from indexer.labels import Label, parse_label
from indexer.rendu.schema import SCHEMA_LOI

RACINE = Path(__file__).resolve().parent.parent
LOI = RACINE / ".venv" / "bin" / "loi"


def _textes() -> dict[str, dict[str, list[str]]]:
    """Each law paragraph's label → its editions → the anchors of its entries there."""
    textes: dict[str, dict[str, list[str]]] = {}
    for chemin in sorted((RACINE / "docs/donnees/lois").glob("*.json")):
        for entree in json.loads(chemin.read_text(encoding="utf-8"))["paragraphes"]:
            if entree["type"] == "loi":
                textes.setdefault(entree["ref"], {}).setdefault(entree["edition"], []).append(entree["ancre"])
    return textes


TEXTES = _textes()


@cache
def _ids(numero: int) -> frozenset[str]:
    """The ids of a law's page (« { #loi-68-c … } » in its Markdown): where an address can land."""
    page = (RACINE / f"docs/lois/{numero}/index.md").read_text(encoding="utf-8")
    return frozenset(re.findall(r"\{ #([\w-]+)", page))


def _defauts(ref: str, edition: str | None) -> list[str]:
    """What is wrong with the answer to ``ref`` (in ``edition``, or all): empty when it is that paragraph."""
    label, siennes = parse_label(ref), TEXTES[ref]
    assert label is not None
    objet, constat = lecture.consulter(ref, edition)
    defauts: list[str] = []
    if objet["loi"] != label.loi or objet.get("ref") != (ref if label.parties else None):
        defauts.append(f"rend {objet['loi']} {objet.get('ref')}")
    entrees = objet["paragraphes"] + objet["exemples"]
    # « aucune source 2017 ne donne 68C » for a 68C the 2017 sources give: said of 422 paragraphs with
    # --edition 2007, once the 2017 entries were filtered out before the sentence was decided
    defauts += [f"dit faux : aucune source {nom}" for nom in siennes if f"aucune source {nom} ne donne" in constat]
    if edition and {e["edition"] for e in entrees} != {edition}:
        defauts.append(f"éditions {sorted({e['edition'] for e in entrees})}")
    if any(not label.contient(parse_label(e["ref"]) or Label(0)) for e in entrees):
        defauts.append("une entrée hors du paragraphe")
    for nom in [edition] if edition else siennes:
        if not any(e["ref"] == ref and e["edition"] == nom and e["type"] == "loi" for e in entrees):
            defauts.append(f"le texte {nom} manque")
    if label.parties:
        fragment = objet["url"].partition("#")[2]
        plus_recente = min((e["edition"] for e in entrees if e["type"] == "loi"), key=rang)
        if fragment not in _ids(label.loi):
            defauts.append(f"l'adresse #{fragment} n'est pas sur la page")
        elif plus_recente in siennes and fragment not in siennes[plus_recente]:
            defauts.append(f"l'adresse #{fragment} n'est pas le {ref} {plus_recente}")
        elif plus_recente not in siennes and f"ne donne {ref} lui-même" not in constat:
            defauts.append(f"rien ne dit que {plus_recente} ne donne pas {ref}")
    return defauts


def test_chaque_etiquette_de_chaque_edition_montre_son_paragraphe() -> None:
    cas = [(ref, edition) for ref, siennes in TEXTES.items() for edition in [None, *sorted(siennes)]]
    assert len(cas) > 1900  # the whole data: 759 labels, most in two editions
    defauts = {f"{ref} {edition}": d for ref, edition in cas if (d := _defauts(ref, edition))}
    assert not defauts, list(defauts.items())[:20]


def test_l_autre_edition_d_un_paragraphe_dit_ce_que_les_sources_donnent() -> None:
    """A paragraph one edition gives, asked in the other: nothing found (1) and why, or its sub-paragraphs
    under a sentence saying the sources do not give the paragraph itself — never another paragraph."""
    vus = 0
    for ref, siennes in TEXTES.items():
        if not parse_label(ref).parties:  # type: ignore[union-attr]
            continue  # a whole law: its text in the other edition is the law, not the words above its sections
        for autre in {"2017", "2007"} - set(siennes):
            vus += 1
            try:
                objet, constat = lecture.consulter(ref, autre)
            except LoiErreur as erreur:
                assert erreur.code == Sortie.RIEN and f"aucun texte {autre} pour la Loi {ref} ;" in str(erreur)
                continue
            assert f"Code {autre} : aucune source {autre} ne donne {ref} lui-même, seulement " in constat, ref
            assert objet["ref"] == ref and {e["edition"] for e in objet["paragraphes"]} == {autre}
    assert vus > 200


def test_chaque_etiquette_se_lit_comme_on_la_tape() -> None:
    """Every label of the data, in the forms a director types, is read as that label and no other."""
    for ref in TEXTES:
        label = parse_label(ref)
        assert label is not None
        parties = [str(label.loi), *label.parties]
        entre_parentheses = " ".join(p if i < 3 else f"({p})" for i, p in enumerate(parties))
        formes = [ref, ref.lower(), f"Loi {ref}", f"L{ref}", f"loi n° {ref}", " ".join(parties), "".join(parties)]
        formes += [f"{ref}.", f"{ref},", f"\u00a0{ref}\u00a0", entre_parentheses]
        assert {f: parse_label(f) for f in formes} == dict.fromkeys(formes, label)


def lancer(*arguments: str, entree: str | None = None) -> subprocess.CompletedProcess[str]:
    """``loi`` as a user runs it: from /tmp, without colours nor a terminal."""
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "80"}
    return subprocess.run(
        [str(LOI), *arguments], capture_output=True, text=True, env=env, cwd="/tmp", input=entree, timeout=120
    )


def _echantillon() -> list[tuple[str, str | None]]:
    """One label of each depth (law, section, number, letter, roman) given by both editions, and one given by
    the 2007 Code only, each without and with ``--edition``."""
    formes: dict[int | str, str] = {}
    for ref, siennes in TEXTES.items():
        label = parse_label(ref)
        assert label is not None
        formes.setdefault(len(label.parties) if len(siennes) == 2 else f"{next(iter(siennes))} seul", ref)
    assert set(formes) >= {0, 1, 2, 3, 4, "2007 seul"}
    return [(ref, edition) for ref in formes.values() for edition in [None, *sorted(TEXTES[ref])]]


@pytest.mark.parametrize(("ref", "edition"), _echantillon())
def test_un_echantillon_de_chaque_forme_par_la_commande(ref: str, edition: str | None) -> None:
    option = ["--edition", edition] if edition else []
    sortie = lancer("voir", "--json", ref, *option)
    assert sortie.returncode == 0, sortie.stderr
    objet = json.loads(sortie.stdout)
    assert objet.get("ref", str(objet["loi"])) == ref
    assert objet["url"].partition("#")[2] in (_ids(objet["loi"]) if "#" in objet["url"] else {""})
    if edition:
        assert {e["edition"] for e in objet["paragraphes"]} == {edition}
        assert objet["url"].partition("#")[2] in TEXTES[ref][edition] or "#" not in objet["url"]
    humain = lancer(ref, *option)  # without « voir »
    assert humain.returncode == 0 and humain.stdout == lancer("voir", ref, *option).stdout
    assert re.search(rf"^{re.escape(ref)}(  \[| — )", humain.stdout, re.MULTILINE), humain.stdout[:400]


# (typed, the label shown or None, exit code): a director's forms, each shown as that paragraph or refused in
# one French line — never another paragraph with exit 0.
TAPES = [
    ("68C", "68C", 0), ("68 C", "68C", 0), ("68c", "68C", 0), ("L68C", "68C", 0), ("Loi 68C", "68C", 0),
    ("loi 68 C 2", None, 1), ("80B2(k)", "80B2(k)", 0), ("80B2k", "80B2(k)", 0), ("80 B 2 k", "80B2(k)", 0),
    ("12C1e", "12C1(e)", 0), ("12 C 1 (e)", "12C1(e)", 0), ("40B2(a)(i)", "40B2(a)(i)", 0), ("68C2", None, 1),
    ("68C.", "68C", 0), ("68C,", "68C", 0), ("68C ;", "68C", 0), ("Loi n° 68", "68", 0), ("n°68C", "68C", 0),
    ("Loi 68C du Code 2017", None, 2), ("68\u2013C", None, 2), ("\uff16\uff18C", None, 2), ("\uff16\uff18", None, 2),
    ("\u00a068C\u00a0", "68C", 0), ("\u202f68 C", "68C", 0), ("6 8", None, 2), ("1.2", None, 2), ("1 2 C", None, 2),
    ("(68C)", None, 2),
]  # fmt: skip
# What was never a paragraph: the law number out of the Code, a section or letter that no law has.
ABSENTS = [
    ("94", 1, "Il n'y a pas de Loi 94 : le Code compte les lois 1 à 93."),
    ("0", 1, "Il n'y a pas de Loi 0 : le Code compte les lois 1 à 93."),
    ("68C9", 1, "La Loi 68C9 n'existe dans aucune édition du corpus : 68C n'a pas de sous-paragraphe. "
     "Paragraphes proches : 68A, 68B, 68C, 68D."),
    ("68Z", 2, "« 68Z » n'est pas une référence de loi"),
    ("999", 1, "Il n'y a pas de Loi 999 : le Code compte les lois 1 à 93."),
    ("420", 1, "Il n'y a pas de Loi 420 : le Code compte les lois 1 à 93. "
     "Pour chercher ce nombre : « loi cherche 420 »."),
    ("100C", 1, "Il n'y a pas de Loi 100 : le Code compte les lois 1 à 93.\n"),  # a paragraph: no number to search
    ("-1", 2, "« -1 » n'est pas une référence de loi"),
    ("68CC", 2, "« 68CC » n'est pas une référence de loi"),
    # an edition typed in the reference: refused, with the command to type
    ("Loi 68C du Code 2017", 2, "« Loi 68C du Code 2017 » : l'édition se choisit à part, tapez « loi voir 68C "
     "--edition 2017 »."),
    ("loi 12 C 1 e (2007)", 2, "tapez « loi voir \"12C1(e)\" --edition 2007 »."),
    ("68Z 2017", 2, "« 68Z 2017 » n'est pas une référence de loi"),
    # digits apart: never law 68 or 12, and said so
    ("6 8", 2, "« 6 8 » : des chiffres séparés ne font pas un numéro ; tapez-le d'un trait (68C, 12C1(e))."),
    ("Loi 1.2 C", 2, "« Loi 1.2 C » : des chiffres séparés ne font pas un numéro"),
]  # fmt: skip


@pytest.mark.parametrize(("mots", "commande"), [
    (["68C"], "voir"), (["loi", "12", "C", "1", "e"], "voir"), (["94"], "voir"), (["6", "8"], "voir"),
    (["1.2"], "voir"), (["1", "2", "C"], "voir"), (["3", "levées"], "cherche"), (["revendication"], "cherche"),
    (["68C", "revendication"], "cherche"), (["2", "4"], "voir"),
])  # fmt: skip
def test_loi_sans_commande_lit_une_reference_avec_voir(mots: list[str], commande: str) -> None:
    """« loi 6 8 » or « loi 94 » go to voir, which says what is wrong, instead of a search that would
    show law 6 or the RNC's article 100.2 first."""
    from indexer.cli.dispatch import commande_implicite

    assert commande_implicite(mots) == [commande, *mots]


@pytest.mark.parametrize(("tape", "ref", "code"), TAPES)
def test_une_forme_tapee_montre_son_paragraphe_ou_rien(tape: str, ref: str | None, code: int) -> None:
    sortie = lancer("voir", "--json", "--", tape)
    assert sortie.returncode == code, sortie.stdout[:300]
    objet = json.loads(sortie.stdout)
    if ref is None:
        assert objet["erreur"]["code"] == code and "\n" not in objet["erreur"]["message"]
    else:
        assert objet.get("ref", str(objet["loi"])) == ref


@pytest.mark.parametrize(("tape", "code", "message"), ABSENTS)
def test_ce_qui_n_existe_pas(tape: str, code: int, message: str) -> None:
    sortie = lancer("voir", "--", tape)
    assert (sortie.returncode, sortie.stdout) == (code, "")
    assert message in sortie.stderr and sortie.stderr.startswith("loi : ") and sortie.stderr.count("\n") == 1


@pytest.mark.parametrize(
    ("commande", "dit"),
    [
        # the 2017 sources give only 40B2(a)(i): said, whichever edition is shown
        (["40B2", "--edition", "2017"], "Code 2017 : aucune source 2017 ne donne 40B2 lui-même, seulement 40B2(a)(i)."),
        (["40B2", "--edition", "2007"], "Code 2017 : aucune source 2017 ne donne 40B2 lui-même, seulement 40B2(a)(i)."),
        (["17D"], "Code 2017 : aucune source 2017 ne donne 17D lui-même, seulement 17D3."),
        (["12B"], "Code 2017 : aucune source 2017 ne donne 12B lui-même, seulement 12B1."),
        (["40B2(b)", "--edition", "2007"], "Code 2017 : aucune source 2017 ne donne de paragraphe 40B2(b)"),
    ],
)
def test_ce_que_les_sources_ne_donnent_pas_est_dit(commande: list[str], dit: str) -> None:
    sortie = lancer("voir", "--sans-pager", *commande)
    assert sortie.returncode == 0, sortie.stderr
    assert dit in " ".join(sortie.stdout.split())
    objet = json.loads(lancer("voir", "--json", *commande).stdout)  # said to a script too, in the schema's shape
    assert dit in objet["constat"]
    jsonschema.Draft202012Validator(SCHEMA_LOI).validate(objet)


def test_rien_a_dire_pas_de_constat() -> None:
    objet = json.loads(lancer("voir", "--json", "68C").stdout)
    assert "constat" not in objet and objet["ref"] == "68C"
    jsonschema.Draft202012Validator(SCHEMA_LOI).validate(objet)


def test_une_adresse_2007_mene_au_texte_2007() -> None:
    """The 2007 paragraph asked opens the 2007 paragraph of the page, not the 2017 one of the same number."""
    for ref, attendu in [("12C1(b)", "loi-12-c-1-b-2007"), ("10A", "loi-10-a-2007"), ("68C", "loi-68-c-2007")]:
        sortie = lancer("voir", ref, "--edition", "2007")
        assert sortie.returncode == 0 and f"Site : lois/{ref[:2]}/index.html#{attendu}\n" in sortie.stdout


def test_a_l_invite(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    monkeypatch.setenv("NO_COLOR", "1")
    lignes = iter(["loi 68 C", "80B2(k) --json", "voir 12 C 1 (e) --edition 2007 --json", "68C9", "quitter"])
    monkeypatch.setattr("builtins.input", lambda invite: next(lignes))
    assert invite.interactif(programme) == 0
    sortie = capsys.readouterr()
    assert re.search(r"^68C — Éclaircissement exigé", sortie.out, re.MULTILINE)
    objets = [json.loads(bloc) for bloc in re.findall(r"^\{\n.*?^\}$", sortie.out, re.MULTILINE | re.DOTALL)]
    assert [o["ref"] for o in objets] == ["80B2(k)", "12C1(e)"]
    assert {p["edition"] for p in objets[1]["paragraphes"]} == {"2007"}
    assert "loi : La Loi 68C9 n'existe dans aucune édition du corpus" in sortie.err and "Traceback" not in sortie.err


@pytest.mark.parametrize(
    ("requete", "ref"),
    [
        ("68C", "68C"),
        ("loi 68 C", "68C"),
        ("68 C", "68C"),
        ("Loi n° 68", "68"),
        ("12 C 1 e", "12C1(e)"),
        ("80B2(k)", "80B2(k)"),
        ("40B2(a)(i)", "40B2(a)(i)"),
    ],
)
def test_une_reference_cherchee_vient_en_tete(requete: str, ref: str) -> None:
    sortie = lancer("cherche", "--json", requete)
    assert sortie.returncode == 0, sortie.stderr
    objet = json.loads(sortie.stdout)
    assert objet["requete"] == requete  # what was typed, as typed
    premier = objet["resultats"][0]["passages"][0]
    assert (premier["ref"], premier["type"]) == (ref, "loi")
