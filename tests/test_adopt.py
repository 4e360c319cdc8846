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


# op_specs/ ships these ops, adopted from tests/fixtures/hipdnn_tree; the cases adopt them afresh, so
# they run in a workspace without them whose registry still holds their entries (the shipped
# registry before they were handed over, kept beside the cases).
SHIPPED_ADOPTED = ("batchnorm", "batchnorm_bwd", "batchnorm_inference", "block_scale_dequantize", "block_scale_quantize", "rmsnorm_bwd")


@pytest.fixture(scope="module")
def _before_adoption(tmp_path_factory):
    ws = tmp_path_factory.mktemp("before_adoption")
    shutil.copytree(REPO / "op_specs", ws / "op_specs", ignore=shutil.ignore_patterns(*(f"{op}.yaml" for op in SHIPPED_ADOPTED)))
    shutil.copy(ADOPT_CASES / "registry_before_adoption.yaml", ws / "op_specs" / "registry.yaml")
    result = run_cli("generate", cwd=ws)
    assert result.code == 0, result.out + result.err
    return ws


@pytest.fixture
def workspace(tmp_path, _before_adoption):
    """This repository's workspace as it was before op_specs/ adopted SHIPPED_ADOPTED."""
    ws = tmp_path / "ws"
    shutil.copytree(_before_adoption, ws)
    return ws


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


def test_registry_handoff_passes_the_ops_entries_to_its_spec(workspace):
    """add-op for an op the registry owns (hipDNN's RMSNorm backward, its real schema) adopts it:
    no refusal, the registry's entries for it leave registry.yaml, which lists the op under specs,
    and check against the checkout reports nothing."""
    before = (workspace / "op_specs" / "registry.yaml").read_text()
    assert "RMSNORM_BACKWARD" in before and "RMSNormBackwardAttributes" in before
    result = _run(ADOPT_CASES / "rmsnorm-bwd-handoff", workspace)
    assert result.code == 0, result.out + result.err
    assert "registry entries passed to the spec (removed from op_specs/registry.yaml): 13" in result.out
    after = (workspace / "op_specs" / "registry.yaml").read_text()
    assert "RMSNORM_BACKWARD" not in after and "RMSNormBackwardAttributes" not in after and "RMS_NORM_BACKWARD" not in after
    assert "specs: [layernorm_bwd, rmsnorm_bwd, sdpa_bwd]" in after
    spec = (workspace / "op_specs" / "rmsnorm_bwd.yaml").read_text()
    assert "stem: RMSNormBackward" in spec and "node_type: {name: RMS_NORM_BACKWARD, value: 19}" in spec
    check = run_cli("check", "--hipdnn-root", "checkout", cwd=workspace)
    assert check.code == 0 and "warning[" not in check.out, check.out + check.err
    again = run_cli("add-op", "rmsnorm_bwd", cwd=workspace)  # the spec exists: nothing changes
    assert again.code == 0 and (workspace / "op_specs" / "registry.yaml").read_text() == after


def test_registry_alone_is_adopted_from_without_a_checkout(workspace):
    """Without --hipdnn-root, the registry's own entries for the op are its numbers."""
    shutil.copy(ADOPT_CASES / "rmsnorm-bwd-handoff" / "rmsnorm_backward_attributes.fbs", workspace)
    result = run_cli("add-op", "rmsnorm_bwd", "--from-fbs", "rmsnorm_backward_attributes.fbs", "--dry-run", cwd=workspace)
    assert result.code == 0, result.out + result.err
    assert "numbers adopted from the registry at op_specs/registry.yaml (not allocated):" in result.out
    assert "attribute_range: [3500, 3599]" in result.out and "union_position: 17}" in result.out
    assert "descriptor_type: {name: HIPDNN_BACKEND_OPERATION_RMSNORM_BACKWARD_DESCRIPTOR_EXT, value: 33}" in result.out


def test_names_the_checkout_defines_raise_no_naming_warning(workspace):
    """block-scale quantize keeps hipDNN's names (_XDESC, _MATH_PREC, a descriptor type without
    _EXT): check against the checkout warns about none of them, and neither does check alone, since
    the registry now lists the op under `specs:` (its entries were handed over from the checkout;
    tests/test_generate.py shows the warnings back for an op the registry does not list)."""
    result = _run(ADOPT_CASES / "block-scale-quantize-names", workspace)
    assert result.code == 0, result.out + result.err
    assert "warning[" not in result.out
    with_checkout = run_cli("check", "--hipdnn-root", "checkout", cwd=workspace)
    assert with_checkout.code == 0 and "warning[" not in with_checkout.out, with_checkout.out
    alone = run_cli("check", cwd=workspace)
    assert alone.code == 0 and "warning[" not in alone.out, alone.out


def test_nested_blocks_adopted_into_two_specs_check_clean(workspace):
    """Quantize (2800-2899) and dequantize (2807-2899, inside it) both adopted: each spec states
    the share with the other, and neither check nor add-op reports CHK-RANGE-OVERLAP."""
    assert _run(ADOPT_CASES / "block-scale-quantize-names", workspace).code == 0
    shutil.rmtree(workspace / "checkout")
    result = _run(ADOPT_CASES / "block-scale-dequantize-shared", workspace)
    assert result.code == 0, result.out + result.err
    quantize = (workspace / "op_specs" / "block_scale_quantize.yaml").read_text()
    dequantize = (workspace / "op_specs" / "block_scale_dequantize.yaml").read_text()
    assert "  - {with: BLOCK_SCALE_DEQUANTIZE, range: [2807, 2899]}" in quantize
    assert "  - {with: block_scale_quantize, range: [2807, 2899]}" in dequantize
    registry = (workspace / "op_specs" / "registry.yaml").read_text()
    assert "BLOCK_SCALE" not in registry
    check = run_cli("check", "--hipdnn-root", "checkout", cwd=workspace)
    assert check.code == 0 and "warning[" not in check.out, check.out + check.err
