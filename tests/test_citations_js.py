"""The citation grammar in the browser is the CLI's: the same table of typed forms goes to
``labels.parse_label`` (and ``requete.est_citation``) and to the site's ``citation.js``, served as
``hooks/site.py`` serves it (``pour_site.script_citation``), run by node."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from indexer.labels import ancre, parse_label
from indexer.recherche import pour_site
from indexer.recherche.requete import est_citation

RACINE = Path(__file__).resolve().parent.parent
JS = RACINE / "docs/assets/javascripts/citation.js"

# (typed, anchor `loi voir` opens or None): the six forms first, then the grammar's edges.
FORMES = [
    ("68C", "loi-68-c"),
    ("68 C", "loi-68-c"),
    ("L68", "loi-68"),
    ("Loi 16 B 1", "loi-16-b-1"),
    ("12c1e", "loi-12-c-1-e"),
    ("Loi 9 A 2.b)", "loi-9-a-2-b"),
    ("80B2(k)", "loi-80-b-2-k"),
    ("80B2(i)", "loi-80-b-2-i"),
    ("80B2(l)", "loi-80-b-2-l"),
    ("80B2(m)", None),
    ("12C1(e)(ii)", "loi-12-c-1-e-ii"),
    ("40B2a(i)", "loi-40-b-2-a-i"),
    ("27 b 1 b", "loi-27-b-1-b"),
    ("LOI 64.B", "loi-64-b"),
    ("Law 64", "loi-64"),
    ("loi68", "loi-68"),
    ("lois 12", "loi-12"),
    ("  68 c  ", "loi-68-c"),
    ("l 68", "loi-68"),
    ("93", "loi-93"),
    ("94", None),
    ("0", None),
    ("loi 94", None),
    ("68H", None),
    ("68C revendication", None),
    ("revendication", None),
    ("", None),
    ("L", None),
    ("12C1(e)(iv)", "loi-12-c-1-e-iv"),
    ("12C1(e)(xi)", None),
    ("loi 12 C 1 e", "loi-12-c-1-e"),
    # digits apart are no law number: « 6 8 » is not law 68, « 1.2 » not law 12 (issue 21, item 7)
    ("6 8", None),
    ("6  8", None),
    ("1.2", None),
    ("12 . 3", None),
    ("Loi 1 2 C", None),
    ("loi 68 C 2", "loi-68-c-2"),
    ("80 B 2 k", "loi-80-b-2-k"),
    ("12 C 1 (e)", "loi-12-c-1-e"),
    ("40B2(a)(i)", "loi-40-b-2-a-i"),
    # the French « n° », the punctuation that ends a cited reference
    ("Loi n° 68", "loi-68"),
    ("loi N°68 C", "loi-68-c"),
    ("n° 12C1e", "loi-12-c-1-e"),
    ("68C.", "loi-68-c"),
    ("68C,", "loi-68-c"),
    ("68C ;", "loi-68-c"),
    ("68C ?", "loi-68-c"),
    ("68,C", None),
    (",68", None),
    ("n°", None),
    # no-break spaces around, full-width digits and dashes refused alike on both sides
    ("\u00a068C\u00a0", "loi-68-c"),
    ("\u202f68\u202fC", "loi-68-c"),
    ("\uff16\uff18", None),
    ("\uff16\uff18C", None),
    ("68\u2013C", None),
    ("Loi 68C du Code 2017", None),
    ("(68C)", None),
    # letters and romans in capitals, as a director may type them: never ambiguous
    ("12C1E", "loi-12-c-1-e"),
    ("12 C 1 (E)", "loi-12-c-1-e"),
    ("40B2(A)(I)", "loi-40-b-2-a-i"),
    ("LOI 80 B 2 K", "loi-80-b-2-k"),
    ("12C1(E)(XI)", None),
    ("80B2(M)", None),
]

# One query word that cites a law in a search (« 68C revendication ») — requete.est_citation.
MOTS = ["68", "16B", "16b", "12C1e", "12C1(e)", "12c1(i)", "68H", "3SA", "4SA", "5K", "8", "abc", "100", "12C1(k)",
        "80b2(k)", "40b2(a)(i)", "40b2ai", "12c1(m)", "６８"]  # fmt: skip


def _node() -> str:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node absent du PATH : la grammaire de citation.js n'est pas vérifiée")
    return node


COUREUR = """
const fs = require("fs");
require("vm").runInThisContext(fs.readFileSync(0, "utf8"));
const [formes, mots] = JSON.parse(process.argv[1]);
const C = globalThis.CitationLoi;
console.log(JSON.stringify([
  formes.map((f) => { const l = C.analyser(f); return l ? C.ancre(l) : null; }),
  mots.map((m) => C.estMot(m)),
]));
"""


def _dans_node() -> tuple[list, list]:
    script = pour_site.script_citation(JS.read_text(encoding="utf-8"))
    entree = json.dumps([[f for f, _ in FORMES], MOTS])
    sortie = subprocess.run(
        [_node(), "-e", COUREUR, entree], input=script, capture_output=True, text=True, timeout=60, check=False
    )
    assert sortie.returncode == 0, sortie.stderr
    return json.loads(sortie.stdout)


def test_la_table_est_celle_de_la_commande():
    for forme, attendu in FORMES:
        label = parse_label(forme)
        assert (ancre(label) if label else None) == attendu, forme


def test_node_lit_chaque_forme_comme_python():
    ancres, mots = _dans_node()
    assert dict(zip([f for f, _ in FORMES], ancres, strict=True)) == {f: a for f, a in FORMES}
    assert dict(zip(MOTS, mots, strict=True)) == {m: est_citation(m) for m in MOTS}


def test_le_script_servi_ne_contient_aucune_copie_de_la_grammaire():
    source = JS.read_text(encoding="utf-8")
    assert "[a-h]" not in source and "[a-l]" not in source and "A-G" not in source
    assert "CITATION_GRAMMAIRE" in pour_site.script_citation(source)


CIBLES = """
const fs = require("fs");
require("vm").runInThisContext(fs.readFileSync(0, "utf8"));
const [refs, table] = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
const C = globalThis.CitationLoi;
console.log(JSON.stringify(refs.map((r) => { const c = C.cible(C.analyser(r), table); return [c.url, c.exacte]; })));
"""


def test_la_boite_de_citation_ouvre_ce_que_loi_voir_ouvre(tmp_path: Path) -> None:
    """Every paragraph of the per-law data and each heading above it (« 12C » over 12C1, which no 2017
    source gives but the page heads): the site's citation box, on docs/assets/citations.json, lands on
    the anchor ``loi voir`` gives, exactly, never on the whole law instead."""
    from indexer import lecture

    labels: set = set()
    for chemin in sorted((RACINE / "docs/donnees/lois").glob("*.json")):
        for entree in json.loads(chemin.read_text(encoding="utf-8"))["paragraphes"]:
            if entree["type"] == "loi" and (label := parse_label(entree["ref"])) is not None:
                labels |= {label, *label.ancetres()}
    refs = sorted(label.compact() for label in labels)
    table = json.loads((RACINE / "docs/assets/citations.json").read_text(encoding="utf-8"))
    (tmp_path / "entree.json").write_text(json.dumps([refs, table]), encoding="utf-8")
    script = pour_site.script_citation(JS.read_text(encoding="utf-8"))
    sortie = subprocess.run(
        [_node(), "-e", CIBLES, str(tmp_path / "entree.json")],
        input=script,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert sortie.returncode == 0, sortie.stderr
    site = dict(zip(refs, json.loads(sortie.stdout), strict=True))
    ecarts = {
        ref: site[ref]
        for ref in refs
        for fragment in [lecture.consulter(ref, None)[0]["url"].partition("#")[2] or ancre(parse_label(ref))]
        if site[ref] != [f"{table.get(fragment)}#{fragment}", True]
    }
    assert len(refs) > 700 and not ecarts, ecarts
