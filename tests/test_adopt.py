"""add-op NAME --hipdnn-root DIR: reuse the numbers a hipDNN checkout already defines for the op.

Each directory under tests/adopt_cases/ holds a small checkout (checkout/, headers and graph.fbs in
hipDNN's formats), args.txt (the add-op arguments) and maybe input.fbs; `add-op ARGS --hipdnn-root
checkout --dry-run`, run in a copy of this repository's workspace, must print exactly expected.txt.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conftest import REPO, UPDATE, run_cli

ADOPT_CASES = Path(__file__).resolve().parent / "adopt_cases"
CASE_DIRS = sorted(p for p in ADOPT_CASES.iterdir() if (p / "args.txt").is_file())


def _run(case: Path, workspace: Path, *extra: str):
    shutil.copytree(case / "checkout", workspace / "checkout")
    for schema in case.glob("*.fbs"):
        shutil.copy(schema, workspace / schema.name)
    args = (case / "args.txt").read_text().split()
    return run_cli("add-op", *args, "--hipdnn-root", "checkout", *extra, cwd=workspace)


@pytest.mark.parametrize("case", CASE_DIRS, ids=[p.name for p in CASE_DIRS])
def test_adopt_case(case, workspace):
    result = _run(case, workspace, "--dry-run")
    expected = case / "expected.txt"
    if UPDATE:
        expected.write_text(result.out + result.err)
        pytest.fail(f"rewrote {expected}")
    assert result.out + result.err == expected.read_text()
    assert result.code == (1 if "error[" in result.out else 0)
    assert "internal error" not in result.err


def test_adopted_spec_passes_check(workspace):
    """The adopted numbers make a spec that check accepts, and the message says what was adopted."""
    result = _run(ADOPT_CASES / "with-fbs", workspace)
    assert result.code == 0, result.out + result.err
    assert "numbers adopted from the hipDNN checkout at checkout (not allocated):" in result.out
    text = (workspace / "op_specs" / "groupnorm_bwd.yaml").read_text()
    assert "attribute_range: [4000, 4099]" in text and "value: 45}" in text and "union_position: 28" in text
    check = run_cli("check", "--hipdnn-root", "checkout", cwd=workspace)
    assert check.code == 0, check.out + check.err


def test_partial_match_reports_each_mismatch_with_both_places(workspace):
    """Only real mismatches (a name the checkout has, with a number that cannot be the op's) are
    findings: the compute type outside the block and the operation type op_specs/ already use. The
    descriptor type spelled without _EXT is taken, the attribute and union member the checkout
    lacks are allocated."""
    result = _run(ADOPT_CASES / "partial-match", workspace, "--dry-run")
    assert result.code == 1
    errors = [line for line in result.out.splitlines() if "error[HDR-CONFLICT]" in line]
    notes = [line for line in result.out.splitlines() if line.startswith("    ") and "note:" in line]
    assert len(errors) == 2 and len(notes) == len(errors)
    assert not (workspace / "op_specs" / "groupnorm_bwd.yaml").exists()
