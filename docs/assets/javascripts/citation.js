// La boîte « Aller à une citation » de la page d'accueil : « 68C », « loi 12 C 1 e », « 12c1e »
// mènent à la page de la loi et à l'ancre du paragraphe ; la recherche du site (recherche.js)
// s'en sert aussi : une citation tapée seule y ouvre son paragraphe.
//
// La grammaire n'est pas ici : scripts/apres_site.py écrit, en tête de ce script, globalThis.CITATION_GRAMMAIRE,
// les motifs mêmes de indexer/labels.py (parse_label, par recherche/pour_site.grammaire_citations) ;
// tests/test_citations_js.py donne la même table de saisies à Python et à node.
// La table des ancres (window.CITATIONS_LOIS, écrite par scripts/apres_site.py depuis
// assets/citations.json) sert à retomber sur le paragraphe englobant quand l'ancre exacte
// n'existe pas ; sans elle, on calcule l'adresse de la page de la loi.
// Une fabrique comme les fichiers du moteur (recherche-analyse.js) : sans page (dans node, dans le
// travailleur de la recherche), seule la grammaire sert.
(function (module) {
  (globalThis.RechercheModules = globalThis.RechercheModules || []).push(module);
  globalThis[module.name] = module(globalThis);
})(function CitationLoi(g) {
  "use strict";

  var G = g.CITATION_GRAMMAIRE;
  if (!G) {
    return null; // le script servi sans sa grammaire (hors du site construit) : pas de citations
  }
  var LOI_MAX = G.loi_max;
  var PREFIXE = new RegExp(G.prefixe, "i");
  var FIN = new RegExp(G.fin);
  var CHIFFRES_SEPARES = new RegExp(G.chiffres_separes);
  var SEPARATEURS = new RegExp(G.separateurs, "g");
  var LABEL = new RegExp(G.label, "i"); // la casse ignorée, comme labels.LABEL
  var PREFIXES_LOI = G.prefixes_loi;

  // « 12c1e » → { loi: 12, parties: ["C", "1", "e"] } ; null si ce n'est pas une citation.
  function analyser(texte) {
    var reste = String(texte).trim().replace(PREFIXE, "").replace(FIN, "");
    var trouve = CHIFFRES_SEPARES.test(reste) ? null : LABEL.exec(reste.replace(SEPARATEURS, ""));
    if (!trouve || +trouve.groups.loi < 1 || +trouve.groups.loi > LOI_MAX) {
      return null;
    }
    var g = trouve.groups;
    var parties = [];
    if (g.section) parties.push(g.section.toUpperCase());
    if (g.numero) parties.push(String(+g.numero));
    if (g.lettre) parties.push(g.lettre.toLowerCase());
    if (g.romain) parties.push(g.romain.toLowerCase());
    return { loi: +g.loi, parties: parties };
  }

  // Un mot de requête qui cite une loi à lui seul (« 68 », « 16B », « 12C1e », « 80B2(k) » : requete.est_citation),
  // dans la forme même de la grammaire.
  function estMot(mot) {
    return LABEL.test(mot);
  }

  function ancre(label) {
    return ["loi", String(label.loi)].concat(label.parties.map(function (p) {
      return p.toLowerCase();
    })).join("-");
  }

  // « 12C1(e)(ii) », comme Label.compact().
  function compacte(label) {
    return label.loi + label.parties.map(function (p, rang) {
      return rang >= 2 ? "(" + p + ")" : p;
    }).join("");
  }

  // L'ancre demandée si elle existe, sinon le paragraphe englobant le plus proche.
  function cible(label, table) {
    var parties = label.parties.slice();
    for (;;) {
      var candidat = { loi: label.loi, parties: parties.slice() };
      var id = ancre(candidat);
      if (!table) {
        return { label: candidat, url: "lois/" + label.loi + "/index.html#" + id, exacte: true };
      }
      if (table[id]) {
        return { label: candidat, url: table[id] + "#" + id, exacte: parties.length === label.parties.length };
      }
      if (!parties.length) {
        return null;
      }
      parties.pop();
    }
  }

  // La racine du site vue de la page courante (Material la range dans #__config).
  function racine() {
    var config = document.getElementById("__config");
    var base = config ? JSON.parse(config.textContent).base : ".";
    return new URL(base.replace(/\/?$/, "/"), location.href);
  }

  function annoncer(message, texte) {
    message.textContent = texte;
  }

  function brancher(formulaire) {
    var saisie = formulaire.querySelector("input");
    var message = formulaire.querySelector(".citation__message");

    saisie.addEventListener("input", function () {
      var label = analyser(saisie.value);
      if (!saisie.value.trim()) {
        annoncer(message, "");
      } else if (label) {
        annoncer(message, "Entrée pour ouvrir la loi " + compacte(label));
      } else {
        annoncer(message, "Citation non reconnue : essayez 68C, 12C1e ou loi 40 B 2 a.");
      }
    });

    formulaire.addEventListener("submit", function (evenement) {
      evenement.preventDefault();
      var label = analyser(saisie.value);
      // Read at submission: the table's script is deferred (docs/index.md), it may come after this one.
      var trouve = label && cible(label, window.CITATIONS_LOIS || null);
      if (!trouve) {
        annoncer(message, label ? "La loi " + compacte(label) + " est introuvable." : "Citation non reconnue : essayez 68C, 12C1e ou loi 40 B 2 a.");
        return;
      }
      if (!trouve.exacte) {
        annoncer(message, compacte(label) + " n'existe pas : ouverture de " + compacte(trouve.label) + ".");
      }
      location.href = new URL(trouve.url, racine()).href;
    });
  }

  var formulaire = g.document ? g.document.getElementById("citation") : null;
  if (formulaire) {
    brancher(formulaire);
  }
  return { analyser: analyser, estMot: estMot, prefixesLoi: PREFIXES_LOI, ancre: ancre, compacte: compacte,
    cible: cible };
});
