"""`check --against REF`: each case under tests/against_cases has a `before/` and an `after/`
workspace; `before` is committed to a fresh git repository, `after` replaces it in the work tree,
and `check --against HEAD` must print exactly expected.txt. Today is pinned to 2026-11-22."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import UPDATE, git, run_cli

CASES = Path(__file__).resolve().parent / "against_cases"
CASE_DIRS = sorted(p for p in CASES.iterdir() if (p / "before").is_dir())



def _repo(case: Path, tmp_path: Path) -> Path:
    repo = tmp_path / "repo"
    shutil.copytree(case / "before", repo)
    git(repo, "init", "-q")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "before")
    shutil.rmtree(repo / "op_specs")
    shutil.copytree(case / "after" / "op_specs", repo / "op_specs")
    return repo


@pytest.mark.parametrize("case", CASE_DIRS, ids=[p.name for p in CASE_DIRS])
def test_against_case(case, tmp_path, monkeypatch):
    monkeypatch.setenv("HIPDNN_CODEGEN_TODAY", "2026-11-22")
    repo = _repo(case, tmp_path)
    result = run_cli("check", "--no-stale", "--against", "HEAD", cwd=repo)
    expected = case / "expected.txt"
    if UPDATE:
        expected.write_text(result.out)
        pytest.fail(f"rewrote {expected}")
    assert result.out == expected.read_text()
    assert result.code == (1 if ": error[" in result.out else 0)


def test_unknown_revision_is_usage_error(tmp_path):
    repo = _repo(CASE_DIRS[0], tmp_path)
    result = run_cli("check", "--no-stale", "--against", "no-such-rev", cwd=repo)
    assert result.code == 2
    assert "git rev-parse" in result.err


def test_against_outside_git_is_usage_error(tmp_path):
    shutil.copytree(CASE_DIRS[0] / "after", tmp_path / "ws")
    result = run_cli("check", "--no-stale", "--against", "HEAD", cwd=tmp_path / "ws")
    assert result.code == 2


def test_against_empty_revision_is_usage_error(tmp_path):
    repo = _repo(CASE_DIRS[0], tmp_path)
    result = run_cli("check", "--no-stale", "--against", "", cwd=repo)
    assert result.code == 2
    assert result.err == "hipdnn-codegen: error: --against needs a git revision (a branch, tag or commit), not an empty string\n"


def test_the_retired_field_keeps_only_its_schema_slot(tmp_path):
    """The retired `axis` of the valid-retired case (issue 36 item 7): generate keeps its slot in the
    schema as `(deprecated)`, at its place, and no other generated file names it (no accessor,
    packer entry, JSON key, attribute enumerator or test; this registry has no data types, so no
    Python mirror is generated here)."""
    ws = tmp_path / "ws"
    shutil.copytree(CASES / "valid-retired" / "after", ws)
    result = run_cli("generate", "-q", cwd=ws)
    assert result.code == 0, result.out + result.err
    schema = (ws / "generated/thing/flatbuffers_sdk/schemas/thing_attributes.fbs").read_text()
    assert "    axis: long (deprecated);\n    epsilon: double = 1e-05;\n" in schema
    naming_it = sorted(str(p.relative_to(ws)) for p in (ws / "generated").rglob("*") if p.is_file() and p.suffix != ".stamp"
                       and ("axis" in p.read_text(errors="replace") or "HIPDNN_ATTR_THING_AXIS_EXT" in p.read_text(errors="replace")))
    assert naming_it == ["generated/thing/flatbuffers_sdk/schemas/thing_attributes.fbs"]
