// Les feuilles de style du site construit, pour un téléphone (issue 20) : lancé par
// scripts/apres_site.py après la construction, avant qu'il ne dresse la liste du service worker.
//
// 1. PurgeCSS garde des feuilles (Material, sa palette, la nôtre), mises bout à bout dans l'ordre
//    de la page, les seuls sélecteurs et variables que nomment les pages construites et les
//    scripts du site (Material ajoute des classes à l'exécution : infobulles, menu, mode sombre).
//    Une seule feuille en sort (site.EMPREINTE.min.css) : une variable déclarée par la palette et
//    lue par Material reste vue, et la page ne fait qu'une demande.
// 2. Beasties écrit dans chaque page les règles qui touchent ses éléments (le CSS critique) ; la
//    feuille entière n'est demandée qu'après le premier affichage (<noscript> sans script).
//    Rien n'est demandé au réseau : file:// (le zip) marche pareil.
//
// Usage : node scripts/css.mjs DOSSIER_DU_SITE
import { createHash } from "node:crypto";
import { readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Beasties from "beasties";
import { PurgeCSS } from "purgecss";

const site = process.argv[2];
const FEUILLES = join(site, "assets", "stylesheets");
const ORDRE = ["main.", "palette.", "extra."];  // l'ordre des <link> de Material, puis extra_css
// Les données de recherche et la table des citations : du texte, pas des classes (1,8 Mo lus pour rien).
const DONNEES = /-donnees\.js$/;

function fichiers(dossier, fin) {
  const trouves = [];
  for (const nom of readdirSync(dossier)) {
    const chemin = join(dossier, nom);
    if (statSync(chemin).isDirectory()) trouves.push(...fichiers(chemin, fin));
    else if (nom.endsWith(fin)) trouves.push(chemin);
  }
  return trouves.sort();
}

// Les classes qu'aucun fichier n'écrit en entier : Material les compose à l'exécution.
const GARDES = { standard: [/^md-tooltip2/, /^md-typeset__/, /^focus-visible$/, /^js$/] };

// Les mots d'une page ou d'un script : ceux de l'extracteur par défaut, et chaque valeur entre
// guillemets ou blancs (data-inserer="♦" : l'extracteur par défaut ne lit pas « ♦ »).
const extraire = (texte) => [
  ...(texte.match(/[\w-]+/g) || []), ...(texte.match(/[^\s<>"'`=(){}[\],;]+/g) || []),
];

async function elaguer(pages) {
  const noms = readdirSync(FEUILLES).filter((n) => n.endsWith(".css"));
  const rang = (nom) => ORDRE.findIndex((p) => nom.startsWith(p));
  const sources = noms.filter((n) => rang(n) >= 0).sort((a, b) => rang(a) - rang(b));
  if (sources.length !== ORDRE.length) throw new Error(`feuilles attendues ${ORDRE}, trouvées ${noms}`);
  const scripts = fichiers(join(site, "assets", "javascripts"), ".js").filter((c) => !DONNEES.test(c));
  const [{ css }] = await new PurgeCSS().purge({
    content: [...pages, ...scripts],
    css: [{ raw: sources.map((n) => readFileSync(join(FEUILLES, n), "utf8")).join("\n") }],
    extractors: [{ extractor: extraire, extensions: ["html", "js"] }],
    safelist: GARDES, keyframes: true, variables: true,
  });
  for (const nom of sources) {
    rmSync(join(FEUILLES, nom));
    rmSync(join(FEUILLES, `${nom}.map`), { force: true });  // les cartes décrivent les feuilles d'origine
  }
  const nom = `site.${createHash("sha256").update(css).digest("hex").slice(0, 8)}.min.css`;
  writeFileSync(join(FEUILLES, nom), css);
  return { sources, nom };
}

// Les liens de la page vers les feuilles d'origine deviennent un lien vers la feuille élaguée,
// absolu le temps du calcul de Beasties (qui lit les feuilles sous son `path`).
function relier(html, { sources, nom }) {
  const lien = /href="([^"]*?)assets\/stylesheets\//.exec(html);
  if (lien === null) return null;  // une page sans feuille du site (aucune aujourd'hui)
  const prefixe = lien[1];  // « ../../ », « » ou « / » (404.html part de la racine)
  const [premiere, ...autres] = sources;
  let sortie = html.replace(`href="${prefixe}assets/stylesheets/${premiere}"`, `href="/assets/stylesheets/${nom}"`);
  for (const source of autres) {
    sortie = sortie.replace(new RegExp(`<link rel="stylesheet" href="${prefixe}assets/stylesheets/${source}">\\s*`), "");
  }
  return { sortie, prefixe };
}

// La feuille entière ne sert qu'après le premier affichage (menu ouvert, dialogue, survol) :
// demandée avant, elle prenait au téléphone la bande passante de la page elle-même. Beasties la
// charge sans bloquer (media="print", puis "all") ; ce lien-là n'a plus d'adresse jusqu'au premier
// affichage, que le script ci-dessous attend (une image, puis une tâche).
const DIFFERE = / href="([^"]+)" media="print" onload="this\.media='all'"/g;
const CHARGEUR = "<script>requestAnimationFrame(function(){setTimeout(function(){"
  + "document.querySelectorAll('link[data-apres-affichage]').forEach(function(l){"
  + "l.href=l.getAttribute('data-apres-affichage');l.removeAttribute('data-apres-affichage');});});});</script>";

async function critique(beasties, page, feuille) {
  const relie = relier(readFileSync(page, "utf8"), feuille);
  if (relie === null) return;
  const sortie = (await beasties.process(relie.sortie))
    .replaceAll('href="/assets/stylesheets/', `href="${relie.prefixe}assets/stylesheets/`);
  const differee = sortie.replace(DIFFERE, ' data-apres-affichage="$1"');
  if (differee === sortie) throw new Error(`${page} : Beasties n'a pas différé la feuille`);
  writeFileSync(page, differee.replace("</body>", `${CHARGEUR}</body>`));
}

// Le mode sombre : la page arrive en « default » et le script de la palette (dans l'en-tête) passe
// <body> en « slate » avant le premier affichage ; sans ses règles, le texte était illisible
// (1:1) jusqu'à l'arrivée de la feuille.
// Les tableaux : Material les enveloppe à son démarrage (.md-typeset__scrollwrap, .md-typeset__table).
const TOUJOURS = [/\[data-md-color-scheme=slate\]/, /\.md-typeset__/];
const beasties = new Beasties({
  path: site, publicPath: "/", preload: "media", noscriptFallback: true, pruneSource: false,
  keyframes: "critical", logLevel: "warn", reduceInlineStyles: false, allowRules: TOUJOURS,
});
const pages = fichiers(site, ".html");
const feuille = await elaguer(pages);
for (const page of pages) await critique(beasties, page, feuille);
