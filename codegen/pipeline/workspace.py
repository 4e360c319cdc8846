"""Where specs, templates and generated files live, and loading every spec of a workspace."""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import os
import re
import stat as stat_module
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Callable, NamedTuple, Sequence, TypeVar

from codegen.plumbing import cache, storage
from codegen.families import TEMPLATE_DIR, builtin_templates
from codegen.spec import model, registry
from codegen.diagnostics import rules
from codegen.diagnostics.diagnostics import Diagnostic, Fix, Loc, SpecError, UsageError  # noqa: F401 - UsageError: where commands take it from
from codegen.spec.model import OpSpec
from codegen.spec.registry import Registry
if TYPE_CHECKING:  # the checks and the YAML parser are imported when a spec is loaded, not taken from the cache
    from codegen.spec.yaml_loader import Document, Path as DocPath

SPEC_DIR = "op_specs"
GENERATED_DIR = "generated"


def _overrides_any(own: Path, builtin: Path) -> bool:
    """Whether a workspace's templates/ holds a file that is not a byte-identical copy of the
    built-in one of the same name (a copy changes nothing, e.g. this repository's templates/ when
    an installed copy of the tool runs in it)."""
    for path in own.rglob("*"):
        if path.is_file() and "__pycache__" not in path.parts:
            twin = builtin / path.relative_to(own)
            if not twin.is_file() or twin.read_bytes() != path.read_bytes():
                return True
    return False


class Summary(NamedTuple):
    """What the staleness pass and the command line need of a loaded spec, kept plain in the cache
    beside its model, so a command that needs no more never builds (unpickles) the model."""

    op: str
    content: str  # OpSpec.content: the digest of what the spec says
    reference: str | None  # the name of its CPU reference (OpSpec.reference.python)
    complete: bool  # no damage: generated from (else one of Workspace.partial)
    findings: bool  # its load gave findings (kept in the cache apart from the model: unpickled without it)

    @classmethod
    def of(cls, spec: OpSpec, findings: bool) -> "Summary":
        return cls(spec.op, spec.content, spec.reference.python if spec.reference is not None else None, spec.damage is None, findings)

    @classmethod
    def plain(cls, value: object) -> "Summary | None":
        """A summary from the cache's plain tuple; None when it is not of that form."""
        if not (isinstance(value, tuple) and len(value) == 5):
            return None
        op, content, reference, complete, findings = value
        if type(op) is str and type(content) is str and (reference is None or type(reference) is str) and type(complete) is bool and type(findings) is bool:
            return cls(op, content, reference, complete, findings)
        return None


class SpecFile(NamedTuple):
    """What a spec file's bytes give the load besides the model: the cache key of its load, its
    git blob hash (newcomers) and its editor modeline (target, line, column; ("", 0, 0) when it
    has none). Kept in the cache by the file's stat data, so an unchanged file is not read."""

    key: str
    blob: str
    modeline: tuple[str, int, int]

    @classmethod
    def plain(cls, value: tuple[object, ...] | None) -> "SpecFile | None":
        if value is None or len(value) != 5:
            return None
        key, blob, target, line, col = value
        if isinstance(key, str) and isinstance(blob, str) and isinstance(target, str) and isinstance(line, int) and isinstance(col, int):
            return cls(key, blob, (target, line, col))
        return None

    def flat(self) -> tuple[object, ...]:
        return (self.key, self.blob, *self.modeline)


