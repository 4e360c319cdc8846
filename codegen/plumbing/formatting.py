"""C++ formatting through the pinned clang-format wheel, many files per process."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

# The one place the clang-format version is pinned at run time; pyproject.toml pins the same
# wheel (a test keeps the two equal).
CLANG_FORMAT_VERSION = "18.1.4"
STYLE_FILE = "hipdnn.clang-format"
FORMATTED_SUFFIXES = (".hpp", ".cpp", ".h")
BATCH = 200  # files per clang-format process, well below any command-line length limit


class FormatError(Exception):
    """clang-format is missing, the wrong version, or failed."""


def executable() -> str:
    """The wheel's clang-format next to this interpreter first, then PATH."""
    beside = Path(sys.executable).parent / "clang-format"
    if beside.exists():
        return str(beside)
    found = shutil.which("clang-format")
    if found is None:
        raise FormatError(f"clang-format not found; install it with: pip install clang-format=={CLANG_FORMAT_VERSION}")
    return found


def check_version(binary: str) -> None:
    try:
        out = subprocess.run([binary, "--version"], capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError) as exc:
        raise FormatError(f"cannot run {binary}: {exc}") from None
    match = re.search(r"clang-format version (\S+)", out)
    found = match.group(1) if match else out.strip()
    if found != CLANG_FORMAT_VERSION:
        raise FormatError(
            f"{binary} is version {found}, but generated code is pinned to {CLANG_FORMAT_VERSION}; "
            f"run: pip install clang-format=={CLANG_FORMAT_VERSION}"
        )


def needs_format(path: str) -> bool:
    return path.endswith(FORMATTED_SUFFIXES)


def format_files(files: dict[str, str], style: Path) -> dict[str, str]:
    """Format every C++ entry of {relative path: text}; other entries pass through unchanged."""
    return start(files, style).result()


_CHECKED: set[str] = set()


class FormatJob:
    """clang-format running on a set of files in the background: as many processes as the
    machine has cores (each with at most BATCH files), so the caller can render the next files
    meanwhile. `result()` waits, and returns {path: text} with the C++ entries formatted."""

    def __init__(self, files: dict[str, str], style: Path):
        self._files = files
        self._targets = sorted(p for p in files if needs_format(p))
        self._tmp: tempfile.TemporaryDirectory[str] | None = None
        self._procs: list[tuple[subprocess.Popen[bytes], list[str]]] = []
        if not self._targets:
            return
        binary = executable()
        if binary not in _CHECKED:
            check_version(binary)
            _CHECKED.add(binary)
        self._tmp = tempfile.TemporaryDirectory(prefix="hipdnn-codegen-fmt-")
        root = Path(self._tmp.name)
        self._local: list[Path] = []
        for i, rel in enumerate(self._targets):
            # Flat numbered names keep paths short; the suffix tells clang-format the language.
            path = root / f"{i:05d}{Path(rel).suffix}"
            path.write_text(files[rel], encoding="utf-8")
            self._local.append(path)
        workers = max(1, min(os.cpu_count() or 1, 8))
        size = max(1, min(BATCH, -(-len(self._local) // workers)))
        for first in range(0, len(self._local), size):
            chunk = [str(p) for p in self._local[first : first + size]]
            proc = subprocess.Popen([binary, f"--style=file:{style}", "-i", *chunk], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            self._procs.append((proc, chunk))

    def result(self) -> dict[str, str]:
        result = dict(self._files)
        if not self._targets:
            return result
        assert self._tmp is not None
        try:
            failure = None
            for proc, _ in self._procs:
                _, err = proc.communicate()
                if proc.returncode != 0 and failure is None:
                    text = err.decode("utf-8", "replace").strip()
                    failure = f"clang-format failed: {text.splitlines()[0] if text else proc.returncode}"
            if failure is not None:
                raise FormatError(failure)
            for rel, path in zip(self._targets, self._local):
                result[rel] = path.read_text(encoding="utf-8")
        finally:
            self._tmp.cleanup()
        return result

    def cancel(self) -> None:
        for proc, _ in self._procs:
            proc.kill()
            proc.wait()
        if self._tmp is not None:
            self._tmp.cleanup()


def start(files: dict[str, str], style: Path) -> FormatJob:
    """Begin formatting `files` in the background (see FormatJob)."""
    return FormatJob(files, style)


def format_ranges(text: str, ranges: list[tuple[int, int]], style: Path, filename: str) -> str:
    """Format only the given 1-based inclusive line ranges of one file (clang-format --lines).

    `filename` is the file's real name: clang-format keeps a source's own header first."""
    if not ranges:
        return text
    binary = executable()
    check_version(binary)
    lines = [f"--lines={start}:{stop}" for start, stop in sorted(set(ranges))]
    proc = subprocess.run(
        [binary, f"--style=file:{style}", f"--assume-filename={filename}", *lines],
        input=text,
        capture_output=True,
        text=True,
    )
    if proc.returncode != 0:
        raise FormatError(f"clang-format failed: {proc.stderr.strip().splitlines()[0] if proc.stderr.strip() else proc.returncode}")
    return proc.stdout
