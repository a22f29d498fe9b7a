#!/usr/bin/env bash
# Build the static site into site/ (or the folder given with -d): mkdocs build --strict.
# MiniSearch (the site search), PurgeCSS and Beasties (hooks/css.py) come from node_modules
# (package-lock.json); install them if missing,
# so that `make site` works right after a clone. Extra arguments go to mkdocs build.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f node_modules/minisearch/dist/umd/index.js ] || [ ! -d node_modules/beasties ] || [ ! -d node_modules/purgecss ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi
NO_MKDOCS_2_WARNING=1 exec .venv/bin/mkdocs build --strict "$@"
