// Les outils de marque de l'arbitre : marque d'un contrat (Loi 77), IMP et points de match (Loi 78),
// marque ajustée pondérée (Loi 12C1(c)).
//
// Recopie indexer/marque/ (contrat.py, calcul.py et son BAREME_IMP, ajustee.py) : mêmes noms, mêmes
// résultats, mêmes messages d'erreur. tests/test_marque.py fait tourner les deux sur les mêmes
// vecteurs (indexer/marque/vecteurs.json). JavaScript ES2017 sans module ni compilation : marche
// depuis file://, expose window.Marque, et module.exports sous node.
// Les arrondis se font sur des entiers (centièmes, au plus loin de zéro) pour tomber sur les mêmes
// chiffres que Python.
(function (racine) {
  "use strict";

  var COULEURS = ["♣", "♦", "♥", "♠", "SA"];
  var PALIER_MAX = 7;
  var LEVEES_DU_LIVRE = 6;
  var LEVEES_DE_LA_DONNE = 13;
  var CENT_POUR_CENT = 10000;
  var EXEMPLE = "« 60 % 4♠=, 40 % 4♠-1 »";

  // Un C seul est refusé : cœur en français, trèfle (clubs) en anglais.
  var JETONS_COULEUR = {
    "♣": "♣", t: "♣", tr: "♣", trefle: "♣", trefles: "♣", cl: "♣", club: "♣", clubs: "♣",
    "♦": "♦", k: "♦", ca: "♦", carreau: "♦", carreaux: "♦", d: "♦", diamond: "♦", diamonds: "♦",
    "♥": "♥", co: "♥", coeur: "♥", coeurs: "♥", h: "♥", heart: "♥", hearts: "♥",
    "♠": "♠", p: "♠", pi: "♠", pique: "♠", piques: "♠", s: "♠", spade: "♠", spades: "♠",
    sa: "SA", sansatout: "SA", sansatouts: "SA", nt: "SA", notrump: "SA", notrumps: "SA"
  };
  // Du plus long au plus court : « sax » est SA contré, pas pique suivi de « ax ».
  var JETONS = Object.keys(JETONS_COULEUR).sort(function (a, b) {
    return b.length - a.length || (a < b ? -1 : a > b ? 1 : 0);
  });
  var JETONS_CONTRE = {
    "": 0, x: 1, contre: 1, contree: 1, double: 1, doubled: 1, dbl: 1,
    xx: 2, surcontre: 2, surcontree: 2, redouble: 2, redoubled: 2, rdbl: 2, redbl: 2
  };
  var TRADUCTION = {
    "\u00a0": " ", "\u2007": " ", "\u2009": " ", "\u202f": " ", "\ufe0e": "", "\ufe0f": "",
    "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-", "\u2212": "-",
    "♧": "♣", "♢": "♦", "♡": "♥", "♤": "♠"
  };
  var A_TRADUIRE = /[\u00a0\u2007\u2009\u202f\ufe0e\ufe0f\u2010-\u2014\u2212♧♢♡♤]/g;

  // Loi 78B, telle qu'imprimée dans le Code (2007, inchangée en 2017) : [basse, haute, IMP].
  // Hors des multiples de 10, une bande se lit [basse, basse suivante) : 15 → 0, 45 → 1.
  var BAREME_IMP = [
    [0, 10, 0], [20, 40, 1], [50, 80, 2], [90, 120, 3], [130, 160, 4], [170, 210, 5], [220, 260, 6],
    [270, 310, 7], [320, 360, 8], [370, 420, 9], [430, 490, 10], [500, 590, 11], [600, 740, 12],
    [750, 890, 13], [900, 1090, 14], [1100, 1290, 15], [1300, 1490, 16], [1500, 1740, 17],
    [1750, 1990, 18], [2000, 2240, 19], [2250, 2490, 20], [2500, 2990, 21], [3000, 3490, 22],
    [3500, 3990, 23], [4000, null, 24]
  ];

  var VALEUR_LEVEE = { "♣": 20, "♦": 20, "♥": 30, "♠": 30, SA: 30 };
  var PRIME_CHELEM = { 6: ["petit", 500, 750], 7: ["grand", 1000, 1500] };
  var PRIME_CONTRE = { 1: ["Prime de contrat contré", 50], 2: ["Prime de contrat surcontré", 100] };

  var VULNERABILITES = {
    personne: [false, false], aucun: [false, false], aucune: [false, false], none: [false, false],
    nul: [false, false], ns: [true, false], nordsud: [true, false], eo: [false, true],
    ew: [false, true], estouest: [false, true], eastwest: [false, true], tous: [true, true],
    toutes: [true, true], all: [true, true], both: [true, true]
  };
  var ISSUE = new RegExp("^(.*?) *(=|[+-] *[0-9]{1,2}| [0-9]{1,2})" +
    "(?: *(?:par +)?(nord-sud|est-ouest|nord|sud|ouest|est|n-s|e-o|e-w|ns|eo|ew|n|s|e|o|w))? *$", "i");
  var SEPARATEURS = /^([\s\S]*?)(?:[ ,;]| et)*$/i;

  function SaisieInvalide(message) {
    var erreur = new Error(message);
    erreur.name = "SaisieInvalide";
    erreur.code = 2;
    return erreur;
  }

  function possede(objet, cle) {
    return Object.prototype.hasOwnProperty.call(objet, cle);
  }

  function repeter(valeur, nombre) {
    var liste = [];
    for (var i = 0; i < nombre; i++) liste.push(valeur);
    return liste;
  }

  function total(valeurs) {
    return valeurs.reduce(function (a, b) { return a + b; }, 0);
  }

  // --- lecture (contrat.py) -----------------------------------------------------------------

  function nettoyer(texte, quoi) {
    if (typeof texte !== "string") throw SaisieInvalide(quoi + " illisible : un texte est attendu.");
    return texte.replace(A_TRADUIRE, function (c) { return TRADUCTION[c]; })
      .replace(/[ \t\n\r\f\v]+/g, " ").replace(/^ +| +$/g, "");
  }

  function replier(texte) {
    return texte.toLowerCase().replace(/œ/g, "oe").normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "").replace(/[ \t\n\r\f\v.\-]+/g, "");
  }

  function estEntier(valeur) {
    return typeof valeur === "number" && Number.isInteger(valeur);
  }

  function verifier_niveau(niveau) {
    if (!estEntier(niveau) || niveau < 1 || niveau > PALIER_MAX) {
      throw SaisieInvalide("Palier " + niveau + " impossible : un contrat va de 1 à 7.");
    }
    return niveau;
  }

  function contrat(niveau, couleur, contre) {
    contre = contre === undefined ? 0 : contre;
    verifier_niveau(niveau);
    if (COULEURS.indexOf(couleur) < 0) throw SaisieInvalide("Couleur « " + couleur + " » inconnue : ♣, ♦, ♥, ♠ ou SA.");
    if (contre !== 0 && contre !== 1 && contre !== 2) {
      throw SaisieInvalide("Contre « " + contre + " » invalide : 0, 1 (contré) ou 2 (surcontré).");
    }
    return { niveau: niveau, couleur: couleur, contre: contre };
  }

  function notation(c) {
    return c.niveau + c.couleur + (c.contre === 2 ? "XX" : c.contre === 1 ? "X" : "");
  }

  function lire_contrat(texte) {
    var brut = nettoyer(texte, "Contrat");
    if (!brut) throw SaisieInvalide("Contrat vide : écrivez par exemple 4♥, 3SA ou 6♣XX.");
    var trouve = /^([0-9]+)([\s\S]*)$/.exec(replier(brut));
    if (!trouve) {
      throw SaisieInvalide("Palier manquant dans « " + brut + " » : un contrat commence par un chiffre de 1 à 7 (4♥, 3SA).");
    }
    var chiffres = trouve[1], reste = trouve[2];
    if (!/^0*[1-7]$/.test(chiffres)) {
      throw SaisieInvalide("Palier " + chiffres + " impossible dans « " + brut + " » : un contrat va de 1 à 7.");
    }
    for (var i = 0; i < JETONS.length; i++) {
      var jeton = JETONS[i], suite = reste.slice(jeton.length);
      if (reste.slice(0, jeton.length) === jeton && possede(JETONS_CONTRE, suite)) {
        return contrat(parseInt(chiffres, 10), JETONS_COULEUR[jeton], JETONS_CONTRE[suite]);
      }
    }
    throw SaisieInvalide(diagnostic(brut, chiffres, reste));
  }

  function diagnostic(brut, chiffres, reste) {
    if (possede(JETONS_CONTRE, reste)) {
      return "Couleur manquante dans « " + brut + " » : écrivez ♣, ♦, ♥, ♠ ou SA après le palier.";
    }
    if (reste[0] === "c" && possede(JETONS_CONTRE, reste.slice(1))) {
      return "« C » est ambigu dans « " + brut + " » : cœur en français, trèfle (clubs) en anglais ; écrivez " +
        chiffres + "♥ ou " + chiffres + "Co pour cœur, " + chiffres + "♣ ou " + chiffres + "T pour trèfle.";
    }
    var prefixes = JETONS.filter(function (jeton) { return reste.slice(0, jeton.length) === jeton; });
    if (!prefixes.length) {
      return "Couleur inconnue dans « " + brut + " » : écrivez ♣, ♦, ♥, ♠ ou SA " +
        "(en lettres T, K ou Ca, Co, P ; en anglais D, H, S, NT).";
    }
    var suite = reste.slice(prefixes[0].length);
    if (/^x{3,}$/.test(suite)) {
      return "Trop de contres dans « " + brut + " » : un contrat est au plus surcontré (XX).";
    }
    return "Suffixe « " + suite + " » incompris dans « " + brut +
      " » : après la couleur, seulement X (contré) ou XX (surcontré).";
  }

  function lire_resultat(texte, niveau) {
    verifier_niveau(niveau);
    var brut = nettoyer(texte, "Résultat");
    var attendu = "écrivez =, +1, -2 ou le nombre de levées faites (0 à 13).";
    if (!brut) throw SaisieInvalide("Résultat vide : " + attendu);
    var compact = brut.replace(/^([+-]) /, "$1");
    var signe = /^([+-])([0-9]{1,2})$/.exec(compact);
    var ecart;
    if (compact === "=") {
      ecart = 0;
    } else if (signe) {
      ecart = signe[1] === "+" ? parseInt(signe[2], 10) : -parseInt(signe[2], 10);
    } else if (/^[0-9]{1,2}$/.test(compact)) {
      var levees = parseInt(compact, 10);
      if (levees > LEVEES_DE_LA_DONNE) throw SaisieInvalide(levees + " levées impossibles : une donne en compte 13.");
      ecart = levees - LEVEES_DU_LIVRE - niveau;
    } else {
      throw SaisieInvalide("Résultat illisible « " + brut + " » : " + attendu);
    }
    return verifier_resultat(ecart, niveau, brut);
  }

  function verifier_resultat(ecart, niveau, brut) {
    if (!estEntier(ecart)) throw SaisieInvalide("Résultat illisible : un nombre entier de levées est attendu.");
    var cite = brut === undefined ? notation_resultat(ecart) : brut;
    if (ecart > PALIER_MAX - niveau) {
      throw SaisieInvalide("« " + cite + " » impossible au palier " + niveau + " : cela ferait " +
        (niveau + LEVEES_DU_LIVRE + ecart) + " levées, une donne en compte 13.");
    }
    if (-ecart > niveau + LEVEES_DU_LIVRE) {
      throw SaisieInvalide("« " + cite + " » impossible au palier " + niveau + " : on chute au plus de " +
        (niveau + LEVEES_DU_LIVRE) + " levées (palier + 6).");
    }
    return ecart;
  }

  function notation_resultat(ecart) {
    return ecart === 0 ? "=" : (ecart > 0 ? "+" : "") + ecart;
  }

  // --- calcul (calcul.py) -------------------------------------------------------------------

  function somme(valeurs) {
    var groupes = [];
    valeurs.forEach(function (valeur) {
      var dernier = groupes[groupes.length - 1];
      if (dernier && dernier[0] === valeur) dernier[1] += 1;
      else groupes.push([valeur, 1]);
    });
    return groupes.map(function (g) { return g[1] === 1 ? String(g[0]) : g[1] + " × " + g[0]; }).join(" + ");
  }

  function arrondi(numerateur, denominateur) {
    var centiemes = Math.floor((200 * Math.abs(numerateur) + denominateur) / (2 * denominateur));
    return numerateur < 0 ? -centiemes : centiemes;
  }

  function versContrat(c) {
    if (typeof c === "string") return lire_contrat(c);
    if (c === null || typeof c !== "object") throw SaisieInvalide("Contrat illisible : un texte est attendu.");
    return contrat(c.niveau, c.couleur, c.contre === undefined ? 0 : c.contre);
  }

  function marque(c, vulnerable, resultat) {
    c = versContrat(c);
    if (typeof vulnerable !== "boolean") {
      throw SaisieInvalide("Vulnérabilité invalide : vrai (vulnérable) ou faux (non vulnérable) attendu.");
    }
    var ecart = typeof resultat === "string" ? lire_resultat(resultat, c.niveau) : verifier_resultat(resultat, c.niveau);
    var detail = ecart < 0 ? chute(c, vulnerable, -ecart) : faite(c, vulnerable, ecart);
    return { points: total(detail.map(function (ligne) { return ligne[1]; })), detail: detail };
  }

  function faite(c, vulnerable, mieux) {
    var levees = repeter(VALEUR_LEVEE[c.couleur], c.niveau);
    if (c.couleur === "SA") levees[0] += 10;
    levees = levees.map(function (valeur) { return valeur * Math.pow(2, c.contre); });
    var points = total(levees);
    var detail = [["Points de levée (" + somme(levees) + ")", points]];
    if (points >= 100) detail.push(["Prime de manche", vulnerable ? 500 : 300]);
    else detail.push(["Prime de partielle", 50]);
    if (possede(PRIME_CHELEM, c.niveau)) {
      var chelem = PRIME_CHELEM[c.niveau];
      detail.push(["Prime de " + chelem[0] + " chelem", vulnerable ? chelem[2] : chelem[1]]);
    }
    if (c.contre) detail.push(PRIME_CONTRE[c.contre].slice());
    if (mieux) {
      var unite = c.contre ? (vulnerable ? 200 : 100) * c.contre : VALEUR_LEVEE[c.couleur];
      detail.push([mieux + " levée" + (mieux > 1 ? "s" : "") + " de mieux (" + somme(repeter(unite, mieux)) + ")",
        unite * mieux]);
    }
    return detail;
  }

  function penalites(contre, vulnerable, nombre) {
    var couts = [];
    for (var rang = 1; rang <= nombre; rang++) {
      if (!contre) couts.push(vulnerable ? 100 : 50);
      else if (rang === 1) couts.push((vulnerable ? 200 : 100) * contre);
      else couts.push((vulnerable || rang >= 4 ? 300 : 200) * contre);
    }
    return couts;
  }

  function chute(c, vulnerable, nombre) {
    var couts = penalites(c.contre, vulnerable, nombre);
    return [[nombre + " levée" + (nombre > 1 ? "s" : "") + " de chute (" + somme(couts) + ")", -total(couts)]];
  }

  function nombre(valeur, quoi) {
    if (typeof valeur !== "number" || !isFinite(valeur)) {
      throw SaisieInvalide(quoi + " invalide : un nombre fini de points est attendu.");
    }
    return valeur;
  }

  function imp(ecart) {
    var ampleur = Math.abs(nombre(ecart, "Écart"));
    var valeur = 0;
    BAREME_IMP.forEach(function (bande) { if (ampleur >= bande[0]) valeur = bande[2]; });
    return ecart < 0 ? -valeur : valeur;
  }

  function compter(score, autres) {
    return total(autres.map(function (autre) { return autre < score ? 2 : autre === score ? 1 : 0; }));
  }

  function pdm(scores) {
    var valeurs = Array.prototype.map.call(scores, function (score) { return nombre(score, "Marque"); });
    if (valeurs.length < 2) throw SaisieInvalide("Il faut au moins deux marques sur la donne pour des points de match.");
    var top = 2 * (valeurs.length - 1);
    var points = valeurs.map(function (score) { return compter(score, valeurs) - 1; });
    return {
      points: points,
      pourcentages: points.map(function (p) { return arrondi(100 * p, top) / 100; }),
      top: top
    };
  }

  // --- marque ajustée (ajustee.py) ----------------------------------------------------------

  function nomVulnerabilite(v) {
    return v.ns ? (v.eo ? "tous" : "NS") : (v.eo ? "EO" : "personne");
  }

  function lire_vulnerabilite(texte) {
    var brut = nettoyer(texte, "Vulnérabilité");
    if (!brut) throw SaisieInvalide("Vulnérabilité vide : écrivez personne, NS, EO ou tous.");
    var cle = replier(brut).replace(/\//g, "");
    if (!possede(VULNERABILITES, cle)) {
      throw SaisieInvalide("Vulnérabilité inconnue « " + brut + " » : écrivez personne, NS, EO ou tous.");
    }
    var v = { ns: VULNERABILITES[cle][0], eo: VULNERABILITES[cle][1] };
    v.nom = nomVulnerabilite(v);
    return v;
  }

  function pourcent(centiemes) {
    var entier = Math.floor(centiemes / 100), reste = centiemes % 100;
    return reste === 0 ? String(entier) : (entier + "," + (reste < 10 ? "0" : "") + reste).replace(/0+$/, "");
  }

  function decimal(centiemes, avecSigne) {
    var prefixe = centiemes < 0 ? "-" : avecSigne && centiemes > 0 ? "+" : "";
    var ampleur = Math.abs(centiemes), reste = ampleur % 100;
    return prefixe + Math.floor(ampleur / 100) + "," + (reste < 10 ? "0" : "") + reste;
  }

  function signe(points) {
    return points > 0 ? "+" + points : String(points);
  }

  function lirePoids(texte) {
    var morceaux = texte.replace(",", ".").split(".");
    var entier = morceaux[0], fraction = morceaux.length > 1 ? morceaux[1] : "";
    if (fraction.length > 2) throw SaisieInvalide("Poids « " + texte + " % » : au plus deux décimales.");
    if (entier.replace(/^0+/, "").length > 3) throw SaisieInvalide("Poids « " + texte + " % » supérieur à 100 %.");
    var centiemes = parseInt(entier, 10) * 100 + parseInt((fraction + "00").slice(0, 2), 10);
    if (centiemes === 0) {
      throw SaisieInvalide("Poids nul « " + texte + " % » : retirez cette issue ou donnez-lui un poids.");
    }
    if (centiemes > CENT_POUR_CENT) throw SaisieInvalide("Poids « " + texte + " % » supérieur à 100 %.");
    return centiemes;
  }

  function issue(poids, c, resultat, camp) {
    camp = camp === undefined ? "NS" : camp;
    if (!estEntier(poids) || poids <= 0 || poids > CENT_POUR_CENT) {
      throw SaisieInvalide("Poids « " + poids + " » invalide : entre 1 et 10000 centièmes de pour cent.");
    }
    if (camp !== "NS" && camp !== "EO") throw SaisieInvalide("Camp « " + camp + " » inconnu : NS ou EO.");
    c = versContrat(c);
    verifier_resultat(resultat, c.niveau);
    return { poids: poids, contrat: c, resultat: resultat, camp: camp,
      notation: notation(c) + notation_resultat(resultat) + " " + camp };
  }

  function lire_issue(texte, poids) {
    var brut = nettoyer(texte, "Issue");
    var trouve = ISSUE.exec(brut);
    if (!trouve) {
      throw SaisieInvalide("Issue illisible « " + brut + " » : écrivez le contrat puis le résultat, " +
        "par exemple 4♠=, 4♠-1 ou 4♥X+1 EO.");
    }
    var c = lire_contrat(trouve[1]);
    var camp = trouve[3] && "eow".indexOf(trouve[3].toLowerCase()[0]) >= 0 ? "EO" : "NS";
    return issue(poids, c, lire_resultat(trouve[2], c.niveau), camp);
  }

  function lire_ponderation(texte) {
    var brut = nettoyer(texte, "Pondération");
    if (!brut) throw SaisieInvalide("Pondération vide : écrivez par exemple " + EXEMPLE + ".");
    var poids = [], expression = /([0-9]+(?:[.,][0-9]+)?) *%/g, trouve;
    while ((trouve = expression.exec(brut)) !== null) poids.push(trouve);
    if (!poids.length) throw SaisieInvalide("Poids manquants dans « " + brut + " » : écrivez par exemple " + EXEMPLE + ".");
    var avant = SEPARATEURS.exec(brut.slice(0, poids[0].index))[1];
    if (avant) {
      throw SaisieInvalide("« " + avant + " » sans poids : chaque issue commence par son poids, par exemple " +
        EXEMPLE + ".");
    }
    var issues = poids.map(function (p, rang) {
      var fin = rang + 1 < poids.length ? poids[rang + 1].index : brut.length;
      var morceau = SEPARATEURS.exec(brut.slice(p.index + p[0].length, fin).replace(/^ +| +$/g, ""))[1];
      if (!morceau) {
        throw SaisieInvalide("Issue manquante après « " + p[0] + " » : écrivez par exemple " + EXEMPLE + ".");
      }
      return lire_issue(morceau, lirePoids(p[1]));
    });
    return verifierTotal(issues);
  }

  function verifierTotal(issues) {
    if (!issues.length) throw SaisieInvalide("Aucune issue : écrivez par exemple " + EXEMPLE + ".");
    var somme_ = 0;
    issues.forEach(function (i) {
      if (i === null || typeof i !== "object") {
        throw SaisieInvalide("Issue invalide : une Issue (poids, contrat, résultat, camp) est attendue.");
      }
      somme_ += i.poids;
    });
    if (somme_ !== CENT_POUR_CENT) throw SaisieInvalide("Les poids font " + pourcent(somme_) + " % au lieu de 100 %.");
    return issues;
  }

  function entier(valeur, quoi) {
    if (!estEntier(valeur)) throw SaisieInvalide(quoi + " invalide : les marques d'une donne sont des nombres entiers.");
    return valeur;
  }

  function marqueNs(i, v) {
    return i.camp === "NS" ? marque(i.contrat, v.ns, i.resultat).points : -marque(i.contrat, v.eo, i.resultat).points;
  }

  // options : { autre_table: 420 } (IMP) ou { autres_marques: [420, 450, -50] } (points de match).
  function ajustee(issues, vulnerabilite, options) {
    options = options || {};
    var liste = typeof issues === "string" ? lire_ponderation(issues) : verifierTotal(Array.prototype.map.call(
      issues, function (i) { return i && typeof i === "object" ? issue(i.poids, i.contrat, i.resultat, i.camp) : i; }));
    var v = typeof vulnerabilite === "string" ? lire_vulnerabilite(vulnerabilite) : vulnerabilite;
    if (!v || typeof v !== "object" || typeof v.ns !== "boolean" || typeof v.eo !== "boolean") {
      throw SaisieInvalide("Vulnérabilité invalide : écrivez personne, NS, EO ou tous.");
    }
    var autreTable = options.autre_table, autres = options.autres_marques;
    var sansAutre = autreTable === undefined || autreTable === null, sansAutres = autres === undefined || autres === null;
    if (sansAutre === sansAutres) {
      throw SaisieInvalide("Donnez soit la marque de l'autre table (IMP), soit les autres marques de la donne " +
        "(points de match), et pas les deux.");
    }
    var marques = liste.map(function (i) { return marqueNs(i, v); });
    var entete = "Vulnérabilité : " + nomVulnerabilite(v);
    if (!sansAutre) return enImp(liste, marques, entier(autreTable, "Marque de l'autre table"), entete);
    autres = Array.prototype.map.call(autres, function (a) { return entier(a, "Autre marque"); });
    if (!autres.length) throw SaisieInvalide("Aucune autre marque : il en faut au moins une pour des points de match.");
    return enPdm(liste, marques, autres, entete);
  }

  function enImp(liste, marques, autre, entete) {
    var details = [], lignes = [entete, "Autre table : NS " + signe(autre)], somme_ = 0;
    liste.forEach(function (i, rang) {
      var points = marques[rang], valeur = imp(points - autre);
      somme_ += i.poids * valeur;
      var part = arrondi(i.poids * valeur, CENT_POUR_CENT);
      details.push({ poids: i.poids, issue: i.notation, marque: points, valeur: valeur, ponderee: part / 100 });
      lignes.push(pourcent(i.poids) + " % × (" + i.notation + " : NS " + signe(points) + ", écart " +
        signe(points - autre) + ", " + signe(valeur) + " IMP) = " + decimal(part, true) + " IMP");
    });
    var centiemes = arrondi(somme_, CENT_POUR_CENT);
    lignes.push("Total pondéré : " + decimal(centiemes, true) + " IMP");
    return { methode: "imp", valeur: centiemes / 100, pourcentage: null, top: null, issues: details, lignes: lignes };
  }

  function enPdm(liste, marques, autres, entete) {
    var top = 2 * autres.length;
    var details = [], somme_ = 0;
    var lignes = [entete, "Autres marques NS : " + autres.map(signe).join(", ") + " (top " + top + ")"];
    liste.forEach(function (i, rang) {
      var points = marques[rang], valeur = compter(points, autres);
      somme_ += i.poids * valeur;
      var part = arrondi(i.poids * valeur, CENT_POUR_CENT);
      details.push({ poids: i.poids, issue: i.notation, marque: points, valeur: valeur, ponderee: part / 100 });
      lignes.push(pourcent(i.poids) + " % × (" + i.notation + " : NS " + signe(points) + ", " + valeur +
        " pdm sur " + top + ") = " + decimal(part) + " pdm");
    });
    var centiemes = arrondi(somme_, CENT_POUR_CENT), pourcentage = arrondi(somme_, top * 100);
    lignes.push("Total pondéré : " + decimal(centiemes) + " pdm sur " + top + ", soit " + decimal(pourcentage) + " %");
    return {
      methode: "pdm", valeur: centiemes / 100, pourcentage: pourcentage / 100, top: top, issues: details, lignes: lignes
    };
  }

  var Marque = {
    BAREME_IMP: BAREME_IMP,
    COULEURS: COULEURS,
    ajustee: ajustee,
    contrat: contrat,
    imp: imp,
    issue: issue,
    lire_contrat: lire_contrat,
    lire_issue: lire_issue,
    lire_ponderation: lire_ponderation,
    lire_resultat: lire_resultat,
    lire_vulnerabilite: lire_vulnerabilite,
    marque: marque,
    notation: notation,
    notation_resultat: notation_resultat,
    pdm: pdm,
    penalites: penalites
  };
  if (racine) racine.Marque = Marque;
  if (typeof module !== "undefined" && module.exports) module.exports = Marque;
})(typeof window !== "undefined" ? window : typeof self !== "undefined" ? self : this);
