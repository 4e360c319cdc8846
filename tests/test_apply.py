"""apply: copying generated files and registering ops in a hipDNN checkout (the fixture tree
tests/fixtures/hipdnn_tree). Cases under tests/apply_cases overlay files on that tree
(`overrides/`), run `apply` with the arguments in args.txt and pin the output in expected.txt."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from codegen import formatting
from codegen.workspace import builtin_templates
from conftest import REPO, UPDATE, run_cli

FIXTURE = REPO / "tests" / "fixtures" / "hipdnn_tree"
CASES = REPO / "tests" / "apply_cases"
CASE_DIRS = sorted(p for p in CASES.iterdir() if (p / "args.txt").is_file())


def _tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()}


@pytest.fixture
def checkout(tmp_path):
    root = tmp_path / "projects" / "hipdnn"
    shutil.copytree(FIXTURE, root)
    return root


@pytest.mark.parametrize("case", CASE_DIRS, ids=[p.name for p in CASE_DIRS])
def test_apply_case(case, checkout):
    if (case / "overrides").is_dir():
        shutil.copytree(case / "overrides", checkout, dirs_exist_ok=True)
    before = _tree(checkout)
    args = (case / "args.txt").read_text().split()
    result = run_cli("apply", "--hipdnn-root", str(checkout.parent.parent), *args, cwd=REPO)
    output = (result.out + result.err).replace(os.path.relpath(checkout, REPO), "CHECKOUT")
    expected = case / "expected.txt"
    if UPDATE:
        expected.write_text(output)
        pytest.fail(f"rewrote {expected}")
    assert output == expected.read_text()
    if "--dry-run" in args or result.code != 0:
        assert _tree(checkout) == before, "nothing may be written"


def test_apply_then_apply_again_changes_nothing(checkout):
    first = run_cli("apply", "--hipdnn-root", str(checkout), cwd=REPO)
    assert first.code == 0, first.out + first.err
    after = _tree(checkout)
    assert "backend/src/descriptors/LayernormBackwardOperationDescriptor.cpp" in after
    assert "backend/src/descriptors/SdpaBwdOperationDescriptor.hpp" in after
    assert not any("registry/" in p or p.endswith(".stamp") for p in after)
    second = run_cli("apply", "--hipdnn-root", str(checkout), cwd=REPO)
    assert second.code == 0
    assert second.out.endswith("already has everything; nothing changed\n")
    assert _tree(checkout) == after


def test_applied_files_are_left_alone_by_clang_format(checkout):
    """Every edited C++ file was clang-format clean before, and still is after the apply."""
    run_cli("apply", "--hipdnn-root", str(checkout), cwd=REPO)
    style = builtin_templates() / formatting.STYLE_FILE
    changed = []
    for path in sorted(checkout.rglob("*")):
        if path.suffix in (".h", ".hpp", ".cpp"):
            text = path.read_text()
            whole = [(1, text.count("\n") + 1)]
            if formatting.format_ranges(text, whole, style, path.name) != text:
                changed.append(path.relative_to(checkout).as_posix())
    assert not changed


def test_applied_attribute_header_still_parses_with_new_numbers(checkout):
    from codegen.hipdnn_headers import parse_enums

    run_cli("apply", "--hipdnn-root", str(checkout), "layernorm_bwd", cwd=REPO)
    header = checkout / "backend/include/HipdnnBackendAttributeName.h"
    entries = {e.name: e.value for e in parse_enums(header.read_text(), "h")}
    assert entries["HIPDNN_ATTR_OPERATION_LAYERNORM_BACKWARD_DY_EXT"] == 3600
    assert entries["HIPDNN_ATTR_TENSOR_CONSTANT_VALUE"] == 1306  # the alias still resolves
    assert "3600-3699: LayernormBackward operation" in header.read_text()
    # and the check against the checkout now finds the op's numbers exactly where the spec has them
    result = run_cli("check", "--no-stale", "--hipdnn-root", str(checkout), cwd=REPO)
    assert "HIPDNN_ATTR_OPERATION_LAYERNORM_BACKWARD" not in result.out


def test_apply_refuses_stale_generated(tmp_path, checkout):
    ws = tmp_path / "ws"
    shutil.copytree(REPO / "op_specs", ws / "op_specs")
    result = run_cli("apply", "--hipdnn-root", str(checkout), cwd=ws)
    assert result.code == 1 and "generated/ is out of date" in result.err
