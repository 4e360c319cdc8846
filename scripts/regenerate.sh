#!/usr/bin/env bash
# Regenerate every committed generated/ tree after a change to the tool (its stamps digest the
# tool's own code): the repository's and the test workspaces' that are meant to be fresh.
# tests/cases/gen-stale* are stale on purpose and left alone.
set -euo pipefail
cd "$(dirname "$0")/.."
python="${PYTHON:-.venv/bin/python}"
repo="$PWD"
"$python" -m codegen generate -q
for case in tests/cases/*/; do
    [ -d "$case/generated" ] && case "$(basename "$case")" in gen-stale*) false ;; esac || continue
    (cd "$case" && PYTHONPATH="$repo" "$repo/$python" -m codegen generate -q 2>/dev/null) || true
done
