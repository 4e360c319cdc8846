"""Writing generated files: compare, then write only what changed, atomically, or only report.

Every mode (write, dry run, check, golden test) computes the same change list from the same
in-memory output, so they cannot disagree about what is stale.
"""

from __future__ import annotations

import contextlib
import difflib
import fcntl
import json
import os
import shutil
import stat
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

DIFF_LINES = 40  # per file, in check mode

# Caches Python tools drop next to generated code (never committed, see .gitignore); they are
# neither generated nor "extra".
TOOL_CACHES = frozenset({"__pycache__", ".mypy_cache", ".pytest_cache"})


# what building a Python distribution in place leaves beside its pyproject.toml (setuptools'
# build/ and <name>.egg-info/, a wheel or sdist in dist/): never generated, never compared
BUILD_ARTIFACTS = frozenset({"build", "dist"})


def _build_artifact(directory: str, beside_pyproject: bool) -> bool:
    return directory.endswith(".egg-info") or (beside_pyproject and directory in BUILD_ARTIFACTS)


class StorageError(Exception):
    """A path the tool will not read, write or delete through (exit code 2, one line)."""


def guard(root: Path, rel: str, file: bool = True) -> Path:
    """root/rel, after checking that no component below `root` is a symbolic link (a link could
    lead out of the workspace or checkout) and that nothing but the last component is a file."""
    path = root
    parts = [p for p in rel.split("/") if p]
    for index, part in enumerate(parts):
        if part in ("..", "."):
            raise StorageError(f"{root / rel}: path leaves {root}")
        path = path / part
        if path.is_symlink():
            raise StorageError(f"{path} is a symbolic link (to {os.readlink(path)}); refusing to read, write or delete through it")
        last = index == len(parts) - 1
        if not last and path.exists() and not path.is_dir():
            raise StorageError(f"{path} is a file where a directory belongs")
        if last and file and path.is_dir():
            raise StorageError(f"{path} is a directory where a file belongs")
    return path


# Input limits, checked before anything is parsed. Real specs are a few kilobytes and real hipDNN
# headers well under one megabyte; the limits leave a wide margin and still bound memory and time.
MAX_SPEC_BYTES = 1 << 20  # spec, registry, waiver and .fbs files
MAX_HEADER_BYTES = 16 << 20  # hipDNN sources read by registry, check --hipdnn-root and apply


