"""Writing generated files: compare, then write only what changed, atomically, or only report.

Every mode (write, dry run, check, golden test) computes the same change list from the same
in-memory output, so they cannot disagree about what is stale.
"""

from __future__ import annotations

import difflib
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

DIFF_LINES = 40  # per file, in check mode

# Caches Python tools drop next to generated code (never committed, see .gitignore); they are
# neither generated nor "extra".
TOOL_CACHES = frozenset({"__pycache__", ".mypy_cache", ".pytest_cache"})


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
            dirs[:] = [d for d in dirs if d not in TOOL_CACHES]
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


def apply(root: Path, changes: list[Change]) -> None:
    """Stage every new file beside its target first; rename only when all were staged."""
    staged: list[tuple[Path, Path]] = []
    for change in changes:  # every refusal before anything is written
        target = guard(root, change.path)
        if target.exists() and not target.stat().st_mode & 0o222:  # by its mode bits, even for root
            raise StorageError(f"{target} is read-only; make it writable or remove it first")
    new_mode = _new_file_mode()
    try:
        for change in changes:
            if change.new is None:
                continue
            target = root / change.path
            target.parent.mkdir(parents=True, exist_ok=True)
            mode = (target.stat().st_mode & 0o7777) if target.exists() else new_mode
            fd, temp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
            staged.append((Path(temp_name), target))
            with os.fdopen(fd, "wb") as handle:
                handle.write(change.new)
            os.chmod(temp_name, mode)  # a replaced file keeps its mode; a new one gets the umask's
    except BaseException:
        for temp, _ in staged:
            temp.unlink(missing_ok=True)
            _prune(temp.parent, root)
        raise
    for temp, target in staged:
        os.replace(temp, target)
    for change in changes:
        if change.kind == "delete":
            path = root / change.path
            path.unlink(missing_ok=True)
            _prune(path.parent, root)


def _prune(directory: Path, root: Path) -> None:
    while directory != root and directory.is_dir() and not any(directory.iterdir()):
        directory.rmdir()
        directory = directory.parent
