"""The per-law data of ``loi voir`` (``docs/donnees/lois/N.json``), committed and published:
every file valid against the committed JSON Schema, every footnote in place, none raw."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from indexer.rendu.schema import SCHEMA_LOI

RACINE = Path(__file__).resolve().parent.parent
DONNEES = RACINE / "docs" / "donnees"
FICHIERS = sorted((DONNEES / "lois").glob("*.json"), key=lambda p: int(p.stem))


def test_une_donnee_par_loi_et_le_schema_publie() -> None:
    assert [int(p.stem) for p in FICHIERS] == list(range(1, 94))
    assert json.loads((DONNEES / "schema-loi.json").read_text(encoding="utf-8")) == SCHEMA_LOI
    jsonschema.Draft202012Validator.check_schema(SCHEMA_LOI)


@pytest.mark.parametrize("chemin", FICHIERS, ids=lambda p: p.stem)
def test_chaque_fichier_suit_le_schema(chemin: Path) -> None:
    objet = json.loads(chemin.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(SCHEMA_LOI).validate(objet)
    assert objet["loi"] == int(chemin.stem)


@pytest.mark.parametrize("valeur", [{"loi": 68}, {**{"loi": 68, "titre": 3}}, []])
def test_le_schema_refuse_une_forme_fausse(valeur: object) -> None:
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(valeur, SCHEMA_LOI)


def _entrees(numero: int) -> list[dict]:
    objet = json.loads((DONNEES / "lois" / f"{numero}.json").read_text(encoding="utf-8"))
    return objet["paragraphes"] + objet["exemples"]


@pytest.mark.parametrize(("loi", "ref", "edition", "appel", "note"), [
    # 001:2184, the FFB's own ruling, called twice in the 2007 text of 12C1
    (12, "12C1(c)", "2007", "l’interdise[1]", "La FFB applique (c) et non (e)"),
    (12, "12C1(e)", "2007", "de (c)[1]", "La FFB applique (c) et non (e)"),
    # 001's note e3 is called in 20D and again in 20E, parsed under 20D only: shown under both
    (20, "20D", "2007", "rappel[1]", "Pour la FFB, cette exigence"),
    (20, "20E", "2007", "rappel[1]", "Pour la FFB, cette exigence"),
])  # fmt: skip
def test_la_note_est_sous_le_paragraphe_qui_l_appelle(
    loi: int, ref: str, edition: str, appel: str, note: str | None
) -> None:
    entrees = [e for e in _entrees(loi) if e["ref"] == ref and e["edition"] == edition and appel in e["texte"]]
    assert entrees, f"{ref} {edition} : pas de texte contenant {appel!r}"
    notes = entrees[0]["notes"]
    assert notes and notes[0]["numero"] == 1 and notes[0]["source"].startswith("001_")
    if note:
        assert notes[0]["texte"].startswith(note)


def test_chaque_appel_a_sa_note() -> None:
    """« [n] » in a text has its note n under it; no raw « [^e1] » anywhere."""
    import re

    for chemin in FICHIERS:
        texte = chemin.read_text(encoding="utf-8")
        assert "[^" not in texte, chemin.name
        for entree in _entrees(int(chemin.stem)):
            for numero in {int(n) for n in re.findall(r"\[(\d{1,2})\]", entree["texte"])}:
                if numero <= len(entree["notes"]):
                    assert entree["notes"][numero - 1]["numero"] == numero
