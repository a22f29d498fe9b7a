"""What a director typed, understood: words, quoted phrases, law numbers, synonyms.

Pure functions over the analyzer (no index): ``comprendre("le mort a vu une renonce", syn)``,
``syn`` being ``corpus/synonymes.toml`` read by ``analyser_synonymes``, gives one ``Concept``
per idea, each with the stem sequences that express it — the words typed first, then their
synonyms — plus the law numbers typed (``68``, ``16B``) and those the synonyms hint at.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from indexer.errors import LoiErreur
from indexer.labels import LABEL, PREFIXES_LOI, Label, parse_label
from indexer.recherche.analyse import MOT, MOTS_VIDES, normaliser_requete, plier, racines

# A number followed by one of these is a count, not a law: « 3 levées », « 2 cartes »,
# « 3 passes », « 10 secondes », « 60 pour cent ». The site's engine reads this very
# pattern (``pour_site.reglages``): JS and Python regular expressions agree on it.
UNITES = (
    r"^(lev[ée]es?|plis?|points?|cartes?|tours?|fois|minutes?|secondes?|heures?|tables?|donnes?|"
    r"[ée]tuis?|joueurs?|paires?|[ée]quipes?|atouts?|passes?|pour|pourcent|percent|%|e|eme|[èe]me|"
    r"sa|sans|sans-atout|piques?|c(?:oe|œ)urs?|carreaux?|tr[èe]fles?|spades?|hearts?|diamonds?|clubs?|nt)$"
)


# « n° », folded (« nº » folds to « no »): after « loi » it numbers the law (« loi n° 12 »), else a board.
NUMERO_DE = ("n°", "no")
# A number after one of these names a board or a table, not a law: « étui 12 », « table 7 ».
NUMEROTES = rf"^(etuis?|boards?|donnes?|tables?|numeros?|{'|'.join(NUMERO_DE)})$"
# A bare number after one of these is a card or a count: « son 10 », « un 4 » (« le 12C1 » cites).
DETERMINANTS = ("le", "un", "son", "mon", "ton", "leur", "ce", "du", "au")
# Between a number and its unit, « 7 de cœur », « 3 de plus » (folded).
LIAISONS = ("de", "d", "du")


def compte(mot: str, avant: str, apres: str, ensuite: str) -> bool:
    """True when ``mot``, a number between these folded words, counts or numbers something
    (« 3 passes », « étui 12 », « son 10 », « 7 de cœur », « 60 40 ») rather than citing a law."""
    # re.match compiles on first use (and keeps it): most queries cite no number.
    if re.match(UNITES, apres) or re.match(NUMEROTES, avant) or apres.isdigit() or avant.isdigit():
        return True
    return (mot.isdigit() and avant in DETERMINANTS) or (apres in LIAISONS and re.match(UNITES, ensuite) is not None)


def est_citation(mot: str) -> bool:
    """One query word that cites a law alone (« 68 », « 16B », « 12C1e », « 80B2(k) », « 40B2(a)(i) »),
    in the citation grammar's own shape, as the site's engine reads it (``citation.js``, ``estMot``)."""
    return LABEL.fullmatch(mot) is not None


# Named tuples, not dataclasses: CONTRIBUTING.md, « Démarrage rapide ».


class Concept(NamedTuple):
    """One idea of the query and the stem sequences that say it, as typed first."""

    mots: tuple[str, ...]  # the words as typed (after normalisation)
    variantes: tuple[tuple[str, ...], ...]  # stem sequences; [0] is the typed one
    phrase: bool = False  # quoted by the user: match the words in order
    exclu: bool = False  # "-mot": documents with it are left out
    synonyme: bool = False  # variantes[1:] come from corpus/synonymes.toml


class Requete(NamedTuple):
    """A query understood: its concepts, the laws it names and those its words evoke."""

    texte: str
    concepts: tuple[Concept, ...]
    refs: tuple[Label, ...] = ()
    lois_evoquees: frozenset[int] = frozenset()
    syntaxe_ignoree: bool = False  # unbalanced quotes: searched as plain words


class Synonymes(NamedTuple):
    """Synonym groups by their stem sequences, the laws each group hints at, the filler stems."""

    groupes: tuple[tuple[tuple[str, ...], ...], ...]  # per group: its expressions as stems
    lois: tuple[frozenset[int], ...]  # per group
    # each stem → the expressions that hold it, longest first: a query says an expression
    # when its stems stand side by side in any order (``_morceau``)
    par_mot: dict[str, tuple[tuple[tuple[str, ...], frozenset[int]], ...]]
    remplissage: frozenset[str] = frozenset()  # stems of conversational filler, kept out of scoring
    # field → the expressions no passage of this index says there (``index.steriles``),
    # known once the index is built (None: unknown)
    steriles: dict[str, frozenset[tuple[str, ...]]] | None = None
    # field → each other multi-word expression → the passages that say it there, as a
    # synonym is searched (``index.phrases``; None: unknown)
    phrases: dict[str, dict[tuple[str, ...], tuple[int, ...]]] | None = None


class SynonymesInvalides(LoiErreur):
    """The synonym file cannot be read: a French sentence naming its line."""


def analyser_synonymes(texte: str, nom: str = "synonymes.toml") -> Synonymes:
    """The synonyms of a file's text (see corpus/synonymes.toml for its format; ``build.synonymes``
    reads it); a faulty entry stops the build with its line, never a group silently read as letters."""
    import tomllib

    try:
        donnees = tomllib.loads(texte)
    except tomllib.TOMLDecodeError as erreur:  # its message is English: keep only the place
        position = re.search(r"line (\d+), column (\d+)", str(erreur))
        ou = f", ligne {position[1]}, colonne {position[2]}" if position else ""
        raise SynonymesInvalides(f"{nom}{ou} : TOML illisible (crochet, guillemet ou virgule manquant ?).") from None
    if inconnues := sorted(set(donnees) - {"groupe", "conversation"}):
        raise SynonymesInvalides(f"{nom} : table inconnue « {inconnues[0]} » (attendu : [[groupe]], [conversation]).")
    from indexer.corpus.correspondances import lignes_des_entrees

    remplissage = _remplissage(donnees.get("conversation", {}), nom)
    entetes = lignes_des_entrees(texte, "groupe")
    groupes: list[tuple[tuple[str, ...], ...]] = []
    lois: list[frozenset[int]] = []
    for rang, groupe in enumerate(donnees.get("groupe", [])):
        lieu = f"{nom}, ligne {entetes[rang] if rang < len(entetes) else '?'}"
        analysees = _expressions_de(groupe, lieu)
        for ecrite, etapes in analysees:
            if perdus := [r for r in etapes if r in remplissage]:  # the query loses them before synonyms are looked for
                raise SynonymesInvalides(
                    f"{lieu} : « {ecrite} » contient « {perdus[0]} », un mot de la "
                    "conversation que la requête perd : elle ne serait jamais reconnue."
                )
        groupes.append(tuple(dict.fromkeys(etapes for _, etapes in analysees)))
        lois.append(frozenset(groupe.get("lois", [])))
    return Synonymes(tuple(groupes), tuple(lois), _par_mot(groupes), remplissage)


def _remplissage(conversation: object, nom: str) -> frozenset[str]:
    """The stems of the conversation's words (« puis-je », « doit-il »), kept out of queries."""
    mots = conversation.get("mots", []) if isinstance(conversation, dict) and set(conversation) <= {"mots"} else None
    if not isinstance(mots, list) or not all(isinstance(m, str) for m in mots):
        raise SynonymesInvalides(f"{nom} : [conversation] mots doit être une liste de mots entre guillemets.")
    return frozenset(r for mot in mots for r in racines(mot))


