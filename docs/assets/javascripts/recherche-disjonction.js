// Ce que Whoosh calcule pour la commande, opération pour opération, pour que chaque score soit
// le même nombre, au dernier chiffre (tests/test_moteur_js.py). D'abord les classes de
// indexer/recherche/disjonction.py, dans son ordre : _cumuler et MeilleurDe (la meilleure
// manière de dire un concept, plus le départage des autres), PhraseDite (les passages d'une
// expression des synonymes, trouvés à la construction de l'index) et BM25FLongueurs (le BM25F de
// Whoosh) ; puis ce que Whoosh fait de lui-même : ses phrases (SpanNear2 : positions, écart), ses
// sommes dans l'ordre de ses arbres (make_binary_tree), Or, AndNot, ConstantScoreQuery, boost.
(function (module) {
  (globalThis.RechercheModules = globalThis.RechercheModules || []).push(module);
  globalThis[module.name] = module(globalThis);
})(function RechercheDisjonction() {
  "use strict";

  // whoosh.util.make_binary_tree : la moitié gauche, puis la droite.
  function arbre(liste, f) {
    if (liste.length === 1) return liste[0];
    const moitie = Math.floor(liste.length / 2);
    return f(arbre(liste.slice(0, moitie), f), arbre(liste.slice(moitie), f));
  }

  // (meilleur, somme) des feuilles sur chaque document, sommées comme make_binary_tree les emboîte.
  function _cumuler(feuilles) {
    if (feuilles.length === 1) return [new Map(feuilles[0]), new Map(feuilles[0])];
    const moitie = Math.floor(feuilles.length / 2);
    const [meilleurs, sommes] = _cumuler(feuilles.slice(0, moitie));
    const [meilleursB, sommesB] = _cumuler(feuilles.slice(moitie));
    for (const [doc, s] of sommesB) {
      if (sommes.has(doc)) {
        sommes.set(doc, sommes.get(doc) + s);
        if (meilleursB.get(doc) > meilleurs.get(doc)) meilleurs.set(doc, meilleursB.get(doc));
      } else {
        sommes.set(doc, s);
        meilleurs.set(doc, meilleursB.get(doc));
      }
    }
    return [meilleurs, sommes];
  }

  // MeilleurDe : la meilleure feuille plus « departage » fois les autres.
  function meilleurDe(feuilles, departage) {
    const [meilleurs, sommes] = _cumuler(feuilles);
    const sortie = new Map();
    for (const doc of [...sommes.keys()].sort((a, b) => a - b)) {
      const m = meilleurs.get(doc);
      sortie.set(doc, m + departage * (sommes.get(doc) - m));
    }
    return sortie;
  }

  // Les notes d'un index : celles d'une expression des synonymes (PhraseDite), d'un terme
  // (BM25FLongueurs), d'une phrase lue mot à mot (Phrase).
  function noter(index, B, K1) {
    const termes = { texte: new Map(), titre: new Map() };

    // La note d'une phrase sur un document : la somme de celles de ses racines, dans l'ordre
    // de l'arbre d'IntersectionMatcher de SpanNear2.
    const somme = (parTerme, doc) => arbre(parTerme.map((t) => t.get(doc)), (a, b) => a + b);

    // PhraseDite : les passages sont connus ; 0.0 + la somme, comme l'IntersectionMatcher.
    function phraseDite(champ, racines, passages) {
      const parTerme = racines.map((r) => terme(champ, r));
      const scores = new Map();
      for (const doc of passages) {
        if (parTerme.every((t) => t.has(doc))) scores.set(doc, 0.0 + somme(parTerme, doc));
      }
      return scores;
    }

    // BM25FScorer : une racine dans un champ → Map document → score (idf : index.idf), chaque
    // longueur lue une fois.
    function terme(champ, racine) {
      let scores = termes[champ].get(racine);
      if (!scores) {
        const postings = index.postings(champ, racine);
        const idf = index.idf(postings.size);
        const avgfl = index.moyenne(champ);
        scores = new Map();
        for (const [doc, tf] of postings) scores.set(doc, bm25(idf, tf, index.longueur(champ, doc), avgfl, B, K1));
        termes[champ].set(racine, scores);
      }
      return scores;
    }

    // Phrase (lue mot à mot) : Map document → note, avant le boost.
    function phrase(champ, racines, ecart) {
      const parTerme = racines.map((r) => terme(champ, r));
      const scores = new Map();
      if (parTerme.some((t) => !t.size)) return scores; // un mot absent : NullMatcher
      for (const doc of parTerme[0].keys()) {
        if (parTerme.every((t) => t.has(doc)) && occurrence(champ, doc, racines, ecart)) {
          scores.set(doc, somme(parTerme, doc));
        }
      }
      return scores;
    }

    // SpanNear2 (ordonné, mindist 1) : chaque racine de 1 à « ecart » positions après la
    // précédente ; toutes les suites possibles, pas la première venue.
    function occurrence(champ, doc, racines, ecart) {
      const table = index.positions(champ, doc);
      let fins = new Set(table.get(racines[0]) || []);
      for (const racine of racines.slice(1)) {
        const suivantes = new Set();
        for (const p of table.get(racine) || []) {
          for (const fin of fins) {
            if (p - fin >= 1 && p - fin <= ecart) {
              suivantes.add(p);
              break;
            }
          }
        }
        fins = suivantes;
        if (!fins.size) return false;
      }
      return fins.size > 0;
    }

    return { phraseDite, terme, phrase };
  }

  // whoosh.scoring.bm25, même ordre des opérations.
  const bm25 = (idf, tf, fl, avgfl, B, K1) => idf * ((tf * (K1 + 1)) / (tf + K1 * ((1 - B) + B * fl / avgfl)));

  // WrappingMatcher : chaque note fois le boost (sauf 1.0, que Whoosh ne pose pas).
  function booster(scores, boost) {
    if (boost === 1.0) return scores;
    const sortie = new Map();
    for (const [doc, s] of scores) sortie.set(doc, s * boost);
    return sortie;
  }

  // Or : deux requêtes, une union (a + b) ; plus, l'union en tableau d'un petit index
  // (ArrayUnionMatcher : 0, puis chaque requête ajoutée dans l'ordre) ; les deux sont des
  // sommes dans l'ordre des requêtes.
  function ou(listes) {
    const total = new Map();
    for (const scores of listes) {
      for (const [doc, s] of scores) total.set(doc, total.has(doc) ? total.get(doc) + s : s);
    }
    return total;
  }

  // AndNot : les notes, sans les documents des exclus (une copie : un terme garde ses notes).
  function sauf(scores, exclus) {
    const sortie = new Map(scores);
    for (const doc of exclus.keys()) sortie.delete(doc);
    return sortie;
  }

  // ConstantScoreQuery : la même note pour tous les documents donnés.
  const constante = (documents, note) => new Map(documents.map((d) => [d.n, note]));

  return { meilleurDe, noter, booster, ou, sauf, constante };
});
