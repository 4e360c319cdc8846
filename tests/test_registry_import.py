"""`registry --hipdnn-root DIR`: the registry is rebuilt from a checkout's headers and graph.fbs.

The fixture tree (tests/fixtures/hipdnn_tree) is in hipDNN's real formats; the registry it yields
is pinned byte for byte (HIPDNN_CODEGEN_UPDATE_GOLDEN=1 rewrites it)."""

from __future__ import annotations

import shutil
import re
from pathlib import Path

import pytest

from codegen.hipdnn import hipdnn_headers, registry_import
from conftest import REPO, UPDATE, run_cli

TREE = Path(__file__).resolve().parent / "fixtures" / "hipdnn_tree"
GOLDEN = Path(__file__).resolve().parent / "golden" / "registry_from_fixture_tree.yaml"
SOURCE = "Source: tests/fixtures/hipdnn_tree"


def test_registry_from_fixture_tree_matches_golden(workspace: Path) -> None:
    result = run_cli("registry", "--hipdnn-root", str(TREE), "--source", SOURCE, cwd=workspace)
    assert result.code == 0, result.err
    text = (workspace / "op_specs" / "registry.yaml").read_text()
    if UPDATE:
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(text)
        pytest.fail(f"rewrote {GOLDEN}")
    assert text == GOLDEN.read_text()
    # The rebuilt registry is a valid one, and the repository's specs agree with the tree.
    # (no finding: tests/golden/check_fixture_tree.txt)
    check = run_cli("check", "--no-stale", "--hipdnn-root", str(TREE), cwd=workspace)
    rules = set(re.findall(r"^\S+: \w+\[([A-Z-]+)\]", check.out, re.M))
    assert not rules, check.out + check.err


def test_registry_is_deterministic_and_check_mode_reports_drift(workspace: Path) -> None:
    assert run_cli("registry", "--hipdnn-root", str(TREE), "--source", SOURCE, cwd=workspace).code == 0
    path = workspace / "op_specs" / "registry.yaml"
    first = path.read_bytes()
    again = run_cli("registry", "--hipdnn-root", str(TREE), "--source", SOURCE, "--check", cwd=workspace)
    assert again.code == 0 and "already matches the checkout" in again.out
    assert path.read_bytes() == first
    path.write_text(path.read_text().replace("value: 36}", "value: 39}"))
    drift = run_cli("registry", "--hipdnn-root", str(TREE), "--source", SOURCE, "--check", cwd=workspace)
    assert drift.code == 1
    assert "-  - {name: HIPDNN_BACKEND_OPERATION_RESAMPLE_BWD_DESCRIPTOR, value: 39}" in drift.out
    assert "+  - {name: HIPDNN_BACKEND_OPERATION_RESAMPLE_BWD_DESCRIPTOR, value: 36}" in drift.out
    assert "differs from the checkout" in drift.err
    assert "value: 39}" in path.read_text()  # --check writes nothing
    dry = run_cli("registry", "--hipdnn-root", str(TREE), "--source", SOURCE, "--dry-run", cwd=workspace)
    assert dry.code == 0 and "value: 39}" in path.read_text()


def test_range_list_anomalies_and_spec_owned_blocks() -> None:
    checkout = registry_import.read_checkout(TREE)
    declared = {(r.first, r.last) for r in checkout.ranges}
    assert {(2800, 2899), (2807, 2899)} <= declared  # overlapping entries are kept apart
    blocks = {b.owner: b for b in registry_import.blocks(checkout, owned=[(3600, 3699)])}
    dequantize = next(b for b in blocks.values() if (b.low, b.high) == (2807, 2899))
    assert dequantize.inside == "BLOCK_SCALE_QUANTIZE"
    assert dequantize.used and all(2807 <= low <= high <= 2899 for low, high in dequantize.used)
    assert all(not (b.low <= 3600 <= b.high) for b in blocks.values())  # the spec's block is left out


def test_union_positions_count_from_one() -> None:
    text = "union NodeAttributes {\n\tAAttributes,\n\tBAttributes // two\n}\n"
    members = hipdnn_headers.union_members(text, "graph.fbs")
    assert [(m.table, m.position) for m in members.values()] == [("AAttributes", 1), ("BAttributes", 2)]


def test_missing_header_is_a_usage_error(tmp_path: Path, workspace: Path) -> None:
    tree = tmp_path / "tree"
    shutil.copytree(TREE, tree)
    (tree / "flatbuffers_sdk" / "schemas" / "graph.fbs").unlink()
    result = run_cli("registry", "--hipdnn-root", str(tree), cwd=workspace)
    assert result.code == 2
    assert "flatbuffers_sdk/schemas/graph.fbs is missing" in result.err


def test_type_tags_a_spec_introduces_are_left_to_the_spec(tmp_path: Path) -> None:
    """After `apply` put a spec's new enum tag into the checkout, the rebuilt registry does not
    list it again (the spec stays its source, so the two never clash)."""
    from codegen.pipeline.workspace import load

    tree = tmp_path / "hipdnn"
    shutil.copytree(TREE, tree)
    header = tree / "backend/include/HipdnnBackendAttributeType.h"
    text = header.read_text()
    header.write_text(text.replace("    HIPDNN_TYPE_PADDING_MODE = 30,\n", "    HIPDNN_TYPE_PADDING_MODE = 30,\n\n    HIPDNN_TYPE_THING_MODE = 32,\n"))
    checkout = registry_import.read_checkout(tree)
    specs = load(REPO / "tests" / "cases" / "valid-enum").specs
    assert [e.type_tag for s in specs for e in s.new_enums] == ["HIPDNN_TYPE_THING_MODE"]
    assert "{name: HIPDNN_TYPE_THING_MODE, value: 32}" in registry_import.render(checkout, [], None, SOURCE)
    assert "HIPDNN_TYPE_THING_MODE" not in registry_import.render(checkout, specs, None, SOURCE)
