"""Writing generated files: compare, then write only what changed, atomically, or only report.

Every mode (write, dry run, check, golden test) computes the same change list from the same
in-memory output, so they cannot disagree about what is stale.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import stat
import time
from pathlib import Path
from typing import Callable, Iterator, NamedTuple

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


def guard(root: Path, rel: str, file: bool = True, verified: set[str] | None = None) -> Path:
    """root/rel, after checking that no component below `root` is a symbolic link (a link could
    lead out of the workspace or checkout) and that nothing but the last component is a file.
    `verified` remembers directories already checked by this caller (a run checks thousands of
    files in the same few directories)."""
    parts = [p for p in rel.split("/") if p]
    here = os.fspath(root)
    for index, part in enumerate(parts):
        if part in ("..", "."):
            raise StorageError(f"{root / rel}: path leaves {root}")
        here = os.path.join(here, part)
        last = index == len(parts) - 1
        if not last and verified is not None and here in verified:
            continue
        try:
            info = os.lstat(here)
        except FileNotFoundError:
            continue
        path = root.joinpath(*parts[: index + 1])
        if stat.S_ISLNK(info.st_mode):
            raise StorageError(f"{path} is a symbolic link (to {os.readlink(path)}); refusing to read, write or delete through it")
        if not last and not stat.S_ISDIR(info.st_mode):
            raise StorageError(f"{path} is a file where a directory belongs")
        if last and file and stat.S_ISDIR(info.st_mode):
            raise StorageError(f"{path} is a directory where a file belongs")
        if not last and verified is not None:
            verified.add(here)
    return root.joinpath(*parts)


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


class Change(NamedTuple):
    """One file's change. (A tuple: every run imports this module, and a dataclass costs its import.)"""

    path: str  # relative to the output root, with '/' separators
    kind: str  # "create" | "update" | "delete"
    old: bytes | None
    new: bytes | None

    def under(self, directory: str) -> "Change":
        """The same change with its path relative to the parent of `directory`."""
        return Change(f"{directory}/{self.path}", self.kind, self.old, self.new)

    def diff(self, label: str, cap: int = DIFF_LINES) -> str:
        import difflib

        old = (self.old or b"").decode("utf-8", "replace").splitlines(keepends=True)
        new = (self.new or b"").decode("utf-8", "replace").splitlines(keepends=True)
        lines = list(difflib.unified_diff(old, new, f"{label}/{self.path}", f"{label}/{self.path} (expected)"))
        if len(lines) > cap:
            lines = lines[:cap] + [f"... diff truncated ({len(lines) - cap} more lines)\n"]
        return "".join(line if line.endswith("\n") else line + "\n" for line in lines)


def files_below(directory: Path) -> list[str]:
    """Every file below `directory` (tool caches left out), relative with '/' separators,
    sorted; os.walk, as pathlib is slower."""
    found: list[str] = []
    for here, dirs, names in os.walk(directory):
        dirs[:] = [d for d in dirs if d not in TOOL_CACHES]
        prefix = os.path.relpath(here, directory).replace(os.sep, "/")
        found.extend(name if prefix == "." else f"{prefix}/{name}" for name in names)
    return sorted(found)


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


