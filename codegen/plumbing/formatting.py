"""C++ formatting through the pinned clang-format wheel, many files per process."""

from __future__ import annotations

import os
import re
import subprocess
import time
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import tempfile

# The one place the clang-format version is pinned at run time; pyproject.toml pins the same
# wheel (a test keeps the two equal).
CLANG_FORMAT_VERSION = "18.1.4"
STYLE_FILE = "hipdnn.clang-format"
FORMATTED_SUFFIXES = (".hpp", ".cpp", ".h")
BATCH = 200  # files per clang-format process, well below any command-line length limit


class FormatError(Exception):
    """clang-format is missing, the wrong version, or failed."""


def executable() -> str:
    """The binary the pinned clang-format wheel ships (not its console script, a Python start per
    process), else the wheel's script next to this interpreter, then PATH."""
    import importlib.util

    spec = importlib.util.find_spec("clang_format")
    if spec is not None and spec.origin:
        shipped = Path(spec.origin).parent / "data" / "bin" / "clang-format"
        if shipped.is_file() and os.access(shipped, os.X_OK):
            return str(shipped)
    beside = Path(sys.executable).parent / "clang-format"
    if beside.exists():
        return str(beside)
    import shutil

    found = shutil.which("clang-format")
    if found is None:
        raise FormatError(f"clang-format not found; install it with: pip install clang-format=={CLANG_FORMAT_VERSION}")
    return found


def _version(binary: str) -> str:
    try:
        out = subprocess.run([binary, "--version"], capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError) as exc:
        raise FormatError(f"cannot run {binary}: {exc}") from None
    match = re.search(r"clang-format version (\S+)", out)
    return match.group(1) if match else out.strip()


def _kept_version(binary: str) -> str:
    """What `binary --version` says, kept in the tool's cache by the binary's path and stat data
    (size, mtime, ctime, inode, device: a replaced binary has another ctime), so a run does not
    start a process to ask; a binary changed within cache.RACY_NS is asked every time."""
    from codegen.plumbing import cache

    try:
        info = os.stat(binary)
    except OSError:
        return _version(binary)
    if max(info.st_mtime_ns, info.st_ctime_ns) > time.time_ns() - cache.RACY_NS:
        return _version(binary)
    stat = f"{info.st_size} {info.st_mtime_ns} {info.st_ctime_ns} {info.st_ino} {info.st_dev} {info.st_mode}"

    def plain(value: object) -> str:
        if type(value) is not str:
            raise ValueError("not a version")
        return value

    return cache.kept("clang-format-version", (binary, stat), lambda: _version(binary), plain, plain)  # type: ignore[no-any-return]


def check_version(binary: str) -> None:
    found = _kept_version(binary)
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
        self._targets: list[str] = []
        self._tmp: tempfile.TemporaryDirectory[str] | None = None
        self._procs: list[tuple[subprocess.Popen[bytes], list[str]]] = []
        self._known: dict[str, str] = {}
        wanted = sorted(p for p in files if needs_format(p))
        if not wanted:
            return
        binary = executable()
        if binary not in _CHECKED:
            check_version(binary)
            _CHECKED.add(binary)
        self._cache = FormattedCache.open(style)
        for rel in wanted:
            found = self._cache.get(rel, files[rel]) if self._cache is not None else None
            if found is None:
                self._targets.append(rel)
            else:
                self._known[rel] = found
        if not self._targets:
            return
        import tempfile

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
        result.update(self._known)
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
                if self._cache is not None:
                    self._cache.put(rel, self._files[rel], result[rel])
        finally:
            self._tmp.cleanup()
        if self._cache is not None:
            self._cache.prune()
        return result

    def cancel(self) -> None:
        for proc, _ in self._procs:
            proc.kill()
            proc.wait()
        if self._tmp is not None:
            self._tmp.cleanup()


class FormattedCache:
    """What clang-format made of a text before, keyed by the text, its language (the file's
    suffix), the formatter's version and the style's bytes, in the tool's cache directory
    (cache.directory()/formatted, shared by every workspace): unchanged text is never formatted
    twice (one changed spec re-renders all of its op's files, most of them unchanged). Entries are
    sealed (cache.sealed_read: this user's, writable by no one else, header and digest checked);
    anything else is a miss. The oldest entries go once there are more than MAX_ENTRIES."""

    MAGIC = b"hipdnn-codegen formatted 1\n"
    MAX_ENTRIES = 50_000

    def __init__(self, folder: Path, style: Path):
        import hashlib

        self.folder = folder
        self._salt = hashlib.sha256(f"clang-format {CLANG_FORMAT_VERSION}\0".encode() + style.read_bytes()).digest()
        self._written = 0

    @classmethod
    def open(cls, style: Path) -> "FormattedCache | None":
        from codegen.plumbing import cache

        base = cache.directory()
        if base is None or not cache.private_folder(base / "formatted"):
            return None
        try:
            return cls(base / "formatted", style)
        except OSError:
            return None

    def _path(self, rel: str, text: str) -> Path:
        import hashlib

        digest = hashlib.sha256(self._salt + Path(rel).suffix.encode() + b"\0" + text.encode("utf-8", "surrogatepass"))
        return self.folder / f"{digest.hexdigest()}.fmt"

    def get(self, rel: str, text: str) -> str | None:
        from codegen.plumbing import cache

        payload = cache.sealed_read(self._path(rel, text), self.MAGIC)
        try:
            return payload.decode("utf-8") if payload is not None else None
        except UnicodeDecodeError:
            return None

    def put(self, rel: str, text: str, formatted: str) -> None:
        from codegen.plumbing import cache

        cache.sealed_write(self._path(rel, text), self.MAGIC, formatted.encode("utf-8", "surrogatepass"))
        self._written += 1

    def prune(self) -> None:
        """Past MAX_ENTRIES, drop the older half (by modification time)."""
        if not self._written:
            return
        try:
            names = os.listdir(self.folder)
            if len(names) <= self.MAX_ENTRIES:
                return
            aged = sorted((os.lstat(self.folder / n).st_mtime_ns, n) for n in names)
            for _, name in aged[: len(aged) // 2]:
                os.unlink(self.folder / name)
        except OSError:
            return


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
