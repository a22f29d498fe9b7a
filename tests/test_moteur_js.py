"""The site's search engine (docs/assets/javascripts/recherche-*.js) in node, against the CLI's, exactly.

Every query of tests/eval/*.tsv, plus the query forms the evaluation has few of (phrases,
-mot, citations, negations, typos): Python writes what ``loi cherche`` answers — every
passage's Whoosh score as a float, the groups and passages shown, their titles, URLs,
extracts and highlights — node runs the browser's files on the site's data
(``scripts/moteur_node.js``), and both must be equal to the last digit: same order, same
floats. The page itself is tested in Chromium (tests/test_site_recherche.py).
"""

from __future__ import annotations

import json
import sys

import pytest
from site_outils import RACINE

sys.path.insert(0, str(RACINE / "scripts"))
import moteur_site  # noqa: E402

# Forms the evaluation's queries hold few of: a quoted phrase (stop words inside), a synonym
# spelt out, -mot, citations, negations and question scaffolding, typos, English, an empty query.
FORMES = [
    '"revendication contestée"', '"carte de la main"', "renonce -mort", "-mort", "joueur -carte",
    "loi 12 C 1 e", 'loi "carte exposée" 68', "68C revendication", "Loi 16 B 1 hésitation", "12c1e", "40B2a alerte",
    "entame hors tour", "quitted trick", "offending side", "bid of more than seven", "quitted trick renonse",
    "il a passé sans faire exprès", "il ne l'a pas fait exprès", "pas exprès", "jamais alerté",
    "ai-je le droit de regarder la levée", "faut-il appeler l'arbitre", "Est-ce que Est a renoncé",
    "renonse", "enchere insufisante", "arbitre", "carte", "le la les", "", "« carte exposée »",
    '"phrase sans fin', "3 levées de chute", "7 de cœur", "60 40",
    # a query that is one citation, read whole (requete.comprendre), capitals, 2007 letters, romans
    "loi 68 C", "Loi n° 68", "7 b", "12 C 1 E", "80B2(k)", "40B2(a)(i)", "loi 80 B 2 k.", "1C2D", "6 8", "94",
    "loi n° 12 marque ajustée", "étui n° 12 mal orienté", "Loi nº 68 revendication",
    # characters pasted from a PDF or a page: soft hyphen and zero-width inside words, BOM, controls between
    "revendi\u00adcation contes\u200btée", "\ufeff68C", "mo\u202ert\x85jeu\x1fhors tour",
]  # fmt: skip


@pytest.fixture(scope="module")
def comparaison():
    try:
        moteur_site.node()
    except FileNotFoundError:
        pytest.skip("node absent du PATH : le moteur du site n'est pas comparé")
    from test_situations import PASSAGES

    from indexer import build
    from indexer.corpus.situations import lire
    from indexer.recherche.moteur import Chercheur

    # table situations (corpus/situations.toml) told in their own words: found, never shown, their paragraph once
    situations = [lire((RACINE / "corpus/situations.toml").read_text(encoding="utf-8"))[0].texte]
    situations += [texte for texte, _, _ in PASSAGES]
    requetes = list(dict.fromkeys(moteur_site.requetes_eval() + FORMES + situations))
    attendu = moteur_site.attendus(Chercheur(build.index_courant()), requetes)
    obtenu = moteur_site.dans_node(requetes)
    (RACINE / "tests/artefacts").mkdir(exist_ok=True)
    (RACINE / "tests/artefacts/moteur-attendu.json").write_text(json.dumps(attendu, ensure_ascii=False))
    return requetes, attendu, obtenu


def test_node_donne_les_reponses_de_la_commande_au_dernier_chiffre(comparaison):
    requetes, attendu, obtenu = comparaison
    assert len(requetes) > 500
    ecarts = moteur_site.ecarts(requetes, attendu, obtenu["sorties"])
    assert ecarts == []


def test_la_comparaison_porte_sur_des_reponses(comparaison):
    """Not an empty comparison: most queries find passages and groups, with extracts and highlights."""
    _, attendu, _ = comparaison
    trouvees = [a for a in attendu if a["reponse"]["groupes"]]
    assert len(trouvees) > 0.9 * len(attendu)
    assert sum(len(a["scores"]) for a in attendu) > 50_000
    marques = [p["marques"] for a in trouvees for g in a["reponse"]["groupes"] for p in g["passages"]]
    assert sum(1 for m in marques if m) > 0.6 * len(marques)
    assert any(a["reponse"]["corrigee"] for a in attendu) and any(a["reponse"]["ignoree"] for a in attendu)


def test_un_ecart_d_un_bit_se_voit():
    """The comparison sees a score one bit off, and a group out of order."""
    attendu = [
        {
            "scores": [[1.0, 3], [0.5, 7]],
            "reponse": {
                "requete": "q",
                "interpretation": "q",
                "total": 2,
                "corrigee": False,
                "ignoree": False,
                "groupes": [],
            },
        }
    ]
    proche = json.loads(json.dumps(attendu))
    proche[0]["scores"][1][0] = 0.5000000000000001
    assert [e[1] for e in moteur_site.ecarts(["q"], attendu, proche)] == ["scores (rang 1)"]
    autre = json.loads(json.dumps(attendu))
    autre[0]["reponse"]["groupes"] = [{"loi": 68, "titre": "", "score": 1.0, "passages": []}]
    assert [e[1] for e in moteur_site.ecarts(["q"], attendu, autre)] == ["groupes"]


