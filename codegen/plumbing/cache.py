"""A per-user cache, so a large workspace's scan does not redo what an earlier run did (like
ruff's cache, but outside the workspace): ONE file per workspace (`Store`) holding the specs and
registry it loaded, the checks across specs, the generated directories it found fresh and the
digests of file trees (the tool's code, template folders, CPU references).

Specs: an entry is the model and findings one spec file (or the registry) loads to, keyed by a
digest of everything the load depends on: the file's bytes, the name it is shown under, the
tool's own code and schemas, and the versions of Python, PyYAML and jsonschema. A hit is
therefore exactly what loading would produce. The cache lives under the user's cache directory,
never in the workspace (a repository cannot ship entries); the file is sealed (this user's,
writable by no one else, header and SHA-256 checked) and read with an unpickler that only builds
hipdnn-codegen's own model classes and plain containers. After a load, entries no file of that
workspace used are dropped, so the cache stays its size.

Fresh directories and file trees: a directory of generated/ whose files were hashed and matched
its stamp is remembered with the inputs digest it matched and a digest of its files' stat data
(size, mtime, ctime, inode), found by one os.scandir pass over generated/; while neither changes,
it is fresh without reading a file, the way git trusts its index. Template folders and the tool's
code are digested the same way: not read again while their stat data is unchanged. A file changed
within RACY_NS of being looked at is never trusted later (a same-tick edit could hide behind an
unchanged mtime), and ctime cannot be set back by hand.

    HIPDNN_CODEGEN_CACHE_DIR   where the cache lives (default: $XDG_CACHE_HOME/hipdnn-codegen,
                               else ~/.cache/hipdnn-codegen)
    HIPDNN_CODEGEN_NO_CACHE=1  neither read nor write it
"""

from __future__ import annotations

import hashlib
import io
import marshal
import operator
import os
import pickle
import sys
import time
from pathlib import Path
from typing import Any, Iterable

from codegen.plumbing import storage

VERSION = b"2"  # of the entry format
_CODE: list[bytes] = []


def tool_digest(store: "Store | None" = None) -> bytes:
    """The digest of the generator's own code and data (every Python module and JSON schema of
    the codegen package; templates are digested where they are used). Computed once per run;
    with a `store` that saw the package's files with the same stat data, not read at all."""
    if not _CODE:
        package = Path(__file__).resolve().parent.parent
        stat, racy, names = tree_signature(package, _tool_file)
        known = store.tree(f"tool {package}", stat) if store is not None else None
        if known is None:
            digest = hashlib.sha256()
            for name in names:
                digest.update(name.encode() + b"\0" + (package / name).read_bytes() + b"\0")
            known = digest.hexdigest()
            if store is not None and not racy:
                store.remember_tree(f"tool {package}", stat, known)
        _CODE.append(known.encode())
    return _CODE[0]


def _tool_file(name: str) -> bool:
    # in a wheel, _shipped/ holds the project's op_specs/: input like any workspace's
    return name.endswith((".py", ".json")) and not name.startswith("_shipped/")


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
        if (self.model and module[:8] == "codegen.") or (module == "builtins" and name in self.PLAIN):
            found = _FOUND.get((module, name))
            if found is None:
                found = _FOUND[module, name] = super().find_class(module, name)
            return found
        raise pickle.UnpicklingError(f"{module}.{name} is not allowed in the cache")


_FOUND: dict[tuple[str, str], Any] = {}  # what an allowed (module, name) resolved to: entries name the same few classes


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


def distributions(name: str) -> list[str]:
    """The dist-info (or egg-info) directory names of an installed distribution, found beside the
    module of the same name without importing it (its version without importlib.metadata)."""
    import importlib.util

    spec = importlib.util.find_spec(name)
    if spec is None or not spec.origin:
        return []
    site = Path(spec.origin).parent.parent
    try:
        return sorted(n for n in os.listdir(site) if n.lower().startswith(name + "-") and n.endswith((".dist-info", ".egg-info")))
    except OSError:
        return []


