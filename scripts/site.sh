#!/usr/bin/env bash
# Build the static site into site/ (or the folder given with -d): mkdocs build --strict.
# The site serves nothing from npm (its search is ours: docs/assets/javascripts/recherche*.js), but
# its build trims the stylesheets with PurgeCSS and Beasties (hooks/css.py, scripts/css.mjs), from
# node_modules (package-lock.json): installed if missing, so that `make site` works right after a
# clone. Extra arguments go to mkdocs build.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d node_modules/beasties ] || [ ! -d node_modules/purgecss ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi
NO_MKDOCS_2_WARNING=1 exec .venv/bin/mkdocs build --strict "$@"
