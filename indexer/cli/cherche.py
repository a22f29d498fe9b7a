"""The search commands of ``loi``: cherche, exemples, definition, index.

Parses nothing itself (``indexer.cli.options`` does) and searches nothing itself
(``indexer.recherche.moteur`` does): it opens the index once per process, asks, and
prints — for a person (French, fitted to the terminal, colours on a TTY unless
``NO_COLOR``) or as JSON (``--json``).
"""

from __future__ import annotations

import functools
import gc
import re
from typing import TYPE_CHECKING

from indexer.cli import sortie
from indexer.cli.options import LIMITE_MAX
from indexer.cli.texte import plier
from indexer.editions import COURANTE, REMPLACEE
from indexer.errors import IndexIndisponible, LoiErreur, Sortie
from indexer.labels import Label, ecrite_comme_reference

if TYPE_CHECKING:
    from argparse import Namespace
    from typing import Any

    from indexer.recherche.moteur import Chercheur, Groupe, Passage, Reponse

_DEBUT, _FIN = "\x01", "\x02"  # highlight marks while wrapping (one column each)


@functools.cache
def chercheur() -> Chercheur:
    """The searcher of the shipped index, opened once per process (read-only); a missing or
    damaged index is reported with the command that rebuilds it (``dossier.message``).

    What opening loads (Whoosh's modules, the index's readers, the synonyms) lives as long as the
    searcher: the cyclic collector, which would find no garbage there, neither runs meanwhile nor
    walks it again (``gc.freeze``), at exit included: its passes took a fresh ``loi cherche`` a fifth of its time."""
    actif = gc.isenabled()
    gc.disable()
    try:
        from indexer.recherche.dossier import ouvrir_index
        from indexer.recherche.moteur import Chercheur

        ouvert = Chercheur(ouvrir_index())
    finally:
        if actif:
            gc.enable()
    gc.freeze()
    return ouvert


def oublier() -> None:
    """Close the searcher this process holds (the index is about to be rebuilt); what it held
    goes back to the collector."""
    if chercheur.cache_info().currsize:
        chercheur().fermer()
    chercheur.cache_clear()
    gc.unfreeze()


def executer(arguments: Namespace) -> int:
    from indexer.recherche.analyse import normaliser_requete

    texte = normaliser_requete(" ".join(arguments.texte))
    if not any(c.isalnum() for c in texte):
        exemple = {"definition": "mort", "index": "renonce", "exemples": "68C"}.get(arguments.commande, "renonce")
        raise LoiErreur(f"Requête vide : tapez des mots, par exemple « loi {arguments.commande} {exemple} ».")
    edition, types, pourquoi = (getattr(arguments, nom, None) for nom in ("edition", "types", "pourquoi"))
    seul = {"definition": ["definition"], "index": ["index"], "exemples": ["exemple"]}.get(arguments.commande)
    terme = arguments.commande in ("definition", "index")  # one entry per term, shown whole
    largeur = 2000 if terme else 2 * (sortie.largeur() - 8)
    label = _reference(texte) if arguments.commande == "exemples" else None
    if label is not None:
        reponse = _exemples(texte, label, edition)
    elif terme:  # every entry its words find, those of the term put first
        trouve = _chercher(texte, limite=LIMITE_MAX, types=seul, largeur=largeur)
        reponse = _terme_d_abord(trouve, arguments.limite, arguments.commande == "definition")
    else:
        reponse = _chercher(texte, limite=arguments.limite, edition=edition, types=seul or types, largeur=largeur)
    if pourquoi:
        from indexer.recherche.pourquoi import expliquer

        reponse = reponse._replace(groupes=expliquer(chercheur(), reponse, edition, types))
    if arguments.json:
        sortie.emettre(sortie.json_texte(en_json(reponse, bool(pourquoi))))
    else:
        style = sortie.styler(sortie.en_couleur(arguments.couleur))
        lignes = lignes_reponse(reponse, arguments.commande, style, sortie.largeur())
        sortie.emettre("".join(f"{ligne}\n" for ligne in lignes), pager=not arguments.sans_pager)
    return int(Sortie.TROUVE if reponse.groupes and not reponse.manque else Sortie.RIEN)


def _terme_d_abord(reponse: Reponse, limite: int, definition: bool) -> Reponse:
    """``loi definition`` and ``loi index``: the entries of the term asked first (« levée » showed « Levée de
    mieux » first, « déclaration » « Déclarant », « index attaque » « Impossibilité d'attaquer »). A ``definition``
    none bears the name of is said so by the interpretation, over the definitions its words appear in (exit
    code 1: « jeu hors tour » showed « Déclarant » as found); the index, a finding aid, shows its entries."""
    terme = reponse.interpretation if reponse.corrigee else reponse.requete  # « adversiare »: « adversaire »
    nom = _nom(terme)
    exacts = tuple(g for g in reponse.groupes if any(_nom(p.ref) == nom for p in g.passages))
    groupes = (*exacts, *(g for g in reponse.groupes if g not in exacts))[:limite]
    if definition and groupes and not exacts:
        interpretation = (
            f"aucune définition des sources ne porte le nom « {terme} » ; définitions où ces mots paraissent"
        )
        return reponse._replace(groupes=groupes, interpretation=interpretation, manque=True)
    return reponse._replace(groupes=groupes)