def test_le_moteur_est_pur_et_decoupe_comme_le_python():
    """One file per Python module it mirrors, none touching the page (they also run in node and in the worker)."""
    js = RACINE / "docs/assets/javascripts"
    for module in ("analyse", "requete", "index", "disjonction", "interrogation", "extraits", "moteur"):
        texte = (js / f"recherche-{module}.js").read_text(encoding="utf-8")
        assert (RACINE / f"indexer/recherche/{module}.py").is_file()
        for interdit in ("window", "document.", "localStorage", "MiniSearch.", "Math.log("):
            assert interdit not in texte, (module, interdit)


ANALYSER = """
const fs = require("fs");
const vm = require("vm");
const [fichier, mots, textes, vides] = JSON.parse(fs.readFileSync(0, "utf8"));
vm.runInThisContext(fs.readFileSync(fichier, "utf8"));
const A = globalThis.RechercheAnalyse.creer(vides);
const suite = (liste) => liste.map((t) => A.racines(t).join(" "));
process.stdout.write(JSON.stringify([suite(mots), suite(textes)]));
"""


def test_l_analyse_js_donne_les_racines_python_sur_tout_le_vocabulaire():
    """Every word of the index and of the synonyms, and every text whole, gets the Python stems
    from recherche-analyse.js without the shipped table of stems (the JS stemmer itself)."""
    import re
    import subprocess

    from indexer import build
    from indexer.recherche.analyse import MOT, MOTS_VIDES, plier, racines

    try:
        node = moteur_site.node()
    except FileNotFoundError:
        pytest.skip("node absent du PATH")
    fiches = build.fiches_recherche()
    mots = sorted({plier(m) for f in fiches for m in re.findall(MOT, f"{f.page} {f.texte}")})
    mots += re.findall(MOT, (RACINE / "corpus/synonymes.toml").read_text(encoding="utf-8"))
    textes = [f.texte for f in fiches]
    entree = [str(RACINE / "docs/assets/javascripts/recherche-analyse.js"), mots, textes, sorted(MOTS_VIDES)]
    sortie = subprocess.run(
        [node, "-e", ANALYSER], input=json.dumps(entree), capture_output=True, text=True, timeout=300, check=True
    )
    seules, entiers = json.loads(sortie.stdout)
    assert len(set(mots)) > 4000
    assert {m: r for m, r in zip(mots, seules, strict=True) if r != " ".join(racines(m))} == {}
    assert [i for i, t in enumerate(textes) if entiers[i] != " ".join(racines(t))] == []


TROUVER = """
const fs = require("fs");
const vm = require("vm");
const [fichier, lignes] = JSON.parse(fs.readFileSync(0, "utf8"));
vm.runInThisContext(fs.readFileSync(fichier, "utf8"));
const R = globalThis.RechercheAnalyse;
const A = R.creer([]);
const trouves = lignes.map(([texte, arret]) => {
  for (const m of R.trouverMots(texte)) if (m.index >= arret) break;  // a loop left midway
  return [Array.from(R.trouverMots(texte), (m) => [m[0], m.index]), A.motsDe(texte)];
});
const globales = Object.keys(R).filter((k) => R[k] instanceof RegExp && R[k].global);
process.stdout.write(JSON.stringify([trouves, globales]));
"""


@pytest.mark.parametrize(
    "texte, arret",
    [
        ("Loi 83.1 : l'arbitre", 4),
        ("œuvre d'un joueur_fautif, 12C1(e)", 2),
        ("  renonce   établie ", 3),
        ("", 0),
        ("« » ; —", 0),
    ],
)
def test_les_mots_du_site_sont_ceux_du_python_meme_apres_une_boucle_arretee(texte: str, arret: int) -> None:
    """recherche-analyse.js shares no /g expression (its lastIndex would carry a loop left midway
    into the next one): trouverMots gives re.finditer(MOT)'s words and places, motsDe re.findall's."""
    import re
    import subprocess

    from indexer.recherche.analyse import MOT

    try:
        node = moteur_site.node()
    except FileNotFoundError:
        pytest.skip("node absent du PATH")
    entree = [str(RACINE / "docs/assets/javascripts/recherche-analyse.js"), [[texte, arret]] * 2]
    sortie = subprocess.run(
        [node, "-e", TROUVER], input=json.dumps(entree), capture_output=True, text=True, timeout=60, check=True
    )
    trouves, globales = json.loads(sortie.stdout)
    attendu = [[[t.group(), t.start()] for t in re.finditer(MOT, texte)], re.findall(MOT, texte)]
    assert trouves == [attendu, attendu] and globales == []
