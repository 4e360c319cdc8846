"""What several commands share: exit codes, reporting a workspace's findings, producing and
comparing generated/, saying what a write changed, the checkout a command reads, and stdout that
survives its reader going away."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Callable, TextIO

from codegen.diagnostics.errors import UsageError
from codegen.plumbing import console, storage

if TYPE_CHECKING:  # the command line imports this module for every command: it stays light
    from codegen.diagnostics import diagnostics
    from codegen.pipeline.workspace import Summary, Workspace

EXIT_OK, EXIT_FINDINGS, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3
# the schema copy add-op keeps beside the specs, so the modeline it writes resolves in any workspace
SPEC_SCHEMA = "op_spec.schema.json"


def schema_text(registry: bool = False) -> bytes:
    """The JSON schema the tool validates specs (or the registry) with, as shipped."""
    from importlib import resources

    name = "registry.schema.json" if registry else SPEC_SCHEMA
    return resources.files("codegen.spec.schema").joinpath(name).read_bytes()


def _report(ws: Workspace, fmt: str = "text") -> int:
    from codegen.diagnostics import diagnostics, report

    out = report.render(diagnostics.finalize(ws.diagnostics), fmt)
    sys.stdout.write(console.colourize(out) if fmt == "text" and out and console.colour_enabled(sys.stdout) else out)
    if diagnostics.has_errors(ws.diagnostics):
        errors = sum(d.severity == "error" for d in ws.diagnostics)
        if fmt == "text":
            print(f"{errors} error(s) in {ws.display(ws.spec_dir)}", file=sys.stderr)
        return EXIT_FINDINGS
    return EXIT_OK


def _checkout_findings(ws: Workspace, checkout: Path) -> list[diagnostics.Diagnostic]:
    """What `check --hipdnn-root` adds: the workspace's numbers against the checkout's headers, and
    each op against the checkout's schema of it."""
    from codegen.hipdnn import api_versions, hipdnn_headers, schema_drift

    found = hipdnn_headers.check(checkout, ws.specs, ws.registry, ws.display)
    found += api_versions.check(hipdnn_headers.checkout_root(checkout), ws.specs, ws.display)
    drop_checkout_names(ws, checkout)
    return found + schema_drift.check(hipdnn_headers.checkout_root(checkout), ws.specs, ws.display)


NAMING_WARNINGS = ("CHK-NAMING-PREFIX", "CHK-EXT-SUFFIX")


def drop_checkout_names(ws: Workspace, checkout: Path) -> None:
    """Naming warnings never fire on a name the checkout already defines: hipDNN chose it, so the
    spec must spell it that way (`HIPDNN_ATTR_BATCHNORM_INF_COMP_TYPE_EXT`, names without _EXT)."""
    from codegen.hipdnn import adopt, hipdnn_headers

    known = adopt.read(hipdnn_headers.checkout_root(checkout), ws.display)
    names = {name for entries in known.entries.values() for name in entries}
    places = set()
    for s in [*ws.specs, *ws.partial]:
        named = [(a.name, a.span.at("attribute")) for a in s.attributes()]
        named += [(s.descriptor_type.name, s.descriptor_type.span.at("name")), (s.operation_type.name, s.operation_type.span.at("name"))]
        places |= {loc for name, loc in named if name in names}
    ws.diagnostics[:] = [d for d in ws.diagnostics if not (d.rule in NAMING_WARNINGS and d.loc in places)]


def _select(ws: Workspace, ops: list[str]) -> list[Summary]:
    """The complete specs `ops` name (all when none), by their summaries: no model is built."""
    known = {s.op: s for s in ws.complete}
    unknown = [op for op in ops if op not in known]
    if unknown:
        raise UsageError(f"unknown op(s): {', '.join(unknown)}; known: {', '.join(sorted(known)) or 'none'}")
    return [known[op] for op in ops] if ops else list(known.values())


def _produce(
    ws: Workspace,
    specs: list[Summary],
    scopes: list[str] | None,
    mirror: bool = True,
    progress: console.Console | None = None,
    txn: storage.Transaction | None = None,
) -> tuple[int, list[storage.Change], list[diagnostics.Diagnostic]]:
    """Generate and compare with generated/; returns (status, changes, warnings).

    `scopes` are the directories under generated/ this run owns (None: all of generated/). With
    `txn`, every changed file is staged into it as soon as it is formatted and the changes only
    name their files; without, they carry the old and new bytes (for diffs). The models of
    `specs` are built here (the ones rendered), no others unless the mirror is rendered."""
    from codegen.diagnostics import diagnostics
    from codegen.pipeline import generate  # Jinja2 is only imported when something must be rendered
    from codegen.pipeline.workspace import GENERATED_DIR
    from codegen.plumbing import formatting

    planner = storage.Planner(ws.generated_dir, [""] if scopes is None else scopes, keep=txn is None, txn=txn, prefix=f"{GENERATED_DIR}/")
    try:
        out = generate.generate(ws, [ws.model(s.op) for s in specs], mirror, progress.progress if progress is not None else None, sink=planner.put)
    except formatting.FormatError as exc:
        raise UsageError(str(exc)) from None
    finally:
        if progress is not None:
            progress.progress_done()
    if diagnostics.has_errors(out.diagnostics):
        return EXIT_FINDINGS, [], out.diagnostics
    return EXIT_OK, planner.finish(), out.diagnostics


