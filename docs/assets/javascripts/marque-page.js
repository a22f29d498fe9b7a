// La page Marque : les quatre calculateurs (marque d'un contrat, IMP, points de match, marque
// ajustée pondérée) branchés sur window.Marque (marque.js), qui fait tous les calculs.
//
// Les formulaires sont écrits par indexer/rendu/marque.py ; ce script lit leurs champs et écrit la
// réponse, ou l'erreur en français, à côté. ES2017 sans module ni réseau : la page marche depuis
// file:// et hors ligne. Sur une page sans formulaire de marque, il ne fait rien.
(function () {
  "use strict";

  var formulaires = document.querySelectorAll("form.marque-calcul[data-calcul]");
  if (!formulaires.length) return;
  var M = window.Marque;

  function saisieInvalide(message) {
    var erreur = new Error(message);
    erreur.name = "SaisieInvalide";
    return erreur;
  }

  function noeud(nom, texte, classe) {
    var element = document.createElement(nom);
    if (texte !== undefined) element.textContent = texte;
    if (classe) element.className = classe;
    return element;
  }

  function nombre(valeur) {
    return String(valeur).replace(".", ",");
  }

  // 420 → « +420 », -50 → « -50 », 2.5 → « +2,5 » : comme on l'écrit sur une feuille de marque.
  function signe(valeur) {
    return (valeur > 0 ? "+" : "") + nombre(valeur);
  }

  // Espaces insécables et tirets de traitement de texte ramenés à l'ASCII.
  function normaliser(texte) {
    return String(texte).replace(/[\u00a0\u2007\u2009\u202f]/g, " ")
      .replace(/[\u2010-\u2014\u2212]/g, "-").replace(/^\s+|\s+$/g, "");
  }

  // Un nombre de points : « 620 », « -170 », « 1 100 » (milliers séparés), « 2,5 ».
  function lireNombre(texte, quoi) {
    var brut = normaliser(texte);
    if (!brut) throw saisieInvalide(quoi + " vide : écrivez un nombre de points, par exemple 620 ou -170.");
    var compact = /^[+-]?\d{1,3}( \d{3})+$/.test(brut) ? brut.replace(/ /g, "") : brut.replace(",", ".");
    if (!/^[+-]?\d+(\.\d+)?$/.test(compact)) {
      throw saisieInvalide(quoi + " : « " + brut + " » n'est pas un nombre de points (par exemple 620 ou -170).");
    }
    return parseFloat(compact);
  }

  // Plusieurs marques, séparées par des espaces, des virgules ou des points-virgules.
  function lireListe(texte, quoi) {
    var brut = normaliser(texte);
    if (!brut) throw saisieInvalide(quoi + " vides : écrivez les marques séparées par des espaces, par exemple 420 450 -50.");
    return brut.split(/[\s,;]+/).map(function (morceau) { return lireNombre(morceau, quoi); });
  }

  function tableau(entetes, lignes) {
    var table = noeud("table"), tete = noeud("thead"), corps = noeud("tbody"), rang = noeud("tr");
    entetes.forEach(function (entete) { rang.appendChild(noeud("th", entete)); });
    tete.appendChild(rang);
    lignes.forEach(function (ligne) {
      var tr = noeud("tr");
      ligne.forEach(function (cellule) { tr.appendChild(noeud("td", String(cellule))); });
      corps.appendChild(tr);
    });
    table.appendChild(tete);
    table.appendChild(corps);
    return table;
  }

  function total(libelle, valeur) {
    var p = noeud("p", libelle + " ", "marque-total");
    p.appendChild(noeud("strong", valeur));
    return p;
  }

  // Chaque calcul lit ses champs et rend les nœuds de sa réponse.
  var CALCULS = {
    contrat: function (champs) {
      var contrat = M.lire_contrat(champs.contrat.value);
      var vulnerable = champs.vulnerable.value === "V";
      var ecart = M.lire_resultat(champs.resultat.value, contrat.niveau);
      var resultat = M.marque(contrat, vulnerable, ecart);
      var notation = M.notation(contrat) + " " + (vulnerable ? "V" : "NV") + " " + M.notation_resultat(ecart);
      var lignes = resultat.detail.map(function (ligne) { return [ligne[0], signe(ligne[1])]; });
      return [total(notation + " : marque du déclarant", signe(resultat.points)), tableau(["Détail", "Points"], lignes)];
    },
    imp: function (champs) {
      var a = lireNombre(champs.marque_a.value, "Marque ou écart");
      if (!normaliser(champs.marque_b.value)) return [total("Écart de " + signe(a) + " points :", signe(M.imp(a)) + " IMP")];
      var b = lireNombre(champs.marque_b.value, "Autre marque");
      // arrondi au centième : 0,1 - 0,3 ne doit pas devenir un écart de -0,19999999999999998
      var ecart = Math.round((a - b) * 100) / 100;
      var calcul = nombre(a) + " − " + (b < 0 ? "(" + nombre(b) + ")" : nombre(b)) + " = " + signe(ecart) + " points :";
      return [total(calcul, signe(M.imp(ecart)) + " IMP")];
    },
    pdm: function (champs) {
      var marques = lireListe(champs.marques.value, "Marques");
      var resultat = M.pdm(marques);
      var lignes = marques.map(function (marque, rang) {
        return [signe(marque), resultat.points[rang], nombre(resultat.pourcentages[rang]) + " %"];
      });
      return [total("Top de la donne :", String(resultat.top)), tableau(["Marque", "Points de match", "Pourcentage"], lignes)];
    },
    ajustee: function (champs) {
      var options = champs.methode.value === "imp"
        ? { autre_table: lireNombre(champs.autre_table.value, "Marque de l'autre table") }
        : { autres_marques: lireListe(champs.autres_marques.value, "Autres marques") };
      var resultat = M.ajustee(champs.issues.value, champs.vulnerabilite.value, options);
      var liste = noeud("ul", undefined, "marque-travail");
      resultat.lignes.slice(0, -1).forEach(function (ligne) { liste.appendChild(noeud("li", ligne)); });
      var dernier = resultat.lignes[resultat.lignes.length - 1].split(" : ");
      return [liste, total(dernier[0] + " :", dernier.slice(1).join(" : "))];
    }
  };

  function message(erreur) {
    if (erreur && erreur.name === "SaisieInvalide") return erreur.message;
    return "Calcul impossible : vérifiez la saisie (" + (erreur && erreur.message) + ").";
  }

  function calculer(formulaire) {
    var erreur = formulaire.querySelector(".marque-erreur");
    var sortie = formulaire.querySelector(".marque-resultat");
    sortie.textContent = "";
    try {
      CALCULS[formulaire.getAttribute("data-calcul")](formulaire.elements).forEach(function (n) {
        sortie.appendChild(n);
      });
      erreur.textContent = "";
      erreur.hidden = true;
      formulaire.setAttribute("data-calcule", "1");
    } catch (e) {
      erreur.textContent = message(e);
      erreur.hidden = false;
    }
  }

  // Les boutons ♣ ♦ ♥ ♠ SA X écrivent dans le champ du contrat, là où est le curseur.
  function inserer(champ, texte) {
    var debut = champ.selectionStart === null ? champ.value.length : champ.selectionStart;
    var fin = champ.selectionEnd === null ? debut : champ.selectionEnd;
    champ.value = champ.value.slice(0, debut) + texte + champ.value.slice(fin);
    champ.focus();
    champ.setSelectionRange(debut + texte.length, debut + texte.length);
  }

  // Marque ajustée : n'afficher que le champ de comparaison de la méthode choisie.
  function montrerMethode(formulaire) {
    var methode = formulaire.elements.methode;
    if (!methode) return;
    formulaire.querySelectorAll("[data-methode]").forEach(function (label) {
      label.hidden = label.getAttribute("data-methode") !== methode.value;
    });
  }

  Array.prototype.forEach.call(formulaires, function (formulaire) {
    if (!M) {
      var erreur = formulaire.querySelector(".marque-erreur");
      erreur.textContent = "La bibliothèque de marque (marque.js) n'a pas pu être chargée : rechargez la page.";
      erreur.hidden = false;
      return;
    }
    formulaire.addEventListener("submit", function (evenement) {
      evenement.preventDefault();
      calculer(formulaire);
    });
    // Une fois un premier résultat affiché, il suit chaque changement de saisie.
    formulaire.addEventListener("change", function () {
      montrerMethode(formulaire);
      if (formulaire.getAttribute("data-calcule") === "1") calculer(formulaire);
    });
    formulaire.querySelectorAll("[data-inserer]").forEach(function (bouton) {
      bouton.addEventListener("click", function () {
        inserer(formulaire.elements.contrat, bouton.getAttribute("data-inserer"));
      });
    });
    montrerMethode(formulaire);
  });
})();
