"""The drift gate (`check --hipdnn-root`): data-driven cases under tests/drift_cases.

Each case directory holds `checkout/`, per-op files in hipDNN's layout (paths under projects/hipdnn/,
written for the case from this project's generated output with one API difference each), optional
`args.txt` (more arguments for check) and `expected.txt` (stdout and stderr, the checkout's path
shown as CHECKOUT). The checkout is the fixture tree with every per-op file of the workspace's specs
taken out, then the case's files put in; check runs on this repository's workspace."""

from __future__ import annotations

import json
import os
import shutil

import pytest

from codegen import families
from codegen.pipeline.workspace import load
from codegen.views import naming
from conftest import REPO, UPDATE, run_cli
from test_output_formats import assert_valid

FIXTURE = REPO / "tests" / "fixtures" / "hipdnn_tree"
CASES = REPO / "tests" / "drift_cases"
CASE_DIRS = sorted(p for p in CASES.iterdir() if (p / "checkout").is_dir())


def make_checkout(tmp_path, case=None):
    root = tmp_path / "projects" / "hipdnn"
    shutil.copytree(FIXTURE, root)
    for spec in load(REPO).specs:
        for rel in families.copied_paths(naming.OpNames(spec)):
            (root / rel).unlink(missing_ok=True)
    if case is not None:
        shutil.copytree(case / "checkout", root, dirs_exist_ok=True)
    return root


def run_check(root, *args):
    result = run_cli("check", "--hipdnn-root", str(root), *args, cwd=REPO)
    return result, (result.out + result.err).replace(os.path.relpath(root, REPO), "CHECKOUT")


def test_cases_are_found():
    assert {"matching", "missing-accessor", "parameter-type", "extra-enumerator", "missing-test"} <= {c.name for c in CASE_DIRS}


@pytest.mark.parametrize("case", CASE_DIRS, ids=[p.name for p in CASE_DIRS])
def test_drift_case(case, tmp_path):
    root = make_checkout(tmp_path, case)
    args = (case / "args.txt").read_text().split() if (case / "args.txt").is_file() else []
    result, output = run_check(root, *args)
    expected = case / "expected.txt"
    if UPDATE:
        expected.write_text(output)
        pytest.fail(f"rewrote {expected}")
    assert output == expected.read_text()
    assert result.code == (1 if ": error[" in output else 0)
    assert "Traceback" not in output


def test_a_checkout_without_the_ops_files_reports_no_drift(tmp_path):
    """A file the checkout lacks is not compared: the op (or that file) is new to it."""
    result, output = run_check(make_checkout(tmp_path))
    assert result.code == 0 and "DRIFT" not in output


def test_a_checkout_holding_the_generated_files_reports_no_drift(tmp_path):
    """apply's copies are the generated files byte for byte: nothing drifts."""
    root = make_checkout(tmp_path)
    for spec in load(REPO).specs:
        for rel in families.copied_paths(naming.OpNames(spec)):
            (root / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(REPO / "generated" / spec.op / rel, root / rel)
    result, output = run_check(root)
    assert result.code == 0 and "DRIFT" not in output, output


def test_diffs_appear_only_with_the_diff_flag(tmp_path):
    root = make_checkout(tmp_path, CASES / "parameter-type")
    _, plain = run_check(root)
    _, with_diff = run_check(root, "--diff")
    assert "DRIFT-API" in plain and "@@" not in plain and "+++" not in plain
    assert with_diff.startswith(plain.split("\n1 error(s)")[0]) and "-    LayernormBackwardAttributes& set_normalized_dim_count(int32_t value)" in with_diff


@pytest.mark.parametrize("fmt", ["json", "sarif", "github"])
def test_drift_findings_in_every_format(fmt, tmp_path):
    root = make_checkout(tmp_path, CASES / "missing-test")
    result = run_cli("check", "--hipdnn-root", str(root), "--format", fmt, cwd=REPO)
    assert result.code == 1
    checkout_file = os.path.relpath(root / "frontend/tests/TestLayernormBackwardAttributes.cpp", REPO)
    if fmt == "json":
        (finding,) = json.loads(result.out)["findings"]
        assert finding["rule"] == "DRIFT-TEST" and finding["severity"] == "error"
        assert finding["location"]["path"] == "op_specs/layernorm_bwd.yaml"
        assert [(n["message"], n["location"]["path"], n["location"]["line"]) for n in finding["notes"]] == [("hipDNN's file", checkout_file, 252)]
    elif fmt == "sarif":
        log = json.loads(result.out)
        assert_valid(log)
        (res,) = log["runs"][0]["results"]
        assert res["ruleId"] == "DRIFT-TEST" and res["level"] == "error"
        related = res["relatedLocations"][0]["physicalLocation"]
        assert related["artifactLocation"]["uri"].endswith("frontend/tests/TestLayernormBackwardAttributes.cpp")
    else:
        assert result.out.startswith("::error file=op_specs/layernorm_bwd.yaml,") and "DRIFT-TEST" in result.out
