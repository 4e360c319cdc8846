"""`hipdnn-codegen apply`: copy generated files into a hipDNN checkout and register the ops in its
shared files."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Callable

from codegen import families
from codegen.commands._common import EXIT_FINDINGS, EXIT_OK, _checkout_findings, _hipdnn_root, _report, _say, _select, regenerate_command
from codegen.diagnostics import diagnostics, rules
from codegen.diagnostics.diagnostics import Loc, Note
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
        return _apply_locked(args, ws, [ws.model(s.op) for s in specs], root)


def _owner(specs: list[OpSpec], path: str) -> str:
    """The op whose generated/ directory holds `path`."""
    return next((s.op for s in specs if path in families.planned_files_in_op(naming.OpNames(s))), specs[0].op)


def _apply_locked(args: argparse.Namespace, ws: Workspace, specs: list[OpSpec], root: Path) -> int:
    from codegen.hipdnn import apply, apply_surfaces, apply_versions, apply_work, header_scripts  # noqa: F401 (apply_surfaces, apply_versions and apply_work register themselves)

    try:
        changes = apply.plan(ws, root, specs, ws.display, force=args.force)
    except apply.ApplyError as exc:
        sys.stdout.write(diagnostics.render(exc.diagnostics))
        print("nothing was written", file=sys.stderr)
        return EXIT_FINDINGS
    shown = ws.display(root)
    out: console.Console = args.console
    derived: dict[str, str] = {}  # header path -> the checkout script that wrote it
    if header_scripts.needed(changes) and header_scripts.present(root):
        try:
            ran, headers = header_scripts.run(root, changes)
        except header_scripts.ScriptFailed as exc:
            _show_output(exc.script.path, exc.output, print)
            sys.stdout.write(diagnostics.render([rules.APPLY_SCRIPT(
                Loc(f"{shown}/{exc.script.path}"),
                f"{exc.reason} on the checkout's schemas with this apply's changes; nothing was written",
                Note(f"run it from {shown}: python3 {exc.script.path}"),
            )]))
            print("nothing was written", file=sys.stderr)
            return EXIT_FINDINGS
        for done in ran:
            _show_output(done.script.path, done.output, out.say)
        derived = {c.path: next(s.path for s in header_scripts.SCRIPTS if c.path.endswith("/" + s.header)) for c in headers}
        changes = changes + headers
    if args.dry_run:
        for change in changes:
            if change.kind == "create" and change.path in derived:
                print(f"new file {shown}/{change.path} (written by {derived[change.path]})")
            elif change.kind == "create":  # its content is the generated file itself
                source = ws.display(ws.generated_dir / _owner(specs, change.path) / change.path)
                print(f"new file {shown}/{change.path} (a copy of {source})")
            else:
                sys.stdout.write(change.diff(shown, cap=1_000_000))
        print(f"{len(changes)} file(s) would change in {shown}" if changes else f"{shown} already has everything; nothing would change")
        _say_missing_scripts(root, shown, changes)
        return EXIT_OK
    storage.apply(root, changes)
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
    _say_missing_scripts(root, shown, changes)
    return EXIT_OK


def _show_output(script: str, output: str, say: Callable[[str], None]) -> None:
    """What one of the checkout's header scripts printed, each line under its name."""
    say(f"ran {script}" + (":" if output.strip() else " (no output)"))
    for line in output.splitlines():
        say(f"    | {line}")


def _say_missing_scripts(root: Path, shown: str, changes: list[storage.Change]) -> None:
    """The schemas changed but the checkout lacks a header script: say exactly what to run."""
    from codegen.hipdnn import header_scripts

    missing = header_scripts.absent(root)
    if not header_scripts.needed(changes) or not missing:
        return
    headers = ", ".join(s.header for s in missing)
    hooks = ", ".join(s.hook for s in missing)
    print(
        f"note: {shown} has no {', '.join(s.path for s in missing)}, so {headers} were not regenerated; the schemas "
        f"changed, and a stale header stops hipDNN's build at its static_assert on NodeAttributes::MAX. In a hipDNN "
        f"checkout that has the scripts, run from its projects/hipdnn directory: {header_scripts.command(missing)} "
        f"(the pre-commit hooks {hooks} run the same)"
    )
