// La requête comprise devenue notes, comme indexer/recherche/interrogation.py la change en
// requête Whoosh : ses fonctions, dans son ordre et sous ses noms. Chaque concept, ses manières
// de le dire (le mot tapé, ses synonymes ; un terme ou une phrase), dans le texte et (plus
// lourd) dans le titre, la meilleure comptant et les autres départageant (MeilleurDe) ; -mot
// retire ses passages ; une loi citée donne une note constante à ses passages, plus au
// paragraphe cité. Là où Python construit la requête que Whoosh exécute, on calcule ici ses
// notes (recherche-disjonction.js), feuille par feuille dans le même ordre. Les poids (Poids)
// et les constantes viennent des données (pour_site.reglages).
(function (module) {
  (globalThis.RechercheModules = globalThis.RechercheModules || []).push(module);
  globalThis[module.name] = module(globalThis);
})(function RechercheInterrogation(g) {
  "use strict";

  const D = g.RechercheDisjonction;
  const CHAMPS = ["texte", "titre"];
  const jamais = () => false;

  // R : les réglages ; N : les notes de l'index (D.noter) ; docs : les documents (loi, refs) ;
  // C : citation.js ; ecart : requete.ecart (recherche-requete.js).
  function creer(R, N, docs, C, ecart) {
    const P = R.poids;

    // Une suite de racines dans un champ ; celle d'un synonyme lit les passages trouvés à la
    // construction de l'index (index.phrases, disjonction.PhraseDite) : mêmes passages, mêmes notes.
    function _phrase(champ, racines, slop, boost, syn) {
      const passages = slop === R.slop_synonyme && syn ? syn.phrases[champ].get(racines.join(" ")) : undefined;
      const notes = passages !== undefined ? N.phraseDite(champ, racines, passages) : N.phrase(champ, racines, slop);
      return D.booster(notes, boost);
    }

    // Une manière de dire un concept, une feuille par champ ; une racine trop fréquente, dans le
    // titre seulement. Une feuille qui ne trouve rien garde sa place (NullQuery) : les sommes se
    // font dans le même ordre.
    function _variante(racines, slop, boost, frequent, syn) {
      const boosts = { texte: boost, titre: boost * P.titre };
      const champs = racines.length === 1 && frequent(racines[0]) ? ["titre"] : CHAMPS;
      const feuille = (c) => (racines.length === 1 ? D.booster(N.terme(c, racines[0]), boosts[c])
        : _phrase(c, racines, slop, boosts[c], syn));
      return champs.map(feuille);
    }

    // Un concept et ses synonymes : la meilleure manière compte, les autres départagent.
    function concept(c, frequent = jamais, syn = null) {
      const slop = c.phrase && !c.synonyme ? 1 + ecart(c.mots) : R.slop_synonyme;
      const boost = (rang) => (rang === 0 ? 1.0 : P.synonyme);
      const feuilles = c.variantes.flatMap((v, rang) => _variante(v, slop, boost(rang), frequent, syn));
      return feuilles.length === 1 ? feuilles[0] : D.meilleurDe(feuilles, P.departage);
    }

    // Tous les passages d'une loi citée ; le paragraphe cité en plus.
    function citations(requete) {
      const requetes = [];
      for (const label of requete.refs) {
        requetes.push(D.constante(docs.filter((d) => d.loi === label.loi), R.citation));
        if (label.parties.length) {
          const chemin = C.compacte(label).toLowerCase();
          requetes.push(D.constante(docs.filter((d) => d.refs.includes(chemin)), R.sous_paragraphe));
        }
      }
      return requetes;
    }

    // La requête d'une requête comprise, exécutée : Map document → note ; null quand rien n'est à
    // chercher. frequent(racine) : dans plus de R.frequent des textes ; syn : les synonymes.
    function construire(requete, frequent = jamais, syn = null) {
      const positives = requete.concepts.filter((c) => !c.exclu).map((c) => concept(c, frequent, syn));
      positives.push(...citations(requete));
      if (!positives.length) return null;
      const resultat = positives.length === 1 ? positives[0] : D.ou(positives);
      const exclus = requete.concepts.filter((c) => c.exclu).map((c) => concept(c));
      return exclus.length ? D.sauf(resultat, D.ou(exclus)) : resultat;
    }

    return { concept, citations, construire };
  }

  return { creer };
});
