#!/usr/bin/env bash
# A new user's first two commands, from scratch: a clone of the committed tree, no virtualenv, an
# empty pip cache that pip may not use (PIP_NO_CACHE_DIR), empty tool caches; then `make run`, and
# `make test` with a smoke selection (the whole suite is CI's next step). A missing install step,
# an unlocked or unhashed dependency, or a test that needs something only this machine has fails
# here instead of on a user's machine. tests/test_dependencies.py, in the smoke selection, checks
# the fresh .venv holds exactly the versions .ci/requirements/lock.txt pins.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
scratch="$(mktemp -d "${TMPDIR:-/tmp}/hipdnn-codegen-fresh.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT
export PIP_NO_CACHE_DIR=1 PIP_CACHE_DIR="$scratch/pip-cache" XDG_CACHE_HOME="$scratch/xdg-cache"
export HIPDNN_CODEGEN_CACHE_DIR="$scratch/codegen-cache"
unset VIRTUAL_ENV PYTHONPATH
mkdir -p "$PIP_CACHE_DIR"
git clone -q "$repo" "$scratch/clone"
cd "$scratch/clone"
step() {
    echo "fresh setup: $*"
    if ! "$@" >"$scratch/step.log" 2>&1; then
        cat "$scratch/step.log"
        echo "fresh setup: FAILED: $*" >&2
        exit 1
    fi
}
step make run
step make test PYTEST_ARGS="-p no:cacheprovider tests/test_dependencies.py tests/test_cli.py"
if [ -n "$(ls -A "$PIP_CACHE_DIR")" ]; then
    echo "fresh setup: FAILED: pip wrote to its cache although PIP_NO_CACHE_DIR is set" >&2
    exit 1
fi
.venv/bin/python -m pip list --format=freeze 2>/dev/null | grep -v '^hipdnn-codegen' | sed 's/^/fresh setup: installed /'
echo "fresh setup: ok (make run, then make test's setup and smoke tests, in a fresh clone)"
