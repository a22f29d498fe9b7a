"""Search on a small hand-built corpus: synonyms, typos, ranking by law, the index on disk."""

from __future__ import annotations

import marshal
import shutil
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from conftest_recherche import UNITES, construire_index

from indexer.build import synonymes
from indexer.errors import IndexIndisponible
from indexer.recherche import dossier as dossier_
from indexer.recherche import index, requete
from indexer.recherche.moteur import Chercheur, marquer


@pytest.fixture(scope="module")
def chercheur(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Chercheur]:
    dossier = construire_index(tmp_path_factory.mktemp("index"))
    ouvert = Chercheur(index.ouvrir(dossier))
    yield ouvert
    ouvert.fermer()


@cache
def _synonymes() -> requete.Synonymes:
    return synonymes()


def comprendre(texte: str) -> requete.Requete:
    """The query as the project's synonyms read it (those the shipped index is built with)."""
    return requete.comprendre(texte, _synonymes())


def lois(chercheur: Chercheur, texte: str, **options: object) -> list[int | None]:
    return [g.loi for g in chercheur.chercher(texte, **options).groupes]  # type: ignore[arg-type]


# --- Understanding the query --------------------------------------------------------


def test_synonymes_anglais() -> None:
    requete = comprendre("revoke")
    assert ("renonc",) in requete.concepts[0].variantes
    assert {61, 62, 63, 64} <= requete.lois_evoquees


@pytest.mark.parametrize(
    "texte, phrase",
    [("la renonce est consommée", ("renonce", "consommée")), ("renonce consommée", ("renonce", "consommée")),
     ("la renonce Est consommée", None), ("la renonce est bien consommée", None)],
)  # fmt: skip
def test_le_verbe_est_ne_coupe_pas_une_expression(texte: str, phrase: tuple[str, ...] | None) -> None:
    """« est » (the verb) between two words of an expression is passed over; « Est » (the player) is not."""
    phrases = [c.mots for c in comprendre(texte).concepts if c.phrase]
    assert phrases == ([phrase] if phrase else [])


# (query, a synonym expression as stems, whether the query says it). The words of an
# expression say it in any order, side by side once stop words are out.
@pytest.mark.parametrize("texte, expression, dite", [
    ("renonce consommée", ("renonc", "consomm"), True),
    ("consommée, la renonce ?", ("renonc", "consomm"), True),  # the other order
    ("la renonce a été consommée", ("renonc", "consomm"), True),  # « a été »: stop words
    ("renonce du mort consommée", ("renonc", "consomm"), False),  # « mort » stands between
    ("entame hors de son tour", ("entam", "hor", "tour"), True),
    ("hors tour, une entame", ("entam", "hor", "tour"), True),
    ("une entame, hors du tour", ("entam", "hor", "tour"), True),
    ("tour de l'entame hors", ("entam", "hor", "tour"), True),
    ("hors de son tour il a fait une entame", ("entam", "hor", "tour"), False),  # « fait » stands between
])  # fmt: skip
def test_une_expression_se_dit_dans_tout_ordre(texte: str, expression: tuple[str, ...], dite: bool) -> None:
    phrases = {tuple(sorted(c.variantes[0])) for c in comprendre(texte).concepts if c.phrase}
    assert (tuple(sorted(expression)) in phrases) == dite


def test_expression_et_ses_mots() -> None:
    """« entame hors de son tour »: the phrase concept and each word, stop words skipped."""
    requete = comprendre("entame hors de son tour")
    phrases = [c.variantes[0] for c in requete.concepts if c.phrase]
    assert ("entam", "hor", "tour") in phrases
    assert ("attaqu", "hor", "tour") in [v for c in requete.concepts for v in c.variantes]


@pytest.mark.parametrize(
    "texte, refs",
    [("68", ["68"]), ("loi 16B hésitation", ["16B"]), ("3 levées", []), ("2 coeurs", []),
     ("99", []), ("Loi 12C1", ["12C1"]), ("3 passes puis une enchère", []), ("10 secondes", []),
     ("60 pour cent", []), ("loi 10 secondes", ["10"]), ("étui 12 mal orienté", []), ("board 7", []),
     ("le 7 de cœur", []), ("60 40", []), ("voir 16 et 73", ["16", "73"]),
     ("il a posé son 10 sur la table", []), ("appliquer le 12C1", ["12C1"]), ("lois 12 et 13", ["12", "13"]),
     # a query that is one citation is read whole: « loi 68 C » is 68C, not law 68 and the word c
     ("loi 68 C", ["68C"]), ("Loi n° 68", ["68"]), ("12 C 1 E", ["12C1(e)"]), ("80B2(k)", ["80B2(k)"]),
     ("40b2(a)(i)", ["40B2(a)(i)"]), ("7 b", ["7B"]), ("6 8", []),
     # « n° » after « loi » numbers the law; alone, a board
     ("loi n° 12 marque ajustée", ["12"]), ("Loi nº 12C1 score", ["12C1"]), ("étui n° 12", []),
     ("n° 12 revendication", [])],
)  # fmt: skip
def test_numeros_de_loi(texte: str, refs: list[str]) -> None:
    assert [label.compact() for label in comprendre(texte).refs] == refs