def kept(kind: str, parts: tuple[str | bytes, ...], compute: Any, to_plain: Any, from_plain: Any) -> Any:
    """compute(), kept in the tool's cache directory (cache.directory()/`kind`, shared by every
    workspace) under a digest of `parts`, the tool's code and Python's version: a value that is a
    pure function of those. Stored as to_plain(value), marshalled (plain values only: no code runs
    on reading), sealed; read back through from_plain, which raises on anything not of its form.
    A missing, damaged or foreign entry is computed again and rewritten; without a cache, always
    computed."""
    base = directory()
    if base is None:
        return compute()
    digest = hashlib.sha256(b"kept " + kind.encode() + b"\0" + tool_digest() + b"\0" + sys.version.encode())
    for part in parts:
        data = part.encode() if isinstance(part, str) else part
        digest.update(len(data).to_bytes(8, "little") + data)
    folder = base / kind
    path = folder / f"{digest.hexdigest()}.{kind}"
    magic = f"hipdnn-codegen {kind} 1\n".encode()
    usable = private_folder(folder)
    payload = sealed_read(path, magic) if usable else None
    if payload is not None:
        try:
            return from_plain(marshal.loads(payload))
        except Exception:  # noqa: BLE001 - damaged or foreign: computed again
            pass
    value = compute()
    if usable:
        try:
            data = marshal.dumps(to_plain(value))
        except ValueError:
            return value
        sealed_write(path, magic, data)
    return value