def _expressions_de(groupe: object, lieu: str) -> list[tuple[str, tuple[str, ...]]]:
    """A group's expressions as written, each with its stems, checked: two or more texts
    that each keep a word once stop words are out, and law numbers of the Code."""
    if not isinstance(groupe, dict):
        raise SynonymesInvalides(f"{lieu} : entrée illisible.")
    # « mots = […] » strayed under a group, a misspelt « expression »…
    if inconnues := sorted(set(groupe) - {"expressions", "lois"}):
        raise SynonymesInvalides(f"{lieu} : champ inconnu « {inconnues[0]} » (attendu : expressions, lois).")
    expressions = groupe.get("expressions")
    if not isinstance(expressions, list) or len(expressions) < 2 or not all(isinstance(e, str) for e in expressions):
        raise SynonymesInvalides(
            f"{lieu} : « expressions » doit être une liste d'au moins deux textes entre guillemets."
        )
    analysees = [(e, tuple(racines(e))) for e in expressions]
    if vides := [e for e, etapes in analysees if not etapes]:
        raise SynonymesInvalides(f"{lieu} : « {vides[0]} » n'a que des mots vides ; elle ne trouverait rien.")
    # « en même temps » searched « temps » alone, « le reste » any « reste »
    if reduites := [(e, etapes[0]) for e, etapes in analysees if len(e.split()) > 1 and len(etapes) == 1]:
        raise SynonymesInvalides(
            f"{lieu} : « {reduites[0][0]} » ne garde qu'un mot, « {reduites[0][1]} », une "
            "fois les mots vides ôtés : écrivez ce mot seul, ou une expression qui en garde deux."
        )
    lois = groupe.get("lois", [])
    if not isinstance(lois, list) or not all(isinstance(n, int) and 1 <= n <= 93 for n in lois):
        raise SynonymesInvalides(f"{lieu} : « lois » doit être une liste de numéros de loi (1 à 93).")
    return analysees


