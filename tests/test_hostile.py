"""Hostile free text and the string-valued field types, end to end: generate, compile, run.

Every spec under tests/hostile/ is generated in a scratch workspace; all of its C++ must compile
against the stand-in interface, and its Python mirror must import and pass its generated tests
(a description that escaped a docstring would run code at import)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from codegen.pipeline.workspace import load
from conftest import REPO, run_cli
from cpp_harness import compile_all, op_units

HOSTILE = Path(__file__).resolve().parent / "hostile"
SPECS = sorted(HOSTILE.glob("*.yaml"))


@pytest.mark.parametrize("spec", SPECS, ids=[p.stem for p in SPECS])
def test_hostile_spec_generates_compiling_escaped_code(spec: Path, tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    (ws / "op_specs").mkdir(parents=True)
    shutil.copy(spec, ws / "op_specs" / spec.name)
    registry = (REPO / "op_specs" / "registry.yaml").read_text()
    (ws / "op_specs" / "registry.yaml").write_text(registry)
    result = run_cli("generate", cwd=ws)
    assert result.code == 0, result.out + result.err
    check = run_cli("check", cwd=ws)
    assert check.code == 0, check.out + check.err
    generated = ws / "generated"
    sources, flags = op_units(sorted(load(ws).specs, key=lambda s: s.op), generated, ws / "stubs", [spec.stem])
    for compiled in compile_all(sources, flags):
        assert compiled.returncode == 0, compiled.stderr[:3000]
    env = dict(os.environ, PYTHONPATH=str(generated / "python"), PYTHONDONTWRITEBYTECODE="1")
    proc = subprocess.run(
        [sys.executable, "-m", "unittest", "discover", "-s", "tests", "-p", f"test_{spec.stem}.py"],
        cwd=generated / "python",
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "Ran 0 tests" not in proc.stderr
