// Le moteur de recherche du site, dans node : les fichiers mêmes que charge le navigateur
// (docs/assets/javascripts, dans l'ordre de RechercheTravail.SCRIPTS), chargés comme des
// <script> (vm.runInThisContext), sur les données qu'écrit `loi construire --index`.
//
// Entrée (stdin, JSON) : { grammaire, donnees (chemin de recherche-donnees.js), requetes,
// options }. Sortie (stdout, JSON) : par requête, { scores: [[note, document]…] (Chercheur.scores,
// sans correction), reponse (chercher) }. Lu par tests/test_moteur_js.py et scripts/evaluer_site.py.
"use strict";
const fs = require("fs");
const path = require("path");
const vm = require("vm");

const JS = path.join(__dirname, "..", "docs", "assets", "javascripts");
const charger = (fichier) => vm.runInThisContext(fs.readFileSync(fichier, "utf8"), { filename: fichier });

const entree = JSON.parse(fs.readFileSync(0, "utf8"));
globalThis.CITATION_GRAMMAIRE = entree.grammaire;
charger(path.join(JS, "recherche-travail.js"));
for (const nom of globalThis.RechercheTravail.SCRIPTS) charger(path.join(JS, nom));
charger(entree.donnees);
const debut = performance.now();
const moteur = globalThis.RechercheMoteur.creer(JSON.parse(globalThis.RECHERCHE_DONNEES_JSON), globalThis.CitationLoi);
const pret = performance.now() - debut;
const sorties = entree.requetes.map((q) => ({
  scores: moteur.scores(moteur.comprendre(q)),
  reponse: moteur.chercher(q, entree.options),
}));
process.stdout.write(JSON.stringify({ pret_ms: pret, total_ms: performance.now() - debut, sorties }));