# (query, whether its synonyms evoke Law 72, the intentional infraction): a negated expression
# does not fire its positive concept; the negative one (25A, « sans faire exprès ») names no law.
@pytest.mark.parametrize("texte, intention", [
    ("il a passé sans faire exprès", False),
    ("il ne l'a pas fait exprès", False),
    ("pas exprès", False),
    ("il a renoncé exprès", True),
    ("il a fait exprès de renoncer", True),
    ("sans hésitation, il a fait exprès", True),
])  # fmt: skip
def test_une_expression_niee_n_evoque_pas_sa_loi(texte: str, intention: bool) -> None:
    assert (72 in comprendre(texte).lois_evoquees) is intention


# (query, law evoked, law not evoked): « réclamer », « la table d'à côté » are resolved by their
# neighbours; alone, they evoke no law.
@pytest.mark.parametrize("texte, oui, non", [
    ("il a réclamé toutes les levées", 68, 92),
    ("il réclame le reste", 68, 92),
    ("déposer une réclamation contre la décision", 92, 68),
    ("on a joué l'étui destiné à la table d'à côté", 15, 16),
    ("il a entendu le résultat de la table d'à côté", 16, 15),
])  # fmt: skip
def test_un_homonyme_se_lit_selon_ses_voisins(texte: str, oui: int, non: int) -> None:
    lois = comprendre(texte).lois_evoquees
    assert oui in lois and non not in lois
    assert not comprendre("réclamation").lois_evoquees and not comprendre("la table d'à côté").lois_evoquees


# (query, the words it searches): a question's scaffolding weighs nothing; its meaning stays.
@pytest.mark.parametrize("texte, mots", [
    ("est-ce que je peux reprendre ma carte", ["reprendre", "carte"]),
    ("ai-je le droit de regarder la levée", ["regarder", "levée"]),
    ("a-t-il le droit d'appeler l'arbitre", ["appeler", "arbitre"]),
    ("faut-il appeler l'arbitre", ["appeler", "arbitre"]),
    ("pourquoi il a vraiment passé", ["passé"]),
    ("il a commis une faute", ["commis", "faute"]),
    ("les droits du mort", ["droits", "mort"]),
    ("Est a joué", ["Est", "joué"]),
])  # fmt: skip
def test_l_echafaudage_d_une_question_ne_pese_rien(texte: str, mots: list[str]) -> None:
    assert [c.mots[0] for c in comprendre(texte).concepts if len(c.mots) == 1] == mots


# (query, the law its table verb evokes): « commencer », « lâcher », « d'un coup », « pas demandée ».
@pytest.mark.parametrize("texte, loi", [
    ("il a commencé par le mort", 55),
    ("il a lâché la fin du coup", 68),
    ("il a joué deux cartes d'un coup", 58),
    ("le mort a sorti une carte qu'on ne lui avait pas demandée", 45),
])  # fmt: skip
def test_les_verbes_de_la_table(texte: str, loi: int) -> None:
    assert loi in comprendre(texte).lois_evoquees


def test_une_negation_garde_les_expressions_qui_la_disent() -> None:
    """« pas fourni » is itself the revoke's expression: said after « n'a », it still evokes 61."""
    assert 61 in comprendre("il n'a pas fourni à la couleur").lois_evoquees


def test_guillemets_non_apparies() -> None:
    requete = comprendre('carte "pénalisée')
    assert requete.syntaxe_ignoree
    assert not any(c.phrase and not c.synonyme for c in requete.concepts)


# --- Ranking --------------------------------------------------------------------------


def test_renonce_trouve_les_lois_de_la_renonce(chercheur: Chercheur) -> None:
    assert lois(chercheur, "renonce")[:2] == [61, 63]


