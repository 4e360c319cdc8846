"""`hipdnn-codegen check`: validate every spec and the registry, compare generated/ with what
they produce (blaming each stale directory on its cause), and optionally a git base and a checkout."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from typing import TYPE_CHECKING

from codegen.commands._common import EXIT_OK, _checkout_findings, _hipdnn_root, _owners, _produce_stale, _report, _written, regenerate_command
from codegen.plumbing import console, storage

if TYPE_CHECKING:  # imported when a check runs, not when its verdict is replayed
    from codegen.diagnostics import diagnostics
    from codegen.pipeline import stamp
    from codegen.pipeline.workspace import Workspace

STALE_FILES_SHOWN = 10  # a stale directory's finding lists this many of its files


def cmd_check(args: argparse.Namespace) -> int:
    """A plain check whose inputs did not change since a run stored its verdict replays it
    (codegen.pipeline.verdict); any other runs, and a plain one stores what it printed."""
    if args.fix or args.against is not None or args.hipdnn_root or args.settings.hipdnn_root is not None:
        return _check(args)
    from codegen.pipeline import verdict

    settings = args.settings
    how = [
        "check",
        repr((args.format, args.quiet, args.verbose, args.no_stale, args.diff)),
        repr((str(settings.root), str(settings.source), settings.format, sorted(settings.ignore), [(p, sorted(ids)) for p, ids in settings.per_path])),
    ]
    started = time.time_ns()
    code, key, racy, targets = verdict.replay(settings.root, how)
    if code is not None:
        return code
    out, err = verdict.Tee(sys.stdout), verdict.Tee(sys.stderr)
    sys.stdout, sys.stderr = out, err  # type: ignore[assignment]
    read: list[str] = []
    try:
        code = _check(args, read)
    finally:
        sys.stdout, sys.stderr = out.stream, err.stream  # type: ignore[assignment]
    if not racy:
        verdict.store(settings.root, how, key, started, targets, code, out.text(), err.text(), read)
    return code


def load(root: Path, **how: object) -> Workspace:
    """codegen.pipeline.workspace.load, imported when a check runs (a replay never imports it)."""
    from codegen.pipeline import workspace

    return workspace.load(root, **how)  # type: ignore[arg-type]


def _check(args: argparse.Namespace, read: list[str] | None = None) -> int:
    """The check itself; `read` collects the files it read outside op_specs/ (modeline targets)."""
    from codegen.diagnostics import diagnostics

    ws = load(args.settings.root, base=args.against or "HEAD")
    if read is not None:
        read.extend(ws.read_elsewhere)
    diffs = ""
    if args.against is not None:
        from codegen.pipeline import breaking

        ws.diagnostics.extend(breaking.check(ws, args.against))
    if args.hipdnn_root or args.settings.hipdnn_root is not None:
        ws.diagnostics.extend(_checkout_findings(ws, _hipdnn_root(args)))
    if args.fix and not diagnostics.has_errors(ws.diagnostics):
        with storage.Transaction(ws.root) as txn:
            status, changes, _ = _produce_stale(ws, ws.complete, everything=True, progress=args.console, txn=txn)
            if status == EXIT_OK:
                txn.commit()
        if status == EXIT_OK and changes:
            if (args.format or args.settings.format or "text") != "text":  # stdout holds the machine output only
                args.console = console.Console(quiet=True)
            _written(ws, args, changes, _owners(ws, ws.complete))
    if not args.no_stale and not diagnostics.has_errors(ws.diagnostics):
        stale, diffs = _stale(ws)
        ws.diagnostics.extend(stale)
    if args.hipdnn_root or args.settings.hipdnn_root is not None:
        drift, drift_diffs = _drift(ws, args)
        ws.diagnostics.extend(drift)
        diffs += drift_diffs
    fmt = args.format or args.settings.format or "text"
    ws.diagnostics = args.settings.visible(ws.diagnostics)
    status = _report(ws, fmt)
    if diffs and fmt == "text" and args.diff:
        sys.stdout.write(diffs)
    if status == EXIT_OK and fmt == "text" and not args.quiet:
        registry = " and the registry" if ws.registry else ""
        warned = sum(d.severity == "warning" for d in ws.diagnostics)
        print(f"ok: {len(ws.complete)} op spec(s){registry} checked, " + (f"no errors ({warned} warning(s))" if warned else "no findings"))
    return status


def _drift(ws: Workspace, args: argparse.Namespace) -> tuple[list[diagnostics.Diagnostic], str]:
    """The drift gate: each op's generated per-op C++ files against the checkout's, at API level."""
    from codegen.hipdnn import api_drift, hipdnn_headers

    return api_drift.check(ws, hipdnn_headers.checkout_root(_hipdnn_root(args)), ws.specs, ws.display)


def _stale(ws: Workspace) -> tuple[list[diagnostics.Diagnostic], str]:
    """GEN-STALE findings for every stale, missing or extra file, plus their capped diffs.

    Ops whose stamp matches their inputs and files are not re-rendered."""
    from codegen.pipeline import stamp

    status, changes, found = _produce_stale(ws, ws.complete, everything=True)
    if status != EXIT_OK:  # template or coverage errors: they are the findings
        return found, ""
    shown = ws.display(ws.generated_dir)
    inputs = stamp.Inputs(ws)
    owned: dict[str, list[storage.Change]] = {}
    for change in changes:
        owned.setdefault(change.path.split("/")[0], []).append(change)
    for owner, group in sorted(owned.items()):
        found += _stale_owner(ws, inputs, owner, group, shown)
    diffs = "".join(c.diff(shown) for c in changes if c.kind == "update" and not c.path.endswith("/" + stamp.STAMP))
    return found, diffs


def _stale_owner(ws: Workspace, inputs: stamp.Inputs, owner: str, group: list[storage.Change], shown: str) -> list[diagnostics.Diagnostic]:
    """GEN-STALE findings for one directory of generated/, blamed on their cause: the spec (or
    registry, or workspace template) whose change made them stale, the tool when it changed, or
    each file itself when the inputs are unchanged and the files were edited or removed."""
    from codegen.diagnostics import diagnostics, rules
    from codegen.diagnostics.diagnostics import Loc
    from codegen.pipeline import stamp
    from codegen.spec.registry import REGISTRY_FILE
    from codegen.views import naming

    spec = ws.spec(owner)
    mirror = owner == naming.PYTHON_DIR
    parts = inputs.parts_of(spec) if spec is not None else inputs.parts_of_mirror() if mirror else None
    command = regenerate_command([] if mirror or spec is None else [owner])
    fix = diagnostics.Note(f"run: {command}")
    source = "the Python mirror of op_specs/*.yaml" if mirror else f"op_specs/{owner}.yaml"
    causes = stamp.changed_parts(ws.generated_dir / owner, parts) if parts is not None else []
    directory = ws.generated_dir / owner
    never = not directory.is_dir() or not any(p.is_file() for p in directory.rglob("*"))
    if causes is None and parts is not None and never:
        causes = [f"{stamp.SPEC_PART}{owner}" if spec is not None else "never"]  # never generated
    if not causes:  # nothing it depends on changed (or no spec owns it): the files are the cause
        found = []
        for change in group:
            what = {
                "create": f"missing: {source} produces this file",
                "update": f"stale: differs from what {source} produces, though its inputs did not change (edited by hand?)",
                "delete": "extra: no spec produces this file",
            }[change.kind]
            found.append(rules.GEN_STALE(Loc(f"{shown}/{change.path}"), what, fix))
        return found
    files = [diagnostics.Note({"create": "missing", "update": "stale", "delete": "extra"}[c.kind], Loc(f"{shown}/{c.path}")) for c in group[:STALE_FILES_SHOWN]]
    if len(group) > STALE_FILES_SHOWN:
        files.append(diagnostics.Note(f"and {len(group) - STALE_FILES_SHOWN} more file(s)"))
    count = f"{len(group)} file(s) of {shown}/{owner}/ differ from what it produces now"
    found = []
    for cause in causes:
        if cause.startswith(stamp.SPEC_PART):
            op = cause.removeprefix(stamp.SPEC_PART)
            if ws.spec(op) is None:  # a spec that went away: the mirror still has it
                where, why = Loc(ws.display(ws.spec_dir)), f"op_specs/{op}.yaml was removed or is invalid"
            elif never:
                where, why = Loc(ws.display(ws.spec_path(op))), "this spec was never generated"
            else:
                where, why = Loc(ws.display(ws.spec_path(op))), "this spec changed since it was generated"
        elif cause == "never":
            where, why = Loc(ws.display(ws.spec_dir)), "the Python mirror was never generated"
        elif cause == "registry":
            where, why = Loc(ws.display(ws.spec_dir / REGISTRY_FILE)), "the registry changed since it was generated"
        elif cause == "templates":
            where, why = Loc(ws.display(ws.root / "templates")), "the workspace's templates changed since it was generated"
        else:  # the tool: its version, templates, style or references
            where, why = Loc(f"{shown}/{owner}/{stamp.STAMP}"), f"hipdnn-codegen changed since it was generated (now {stamp.toolchain()})"
        found.append(rules.GEN_STALE(where, f"{why}: {count}", *files, fix))
    return found