class Planner:
    """The changes that make root/scopes hold exactly the files `put` into it, worked out as
    the files arrive: each is compared with the file on disk and, when it differs and a
    Transaction is given, staged into it at once, so no caller has to hold every new file.
    `keep` keeps the old and new bytes in each Change (for diffs); without it a Change only
    names the file."""

    def __init__(self, root: Path, scopes: list[str], keep: bool = True, txn: "Transaction | None" = None, prefix: str = ""):
        self.root, self.keep, self.txn, self.prefix = root, keep, txn, prefix
        self._current = existing_files(root, scopes)
        self._seen: set[str] = set()
        self._changes: list[Change] = []
        self._verified: set[str] = set()

    def put(self, rel: str, data: bytes) -> None:
        path = guard(self.root, rel, verified=self._verified)
        old = path.read_bytes() if rel in self._current or path.exists() else None
        self._seen.add(rel)
        if old == data:
            return
        kind = "create" if old is None else "update"
        self._changes.append(Change(rel, kind, old, data) if self.keep else Change(rel, kind, None, None))
        if self.txn is not None:
            self.txn.stage(self.prefix + rel, data)

    def finish(self) -> list[Change]:
        """Every change, deletions of the files in scope nothing put last; each group by path."""
        current = self._current
        changes = sorted(self._changes, key=lambda c: c.path)
        for rel in sorted(set(current) - self._seen):
            changes.append(Change(rel, "delete", current[rel].read_bytes(), None) if self.keep else Change(rel, "delete", None, None))
            if self.txn is not None:
                self.txn.delete(self.prefix + rel)
        return changes


def plan(root: Path, files: dict[str, bytes], scopes: list[str]) -> list[Change]:
    """Changes that make root/scopes hold exactly `files`."""
    planner = Planner(root, scopes)
    for rel in sorted(files):
        planner.put(rel, files[rel])
    return planner.finish()


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


_SYNCFS: list[Callable[[int], int] | None] = []


def _syncfs() -> Callable[[int], int] | None:
    """Linux's syncfs(2) through the C library, or None where there is none."""
    if not _SYNCFS:
        found = None
        try:
            import ctypes

            function = ctypes.CDLL(None, use_errno=True).syncfs
            function.argtypes, function.restype = [ctypes.c_int], ctypes.c_int
            found = function
        except (OSError, AttributeError):
            found = None
        _SYNCFS.append(found)
    return _SYNCFS[0]


def sync_filesystem(path: Path) -> None:
    """Make everything written to the file system holding `path` durable: syncfs(2) flushes that
    file system only (os.sync, the fallback where syncfs is missing or fails, flushes every file
    system of the machine, a CI host's included)."""
    syncfs = _syncfs()
    if syncfs is not None:
        fd = os.open(path, os.O_RDONLY)
        try:
            if syncfs(fd) == 0:
                return
        finally:
            os.close(fd)
    os.sync()


def _write_new(path: Path, data: bytes, mode: int, durable: bool = False) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
        os.fchmod(fd, mode)
        if durable:
            os.fsync(fd)
    finally:
        os.close(fd)


