"""`check`'s last verdict, replayed while nothing it read has changed.

A plain `check` (no --fix, --against or checkout) is a function of the files it reads (op_specs/,
generated/, the workspace's templates/, the tool's own code and templates, and any schema file an
editor modeline names outside op_specs/), of what git HEAD holds of op_specs/ (who is a newcomer),
and of how it was asked (options, settings, current directory, colour, Python and library
versions, the tool's environment variables). `fingerprint` digests all of that from stat data
alone (size, mtime, ctime, inode, device, mode of every file, as the freshness verdicts do) plus
one `git ls-tree`; when the digest equals one a previous run stored, that run's exit code, stdout
and stderr are written again without loading a spec, importing the model or rendering anything.

Safety, as for the other cache entries: a verdict is stored only when no file it digests changed
within cache.RACY_NS of the run's start (a same-tick edit could hide behind an unchanged mtime;
ctime cannot be set back by hand), the stat data is taken before the run reads anything, and the
entries live in the sealed per-workspace cache folder (this user's, written whole, SHA-256
checked; marshalled plain values only, anything else is a miss).
"""

from __future__ import annotations

import hashlib
import marshal
import os
import stat
import sys
import time
from pathlib import Path
from typing import Any, Iterable, TextIO

from codegen.plumbing import cache, storage

GENERATED_DIR, SPEC_DIR, TEMPLATE_DIR = "generated", "op_specs", "templates"  # as workspace and families name them (importing those costs more than a replay)
FILE = "check.verdicts"
MAGIC = b"hipdnn-codegen check verdicts 1\n"
KEEP = 8  # verdicts kept per workspace (a few formats / directories in turn)
# git variables that move the repository, its objects or its refs: with any of them set, git is asked
GIT_LOCATING = frozenset({"GIT_DIR", "GIT_WORK_TREE", "GIT_COMMON_DIR", "GIT_CEILING_DIRECTORIES", "GIT_DISCOVERY_ACROSS_FILESYSTEM", "GIT_NAMESPACE",
                          "GIT_OBJECT_DIRECTORY", "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_REPLACE_REF_BASE", "GIT_NO_REPLACE_OBJECTS"})
ENVIRONMENT = ("NO_COLOR", "FORCE_COLOR", "TERM", "LANG", "LC_ALL", "PYTHONHASHSEED")


def _walk(top: str, digest: Any, newest: list[int]) -> None:
    """Feed the stat data of every file below `top` (tool caches left out) into `digest`, in
    directory order (an unchanged directory lists in the same order; any other order only
    misses). A missing `top` feeds a marker."""
    pending = [top]
    while pending:
        here = pending.pop()
        try:
            items = list(os.scandir(here))
        except OSError:
            digest.update(b"\0missing " + os.fsencode(here))
            continue
        rows: list[tuple[object, ...]] = []
        for item in items:
            if item.is_dir(follow_symlinks=False):
                if item.name not in storage.TOOL_CACHES:
                    pending.append(item.path)
                    rows.append((item.name, -1))
                continue
            try:
                info = item.stat(follow_symlinks=False)
            except OSError:
                rows.append((item.name, -2))
                continue
            mtime, ctime = info.st_mtime_ns, info.st_ctime_ns
            if ctime > newest[0] or mtime > newest[0]:
                newest[0] = max(mtime, ctime)
            rows.append((item.name, info.st_size, mtime, ctime, info.st_ino, info.st_dev, info.st_mode))
        digest.update(os.fsencode(here) + b"\0" + repr(rows).encode("utf-8", "surrogateescape") + b"\n")


