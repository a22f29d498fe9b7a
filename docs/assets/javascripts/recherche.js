// La recherche du site : la loupe de l'en-tête (un dialogue), la page recherche/index.html?q=…,
// et le surlignage des mots cherchés sur la page d'un résultat (?h=racines).
//
// Rien n'est chargé sur une simple lecture. À la première ouverture de la recherche, un
// travailleur (Web Worker, recherche-travail.js) lit les données et répond aux requêtes : la
// page n'en porte jamais le poids (ni lecture de 2 Mo ni classement sur son fil). Sur http(s),
// il se lance depuis son fichier ; depuis file:// (le zip), où un travailleur ne peut charger
// aucun fichier, la page charge le moteur et les données en <script> (des scripts, pas fetch, que
// file:// refuse), puis l'écrit depuis un Blob. Les temps de chaque étape vont dans
// window.RechercheMesures (tests du navigateur, make bench).
(function () {
  "use strict";

  const ICI = document.currentScript ? document.currentScript.src : "";
  const RACINE = new URL("../../", ICI || document.baseURI);
  const TYPES = { loi: "Loi", commentaire: "Commentaire", exemple: "Exemple", note: "Note", index: "Index",
    definition: "Définition", reglement: "Règlement", annexe: "Annexe", tableau: "Tableau", objet: "Objet du Code",
    preface: "Préface", marque: "Marque" };
  const mesures = (window.RechercheMesures = { chargements: 0 });
  const charges = new Map();
  let moteur = null;
  let pret = false;

  function script(nom) {
    if (!charges.has(nom)) {
      charges.set(nom, new Promise((ok, echec) => {
        const balise = document.createElement("script");
        balise.src = new URL("assets/javascripts/" + nom, RACINE).href;
        balise.async = false; // dans l'ordre de la liste
        balise.onload = ok;
        balise.onerror = () => echec(new Error("script introuvable : " + nom));
        document.head.appendChild(balise);
      }));
    }
    return charges.get(nom);
  }

  // Le travailleur : son fichier sur http(s) ; depuis file://, le texte des fabriques du moteur
  // chargées ici, et les données envoyées (une chaîne : la lire est l'affaire du travailleur).
  function travailleur() {
    if (/^https?:$/.test(location.protocol)) {
      return Promise.resolve(new Worker(new URL("assets/javascripts/recherche-travail.js", RACINE)));
    }
    return script("recherche-travail.js").then(() => {
      const T = window.RechercheTravail;
      // citation.js est déjà sur chaque page : le recharger brancherait deux fois la boîte de l'accueil.
      const manquants = T.SCRIPTS.filter((nom) => nom !== "citation.js" || !window.CitationLoi);
      return Promise.all([...manquants, T.DONNEES].map(script)).then(() => {
        mesures.scripts = performance.now();
        const source = T.source(window.RechercheModules, window.CITATION_GRAMMAIRE);
        const w = new Worker(URL.createObjectURL(new Blob([source], { type: "text/javascript" })));
        w.postMessage({ donnees: window.RECHERCHE_DONNEES_JSON });
        delete window.RECHERCHE_DONNEES_JSON;
        return w;
      });
    });
  }

  // Le moteur, chargé une fois (à la première ouverture) : chercher(texte, options) → Promise
  // de la réponse du travailleur ; preparer() lui fait faire d'avance ce qu'une faute demanderait.
  function charger() {
    if (!moteur) {
      mesures.ouverture = performance.now();
      mesures.chargements += 1;
      moteur = travailleur().then((w) => new Promise((ok, echec) => {
        const attentes = new Map();
        let numero = 0;
        const api = {
          chercher: (texte, options) => new Promise((fini, rate) => {
            numero += 1;
            attentes.set(numero, [fini, rate]);
            w.postMessage({ n: numero, texte, options });
          }),
          preparer: () => w.postMessage({ preparer: true }),
        };
        w.onmessage = (evenement) => {
          const m = evenement.data;
          if (m.pret) {
            mesures.pret = performance.now();
            mesures.lecture = m.lecture; // ms du travailleur pour lire les données
            pret = true;
            return m.erreur ? echec(new Error(m.erreur)) : ok(api);
          }
          const [fini, rate] = attentes.get(m.n);
          attentes.delete(m.n);
          if (m.erreur) rate(new Error(m.erreur));
          else fini(m.reponse);
        };
        w.onerror = (evenement) => {
          evenement.preventDefault();
          const erreur = new Error(evenement.message || "le travailleur de la recherche s'est arrêté");
          echec(erreur);
          for (const [, rate] of attentes.values()) rate(erreur);
        };
      }));
    }
    return moteur;
  }

  // --- l'affichage des résultats -----------------------------------------------------------

  function element(nom, classe, texte) {
    const e = document.createElement(nom);
    if (classe) e.className = classe;
    if (texte !== undefined) e.textContent = texte;
    return e;
  }

  // L'adresse d'un passage, avec les racines à surligner sur la page d'arrivée.
  function adresse(url, racines) {
    const [page, ancre] = url.split("#");
    const h = racines.length ? "?h=" + encodeURIComponent(racines.join(" ")) : "";
    return new URL(page, RACINE).href + h + (ancre ? "#" + ancre : "");
  }

  // L'extrait vient sans appels de note ni mots d'une ou deux lettres surlignés (extraits.py).
  function extrait(passage) {
    const p = element("p", "recherche-extrait");
    let curseur = 0;
    for (const [debut, fin] of passage.marques) {
      p.append(passage.extrait.slice(curseur, debut), element("mark", "", passage.extrait.slice(debut, fin)));
      curseur = fin;
    }
    p.append(passage.extrait.slice(curseur));
    return p;
  }

  // « 68C » pour le texte d'une loi, « Exemple 3 » pour « 68 exemple 3 », « Définition »…
  // Une entrée de l'index 2007 se nomme par son terme (« Index : Concession › Contestée ») :
  // son texte n'est que des renvois.
  function libelle(p) {
    if (p.type === "loi") return p.ref;
    if (p.type === "index") return "Index : " + (p.titre.split(" — ").slice(1).join(" — ") || p.ref);
    const numero = /^\d+ (commentaire|exemple|note) (\d+)$/.exec(p.ref);
    if (numero) return TYPES[p.type] + " " + numero[2];
    return TYPES[p.type] || p.type;
  }

  function groupe(g, racines) {
    const li = element("li", "recherche-groupe");
    li.dataset.loi = g.loi === null ? "" : String(g.loi);
    const titre = g.loi === null ? g.titre : "Loi " + g.loi + " — " + g.titre;
    const lien = element("a", "recherche-loi", titre);
    lien.href = adresse(g.url, racines); // la page de la loi, jamais celle du premier passage
    li.append(lien);
    const liste = element("ul", "recherche-passages");
    for (const p of g.passages) {
      const item = element("li", "recherche-passage");
      const a = element("a", "recherche-ref");
      a.href = adresse(p.url, racines);
      a.append(element("span", "recherche-label", libelle(p)));
      if (p.edition) a.append(" ", element("span", "edition e" + p.edition, p.edition));
      item.append(a, extrait(p));
      liste.append(item);
    }
    li.append(liste);
    return li;
  }

  function afficher(cible, etat, reponse, texte) {
    cible.replaceChildren();
    cible.style.minHeight = ""; // la place gardée en attendant (recherche.md) : les résultats la prennent
    if (!reponse.groupes.length) {
      etat.textContent = reponse.requete ? "Aucun résultat pour « " + reponse.requete + " »." : "";
    } else {
      etat.textContent = (reponse.corrigee ? "Résultats pour : « " + reponse.interpretation + " »" : "Résultats")
        + " — les lois les plus proches d'abord.";
      const liste = element("ol", "recherche-groupes");
      for (const g of reponse.groupes) liste.append(groupe(g, reponse.racines));
      cible.append(liste);
    }
    cible.dataset.requete = texte; // tel que tapé ou reçu dans ?q= : les tests et les liens le retrouvent
  }

  // Une citation tapée seule (« 68 C », « L68 », « Loi 16 B 1 », « 80B2(k) ») : la grammaire de
  // `loi voir` (citation.js), null sinon ; « 68C revendication » reste une recherche.
  const citation = (texte) => (window.CitationLoi ? window.CitationLoi.analyser(texte) : null);

  // Ouvre le paragraphe cité, ou son paragraphe englobant (la table des ancres du site le dit).
  function ouvrirCitation(label, etat, remplacer) {
    return script("citations-donnees.js").catch(() => null).then(() => {
      const C = window.CitationLoi;
      const trouve = C.cible(label, window.CITATIONS_LOIS || null);
      if (!trouve) {
        etat.textContent = "La loi " + C.compacte(label) + " est introuvable.";
        return;
      }
      const url = new URL(trouve.url, RACINE).href;
      if (remplacer) location.replace(url);
      else location.href = url;
    });
  }

  // Cherche et affiche (en tapant : le dernier mot est complété) ; seule la dernière requête
  // partie s'affiche. mesures.derniere : la durée de la recherche et de son affichage (ms).
  let derniere = 0;
  function chercherDans(texte, cible, etat, enTapant) {
    const numero = ++derniere;
    etat.textContent = pret ? "" : "Chargement de la recherche…";
    const debut = performance.now();
    return charger().then((m) => {
      const depart = Math.max(debut, mesures.pret || 0);
      return m.chercher(texte, { limite: 10, parGroupe: 3, completer: Boolean(enTapant) }).then((reponse) => {
        if (numero !== derniere) return reponse; // une requête plus récente est en route
        afficher(cible, etat, reponse, texte);
        const label = citation(texte);
        if (label) etat.textContent = "Entrée : ouvrir la Loi " + window.CitationLoi.compacte(label) + ".";
        const fin = performance.now();
        mesures.derniere = fin - depart;
        if (mesures.premiers === undefined) {
          mesures.premiers = fin;
          (window.requestIdleCallback || setTimeout)(() => m.preparer());
        }
        return reponse;
      });
    }).catch((erreur) => {
      etat.textContent = "La recherche n'a pas pu se charger (" + erreur.message + ").";
    });
  }

  // --- le dialogue de l'en-tête ----------------------------------------------------------------

  function dialogue() {
    const boite = document.getElementById("recherche-dialogue");
    if (!boite || !boite.showModal) return;
    const saisie = boite.querySelector(".recherche-saisie");
    const resultats = boite.querySelector(".recherche-resultats");
    const etat = boite.querySelector(".recherche-etat");
    let minuteur = 0;
    const ouvrir = (evenement) => {
      if (evenement) evenement.preventDefault();
      if (!boite.open) boite.showModal();
      saisie.focus();
      saisie.select();
      charger();
    };
    for (const bouton of document.querySelectorAll(".recherche-ouvrir")) bouton.addEventListener("click", ouvrir);
    boite.querySelector(".recherche-fermer").addEventListener("click", () => boite.close());
    boite.addEventListener("click", (evenement) => { if (evenement.target === boite) boite.close(); });
    // Échap ferme tout de suite (dans un champ de recherche, Chromium le viderait d'abord).
    boite.addEventListener("keydown", (evenement) => {
      if (evenement.key === "Escape") {
        evenement.preventDefault();
        boite.close();
      }
    });
    saisie.addEventListener("input", () => {
      clearTimeout(minuteur);
      minuteur = setTimeout(() => chercherDans(saisie.value, resultats, etat, true), 120);
    });
    boite.querySelector("form").addEventListener("submit", (evenement) => {
      evenement.preventDefault();
      clearTimeout(minuteur);
      const label = citation(saisie.value);
      if (label) ouvrirCitation(label, etat, false);
      else chercherDans(saisie.value, resultats, etat);
    });
    document.addEventListener("keydown", (evenement) => {
      const ecrit = /^(INPUT|TEXTAREA|SELECT)$/.test(document.activeElement?.tagName || "");
      if (evenement.key === "/" && !ecrit && !boite.open) ouvrir(evenement);
    });
  }

  // --- la page recherche/index.html?q=… ------------------------------------------------------

  function page() {
    const resultats = document.getElementById("resultats");
    if (!resultats) return;
    const q = new URLSearchParams(location.search).get("q") || "";
    const saisie = document.getElementById("recherche-page-saisie");
    if (saisie) saisie.value = q;
    const etat = document.getElementById("recherche-page-etat");
    const label = citation(q);
    if (label) ouvrirCitation(label, etat, true);
    else if (q.trim()) chercherDans(q, resultats, etat);
  }

  // --- le surlignage sur la page d'arrivée -----------------------------------------------------

  // Les mots de trois lettres ou plus dont la racine est cherchée ; jamais « l », « a », « de ».
  function surligner() {
    const h = new URLSearchParams(location.search).get("h");
    const article = document.querySelector("article.md-content__inner");
    if (!h || !article) return;
    const voulues = new Set(h.split(" ").filter((r) => r.length >= 2));
    script("recherche-analyse.js").then(() => {
      const A = window.RechercheAnalyse.creer([]);
      const marcheur = document.createTreeWalker(article, NodeFilter.SHOW_TEXT, {
        // A word with a tooltip (<abbr>) is highlighted too: « mort » is one on every law page.
        acceptNode: (n) => (n.parentElement.closest("script, style, mark, .headerlink") ? 2 : 1),
      });
      const noeuds = [];
      while (marcheur.nextNode()) noeuds.push(marcheur.currentNode);
      for (const noeud of noeuds) {
        const mots = window.RechercheAnalyse.trouverMots(noeud.data);
        const touches = [...mots].filter((m) => m[0].length >= 3 && voulues.has(A.raciner(m[0])));
        for (const m of touches.reverse()) {
          const fin = noeud.splitText(m.index);
          fin.splitText(m[0].length);
          const marque = element("mark", "recherche-surligne");
          fin.replaceWith(marque);
          marque.append(fin);
        }
      }
    });
  }

  dialogue();
  page();
  surligner();
  window.RechercheSite = { charger, mesures };
})();
