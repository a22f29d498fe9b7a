#!/usr/bin/env bash
# Create .venv with the pinned dependencies (the command's, the site's and the tools': `.[site,dev]`)
# and the `loi` command (editable install).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e '.[site,dev]' --config-settings editable_mode=compat
# Lighthouse (make bench), PurgeCSS and Beasties (the site's post-build step), their versions
# fixed in package-lock.json: installed again whenever the lock file is newer than node_modules.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi
# Byte-compile the package now: with PYTHONDONTWRITEBYTECODE set, every `loi` would
# otherwise recompile its modules at each start.
.venv/bin/python -m compileall -q indexer