def _head_commit(start: Path) -> bytes | None:
    """The commit git HEAD names for the repository holding `start`, read off git's own files
    (HEAD, the branch's ref or packed-refs), as `git rev-parse HEAD` would find it; None whenever
    anything is out of the ordinary (GIT_* variables, a filesystem boundary, another owner, a
    reftable, an unborn branch): then git itself is asked."""
    if any(name in GIT_LOCATING or name.startswith("GIT_CONFIG") for name in os.environ):
        return None
    here = start
    try:
        device = os.stat(here).st_dev
        while True:
            dotgit = here / ".git"
            try:
                info = os.stat(dotgit)
                break
            except FileNotFoundError:
                pass
            if here.parent == here:
                return None
            here = here.parent
            if os.stat(here).st_dev != device:  # git stops at a filesystem boundary
                return None
        if info.st_uid != os.getuid():  # git's safe.directory check decides
            return None
        if stat.S_ISDIR(info.st_mode):
            gitdir = dotgit
        else:
            pointer = dotgit.read_bytes()
            if not pointer.startswith(b"gitdir: "):
                return None
            gitdir = here / os.fsdecode(pointer[len(b"gitdir: ") :].strip())
        common = gitdir
        if (gitdir / "commondir").is_file():
            common = gitdir / os.fsdecode((gitdir / "commondir").read_bytes().strip())
        if (common / "reftable").exists() or (common / "refs" / "replace").exists():
            return None
        head = (gitdir / "HEAD").read_bytes().strip()
        if head.startswith(b"ref: "):
            ref = head[len(b"ref: ") :].strip()
            if not ref.startswith(b"refs/heads/") or b".." in ref:
                return None
            try:
                commit = (common / os.fsdecode(ref)).read_bytes().strip()
            except FileNotFoundError:
                commit = b""
                try:
                    packed = (common / "packed-refs").read_bytes()
                except FileNotFoundError:
                    return None
                for line in packed.splitlines():
                    if line.endswith(b" " + ref):
                        commit = line.split(b" ", 1)[0]
                        break
        else:
            commit = head
    except OSError:
        return None
    if len(commit) not in (40, 64) or commit.strip(b"0123456789abcdef"):
        return None
    return b"commit " + commit + b" " + os.fsencode(here)


