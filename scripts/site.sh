#!/usr/bin/env bash
# Build the static site into site/ (or the folder given with -d/--site-dir): mkdocs build --strict,
# then our one post-build step (scripts/apres_site.py: search data, citation grammar and table,
# stylesheets trimmed with their critical CSS, manifest, service worker), which reads only the
# built folder: another generator needs no hook. The site serves nothing from npm (its search is
# ours: docs/assets/javascripts/recherche*.js), but the post-build step trims the stylesheets with
# PurgeCSS and Beasties from node_modules (package-lock.json): installed if missing, so that
# `make site` works right after a clone. Extra arguments go to mkdocs build.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d node_modules/beasties ] || [ ! -d node_modules/purgecss ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi
site=site
precedent=
for argument in "$@"; do
  case "$precedent" in -d|--site-dir) site="$argument" ;; esac
  case "$argument" in --site-dir=*) site="${argument#--site-dir=}" ;; esac
  precedent="$argument"
done
NO_MKDOCS_2_WARNING=1 .venv/bin/mkdocs build --strict "$@"
exec .venv/bin/python scripts/apres_site.py "$site"
