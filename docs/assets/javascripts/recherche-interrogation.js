// La requête comprise devenue notes, comme indexer/recherche/interrogation.py la change en
// requête Whoosh : chaque concept, ses manières de le dire (le mot tapé, ses synonymes ; un
// terme ou une phrase), dans le texte et (plus lourd) dans le titre, la meilleure comptant et
// les autres départageant (MeilleurDe) ; -mot retire ses passages ; une loi citée donne une note
// constante à ses passages, plus au paragraphe cité. Là où Python construit la requête que
// Whoosh exécute, on calcule ici ses notes (recherche-disjonction.js), feuille par feuille
// dans le même ordre.
(function (module) {
  (globalThis.RechercheModules = globalThis.RechercheModules || []).push(module);
  globalThis[module.name] = module(globalThis);
})(function RechercheInterrogation(g) {
  "use strict";

  const D = g.RechercheDisjonction;
  const CHAMPS = ["texte", "titre"];

  // R : les réglages (pour_site.reglages) ; N : les notes de l'index (D.noter) ; syn : les
  // synonymes (et les passages qui disent chaque expression, index.phrases) ; docs : les
  // documents (loi, refs) ; C : citation.js ; frequent(racine) : dans plus de R.frequent des textes.
  function creer(R, N, syn, docs, C, frequent) {
    const P = R.poids;
    const dites = {};
    for (const champ of CHAMPS) {
      dites[champ] = new Map(syn.phrases[champ].map(([expression, passages]) => [expression, passages]));
    }

    // interrogation._phrase : une expression des synonymes lit ses passages ; une autre, mot à mot.
    function _phrase(champ, racines, slop, boost, avecSyn) {
      const passages = avecSyn && slop === R.slop_synonyme ? dites[champ].get(racines.join(" ")) : undefined;
      const notes = passages !== undefined ? N.phraseDite(champ, racines, passages) : N.phrase(champ, racines, slop);
      return D.booster(notes, boost);
    }

    // interrogation._variante : une manière de dire le concept, une feuille par champ ; une
    // racine trop fréquente, dans le titre seulement. Une feuille qui ne trouve rien garde sa
    // place (NullQuery) : les sommes se font dans le même ordre.
    function _variante(racines, slop, boost, avecSyn) {
      const boosts = { texte: boost, titre: boost * P.titre };
      if (racines.length === 1) {
        const champs = avecSyn && frequent(racines[0]) ? ["titre"] : CHAMPS;
        return champs.map((c) => D.booster(N.terme(c, racines[0]), boosts[c]));
      }
      return CHAMPS.map((c) => _phrase(c, racines, slop, boosts[c], avecSyn));
    }

    // interrogation.concept ; avecSyn faux pour un -mot (ni fréquence ni synonymes : construire).
    function concept(c, ecart, avecSyn) {
      const slop = c.phrase && !c.synonyme ? 1 + ecart(c.mots) : R.slop_synonyme;
      const feuilles = [];
      c.variantes.forEach((v, rang) => feuilles.push(..._variante(v, slop, rang === 0 ? 1.0 : P.synonyme, avecSyn)));
      return feuilles.length === 1 ? feuilles[0] : D.meilleurDe(feuilles, P.departage);
    }

    // interrogation.citations : tous les passages d'une loi citée ; le paragraphe cité en plus.
    function citations(requete) {
      const requetes = [];
      for (const label of requete.refs) {
        requetes.push(new Map(docs.filter((d) => d.loi === label.loi).map((d) => [d.n, R.citation])));
        if (label.parties.length) {
          const chemin = C.compacte(label).toLowerCase();
          requetes.push(new Map(docs.filter((d) => d.refs.includes(chemin)).map((d) => [d.n, R.sous_paragraphe])));
        }
      }
      return requetes;
    }

    // interrogation.construire, exécutée : Map document → note ; null quand rien n'est à chercher.
    function construire(requete, ecart) {
      const positives = requete.concepts.filter((c) => !c.exclu).map((c) => concept(c, ecart, true));
      positives.push(...citations(requete));
      if (!positives.length) return null;
      const resultat = D.ou(positives);
      for (const c of requete.concepts) {
        if (c.exclu) for (const doc of concept(c, ecart, false).keys()) resultat.delete(doc);
      }
      return resultat;
    }

    return { concept, citations, construire };
  }

  return { creer };
});