def kept_model(kind: str, parts: tuple[str | bytes, ...], compute: Any, expected: type) -> Any:
    """compute(), a pure function of `parts` and the tool's code that returns hipdnn-codegen's own
    objects (a view of a spec, say), kept like kept() but pickled: read back with the unpickler
    that builds only hipdnn-codegen's classes and plain containers, and used only when it is an
    `expected`. A missing, damaged or foreign entry is computed again and rewritten; without a
    cache, always computed."""
    base = directory()
    if base is None:
        return compute()
    digest = hashlib.sha256(b"model " + kind.encode() + b"\0" + VERSION + b"\0" + tool_digest() + b"\0" + _versions())
    for part in parts:
        data = part.encode() if isinstance(part, str) else part
        digest.update(len(data).to_bytes(8, "little") + data)
    folder = base / kind
    path = folder / f"{digest.hexdigest()}.{kind}"
    magic = f"hipdnn-codegen {kind} 1\n".encode()
    usable = private_folder(folder)
    value = _entry(sealed_read(path, magic)) if usable else None
    if isinstance(value, expected):
        return value
    value = compute()
    if usable:
        try:
            sealed_write(path, magic, pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
        except (pickle.PicklingError, TypeError, AttributeError):
            pass
    return value


def versions_text() -> str:
    """Python's version and the installed PyYAML and jsonschema releases, as the keys hold them."""
    return _versions().decode("utf-8", "surrogateescape")


RACY_NS = 2_000_000_000
WORKSPACE_FILE = "workspace.cache"
LEGACY = (".pickle", "fresh-directories")  # the one-file-per-spec layout of earlier versions


_STAT = operator.attrgetter("st_size", "st_mtime_ns", "st_ctime_ns", "st_ino", "st_dev", "st_mode")
Scanned = tuple[str, bool, str]  # stat digest, changed within RACY_NS, listing


def stat_of(info: os.stat_result, now: int) -> tuple[tuple[int, ...], bool]:
    """One file's stat data (size, mtime, ctime, inode, device, mode), and whether it changed
    within RACY_NS of `now` (time.time_ns(); then it is never trusted by its stat data later)."""
    data: tuple[int, ...] = _STAT(info)
    return data, max(data[1], data[2]) > now - RACY_NS


def scan(top: str, listings: dict[str, str] | None = None) -> dict[str, Scanned]:
    """The subdirectories of `top` (generated/), each with a digest of the stat data (size,
    mtime, ctime, inode, device, mode) of itself, its subdirectories and every file below it
    (tool caches left out), whether any changed within RACY_NS, and the listing the digest
    covers (relative paths, NUL-separated). A directory with a known listing (`listings`, kept
    from a run that found it fresh) is not walked: the paths listed are stat'ed, nothing else
    (a file created, removed or renamed below it changes its directory's mtime, which the digest
    covers, so a stale listing only misses; scan_one then lists it again). A missing `top`, or a
    subdirectory without files, has no entry."""
    found: dict[str, Scanned] = {}
    try:
        entries = [e.name for e in os.scandir(top) if e.is_dir(follow_symlinks=False)]
    except OSError:
        return found
    known = listings or {}
    for name in entries:
        listing = known.get(name)
        signed = _signature(top, listing) if listing is not None else None
        if signed is None:
            signed = _walk_one(top, name)
        if signed is not None:
            found[name] = signed
    return found


def scan_one(top: str, name: str) -> Scanned | None:
    """scan()'s entry for one subdirectory of `top`, walked afresh (its listing made again)."""
    return _walk_one(top, name)


def _walk_one(top: str, name: str) -> Scanned | None:
    paths = [name]
    files = 0
    pending = [name]
    try:
        while pending:
            here = pending.pop()
            for item in sorted(os.scandir(os.path.join(top, here)), key=lambda e: e.name):
                path = here + "/" + item.name
                if item.is_dir(follow_symlinks=False):
                    if item.name not in storage.TOOL_CACHES:
                        paths.append(path)
                        pending.append(path)
                    continue
                paths.append(path)
                files += 1
    except OSError:
        return None
    if not files:
        return None
    return _signature(top, "\0".join(paths))


def _signature(top: str, listing: str) -> Scanned | None:
    """The stat digest of the paths `listing` names (relative to `top`), or None
    when one of them is gone. One lstat call per path, the numbers packed in C."""
    import array
    from itertools import chain

    names = listing.split("\0")
    try:
        prefix = top + os.sep
        infos = list(map(os.lstat, [prefix + name for name in names]))
    except (OSError, ValueError):
        return None
    rows = list(chain.from_iterable(map(_STAT, infos)))
    try:
        packed = array.array("q", rows).tobytes()
    except OverflowError:  # an inode or device number past 2**63: spelled out instead
        packed = repr(rows).encode()
    newest = max(max(rows[1::6]), max(rows[2::6]))
    digest = hashlib.sha256(listing.encode("utf-8", "surrogateescape") + b"\0" + packed).hexdigest()
    return digest, newest > time.time_ns() - RACY_NS, listing


def tree_signature(top: Path, keep: Any = None) -> tuple[str, bool, list[str]]:
    """The stat digest of the files below `top` that `keep(relative name)` selects (all when
    None), whether any changed within RACY_NS, and their relative names, sorted."""
    rows: list[str] = []
    names: list[str] = []
    newest = 0
    pending = [(str(top), "")]
    while pending:
        here, prefix = pending.pop()
        try:
            items = list(os.scandir(here))
        except OSError:
            continue
        for item in items:
            name = prefix + item.name
            if item.is_dir(follow_symlinks=False):
                if item.name not in storage.TOOL_CACHES:
                    pending.append((item.path, name + "/"))
                continue
            if keep is not None and not keep(name):
                continue
            try:
                info = item.stat()
            except OSError:
                continue
            newest = max(newest, info.st_mtime_ns, info.st_ctime_ns)
            rows.append(f"{name}\0{info.st_size}\0{info.st_mtime_ns}\0{info.st_ctime_ns}\0{info.st_ino}\0{info.st_dev}\0{info.st_mode}")
            names.append(name)
    rows.sort()
    names.sort()
    return hashlib.sha256("\n".join(rows).encode()).hexdigest(), newest > time.time_ns() - RACY_NS, names


def _entry(data: bytes | None) -> Any | None:
    """An entry's value (hipdnn-codegen's classes and plain containers only), None when it does not unpickle."""
    if data is None:
        return None
    try:
        return _Unpickler(data, model=True).load()
    except Exception:
        return None


def _pickled(table: dict[str, bytes], key: str, value: Any) -> bool:
    """Store `value` pickled under `key`; whether it could be."""
    try:
        table[key] = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, TypeError, AttributeError):
        return False
    return True