@dataclass
class Workspace:
    """A loaded workspace. Specs are known by their summaries; each full model (OpSpec) is built
    on first use (`specs`, `partial`, `spec(op)`, `model(op)`) from the cache or the file."""

    root: Path
    summaries: list[Summary] = field(default_factory=list)  # every spec loaded to a model, complete or partial, in load order
    registry: Registry | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    sources: dict[str, bytes] = field(default_factory=dict)  # op id -> its spec file's bytes, for the files read (not those trusted by stat)
    registry_source: bytes = b""
    store: cache.Store | None = field(default=None, repr=False, compare=False)  # the cache it was loaded with
    read_elsewhere: list[str] = field(default_factory=list, repr=False, compare=False)  # files read outside op_specs/ (modeline targets)
    keys: dict[str, str] = field(default_factory=dict, repr=False, compare=False)  # op id -> the cache key of its model's entry
    models: dict[str, OpSpec] = field(default_factory=dict, repr=False, compare=False)  # the models built so far
    _by_op: dict[str, Summary] = field(default_factory=dict, repr=False, compare=False)

    @property
    def specs(self) -> list[OpSpec]:
        """The complete models (the ones generated from), in load order: every one built."""
        return [self.model(s.op) for s in self.summaries if s.complete]

    @property
    def partial(self) -> list[OpSpec]:
        """Specs the schema rejected in part (model.Damage)."""
        return [self.model(s.op) for s in self.summaries if not s.complete]

    @property
    def complete(self) -> list[Summary]:
        """The summaries of the complete specs, in load order (no model built)."""
        return [s for s in self.summaries if s.complete]

    def model(self, op: str) -> OpSpec:
        """The model of a loaded spec: from the cache entry its load left, else loaded again from
        its file (an entry that no longer unpickles)."""
        found = self.models.get(op)
        if found is None:
            entry = self.store.get(self.keys[op]) if self.store is not None and op in self.keys else None
            if isinstance(entry, tuple) and len(entry) == 2 and isinstance(entry[0], OpSpec) and entry[0].op == op:
                found = entry[0]
            else:
                found = self._reload(op)
            self.models[op] = found
        return found

    def _reload(self, op: str) -> OpSpec:
        path = self.spec_path(op)
        shown = self.display(path)
        raw = self.sources.get(op)
        if raw is None:
            raw, _ = read_file(self, path, shown=shown)
        spec = load_spec(shown, op, raw)[0] if raw is not None else None
        if spec is None or spec.content != next(s.content for s in self.summaries if s.op == op):  # the file changed since
            raise UsageError(f"{shown} changed while it was being loaded; run the command again")
        return spec

    @property
    def spec_dir(self) -> Path:
        return self.root / SPEC_DIR

    @property
    def generated_dir(self) -> Path:
        return self.root / GENERATED_DIR

    @property
    def template_dirs(self) -> list[Path]:
        """Template search path: the workspace's own templates/ (any subset) before the built-in ones.
        The built-ins themselves (this repository's templates/, run from the source tree) or an
        identical copy of them are no override: the search path, stamps and sandboxing are then
        exactly those of a workspace without templates/."""
        own, builtin = self.root / TEMPLATE_DIR, builtin_templates()
        if own.is_dir() and own.resolve() != builtin.resolve() and _overrides_any(own, builtin):
            return [own, builtin]
        return [builtin]

    def template_file(self, name: str) -> Path:
        """The file a template or style name resolves to on the search path."""
        return next((d / name for d in self.template_dirs if (d / name).is_file()), self.template_dirs[-1] / name)

    def display(self, path: Path) -> str:
        """Paths in diagnostics are relative to the current directory when possible."""
        try:
            return os.path.relpath(path)
        except ValueError:  # another drive on Windows
            return str(path)

    def spec_path(self, op: str) -> Path:
        return self.spec_dir / f"{op}.yaml"

    def spec(self, op: str) -> OpSpec | None:
        """The complete model of `op`, None when no complete spec has that id."""
        if len(self._by_op) != len(self.summaries):  # summaries are only ever added
            self._by_op = {s.op: s for s in self.summaries}
        found = self._by_op.get(op)
        return self.model(op) if found is not None and found.complete else None


NOT_SPECS = frozenset({registry.REGISTRY_FILE, "waivers.yaml"})


def _utf8(name: str) -> bool:
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _not_utf8(ws: Workspace, path: Path) -> Diagnostic:
    """A spec whose name the file system holds as raw bytes: no op id, so never loaded (shown
    with its bytes escaped, the only way to print it)."""
    shown = os.fsencode(ws.display(path)).decode("utf-8", "backslashreplace")
    return rules.SPEC_OP_NAME(Loc(shown), "the file name is not UTF-8 text, so it is no op id; rename the file")