def _par_mot(
    groupes: list[tuple[tuple[str, ...], ...]],
) -> dict[str, tuple[tuple[tuple[str, ...], frozenset[int]], ...]]:
    membres: dict[tuple[str, ...], set[int]] = {}
    for rang, expressions in enumerate(groupes):
        for expression in expressions:
            membres.setdefault(expression, set()).add(rang)
    par_mot: dict[str, list[tuple[tuple[str, ...], frozenset[int]]]] = {}
    for expression, rangs in membres.items():
        for racine in dict.fromkeys(expression):
            par_mot.setdefault(racine, []).append((expression, frozenset(rangs)))
    return {t: tuple(sorted(v, key=lambda x: -len(x[0]))) for t, v in par_mot.items()}


def _prefixe(mots: list[str], i: int) -> int:
    """How many words before ``mots[i]`` announce a law: one in « loi 12 », two in « loi n° 12 », else none."""
    avant = [plier(m).rstrip(".") for m in mots[max(0, i - 2) : i]]
    if avant and avant[-1] in PREFIXES_LOI:
        return 1
    return 2 if len(avant) == 2 and avant[0] in PREFIXES_LOI and avant[1] in NUMERO_DE else 0


def _citation(mots: list[str], i: int) -> tuple[Label | None, int]:
    """The law ``mots[i]`` cites, and how many words before it announce it (``_prefixe``)."""
    mot = mots[i]
    if not est_citation(mot):
        return None, 0
    apres, ensuite = (plier(mots[j]) if j < len(mots) else "" for j in (i + 1, i + 2))
    avant = plier(mots[i - 1]).rstrip(".") if i > 0 else ""
    prefixe = _prefixe(mots, i)
    if not prefixe and (not mot[0].isdigit() or compte(mot, avant, apres, ensuite)):
        return None, 0
    return parse_label(mot), prefixe


def _mots_et_refs(libres: list[str]) -> tuple[list[tuple[str, bool]], list[Label]]:
    """Words of the unquoted texts, the scaffolding of a question out, each with its exclusion
    flag, and the laws cited."""
    refs: list[Label] = []
    mots: list[tuple[str, bool]] = []
    for libre in libres:
        jetons = _QUESTION.sub(" ", libre).split()
        nus, longueurs = [j.strip(".,;:!?()[]") for j in jetons], []  # len(mots) before each token
        for i, jeton in enumerate(jetons):
            longueurs.append(len(mots))
            label, prefixe = _citation(nus, i)
            if label is not None:
                refs.append(label)
                del mots[longueurs[i - prefixe] :]  # « loi », « n° » before the number say nothing more
                continue
            exclu = jeton.startswith("-") and len(jeton) > 1
            mots.extend((m, exclu) for m in re.findall(MOT, nus[i]))
    return mots, refs


def _concepts_libres(mots: list[tuple[str, bool]], syn: Synonymes) -> list[Concept]:
    """Words to concepts: at each word, the longest synonym expression starting there.

    Conversational filler (« puis-je », « est-ce que ») is dropped first: it says nothing
    of the situation. A multi-word expression (« entame hors tour ») becomes a phrase concept *and* its
    words stay concepts of their own, so that a paragraph saying « l'entame a été faite
    hors de son tour » still matches, with the phrase as a bonus when it is there.
    """
    nies = _nies(mots)
    pleins = [
        (m, e, r[0], n)
        for (m, e), n in zip(mots, nies, strict=True)
        if (r := racines(m)) and (e or r[0] not in syn.remplissage)
    ]
    concepts: list[Concept] = []
    for i, (mot, exclu, racine, nie) in enumerate(pleins):
        trouves = [] if exclu else _expressions(pleins, i, syn)
        if nie:  # « sans faire exprès », « pas exprès »: not the intent the 72 group names
            trouves = [t for t in trouves if not any(syn.lois[r] for r in t[1])]
        if not any(len(e) == 1 for e, _, _ in trouves):
            concepts.append(Concept((mot,), ((racine,),), exclu=exclu))
        for expression, rangs, tapes in trouves:
            autres = [e for r in sorted(rangs) for e in syn.groupes[r] if e != expression]
            variantes = (expression, *dict.fromkeys(autres))
            concepts.append(Concept(tapes, variantes, phrase=len(expression) > 1, synonyme=True))
    return concepts


# A word right after one of these (one or two words on) is negated: « sans faire exprès »,
# « pas exprès », « jamais alerté ». The site's engine reads this list (``pour_site.reglages``).
NEGATIONS = ("sans", "pas", "jamais")