def _git_view(spec_dir: Path) -> bytes:
    """What git HEAD holds of op_specs/ (the newcomers depend on it): HEAD's commit when git's
    files say it plainly, else what `git ls-tree` lists; a marker without git."""
    commit = _head_commit(spec_dir)
    if commit is not None:
        return commit
    import subprocess

    try:
        proc = subprocess.run(["git", "-C", str(spec_dir), "ls-tree", "HEAD", "--", "."], capture_output=True, check=False, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return b"\0no git"
    return b"%d\0" % proc.returncode + proc.stdout


def fingerprint(root: Path, how: Iterable[str], also: Iterable[str] = (), since: int | None = None) -> tuple[str, bool]:
    """The digest of everything a plain `check` of the workspace at `root` reads, asked `how`
    (options, settings), and whether any file in it changed within cache.RACY_NS of `since`
    (default: now; then the verdict must not be stored). `also` names further files (modeline
    targets outside op_specs/) to digest."""
    start = time.time_ns() if since is None else since
    digest = hashlib.sha256()
    for part in (*how, os.getcwd(), sys.version, sys.executable, cache.versions_text()):
        digest.update(part.encode("utf-8", "surrogateescape") + b"\0")
    for name in sorted(os.environ):
        if name.startswith(("HIPDNN_CODEGEN", "GIT_")) or name in ENVIRONMENT:
            digest.update(f"{name}={os.environ[name]}\0".encode("utf-8", "surrogateescape"))
    digest.update(b"tty %d %d\0" % (_tty(sys.stdout), _tty(sys.stderr)))
    newest = [0]
    package = Path(__file__).resolve().parent.parent
    for top in (package, _builtin_templates(package), root / TEMPLATE_DIR, root / SPEC_DIR, root / GENERATED_DIR):
        _walk(str(top), digest, newest)
    for name in sorted(set(also)):
        try:
            info = os.stat(name)
            digest.update(f"{name}\0{info.st_size}\0{info.st_mtime_ns}\0{info.st_ctime_ns}\0{info.st_ino}\0{info.st_mode}\n".encode("utf-8", "surrogateescape"))
            newest[0] = max(newest[0], info.st_mtime_ns, info.st_ctime_ns)
        except OSError:
            digest.update(f"{name}\0missing\n".encode("utf-8", "surrogateescape"))
    digest.update(_git_view(root / SPEC_DIR))
    return digest.hexdigest(), newest[0] > start - cache.RACY_NS


def _builtin_templates(package: Path) -> Path:
    """codegen.families.builtin_templates() without importing the families (their classes cost
    more to build than this whole replay): codegen/_templates/ when installed, else templates/
    beside the package."""
    packaged = package / "_templates"
    return packaged if packaged.is_dir() else package.parent / "templates"


def _tty(stream: object) -> bool:
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def _path(root: Path) -> Path | None:
    folder = cache.folder(root)
    return folder / FILE if folder is not None else None


def _entries(root: Path) -> list[tuple[str, int, str, str, tuple[str, ...]]]:
    """The stored verdicts, newest first: (fingerprint, exit code, stdout, stderr, modeline
    targets); [] when the file is missing, damaged, foreign or not of this form."""
    path = _path(root)
    payload = cache.sealed_read(path, MAGIC) if path is not None else None
    if payload is None:
        return []
    try:
        data = marshal.loads(payload)
    except (EOFError, ValueError, TypeError):
        return []
    if not isinstance(data, list):
        return []
    good = []
    for entry in data:
        if (
            isinstance(entry, tuple)
            and len(entry) == 5
            and isinstance(entry[0], str)
            and type(entry[1]) is int
            and isinstance(entry[2], str)
            and isinstance(entry[3], str)
            and isinstance(entry[4], tuple)
            and all(isinstance(t, str) for t in entry[4])
        ):
            good.append(entry)
    return good


def replay(root: Path, how: list[str]) -> tuple[int | None, str, bool, list[str]]:
    """The exit code of the stored verdict for this run, its output already written; else None,
    the run's fingerprint (taken before it reads anything), whether it is too recent to store,
    and the modeline targets it covers (those every stored verdict named)."""
    if _path(root) is None:  # no cache: nothing to replay, nothing stored
        return None, "", True, []
    known = _entries(root)
    targets = sorted({t for entry in known for t in entry[4]})
    key, racy = fingerprint(root, how, targets)
    for entry in known:
        if entry[0] == key:
            if entry[2]:
                sys.stdout.write(entry[2])
            if entry[3]:
                sys.stderr.write(entry[3])
            return entry[1], key, racy, targets
    return None, key, racy, targets


def store(root: Path, how: list[str], key: str, since: int, targets: list[str], code: int, out: str, err: str, read: Iterable[str]) -> None:
    """Remember a run's verdict. `key` covers `targets`; when the run read a file outside
    op_specs/ that they miss (a new modeline target), the key is taken again over both, with
    anything changed since the run started (`since`) making it too recent to store."""
    path = _path(root)
    if path is None or not cache.private_folder(path.parent):
        return
    mine = tuple(sorted(set(read)))
    if not set(mine) <= set(targets):
        key, racy = fingerprint(root, how, [*targets, *mine], since)
        if racy:
            return
    kept = [e for e in _entries(root) if e[0] != key][: KEEP - 1]
    cache.sealed_write(path, MAGIC, marshal.dumps([(key, code, out, err, tuple(sorted({*targets, *mine}))), *kept]))


class Tee:
    """A stream that passes everything on and keeps a copy (what a verdict replays)."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.kept: list[str] = []

    def write(self, text: str) -> int:
        self.kept.append(text)
        return self.stream.write(text)

    def text(self) -> str:
        return "".join(self.kept)

    def __getattr__(self, name: str) -> object:
        return getattr(self.stream, name)
