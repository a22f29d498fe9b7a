// Le moteur de la recherche du site : ce que fait `loi cherche`, dans le navigateur.
// MiniSearch tient l'index inversé (BM25 par champ, titre pesant plus) ; par-dessus, les
// étapes de la commande (indexer/recherche/requete.py, classement.py, moteur.py, extraits.py) :
// la requête comprise en concepts (mot tapé et synonymes, expressions, -mot, numéros de loi),
// le meilleur synonyme d'un concept plus un peu des autres, les passages regroupés par loi,
// la correction des fautes, l'extrait autour des mots trouvés. Mêmes constantes que la
// commande : tests/test_site_recherche.py compare le MRR@10 des deux sur les jeux d'évaluation.
(function () {
  "use strict";

  const FORMAT = 1;
  const K1 = 1.2;
  const B = 0.75;
  const TITRE = 1.2;
  const SYNONYME = 0.85;
  const DEPARTAGE = 0.1;
  const POIDS_TYPE = { loi: 1.0, commentaire: 0.85, note: 0.8, exemple: 0.7 };
  const POIDS_AUTRE = 0.75;
  const LIES = [1.0, 0.4, 0.2];
  const EVOQUEE = 0.3;
  const CITEE = 3.0;
  const CITATION = 0.5;
  const SOUS_PARAGRAPHE = 2.0;
  const NEGLIGEABLE = 0.01;
  const GARDES = 8;
  const MAIGRE = 3;
  const LONGUEUR_MAX = 400;
  const PREFIXES_LOI = new Set(["loi", "lois", "law", "laws", "l"]);
  const CITATION_MOT = /^\d{1,2}(?:[A-Ga-g](?:\d{1,2}(?:\(?[a-h]\)?)?)?)?$/;
  const UNITES = new RegExp("^(lev[ée]es?|plis?|points?|cartes?|tours?|fois|minutes?|tables?|donnes?|" +
    "[ée]tuis?|joueurs?|atouts?|%|e|eme|[èe]me|sa|sans|sans-atout|" +
    "piques?|c(?:oe|œ)urs?|carreaux?|tr[èe]fles?|spades?|hearts?|diamonds?|clubs?|nt)$");
  const MOT = /[\p{L}\p{N}_]+(?:\.\p{Nd}+)*/gu;
  const PONCTUATION = ".,;:!?()[]";

  const bornes = (texte, car) => {
    let d = 0;
    let f = texte.length;
    while (d < f && car.includes(texte[d])) d++;
    while (f > d && car.includes(texte[f - 1])) f--;
    return texte.slice(d, f);
  };
  const motsDe = (texte) => Array.from(texte.matchAll(MOT), (m) => m[0]);

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

  function creer(donnees, MiniSearch, analyse, citation) {
    if (!donnees || donnees.format !== FORMAT) throw new Error("données de recherche d'un autre format");
    const A = analyse.creer(donnees.mots_vides);
    const docs = donnees.docs.map((d, n) => ({ n, loi: d[0], type: d[1], edition: d[2], ref: d[3], refs: d[4],
      url: d[5], titre: donnees.titres[d[6]], texte: d[7] }));
    const syn = synonymes(donnees.synonymes);
    const index = indexer(donnees.index, MiniSearch);
    let vocabulaire = null;
    const positionsCache = new Map();

    // --- la requête comprise (requete.py) ---------------------------------------------

    function _citation(jetons, i) {
      const mot = jetons[i];
      if (!CITATION_MOT.test(mot)) return null;
      const apres = i + 1 < jetons.length ? A.plier(jetons[i + 1]) : "";
      const avant = i > 0 ? A.plier(jetons[i - 1]).replace(/\.+$/, "") : "";
      if (!PREFIXES_LOI.has(avant) && UNITES.test(apres)) return null;
      return citation.analyser(mot);
    }

    function motsEtRefs(libre, mots, refs) {
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

    function expressions(pleins, i) {
      const trouves = [];
      for (const [expression, rangs] of syn.parTete.get(pleins[i][2]) || []) {
        const morceau = pleins.slice(i, i + expression.length);
        const tape = morceau.length === expression.length && morceau.every((p, k) => p[2] === expression[k]);
        if (tape && !morceau.some((p) => p[1]) && (!trouves.length || expression.length === 1)) {
          trouves.push([expression, rangs]);
        }
      }
      return trouves.reverse();
    }

    function conceptsLibres(mots) {
      const pleins = [];
      for (const [m, e] of mots) {
        const r = A.racines(m);
        if (r.length) pleins.push([m, e, r[0]]);
      }
      const concepts = [];
      pleins.forEach(([mot, exclu, racine], i) => {
        const trouves = exclu ? [] : expressions(pleins, i);
        if (!trouves.some(([e]) => e.length === 1)) {
          concepts.push({ mots: [mot], variantes: [[racine]], phrase: false, exclu, synonyme: false });
        }
        for (const [expression, rangs] of trouves) {
          const cle = expression.join(" ");
          const autres = new Map();
          for (const r of [...rangs].sort((a, b) => a - b)) {
            for (const e of syn.groupes[r]) if (e.join(" ") !== cle) autres.set(e.join(" "), e);
          }
          concepts.push({ mots: pleins.slice(i, i + expression.length).map((p) => p[0]),
            variantes: [expression, ...autres.values()], phrase: expression.length > 1, exclu: false, synonyme: true });
        }
      });
      return concepts;
    }

    function loisEvoquees(concepts) {
      const lois = new Set();
      for (const c of concepts) {
        if (!c.synonyme) continue;
        for (const [expression, rangs] of syn.parTete.get(c.variantes[0][0]) || []) {
          if (expression.join(" ") === c.variantes[0].join(" ")) {
            for (const r of rangs) for (const n of syn.lois[r]) lois.add(n);
          }
        }
      }
      return lois;
    }

    function comprendre(texte) {
      const propre = normaliser(texte);
      const ignoree = (propre.match(/"/g) || []).length % 2 === 1;
      const morceaux = ignoree ? ["", propre.replace(/"/g, " ")] : propre.split('"');
      const phrases = ignoree ? [] : morceaux.filter((_, i) => i % 2 === 1);
      const libres = ignoree ? [morceaux[1]] : morceaux.filter((_, i) => i % 2 === 0);
      const mots = [];
      const refs = [];
      for (const libre of libres) motsEtRefs(libre, mots, refs);
      const concepts = conceptsLibres(mots);
      for (const phrase of phrases) {
        const racines = A.racines(phrase);
        if (racines.length) concepts.push({ mots: motsDe(phrase), variantes: [racines], phrase: true, exclu: false, synonyme: false });
      }
      const vues = new Map(refs.map((l) => [citation.compacte(l), l]));
      return { texte: propre, concepts, refs: [...vues.values()], lois: loisEvoquees(concepts), ignoree };
    }

    const vide = (r) => !r.refs.length && !r.concepts.some((c) => c.variantes[0].length && !c.exclu);

    // --- le classement (classement.py, moteur.py) ---------------------------------------

    function positions(doc, champ) {
      const cle = champ + doc;
      let table = positionsCache.get(cle);
      if (!table) {
        table = new Map();
        A.suite(champ === "titre" ? docs[doc].titre : docs[doc].texte).forEach((r, p) => {
          if (!r) return;
          if (!table.has(r)) table.set(r, []);
          table.get(r).push(p);
        });
        positionsCache.set(cle, table);
      }
      return table;
    }

    function occurrencesPhrase(doc, champ, racines, ecart) {
      const table = positions(doc, champ);
      const listes = racines.map((r) => table.get(r) || []);
      let compte = 0;
      for (const depart of listes[0]) {
        let precedente = depart;
        let ok = true;
        for (const liste of listes.slice(1)) {
          const suivante = liste.find((p) => p - precedente > 0 && p - precedente <= ecart);
          if (suivante === undefined) { ok = false; break; }
          precedente = suivante;
        }
        if (ok) compte++;
      }
      return compte;
    }

    function bm25(occurrences, champ, poids, total) {
      const frequence = occurrences.size;
      if (!frequence) return;
      const idf = Math.log(1 + (docs.length - frequence + 0.5) / (frequence + 0.5)) * poids;
      const normes = index.normes[champ];
      for (const [doc, tf] of occurrences) total.set(doc, (total.get(doc) || 0) + idf * tf * (K1 + 1) / (tf + normes[doc]));
    }

    // Les scores d'une variante ne dépendent que d'elle : gardés d'une requête à l'autre
    // (en tapant, chaque lettre relance la requête entière).
    const variantes = new Map();

    function scoresVariante(racines, ecart) {
      const cle = racines.join(" ") + "\u0000" + ecart;
      let scores = variantes.get(cle);
      if (!scores) {
        if (variantes.size > 2000) variantes.clear();
        scores = calculerVariante(racines, ecart);
        variantes.set(cle, scores);
      }
      return scores;
    }

    function calculerVariante(racines, ecart) {
      if (racines.length === 1) {
        const total = new Map();
        for (const r of index.mini.search(racines[0], { fields: ["titre", "texte"], boost: { titre: TITRE } })) {
          total.set(r.id, r.score);
        }
        return total;
      }
      const total = new Map();
      for (const champ of ["texte", "titre"]) {
        const occurrences = new Map();
        for (const r of index.mini.search({ combineWith: "AND", queries: racines }, { fields: [champ] })) {
          const n = occurrencesPhrase(r.id, champ, racines, ecart);
          if (n) occurrences.set(r.id, n);
        }
        bm25(occurrences, champ, champ === "titre" ? TITRE : 1.0, total);
      }
      return total;
    }

    function scoresConcept(concept) {
      const ecart = concept.phrase && !concept.synonyme ? 1 + concept.mots.filter((m) => A.vides.has(A.plier(m))).length : 3;
      const parVariante = concept.variantes.map((v, rang) => [rang === 0 ? 1.0 : SYNONYME, scoresVariante(v, ecart)]);
      if (parVariante.length === 1) return parVariante[0][1];
      const meilleurs = new Map();
      const sommes = new Map();
      for (const [poids, scores] of parVariante) {
        for (const [doc, score] of scores) {
          const valeur = poids * score;
          meilleurs.set(doc, Math.max(meilleurs.get(doc) || 0, valeur));
          sommes.set(doc, (sommes.get(doc) || 0) + valeur);
        }
      }
      const sortie = new Map();
      for (const [doc, m] of meilleurs) sortie.set(doc, m + DEPARTAGE * (sommes.get(doc) - m));
      return sortie;
    }

    function scoresRequete(requete) {
      const total = new Map();
      const exclus = new Set();
      for (const concept of requete.concepts) {
        const scores = scoresConcept(concept);
        if (concept.exclu) { for (const doc of scores.keys()) exclus.add(doc); continue; }
        for (const [doc, score] of scores) total.set(doc, (total.get(doc) || 0) + score);
      }
      for (const doc of exclus) total.delete(doc);
      for (const label of requete.refs) {
        const chemin = citation.compacte(label).toLowerCase();
        for (const d of docs) {
          if (d.loi !== label.loi) continue;
          const bonus = label.parties.length && d.refs.includes(chemin) ? SOUS_PARAGRAPHE : 0;
          total.set(d.n, (total.get(d.n) || 0) + CITATION + bonus);
        }
      }
      return total;
    }

    // Meilleur d'abord, puis ordre de la page (numéro de document le plus petit).
    const parScore = (a, b) => b[0] - a[0] || a[1] - b[1];

    function meilleurs(liste) {
      liste.sort(parScore);
      const paquet = [];
      const vus = new Set();
      for (const [score, doc] of liste) {
        const cle = docs[doc].edition + "\u0000" + docs[doc].ref;
        if (vus.has(cle)) continue;
        vus.add(cle);
        paquet.push([score, doc]);
        if (paquet.length === GARDES) break;
      }
      return paquet;
    }

    function grouper(scores, requete, limite) {
      if (!scores.size) return [];
      const seuil = Math.max(...scores.values()) * NEGLIGEABLE;
      const candidats = new Map();
      for (const [doc, score] of scores) {
        if (score < seuil) continue;
        const d = docs[doc];
        const cle = d.loi !== null ? d.loi : "doc" + doc;
        if (!candidats.has(cle)) candidats.set(cle, []);
        candidats.get(cle).push([score * (POIDS_TYPE[d.type] || POIDS_AUTRE), doc]);
      }
      let meilleur = 0;
      for (const liste of candidats.values()) for (const [s] of liste) meilleur = Math.max(meilleur, s);
      const citees = new Set(requete.refs.map((l) => l.loi));
      const classes = [];
      for (const [cle, liste] of candidats) {
        const paquet = meilleurs(liste);
        let score = paquet.slice(0, LIES.length).reduce((t, [s], i) => t + LIES[i] * s, 0);
        const numero = typeof cle === "number" ? cle : null;
        if (requete.lois.has(numero)) score *= 1 + EVOQUEE;
        if (citees.has(numero)) score += CITEE * meilleur;
        classes.push({ score, premier: paquet[0][1], loi: numero, paquet });
      }
      classes.sort((a, b) => b.score - a.score || a.premier - b.premier);
      return classes.slice(0, limite);
    }

    // --- les fautes de frappe (moteur.Chercheur.corriger) -------------------------------

    // Les mots des textes, leurs fréquences et leurs accents (écrits par pour_site.vocabulaire).
    function lexique() {
      if (!vocabulaire) {
        const v = donnees.vocabulaire;
        vocabulaire = { mots: v.mots, frequences: new Map(v.mots.map((m, i) => [m, v.frequences[i]])),
          accents: new Map(Object.entries(v.accents)) };
      }
      return vocabulaire;
    }

    function distance(a, b, max) {
      if (Math.abs(a.length - b.length) > max) return max + 1;
      let ligne = Array.from({ length: b.length + 1 }, (_, j) => j);
      for (let i = 1; i <= a.length; i++) {
        const suivante = [i];
        let minimum = i;
        for (let j = 1; j <= b.length; j++) {
          const v = Math.min(ligne[j] + 1, suivante[j - 1] + 1, ligne[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
          suivante.push(v);
          minimum = Math.min(minimum, v);
        }
        if (minimum > max) return max + 1;
        ligne = suivante;
      }
      return ligne[b.length];
    }

    function voisin(mot, rare) {
      const plie = A.plier(mot);
      if (plie.length < 4 || /^\d+$/.test(plie)) return null;
      const v = lexique();
      const seuil = rare ? Math.max(1, 5 * (v.frequences.get(plie) || 0)) : 1;
      for (const d of plie.length >= 7 ? [1, 2] : [1]) {
        let choix = null;
        for (const c of v.mots) {
          if (c === plie || c[0] !== plie[0] || distance(plie, c, d) > d) continue;
          const f = v.frequences.get(c);
          if (f >= seuil && (choix === null || f > choix[0] || (f === choix[0] && c > choix[1]))) choix = [f, c];
        }
        if (choix) return v.accents.get(choix[1]) || choix[1];
      }
      return null;
    }

    function corriger(requete, tous) {
      const mots = requete.texte.split(" ");
      let change = false;
      for (const c of requete.concepts) {
        if (c.mots.length !== 1 || c.phrase || c.exclu) continue;
        if (!tous && c.variantes.some((v) => v.some((r) => index.connues.has(r)))) continue;
        const mieux = voisin(c.mots[0], tous);
        if (mieux === null) continue;
        const cible = A.plier(c.mots[0]);
        mots.forEach((m, i) => {
          if (bornes(A.plier(m), ".,;:!?()'") === cible) { mots[i] = mieux; change = true; }
        });
      }
      if (!change) return null;
      const v = lexique();
      return mots.map((m) => (m === A.plier(m) ? v.accents.get(m) || m : m)).join(" ");
    }

    // --- l'extrait (extraits.py) -----------------------------------------------------------

    function cherchees(requete) {
      const sortie = new Set();
      for (const c of requete.concepts) {
        if (c.exclu) continue;
        c.variantes.forEach((v, rang) => { if (rang === 0 || v.length === 1) v.forEach((r) => sortie.add(r)); });
      }
      return sortie;
    }

    function touches(plat, voulues) {
      if (!voulues.size) return [];
      const tetes = new Set([...voulues].map((r) => r.slice(0, 3)));
      const sortie = [];
      for (const m of A.mots(plat)) {
        if (m.racine && (tetes.has(m.plie.slice(0, 3)) || voulues.has(m.plie)) && voulues.has(m.racine)) {
          sortie.push([m.debut, m.fin, m.racine]);
        }
      }
      return sortie;
    }

    function extrait(texte, voulues, largeur) {
      const plat = texte.replace(/\s+/g, " ").trim();
      const t = touches(plat, voulues);
      let debut = 0;
      if (t.length) {
        const portee = Math.floor(largeur * 3 / 4);
        const distincts = (i) => new Set(t.slice(i).filter(([d]) => d < t[i][0] + portee).map(([, , r]) => r)).size;
        let depart = 0;
        for (let i = 1; i < Math.min(t.length, 40); i++) if (distincts(i) > distincts(depart)) depart = i;
        debut = Math.max(0, Math.min(t[depart][0] - Math.floor(largeur / 4), plat.length - largeur));
        if (debut) debut = plat.indexOf(" ", debut) + 1 || debut;
      }
      let fin = Math.min(plat.length, debut + largeur);
      if (fin < plat.length && plat.lastIndexOf(" ", fin) > debut) fin = plat.lastIndexOf(" ", fin);
      const avant = debut ? "… " : "";
      const apres = fin < plat.length ? " …" : "";
      const decalage = avant.length - debut;
      const marques = t.filter(([d, f]) => d >= debut && f <= fin).map(([d, f]) => [d + decalage, f + decalage]);
      return { texte: avant + plat.slice(debut, fin) + apres, marques };
    }

    // --- la réponse -----------------------------------------------------------------------

    function executer(requete, limite, parGroupe, largeur) {
      const scores = scoresRequete(requete);
      const voulues = cherchees(requete);
      const groupes = grouper(scores, requete, limite).map((g) => {
        const passages = g.paquet.slice(0, parGroupe).map(([score, n]) => {
          const d = docs[n];
          const e = largeur ? extrait(d.texte, voulues, largeur) : { texte: "", marques: [] };
          return { ref: d.ref, titre: d.titre, type: d.type, edition: d.edition, url: d.url, score,
            extrait: e.texte, marques: e.marques };
        });
        return { loi: g.loi, titre: passages[0].titre, score: g.score, passages };
      });
      return { requete: requete.texte, interpretation: requete.texte, groupes, total: scores.size,
        corrigee: false, ignoree: requete.ignoree, racines: [...voulues] };
    }

    function chercher(texte, options) {
      const o = Object.assign({ limite: 10, parGroupe: 3, largeur: 160 }, options || {});
      const requete = comprendre(texte);
      if (vide(requete)) return executer(requete, 0, 0, 0);
      const corrigee = corriger(requete, false);
      const comprise = corrigee === null ? requete : comprendre(corrigee);
      let reponse = executer(comprise, o.limite, o.parGroupe, o.largeur);
      if (reponse.total < MAIGRE && corrigee === null) {
        const elargie = corriger(requete, true);
        if (elargie !== null) {
          const autre = executer(comprendre(elargie), o.limite, o.parGroupe, o.largeur);
          if (autre.total > reponse.total) return Object.assign(autre, { requete: requete.texte, corrigee: true });
        }
      }
      return Object.assign(reponse, { requete: requete.texte, corrigee: corrigee !== null });
    }

    return { chercher, comprendre, documents: docs.length };
  }

  // Les groupes de synonymes et, par première racine, leurs expressions (la plus longue d'abord).
  function synonymes(donnees) {
    const membres = new Map();
    donnees.groupes.forEach((expressions, rang) => {
      for (const e of expressions) {
        const cle = e.join(" ");
        if (!membres.has(cle)) membres.set(cle, [e, new Set()]);
        membres.get(cle)[1].add(rang);
      }
    });
    const parTete = new Map();
    for (const [e, rangs] of membres.values()) {
      if (!parTete.has(e[0])) parTete.set(e[0], []);
      parTete.get(e[0]).push([e, rangs]);
    }
    for (const liste of parTete.values()) liste.sort((a, b) => b[0].length - a[0].length);
    return { groupes: donnees.groupes, lois: donnees.lois, parTete };
  }

  // L'index MiniSearch (écrit par indexer/recherche/pour_site.py, textes analysés par l'analyse
  // Python) et les normes BM25 par document, pour les expressions que MiniSearch ne sait pas chercher.
  function indexer(donnees, MiniSearch) {
    const mini = MiniSearch.loadJS(donnees, {
      fields: ["titre", "texte"],
      searchOptions: { tokenize: (t) => [t], processTerm: (t) => t, bm25: { k: K1, b: B, d: 0 } },
    });
    const normes = {};
    for (const [champ, rang] of Object.entries(donnees.fieldIds)) {
      const moyenne = Math.max(1, donnees.averageFieldLength[rang]);
      normes[champ] = Array.from({ length: donnees.documentCount },
        (_, d) => K1 * (1 - B + B * donnees.fieldLength[d][rang] / moyenne));
    }
    return { mini, normes, connues: new Set(donnees.index.map(([terme]) => terme)) };
  }

  window.RechercheMoteur = { creer, normaliser };
})();
