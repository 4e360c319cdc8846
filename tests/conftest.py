from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
import tempfile
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
CASES = Path(__file__).resolve().parent / "cases"

# Rewrite expected files instead of comparing; the run still fails so a rewrite is never silent.
UPDATE = os.environ.get("HIPDNN_CODEGEN_UPDATE_GOLDEN") == "1"


@dataclass
class Run:
    code: int
    out: str
    err: str


def run_cli(*args: str, cwd: Path | None = None) -> Run:
    """Run the CLI in-process (same code path as the console script)."""
    from codegen.cli import main

    out, err = io.StringIO(), io.StringIO()
    old = Path.cwd()
    try:
        if cwd is not None:
            os.chdir(cwd)
        with redirect_stdout(out), redirect_stderr(err):
            try:
                code = main(list(args))
            except SystemExit as exc:  # argparse --help / --version / usage
                code = int(exc.code or 0)
    finally:
        os.chdir(old)
    return Run(code, out.getvalue(), err.getvalue())


def tree(root: Path) -> dict[str, bytes]:
    """Every regular file under root (links not followed, caches skipped) with its bytes."""
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and not p.is_symlink() and "__pycache__" not in p.parts
    }


def git(repo: Path, *args: str) -> None:
    """Run git in `repo` with a throwaway identity."""
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.com", "-C", str(repo), *args], check=True, capture_output=True)


@pytest.fixture
def cli():
    return run_cli


def pytest_configure(config):
    sys.path.insert(0, str(REPO))
    # the spec cache of this run's workspaces lives and dies with the run (never the user's own)
    os.environ["HIPDNN_CODEGEN_CACHE_DIR"] = config._hipdnn_cache = tempfile.mkdtemp(prefix="hipdnn-codegen-test-cache-")


def pytest_unconfigure(config):
    folder = getattr(config, "_hipdnn_cache", None)
    if folder:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    """A scratch copy of this repository's workspace: its specs and their generated files."""
    ws = tmp_path / "ws"
    shutil.copytree(REPO / "op_specs", ws / "op_specs")
    shutil.copytree(REPO / "generated", ws / "generated", ignore=shutil.ignore_patterns("__pycache__", ".mypy_cache"))
    return ws