def _nom(terme: str) -> tuple[str, ...]:
    """A term as its words, to compare with a definition's: folded, without articles, a parenthesis
    (« Psychique (annonce) ») nor a plural mark (« les Levées » is « Levée »), never stemmed (« déclaration »
    and « déclarant » share their stem)."""
    from indexer.recherche.analyse import MOT, MOTS_VIDES, plier

    mots = re.findall(MOT, plier(re.sub(r"\([^)]*\)", " ", terme)))
    return tuple(m[:-1] if len(m) > 3 and m[-1] in "sx" else m for m in mots if m not in MOTS_VIDES)


def _reference(texte: str) -> Label | None:
    """``loi exemples``: the law a reference names; one the Code lacks (« 94 », « 068 ») is refused as ``loi voir``
    refuses it, never searched as words (« 100 » found « 100% » in another law's example)."""
    from indexer import lecture

    return lecture.label_lu(texte, "exemples") if ecrite_comme_reference(texte) else None


def _chercher(texte: str, **options: Any) -> Reponse:
    """Search; an index file that fails to decode mid-way is reported, never served."""
    try:
        return chercheur().chercher(texte, **options)
    except LoiErreur:
        raise
    except Exception as erreur:  # a damaged index file the checksums missed
        from indexer.recherche.dossier import message

        raise IndexIndisponible(message(erreur)) from erreur


def _exemples(texte: str, label: Label, edition: str | None) -> Reponse:
    """The worked examples of a law (``68C`` → law 68's)."""
    from indexer.recherche.moteur import Groupe, Reponse

    passages = chercheur().par_loi(label.loi, ["exemple"], edition)
    interpretation = f"exemples de la Loi {label.loi}"
    if label.parties:  # the examples that follow the paragraph's quote, when there are some
        rattaches = _rattaches(label)
        if any(p.ancre in rattaches for p in passages):
            passages = [p for p in passages if p.ancre in rattaches]
            interpretation = f"exemples de la {label}"
        else:
            interpretation += f" (aucun n'est rattaché à la {label})"
    if not passages:  # said of the law, not of words to change (« essayez d'autres mots »)
        aucun = f"le Guide ne donne aucun exemple{f' {edition}' if edition else ''} pour la Loi {label.loi}"
        return Reponse(texte, aucun, (), 0, manque=True)
    groupe = Groupe(label.loi, passages[0].titre, 0.0, tuple(passages))
    return Reponse(texte, interpretation, (groupe,), len(passages))


def _rattaches(label: Label) -> set[str]:
    """The anchors of the examples attached to a paragraph (as ``loi voir`` shows them)."""
    from indexer import lecture

    try:
        return {e["ancre"] for e in lecture.lire(label.compact(), None)["exemples"]}
    except LoiErreur:  # a paragraph no edition has: the law's examples will do
        return set()


VERSION_JSON = 3  # the shape of « loi cherche --json »; bumped when a field changes meaning (3: groups)


def en_json(reponse: Reponse, pourquoi: bool = False) -> dict[str, Any]:
    """The JSON contract: version, requete, interpretation, resultats — the groups the text
    output and the site show, in their order, each with its passages.

    A group is a law (``loi``, its ``titre``, the ``url`` of its page) or a document of its
    own (``loi`` null). A passage's ``extrait`` is plain text; ``surlignages`` are its
    highlighted spans as ``[debut, fin]`` character offsets. ``url`` is absolute when
    mkdocs.yml set ``site_url`` as the index was built, relative to the site's root otherwise. With ``pourquoi``,
    each passage also gives its ``pourquoi``: what scored it (``recherche.pourquoi``).
    """
    from indexer.recherche.dossier import adresse_site

    adresse = adresse_site(chercheur().ix.storage.folder)
    objet = {"version": VERSION_JSON} | _champs(reponse, "requete", "interpretation", "corrigee")
    return objet | {"resultats": [_groupe_json(groupe, adresse, pourquoi) for groupe in reponse.groupes]}


def _groupe_json(groupe: Groupe, adresse: str, pourquoi: bool) -> dict[str, Any]:
    passages = [_passage_json(p, adresse, pourquoi) for p in groupe.passages]
    return _champs(groupe, "loi", "titre", "score") | {"url": adresse + url_groupe(groupe), "passages": passages}


