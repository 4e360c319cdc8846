#!/usr/bin/env bash
# A hipDNN-like repository with the workspace in a subdirectory, driven the way its developers would:
#
#   1. real pre-commit with this repository's .pre-commit-hooks.yaml (at its HEAD commit) passes a
#      good commit and blocks a commit whose spec has an error;
#   2. the CI job of the README's "In CI" section (its `run:` lines, taken from the README itself)
#      passes in that repository.
#
# The tool and its workspace sit in tools/hipdnn-codegen/, as a hipDNN checkout would vendor them,
# with a hipdnn-codegen.toml at the repository root. Needs network access to PyPI (pre-commit builds
# the hook's environment). Commit first: pre-commit installs the hook from HEAD.
# Usage: .ci/precommit_scratch.sh [WORKDIR]   (default: a new temporary directory)
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-$(mktemp -d)}
mkdir -p "$work"
sha=$(git -C "$repo" rev-parse HEAD)
fail() { echo "precommit_scratch: FAIL: $*" >&2; exit 1; }
step() { echo "precommit_scratch: $*"; }

step "tools in $work/venv"
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install -qq pre-commit
export PRE_COMMIT_HOME="$work/pre-commit-cache"

scratch="$work/hipdnn"
rm -rf "$scratch"
git init -q "$scratch"
git -C "$scratch" config user.email scratch@example.invalid
git -C "$scratch" config user.name scratch
mkdir -p "$scratch/tools/hipdnn-codegen" "$scratch/projects/hipdnn"
# the tool and its workspace (no test cases: some are invalid on purpose)
git -C "$repo" archive HEAD codegen pyproject.toml README.md op_specs generated | tar -x -C "$scratch/tools/hipdnn-codegen"
echo "hipDNN would be here" > "$scratch/projects/hipdnn/README.md"
cat > "$scratch/hipdnn-codegen.toml" <<EOF
workspace = "tools/hipdnn-codegen"
EOF
cat > "$scratch/.pre-commit-config.yaml" <<EOF
repos:
  - repo: $repo
    rev: $sha
    hooks:
      - id: hipdnn-codegen-check
EOF

cd "$scratch"
"$work/venv/bin/pre-commit" install > /dev/null
git add -A
step "a good commit (pre-commit builds the hook's environment first)"
git commit -qm "vendor hipdnn-codegen" > "$work/good.log" 2>&1 || { cat "$work/good.log"; fail "the hook blocked a good commit"; }
grep -q "hipdnn-codegen check.*Passed" "$work/good.log" || { cat "$work/good.log"; fail "the hook did not run on the good commit"; }

step "a commit whose spec has an error"
spec=tools/hipdnn-codegen/op_specs/sdpa_bwd.yaml
sed -i 's/^stem: SdpaBwd$/stem: sdpaBwd/' "$spec"
git add "$spec"
if git commit -qm "break a spec" > "$work/bad.log" 2>&1; then
    cat "$work/bad.log"; fail "the hook let a bad spec through"
fi
grep -q "error\[" "$work/bad.log" || { cat "$work/bad.log"; fail "the hook failed without a finding"; }
grep -q "hipdnn-codegen check.*Failed" "$work/bad.log" || { cat "$work/bad.log"; fail "the hook did not report the failure"; }
git checkout -q HEAD -- "$spec"  # back to the committed, good spec

step "the README's CI job, run at the repository root"
python3 -m venv "$work/ci"
# shellcheck disable=SC2016 # the README's lines are taken literally, then their GitHub expressions filled in
sed -n '/^# .github\/workflows\/hipdnn-codegen.yml/,/^```/p' "$repo/README.md" | sed -n 's/^ *- run: //p' > "$work/ci.sh"
[ -s "$work/ci.sh" ] || fail "no run: lines in the README's CI block"
sed -i 's/\${{ github.base_ref }}/main/; s/origin\/main/HEAD/' "$work/ci.sh"
cat "$work/ci.sh"
PATH="$work/ci/bin:$PATH" bash -euo pipefail "$work/ci.sh" > "$work/ci.log" 2>&1 || { cat "$work/ci.log"; fail "the README's CI job failed"; }
step "ok: pre-commit passed the good commit and blocked the bad one; the README's CI job passed"
