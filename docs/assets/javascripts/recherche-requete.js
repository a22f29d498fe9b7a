// La requête comprise, comme indexer/recherche/requete.py la comprend : ses fonctions, dans
// son ordre et sous ses noms (en camelCase), pour se lire côte à côte. Mots, phrases entre
// guillemets, numéros de loi (la grammaire de citation.js), mots de conversation retirés,
// concepts (le mot tapé et ses synonymes, les expressions), -mot, négations, lois que les
// synonymes évoquent. Les motifs et listes viennent des données (pour_site.reglages), jamais
// d'une copie.
(function (module) {
  (globalThis.RechercheModules = globalThis.RechercheModules || []).push(module);
  globalThis[module.name] = module(globalThis);
})(function RechercheRequete() {
  "use strict";

  const PONCTUATION = ".,;:!?()[]";

  // str.strip(car) du Python.
  const bornes = (texte, car) => {
    let d = 0;
    let f = texte.length;
    while (d < f && car.includes(texte[d])) d++;
    while (f > d && car.includes(texte[f - 1])) f--;
    return texte.slice(d, f);
  };

  // requete.Concept : le NamedTuple et ses valeurs par défaut.
  const Concept = (mots, variantes, o) => ({ mots, variantes, phrase: false, exclu: false, synonyme: false, ...o });

  // requete.Synonymes, tels que l'index les a analysés (dossier.lire_synonymes) : les groupes,
  // leurs lois, par racine les expressions qui l'ont (_parMot), la conversation et, par champ,
  // les passages qui disent chaque expression (index.phrases ; ses racines jointes d'espaces).
  function synonymes(donnees) {
    const phrases = {};
    for (const [champ, dites] of Object.entries(donnees.phrases)) phrases[champ] = new Map(dites);
    return { groupes: donnees.groupes, lois: donnees.lois, parMot: _parMot(donnees.groupes),
      remplissage: new Set(donnees.remplissage), phrases };
  }

  // requete._par_mot : chaque racine → les expressions qui l'ont et leurs groupes, la plus longue d'abord.
  function _parMot(groupes) {
    const membres = new Map();
    groupes.forEach((expressions, rang) => {
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
    return parMot;
  }

  // R : les réglages de la commande (pour_site.reglages) ; A : l'analyse (recherche-analyse.js) ;
  // C : la grammaire des citations (citation.js, écrite depuis indexer/labels.py).
  function creer(R, A, C) {
    const UNITES = new RegExp(R.unites);
    const NUMEROTES = new RegExp(R.numerotes);
    const NUMERO_DE = new Set(R.numero_de);
    const DETERMINANTS = new Set(R.determinants);
    const LIAISONS = new Set(R.liaisons);
    const PREFIXES_LOI = new Set(C.prefixesLoi);
    const NEGATIONS = new Set(R.negations);
    const QUESTION = new RegExp(R.question, "giu");
    const estNombre = (mot) => /^\d+$/.test(mot);

    // « 3 levées », « étui 12 », « son 10 », « 7 de cœur », « 60 40 » : un compte, pas une loi.
    const compte = (mot, avant, apres, ensuite) =>
      UNITES.test(apres) || NUMEROTES.test(avant) || estNombre(apres) || estNombre(avant) ||
      (estNombre(mot) && DETERMINANTS.has(avant)) || (LIAISONS.has(apres) && UNITES.test(ensuite));

    // Combien de mots avant mots[i] annoncent une loi : un dans « loi 12 », deux dans « loi n° 12 », sinon aucun.
    function _prefixe(mots, i) {
      const avant = mots.slice(Math.max(0, i - 2), i).map((m) => A.plier(m).replace(/\.+$/, ""));
      if (avant.length && PREFIXES_LOI.has(avant[avant.length - 1])) return 1;
      return avant.length === 2 && PREFIXES_LOI.has(avant[0]) && NUMERO_DE.has(avant[1]) ? 2 : 0;
    }

    // La loi que mots[i] cite, et combien de mots avant elle l'annoncent : [label, prefixe].
    function _citation(mots, i) {
      const mot = mots[i];
      if (!C.estMot(mot)) return [null, 0];
      const [apres, ensuite] = [i + 1, i + 2].map((j) => (j < mots.length ? A.plier(mots[j]) : ""));
      const avant = i > 0 ? A.plier(mots[i - 1]).replace(/\.+$/, "") : "";
      const prefixe = _prefixe(mots, i);
      if (!prefixe && (!/^\d/.test(mot) || compte(mot, avant, apres, ensuite))) return [null, 0];
      return [C.analyser(mot), prefixe];
    }

    // Les mots des textes hors guillemets, l'échafaudage d'une question ôté, chacun avec son
    // drapeau d'exclusion, et les lois citées : [mots, refs].
    function _motsEtRefs(libres) {
      const refs = [];
      const mots = [];
      for (const libre of libres) {
        const jetons = libre.replace(QUESTION, " ").split(" ").filter(Boolean);
        const nus = jetons.map((j) => bornes(j, PONCTUATION));
        const longueurs = []; // mots.length avant chaque jeton
        jetons.forEach((jeton, i) => {
          longueurs.push(mots.length);
          const [label, prefixe] = _citation(nus, i);
          if (label !== null) {
            refs.push(label);
            mots.length = longueurs[i - prefixe]; // « loi », « n° » avant le numéro ne disent rien de plus
            return;
          }
          const exclu = jeton.startsWith("-") && jeton.length > 1;
          for (const m of A.motsDe(nus[i])) mots.push([m, exclu]);
        });
      }
      return [mots, refs];
    }

    // Les mots en concepts : à chaque mot, l'expression des synonymes la plus longue qui y
    // commence ; les mots d'une expression restent aussi des concepts.
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
        if (!trouves.some(([e]) => e.length === 1)) concepts.push(Concept([mot], [[racine]], { exclu }));
        for (const [expression, rangs, tapes] of trouves) {
          const cle = expression.join(" ");
          const autres = new Map();
          for (const r of [...rangs].sort((a, b) => a - b)) {
            for (const e of syn.groupes[r]) if (e.join(" ") !== cle) autres.set(e.join(" "), e);
          }
          const variantes = [expression, ...autres.values()];
          concepts.push(Concept(tapes, variantes, { phrase: expression.length > 1, synonyme: true }));
        }
      });
      return concepts;
    }

    // Un mot précédé (d'un ou deux mots, mots vides comptés) d'une négation.
    function _nies(mots) {
      const plies = mots.map(([m]) => A.plier(m));
      return plies.map((_, j) => plies.slice(Math.max(0, j - 2), j).some((p) => NEGATIONS.has(p)));
    }

    // Les expressions des synonymes qui commencent au mot i (la plus longue, puis celle d'un
    // mot), chacune avec les mots tapés pour elle ; celle d'un mot d'abord.
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

    // Les rangs des groupes de synonymes qui ont l'expression.
    function groupesDe(syn, expression) {
      const cle = expression.join(" ");
      const trouvee = (syn.parMot.get(expression[0]) || []).find(([e]) => e.join(" ") === cle);
      return trouvee ? trouvee[1] : new Set();
    }

    // requete.Requete : texte, concepts, refs, loisEvoquees, syntaxeIgnoree.
    function comprendre(texte, syn) {
      let propre = A.normaliserRequete(texte);
      // Une requête qui n'est qu'une citation (« loi 68 C », « Loi n° 68 ») se lit d'un tenant, par la
      // grammaire de loi voir, comme le seul mot 68C : pas comme les mots loi, 68 et C.
      const citation = C.analyser(propre);
      if (citation) propre = C.compacte(citation);
      const ignoree = (propre.match(/"/g) || []).length % 2 === 1; // des guillemets seuls : une recherche simple
      const morceaux = ignoree ? [propre.replace(/"/g, " ")] : propre.split('"'); // les phrases aux rangs impairs
      const [mots, refs] = _motsEtRefs(morceaux.filter((_, i) => i % 2 === 0));
      const concepts = _conceptsLibres(mots, syn);
      for (const phrase of morceaux.filter((_, i) => i % 2 === 1)) {
        const racinesPhrase = A.racines(phrase);
        if (racinesPhrase.length) concepts.push(Concept(A.motsDe(phrase), [racinesPhrase], { phrase: true }));
      }
      const loisEvoquees = new Set();
      for (const c of concepts) {
        if (!c.synonyme) continue;
        for (const r of groupesDe(syn, c.variantes[0])) for (const n of syn.lois[r]) loisEvoquees.add(n);
      }
      const vues = new Map(refs.map((l) => [C.compacte(l), l]));
      return { texte: propre, concepts, refs: [...vues.values()], loisEvoquees, syntaxeIgnoree: ignoree };
    }

    // Combien de mots vides une phrase saute : l'écart que ses racines demandent.
    const ecart = (mots) => mots.filter((m) => A.vides.has(A.plier(m))).length;

    return { comprendre, ecart };
  }

  return { creer, synonymes, bornes };
});
