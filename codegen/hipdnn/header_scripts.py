"""hipDNN's schema-derived headers: after `apply` changes the schemas, the checkout's own scripts
regenerate `cachekey_generated.h` and `node_operands_generated.h` from graph.fbs (hipDNN runs them as
the `cache-key-hipdnn` and `node-operands-hipdnn` pre-commit hooks; a stale header fails the build
at a static_assert pinning `NodeAttributes::MAX`).

The scripts are never reimplemented here. They run, each bounded in time, on a staged copy of the
parts of the checkout they read (scripts/, cmake/default_flatc_version.txt, the schemas and the
headers), with the apply's schema changes already made; the headers they write there join the
apply's own changes, so the checkout gets everything or nothing: a script that fails or runs out of
time leaves every file as it was.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from codegen.plumbing import storage

SCHEMAS_DIR = "flatbuffers_sdk/schemas"
HEADER_DIR = "flatbuffers_sdk/include/hipdnn_flatbuffers_sdk/data_objects"
FLATC_VERSION_FILE = "cmake/default_flatc_version.txt"  # the real scripts check flatc against it


@dataclass(frozen=True)
class Script:
    path: str  # relative to the hipDNN directory
    header: str  # the file it writes under HEADER_DIR
    hook: str  # hipDNN's pre-commit hook that runs it


SCRIPTS = (
    Script("scripts/gen_cache_key.py", "cachekey_generated.h", "cache-key-hipdnn"),
    Script("scripts/gen_node_operands.py", "node_operands_generated.h", "node-operands-hipdnn"),
)
DEFAULT_TIMEOUT = 120.0  # seconds per script; HIPDNN_CODEGEN_SCRIPT_TIMEOUT overrides it
TIMEOUT_VARIABLE = "HIPDNN_CODEGEN_SCRIPT_TIMEOUT"


class ScriptFailed(Exception):
    def __init__(self, script: Script, reason: str, output: str):
        super().__init__(f"{script.path} {reason}")
        self.script = script
        self.reason = reason
        self.output = output


@dataclass(frozen=True)
class Ran:
    script: Script
    output: str  # what it printed (stdout, then stderr)


def needed(changes: list[storage.Change]) -> bool:
    """Whether the apply changes a schema the headers are derived from."""
    return any(c.path.startswith(SCHEMAS_DIR + "/") and c.path.endswith(".fbs") for c in changes)


def present(root: Path) -> list[Script]:
    return [s for s in SCRIPTS if (root / s.path).is_file()]


def absent(root: Path) -> list[Script]:
    return [s for s in SCRIPTS if not (root / s.path).is_file()]


def command(scripts: tuple[Script, ...] | list[Script]) -> str:
    """What to run, from the hipDNN directory, to regenerate the headers by hand."""
    return " && ".join(f"python3 {s.path}" for s in scripts)


def timeout() -> float:
    """Each script's time bound: HIPDNN_CODEGEN_SCRIPT_TIMEOUT seconds when set to a positive number."""
    text = os.environ.get(TIMEOUT_VARIABLE, "")
    try:
        value = float(text)
    except ValueError:
        return DEFAULT_TIMEOUT
    return value if value > 0 else DEFAULT_TIMEOUT


def _stage(root: Path, stage: Path, changes: list[storage.Change]) -> None:
    shutil.copytree(root / "scripts", stage / "scripts", symlinks=True, ignore=shutil.ignore_patterns("__pycache__"))
    if (root / FLATC_VERSION_FILE).is_file():
        (stage / FLATC_VERSION_FILE).parent.mkdir(parents=True)
        shutil.copyfile(root / FLATC_VERSION_FILE, stage / FLATC_VERSION_FILE)
    if (root / SCHEMAS_DIR).is_dir():
        shutil.copytree(root / SCHEMAS_DIR, stage / SCHEMAS_DIR, symlinks=True)
    (stage / HEADER_DIR).mkdir(parents=True, exist_ok=True)
    for script in SCRIPTS:
        if (root / HEADER_DIR / script.header).is_file():
            shutil.copyfile(root / HEADER_DIR / script.header, stage / HEADER_DIR / script.header)
    for change in changes:
        if not change.path.startswith(SCHEMAS_DIR + "/"):
            continue
        target = storage.guard(stage, change.path)
        if change.new is None:
            target.unlink(missing_ok=True)
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(change.new)


def run(root: Path, changes: list[storage.Change]) -> tuple[list[Ran], list[storage.Change]]:
    """Run the checkout's scripts on the staged checkout; returns what each printed and the header
    changes they make. Raises ScriptFailed (nothing is written anywhere) when one fails."""
    limit = timeout()
    ran: list[Ran] = []
    with tempfile.TemporaryDirectory(prefix="hipdnn-codegen-scripts-") as tmp:
        stage = Path(tmp)
        _stage(root, stage, changes)
        for script in present(root):
            try:
                done = subprocess.run(
                    [sys.executable, script.path],
                    cwd=stage,
                    stdin=subprocess.DEVNULL,
                    capture_output=True,
                    timeout=limit,
                    check=False,
                )
            except subprocess.TimeoutExpired as exc:
                output = _text(exc.stdout) + _text(exc.stderr)
                raise ScriptFailed(script, f"did not finish within {limit:g} s ({TIMEOUT_VARIABLE} sets the bound)", output) from None
            except OSError as exc:
                raise ScriptFailed(script, f"could not be started: {exc.strerror or exc}", "") from None
            output = _text(done.stdout) + _text(done.stderr)
            if done.returncode != 0:
                raise ScriptFailed(script, f"exited with status {done.returncode}", output)
            ran.append(Ran(script, output))
        header_changes: list[storage.Change] = []
        for script in SCRIPTS:
            staged = stage / HEADER_DIR / script.header
            if not staged.is_file():
                continue
            rel = f"{HEADER_DIR}/{script.header}"
            new = staged.read_bytes()
            target = storage.guard(root, rel)
            old = target.read_bytes() if target.is_file() else None
            if new != old:
                header_changes.append(storage.Change(rel, "create" if old is None else "update", old, new))
    return ran, header_changes


def _text(data: bytes | str | None) -> str:
    if data is None:
        return ""
    return data if isinstance(data, str) else data.decode("utf-8", "replace")