def test_entree_d_index_compte_pour_sa_loi(chercheur: Chercheur) -> None:
    """« Renonce : lois 61 à 64. » (2007 alphabetical index) counts for law 61, not as a group."""
    groupes = chercheur.chercher("renonce").groupes
    assert None not in [g.loi for g in groupes]
    assert "index" in [p.type for p in groupes[0].passages] and groupes[0].titre == "Ne pas fournir à la couleur"
    seules = chercheur.chercher("renonce", types=["index"]).groupes  # « loi index »: the entries alone
    assert [(g.loi, g.passages[0].ref) for g in seules] == [(None, "Renonce")]


@pytest.mark.parametrize("texte", ["est-ce que le mort peut signaler une renonce ?",
                                   "le mort, puis-je signaler une renonce ? svp"])  # fmt: skip
def test_mots_de_conversation_hors_du_score(chercheur: Chercheur, texte: str) -> None:
    mots = {m for c in comprendre(texte).concepts for m in c.mots}
    assert not mots & {"est", "peut", "puis", "svp"} and {"mort", "renonce"} <= mots
    assert chercheur.chercher(texte).groupes == chercheur.chercher("le mort signaler une renonce").groupes


def test_requete_whoosh(chercheur: Chercheur) -> None:
    """Queries are Whoosh objects: synonyms in a DisjunctionMax, phrases with slop, -mot an AndNot."""
    from whoosh import query as q

    from indexer.recherche.interrogation import Poids, construire

    arbre = construire(comprendre('revoke "ligne de jeu" -mort'), Poids())
    assert isinstance(arbre, q.AndNot)
    assert {("texte", "renonc"), ("titre", "renonc")} <= set(arbre.all_terms())
    assert any(isinstance(n, q.DisjunctionMax) and n.tiebreak > 0 for n in _noeuds(arbre))
    assert any(isinstance(n, q.Phrase) and n.words == ["lign", "jeu"] and n.slop == 2 for n in _noeuds(arbre))


def _noeuds(arbre):  # type: ignore[no-untyped-def]
    yield arbre
    for enfant in arbre.children():
        yield from _noeuds(enfant)


def test_anglais(chercheur: Chercheur) -> None:
    assert lois(chercheur, "revoke")[0] in (61, 63)
    assert lois(chercheur, "insufficient bid")[0] == 27
    assert lois(chercheur, "dummy")[0] == 42


def test_situation(chercheur: Chercheur) -> None:
    assert lois(chercheur, "le mort a signalé une renonce")[0] == 42


def test_titre_et_texte_avant_citation(chercheur: Chercheur) -> None:
    """Law 12 cites « Loi 68 »; law 68, whose own text and title match, comes first."""
    classement = lois(chercheur, "revendication")
    assert classement.index(68) < classement.index(12) if 12 in classement else classement[0] in (68, 70)


def test_revendication_contestee(chercheur: Chercheur) -> None:
    assert lois(chercheur, "revendication contestée")[0] == 70


def test_numero_de_loi_booste(chercheur: Chercheur) -> None:
    assert lois(chercheur, "68")[0] == 68
    reponse = chercheur.chercher("16B")
    assert reponse.groupes[0].loi == 16 and reponse.groupes[0].passages[0].ref == "16B"
    assert lois(chercheur, "loi 27 arbitre")[0] == 27


def test_commentaire_compte_pour_sa_loi(chercheur: Chercheur) -> None:
    """« as » is only in a commentary of law 50: the law is found through it."""
    reponse = chercheur.chercher("l'as")
    assert reponse.groupes[0].loi == 50
    assert reponse.groupes[0].passages[0].type == "commentaire"


def test_phrase_exacte_et_exclusion(chercheur: Chercheur) -> None:
    assert lois(chercheur, '"carte pénalisée"') == [50]
    assert 42 not in lois(chercheur, "renonce -mort")


def test_editions_et_types(chercheur: Chercheur) -> None:
    reponse = chercheur.chercher("ligne de jeu", edition="2007")
    assert {p.edition for g in reponse.groupes for p in g.passages} == {"2007"}
    reponse = chercheur.chercher("enchère", types=["exemple"])
    assert {p.type for g in reponse.groupes for p in g.passages} == {"exemple"}


def test_deux_editions_du_meme_paragraphe(chercheur: Chercheur) -> None:
    passages = chercheur.chercher("ligne de jeu").groupes[0].passages
    assert {(p.ref, p.edition) for p in passages} >= {("68C", "2017"), ("68C", "2007")}


def test_extrait_surligne(chercheur: Chercheur) -> None:
    passage = chercheur.chercher("enchère insuffisante").groupes[0].passages[0]
    marque = marquer(passage.extrait, passage.marques, "[", "]")
    assert "[enchère] [insuffisante]" in marque
    assert passage.url.startswith("lois/27/index.html#")


