"""The tool's own code type-checks (the generated mirror is checked with --strict in test_mirror)."""

from __future__ import annotations

import os
import subprocess
import sys

from conftest import REPO


def test_codegen_type_checks():
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", os.devnull, "--ignore-missing-imports", "codegen"],
        cwd=REPO,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
