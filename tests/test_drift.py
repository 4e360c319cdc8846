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
        assert [(n["message"], n["location"]["path"], n["location"]["line"]) for n in finding["notes"]] == [("hipDNN's file", checkout_file, 327)]
    elif fmt == "sarif":
        log = json.loads(result.out)
        assert_valid(log)
        (res,) = log["runs"][0]["results"]
        assert res["ruleId"] == "DRIFT-TEST" and res["level"] == "error"
        related = res["relatedLocations"][0]["physicalLocation"]
        assert related["artifactLocation"]["uri"].endswith("frontend/tests/TestLayernormBackwardAttributes.cpp")
    else:
        assert result.out.startswith("::error file=op_specs/layernorm_bwd.yaml,") and "DRIFT-TEST" in result.out


# --- the comparison itself ------------------------------------------------------------------------
def _compare(theirs: str, ours: str, tests_only: bool = False) -> list[tuple[str, str]]:
    from codegen.hipdnn import api_drift, cxx_api

    return [(d.rule.id, d.message) for d in api_drift.compare(cxx_api.parse(theirs), cxx_api.parse(ours), tests_only)]


def test_identical_apis_in_other_order_and_format_compare_equal():
    ours = "namespace n { class A : public B { public: int x = 0; int f(int a) const; void g(); enum class E { P = 0, Q = 1 }; }; }"
    theirs = "namespace n {\nclass A : public B {\npublic:\n    void g();   // later\n    int f(int other) const;\n    enum class E { P, Q, };\n    int x  =  0;\nprivate:\n    int secret;\n};\n}\n"
    assert _compare(theirs, ours) == []


def test_each_kind_of_difference():
    ours = "class A : public B { public: int f(int) const; int f(float) const; using T = int; }; class Ours {}; using Al = A; Error make(int);"
    theirs = "class A : public C { public: int f(int) const; long f(float) const; void f(double); using T = long; }; using Al = Ours; Error make(long);"
    assert _compare(theirs, ours) == [
        ("DRIFT-API", "class Ours is generated but not in hipDNN's file"),
        ("DRIFT-API", "class A derives from C in hipDNN's file but from B generated"),
        ("DRIFT-API", "method f of class A is `long f(float) const` in hipDNN's file but `int f(float) const` generated"),
        ("DRIFT-API", "method `void f(double)` of class A is in hipDNN's file but not generated"),
        ("DRIFT-API", "alias T of class A names long in hipDNN's file but int generated"),
        ("DRIFT-API", "function make is `Error make(long)` in hipDNN's file but `Error make(int)` generated"),
        ("DRIFT-API", "alias Al names Ours in hipDNN's file but A generated"),
    ]


def test_enum_differences():
    ours = "enum class NodeType { A = 1, B = 2 }; struct S { enum class Gone { X }; };"
    theirs = "enum class NodeType { A = 1, B = 3, C = 4 }; struct S { };"
    assert _compare(theirs, ours) == [
        ("DRIFT-API", "enum Gone of struct S is generated but not in hipDNN's file"),
        ("DRIFT-API", "enumerator NodeType::B is 3 in hipDNN's file but 2 generated"),
        ("DRIFT-API", "enumerator NodeType::C = 4 is in hipDNN's file but not generated"),
    ]


def test_a_test_source_compares_test_names_only():
    ours = "namespace { int helper(); } TEST(S, A) {} TEST(S, Ours) {}"
    theirs = "namespace { long helper(int); class Fixture {}; } TEST(S, A) {} TEST_F(Fixture, Theirs) {}"
    assert _compare(theirs, ours, tests_only=True) == [("DRIFT-TEST", "hipDNN's file has test Fixture.Theirs (TEST_F), which the generated file lacks")]


def test_a_checkout_file_that_cannot_be_read_is_reported_not_raised(tmp_path):
    root = make_checkout(tmp_path)
    rel = "frontend/include/hipdnn_frontend/attributes/LayernormBackwardAttributes.hpp"
    (root / rel).parent.mkdir(parents=True, exist_ok=True)
    with open(root / rel, "wb") as handle:
        handle.truncate((16 << 20) + 1)  # over the limit of what the checkout's sources may be (sparse: quick)
    result, output = run_check(root)
    assert result.code == 0 and "Traceback" not in output
    assert output.startswith("op_specs/layernorm_bwd.yaml:5:1: warning[DRIFT-UNREADABLE]: LayernormBackwardAttributes.hpp: not compared: "), output


def test_binary_bytes_in_a_checkout_file_are_drift_not_a_crash(tmp_path):
    root = make_checkout(tmp_path)
    rel = "frontend/include/hipdnn_frontend/attributes/LayernormBackwardAttributes.hpp"
    (root / rel).parent.mkdir(parents=True, exist_ok=True)
    (root / rel).write_bytes(b"\x00\xff\xfe" * 5000)
    result, output = run_check(root)
    assert result.code == 1 and "Traceback" not in output
    assert "warning[DRIFT-UNREADABLE]" in output and "error[DRIFT-API]: LayernormBackwardAttributes.hpp: class LayernormBackwardAttributes is generated but not in hipDNN's file" in output


def test_internal_helpers_are_no_api():
    ours = "namespace n { namespace { int helper(int); } static void local(); int api(int); }"
    theirs = "namespace n { namespace { long helper(); struct Tmp {}; } static int local(int); int api(int); }"
    assert _compare(theirs, ours) == []