def test_documents_annexes(chercheur: Chercheur) -> None:
    reponse = chercheur.chercher("mort", types=["definition"])
    assert reponse.groupes[0].loi is None and reponse.groupes[0].passages[0].ref == "Mort"


def test_exemples_d_une_loi(chercheur: Chercheur) -> None:
    assert [p.ref for p in chercheur.par_loi(70, ["exemple"])] == ["70 exemple 1"]
    assert chercheur.par_loi(16, ["exemple"]) == []


# --- Typos ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "tape, compris, loi",
    [("renonse", "renonce", 61), ("enchere insufisante", "enchère insuffisante", 27),
     ("revendiction contestee", "revendication contestée", 70)],
)  # fmt: skip
def test_fautes_de_frappe(chercheur: Chercheur, tape: str, compris: str, loi: int) -> None:
    reponse = chercheur.chercher(tape)
    assert reponse.corrigee and reponse.interpretation == compris
    assert reponse.groupes[0].loi == loi


def test_pas_de_correction_sans_faute(chercheur: Chercheur) -> None:
    reponse = chercheur.chercher("renonce")
    assert not reponse.corrigee and reponse.interpretation == "renonce"


@pytest.mark.parametrize(
    "texte", ["", "   ", "\x00\x01", '"', "((((", "*?", "zzzzzzzz", "é" * 5000, "loi 99", "-renonce"]
)
def test_entrees_hostiles(chercheur: Chercheur, texte: str) -> None:
    reponse = chercheur.chercher(texte)
    assert reponse.groupes == () or reponse.groupes[0].passages


# --- The index on disk ---------------------------------------------------------------


def test_index_complet_verifie(tmp_path: Path) -> None:
    dossier = construire_index(tmp_path)
    marqueur = dossier_.verifier(dossier)
    assert marqueur["documents"] == len(UNITES)
    assert not list(tmp_path.glob(".tmp-*"))  # the temporary folder is gone


