"""corpus/synonymes.toml: a faulty entry stops the build with its line (never letters read
as expressions, never « index illisible »), and the project's file keeps its promises."""

from __future__ import annotations

from collections import Counter

import pytest

from indexer.build import synonymes
from indexer.recherche.analyse import racines
from indexer.recherche.requete import SynonymesInvalides, analyser_synonymes

MAUVAIS = [
    ('[[groupe]\nexpressions = ["a", "b"]\n', "synonymes.toml, ligne 1, colonne 9 : TOML illisible"),
    ('[[groupe]]\nexpressions = "renonce, revoke"\n', "ligne 1 : « expressions » doit être une liste"),
    ('[[groupe]]\nexpressions = ["renonce"]\n', "ligne 1 : « expressions » doit être une liste d'au moins deux"),
    ('[[groupe]]\nexpressions = ["renonce", "revoke"]\n\n[[groupe]]\nexpressions = ["alternative logique", "LA"]\n',
     "ligne 4 : « LA » n'a que des mots vides"),
    ('[[groupe]]\nexpressions = ["renonce", "revoke"]\nlois = [61, 94]\n', "ligne 1 : « lois » doit être une liste"),
    ('[[groupe]]\nexpressions = ["renonce", "revoke"]\nlois = ["61"]\n', "ligne 1 : « lois »"),
    ('[synonymes]\nmots = ["a"]\n', "table inconnue « synonymes »"),
    ('[[groupe]]\nexpressions = ["impossible", "ne peut pas jouer"]\n\n[conversation]\nmots = ["peut"]\n',
     "ligne 1 : « ne peut pas jouer » contient « peut », un mot de la conversation"),
    ('[[groupe]]\nexpressions = ["simultané", "en même temps"]\n', "« en même temps » ne garde qu'un mot, « temp »"),
    ('[[groupe]]\nexpressions = ["renonce", "revoke"]\nmots = ["puis"]\n', "ligne 1 : champ inconnu « mots »"),
    ('[conversation]\nmots = "puis, peut"\n', "[conversation] mots doit être une liste"),
]  # fmt: skip


@pytest.mark.parametrize(("texte", "message"), MAUVAIS)
def test_une_entree_fautive_est_nommee_par_sa_ligne(texte: str, message: str) -> None:
    with pytest.raises(SynonymesInvalides) as erreur:
        analyser_synonymes(texte)
    assert message in str(erreur.value)
    assert erreur.value.code == 2


def test_un_fichier_juste_se_lit() -> None:
    lus = analyser_synonymes(
        '[[groupe]]\nexpressions = ["Renonce", "revoke", "pas fourni"]\nlois = [61]\n\n'
        '[conversation]\nmots = ["puis-je"]\n'
    )
    assert lus.groupes == ((("renonc",), ("revok",), ("pas", "fourn")),)
    assert lus.lois == (frozenset({61}),)
    assert lus.remplissage == frozenset({"puis"})


def test_le_fichier_du_projet() -> None:
    """It reads (every expression keeps a word, laws of the Code), and no group is written twice."""
    lus = synonymes()
    assert len(lus.groupes) >= 90
    doubles = [g for g, n in Counter(frozenset(g) for g in lus.groupes).items() if n > 1]
    assert doubles == []
    assert racines("LA") == []  # why « LA » (logical alternative) is not in the file