def _nies(mots: list[tuple[str, bool]]) -> list[bool]:
    """Per word, whether a negation precedes it by one or two words (stop words counted)."""
    plies = [plier(m) for m, _ in mots]
    return [any(p in NEGATIONS for p in plies[max(0, j - 2) : j]) for j in range(len(plies))]


def _expressions(
    pleins: list[tuple[str, bool, str, bool]], i: int, syn: Synonymes
) -> list[tuple[tuple[str, ...], frozenset[int], tuple[str, ...]]]:
    """The synonym expressions starting at word ``i`` (the longest, then a one-word one),
    each with the words typed for it."""
    trouves: list[tuple[tuple[str, ...], frozenset[int], tuple[str, ...]]] = []
    for expression, rangs in syn.par_mot.get(pleins[i][2], ()):  # longest first
        morceau = _morceau(pleins, i, expression)
        if morceau and not any(p[1] for p in morceau) and (not trouves or len(expression) == 1):
            trouves.append((expression, rangs, tuple(p[0] for p in morceau)))
    return trouves[::-1]  # the one-word expression first, then the phrase


def _morceau(
    pleins: list[tuple[str, bool, str, bool]], i: int, expression: tuple[str, ...]
) -> list[tuple[str, bool, str, bool]] | None:
    """The words from word ``i`` on that say ``expression``: its stems in any order (« carte
    jouée », « jouer la carte » ; « le déclarant a commencé par le mort », « partir du mort »),
    side by side once stop words are out, word ``i`` among them; or None. A lower-case « est »
    the expression does not hold is passed over: « la renonce est consommée » says « renonce
    consommée » (« Est », the player, is not passed over). A window of one more word, or the
    passages' side in any order too, lost on the folds of tests/eval (issue 19)."""
    reste = list(expression)
    morceau: list[tuple[str, bool, str, bool]] = []
    for plein in pleins[i:]:
        if plein[2] in reste:
            reste.remove(plein[2])
            morceau.append(plein)
        elif not (morceau and plein[0] == "est"):
            return None
        if not reste:
            return morceau
    return None


def groupes_de(syn: Synonymes, expression: tuple[str, ...]) -> frozenset[int]:
    """The ranks of the synonym groups that hold ``expression``."""
    return next((rangs for e, rangs in syn.par_mot.get(expression[0], ()) if e == expression), frozenset())


# The scaffolding of a question, taken out before the words are read: « est-ce que » (« est »
# alone stays: East), « faut-il » (« faut » is the stem of « faute »), « ai-je le droit de »
# (« droit » alone is the law's: droits du mort, droit d'appel). Letters spelt out rather than
# ``\b``, and no flag but the case: the site's engine compiles this very pattern (``pour_site.reglages``).
_LETTRE = "0-9A-Za-zÀ-ÖØ-öø-ÿŒœ_"
_DROIT = "(?:ai-je|as-tu|a-t-il|a-t-elle|a-t-on|avons-nous|avez-vous|ont-ils) le droit d"
QUESTION = rf"(?<![{_LETTRE}])(?:(?:est-ce|faut-il|il faut|{_DROIT}e)(?![{_LETTRE}])|{_DROIT}')"
_QUESTION = re.compile(QUESTION, re.IGNORECASE)


def comprendre(texte: str, syn: Synonymes) -> Requete:
    propre = normaliser_requete(texte)
    # A query that is one citation and nothing more (« loi 68 C », « Loi n° 68 ») is read whole, by the
    # grammar ``loi voir`` reads, as the one word 68C: not as the words loi, 68 and C.
    if (citation := parse_label(propre)) is not None:
        propre = citation.compact()
    ignoree = propre.count('"') % 2 == 1  # unbalanced quotes are dropped: a plain search
    morceaux = [propre.replace('"', " ")] if ignoree else propre.split('"')  # quoted phrases at odd ranks
    mots, refs = _mots_et_refs(morceaux[0::2])
    concepts = _concepts_libres(mots, syn)
    for phrase in morceaux[1::2]:
        if racines_phrase := tuple(racines(phrase)):
            concepts.append(Concept(tuple(re.findall(MOT, phrase)), (racines_phrase,), phrase=True))
    return Requete(
        texte=propre,
        concepts=tuple(concepts),
        refs=tuple(dict.fromkeys(refs)),
        lois_evoquees=frozenset(
            n for c in concepts if c.synonyme for r in groupes_de(syn, c.variantes[0]) for n in syn.lois[r]
        ),
        syntaxe_ignoree=ignoree,
    )


def ecart(mots: tuple[str, ...]) -> int:
    """How many stop words a phrase skips: the slop its stems need to match in order."""
    return sum(1 for m in mots if plier(m) in MOTS_VIDES)