def read_input(path: Path, limit: int, shown: str | None = None) -> bytes:
    """The bytes of a regular file of at most `limit` bytes. Devices, FIFOs and directories are
    refused without blocking; the size is checked before reading and again while reading (a file
    can grow)."""
    shown = shown or str(path)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise StorageError(f"cannot read {shown}: {exc.strerror}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise StorageError(f"{shown} is not a regular file; only regular files are read")
        if info.st_size > limit:
            raise StorageError(f"{shown} is {info.st_size} bytes; the limit is {limit} bytes")
        chunks, total = [], 0
        while True:
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                break
            total += len(chunk)
            if total > limit:
                raise StorageError(f"{shown} grew past the limit of {limit} bytes while being read")
            chunks.append(chunk)
        return b"".join(chunks)
    except OSError as exc:
        raise StorageError(f"cannot read {shown}: {exc.strerror}") from None
    finally:
        os.close(fd)


def _new_file_mode() -> int:
    """0666 minus the process umask: what open() would give a new file."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


@dataclass(frozen=True)
class Change:
    path: str  # relative to the output root, with '/' separators
    kind: str  # "create" | "update" | "delete"
    old: bytes | None
    new: bytes | None

    def under(self, directory: str) -> "Change":
        """The same change with its path relative to the parent of `directory`."""
        return Change(f"{directory}/{self.path}", self.kind, self.old, self.new)

    def diff(self, label: str, cap: int = DIFF_LINES) -> str:
        old = (self.old or b"").decode("utf-8", "replace").splitlines(keepends=True)
        new = (self.new or b"").decode("utf-8", "replace").splitlines(keepends=True)
        lines = list(difflib.unified_diff(old, new, f"{label}/{self.path}", f"{label}/{self.path} (expected)"))
        if len(lines) > cap:
            lines = lines[:cap] + [f"... diff truncated ({len(lines) - cap} more lines)\n"]
        return "".join(line if line.endswith("\n") else line + "\n" for line in lines)


def existing_files(root: Path, scopes: list[str]) -> dict[str, Path]:
    """Files under root/scope for every scope ('' means the whole root)."""
    found: dict[str, Path] = {}
    for scope in scopes:
        base = guard(root, scope, file=False) if scope else root
        if base.is_file():
            found[base.relative_to(root).as_posix()] = base
        for here, dirs, names in os.walk(base):
            project = "pyproject.toml" in names
            dirs[:] = [d for d in dirs if d not in TOOL_CACHES and not _build_artifact(d, project)]
            for name in names:
                path = Path(here) / name
                if path.is_symlink():
                    raise StorageError(f"{path} is a symbolic link (to {os.readlink(path)}); refusing to read, write or delete through it")
                found[path.relative_to(root).as_posix()] = path
    return found


def plan(root: Path, files: dict[str, bytes], scopes: list[str]) -> list[Change]:
    """Changes that make root/scopes hold exactly `files`."""
    current = existing_files(root, scopes)
    changes = []
    for rel in sorted(files):
        path = guard(root, rel)
        old = path.read_bytes() if path.is_file() else None
        if old != files[rel]:
            changes.append(Change(rel, "create" if old is None else "update", old, files[rel]))
    for rel in sorted(set(current) - set(files)):
        changes.append(Change(rel, "delete", current[rel].read_bytes(), None))
    return changes


# --- crash-consistent commits -------------------------------------------------------------------
# A change set is first written whole into TXN_DIR under the root (one staged file per new file),
# then a journal naming every target is made durable with one rename: that rename is the commit
# point. Renames into place follow. A run that finds TXN_DIR (the previous one was killed) rolls
# the journal forward, or, with no journal, throws the staged files away: after any crash, the next
# run sees the old files or the new ones, never a mix, and no temporary file is left behind.
TXN_DIR = ".hipdnn-codegen-txn"
JOURNAL = "journal"

# Tests set this to a function called at every write step (its label, e.g. "stage 3", "journal",
# "commit 2", "cleanup"), to kill the process or raise at exactly that step.
STEP_HOOK: Callable[[str], None] | None = None


def _step(label: str) -> None:
    if STEP_HOOK is not None:
        STEP_HOOK(label)


def _fsync_dir(directory: Path) -> None:
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _write_durably(path: Path, data: bytes, mode: int) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
        os.fchmod(fd, mode)
        os.fsync(fd)
    finally:
        os.close(fd)


def _check_writable(root: Path, changes: list[Change]) -> None:
    for change in changes:  # every refusal before anything is written
        target = guard(root, change.path)
        if target.exists() and not target.stat().st_mode & 0o222:  # by its mode bits, even for root
            raise StorageError(f"{target} is read-only; make it writable or remove it first")


def apply(root: Path, changes: list[Change]) -> None:
    """Make every change under `root` as one crash-consistent commit (see TXN_DIR)."""
    if not changes:
        return
    _check_writable(root, changes)
    recover(root)
    txn = guard(root, TXN_DIR, file=False)
    new_mode = _new_file_mode()
    entries = []
    committed = False
    try:
        txn.mkdir()
        for index, change in enumerate(changes):
            staged = None
            if change.new is not None:
                target = root / change.path
                mode = (target.stat().st_mode & 0o7777) if target.exists() else new_mode
                staged = f"{index:06d}"
                _step(f"stage {index}")
                _write_durably(txn / staged, change.new, mode)  # replaced files keep their mode
            entries.append({"path": change.path, "staged": staged})
        _step("journal")
        _write_durably(txn / f"{JOURNAL}.tmp", json.dumps(entries, indent=0).encode(), 0o600)
        os.replace(txn / f"{JOURNAL}.tmp", txn / JOURNAL)
        _fsync_dir(txn)
        committed = True
        _roll_forward(root, txn, entries)
    except OSError as exc:
        if not committed:
            shutil.rmtree(txn, ignore_errors=True)
            raise StorageError(f"cannot write under {root}: {exc.strerror or exc}; nothing was changed") from None
        raise StorageError(f"cannot finish writing under {root}: {exc.strerror or exc}; the next run completes the change") from None
    except BaseException:  # Ctrl-C and the like: before the commit point, leave nothing behind
        if not committed:
            shutil.rmtree(txn, ignore_errors=True)
        raise


def _roll_forward(root: Path, txn: Path, entries: list[dict[str, str | None]]) -> None:
    """Move every staged file into place and delete what the change deletes; safe to repeat."""
    for index, entry in enumerate(entries):
        rel = entry["path"]
        if not isinstance(rel, str):
            raise StorageError(f"{txn / JOURNAL}: malformed entry {index}")
        target = guard(root, rel)  # the journal is re-checked: no link, no '..'
        _step(f"commit {index}")
        staged = entry["staged"]
        if staged is None:
            target.unlink(missing_ok=True)
            _prune(target.parent, root)
        elif isinstance(staged, str) and (txn / staged).exists():  # else it was moved before an interruption
            target.parent.mkdir(parents=True, exist_ok=True)
            os.replace(txn / staged, target)
    _step("cleanup")
    shutil.rmtree(txn)


def recover(root: Path) -> str | None:
    """Finish or undo a commit a killed run left under `root`; returns what was done, if anything."""
    txn = guard(root, TXN_DIR, file=False)
    if not txn.is_dir():
        return None
    journal = txn / JOURNAL
    if not journal.is_file():
        shutil.rmtree(txn)
        return f"discarded an interrupted write under {root} (it had not committed; the old files stand)"
    try:
        entries = json.loads(journal.read_text(encoding="utf-8"))
    except (ValueError, OSError) as exc:
        raise StorageError(f"{journal}: unreadable journal of an interrupted write ({exc}); inspect and remove {txn}") from None
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise StorageError(f"{journal}: malformed journal of an interrupted write; inspect and remove {txn}")
    _roll_forward(root, txn, entries)
    return f"completed an interrupted write of {len(entries)} file(s) under {root}"


# --- one run at a time --------------------------------------------------------------------------
LOCK_WAIT_SECONDS = float(os.environ.get("HIPDNN_CODEGEN_LOCK_WAIT", "600"))


@contextlib.contextmanager
def locked(root: Path, say: Callable[[str], None]) -> Iterator[None]:
    """Hold an exclusive lock on the directory `root` (flock on the directory itself, so no lock
    file is left in a workspace or checkout); a second run waits, saying so, for up to
    LOCK_WAIT_SECONDS. An interrupted commit found under the root is completed or undone first."""
    fd = os.open(root, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            say(f"waiting for another hipdnn-codegen run to finish with {root}")
            deadline = time.monotonic() + LOCK_WAIT_SECONDS
            while True:
                time.sleep(0.05)
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if time.monotonic() > deadline:
                        raise StorageError(f"{root} is still locked by another hipdnn-codegen run after {LOCK_WAIT_SECONDS:g} s; try again when it ends") from None
        done = recover(root)
        if done:
            say(done)
        yield
    finally:
        os.close(fd)  # closing releases the lock


def _prune(directory: Path, root: Path) -> None:
    while directory != root and directory.is_dir() and not any(directory.iterdir()):
        directory.rmdir()
        directory = directory.parent
