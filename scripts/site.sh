#!/usr/bin/env bash
# Build the static site into site/ (or the folder given with -d): mkdocs build --strict.
# The site needs nothing from npm (its search is ours: docs/assets/javascripts/recherche*.js).
# Extra arguments go to mkdocs build.
set -euo pipefail
cd "$(dirname "$0")/.."
NO_MKDOCS_2_WARNING=1 exec .venv/bin/mkdocs build --strict "$@"
