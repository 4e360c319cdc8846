"""A per-user cache, so a large workspace's scan does not redo what an earlier run did (like
ruff's cache, but outside the workspace): the specs and registry it loaded, and the generated
directories it found fresh.

Specs: an entry is the model and findings one spec file (or the registry) loads to, keyed by a
digest of everything the load depends on: the file's bytes, the name it is shown under, the
tool's own code and schemas, and the versions of Python, PyYAML and jsonschema. A hit is
therefore exactly what loading would produce. The cache lives under the user's cache directory,
never in the workspace (a repository cannot ship entries), and entries are read with an
unpickler that only builds hipdnn-codegen's own model classes and plain containers. After a
load, entries no file of that workspace used are dropped, so the cache stays its size.

Fresh directories: a directory of generated/ whose files were hashed and matched its stamp is
remembered with the inputs digest it matched and a digest of its files' stat data (size, mtime,
ctime, inode); while neither changes, it is fresh without reading a file, the way git trusts its
index. A file changed within RACY_NS of being looked at is never remembered (a same-tick edit
could hide behind an unchanged mtime), and ctime cannot be set back by hand.

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
import time
from pathlib import Path
from typing import Any

from codegen.plumbing import storage

VERSION = b"1"  # of the entry format
SUFFIX = ".pickle"
_CODE: list[bytes] = []


def tool_digest() -> bytes:
    """The digest of the generator's own code and data (every Python module and JSON schema of
    the codegen package; templates are digested where they are used). Read once per run."""
    if not _CODE:
        package = Path(__file__).resolve().parent.parent
        digest = hashlib.sha256()
        shipped = package / "_shipped"  # in a wheel: the project's op_specs/, input like any workspace's
        for path in sorted(p for p in package.rglob("*") if p.suffix in (".py", ".json") and "__pycache__" not in p.parts and shipped not in p.parents):
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


def folder(root: Path) -> Path | None:
    """The cache folder of the workspace at `root` (None when the cache is off)."""
    base = directory()
    return base / hashlib.sha256(os.fsencode(root.resolve())).hexdigest()[:32] if base is not None else None


def private_folder(path: Path) -> bool:
    """Make `path` (mode 0700) if needed; whether it is this user's and writable by no one else."""
    try:
        path.mkdir(parents=True, exist_ok=True, mode=0o700)
        info = os.lstat(path)
    except OSError:
        return False
    return info.st_uid == os.getuid() and not info.st_mode & 0o022


def sealed_read(path: Path, magic: bytes) -> bytes | None:
    """The payload of an entry sealed_write wrote, or None when it is missing, a link, another
    user's, writable by others, or its header or SHA-256 does not match (never trusted blindly)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    with os.fdopen(fd, "rb") as stream:
        info = os.fstat(stream.fileno())
        if info.st_uid != os.getuid() or info.st_mode & 0o022:
            return None
        data = stream.read()
    head = len(magic)
    payload = data[head + 32 :]
    if data[:head] != magic or data[head : head + 32] != hashlib.sha256(payload).digest():
        return None
    return payload


def sealed_write(path: Path, magic: bytes, payload: bytes) -> None:
    """Store `payload` behind `magic` and its SHA-256 (mode 0600, written whole, then renamed into
    place); a cache that cannot be written only costs speed."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0), 0o600)
        with os.fdopen(fd, "wb") as stream:
            stream.write(magic + hashlib.sha256(payload).digest() + payload)
        os.replace(temporary, path)
    except OSError:
        return


class _Unpickler(pickle.Unpickler):
    """Builds only hipdnn-codegen's classes (with `model`) and plain built-in containers."""

    PLAIN = frozenset({"set", "frozenset", "tuple", "list", "dict", "str", "bytes", "int", "float", "bool", "complex"})

    def __init__(self, data: bytes, model: bool):
        super().__init__(io.BytesIO(data))
        self.model = model

    def find_class(self, module: str, name: str) -> Any:
        if (self.model and module.startswith("codegen.")) or (module == "builtins" and name in self.PLAIN):
            return super().find_class(module, name)
        raise pickle.UnpicklingError(f"{module}.{name} is not allowed in the cache")


