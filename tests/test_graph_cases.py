"""Graph cases: every directory under tests/graph_cases holds a serialized graph (input.json in
hipDNN's JSON shape, written for this project, or input.bin) and the exact output of the command in
its args.txt (default: `graph validate <input>` against the repo's workspace). Adding a case is
adding a directory; `{repo}` in args.txt is the repository root."""

from __future__ import annotations

import re
import shutil

import pytest

from conftest import REPO, UPDATE, run_cli
from test_graph_formats import mirror_of

CASES = REPO / "tests" / "graph_cases"
CASE_DIRS = sorted(p for p in CASES.iterdir() if p.is_dir())


@pytest.mark.parametrize("case", CASE_DIRS, ids=[p.name for p in CASE_DIRS])
def test_graph_case(case, tmp_path):
    work = tmp_path / case.name
    shutil.copytree(case, work)
    source = next(p.name for p in sorted(case.iterdir()) if p.stem == "input")
    args_file = case / "args.txt"
    args = args_file.read_text().replace("{repo}", str(REPO)).split() if args_file.exists() else ["graph", "validate", source]
    if "--root" not in args:
        args += ["--root", str(REPO)]
    with mirror_of(REPO) as mirror:
        result = run_cli(*args, cwd=work)
        expected_file = case / "expected.txt"
        if UPDATE:
            expected_file.write_text(result.out)
            pytest.fail(f"rewrote {expected_file}; rerun without HIPDNN_CODEGEN_UPDATE_GOLDEN")
        assert result.out == expected_file.read_text()
        has_error = bool(re.search(r": error\[", result.out))
        assert result.code == (1 if has_error else 0), result.err
        assert "Traceback" not in result.err and "internal error" not in result.err
        if args[1] == "convert":
            target = work / args[3]
            assert target.exists() == (result.code == 0)  # nothing is written when the input is refused
            if result.code == 0:
                original, problems = mirror.graphio.load((work / source).read_bytes())
                assert not problems
                assert mirror.graphio.load(target.read_bytes()) == (original, [])
                assert sorted(p.name for p in work.iterdir()) == sorted([*(p.name for p in case.iterdir()), args[3]])


def test_every_graph_rule_has_a_case():
    from codegen.diagnostics import rules

    pinned = {r for case in CASE_DIRS for r in re.findall(r"error\[(GRAPH-[A-Z-]+)\]", (case / "expected.txt").read_text())}
    assert pinned == {r for r in rules.ALL if r.startswith("GRAPH-")}
