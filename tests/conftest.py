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
    if getattr(config, "_hipdnn_prefetch", None):
        from cpp_harness import prefetch_close

        prefetch_close()  # no compiler left writing after the run
        shutil.rmtree(config._hipdnn_prefetch, ignore_errors=True)
    folder = getattr(config, "_hipdnn_cache", None)
    if folder:
        shutil.rmtree(folder, ignore_errors=True)


# Modules that build C++ run last, test_compile.py (whose compiles the prefetch below queues) at the
# very end: the pure-Python tests before them run on one core while the other compiles.
CPP_MODULES = ["test_apply.py", "test_graph_formats.py", "test_hostile.py", "test_hostile_text.py", "test_scaffold.py", "test_compile.py"]


def pytest_collection_modifyitems(session, config, items):
    def rank(item) -> int:
        name = item.path.name
        return CPP_MODULES.index(name) + 1 if name in CPP_MODULES and item.path.parent == REPO / "tests" else 0

    items[:] = sorted(items, key=rank)  # stable: each module keeps its own order


def pytest_collection_finish(session):
    """When the session runs test_compile.py's builds, queue their compiles as background work
    (one compile at a time, a test's own compiles always first). The queueing itself (stubs,
    digests) happens here, before the first test, on this thread: tests change the working
    directory and module state, so nothing but the compilers runs beside them."""
    compiles = [item for item in session.items if item.path == REPO / "tests" / "test_compile.py"]
    wanted = {"repo": any(item.originalname == "test_generated_file_compiles" for item in compiles),
              "valid-enum": any("valid-enum" in item.nodeid for item in compiles)}
    if not any(wanted.values()) or session.config.option.collectonly:
        return
    from codegen.pipeline.workspace import load
    from cpp_harness import prefetch_workspace

    folder = session.config._hipdnn_prefetch = tempfile.mkdtemp(prefix="hipdnn-codegen-prefetch-")
    api = sorted((REPO / "tests" / "cpp_api").glob("*.cpp"))
    for name, root, extra in (("repo", REPO, api), ("valid-enum", CASES / "valid-enum", [])):
        if wanted[name]:
            specs = sorted(load(root).specs, key=lambda s: s.op)
            prefetch_workspace(specs, root / "generated", Path(folder) / name, name == "repo", extra)


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    """A scratch copy of this repository's workspace: its specs and their generated files."""
    ws = tmp_path / "ws"
    shutil.copytree(REPO / "op_specs", ws / "op_specs")
    shutil.copytree(REPO / "generated", ws / "generated", ignore=shutil.ignore_patterns("__pycache__", ".mypy_cache"))
    return ws