class Store:
    """Everything the cache keeps about one workspace, in ONE file (its folder's WORKSPACE_FILE),
    read once per run and written (whole, then renamed into place) only when something in it
    changed:

    - specs: what each spec file (or the registry) loaded to, {key: (model, findings)}, keyed by
      `key()`: a digest of the file's bytes, its shown name, the tool's code and the versions of
      Python, PyYAML and jsonschema; entries the last load did not use are dropped;
    - derived: results computed from several of those (the checks across specs), by a key over
      their keys;
    - verdicts: the directories of generated/ found fresh, {name: (inputs digest, stat digest)},
      and listings: the paths below each that its stat digest covers (scan() stats those
      instead of walking the directory again);
    - trees: digests of file trees (the tool's code, template folders) with their stat digest, so
      a tree whose stat data did not change is not read again;
    - inputs: what each spec file's bytes gave (its load key, git blob hash, modeline) with the
      file's stat digest, so a spec file whose stat data did not change is not read again;
    - summaries: what a spec entry says in brief (op, content digest, ...), plain, so a command
      that needs no more does not unpickle the model;
    - plain: values derived per spec (the records the checks across specs compare), marshalled
      (plain values only: no code runs on reading), by a key like the derived ones.

    The file is sealed (sealed_read: this user's, writable by no one else, header and SHA-256
    checked) and unpickled with an unpickler that builds only hipdnn-codegen's classes and plain
    containers; a damaged, foreign or unreadable file is ignored (everything misses) and rewritten.
    With the cache off (`folder` None) the store starts empty and is never written."""

    MAGIC = b"hipdnn-codegen workspace cache 3\n"
    TABLES = ("specs", "derived", "verdicts", "trees", "listings", "inputs", "summaries", "plain")

    def __init__(self, folder: Path | None):
        self.folder = folder
        self.path = folder / WORKSPACE_FILE if folder is not None else None
        data = self._load()
        # entries stay pickled until used: saving rewrites only what changed, and the file itself
        # unpickles to plain containers (each entry is unpickled, model classes allowed, on use)
        self.specs: dict[str, bytes] = data["specs"]
        self.derived: dict[str, bytes] = data["derived"]
        self.verdicts: dict[str, tuple[str, str]] = data["verdicts"]
        self.trees: dict[str, tuple[str, str]] = data["trees"]
        self.listings: dict[str, str] = data["listings"]
        self.inputs: dict[str, tuple[object, ...]] = data["inputs"]
        self.summaries: dict[str, tuple[object, ...]] = data["summaries"]
        self.plain: dict[str, bytes] = data["plain"]
        self._salt: bytes | None = None
        self._used: set[str] = set()
        self._used_derived: set[str] = set()
        self._used_inputs: set[str] = set()
        self._dirty = False

    @classmethod
    def open(cls, root: Path) -> "Store":
        return cls(folder(root))

    def _load(self) -> dict[str, dict[str, Any]]:
        empty: dict[str, dict[str, Any]] = {table: {} for table in self.TABLES}
        payload = sealed_read(self.path, self.MAGIC) if self.path is not None else None
        if payload is None:
            return empty
        try:
            data = _Unpickler(payload, model=False).load()
        except Exception:  # a sealed payload that still does not unpickle: another version's
            return empty
        if not isinstance(data, dict) or set(data) != set(empty) or not all(isinstance(v, dict) for v in data.values()):
            return empty
        if not all(isinstance(v, bytes) for table in ("specs", "derived", "plain") for v in data[table].values()):
            return empty
        if not all(isinstance(v, tuple) for table in ("inputs", "summaries") for v in data[table].values()):
            return empty
        if not all(isinstance(v, str) for v in data["listings"].values()):
            return empty
        return data

    # specs -----------------------------------------------------------------------------------
    def key(self, *parts: str | bytes) -> str:
        """The key of a load from `parts` (the file's shown name, its bytes, ...)."""
        if self._salt is None:
            self._salt = hashlib.sha256(VERSION + b"\0" + tool_digest(self) + b"\0" + _versions()).digest()
        digest = hashlib.sha256(self._salt)
        for part in parts:
            data = part.encode() if isinstance(part, str) else part
            digest.update(len(data).to_bytes(8, "little") + data)
        return digest.hexdigest()

    def get(self, key: str) -> Any | None:
        self._used.add(key)
        return _entry(self.specs.get(key))

    def put(self, key: str, value: Any) -> None:
        self._used.add(key)
        self._dirty = _pickled(self.specs, key, value) or self._dirty

    def has(self, key: str) -> bool:
        """Whether a spec entry is kept under `key`; it counts as used (prune() keeps it) without
        being unpickled."""
        self._used.add(key)
        return key in self.specs

    def summary(self, key: str) -> tuple[object, ...] | None:
        """The plain summary kept beside the spec entry under `key` (None when there is none)."""
        return self.summaries.get(key)

    def put_summary(self, key: str, value: tuple[object, ...]) -> None:
        if self.summaries.get(key) != value:
            self.summaries[key] = value
            self._dirty = True

    def input(self, label: str, stat: object) -> tuple[object, ...] | None:
        """What a file read under `label` gave, kept while its stat digest is `stat`; None when
        the store saw other stat data (or none)."""
        self._used_inputs.add(label)
        known = self.inputs.get(label)
        return known[1:] if known is not None and known[:1] == (stat,) else None

    def remember_input(self, label: str, stat: object, value: tuple[object, ...]) -> None:
        self._used_inputs.add(label)
        if self.inputs.get(label) != (stat, *value):
            self.inputs[label] = (stat, *value)
            self._dirty = True

    def get_plain(self, key: str) -> Any | None:
        """A marshalled value kept under `key` (plain values only; None when missing or damaged)."""
        self._used_derived.add(key)
        data = self.plain.get(key)
        if data is None:
            return None
        try:
            return marshal.loads(data)
        except (EOFError, ValueError, TypeError):
            return None

    def put_plain(self, key: str, value: Any) -> None:
        self._used_derived.add(key)
        try:
            data = marshal.dumps(value)
        except ValueError:
            return
        if self.plain.get(key) != data:
            self.plain[key] = data
            self._dirty = True

    def get_derived(self, key: str) -> Any | None:
        self._used_derived.add(key)
        return _entry(self.derived.get(key))

    def keep_derived(self, keys: Iterable[str]) -> None:
        """Keep these derived entries (when there are) through prune() without reading them."""
        self._used_derived.update(keys)

    def put_derived(self, key: str, value: Any) -> None:
        self._used_derived.add(key)
        self._dirty = _pickled(self.derived, key, value) or self._dirty

    def prune(self) -> None:
        """Drop every spec, summary, derived, plain and input entry this load did not use."""
        tables: tuple[tuple[dict[str, Any], set[str]], ...] = (
            (self.specs, self._used), (self.summaries, self._used), (self.derived, self._used_derived), (self.plain, self._used_derived), (self.inputs, self._used_inputs),
        )
        for table, used in tables:
            for key in set(table) - used:
                del table[key]
                self._dirty = True

    # generated directories -------------------------------------------------------------------
    def fresh(self, name: str, inputs: str, stat: str) -> bool:
        return self.verdicts.get(name) == (inputs, stat)

    def remember(self, name: str, inputs: str, stat: str, listing: str) -> None:
        if self.verdicts.get(name) != (inputs, stat) or self.listings.get(name) != listing:
            self.verdicts[name] = (inputs, stat)
            self.listings[name] = listing
            self._dirty = True

    def forget_others(self, names: set[str]) -> None:
        for name in (set(self.verdicts) | set(self.listings)) - names:
            self.verdicts.pop(name, None)
            self.listings.pop(name, None)
            self._dirty = True

    # file trees ------------------------------------------------------------------------------
    def tree(self, label: str, stat: str) -> str | None:
        known = self.trees.get(label)
        return known[1] if known is not None and known[0] == stat else None

    def remember_tree(self, label: str, stat: str, digest: str) -> None:
        if self.trees.get(label) != (stat, digest):
            self.trees[label] = (stat, digest)
            self._dirty = True

    def save(self) -> None:
        """Write the file when anything changed (and sweep what earlier versions left)."""
        if not self._dirty or self.folder is None or self.path is None or not private_folder(self.folder):
            return
        data = {table: getattr(self, table) for table in self.TABLES}
        try:
            payload = pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL)
        except (pickle.PicklingError, TypeError, AttributeError):
            return
        sealed_write(self.path, self.MAGIC, payload)
        self._dirty = False
        try:
            names = os.listdir(self.folder)
        except OSError:
            return
        for name in names:
            if name.endswith(LEGACY) or (name.startswith(".") and name.endswith(".tmp") and not name.startswith(f".{WORKSPACE_FILE}.{os.getpid()}")):
                try:
                    os.unlink(self.folder / name)
                except OSError:
                    pass
