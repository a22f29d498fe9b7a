#!/usr/bin/env bash
# Create .venv with the pinned dependencies and the `loi` command (editable install).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e '.[dev]' --config-settings editable_mode=compat