class Transaction:
    """One crash-consistent change set under `root` (see TXN_DIR), built up file by file: new
    contents go into the staging directory as they are staged, so memory does not grow with the
    change. `commit()` makes it take effect; leaving the `with` block without committing (an
    error, Ctrl-C) throws the staged files away and changes nothing."""

    def __init__(self, root: Path):
        self.root = root
        self._txn: Path | None = None
        self._entries: list[dict[str, str | None]] = []
        self._verified: set[str] = set()
        self._committed = False
        self._mode = _new_file_mode()

    def __enter__(self) -> "Transaction":
        return self

    def _target(self, rel: str) -> int | None:
        """The mode of root/rel (None: no such file), after refusing a path or file it must not write."""
        target = guard(self.root, rel, verified=self._verified)
        try:
            mode = target.stat().st_mode
        except FileNotFoundError:
            return None
        if not mode & 0o222:  # by its mode bits, even for root
            raise StorageError(f"{target} is read-only; make it writable or remove it first")
        return mode

    def _staging(self) -> Path:
        if self._txn is None:
            recover(self.root)
            txn = guard(self.root, TXN_DIR, file=False)
            txn.mkdir()
            self._txn = txn
        return self._txn

    @contextlib.contextmanager
    def _writing(self) -> Iterator[None]:
        """A failed write (a full disk, say) as a StorageError that says what state it left."""
        try:
            yield
        except OSError as exc:
            reason = exc.strerror or exc
            if self._committed:
                raise StorageError(f"cannot finish writing under {self.root}: {reason}; the next run completes the change") from None
            raise StorageError(f"cannot write under {self.root}: {reason}; nothing was changed") from None

    def stage(self, rel: str, data: bytes) -> None:
        """root/rel is to hold `data` (a replaced file keeps its mode)."""
        with self._writing():
            mode = self._target(rel)
            txn = self._staging()
            staged = f"{len(self._entries):06d}"
            _step(f"stage {len(self._entries)}")
            _write_new(txn / staged, data, self._mode if mode is None else mode & 0o7777)
            self._entries.append({"path": rel, "staged": staged})

    def delete(self, rel: str) -> None:
        """root/rel is to be deleted."""
        with self._writing():
            self._target(rel)
            self._staging()
            self._entries.append({"path": rel, "staged": None})

    def commit(self) -> None:
        """The commit point: every staged file is made durable with one sync of the workspace's
        file system (cheaper than a sync per file), then the journal naming every target appears with one rename; the
        renames into place follow."""
        if not self._entries:
            return
        with self._writing():
            txn = self._staging()
            _step("journal")
            sync_filesystem(txn)
            import json
            _write_new(txn / f"{JOURNAL}.tmp", json.dumps(self._entries, indent=0).encode(), 0o600, durable=True)
            os.replace(txn / f"{JOURNAL}.tmp", txn / JOURNAL)
            _fsync_dir(txn)
            self._committed = True
            _roll_forward(self.root, txn, self._entries)

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: object) -> None:
        if not self._committed and self._txn is not None:  # an error or Ctrl-C before the commit point
            import shutil
            shutil.rmtree(self._txn, ignore_errors=True)


def apply(root: Path, changes: list[Change]) -> None:
    """Make every change under `root` as one crash-consistent commit (see TXN_DIR)."""
    with Transaction(root) as txn:
        for change in changes:
            if change.new is None:
                txn.delete(change.path)
            else:
                txn.stage(change.path, change.new)
        txn.commit()


def _roll_forward(root: Path, txn: Path, entries: list[dict[str, str | None]]) -> None:
    """Move every staged file into place and delete what the change deletes; safe to repeat.

    Every target is checked and every directory made first; then the renames and deletions run in
    one loop that does nothing else, so the time a reader (a build) can see part of the change is
    as short as the file system allows; emptied directories are pruned after it."""
    verified: set[str] = set()
    moves: list[tuple[Path | None, Path]] = []  # (staged file, or None to delete; target)
    for index, entry in enumerate(entries):
        rel = entry["path"]
        if not isinstance(rel, str):
            raise StorageError(f"{txn / JOURNAL}: malformed entry {index}")
        target = guard(root, rel, verified=verified)  # the journal is re-checked: no link, no '..'
        staged = entry["staged"]
        if staged is None:
            moves.append((None, target))
        elif isinstance(staged, str) and (txn / staged).exists():  # else it was moved before an interruption
            if str(target.parent) not in verified:
                target.parent.mkdir(parents=True, exist_ok=True)
                verified.add(str(target.parent))
            moves.append((txn / staged, target))
    for index, (source, target) in enumerate(moves):  # the window: renames and unlinks only
        _step(f"commit {index}")
        if source is None:
            target.unlink(missing_ok=True)
        else:
            os.replace(source, target)
    for source, target in moves:
        if source is None:
            _prune(target.parent, root)
    _step("cleanup")
    sync_filesystem(txn)  # the renames are durable before the journal that would redo them goes
    import shutil
    shutil.rmtree(txn)


def recover(root: Path) -> str | None:
    """Finish or undo a commit a killed run left under `root`; returns what was done, if anything."""
    txn = guard(root, TXN_DIR, file=False)
    if not txn.is_dir():
        return None
    journal = txn / JOURNAL
    if not journal.is_file():
        import shutil
        shutil.rmtree(txn)
        return f"discarded an interrupted write under {root} (it had not committed; the old files stand)"
    try:
        import json
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
