// Le moteur de la recherche du site : ce que fait `loi cherche` (indexer/recherche/moteur.py,
// Chercheur), sur les données qu'écrit indexer/recherche/pour_site.py. Les passages notés par
// Whoosh (recherche-interrogation.js, recherche-disjonction.js), regroupés par loi (le meilleur
// passage pesé selon son genre, plus une part des suivants, les lois citées ou évoquées
// favorisées), la correction des fautes, les passages montrés et leurs extraits. Mêmes poids et
// mêmes limites que la commande (pour_site.reglages) ; mêmes notes, au dernier chiffre
// (tests/test_moteur_js.py fait tourner node sur toutes les requêtes de tests/eval/).
(function (module) {
  (globalThis.RechercheModules = globalThis.RechercheModules || []).push(module);
  globalThis[module.name] = module(globalThis);
})(function RechercheMoteur(g) {
  "use strict";

  const FORMAT = 4;

  // Les documents des données, nommés ; ceux d'une page partagent son titre.
  const documents = (donnees) => donnees.docs.map((d, n) => ({ n, groupe: d[0], loi: d[1], type: d[2],
    edition: d[3], ref: d[4], refs: d[5], url: d[6], titre: donnees.titres[d[7]], texte: d[8], montre: d[9] }));

  // Le Chercheur : donnees, celles de pour_site.donnees ; C, citation.js (sa grammaire écrite
  // depuis indexer/labels.py).
  function creer(donnees, C) {
    if (!donnees || donnees.format !== FORMAT) throw new Error("données de recherche d'un autre format");
    const { RechercheAnalyse, RechercheRequete, RechercheIndex, RechercheDisjonction, RechercheInterrogation,
      RechercheExtraits } = g;
    const R = donnees.reglages;
    const P = R.poids;
    const v = donnees.vocabulaire;
    const A = RechercheAnalyse.creer(donnees.mots_vides, new Map(v.mots.map((m, i) => [m, v.racines[i]])));
    const Q = RechercheRequete.creer(R, A, C);
    const syn = RechercheRequete.synonymes(donnees.synonymes);
    const docs = documents(donnees);
    const suite = (champ, doc) => A.suite(champ === "titre" ? docs[doc].titre : docs[doc].texte);
    const index = RechercheIndex.lire(donnees.index, docs.length, suite);
    const notes = RechercheDisjonction.noter(index, P.b, P.k1);
    const seuilFrequent = R.frequent * docs.length;
    const frequents = new Map();
    const frequent = (racine) => {
      if (!frequents.has(racine)) frequents.set(racine, index.frequence("texte", racine) > seuilFrequent);
      return frequents.get(racine);
    };
    const I = RechercheInterrogation.creer(R, notes, syn, docs, C, frequent);
    const E = RechercheExtraits.creer(R, A);
    const pagesLoi = new Map(); // la page d'une loi, sans ancre : où mène le titre de son groupe
    const titresLoi = new Map(); // moteur.titre_loi
    for (const d of docs) {
      if (d.loi === null) continue;
      if (!titresLoi.has(d.loi)) titresLoi.set(d.loi, d.titre);
      if (d.type === "loi" && !pagesLoi.has(d.loi)) pagesLoi.set(d.loi, d.url.split("#")[0]);
    }

    const comprendre = (texte) => Q.comprendre(texte, syn);

    // Chercheur.scores : [note, document] des passages trouvés, meilleurs d'abord (puis l'ordre
    // de la page), au plus R.candidats.
    function scores(requete) {
      const notes = I.construire(requete, Q.ecart);
      if (notes === null) return [];
      const liste = [...notes].map(([doc, s]) => [s, doc]);
      liste.sort((a, b) => b[0] - a[0] || a[1] - b[1]);
      return liste.slice(0, R.candidats);
    }

    // Chercheur._meilleurs : les R.gardes meilleurs, un par paragraphe et édition, chaque
    // situation comptant (elle redit son paragraphe : deux qui répondent le disent deux fois).
    function _meilleurs(liste) {
      if (liste.length === 1) return [liste[0]];
      liste.sort((a, b) => b[0] - a[0] || a[1] - b[1]);
      const paquet = [];
      const vus = new Set();
      for (const [score, doc] of liste) {
        const cle = docs[doc].type === R.situation ? doc : docs[doc].edition + "\u0000" + docs[doc].ref;
        if (vus.has(cle)) continue;
        vus.add(cle);
        paquet.push([score, doc]);
        if (paquet.length === R.gardes) break;
      }
      return paquet;
    }

    // Chercheur.grouper : les lois (et documents à part), meilleure d'abord ; chacune avec tous
    // ses passages, meilleurs d'abord.
    function grouper(touches, requete, limite) {
      if (!touches.length) return [];
      const seuil = touches[0][0] * R.negligeable;
      const candidats = new Map();
      for (const [score, doc] of touches) {
        if (score < seuil) break;
        const d = docs[doc];
        const cle = d.groupe !== null ? d.groupe : "doc" + doc;
        if (!candidats.has(cle)) candidats.set(cle, []);
        candidats.get(cle).push([score * (P[d.type] !== undefined ? P[d.type] : P.autre), doc]);
      }
      let meilleur = -Infinity;
      for (const liste of candidats.values()) for (const [s] of liste) meilleur = Math.max(meilleur, s);
      const citees = new Set(requete.refs.map((l) => l.loi));
      const classes = [];
      for (const [cle, liste] of candidats) {
        const paquet = _meilleurs(liste);
        let score = paquet[0][0] + P.suivants * paquet.slice(1).reduce((t, [s]) => t + s, 0);
        const numero = typeof cle === "number" ? cle : null;
        if (requete.loisEvoquees.has(numero)) score *= 1 + P.evoquee;
        if (citees.has(numero)) score += P.citee * meilleur;
        classes.push({ score, premier: paquet[0][1], loi: numero, tous: liste });
      }
      classes.sort((a, b) => b.score - a.score || a.premier - b.premier);
      return classes.slice(0, limite);
    }

    // Chercheur._remplir : les passages montrés d'un groupe (un paragraphe une fois, le
    // meilleur ; une situation montre son paragraphe) et leurs extraits.
    function _remplir(groupe, parGroupe, cherchees, largeur) {
      const passages = [];
      const vus = new Set();
      for (const [score, n] of groupe.tous) {
        if (passages.length >= parGroupe) break;
        const d = docs[docs[n].montre];
        const cle = d.edition + "\u0000" + d.ref;
        if (vus.has(cle)) continue;
        vus.add(cle);
        const e = largeur ? E.extrait(d.texte, cherchees, largeur) : { texte: "", marques: [] };
        passages.push({ loi: d.loi, ref: d.ref, titre: d.titre, type: d.type, edition: d.edition, url: d.url, score,
          extrait: e.texte, marques: e.marques });
      }
      let titre = passages.length ? passages[0].titre : "";
      if (groupe.loi !== null) {
        const propre = passages.find((p) => p.loi === groupe.loi && p.type !== "index");
        titre = (propre && propre.titre) || titresLoi.get(groupe.loi) || "";
      }
      const url = groupe.loi !== null && pagesLoi.has(groupe.loi) ? pagesLoi.get(groupe.loi)
        : (passages[0] || { url: "" }).url;
      return { loi: groupe.loi, titre, score: groupe.score, url, passages };
    }

    function _executer(requete, tape, o) {
      const touches = scores(requete);
      const cherchees = RechercheExtraits.racinesCherchees(requete);
      const groupes = grouper(touches, requete, o.limite).map((gr) => _remplir(gr, o.parGroupe, cherchees, o.largeur));
      return { requete: tape, interpretation: requete.texte, groupes, total: touches.length, corrigee: false,
        ignoree: requete.syntaxeIgnoree, racines: [...cherchees] };
    }

    const F = RechercheFautes(A, v);

    // Chercheur.corriger : la requête, ses mots mal écrits remplacés ; null si rien ne change.
    function corriger(requete, tous) {
      const mots = requete.texte.split(" ");
      let change = false;
      // Un mot d'une expression des synonymes (« quitted trick ») est bien écrit.
      const dansExpression = new Set(requete.concepts.filter((c) => c.synonyme && c.phrase)
        .flatMap((c) => c.mots.map((m) => A.plier(m))));
      for (const c of requete.concepts) {
        if (c.mots.length !== 1 || c.phrase || c.exclu) continue;
        if (dansExpression.has(A.plier(c.mots[0]))) continue;
        if (!tous && c.variantes.some((va) => va.some((r) => index.connu(r)))) continue;
        const mieux = F.voisin(c.mots[0], tous);
        if (mieux === null) continue;
        const cible = A.plier(c.mots[0]);
        mots.forEach((m, i) => {
          if (RechercheRequete.bornes(A.plier(m), ".,;:!?()'") === cible) { mots[i] = mieux; change = true; }
        });
      }
      if (!change) return null;
      return mots.map((m) => (m === A.plier(m) ? F.accent(m) : m)).join(" ");
    }

    // Chercheur.chercher ; options : limite, parGroupe, largeur (celles du site par défaut) et
    // completer (en tapant, le dernier mot inachevé est complété : le site seul).
    function chercher(texte, options) {
      const o = Object.assign({ limite: 10, parGroupe: 3, largeur: 160, completer: false }, options || {});
      const complete = o.completer ? F.completer(texte) : texte;
      if (complete !== texte) {
        return Object.assign(chercher(complete, Object.assign({}, o, { completer: false })),
          { requete: texte, corrigee: true });
      }
      const requete = comprendre(texte);
      const corrigee = corriger(requete, false);
      const comprise = corrigee === null ? requete : comprendre(corrigee);
      const reponse = _executer(comprise, requete.texte, o);
      if (reponse.total < R.maigre && corrigee === null) {
        const elargie = corriger(requete, true);
        if (elargie !== null) {
          const autre = _executer(comprendre(elargie), requete.texte, o);
          if (autre.total > reponse.total) return Object.assign(autre, { corrigee: true });
        }
      }
      return Object.assign(reponse, { corrigee: corrigee !== null });
    }

    return { chercher, comprendre, scores, preparer: F.preparer, documents: docs.length };
  }

  // Les fautes de frappe (Chercheur.voisin, accent) et la complétion du site, sur le
  // vocabulaire des textes (pour_site.vocabulaire : mots pliés, fréquences, accents).
  function RechercheFautes(A, donnees) {
    let vocabulaire = null;
    function lexique() {
      if (!vocabulaire) {
        vocabulaire = { mots: donnees.mots, frequences: new Map(donnees.mots.map((m, i) => [m, donnees.frequences[i]])),
          accents: new Map(Object.entries(donnees.accents)) };
      }
      return vocabulaire;
    }

    // Levenshtein borné : max + 1 dès que la distance dépasse max.
    function distance(a, b, max) {
      if (Math.abs(a.length - b.length) > max) return max + 1;
      let ligne = Array.from({ length: b.length + 1 }, (_, j) => j);
      for (let i = 1; i <= a.length; i++) {
        const suivante = [i];
        let minimum = i;
        for (let j = 1; j <= b.length; j++) {
          const val = Math.min(ligne[j] + 1, suivante[j - 1] + 1, ligne[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
          suivante.push(val);
          minimum = Math.min(minimum, val);
        }
        if (minimum > max) return max + 1;
        ligne = suivante;
      }
      return ligne[b.length];
    }

    // L'orthographe des textes la plus fréquente à une ou deux fautes (même première lettre).
    function voisin(mot, rare) {
      const plie = A.plier(mot);
      if (plie.length < 4 || /^\d+$/.test(plie)) return null;
      const lex = lexique();
      const seuil = rare ? Math.max(1, 5 * (lex.frequences.get(plie) || 0)) : 1;
      for (const d of plie.length >= 7 ? [1, 2] : [1]) {
        let choix = null;
        for (const c of lex.mots) {
          if (c === plie || c[0] !== plie[0] || distance(plie, c, d) > d) continue;
          const f = lex.frequences.get(c);
          if (f >= seuil && (choix === null || f > choix[0] || (f === choix[0] && c > choix[1]))) choix = [f, c];
        }
        if (choix) return choix[1];
      }
      return null;
    }

    // Le mot plié tel que les textes l'écrivent, accents compris (enchere → enchère).
    const accent = (mot) => lexique().accents.get(mot) || mot;

    // Le dernier mot inachevé (« revendic ») devient le plus fréquent des textes qui commence ainsi.
    function completer(texte) {
      const fin = /[\p{L}\p{N}_]+$/u.exec(texte);
      const plie = fin ? A.plier(fin[0]) : "";
      const lex = lexique();
      if (plie.length < 3 || lex.frequences.has(plie)) return texte;
      let choix = null;
      for (const mot of lex.mots) {
        if (!mot.startsWith(plie)) continue;
        if (choix === null || lex.frequences.get(mot) > lex.frequences.get(choix)) choix = mot;
      }
      return choix === null ? texte : texte.slice(0, fin.index) + accent(choix);
    }

    // Ce que la première faute de frappe demanderait, fait d'avance quand rien d'autre n'attend.
    const preparer = () => { lexique(); };

    return { voisin, accent, completer, preparer };
  }

  return { creer, FORMAT };
});
