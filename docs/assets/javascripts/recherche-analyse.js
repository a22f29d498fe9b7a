// L'analyse française de la recherche du site, pas à pas celle de l'index Python
// (indexer/recherche/analyse.py) : mots, pliage (minuscules, ligatures, accents), élisions
// (l'apostrophe coupe le mot), mots vides, racine Snowball française, « e » final retiré.
// Le raciniseur est celui de Whoosh (whoosh/lang/snowball/french.py) réécrit ici, bizarreries
// comprises (« suffixe in r2 » y est un test de sous-chaîne) : tests/test_site_recherche.py
// vérifie qu'il donne les racines du Python sur tout le vocabulaire de l'index.
// Chargé seul sur une page ouverte depuis un résultat (surlignage), avec le moteur sinon.
//
// Chaque fichier du moteur est une fabrique nommée, rangée dans globalThis.RechercheModules et
// appelée aussitôt : globalThis.RechercheAnalyse est ce qu'elle rend. Pur (rien de la page) :
// le même fichier se charge en <script>, dans node (tests/test_moteur_js.py) et dans le
// travailleur de la recherche, qui, depuis file://, est écrit avec le texte de ces fabriques
// (recherche.js).
(function (module) {
  (globalThis.RechercheModules = globalThis.RechercheModules || []).push(module);
  globalThis[module.name] = module(globalThis);
})(function RechercheAnalyse() {
  "use strict";

  const VOYELLES = "aeiouyâàëéêèïîôûù";
  const LIGATURES = { "œ": "oe", "Œ": "oe", "æ": "ae", "Æ": "ae", "ß": "ss" };
  // \w de Python (Unicode) : lettres, chiffres, « _ » ; plus les nombres pointés « 83.1 ».
  const MOT = /[\p{L}\p{N}_]+(?:\.\p{Nd}+)*/u;
  // re.finditer(MOT, texte) du Python. Une expression neuve à chaque appel : une expression /g
  // partagée garde dans lastIndex où sa dernière boucle s'est arrêtée, et la suivante
  // commencerait là si l'autre n'était pas allée au bout du texte.
  const trouverMots = (texte) => texte.matchAll(new RegExp(MOT, "gu"));
  // re.findall(MOT, texte) du Python.
  const motsDe = (texte) => Array.from(trouverMots(texte), (m) => m[0]);

  function plier(texte) {
    const bas = texte.replace(/[œŒæÆß]/g, (c) => LIGATURES[c]).toLowerCase();
    // NFKD puis sans les marques combinantes, comme unicodedata côté Python.
    return /^[\x00-\x7f]*$/.test(bas) ? bas : bas.normalize("NFKD").replace(/\p{Mn}/gu, "");
  }

  // Le « e » final que le pliage laisse aux participes féminins.
  const efinal = (racine) => (racine.length > 3 && racine.endsWith("e") ? racine.slice(0, -1) : racine);

  // analyse._stemmer : le Snowball français de Whoosh, jusqu'à raciniser.

  const voyelle = (c) => c !== undefined && c !== "" && VOYELLES.includes(c);

  // Indice à la Python : négatif depuis la fin ; hors bornes, undefined.
  function car(mot, i) {
    return mot[i < 0 ? mot.length + i : i];
  }

  function regionsR1R2(mot) {
    let r1 = "";
    let r2 = "";
    for (let i = 1; i < mot.length; i++) {
      if (!voyelle(mot[i]) && voyelle(mot[i - 1])) { r1 = mot.slice(i + 1); break; }
    }
    for (let i = 1; i < r1.length; i++) {
      if (!voyelle(r1[i]) && voyelle(r1[i - 1])) { r2 = r1.slice(i + 1); break; }
    }
    return [r1, r2];
  }

  function regionRV(mot) {
    if (mot.length < 2) return "";
    if (/^(par|col|tap)/.test(mot) || (voyelle(mot[0]) && voyelle(mot[1]))) return mot.slice(3);
    for (let i = 1; i < mot.length; i++) {
      if (voyelle(mot[i])) return mot.slice(i + 1);
    }
    return "";
  }

  // Majuscules qui rendent consonnes u, i (entre voyelles), y (près d'une voyelle), u après q :
  // remplacées une à une, chaque test voit les remplacements précédents (comme le Python).
  function marquer(mot) {
    const c = mot.split("");
    for (let i = 1; i < c.length; i++) {
      if (c[i - 1] === "q" && c[i] === "u") c[i] = "U";
    }
    for (let i = 1; i < c.length - 1; i++) {
      if (voyelle(c[i - 1]) && voyelle(c[i + 1])) {
        if (c[i] === "u") c[i] = "U";
        else if (c[i] === "i") c[i] = "I";
      }
      if ((voyelle(c[i - 1]) || voyelle(c[i + 1])) && c[i] === "y") c[i] = "Y";
    }
    return c.join("");
  }

  const ETAPE1 = ("issements issement atrices atrice ateurs ations logies usions utions ements amment emment " +
    "ances iqUes ismes ables istes ateur ation logie usion ution ences ement euses ments ance iqUe isme able " +
    "iste ence ités ives eaux euse ment eux ité ive ifs aux if").split(" ");
  const ETAPE2A = ("issaIent issantes iraIent issante issants issions irions issais issait issant issent issiez " +
    "issons irais irait irent iriez irons iront isses issez îmes îtes irai iras irez isse ies ira ît ie ir is it i")
    .split(" ");
  const ETAPE2B = ("eraIent assions erions assent assiez èrent erais erait eriez erons eront aIent antes asses " +
    "ions erai eras erez âmes âtes ante ants asse ées era iez ais ait ant ée és er ez ât ai as é a").split(" ");
  const ETAPE2B_E = new Set("eraIent erions èrent erais erait eriez erons eront erai eras erez ées era iez ée és er ez é"
    .split(" "));
  const ETAPE2B_A = new Set("assions assent assiez aIent antes asses âmes âtes ante ants asse ais ait ant ât ai as a"
    .split(" "));
  const ETAPE4 = ["ière", "Ière", "ion", "ier", "Ier", "e", "ë"];
  const DANS_R2 = new Set("ance iqUe isme able iste eux ances iqUes ismes ables istes".split(" "));
  const ATEUR = new Set("atrice ateur ation atrices ateurs ations".split(" "));

  // Sous « ic » : supprimé dans R2, sinon « iqU ».
  const ic = (mot, r2) => (mot.endsWith("ic") ? (r2.includes("ic") ? mot.slice(0, -2) : mot.slice(0, -2) + "iqU") : mot);

  // Étape 1 ; rend [mot, rv, succès, finRV].
  function etape1(mot, r1, r2, rv) {
    const suffixe = ETAPE1.find((s) => mot.endsWith(s));
    if (suffixe === undefined) return [mot, rv, false, false];
    const court = mot.slice(0, -suffixe.length);
    if (suffixe === "eaux") return [mot.slice(0, -1), rv, true, false];
    if (suffixe === "euse" || suffixe === "euses") {
      if (r2.includes(suffixe)) return [court, rv, true, false];
      if (r1.includes(suffixe)) return [court + "eux", rv, true, false];
      return [mot, rv, false, false];
    }
    if ((suffixe === "ement" || suffixe === "ements") && rv.includes(suffixe)) {
      return [apresEment(court, r1, r2, rv), rv, true, false];
    }
    if (suffixe === "amment" && rv.includes(suffixe)) return [mot.slice(0, -6) + "ant", rv.slice(0, -6) + "ant", false, true];
    if (suffixe === "emment" && rv.includes(suffixe)) return [mot.slice(0, -6) + "ent", rv, false, true];
    if ((suffixe === "ment" || suffixe === "ments") && rv.includes(suffixe) && !rv.startsWith(suffixe)
        && voyelle(car(rv, rv.lastIndexOf(suffixe) - 1))) {
      return [court, rv.slice(0, -suffixe.length), false, true];
    }
    if (suffixe === "aux" && r1.includes(suffixe)) return [mot.slice(0, -2) + "l", rv, true, false];
    if ((suffixe === "issement" || suffixe === "issements") && r1.includes(suffixe)
        && !voyelle(car(mot, -suffixe.length - 1))) {
      return [court, rv, true, false];
    }
    if (DANS_R2.has(suffixe) && r2.includes(suffixe)) return [court, rv, true, false];
    if (ATEUR.has(suffixe) && r2.includes(suffixe)) return [ic(court, r2), rv, true, false];
    if ((suffixe === "logie" || suffixe === "logies") && r2.includes(suffixe)) return [court + "log", rv, true, false];
    if (["usion", "ution", "usions", "utions"].includes(suffixe) && r2.includes(suffixe)) return [court + "u", rv, true, false];
    if ((suffixe === "ence" || suffixe === "ences") && r2.includes(suffixe)) return [court + "ent", rv, true, false];
    if ((suffixe === "ité" || suffixe === "ités") && r2.includes(suffixe)) return [apresIte(court, r2), rv, true, false];
    if (["if", "ive", "ifs", "ives"].includes(suffixe) && r2.includes(suffixe)) {
      let m = court;
      if (m.endsWith("at") && r2.includes("at")) m = ic(m.slice(0, -2), r2);
      return [m, rv, true, false];
    }
    return [mot, rv, false, false];
  }

  function apresEment(mot, r1, r2, rv) {
    if (mot.endsWith("iv") && r2.includes("iv")) {
      mot = mot.slice(0, -2);
      return mot.endsWith("at") && r2.includes("at") ? mot.slice(0, -2) : mot;
    }
    if (mot.endsWith("eus")) {
      if (r2.includes("eus")) return mot.slice(0, -3);
      return r1.includes("eus") ? mot.slice(0, -1) + "x" : mot;
    }
    if (mot.endsWith("abl") || mot.endsWith("iqU")) {
      return r2.includes("abl") || r2.includes("iqU") ? mot.slice(0, -3) : mot;
    }
    if (mot.endsWith("ièr") || mot.endsWith("Ièr")) {
      return rv.includes("ièr") || rv.includes("Ièr") ? mot.slice(0, -3) + "i" : mot;
    }
    return mot;
  }

  function apresIte(mot, r2) {
    if (mot.endsWith("abil")) return r2.includes("abil") ? mot.slice(0, -4) : mot.slice(0, -2) + "l";
    if (mot.endsWith("ic")) return ic(mot, r2);
    if (mot.endsWith("iv") && r2.includes("iv")) return mot.slice(0, -2);
    return mot;
  }

  // Étapes 2a et 2b (verbes) ; rend [mot, succès].
  function etape2(mot, r2, rv) {
    const a = ETAPE2A.find((s) => mot.endsWith(s));
    if (a !== undefined && rv.includes(a) && rv.length > a.length && !voyelle(car(rv, rv.lastIndexOf(a) - 1))) {
      return [mot.slice(0, -a.length), true];
    }
    const b = ETAPE2B.find((s) => rv.endsWith(s));
    if (b === undefined) return [mot, false];
    if (b === "ions" && r2.includes("ions")) return [mot.slice(0, -4), true];
    if (ETAPE2B_E.has(b)) return [mot.slice(0, -b.length), true];
    if (ETAPE2B_A.has(b)) {
      const court = mot.slice(0, -b.length);
      return [rv.slice(0, -b.length).endsWith("e") ? court.slice(0, -1) : court, true];
    }
    return [mot, false];
  }

  function etape4(mot, r2, rv) {
    if (mot.length >= 2 && mot.endsWith("s") && !"aiouès".includes(car(mot, -2))) mot = mot.slice(0, -1);
    // Le premier suffixe qui finit le mot ET tient dans RV (sinon on essaie le suivant).
    const suffixe = ETAPE4.find((s) => mot.endsWith(s) && rv.includes(s));
    if (suffixe === undefined) return mot;
    if (suffixe === "ion") {
      const avant = car(rv, -4);
      return r2.includes("ion") && avant !== undefined && "st".includes(avant) ? mot.slice(0, -3) : mot;
    }
    if (["ier", "ière", "Ier", "Ière"].includes(suffixe)) return mot.slice(0, -suffixe.length) + "i";
    if (suffixe === "e") return mot.slice(0, -1);
    if (suffixe === "ë" && mot.slice(-3, -1) === "gu") return mot.slice(0, -1);
    return mot;
  }

  function raciniser(entree) {
    let mot = marquer(entree.toLowerCase());
    const [r1, r2] = regionsR1R2(mot);
    let rv = regionRV(mot);
    let succes1;
    let finRV;
    [mot, rv, succes1, finRV] = etape1(mot, r1, r2, rv);
    let succes2 = false;
    if (!succes1 || finRV) [mot, succes2] = etape2(mot, r2, rv);
    if (succes1 || succes2) {
      if (mot.endsWith("Y")) mot = mot.slice(0, -1) + "i";
      else if (mot.endsWith("ç")) mot = mot.slice(0, -1) + "c";
    } else {
      mot = etape4(mot, r2, rv);
    }
    if (/(enn|onn|ett|ell|eill)$/.test(mot)) mot = mot.slice(0, -1);
    // Étape 6 : la dernière voyelle, si c'est é ou è et pas la dernière lettre, devient e.
    for (let i = 1; i < mot.length; i++) {
      const c = car(mot, -i);
      if (voyelle(c)) {
        if (i !== 1 && (c === "é" || c === "è")) mot = mot.slice(0, -i) + "e" + mot.slice(mot.length - i + 1);
        break;
      }
    }
    return mot.replace(/I/g, "i").replace(/U/g, "u").replace(/Y/g, "y");
  }

  // « connues » : mot plié → racine, celles du vocabulaire des textes calculées par Python (les
  // mêmes, vérifié par test) ; elles évitent de raciniser les textes à la première recherche.
  // « normalisation » : les réglages d'analyse.normaliser_requete, servis par Python (pour_site).
  function creer(motsVides, connues, normalisation) {
    const vides = new Set(motsVides);
    const table = connues || new Map();
    // Mot tel qu'écrit → [plié, racine] ; racine "" pour un mot vide. Un texte répète ses mots.
    const cache = new Map();
    function analyser(mot) {
      let a = cache.get(mot);
      if (a === undefined) {
        const plie = plier(mot);
        const connue = table.get(plie);
        a = [plie, connue !== undefined ? connue : plie && !vides.has(plie) ? efinal(raciniser(plie)) : ""];
        cache.set(mot, a);
      }
      return a;
    }
    // analyse.raciner (sur un mot plié ou non).
    const raciner = (mot) => analyser(mot)[1];
    // Les racines d'un texte, mots vides compris ("" à leur place : les positions restent
    // celles de Whoosh, disjonction.analyseur_fr).
    const suite = (texte) => Array.from(trouverMots(texte), (m) => analyser(m[0])[1]);
    const racines = (texte) => suite(texte).filter(Boolean);
    const normaliserRequete = normalisation && normaliseur(normalisation);
    return { plier, raciner, racines, suite, motsDe, normaliserRequete, vides };
  }

  // Ce qu'un arbitre a tapé, sûr à analyser (analyse.normaliser_requete) : chaque catégorie de
  // caractères de contrôle ôtée ou changée en espace, apostrophes et guillemets ramenés à ' et ".
  function normaliseur({ controles, apostrophes, guillemets, longueur_max: longueurMax }) {
    const parCategorie = Object.entries(controles).map(([cat, par]) => [new RegExp(`\\p{${cat}}`, "gu"), par]);
    const apostrophe = new RegExp(`[${apostrophes}]`, "g");
    const guillemet = new RegExp(`[${guillemets}]`, "g");
    return function normaliserRequete(texte) {
      let propre = parCategorie.reduce((t, [motif, par]) => t.replace(motif, par), texte);
      propre = propre.replace(apostrophe, "'").replace(guillemet, '"').replace(/\s+/g, " ").trim();
      if (propre.length > longueurMax) {
        propre = propre.slice(0, longueurMax);
        const espace = propre.lastIndexOf(" ");
        if (espace >= 0) propre = propre.slice(0, espace);
      }
      return propre;
    };
  }

  return { creer, plier, trouverMots };
});
