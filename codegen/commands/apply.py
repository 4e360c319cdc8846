"""`hipdnn-codegen apply`: copy generated files into a hipDNN checkout and register the ops in its
shared files."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from codegen import families
from codegen.commands._common import EXIT_FINDINGS, EXIT_OK, _checkout_findings, _hipdnn_root, _report, _say, _select, regenerate_command
from codegen.diagnostics import diagnostics
from codegen.plumbing import console, storage
from codegen.spec.model import OpSpec
from codegen.views import naming
from codegen.pipeline import stamp
from codegen.pipeline.workspace import Workspace, load


def cmd_apply(args: argparse.Namespace) -> int:
    from codegen.hipdnn import hipdnn_headers

    ws = load(args.settings.root)
    ws.diagnostics.extend(_checkout_findings(ws, _hipdnn_root(args)))  # what check --hipdnn-root reports
    status = _report(ws)
    if status != EXIT_OK:
        print("nothing was written", file=sys.stderr)
        return status
    specs = _select(ws, args.ops)
    freshness, _ = stamp.all_fresh(ws, specs, False)
    stale = [s.op for s, ok in zip(specs, freshness) if not ok]
    if stale:
        print(f"hipdnn-codegen: error: generated/ is out of date for {', '.join(stale)}; run: {regenerate_command(stale)}", file=sys.stderr)
        return EXIT_FINDINGS
    root = hipdnn_headers.checkout_root(_hipdnn_root(args))
    with storage.locked(root, _say):  # and one apply per checkout
        return _apply_locked(args, ws, specs, root)


def _owner(specs: list[OpSpec], path: str) -> str:
    """The op whose generated/ directory holds `path`."""
    return next((s.op for s in specs if path in families.planned_files_in_op(naming.OpNames(s))), specs[0].op)


def _apply_locked(args: argparse.Namespace, ws: Workspace, specs: list[OpSpec], root: Path) -> int:
    from codegen.hipdnn import apply, apply_surfaces  # noqa: F401 (apply_surfaces registers itself)

    try:
        changes = apply.plan(ws, root, specs, ws.display, force=args.force)
    except apply.ApplyError as exc:
        sys.stdout.write(diagnostics.render(exc.diagnostics))
        print("nothing was written", file=sys.stderr)
        return EXIT_FINDINGS
    shown = ws.display(root)
    if args.dry_run:
        for change in changes:
            if change.kind == "create":  # its content is the generated file itself
                source = ws.display(ws.generated_dir / _owner(specs, change.path) / change.path)
                print(f"new file {shown}/{change.path} (a copy of {source})")
            else:
                sys.stdout.write(change.diff(shown, cap=1_000_000))
        print(f"{len(changes)} file(s) would change in {shown}" if changes else f"{shown} already has everything; nothing would change")
        return EXIT_OK
    storage.apply(root, changes)
    out: console.Console = args.console
    for change in changes:
        out.detail(f"{change.kind + 'd':8} {shown}/{change.path}")
    owned = {p for s in specs for p in families.planned_files_in_op(naming.OpNames(s))}
    owner_of = {c.path: (_owner(specs, c.path) if c.path in owned else "shared files") for c in changes}
    rows = console.per_owner([(c.path, c.kind) for c in changes], owner_of)
    width = max((len(o) for o, _ in rows), default=0)
    for owner, counts in rows:
        out.say(f"{owner:<{width}}  {console.counted(counts)}")
    if changes:
        out.say(f"{shown}: {len(changes)} file(s) changed for {len(specs)} op(s) ({console.counted(console.Counter(c.kind for c in changes))})")
    else:
        out.say(f"{shown} already has everything; nothing changed")
    return EXIT_OK
