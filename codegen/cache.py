"""A per-user cache of loaded specs, so a large workspace's scan does not re-parse and re-validate
every unchanged spec on every run (like ruff's cache, but outside the workspace).

An entry is the model and findings one spec file loads to, keyed by a digest of everything the
load depends on: the spec's bytes, the name it is shown under, the tool's own code and schemas,
and the versions of Python, PyYAML and jsonschema. A hit is therefore exactly what loading would
produce. The cache lives under the user's cache directory, never in the workspace (a repository
cannot ship entries), and entries are read with an unpickler that only builds hipdnn-codegen's own
model classes and plain containers. After a load, entries no spec of that workspace used are
dropped, so the cache stays the size of the workspace.

    HIPDNN_CODEGEN_CACHE_DIR   where the cache lives (default: $XDG_CACHE_HOME/hipdnn-codegen,
                               else ~/.cache/hipdnn-codegen)
    HIPDNN_CODEGEN_NO_CACHE=1  neither read nor write it
"""

from __future__ import annotations

import hashlib
import io
import os
import pickle
import sys
from pathlib import Path
from typing import Any

VERSION = b"1"  # of the entry format
SUFFIX = ".pickle"
_CODE: list[bytes] = []


def tool_digest() -> bytes:
    """The digest of the generator's own code and data (every Python module and JSON schema of
    the codegen package; templates are digested where they are used). Read once per run."""
    if not _CODE:
        package = Path(__file__).resolve().parent
        digest = hashlib.sha256()
        for path in sorted(p for p in package.rglob("*") if p.suffix in (".py", ".json") and "__pycache__" not in p.parts):
            digest.update(path.relative_to(package).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
        _CODE.append(digest.hexdigest().encode())
    return _CODE[0]


def directory() -> Path | None:
    """The cache's root, or None when it is switched off."""
    if os.environ.get("HIPDNN_CODEGEN_NO_CACHE", "") not in ("", "0"):
        return None
    chosen = os.environ.get("HIPDNN_CODEGEN_CACHE_DIR")
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "hipdnn-codegen"


class _Unpickler(pickle.Unpickler):
    """Builds only hipdnn-codegen's classes and plain built-in containers."""

    PLAIN = frozenset({"set", "frozenset", "tuple", "list", "dict", "str", "bytes", "int", "float", "bool", "complex"})

    def find_class(self, module: str, name: str) -> Any:
        if module.startswith("codegen.") or (module == "builtins" and name in self.PLAIN):
            return super().find_class(module, name)
        raise pickle.UnpicklingError(f"{module}.{name} is not allowed in the cache")


def _versions() -> bytes:
    from importlib import metadata

    found = []
    for package in ("PyYAML", "jsonschema"):
        try:
            found.append(f"{package} {metadata.version(package)}")
        except metadata.PackageNotFoundError:
            found.append(f"{package} none")
    return f"{sys.version}; {'; '.join(found)}".encode()


class SpecCache:
    """The entries of one workspace (a directory per workspace root)."""

    def __init__(self, root: Path, base: Path):
        self.folder = base / hashlib.sha256(os.fsencode(root.resolve())).hexdigest()[:32]
        self._salt = hashlib.sha256(VERSION + b"\0" + tool_digest() + b"\0" + _versions()).digest()
        self._used: set[str] = set()

    @classmethod
    def open(cls, root: Path) -> "SpecCache | None":
        base = directory()
        return cls(root, base) if base is not None else None

    def key(self, shown: str, op: str, raw: bytes) -> str:
        digest = hashlib.sha256(self._salt)
        for part in (shown.encode(), op.encode(), raw):
            digest.update(len(part).to_bytes(8, "little") + part)
        return digest.hexdigest()

    def get(self, key: str) -> Any | None:
        """The entry under `key`, or None when it is missing or unreadable."""
        self._used.add(key)
        try:
            fd = os.open(self.folder / (key + SUFFIX), os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        except OSError:
            return None
        try:
            with os.fdopen(fd, "rb") as stream:
                return _Unpickler(io.BytesIO(stream.read())).load()
        except Exception:  # a damaged or foreign entry is a miss (and is rewritten)
            return None

    def put(self, key: str, value: Any) -> None:
        """Store `value` (written whole, then renamed into place); a cache that cannot be
        written only costs speed."""
        self._used.add(key)
        try:
            self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
            data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
            temporary = self.folder / f".{key}.{os.getpid()}.tmp"
            fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0), 0o600)
            with os.fdopen(fd, "wb") as stream:
                stream.write(data)
            os.replace(temporary, self.folder / (key + SUFFIX))
        except (OSError, pickle.PicklingError):
            return

    def prune(self) -> None:
        """Drop every entry (and leftover temporary file) this load did not use."""
        try:
            names = os.listdir(self.folder)
        except OSError:
            return
        for name in names:
            if name.endswith(SUFFIX) and name[: -len(SUFFIX)] in self._used:
                continue
            try:
                os.unlink(self.folder / name)
            except OSError:
                pass
