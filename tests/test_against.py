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
