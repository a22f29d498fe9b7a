// L'index de la recherche tel que Whoosh le lit, écrit par indexer/recherche/pour_site.py
// (postings) depuis les documents d'indexer/recherche/index.py : par champ et par racine, les
// documents et la fréquence de la racine dans chacun ; la longueur de chaque champ, arrondie à
// l'octet où Whoosh la range ; sa moyenne. Pas de MiniSearch : il ne servait qu'à tenir ces
// listes, et le classement défaisait son idf (README, « La recherche du site »).
(function (module) {
  (globalThis.RechercheModules = globalThis.RechercheModules || []).push(module);
  globalThis[module.name] = module(globalThis);
})(function RechercheIndex() {
  "use strict";

  const CHAMPS = ["texte", "titre"];

  // Les écarts entre documents, chacun suivi de -fréquence quand elle dépasse 1 → Map doc → fréquence.
  function decoder(liste) {
    const sortie = new Map();
    let doc = 0;
    for (let i = 0; i < liste.length; i++) {
      doc += liste[i];
      const suivant = liste[i + 1];
      if (suivant < 0) {
        sortie.set(doc, -suivant);
        i++;
      } else {
        sortie.set(doc, 1);
      }
    }
    return sortie;
  }

  // donnees : le champ « index » des données ; suite(champ, doc) : les racines du champ, mots vides
  // compris ("" à leur place), dont se lisent les positions (celles de Whoosh : un mot vide garde sa place).
  function lire(donnees, suite) {
    const decodees = { texte: new Map(), titre: new Map() };
    // Les documents d'une racine dans un champ (doc → fréquence), décodés une fois.
    function postings(champ, racine) {
      let table = decodees[champ].get(racine);
      if (table === undefined) {
        const liste = Object.prototype.hasOwnProperty.call(donnees.postings[champ], racine)
          ? donnees.postings[champ][racine] : [];
        table = decoder(liste);
        decodees[champ].set(racine, table);
      }
      return table;
    }
    // Dans combien de documents (doc_frequency).
    const frequence = (champ, racine) => postings(champ, racine).size;
    const longueur = (champ, doc) => donnees.longueurs[champ][doc];
    // avg_field_length de Whoosh, « or 1 » comme BM25FScorer.
    const moyenne = (champ) => donnees.moyennes[champ] || 1;
    // L'idf de Whoosh pour une racine dans n documents, log(N / (n + 1)) + 1, calculé par Python :
    // le Math.log d'un navigateur diffère de celui de la bibliothèque C au dernier chiffre.
    const idf = (n) => donnees.idf[n];
    // Les positions de chaque racine dans un champ d'un document, lues une fois.
    const lues = new Map();
    function positions(champ, doc) {
      const cle = champ + doc;
      let table = lues.get(cle);
      if (!table) {
        table = new Map();
        suite(champ, doc).forEach((r, p) => {
          if (!r) return;
          if (!table.has(r)) table.set(r, []);
          table.get(r).push(p);
        });
        lues.set(cle, table);
      }
      return table;
    }
    return { postings, frequence, longueur, moyenne, idf, positions };
  }

  return { lire, CHAMPS };
});
