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
        base = root / scope if scope else root
        if base.is_file():
            found[base.relative_to(root).as_posix()] = base
        for here, dirs, names in os.walk(base):
            dirs[:] = [d for d in dirs if d not in TOOL_CACHES]
            for name in names:
                path = Path(here) / name
                found[path.relative_to(root).as_posix()] = path
    return found


def plan(root: Path, files: dict[str, bytes], scopes: list[str]) -> list[Change]:
    """Changes that make root/scopes hold exactly `files`."""
    current = existing_files(root, scopes)
    changes = []
    for rel in sorted(files):
        path = root / rel
        old = path.read_bytes() if path.is_file() else None
        if old != files[rel]:
            changes.append(Change(rel, "create" if old is None else "update", old, files[rel]))
    for rel in sorted(set(current) - set(files)):
        changes.append(Change(rel, "delete", current[rel].read_bytes(), None))
    return changes


def apply(root: Path, changes: list[Change]) -> None:
    """Stage every new file beside its target first; rename only when all were staged."""
    staged: list[tuple[Path, Path]] = []
    try:
        for change in changes:
            if change.new is None:
                continue
            target = root / change.path
            target.parent.mkdir(parents=True, exist_ok=True)
            fd, temp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
            staged.append((Path(temp_name), target))
            with os.fdopen(fd, "wb") as handle:
                handle.write(change.new)
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
