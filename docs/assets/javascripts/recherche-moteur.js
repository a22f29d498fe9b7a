// Le moteur de la recherche du site : ce que fait `loi cherche`, dans le navigateur.
// MiniSearch tient l'index inversé ; par-dessus, les étapes de la commande
// (indexer/recherche/requete.py, interrogation.py, disjonction.py, moteur.py, extraits.py) : la
// requête comprise en concepts (mot tapé et synonymes, expressions, -mot, numéros de loi, mots
// de conversation retirés), chaque concept noté par sa meilleure feuille plus le départage des
// autres, en BM25F (le calcul de Whoosh : son idf, ses longueurs), les passages regroupés par
// loi, la correction des fautes, l'extrait autour des mots trouvés. Les poids sont ceux de la commande, lus dans les données
// (pour_site.reglages) : tests/test_site_recherche.py compare le MRR@10 des deux.
(function () {
  "use strict";

  const FORMAT = 3;
  const LONGUEUR_MAX = 400;
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
    const v = donnees.vocabulaire;
    const A = analyse.creer(donnees.mots_vides, new Map(v.mots.map((m, i) => [m, v.racines[i]])));
    const R = donnees.reglages;
    // La grammaire des citations est celle de citation.js, écrite depuis indexer/labels.py.
    const PREFIXES_LOI = new Set(citation.prefixesLoi);
    // « 3 levées », « étui 12 », « 7 de cœur », « 60 40 » : un compte, pas une loi (requete.compte).
    const UNITES = new RegExp(R.unites);
    const NUMEROTES = new RegExp(R.numerotes);
    const APPEL_NOTE = new RegExp(R.appel_note, "g");
    const QUESTION = new RegExp(R.question, "giu");
    const LIAISONS = new Set(R.liaisons);
    const DETERMINANTS = new Set(R.determinants);
    const estNombre = (mot) => /^\d+$/.test(mot);
    const compte = (mot, avant, apres, ensuite) =>
      UNITES.test(apres) || NUMEROTES.test(avant) || estNombre(apres) || estNombre(avant) ||
      (estNombre(mot) && DETERMINANTS.has(avant)) || (LIAISONS.has(apres) && UNITES.test(ensuite));
    const P = R.poids;
    const docs = donnees.docs.map((d, n) => ({ n, groupe: d[0], loi: d[1], type: d[2], edition: d[3], ref: d[4],
      refs: d[5], url: d[6], titre: donnees.titres[d[7]], texte: d[8], montre: d[9] }));
    // La page de chaque loi (sans ancre), où mène le titre d'un groupe (cherche.url_groupe), et son
    // titre, celui du groupe même quand seules des entrées de l'index répondent (moteur.titre_loi).
    const pagesLoi = new Map();
    const titresLoi = new Map();
    for (const d of docs) {
      if (d.loi === null) continue;
      if (!titresLoi.has(d.loi)) titresLoi.set(d.loi, d.titre);
      if (d.type === "loi" && !pagesLoi.has(d.loi)) pagesLoi.set(d.loi, d.url.split("#")[0]);
    }
    const syn = synonymes(donnees.synonymes);
    const index = indexer(donnees.index, MiniSearch, P);
    const nombre = docs.length;
    let vocabulaire = null;
    const positionsCache = new Map();

    // --- la requête comprise (requete.py) ---------------------------------------------

    function _citation(jetons, i) {
      const mot = jetons[i];
      if (!citation.estMot(mot)) return null;
      const [apres, ensuite] = [i + 1, i + 2].map((j) => (j < jetons.length ? A.plier(jetons[j]) : ""));
      const avant = i > 0 ? A.plier(jetons[i - 1]).replace(/\.+$/, "") : "";
      if (!PREFIXES_LOI.has(avant) && compte(mot, avant, apres, ensuite)) return null;
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

    // Les mots qui disent l'expression à partir du mot i, ses racines dans n'importe quel ordre,
    // côte à côte, le mot i parmi eux, ou null ; un « est » en minuscules que l'expression n'a
    // pas est sauté : « la renonce est consommée » (requete._morceau).
    function morceauDe(pleins, i, expression) {
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

    function expressions(pleins, i) {
      const trouves = [];
      for (const [expression, rangs] of syn.parMot.get(pleins[i][2]) || []) {
        const morceau = morceauDe(pleins, i, expression);
        if (morceau && !morceau.some((p) => p[1]) && (!trouves.length || expression.length === 1)) {
          trouves.push([expression, rangs, morceau.map((p) => p[0])]);
        }
      }
      return trouves.reverse();
    }

    // Un mot précédé (d'un ou deux mots) d'une négation : « sans faire exprès », « pas exprès »
    // (requete._nies) ; ses expressions qui nomment des lois ne sont pas lues.
    const NEGATIONS = new Set(R.negations);
    function nies(mots) {
      const plies = mots.map(([m]) => A.plier(m));
      return plies.map((_, j) => plies.slice(Math.max(0, j - 2), j).some((p) => NEGATIONS.has(p)));
    }

    function conceptsLibres(mots) {
      const negations = nies(mots);
      const pleins = [];
      mots.forEach(([m, e], j) => {
        const r = A.racines(m);
        if (r.length && (e || !syn.remplissage.has(r[0]))) pleins.push([m, e, r[0], negations[j]]);
      });
      const concepts = [];
      pleins.forEach(([mot, exclu, racine, nie], i) => {
        let trouves = exclu ? [] : expressions(pleins, i);
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
          concepts.push({ mots: tapes,
            variantes: [expression, ...autres.values()], phrase: expression.length > 1, exclu: false, synonyme: true });
        }
      });
      return concepts;
    }

    function loisEvoquees(concepts) {
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

    function comprendre(texte) {
      const propre = normaliser(texte);
      const ignoree = (propre.match(/"/g) || []).length % 2 === 1;
      const morceaux = ignoree ? ["", propre.replace(/"/g, " ")] : propre.split('"');
      const phrases = ignoree ? [] : morceaux.filter((_, i) => i % 2 === 1);
      const libres = ignoree ? [morceaux[1]] : morceaux.filter((_, i) => i % 2 === 0);
      const mots = [];
      const refs = [];
      // L'échafaudage d'une question (« est-ce que », « faut-il », « ai-je le droit de ») : requete.QUESTION.
      for (const libre of libres) motsEtRefs(libre.replace(QUESTION, " "), mots, refs);
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

    // BM25F de Whoosh (idf = log(N / (n + 1)) + 1) pour une racine dans un champ : document → score.
    // MiniSearch calcule le même BM25 avec son idf ; on le remplace par celui de Whoosh.
    function terme(racine, champ) {
      const resultats = index.mini.search(racine, { fields: [champ] });
      const n = resultats.length;
      const facteur = (Math.log(nombre / (n + 1)) + 1) / Math.log(1 + (nombre - n + 0.5) / (n + 0.5));
      return new Map(resultats.map((r) => [r.id, r.score * facteur]));
    }

    function occurrence(doc, champ, racines, ecart) {
      const table = positions(doc, champ);
      const listes = racines.map((r) => table.get(r) || []);
      return listes[0].some((depart) => {
        let precedente = depart;
        for (const liste of listes.slice(1)) {
          const suivante = liste.find((p) => p - precedente > 0 && p - precedente <= ecart);
          if (suivante === undefined) return false;
          precedente = suivante;
        }
        return true;
      });
    }

    // Les passages qui disent chaque expression des synonymes, trouvés par Whoosh à la
    // construction de l'index (index.phrases) : la commande ne relit pas leurs positions
    // (disjonction.PhraseDite), le navigateur non plus. Une autre suite de racines (une phrase
    // tapée entre guillemets) est cherchée mot à mot.
    const dites = {};
    for (const champ of ["texte", "titre"]) {
      dites[champ] = new Map(syn.phrases[champ].map(([expression, passages]) => [expression, new Set(passages)]));
    }

    function dite(doc, champ, racines, ecart, parTerme) {
      const passages = ecart === R.slop_synonyme ? dites[champ].get(racines.join(" ")) : undefined;
      if (passages !== undefined) return passages.has(doc);
      return parTerme.every((t) => t.has(doc)) && occurrence(doc, champ, racines, ecart);
    }

    // Une variante d'un concept (interrogation._variante) : une racine, ou une expression (ses
    // racines dans l'ordre, à « ecart » près) notée comme Whoosh note une Phrase, la somme des
    // notes de ses racines là où elle se trouve ; une feuille par champ (une racine trop
    // fréquente, dans le titre seulement). Gardées d'une requête à l'autre : en tapant, chaque
    // lettre relance la requête entière.
    const feuilles = new Map();

    function feuillesDe(racines, ecart) {
      const cle = racines.join(" ") + "\u0000" + ecart;
      let trouvees = feuilles.get(cle);
      if (!trouvees) {
        if (feuilles.size > 2000) feuilles.clear();
        trouvees = calculerFeuilles(racines, ecart);
        feuilles.set(cle, trouvees);
      }
      return trouvees;
    }

    function calculerFeuilles(racines, ecart) {
      const sortie = [];
      for (const champ of ["texte", "titre"]) {
        const parTerme = racines.map((r) => terme(r, champ));
        // Une racine dans plus de R.frequent des textes : cherchée dans les titres seulement.
        if (racines.length === 1 && champ === "texte" && parTerme[0].size > R.frequent * nombre) continue;
        const scores = new Map();
        for (const [doc, score] of parTerme[0]) {
          if (racines.length > 1 && !dite(doc, champ, racines, ecart, parTerme)) continue;
          scores.set(doc, parTerme.reduce((t, m) => t + m.get(doc), 0));
        }
        sortie.push([champ, scores]);
      }
      return sortie;
    }

    // Le concept (interrogation.concept, disjonction.MeilleurDe) : la meilleure de ses feuilles
    // sur le passage, plus « departage » fois les autres.
    function scoresConcept(concept) {
      const ecart = concept.phrase && !concept.synonyme ? 1 + concept.mots.filter((m) => A.vides.has(A.plier(m))).length : R.slop_synonyme;
      const meilleurs = new Map();
      const sommes = new Map();
      concept.variantes.forEach((v, rang) => {
        const poids = rang === 0 ? 1.0 : P.synonyme;
        for (const [champ, scores] of feuillesDe(v, ecart)) {
          const boost = poids * (champ === "titre" ? P.titre : 1);
          for (const [doc, brut] of scores) {
            const score = boost * brut;
            if (score > (meilleurs.get(doc) || 0)) meilleurs.set(doc, score);
            sommes.set(doc, (sommes.get(doc) || 0) + score);
          }
        }
      });
      const sortie = new Map();
      for (const [doc, m] of meilleurs) sortie.set(doc, m + P.departage * (sommes.get(doc) - m));
      return sortie;
    }

    // Les passages trouvés, (score, document), meilleurs d'abord, au plus R.candidats.
    function touches(requete) {
      const total = new Map();
      const exclus = new Set();
      for (const concept of requete.concepts) {
        const scores = scoresConcept(concept);
        if (concept.exclu) { for (const doc of scores.keys()) exclus.add(doc); continue; }
        for (const [doc, score] of scores) total.set(doc, (total.get(doc) || 0) + score);
      }
      for (const label of requete.refs) {
        const chemin = citation.compacte(label).toLowerCase();
        for (const d of docs) {
          let bonus = d.loi === label.loi ? R.citation : 0;
          if (label.parties.length && d.refs.includes(chemin)) bonus += R.sous_paragraphe;
          if (bonus) total.set(d.n, (total.get(d.n) || 0) + bonus);
        }
      }
      for (const doc of exclus) total.delete(doc);
      const liste = [...total].map(([doc, score]) => [score, doc]);
      liste.sort((a, b) => b[0] - a[0] || a[1] - b[1]);
      return liste.slice(0, R.candidats);
    }

    function meilleurs(liste) {
      liste.sort((a, b) => b[0] - a[0] || a[1] - b[1]); // meilleur d'abord, puis ordre de la page
      const paquet = [];
      const vus = new Set();
      for (const [score, doc] of liste) {
        // Chaque situation redit son paragraphe : deux qui répondent le disent deux fois plus sûrement.
        const cle = docs[doc].type === R.situation ? doc : docs[doc].edition + "\u0000" + docs[doc].ref;
        if (vus.has(cle)) continue;
        vus.add(cle);
        paquet.push([score, doc]);
        if (paquet.length === R.gardes) break;
      }
      return paquet;
    }

    // Les lois (et documents à part), meilleure d'abord (moteur.Chercheur.grouper).
    function grouper(trouves, requete, limite) {
      if (!trouves.length) return [];
      const seuil = trouves[0][0] * R.negligeable;
      const candidats = new Map();
      for (const [score, doc] of trouves) {
        if (score < seuil) break;
        const d = docs[doc];
        const cle = d.groupe !== null ? d.groupe : "doc" + doc;
        if (!candidats.has(cle)) candidats.set(cle, []);
        candidats.get(cle).push([score * (P[d.type] !== undefined ? P[d.type] : P.autre), doc]);
      }
      let meilleur = 0;
      for (const liste of candidats.values()) for (const [s] of liste) meilleur = Math.max(meilleur, s);
      const citees = new Set(requete.refs.map((l) => l.loi));
      const classes = [];
      for (const [cle, liste] of candidats) {
        const paquet = meilleurs(liste); // trie la liste, le meilleur d'abord
        let score = paquet[0][0] + P.suivants * paquet.slice(1).reduce((t, [s]) => t + s, 0);
        const numero = typeof cle === "number" ? cle : null;
        if (requete.lois.has(numero)) score *= 1 + P.evoquee;
        if (citees.has(numero)) score += P.citee * meilleur;
        classes.push({ score, premier: paquet[0][1], loi: numero, tous: liste });
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
      // Un mot d'une expression des synonymes (« quitted trick ») est bien écrit : le « corriger »
      // (quitted → quitter) perdrait l'expression.
      const dansExpression = new Set(requete.concepts.filter((c) => c.synonyme && c.phrase)
        .flatMap((c) => c.mots.map((m) => A.plier(m))));
      for (const c of requete.concepts) {
        if (c.mots.length !== 1 || c.phrase || c.exclu) continue;
        if (dansExpression.has(A.plier(c.mots[0]))) continue;
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

    function surlignes(plat, voulues) {
      if (!voulues.size) return [];
      const tetes = new Set([...voulues].map((r) => r.slice(0, 3)));
      const sortie = [];
      for (const m of A.mots(plat)) {
        if (m.fin - m.debut < R.surligne_min) continue;
        if (m.racine && (tetes.has(m.plie.slice(0, 3)) || voulues.has(m.plie)) && voulues.has(m.racine)) {
          sortie.push([m.debut, m.fin, m.racine]);
        }
      }
      return sortie;
    }

    function extrait(texte, voulues, largeur) {
      const plat = texte.replace(APPEL_NOTE, "").replace(/\s+/g, " ").trim();
      const t = surlignes(plat, voulues);
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
      // Le dernier blanc avant fin, fin exclue, comme str.rfind(" ", debut, fin).
      if (fin < plat.length && plat.lastIndexOf(" ", fin - 1) > debut) fin = plat.lastIndexOf(" ", fin - 1);
      const avant = debut ? "… " : "";
      const apres = fin < plat.length ? " …" : "";
      const decalage = avant.length - debut;
      const marques = t.filter(([d, f]) => d >= debut && f <= fin).map(([d, f]) => [d + decalage, f + decalage]);
      return { texte: avant + plat.slice(debut, fin) + apres, marques };
    }

    // --- la réponse -----------------------------------------------------------------------

    // Un passage trouvé par une situation de table (jamais montrée) montre son paragraphe,
    // dont les données donnent le rang (moteur.Chercheur.montre, index.documents).
    const montre = (n) => docs[n].montre;

    function executer(requete, limite, parGroupe, largeur) {
      const trouves = touches(requete);
      const voulues = cherchees(requete);
      const groupes = grouper(trouves, requete, limite).map((g) => {
        const passages = [];
        const vus = new Set(); // un paragraphe, ses autres citations, ses situations : une fois, le meilleur
        for (const [score, n] of g.tous) {
          if (passages.length >= parGroupe) break;
          const d = docs[montre(n)];
          const cle = d.edition + "\u0000" + d.ref;
          if (vus.has(cle)) continue;
          vus.add(cle);
          const e = largeur ? extrait(d.texte, voulues, largeur) : { texte: "", marques: [] };
          passages.push({ loi: d.loi, ref: d.ref, titre: d.titre, type: d.type, edition: d.edition, url: d.url, score,
            extrait: e.texte, marques: e.marques });
        }
        const propre = passages.find((p) => p.loi === g.loi);
        const url = g.loi === null ? (passages[0] || { url: "" }).url : pagesLoi.get(g.loi) || passages[0].url;
        const titre = g.loi === null ? (passages[0] || { titre: "" }).titre : (propre ? propre.titre : titresLoi.get(g.loi) || "");
        return { loi: g.loi, titre, score: g.score, url, passages };
      });
      return { requete: requete.texte, interpretation: requete.texte, groupes, total: trouves.length,
        corrigee: false, ignoree: requete.ignoree, racines: [...voulues] };
    }

    // Pendant la frappe (option « completer »), le dernier mot inachevé (« revendic ») devient
    // le mot le plus fréquent des textes qui commence ainsi ; la commande, elle, ne complète pas.
    function completer(texte) {
      const fin = /[\p{L}\p{N}_]+$/u.exec(texte);
      const plie = fin ? A.plier(fin[0]) : "";
      const v = lexique();
      if (plie.length < 3 || v.frequences.has(plie)) return texte;
      let choix = null;
      for (const mot of v.mots) {
        if (mot.startsWith(plie) && (choix === null || v.frequences.get(mot) > v.frequences.get(choix))) choix = mot;
      }
      return choix === null ? texte : texte.slice(0, fin.index) + (v.accents.get(choix) || choix);
    }

    function chercher(texte, options) {
      const o = Object.assign({ limite: 10, parGroupe: 3, largeur: 160, completer: false }, options || {});
      const complete = o.completer ? completer(texte) : texte;
      if (complete !== texte) {
        return Object.assign(chercher(complete, Object.assign({}, o, { completer: false })), { requete: texte, corrigee: true });
      }
      const requete = comprendre(texte);
      if (vide(requete)) return executer(requete, 0, 0, 0);
      const corrigee = corriger(requete, false);
      const comprise = corrigee === null ? requete : comprendre(corrigee);
      let reponse = executer(comprise, o.limite, o.parGroupe, o.largeur);
      if (reponse.total < R.maigre && corrigee === null) {
        const elargie = corriger(requete, true);
        if (elargie !== null) {
          const autre = executer(comprendre(elargie), o.limite, o.parGroupe, o.largeur);
          if (autre.total > reponse.total) return Object.assign(autre, { requete: requete.texte, corrigee: true });
        }
      }
      return Object.assign(reponse, { requete: requete.texte, corrigee: corrigee !== null });
    }

    // (score, document) des passages d'une requête sans correction : tests/test_site_recherche.py
    // les compare à ceux de Whoosh.
    const passages = (texte) => touches(comprendre(texte));

    // Ce que la première faute de frappe demanderait (le vocabulaire en tables), fait d'avance
    // quand le navigateur n'a rien d'autre à faire.
    const preparer = () => { lexique(); };

    return { chercher, comprendre, passages, preparer, documents: docs.length };
  }

  // Les groupes de synonymes et, par racine, les expressions qui l'ont (la plus
  // longue d'abord : requete.synonymes_compiles).
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

  // L'index MiniSearch, écrit par indexer/recherche/pour_site.py (textes analysés par l'analyse
  // Python), et ses racines.
  function indexer(donnees, MiniSearch, poids) {
    const mini = MiniSearch.loadJS(donnees, {
      fields: ["titre", "texte"],
      searchOptions: { tokenize: (t) => [t], processTerm: (t) => t, bm25: { k: poids.k1, b: poids.b, d: 0 } },
    });
    return { mini, connues: new Set(donnees.index.map(([terme]) => terme)) };
  }

  window.RechercheMoteur = { creer, normaliser };
})();
