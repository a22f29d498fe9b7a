// Installe le service worker (scripts/apres_site.py) : le site reste consultable sans réseau et peut
// être ajouté à l'écran d'accueil. Seulement en http(s) : en file://, les navigateurs
// refusent les service workers, et le plugin offline fait le travail.
(function () {
  "use strict";
  if (!/^https?:$/.test(location.protocol) || !("serviceWorker" in navigator)) {
    return;
  }
  // sw.js est à la racine du site, deux dossiers au-dessus de ce script.
  var adresse = new URL("../../sw.js", document.currentScript.src);
  navigator.serviceWorker.register(adresse.href).catch(function (erreur) {
    console.warn("Service worker non installé :", erreur);
  });
})();