def _read(path: Path, model: bool) -> Any | None:
    """An entry's value, or None when it is missing or unreadable (a damaged or foreign entry is
    a miss, and is rewritten)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    try:
        with os.fdopen(fd, "rb") as stream:
            return _Unpickler(stream.read(), model).load()
    except Exception:
        return None


def _write(path: Path, value: Any) -> None:
    """Store `value` (written whole, then renamed into place); a cache that cannot be written
    only costs speed."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
        temporary = path.parent / f".{path.name}.{os.getpid()}.tmp"
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0), 0o600)
        with os.fdopen(fd, "wb") as stream:
            stream.write(data)
        os.replace(temporary, path)
    except (OSError, pickle.PicklingError):
        return


def _versions() -> bytes:
    """Python's version and the installed PyYAML and jsonschema releases (read off their
    distributions' directory names: importlib.metadata costs more than a cache hit saves)."""
    import importlib.util

    found = [sys.version]
    for module, distribution in (("yaml", "pyyaml"), ("jsonschema", "jsonschema")):
        spec = importlib.util.find_spec(module)
        names: list[str] = []
        if spec is not None and spec.origin:
            site = Path(spec.origin).parent.parent
            try:
                names = sorted(n for n in os.listdir(site) if n.lower().startswith(distribution + "-") and n.endswith((".dist-info", ".egg-info")))
            except OSError:
                names = []
        found.append(f"{module}: {spec.origin if spec else None} {names}")
    return "; ".join(found).encode()


class SpecCache:
    """The loaded specs and registry of one workspace."""

    def __init__(self, folder: Path):
        self.folder = folder
        self._salt = hashlib.sha256(VERSION + b"\0" + tool_digest() + b"\0" + _versions()).digest()
        self._used: set[str] = set()

    @classmethod
    def open(cls, root: Path) -> "SpecCache | None":
        found = folder(root)
        return cls(found) if found is not None else None

    def key(self, *parts: str | bytes) -> str:
        """The key of a load from `parts` (the file's shown name, its bytes, ...)."""
        digest = hashlib.sha256(self._salt)
        for part in parts:
            data = part.encode() if isinstance(part, str) else part
            digest.update(len(data).to_bytes(8, "little") + data)
        return digest.hexdigest()

    def get(self, key: str) -> Any | None:
        self._used.add(key)
        return _read(self.folder / (key + SUFFIX), model=True)

    def put(self, key: str, value: Any) -> None:
        self._used.add(key)
        _write(self.folder / (key + SUFFIX), value)

    def prune(self) -> None:
        """Drop every spec entry this load did not use, and temporary files a killed run left."""
        try:
            names = os.listdir(self.folder)
        except OSError:
            return
        for name in names:
            unused = name.endswith(SUFFIX) and name[: -len(SUFFIX)] not in self._used
            if unused or (name.startswith(".") and name.endswith(".tmp")):
                try:
                    os.unlink(self.folder / name)
                except OSError:
                    pass


RACY_NS = 2_000_000_000
VERDICTS = "fresh-directories"


def signature(directory: Path) -> tuple[str, bool] | None:
    """A digest of the stat data of every file below `directory` (None when it is missing), and
    whether any of them changed too recently to be trusted later."""
    rows = []
    newest = 0
    for rel in storage.files_below(directory):
        try:
            info = os.lstat(directory / rel)
        except OSError:
            return None
        newest = max(newest, info.st_mtime_ns, info.st_ctime_ns)
        rows.append(f"{rel}\0{info.st_size}\0{info.st_mtime_ns}\0{info.st_ctime_ns}\0{info.st_ino}\0{info.st_dev}\0{info.st_mode}")
    if not rows:
        return None
    return hashlib.sha256("\n".join(rows).encode()).hexdigest(), newest > time.time_ns() - RACY_NS


class Verdicts:
    """The generated directories of one workspace found fresh before: {directory: (inputs
    digest, stat signature)}."""

    def __init__(self, folder: Path | None):
        self.path = folder / VERDICTS if folder is not None else None
        found = _read(self.path, model=False) if self.path is not None else None
        self._known: dict[str, tuple[str, str]] = found if isinstance(found, dict) else {}
        self._changed = False

    def fresh(self, name: str, inputs: str, stat: str) -> bool:
        return self._known.get(name) == (inputs, stat)

    def remember(self, name: str, inputs: str, stat: str) -> None:
        if self._known.get(name) != (inputs, stat):
            self._known[name] = (inputs, stat)
            self._changed = True

    def forget_others(self, names: set[str]) -> None:
        for name in set(self._known) - names:
            del self._known[name]
            self._changed = True

    def save(self) -> None:
        if self._changed and self.path is not None:
            _write(self.path, self._known)
