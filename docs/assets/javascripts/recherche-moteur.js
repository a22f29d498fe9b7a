// Le moteur de la recherche du site : le Chercheur de indexer/recherche/moteur.py, ses méthodes
// dans son ordre et sous ses noms (en camelCase), sur les données qu'écrit
// indexer/recherche/pour_site.py. Les passages notés comme Whoosh les note
// (recherche-interrogation.js, recherche-disjonction.js), regroupés par loi (le meilleur passage
// pesé selon son genre, plus une part des suivants, les lois citées ou évoquées favorisées), la
// correction des fautes, les passages montrés et leurs extraits. Mêmes poids et mêmes limites
// que la commande (pour_site.reglages) ; mêmes notes, au dernier chiffre (tests/test_moteur_js.py
// fait tourner node sur toutes les requêtes de tests/eval/). La complétion en tapant, que la
// commande n'a pas, est dans recherche-travail.js.
(function (module) {
  (globalThis.RechercheModules = globalThis.RechercheModules || []).push(module);
  globalThis[module.name] = module(globalThis);
})(function RechercheMoteur(g) {
  "use strict";

  const FORMAT = 5;

  // Les documents des données (pour_site._document), nommés ; ceux d'une page partagent son titre.
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
    const A = RechercheAnalyse.creer(
      donnees.mots_vides, new Map(v.mots.map((m, i) => [m, v.racines[i]])), donnees.normalisation);
    const Q = RechercheRequete.creer(R, A, C);
    const syn = RechercheRequete.synonymes(donnees.synonymes);
    const docs = documents(donnees);
    const suite = (champ, doc) => A.suite(champ === "titre" ? docs[doc].titre : docs[doc].texte);
    const index = RechercheIndex.lire(donnees.index, suite);
    const seuil = R.frequent * docs.length;
    const frequents = new Map();
    // Une racine dans plus de R.frequent des textes, demandé une fois par racine.
    const frequent = (racine) => {
      if (!frequents.has(racine)) frequents.set(racine, index.frequence("texte", racine) > seuil);
      return frequents.get(racine);
    };
    const I = RechercheInterrogation.creer(R, RechercheDisjonction.noter(index, P.b, P.k1), docs, C, Q.ecart);
    const E = RechercheExtraits.creer(R, A);
    const pagesLoi = new Map(); // la page d'une loi, sans ancre : où mène le titre de son groupe (le site seul)
    const titresLoi = new Map();
    for (const d of docs) {
      if (d.loi === null) continue;
      if (!titresLoi.has(d.loi)) titresLoi.set(d.loi, d.titre);
      if (d.type === "loi" && !pagesLoi.has(d.loi)) pagesLoi.set(d.loi, d.url.split("#")[0]);
    }
    const comprendre = (texte) => Q.comprendre(texte, syn);
    const CHAMPS = RechercheIndex.CHAMPS;

    // Chercheur.chercher ; options : limite, parGroupe, largeur (celles du site par défaut ; une
    // largeur nulle ne coupe aucun extrait).
    function chercher(texte, options) {
      const o = Object.assign({ limite: 10, parGroupe: 3, largeur: 160 }, options || {});
      const requete = comprendre(texte);
      const tapee = A.normaliserRequete(texte);

      function executer(comprise) {
        const touches = scores(comprise);
        const cherchees = RechercheExtraits.racinesCherchees(comprise);
        const groupes = grouper(touches, comprise, o.limite);
        const remplis = groupes.map((gr) => _remplir(gr, o.parGroupe, cherchees, o.largeur));
        // moteur.Reponse (ignoree : sa syntaxe_ignoree) ; racines : les racines surlignées, que la page
        // passe au paragraphe ouvert.
        return { requete: tapee, interpretation: comprise.texte, groupes: remplis, total: touches.length,
          corrigee: false, ignoree: comprise.syntaxeIgnoree, racines: [...cherchees] };
      }

      const corrigee = corriger(requete, false);
      const reponse = executer(corrigee === null ? requete : comprendre(corrigee));
      if (reponse.total < R.maigre && corrigee === null) {
        const elargie = corriger(requete, true);
        const autre = elargie === null ? null : executer(comprendre(elargie));
        if (autre !== null && autre.total > reponse.total) return Object.assign(autre, { corrigee: true });
      }
      return Object.assign(reponse, { corrigee: corrigee !== null });
    }

    // Chercheur.scores : [note, document] des passages trouvés, meilleurs d'abord (puis l'ordre
    // de la page), au plus R.candidats.
    function scores(requete) {
      const notes = I.construire(requete, frequent, syn);
      if (notes === null) return [];
      const liste = [...notes].map(([doc, s]) => [s, doc]);
      liste.sort((a, b) => b[0] - a[0] || a[1] - b[1]);
      return liste.slice(0, R.candidats);
    }

    // Chercheur.grouper : les lois (et documents à part), meilleure d'abord ; chacune avec tous
    // ses passages, meilleurs d'abord.
    function grouper(touches, requete, limite) {
      if (!touches.length) return [];
      const seuilNegligeable = touches[0][0] * R.negligeable;
      const candidats = new Map();
      for (const [score, doc] of touches) {
        if (score < seuilNegligeable) break;
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
        const paquet = _meilleurs(liste); // trie liste, meilleurs d'abord
        let score = paquet[0][0] + P.suivants * paquet.slice(1).reduce((t, [s]) => t + s, 0);
        const numero = typeof cle === "number" ? cle : null;
        if (requete.loisEvoquees.has(numero)) score *= 1 + P.evoquee;
        if (citees.has(numero)) score += P.citee * meilleur;
        classes.push({ score, premier: paquet[0][1], loi: numero, tous: liste });
      }
      classes.sort((a, b) => b.score - a.score || a.premier - b.premier);
      return classes.slice(0, limite);
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

    // Chercheur.montre : le document qu'un résultat montre, lui-même ou, pour une situation, son paragraphe.
    const montre = (doc) => docs[doc].montre;

    // Chercheur._remplir : les passages montrés d'un groupe (un paragraphe une fois, le
    // meilleur ; une situation montre son paragraphe) et leurs extraits.
    function _remplir(groupe, parGroupe, cherchees, largeur) {
      const passages = [];
      const vus = new Set();
      for (const [score, doc] of groupe.tous) {
        if (passages.length >= parGroupe) break;
        const d = docs[montre(doc)];
        const cle = d.edition + "\u0000" + d.ref;
        if (vus.has(cle)) continue;
        vus.add(cle);
        const e = largeur ? E.extrait(d.texte, cherchees, largeur) : { texte: "", marques: [] };
        passages.push({ loi: d.loi, ref: d.ref, titre: d.titre, type: d.type, edition: d.edition, score,
          extrait: e.texte, marques: e.marques, url: d.url }); // moteur.Passage
      }
      let titre = passages.length ? passages[0].titre : "";
      if (groupe.loi !== null) {
        const propre = passages.find((p) => p.loi === groupe.loi && p.type !== "index");
        titre = (propre && propre.titre) || titreLoi(groupe.loi);
      }
      const url = groupe.loi !== null && pagesLoi.has(groupe.loi) ? pagesLoi.get(groupe.loi)
        : (passages[0] || { url: "" }).url;
      return { loi: groupe.loi, titre, score: groupe.score, passages, url }; // moteur.Groupe, et la page de sa loi
    }

    const titreLoi = (loi) => titresLoi.get(loi) || "";

    // Chercheur.corriger : la requête, ses mots mal écrits remplacés ; null si rien ne change.
    function corriger(requete, tous) {
      let mots = requete.texte.split(" ");
      // Un mot d'une expression des synonymes (« quitted trick ») est bien écrit.
      const dansExpression = new Set(requete.concepts.filter((c) => c.synonyme && c.phrase)
        .flatMap((c) => c.mots.map((m) => A.plier(m))));
      for (const c of requete.concepts) {
        if (c.mots.length !== 1 || c.phrase || c.exclu || dansExpression.has(A.plier(c.mots[0]))) continue;
        const connus = c.variantes.some((va) => va.some((r) => CHAMPS.some((champ) => index.frequence(champ, r))));
        if (!tous && connus) continue;
        const mieux = voisin(c.mots[0], tous);
        if (mieux === null) continue;
        const cible = A.plier(c.mots[0]);
        mots = mots.map((m) => (RechercheRequete.bornes(A.plier(m), ".,;:!?()'") === cible ? mieux : m));
      }
      if (mots.join(" ") === requete.texte) return null; // un voisin n'est jamais le mot lui-même
      return mots.map((m) => (m === A.plier(m) ? accent(m) : m)).join(" ");
    }

    // Le champ « mots » de l'index (pour_site.vocabulaire : mots pliés, fréquences, accents),
    // lu à la première faute de frappe.
    let lu = null;
    function lexique() {
      if (!lu) {
        lu = { mots: v.mots, frequences: new Map(v.mots.map((m, i) => [m, v.frequences[i]])),
          accents: new Map(Object.entries(v.accents)) };
      }
      return lu;
    }

    // Chercheur.frequence : dans combien de passages est ce mot plié, non raciné.
    const frequence = (mot) => lexique().frequences.get(mot) || 0;

    // Chercheur.voisin : l'orthographe des textes la plus fréquente à une ou deux fautes.
    function voisin(mot, rare) {
      const plie = A.plier(mot);
      if (plie.length < 4 || /^\d+$/.test(plie)) return null;
      const seuilRare = rare ? Math.max(1, 5 * frequence(plie)) : 1;
      for (const distance of plie.length >= 7 ? [1, 2] : [1]) {
        let choix = null; // max((fréquence, mot)) du Python
        for (const c of _termesProches(plie, distance)) {
          const f = frequence(c);
          if (c === plie || f < seuilRare) continue;
          if (choix === null || f > choix[0] || (f === choix[0] && c > choix[1])) choix = [f, c];
        }
        if (choix) return choix[1];
      }
      return null;
    }

    // reader.terms_within("mots", plie, distance, prefix=1) : les mots des textes à « distance »
    // fautes au plus, de même première lettre.
    const _termesProches = (plie, distance) =>
      lexique().mots.filter((c) => c[0] === plie[0] && _levenshtein(plie, c, distance) <= distance);

    // Chercheur.accent : le mot plié tel que les textes l'écrivent, accents compris (enchere → enchère).
    const accent = (mot) => lexique().accents.get(mot) || mot;

    return { chercher, comprendre, scores, lexique, accent };
  }

  // La distance d'édition, bornée : max + 1 dès qu'elle dépasse max.
  function _levenshtein(a, b, max) {
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

  return { creer };
});