@pytest.mark.parametrize(
    ("degat", "raison"),
    [
        ("tronque", "fichiers de l'index modifiés"),
        ("sans_marqueur", "marqueur COMPLET.json illisible : fichier ou dossier absent"),
        ("fichier_en_moins", "fichiers de l'index modifiés"),
        ("marqueur_faux", "marqueur COMPLET.json illisible : JSON invalide (ligne 1, colonne 2)"),
        ("absent", "index absent"),
    ],
)
def test_index_abime_refuse(tmp_path: Path, degat: str, raison: str) -> None:
    """A damaged or missing index is never served: opening it fails (the CLI says so, test_hostile)."""
    dossier = construire_index(tmp_path)
    segment = max((f for f in dossier.iterdir() if f.name != dossier_.MARQUEUR), key=lambda f: f.stat().st_size)
    if degat == "tronque":
        segment.write_bytes(segment.read_bytes()[: segment.stat().st_size // 2])
    elif degat == "sans_marqueur":
        (dossier / dossier_.MARQUEUR).unlink()
    elif degat == "fichier_en_moins":
        segment.unlink()
    elif degat == "absent":
        shutil.rmtree(dossier)
    else:
        (dossier / dossier_.MARQUEUR).write_text("{pas du json", "utf-8")
    with pytest.raises(dossier_.IndexCorrompu) as erreur:
        index.ouvrir(dossier)
    assert str(erreur.value) == raison  # French words: the reader's and the system's are English


@pytest.mark.parametrize("contenu", [b"pas du marshal", marshal.dumps((1, 2))])
def test_synonymes_abimes_sous_un_marqueur_juste(tmp_path: Path, contenu: bytes) -> None:
    """Synonyms that no longer read, or read in another shape (an index whose ``FORMAT`` was not
    bumped), even sealed by a marker that vouches for them: one French sentence, never a traceback."""
    dossier = construire_index(tmp_path)
    (dossier / dossier_.SYNONYMES).write_bytes(contenu)
    dossier_.ecrire_marqueur(dossier, len(UNITES), "", "")
    ouvert = index.ouvrir(dossier)
    with pytest.raises(IndexIndisponible, match="Index de recherche inutilisable .*synonymes illisibles"):
        Chercheur(ouvert)
    ouvert.close()


def test_reconstruction_remplace_l_index(tmp_path: Path) -> None:
    """A rebuild swaps the new folder in whole, over an old index or a dangling link."""
    cible = construire_index(tmp_path)
    index.installer(UNITES[:3], cible, synonymes())
    assert dossier_.verifier(cible)["documents"] == 3
    shutil.rmtree(cible)
    cible.symlink_to(tmp_path / "nulle-part")
    index.installer(UNITES, cible, synonymes()).joinpath(dossier_.MARQUEUR).is_file()
    assert not cible.is_symlink() and dossier_.verifier(cible)["documents"] == len(UNITES)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["index-fixture"]  # no temporary folder left


# --- The tie-break of a concept and its synonyms ---------------------------------------


def test_meilleur_de_applique_le_departage() -> None:
    """A passage scores its best variant plus ``tiebreak`` × the others, on its own document only."""
    from whoosh import query as q
    from whoosh.fields import ID, TEXT, Schema
    from whoosh.filedb.filestore import RamStorage

    from indexer.recherche.disjonction import MeilleurDe

    ix = RamStorage().create_index(Schema(cle=ID(stored=True), texte=TEXT()))
    with ix.writer() as w:
        for cle, texte in [("a", "renonce renonce"), ("ab", "renonce revoke"), ("b", "revoke"), ("c", "autre")]:
            w.add_document(cle=cle, texte=texte)
    with ix.searcher() as s:

        def scores(requete: q.Query) -> dict[str, float]:
            return {hit["cle"]: hit.score for hit in s.search(requete, limit=None)}

        seuls = [scores(q.Term("texte", m)) for m in ("renonce", "revoke")]
        for departage in (0.0, 0.3, 1.0):
            obtenus = scores(MeilleurDe([q.Term("texte", "renonce"), q.Term("texte", "revoke")], tiebreak=departage))
            assert set(obtenus) == {"a", "ab", "b"}
            assert obtenus["a"] == pytest.approx(seuls[0]["a"]) and obtenus["b"] == pytest.approx(seuls[1]["b"])
            haut, bas = sorted((seuls[0]["ab"], seuls[1]["ab"]), reverse=True)
            assert obtenus["ab"] == pytest.approx(haut + departage * bas)


def test_phrase_dite_note_comme_la_phrase() -> None:
    """A phrase read from the passages found at build scores as Whoosh's ``Phrase`` does, to the
    bit, boosted or not, words in between (slop) or not; no passage: no match."""
    from whoosh import query as q
    from whoosh.fields import ID, TEXT, Schema
    from whoosh.filedb.filestore import RamStorage

    from indexer.recherche.disjonction import PhraseDite

    textes = [
        ("a", "carte pénalisée majeure"),
        ("b", "la carte est pénalisée carte"),
        ("c", "pénalisée carte"),
        ("d", "carte carte carte majeure pénalisée"),
        ("e", "autre chose"),
    ]
    ix = RamStorage().create_index(Schema(cle=ID(stored=True), texte=TEXT()))
    with ix.writer() as w:
        for cle, texte in textes:
            w.add_document(cle=cle, texte=texte)
    with ix.searcher() as s:

        def scores(requete: q.Query) -> dict[str, float]:
            return {hit["cle"]: hit.score for hit in s.search(requete, limit=None)}

        for mots, slop, boost in [
            (["carte", "pénalisée"], 3, 1.0),
            (["carte", "pénalisée"], 1, 0.6),
            (["carte", "pénalisée", "majeure"], 3, 1.5),
        ]:
            phrase = q.Phrase("texte", mots, slop=slop, boost=boost)
            trouves = tuple(sorted(s.docs_for_query(phrase)))
            attendu = scores(phrase)
            assert attendu and set(attendu) < {"a", "b", "c", "d"}
            assert scores(PhraseDite("texte", mots, trouves, slop, boost)) == attendu  # exact floats
        assert scores(PhraseDite("texte", ["carte", "pénalisée"], (), 3)) == {}


def test_synonymes_analyses_avec_l_index(chercheur: Chercheur) -> None:
    """The synonyms are analysed once, at build, and read back as they are by a searcher."""
    assert chercheur.synonymes._replace(steriles=None, phrases=None) == synonymes()
    assert set(chercheur.synonymes.steriles) == set(chercheur.synonymes.phrases) == {"texte", "titre"}
    assert ("revok",) in chercheur.synonymes.steriles["texte"]  # English: no French text says it
    dites = chercheur.synonymes.phrases["texte"]
    assert dites and all(len(e) > 1 and list(docs) == sorted(set(docs)) for e, docs in dites.items())
    assert not set(dites) & chercheur.synonymes.steriles["texte"]  # said, or never said: not both
    assert (Path(chercheur.ix.storage.folder) / dossier_.SYNONYMES).is_file()
