// La boîte « Aller à une citation » de la page d'accueil : « 68C », « loi 12 C 1 e », « 12c1e »
// mènent à la page de la loi et à l'ancre du paragraphe.
//
// La grammaire recopie indexer/labels.py (parse_label, ancre) : même saisie, même ancre que
// la commande `loi voir`. tests/test_navigateur.py compare les deux sur une liste de saisies.
// La table des ancres (window.CITATIONS_LOIS, écrite par hooks/site.py depuis
// assets/citations.json) sert à retomber sur le paragraphe englobant quand l'ancre exacte
// n'existe pas ; sans elle, on calcule l'adresse de la page de la loi.
(function () {
  "use strict";

  var LOI_MAX = 93;
  var PREFIXE = /^\s*(?:lois?|laws?|l)\s*\.?\s*(?=\d)/i;
  var LABEL = /^(\d{1,2})(?:([A-Ga-g])(?:(\d{1,2})(?:\(?([a-h])\)?(?:\(?(i{1,3}|iv|v|vi{1,3}|ix|x)\)?)?)?)?)?$/;

  // « 12c1e » → { loi: 12, parties: ["C", "1", "e"] } ; null si ce n'est pas une citation.
  function analyser(texte) {
    var reste = String(texte).trim().replace(PREFIXE, "").replace(/[\s.]+/g, "");
    var trouve = LABEL.exec(reste);
    if (!trouve || +trouve[1] < 1 || +trouve[1] > LOI_MAX) {
      return null;
    }
    var parties = [];
    if (trouve[2]) parties.push(trouve[2].toUpperCase());
    if (trouve[3]) parties.push(String(+trouve[3]));
    if (trouve[4]) parties.push(trouve[4].toLowerCase());
    if (trouve[5]) parties.push(trouve[5].toLowerCase());
    return { loi: +trouve[1], parties: parties };
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

  window.CitationLoi = { analyser: analyser, ancre: ancre, compacte: compacte, cible: cible };

  var formulaire = document.getElementById("citation");
  if (formulaire) {
    brancher(formulaire);
  }
})();