def _champs(objet: Any, *noms: str) -> dict[str, Any]:
    return {nom: getattr(objet, nom) for nom in noms}


def _passage_json(p: Passage, adresse: str, pourquoi: bool) -> dict[str, Any]:
    passage = _champs(p, "loi", "ref", "titre", "type", "edition", "score", "extrait")
    passage |= {"surlignages": [list(s) for s in p.marques], "url": adresse + p.url}
    return passage | ({"pourquoi": list(p.raisons)} if pourquoi else {})


def url_groupe(groupe: Groupe) -> str:
    """Where a group's heading leads: its law's page, or its only document."""
    if groupe.loi is not None:
        return f"lois/{groupe.loi}/index.html"  # opens from the zip too (issue 20)
    return groupe.passages[0].url if groupe.passages else ""


def entete(groupe: Groupe) -> str:
    """``Loi 68 — Revendication…`` for a law, the document's title otherwise."""
    if groupe.loi is None:
        return groupe.titre
    return f"Loi {groupe.loi} — {groupe.titre}" if groupe.titre else f"Loi {groupe.loi}"


def lignes_reponse(reponse: Reponse, commande: str, style: Any, largeur: int) -> list[str]:
    """The lines of an answer; highlights in colour, or unmarked in plain text (never « ** »)."""
    lignes = _avant(reponse, commande, style, largeur)
    if not reponse.groupes and reponse.manque:
        return [*lignes, _majuscule(reponse.interpretation) + "."]
    if not reponse.groupes:
        quoi = "exemple" if commande == "exemples" else "résultat"
        return [*lignes, f"Aucun {quoi} pour « {reponse.requete} » : essayez d'autres mots ou moins de mots."]
    debut, fin = style(_DEBUT, "surligne").split(_DEBUT)
    for rang, groupe in enumerate(reponse.groupes, 1):
        lignes += [style(ligne, "titre") for ligne in plier(f"{rang}. {entete(groupe)}", largeur, "", "   ")]
        for p in groupe.passages:
            lignes += _lignes_passage(p, style, largeur, (debut, fin))
    if commande == "cherche" and reponse.total > sum(len(g.passages) for g in reponse.groupes):
        lignes += plier(f"({reponse.total} passages trouvés ; --limite N pour voir plus de lois.)", largeur, "", "")
    return lignes


def _avant(reponse: Reponse, commande: str, style: Any, largeur: int) -> list[str]:
    """What is said before the results: how the query was read, and of what the results are."""
    lignes = []
    if reponse.syntaxe_ignoree:
        lignes.append("Guillemets non appariés : recherche des mots sans phrase exacte.")
    if commande in ("definition", "index") and (ancienne := _ancienne(reponse)):
        # The site's warning over these pages: the sources give them in the 2007 Code only.
        lignes += plier(f"Texte du Code {ancienne}{REMPLACEE}", largeur, "", "")
    if reponse.corrigee and not reponse.manque:
        lignes.append(style(f"Résultats pour : {reponse.interpretation}", "titre"))
    elif commande in ("exemples", "definition") and reponse.groupes and reponse.interpretation != reponse.requete:
        # Which these are: « exemples de la Loi 68 (aucun n'est rattaché à la Loi 68C) », « aucune définition… ».
        lignes += [style(ligne, "titre") for ligne in plier(_majuscule(reponse.interpretation) + " :", largeur, "", "")]
    return lignes


def _ancienne(reponse: Reponse) -> str | None:
    """The one edition of every passage of an answer, when it is not the current one."""
    editions = {p.edition for groupe in reponse.groupes for p in groupe.passages}
    return editions.pop() if len(editions) == 1 and COURANTE not in editions else None


def _lignes_passage(p: Passage, style: Any, largeur: int, surligne: tuple[str, str]) -> list[str]:
    from indexer.recherche.extraits import marquer

    genre = "" if p.type == "loi" else f", {p.type}"
    ref = f"{p.ref} ({p.edition}{genre})"
    if len(ref) + 3 <= largeur:
        lignes = ["   " + style(p.ref, "ref") + ref[len(p.ref) :]]
    else:
        lignes = plier(ref, largeur, "   ", "      ")
    texte = marquer(p.extrait, p.marques, _DEBUT, _FIN)
    lignes += [
        ligne.replace(_DEBUT, surligne[0]).replace(_FIN, surligne[1])
        for ligne in plier(texte, largeur - 6, "      ", "      ")
    ]
    for raison in p.raisons:
        lignes += plier(f"pourquoi : {raison}", largeur - 6, "      ", "        ", tirets=True)
    retrait = " " * max(0, min(6, largeur - len(p.url)))  # an address is never cut: less indent
    return [*lignes, retrait + style(p.url, "url")]


def _majuscule(texte: str) -> str:
    return texte[:1].upper() + texte[1:]
