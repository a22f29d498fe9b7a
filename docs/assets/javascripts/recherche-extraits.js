// L'extrait d'un passage, comme indexer/recherche/extraits.py le coupe : sans appels de note,
// une fenêtre d'environ « largeur » caractères autour des mots cherchés les plus serrés, ses
// bornes sur des blancs, « … » où le texte continue, et les mots à surligner (trois lettres
// au moins) ; les racines voulues : les mots tapés et les synonymes d'un mot.
(function (module) {
  (globalThis.RechercheModules = globalThis.RechercheModules || []).push(module);
  globalThis[module.name] = module(globalThis);
})(function RechercheExtraits(g) {
  "use strict";

  const trouverMots = g.RechercheAnalyse.trouverMots;

  // extraits.racines_cherchees : les mots d'un synonyme de plusieurs mots n'en sont pas.
  function racinesCherchees(requete) {
    const sortie = new Set();
    for (const c of requete.concepts) {
      if (c.exclu) continue;
      c.variantes.forEach((v, rang) => { if (rang === 0 || v.length === 1) v.forEach((r) => sortie.add(r)); });
    }
    return sortie;
  }

  // extraits._pliage_lettre_a_lettre : un accent plié lettre pour lettre (les places restent).
  const PLIAGE = new Map();
  for (let code = 0xc0; code < 0x250; code++) {
    const lettre = String.fromCharCode(code);
    const base = lettre.normalize("NFKD")[0];
    if (base !== lettre && base.charCodeAt(0) < 0x80) PLIAGE.set(lettre, base);
  }
  const plierLettres = (texte) => texte.replace(/[\u00c0-\u024f]/g, (c) => PLIAGE.get(c) || c);

  // R : les réglages (appel_note, surligne_min) ; A : l'analyse.
  function creer(R, A) {
    const APPEL_NOTE = new RegExp(R.appel_note, "g");

    // extraits._touches : [debut, fin, racine] des mots dont la racine est cherchée.
    function _touches(plat, cherchees) {
      if (!cherchees.size) return [];
      let plie = plierLettres(plat).toLowerCase();
      if (plie.length !== plat.length) plie = plat.toLowerCase();
      const tetes = new Set([...cherchees].map((r) => r.slice(0, 3)));
      const touches = [];
      for (const m of trouverMots(plie)) {
        if (m[0].length < R.surligne_min) continue;
        const mot = m[0].replace(/œ/g, "oe");
        if (tetes.has(mot.slice(0, 3)) || cherchees.has(mot)) {
          const racine = A.racines(mot)[0] || ""; // "" pour un mot vide
          if (cherchees.has(racine)) touches.push([m.index, m.index + m[0].length, racine]);
        }
      }
      return touches;
    }

    // extraits.extrait : { texte, marques } (les marques : [debut, fin] dans le texte rendu).
    function extrait(texte, cherchees, largeur) {
      const plat = texte.replace(APPEL_NOTE, "").replace(/\s+/g, " ").trim();
      const touches = _touches(plat, cherchees);
      let debut = 0;
      if (touches.length) {
        const portee = Math.floor(largeur * 3 / 4);
        const distincts = (i) => new Set(touches.slice(i).filter(([d]) => d < touches[i][0] + portee)
          .map(([, , r]) => r)).size;
        let depart = 0; // max(range(…), key=(distincts(i), -i)) : le premier des meilleurs
        for (let i = 1; i < Math.min(touches.length, 40); i++) if (distincts(i) > distincts(depart)) depart = i;
        debut = Math.max(0, Math.min(touches[depart][0] - Math.floor(largeur / 4), plat.length - largeur));
        if (debut) debut = plat.indexOf(" ", debut) + 1 || debut;
      }
      let fin = Math.min(plat.length, debut + largeur);
      // str.rfind(" ", debut, fin) : le dernier blanc avant fin, fin exclue.
      if (fin < plat.length && plat.lastIndexOf(" ", fin - 1) > debut) fin = plat.lastIndexOf(" ", fin - 1);
      const avant = debut ? "… " : "";
      const apres = fin < plat.length ? " …" : "";
      const decalage = avant.length - debut;
      const marques = touches.filter(([d, f]) => d >= debut && f <= fin).map(([d, f]) => [d + decalage, f + decalage]);
      return { texte: avant + plat.slice(debut, fin) + apres, marques };
    }

    return { extrait };
  }

  return { creer, racinesCherchees };
});