def spec_files(root: Path) -> list[Path]:
    return sorted(p for p in (root / SPEC_DIR).glob("*.yaml") if p.name not in NOT_SPECS)


def blob_hash(raw: bytes) -> str:
    """git's object id of a file's bytes (a blob)."""
    return hashlib.sha1(b"blob %d\0" % len(raw) + raw).hexdigest()


def fresh_ops(root: Path, blobs: dict[str, str], base: str = "HEAD") -> frozenset[str] | None:
    """The ops whose spec is new or differs from the one committed at `base`, by blob hash
    ({op: blob_hash(its bytes)}; one `git ls-tree` call, no checkout). None when `root` is not
    in a git work tree or `base` is not a revision: then nobody is a newcomer."""
    try:
        proc = subprocess.run(
            ["git", "-C", str(root / SPEC_DIR), "ls-tree", base, "--", "."],
            capture_output=True,
            check=False,
            timeout=30,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    if proc.returncode != 0:
        return None
    committed: dict[str, str] = {}
    for line in proc.stdout.decode("utf-8", "replace").splitlines():
        meta, _, name = line.partition("\t")
        parts = meta.split()
        if len(parts) == 3 and parts[1] == "blob" and name.endswith(".yaml"):
            committed[name[: -len(".yaml")]] = parts[2]
    return frozenset(op for op, blob in blobs.items() if committed.get(op) != blob)


def _facts(store: cache.Store, shown: str, op: str, raw: bytes) -> SpecFile:
    return SpecFile(store.key(shown, op, raw), blob_hash(raw), modeline_of(raw))


def _spec_file(ws: Workspace, store: cache.Store, path: Path, verified: set[str], shown: str, trusted: bool, now: int) -> tuple[SpecFile | None, list[Diagnostic]]:
    """What a spec file gives the load. A regular file (not a link) within the size limit, in a
    `trusted` op_specs/ (guarded: reached without links), whose stat data (size, mtime, ctime,
    inode, device, mode) is what the store saw when it last read it and did not change within
    cache.RACY_NS of `now`, is not read again: the store's facts stand. Any other is read through
    read_file (its guard and findings) and, when settled, remembered."""
    label = stat = None
    if trusted:
        try:
            info: os.stat_result | None = os.lstat(path)
        except (OSError, ValueError):
            info = None
        if info is not None and stat_module.S_ISREG(info.st_mode) and info.st_size <= storage.MAX_SPEC_BYTES:
            stat, racy = cache.stat_of(info, now)
            if not racy:
                label = f"spec file\0{shown}\0{os.fsdecode(path)}"  # the load key it holds is the tool's: another tool's is no entry
                known = SpecFile.plain(store.input(label, stat))
                if known is not None:
                    return known, []
    data, problems = read_file(ws, path, verified, shown)
    if data is None:
        return None, problems
    ws.sources[path.stem] = data
    facts = _facts(store, shown, path.stem, data)
    if label is not None and stat is not None:
        store.remember_input(label, stat, facts.flat())
    return facts, problems


def _shown_below(ws: Workspace, directory: Path) -> Callable[[str], str]:
    """ws.display(directory / name) for the names in one directory, its relative path found once."""
    try:
        prefix = os.path.relpath(directory)
    except ValueError:
        return lambda name: str(directory / name)
    return (lambda name: name) if prefix == os.curdir else (lambda name: prefix + os.sep + name)


def load(root: Path, base: str = "HEAD", new_specs: dict[str, bytes] | None = None, new_registry: bytes | None = None) -> Workspace:
    """Read, validate and model every spec and the registry; gather all findings.

    Clashes between a spec that is new or changed since `base` and one that is not are blamed on
    the newcomer. `new_specs` (op id -> YAML) are specs not written yet, loaded as if they were;
    `new_registry` likewise the registry's text. A spec the cache holds is known by its summary:
    its model is built when something asks for it (Workspace.model)."""
    ws = Workspace(root)
    store = cache.Store.open(root)
    ws.store = store
    files: dict[str, SpecFile] = {}  # op -> its file's facts, in load order
    problems: list[Diagnostic]
    for op, raw in sorted((new_specs or {}).items()):
        ws.sources[op] = raw
        files[op] = _facts(store, ws.display(ws.spec_path(op)), op, raw)
    verified: set[str] = set()  # op_specs/ is checked for links once, not once per spec
    try:
        storage.guard(root, SPEC_DIR, file=False, verified=verified)
        trusted = True
    except storage.StorageError:
        trusted = False  # every spec is read through read_file, which says why
    shown_as = _shown_below(ws, ws.spec_dir)
    now = time.time_ns()
    for path in spec_files(root):
        if path.stem in files:
            continue
        if not _utf8(path.name):
            ws.diagnostics.append(_not_utf8(ws, path))
            continue
        facts, problems = _spec_file(ws, store, path, verified, shown_as(path.name), trusted, now)
        ws.diagnostics.extend(problems)
        if facts is not None:
            files[path.stem] = facts
    known: dict[str, tuple[Summary, list[Diagnostic]]] = {}  # op -> what the cache says of its load
    jobs: list[tuple[str, str, bytes]] = []
    for op, facts in list(files.items()):
        cached = Summary.plain(store.summary(facts.key)) if store.has(facts.key) else None
        if cached is not None and cached.op == op and not cached.findings:
            known[op] = cached, []
            continue
        if cached is not None and cached.op == op:  # its findings are kept apart from its model
            found = store.get_derived(f"findings {facts.key}")
            if isinstance(found, list) and all(isinstance(d, Diagnostic) for d in found):
                known[op] = cached, found
                continue
        if op not in ws.sources:  # trusted by its stat data, but its model's entry is gone: read after all
            path = ws.spec_path(op)
            data, problems = read_file(ws, path, verified)
            if data is None:  # it went away meanwhile: what reading it first would have said
                ws.diagnostics.extend(problems)
                del files[op]
                continue
            ws.sources[op] = data
            files[op] = _facts(store, ws.display(path), op, data)
        jobs.append((ws.display(ws.spec_path(op)), op, ws.sources[op]))
    keys = [facts.key for facts in files.values()]
    loaded, _ = _through_cache(store, load_spec, jobs)
    fresh = {job[1]: result for job, result in zip(jobs, loaded)}
    spec_keys: dict[str, str] = {}  # op -> the cache key of its spec's load
    for op, facts in files.items():
        summary: Summary | None
        if op in known:
            summary, problems = known[op]
        else:
            spec, problems = fresh[op]
            summary = Summary.of(spec, bool(problems)) if spec is not None else None
            if spec is not None and summary is not None:
                store.put_summary(facts.key, tuple(summary))
                ws.models[op] = spec
                if problems:
                    store.put_derived(f"findings {facts.key}", problems)
        ws.diagnostics.extend(problems)
        if summary is not None:
            ws.summaries.append(summary)
            ws.keys[op] = facts.key
            spec_keys[op] = facts.key
    for path in sorted((root / SPEC_DIR).glob("*.yml")):  # an editor's default: never skipped silently
        if not _utf8(path.name):
            ws.diagnostics.append(_not_utf8(ws, path))
            continue
        twin = path.with_suffix(".yaml")
        also = f"; {twin.name} exists too, so one of them is stale" if twin.exists() else ""
        ws.diagnostics.append(
            rules.SPEC_OP_NAME(Loc(ws.display(path)), f"spec files end in .yaml: rename {path.name} to {twin.name}{also}", fix=Fix(f"rename {path.name} to {twin.name}"))
        )
    registry_path = root / SPEC_DIR / registry.REGISTRY_FILE
    registry_keys: list[str] = []
    if new_registry is not None or registry_path.exists() or registry_path.is_symlink():
        data, problems = (new_registry, []) if new_registry is not None else read_file(ws, registry_path)
        if data is not None:
            ws.registry_source = data
            [(ws.registry, problems)], registry_keys = _through_cache(store, load_registry, [(ws.display(registry_path), data)])
            keys += ["registry", *registry_keys]
        ws.diagnostics.extend(problems)
    for op, facts in sorted(files.items()):  # the modeline from the facts; the schema file beside the spec is read every time
        if facts.modeline[1]:
            ws.diagnostics.extend(modeline_findings(ws, ws.spec_path(op), facts.modeline, registry=False))
    if ws.registry_source:
        ws.diagnostics.extend(check_modeline(ws, registry_path, ws.registry_source, registry=True))
    newcomers = fresh_ops(root, {op: facts.blob for op, facts in files.items()}, base)
    ws.diagnostics.extend(_collisions(store, ws, keys, newcomers, spec_keys, registry_keys))
    store.prune()
    store.save()
    return ws


def _collisions(
    store: cache.Store, ws: Workspace, keys: list[str], newcomers: frozenset[str] | None, spec_keys: dict[str, str], registry_keys: list[str]
) -> list[Diagnostic]:
    """The checks across specs: a function of the loaded specs and registry (named by their cache
    keys), of the newcomers and of the surfaces skipped, so the last result is reused while none
    of them changed. When one did, each spec's record (collisions.Record: the numbers and names
    it claims, plain, kept by its key and the registry's; only a changed spec's is made again,
    from its model) tells without any other model whether the full pass could find anything;
    only when it could does the full pass run, over every model, with what each unchanged spec
    contributes to it (its generated names, the costly part) from a per-spec index."""
    from codegen import families

    skipped = "\0".join(families.skipped_surfaces())
    key = store.key("collisions", *keys, "newcomers", "\0".join(sorted(newcomers)) if newcomers is not None else "\1", "skipped", skipped)
    # keys of per-spec entries: a spec's key (a salted digest already) and a digest of what else they depend on
    names_of_skipped = store.key("skipped", skipped)
    also = store.key("skipped", skipped, "registry", *registry_keys)
    entries = {op: f"generated names {spec_key} {names_of_skipped}" for op, spec_key in spec_keys.items()}
    kept = {op: f"collision record {spec_key} {also}" for op, spec_key in spec_keys.items()}
    found = store.get_derived(key)
    if isinstance(found, list):
        store.keep_derived([*entries.values(), *kept.values()])  # the index and records outlive a run that did not need them
        return found
    from codegen.checks import collisions

    index: dict[str, tuple[str, ...]] = {}

    def names_of(spec: OpSpec) -> tuple[str, ...]:
        """The spec's generated names from the index, derived (and kept) when it has none."""
        if spec.op not in index:
            names = store.get_derived(entries[spec.op])
            if not (isinstance(names, tuple) and all(isinstance(n, str) for n in names)):
                names = collisions.folded_names(spec)
                store.put_derived(entries[spec.op], names)
            index[spec.op] = names
        return index[spec.op]

    records = []
    for summary in [*ws.complete, *(s for s in ws.summaries if not s.complete)]:
        made = collisions.Record.plain(store.get_plain(kept[summary.op]))
        if made is None or made.op != summary.op:
            spec = ws.model(summary.op)
            made = collisions.record(spec, ws.registry, names_of(spec))
            store.put_plain(kept[summary.op], tuple(made))
        records.append(made)
    if collisions.clean(records, ws.registry):
        store.keep_derived(entries.values())
        found = []
    else:
        everyone = [*ws.specs, *ws.partial]
        found = list(collisions.check(everyone, ws.registry, newcomers, {spec.op: names_of(spec) for spec in everyone}))
    store.put_derived(key, found)
    return found


MODELINE = re.compile(rb"^#[ \t]*yaml-language-server:[ \t]*\$schema=(\S*)", re.MULTILINE)
SPEC_SCHEMA, REGISTRY_SCHEMA = "op_spec.schema.json", "registry.schema.json"  # the copies add-op keeps in op_specs/


@functools.cache
def tool_schema(registry: bool = False) -> bytes:
    """The JSON schema the tool validates specs (or the registry) with, as shipped."""
    from codegen.spec import schema

    return (Path(schema.__file__).parent / (REGISTRY_SCHEMA if registry else SPEC_SCHEMA)).read_bytes()  # a regular package, in a wheel too


def modeline_of(raw: bytes) -> tuple[str, int, int]:
    """A file's editor modeline: the schema it names, its line and the column the name starts at;
    ("", 0, 0) when the file has none."""
    found = MODELINE.search(raw)
    if found is None:
        return "", 0, 0
    return found.group(1).decode("utf-8", "replace"), raw.count(b"\n", 0, found.start()) + 1, found.start(1) - found.start() + 1


def check_modeline(ws: Workspace, path: Path, raw: bytes, registry: bool) -> list[Diagnostic]:
    """SPEC-MODELINE: a file's editor modeline, when it has one, must name a schema file that exists
    beside it (resolved from its directory) and is identical to the tool's."""
    return modeline_findings(ws, path, modeline_of(raw), registry)


def modeline_findings(ws: Workspace, path: Path, modeline: tuple[str, int, int], registry: bool) -> list[Diagnostic]:
    """check_modeline's findings for a modeline found earlier (modeline_of): the schema file it
    names is looked at now, whatever the cache knows of the spec."""
    target, line, col = modeline
    if not line:
        return []
    loc = Loc(ws.display(path), line, col, line, col + len(target))
    name = REGISTRY_SCHEMA if registry else SPEC_SCHEMA
    flag = " --registry" if registry else ""
    copy = ws.display(path.parent / name)
    write = f"hipdnn-codegen schema{flag} --write {copy}"
    kind = "registry" if registry else "op spec"
    if not target or "://" in target:
        what = "no path" if not target else f"the URL {target}"
        return [rules.SPEC_MODELINE(loc, f"the editor modeline names {what}; name {name}, the copy of the {kind} schema kept beside the specs ({write} writes it)",
                                    fix=Fix(f"name {name} (and run {write})", replacement=name))]
    resolved = path.parent / target
    if resolved.parent != ws.spec_dir:  # what a replayed verdict must watch too (codegen.pipeline.verdict)
        ws.read_elsewhere.append(str(resolved))
    try:
        text = resolved.read_bytes() if resolved.is_file() else None
    except OSError:
        text = None
    if text is None:
        if target == name:
            return [rules.SPEC_MODELINE(loc, f"the editor modeline names {target}, which does not exist beside the file; run: {write}", fix=Fix(f"run {write}", command=write))]
        vendored = " (a workspace vendored without the tool has no ../codegen/)" if "codegen/" in target else ""
        return [rules.SPEC_MODELINE(loc, f"the editor modeline names {target}, which does not exist from the file's directory{vendored}; name {name}, the copy kept beside the specs",
                                    fix=Fix(f"name {name} (and run {write} if it is missing)", replacement=name))]
    if text != tool_schema(registry):
        shown = ws.display(resolved)
        rewrite = f"hipdnn-codegen schema{flag} --write {shown}"
        return [rules.SPEC_MODELINE(loc, f"the editor modeline names {target}, which differs from this hipdnn-codegen's {kind} schema (another version's); run: {rewrite}",
                                    fix=Fix(f"run {rewrite}", command=rewrite))]
    return []


T = TypeVar("T")
R = TypeVar("R")
PARALLEL_FROM = 128  # specs; below this a process pool costs more than it saves


def parallel_map(function: Callable[[T], R], jobs: list[T]) -> list[R]:
    """map() in input order; large inputs use every core through forked workers."""
    workers = min(os.cpu_count() or 1, 8)
    if len(jobs) < PARALLEL_FROM or workers < 2:
        return [function(job) for job in jobs]
    import concurrent.futures  # only large workspaces pay for these imports
    import multiprocessing

    if "fork" not in multiprocessing.get_all_start_methods():
        return [function(job) for job in jobs]
    context = multiprocessing.get_context("fork")
    with concurrent.futures.ProcessPoolExecutor(workers, mp_context=context) as pool:
        return list(pool.map(function, jobs, chunksize=max(1, len(jobs) // (workers * 4))))


def _through_cache(store: cache.Store, load: Callable[..., R], jobs: Sequence[tuple[str | bytes, ...]]) -> tuple[list[R], list[str]]:
    """[load(*job) for job in jobs] and each job's key: from the cache when the same inputs
    loaded before, the rest loaded (on every core when there are many) and cached. `load` is a
    pure function of its job."""
    run = functools.partial(_star, load)
    keys = [store.key(*job) for job in jobs]
    results: list[R | None] = [store.get(key) for key in keys]
    missing = [i for i, found in enumerate(results) if found is None]
    for i, loaded in zip(missing, parallel_map(run, [jobs[i] for i in missing])):
        results[i] = loaded
        store.put(keys[i], loaded)
    return [r for r in results if r is not None], keys


def _star(load: Callable[..., R], job: tuple[str | bytes, ...]) -> R:
    return load(*job)


def read_file(ws: Workspace, path: Path, verified: set[str] | None = None, shown: str | None = None) -> tuple[bytes | None, list[Diagnostic]]:
    """A workspace input file's bytes, or an INPUT-FILE finding: only regular files inside the
    workspace, reached without symbolic links, of at most storage.MAX_SPEC_BYTES, are read.
    `verified` and `shown` as storage.guard's and ws.display(path), for a caller reading many."""
    shown = shown if shown is not None else ws.display(path)
    try:
        storage.guard(ws.root, path.relative_to(ws.root).as_posix(), verified=verified)
        return storage.read_input(path, storage.MAX_SPEC_BYTES, shown), []
    except storage.StorageError as exc:
        message = str(exc)
        for prefix in (f"{shown} ", f"{path} "):
            if message.startswith(prefix):
                message = "this file " + message.removeprefix(prefix)
        return None, [rules.INPUT_FILE(Loc(shown), message)]


def _document(shown: str, raw: bytes, schema: str) -> tuple[Document | None, list[Diagnostic]]:
    from codegen.spec import schema_check
    from codegen.spec.yaml_loader import load_file

    try:
        doc = load_file(shown, raw)
    except SpecError as exc:
        return None, exc.diagnostics
    problems = schema_check.validate(doc, schema)
    return (None, problems) if problems else (doc, [])


SPEC_SCHEMA = "op_spec.schema.json"


def load_spec(shown: str, op: str, raw: bytes) -> tuple[OpSpec | None, list[Diagnostic]]:
    """One spec file to its model plus every finding inside it. Never raises on bad input.

    A spec the schema rejects still gives a partial model (`damage` set) when what the schema
    accepted can stand alone: its own checks and the checks across specs run on it, so one run
    reports everything. Only complete models (no `damage`) are generated from."""
    from codegen.checks import semantic
    from codegen.spec import schema_check
    from codegen.spec.yaml_loader import load_file

    problems = list(semantic.check_op_id(op, Loc(shown)))
    try:
        doc = load_file(shown, raw)
    except SpecError as exc:
        return None, problems + exc.diagnostics
    found = schema_check.validate(doc, SPEC_SCHEMA)
    problems.extend(found)
    if not found:
        spec = model.build(op, doc)
        problems.extend(semantic.check_spec(spec))
        return spec, problems
    partial = _partial_spec(op, doc)
    if partial is not None and partial.damage is not None:
        problems.extend(d for d in semantic.check_spec(partial) if not _follows_from(d, partial.damage))
    return partial, problems


SALVAGE_ROUNDS = 8  # each round leaves out the entries holding what the schema rejects
# Top-level keys a spec can lose without any other part of it naming what was lost.
_SELF_CONTAINED = frozenset(
    {"stem", "description", "frontend", "skeleton", "from_node_missing_optional", "descriptor_type", "operation_type",
     "node_type", "attribute_range", "flatbuffers", "compute_type", "reference"}
)
# Whole sections: one bad value in them leaves the section out rather than half of it.
_WHOLE = frozenset({"frontend", "node_type", "dtypes", "reference"})
# Findings about one part of a spec naming another: a left-out part would make them follow-ons.
CROSS_REFERENCE = frozenset(
    r.id
    for r in (
        rules.SPEC_RULE_UNKNOWN_TENSOR, rules.SPEC_RULE_FIELD, rules.SPEC_RULE_SAME_FORM, rules.SPEC_RULE_UNSATISFIABLE,
        rules.SPEC_SCHEMA_LAYOUT, rules.SPEC_FRONTEND_NAME, rules.SPEC_FRONTEND_FLAG, rules.SPEC_GRAPH_RETURNS, rules.SPEC_DTYPE_GROUP, rules.SPEC_DTYPE_COMBINATION,
        rules.SPEC_REFERENCE, rules.SPEC_TEST_DATA_MISSING, rules.SPEC_TEST_DATA_UNKNOWN, rules.SPEC_TEST_SHAPE_RULE,
    )
)


def _entry(path: DocPath) -> DocPath:
    """What to leave out for a value the schema rejects: the tensor, field, rule or test_data entry
    holding it (so no half entry is modelled), a whole optional section, or a top-level key."""
    if path[:1] == ("test_data",) and len(path) >= 3:
        return path[:3]
    return path[:1] if path[:1] and path[0] in _WHOLE else path[:2]


def _partial_spec(op: str, doc: Document) -> OpSpec | None:
    """The model of what the schema accepted, or None when the rest cannot stand as a spec (a
    required key rejected, say). Left-out tensors and fields are named in its `damage`."""
    from codegen.spec import schema_check

    names: set[str] = set()
    ids: set[int] = set()
    wide = False
    for _ in range(SALVAGE_ROUNDS):
        found = schema_check.rejected(doc, SPEC_SCHEMA)
        cut = {_entry(path) for path, _ in found}
        for path, is_key in found:  # an entry's own name rejected: what names it elsewhere cannot be told apart
            if (is_key and path[:1] == ("test_data",) and path == _entry(path)) or path[:1] in (("tensors",), ("fields",)) and path[2:] == ("name",):
                wide = True
        if not cut:
            try:
                spec = model.build(op, doc)
            except (AssertionError, KeyError, TypeError, ValueError):  # a best effort: the findings stand without it
                return None
            return dataclasses.replace(spec, damage=model.Damage(frozenset(names), frozenset(ids), wide))
        if () in cut:
            return None
        for path in cut:
            value = _value_at(doc.data, path)
            if path[0] in ("tensors", "fields") and len(path) == 2:
                name = value.get("name") if isinstance(value, dict) else None
                if isinstance(value, dict) and isinstance(value.get("id"), int):
                    ids.add(value["id"])
                if isinstance(name, str):
                    names.add(name)
                    continue
            elif path[0] == "test_data" and len(path) == 3:
                names.add(str(path[2]))
                continue
            elif path[0] in _SELF_CONTAINED or path == ("test_data", "constants_prefix"):
                continue
            wide = True
        doc = schema_check.without(doc, cut)
    return None


def _value_at(data: object, path: DocPath) -> object:
    for part in path:
        data = data[part]  # type: ignore[index]
    return data


def _follows_from(finding: Diagnostic, damage: model.Damage) -> bool:
    """Whether a finding of a partial model may only follow from what was left out of it."""
    if finding.rule not in CROSS_REFERENCE:
        return False
    return damage.wide or any(re.search(rf"(?<!\w){re.escape(name)}(?!\w)", finding.message) for name in damage.names)


def load_registry(shown: str, raw: bytes) -> tuple[Registry | None, list[Diagnostic]]:
    doc, problems = _document(shown, raw, "registry.schema.json")
    return (registry.build(doc) if doc is not None else None), problems
