// Le travailleur de la recherche (Web Worker) : il lit les données et répond aux requêtes hors
// du fil de la page, qui ne fait qu'afficher (recherche.js).
//
// Sur http(s), la page le lance depuis ce fichier : il charge à côté de lui le moteur et les
// données (importScripts). Depuis file:// (le zip), un travailleur ne peut charger aucun
// fichier : la page charge alors le moteur et les données en <script> (définir des fonctions et
// une chaîne ne coûte presque rien), écrit le travailleur avec le texte de ces fabriques
// (source, ci-dessous) et lui envoie les données. SCRIPTS : la liste des fichiers du moteur,
// dans l'ordre, une seule fois ici (la page, le travailleur et node la lisent).
(function (module) {
  (globalThis.RechercheModules = globalThis.RechercheModules || []).push(module);
  globalThis[module.name] = module(globalThis);
})(function RechercheTravail(g) {
  "use strict";

  const SCRIPTS = ["citation.js", "recherche-analyse.js", "recherche-requete.js", "recherche-index.js",
    "recherche-disjonction.js", "recherche-interrogation.js", "recherche-extraits.js", "recherche-moteur.js"];
  const DONNEES = "recherche-donnees.js";
  const maintenant = () => (g.performance ? g.performance.now() : Date.now());

  // Le texte d'un travailleur sans fichier : la grammaire des citations, puis chaque fabrique
  // chargée (celle-ci la dernière : le moteur est là, elle attend les données).
  function source(modules, grammaire) {
    const vus = new Set();
    const lignes = ["globalThis.CITATION_GRAMMAIRE = " + JSON.stringify(grammaire) + ";"];
    const celleCi = (f) => f.name === "RechercheTravail";
    for (const f of [...modules.filter((f) => !celleCi(f)), ...modules.filter(celleCi)]) {
      if (vus.has(f.name)) continue;
      vus.add(f.name);
      lignes.push("globalThis." + f.name + " = (" + f.toString() + ")(globalThis);");
    }
    return lignes.join("\n");
  }

  // En tapant, le dernier mot inachevé (« revendic ») devient le plus fréquent des textes qui
  // commence ainsi (le site seul : la commande ne complète rien). Lexique : moteur.lexique().
  function completer(texte, lexique, accent) {
    const fin = /[\p{L}\p{N}_]+$/u.exec(texte);
    const plie = fin ? g.RechercheAnalyse.plier(fin[0]) : "";
    if (plie.length < 3 || lexique.frequences.has(plie)) return texte;
    let choix = null;
    for (const mot of lexique.mots) {
      if (!mot.startsWith(plie)) continue;
      if (choix === null || lexique.frequences.get(mot) > lexique.frequences.get(choix)) choix = mot;
    }
    return choix === null ? texte : texte.slice(0, fin.index) + accent(choix);
  }

  // moteur.chercher, le dernier mot complété d'abord si options.completer : la réponse dit alors
  // la requête tapée, corrigée.
  function chercher(moteur, texte, options) {
    const complete = options && options.completer ? completer(texte, moteur.lexique(), moteur.accent) : texte;
    if (complete === texte) return moteur.chercher(texte, options);
    return Object.assign(moteur.chercher(complete, options), { requete: texte, corrigee: true });
  }

  const dansUnTravailleur = typeof g.importScripts === "function" && !g.document;
  if (dansUnTravailleur) {
    let moteur = null;
    let erreur = null;
    const demarrer = (json) => {
      const debut = maintenant();
      try {
        moteur = g.RechercheMoteur.creer(JSON.parse(json), g.CitationLoi);
      } catch (e) {
        erreur = e.message;
      }
      g.postMessage({ pret: true, erreur, lecture: maintenant() - debut });
    };
    g.onmessage = (evenement) => {
      const m = evenement.data;
      if (m.donnees !== undefined) return demarrer(m.donnees);
      if (erreur) return g.postMessage({ n: m.n, erreur });
      if (m.preparer) return moteur.lexique(); // ce que la première faute de frappe demanderait
      const debut = maintenant();
      const reponse = chercher(moteur, m.texte, m.options);
      g.postMessage({ n: m.n, reponse, duree: maintenant() - debut });
    };
    if (!g.RechercheMoteur) { // lancé depuis ce fichier (http) : le moteur et les données sont à côté
      g.importScripts(...SCRIPTS, DONNEES);
      demarrer(g.RECHERCHE_DONNEES_JSON);
      delete g.RECHERCHE_DONNEES_JSON;
    }
  }

  return { SCRIPTS, DONNEES, source };
});