def _produce_stale(
    ws: Workspace, specs: list[Summary], everything: bool, progress: console.Console | None = None, txn: storage.Transaction | None = None
) -> tuple[int, list[storage.Change], list[diagnostics.Diagnostic]]:
    """Like _produce, but only for the ops (and the mirror) whose stamp no longer matches their
    inputs and files: an unchanged op is neither rendered nor formatted. With `everything`,
    directories of generated/ no spec owns are in scope too (their files are deleted)."""
    from codegen.diagnostics import rules
    from codegen.pipeline import stamp
    from codegen.views.naming import PYTHON_DIR

    mirror = stamp.mirror_possible(ws)
    freshness, mirror_fresh = stamp.all_fresh(ws, specs, mirror)
    stale = [s for s, fresh in zip(specs, freshness) if not fresh]
    scopes = [s.op for s in stale] + ([] if mirror_fresh else [PYTHON_DIR])
    if everything and ws.generated_dir.is_dir():  # only these can hold files no spec owns
        owned = {s.op for s in ws.complete} | ({PYTHON_DIR} if mirror else set())
        scopes += sorted(name for name in os.listdir(ws.generated_dir) if name not in owned)
    warnings = [] if mirror else [stamp.no_mirror_warning(ws)]
    if not scopes:
        return EXIT_OK, [], warnings
    status, changes, found = _produce(ws, stale, scopes, mirror and not mirror_fresh, progress, txn)
    return status, changes, warnings + [d for d in found if d.rule != rules.GEN_NO_MIRROR.id]


def regenerate_command(ops: list[str]) -> str:
    return " ".join(["hipdnn-codegen generate", *ops])


def _written(
    ws: Workspace, args: argparse.Namespace, changes: list[storage.Change], owners: list[str], extra: list[storage.Change] = []  # noqa: B006 - read only
) -> None:
    """Say what a committed write changed in generated/ (and which `extra` workspace files it
    wrote): a line per owner (op or mirror) that changed, every file with -v, a summary."""
    from codegen.views.naming import PYTHON_DIR

    out: console.Console = args.console
    for change in extra:
        out.say(f"{change.kind + 'd':8} {ws.display(ws.root / change.path)}")
    shown = ws.display(ws.generated_dir)
    for change in changes:
        out.detail(f"{change.kind + 'd':8} {shown}/{change.path}")
    by_owner = dict(console.per_owner([(c.path, c.kind) for c in changes], {}))
    owned = set(owners)  # a set: a thousand owners against a list was a quadratic 70 ms
    labels = {o: ("python mirror" if o == PYTHON_DIR else o if o in owned else f"{o} (no spec)") for o in owned | by_owner.keys()}
    width = max((len(v) for v in labels.values()), default=0)
    for owner in sorted(labels, key=lambda o: (o == PYTHON_DIR, o)):
        counts = by_owner.get(owner)
        if counts or out.verbose:
            out.say(f"{labels[owner]:<{width}}  {console.counted(counts or console.Counter())}  ({shown}/{owner}/)")
    ops = sum(o != PYTHON_DIR for o in owners)
    mirror = " and the Python mirror" if PYTHON_DIR in owners else ""
    if changes:
        total = console.Counter(c.kind for c in changes)
        out.say(f"{shown}/: {len(changes)} file(s) written for {ops} op(s){mirror} ({console.counted(total)})")
    else:
        out.say(f"{shown}/ is up to date ({ops} op(s){mirror})")


def _owners(ws: Workspace, specs: list[Summary], mirror: bool = True) -> list[str]:
    from codegen.pipeline.stamp import mirror_possible
    from codegen.views.naming import PYTHON_DIR

    return sorted(s.op for s in specs) + ([PYTHON_DIR] if mirror and mirror_possible(ws) else [])


def _say(message: str) -> None:
    print(f"hipdnn-codegen: {message}", file=sys.stderr, flush=True)


class _PipeSafe:
    """stdout that survives its reader going away (`check | head`): the run goes on and exits
    with its own code, the rest of its output goes nowhere."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream
        self.broken = False

    def _guard(self, action: Callable[[], object]) -> None:
        if self.broken:
            return
        try:
            action()
        except BrokenPipeError:
            self.broken = True
            devnull = os.open(os.devnull, os.O_WRONLY)  # interpreter shutdown flushes the real stdout
            os.dup2(devnull, self._stream.fileno())
            os.close(devnull)

    def write(self, text: str) -> int:
        self._guard(lambda: self._stream.write(text))
        return len(text)

    def flush(self) -> None:
        self._guard(self._stream.flush)

    def __getattr__(self, name: str) -> object:
        return getattr(self._stream, name)


def _hipdnn_root(args: argparse.Namespace) -> Path:
    """--hipdnn-root, else the configuration's hipdnn-root."""
    if args.hipdnn_root:
        return Path(args.hipdnn_root)
    if args.settings.hipdnn_root is not None:
        return args.settings.hipdnn_root
    raise UsageError("no hipDNN checkout: pass --hipdnn-root DIR or set hipdnn-root in the configuration")
