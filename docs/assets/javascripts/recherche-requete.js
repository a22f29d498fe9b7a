// La requête comprise, comme indexer/recherche/requete.py la comprend : normalisée, phrases
// entre guillemets, numéros de loi (la grammaire de citation.js), mots de conversation
// retirés, concepts (le mot tapé et ses synonymes, les expressions), -mot, négations, lois
// que les synonymes évoquent. Les mêmes noms que le Python où c'est possible ; les motifs et
// listes viennent des données (pour_site.reglages), jamais d'une copie.
(function (module) {
  (globalThis.RechercheModules = globalThis.RechercheModules || []).push(module);
  globalThis[module.name] = module(globalThis);
})(function RechercheRequete() {
  "use strict";

  const LONGUEUR_MAX = 400;
  const MOT = /[\p{L}\p{N}_]+(?:\.\p{Nd}+)*/gu;
  const PONCTUATION = ".,;:!?()[]";

  // str.strip(car) du Python.
  const bornes = (texte, car) => {
    let d = 0;
    let f = texte.length;
    while (d < f && car.includes(texte[d])) d++;
    while (f > d && car.includes(texte[f - 1])) f--;
    return texte.slice(d, f);
  };
  const motsDe = (texte) => Array.from(texte.matchAll(MOT), (m) => m[0]);

  // analyse.normaliser_requete.
  function normaliser(texte) {
    let propre = texte.replace(/\p{C}/gu, " ").replace(/[’‘ʼ´`′]/g, "'").replace(/[«»“”„‟″]/g, '"');
    propre = propre.replace(/\s+/g, " ").trim();
    if (propre.length > LONGUEUR_MAX) {
      propre = propre.slice(0, LONGUEUR_MAX);
      const espace = propre.lastIndexOf(" ");
      if (espace >= 0) propre = propre.slice(0, espace);
    }
    return propre;
  }

  // Les groupes de synonymes et, par racine, les expressions qui l'ont, la plus longue d'abord
  // (requete._par_mot, sur les groupes déjà analysés que donne l'index).
  function synonymes(donnees) {
    const membres = new Map();
    donnees.groupes.forEach((expressions, rang) => {
      for (const e of expressions) {
        const cle = e.join(" ");
        if (!membres.has(cle)) membres.set(cle, [e, new Set()]);
        membres.get(cle)[1].add(rang);
      }
    });
    const parMot = new Map();
    for (const [e, rangs] of membres.values()) {
      for (const racine of new Set(e)) {
        if (!parMot.has(racine)) parMot.set(racine, []);
        parMot.get(racine).push([e, rangs]);
      }
    }
    for (const liste of parMot.values()) liste.sort((a, b) => b[0].length - a[0].length);
    return { groupes: donnees.groupes, lois: donnees.lois, parMot, remplissage: new Set(donnees.remplissage),
      phrases: donnees.phrases };
  }

  // R : les réglages de la commande (pour_site.reglages) ; A : l'analyse (recherche-analyse.js) ;
  // C : la grammaire des citations (citation.js, écrit depuis indexer/labels.py).
  function creer(R, A, C) {
    const PREFIXES_LOI = new Set(C.prefixesLoi);
    const UNITES = new RegExp(R.unites);
    const NUMEROTES = new RegExp(R.numerotes);
    const QUESTION = new RegExp(R.question, "giu");
    const LIAISONS = new Set(R.liaisons);
    const DETERMINANTS = new Set(R.determinants);
    const NEGATIONS = new Set(R.negations);
    const estNombre = (mot) => /^\d+$/.test(mot);

    // « 3 levées », « étui 12 », « 7 de cœur », « 60 40 » : un compte, pas une loi.
    const compte = (mot, avant, apres, ensuite) =>
      UNITES.test(apres) || NUMEROTES.test(avant) || estNombre(apres) || estNombre(avant) ||
      (estNombre(mot) && DETERMINANTS.has(avant)) || (LIAISONS.has(apres) && UNITES.test(ensuite));

    function _citation(mots, i) {
      const mot = mots[i];
      if (!C.estMot(mot)) return null;
      const [apres, ensuite] = [i + 1, i + 2].map((j) => (j < mots.length ? A.plier(mots[j]) : ""));
      const avant = i > 0 ? A.plier(mots[i - 1]).replace(/\.+$/, "") : "";
      if (!PREFIXES_LOI.has(avant) && (!/^\d/.test(mot) || compte(mot, avant, apres, ensuite))) return null;
      return C.analyser(mot);
    }

    function _decouper(texte) {
      if ((texte.match(/"/g) || []).length % 2) return [[], [texte.replace(/"/g, " ")], true];
      const morceaux = texte.split('"');
      return [morceaux.filter((_, i) => i % 2 === 1), morceaux.filter((_, i) => i % 2 === 0), false];
    }

    function _motsEtRefs(libre, mots, refs) {
      const jetons = libre.split(" ").filter(Boolean);
      const nus = jetons.map((j) => bornes(j, PONCTUATION));
      jetons.forEach((jeton, i) => {
        const label = _citation(nus, i);
        if (label) {
          refs.push(label);
          if (mots.length && PREFIXES_LOI.has(A.plier(mots[mots.length - 1][0]))) mots.pop();
          return;
        }
        const exclu = jeton.startsWith("-") && jeton.length > 1;
        for (const m of motsDe(nus[i])) mots.push([m, exclu]);
      });
    }

    // Les mots qui disent l'expression à partir du mot i, ses racines dans n'importe quel ordre,
    // côte à côte, le mot i parmi eux, ou null ; un « est » en minuscules que l'expression n'a
    // pas est sauté : « la renonce est consommée ».
    function _morceau(pleins, i, expression) {
      const reste = [...expression];
      const morceau = [];
      for (const plein of pleins.slice(i)) {
        const k = reste.indexOf(plein[2]);
        if (k >= 0) {
          reste.splice(k, 1);
          morceau.push(plein);
        } else if (!(morceau.length && plein[0] === "est")) return null;
        if (!reste.length) return morceau;
      }
      return null;
    }

    function _expressions(pleins, i, syn) {
      const trouves = [];
      for (const [expression, rangs] of syn.parMot.get(pleins[i][2]) || []) {
        const morceau = _morceau(pleins, i, expression);
        if (morceau && !morceau.some((p) => p[1]) && (!trouves.length || expression.length === 1)) {
          trouves.push([expression, rangs, morceau.map((p) => p[0])]);
        }
      }
      return trouves.reverse();
    }

    // Un mot précédé (d'un ou deux mots) d'une négation : « sans faire exprès », « pas exprès ».
    function _nies(mots) {
      const plies = mots.map(([m]) => A.plier(m));
      return plies.map((_, j) => plies.slice(Math.max(0, j - 2), j).some((p) => NEGATIONS.has(p)));
    }

    function _conceptsLibres(mots, syn) {
      const nies = _nies(mots);
      const pleins = [];
      mots.forEach(([m, e], j) => {
        const r = A.racines(m);
        if (r.length && (e || !syn.remplissage.has(r[0]))) pleins.push([m, e, r[0], nies[j]]);
      });
      const concepts = [];
      pleins.forEach(([mot, exclu, racine, nie], i) => {
        let trouves = exclu ? [] : _expressions(pleins, i, syn);
        if (nie) trouves = trouves.filter(([, rangs]) => ![...rangs].some((r) => syn.lois[r].length));
        if (!trouves.some(([e]) => e.length === 1)) {
          concepts.push({ mots: [mot], variantes: [[racine]], phrase: false, exclu, synonyme: false });
        }
        for (const [expression, rangs, tapes] of trouves) {
          const cle = expression.join(" ");
          const autres = new Map();
          for (const r of [...rangs].sort((a, b) => a - b)) {
            for (const e of syn.groupes[r]) if (e.join(" ") !== cle) autres.set(e.join(" "), e);
          }
          concepts.push({ mots: tapes, variantes: [expression, ...autres.values()], phrase: expression.length > 1,
            exclu: false, synonyme: true });
        }
      });
      return concepts;
    }

    function _loisEvoquees(concepts, syn) {
      const lois = new Set();
      for (const c of concepts) {
        if (!c.synonyme) continue;
        for (const [expression, rangs] of syn.parMot.get(c.variantes[0][0]) || []) {
          if (expression.join(" ") === c.variantes[0].join(" ")) {
            for (const r of rangs) for (const n of syn.lois[r]) lois.add(n);
          }
        }
      }
      return lois;
    }

    function comprendre(texte, syn) {
      const propre = normaliser(texte);
      const [phrases, libres, ignoree] = _decouper(propre);
      const mots = [];
      const refs = [];
      // L'échafaudage d'une question (« est-ce que », « faut-il », « ai-je le droit de »).
      for (const libre of libres) _motsEtRefs(libre.replace(QUESTION, " "), mots, refs);
      const concepts = _conceptsLibres(mots, syn);
      for (const phrase of phrases) {
        const racines = A.racines(phrase);
        if (racines.length) {
          concepts.push({ mots: motsDe(phrase), variantes: [racines], phrase: true, exclu: false, synonyme: false });
        }
      }
      const vues = new Map(refs.map((l) => [C.compacte(l), l]));
      return { texte: propre, concepts, refs: [...vues.values()], lois: _loisEvoquees(concepts, syn), ignoree };
    }

    // Combien de mots vides une phrase saute : l'écart que ses racines demandent.
    const ecart = (mots) => mots.filter((m) => A.vides.has(A.plier(m))).length;

    return { comprendre, ecart, compte };
  }

  return { creer, normaliser, synonymes, bornes, MOT };
});
