"""`hipdnn-codegen generate`: write generated/ (or, with --check and --dry-run, say what would change)."""

from __future__ import annotations

import argparse
import contextlib
import sys

from codegen.commands._common import EXIT_FINDINGS, EXIT_OK, _owners, _produce_stale, _report, _select, _written, regenerate_command
from codegen.diagnostics import diagnostics
from codegen.plumbing import storage
from codegen.pipeline.workspace import load


def cmd_generate(args: argparse.Namespace) -> int:
    ws = load(args.settings.root)
    ws.diagnostics = args.settings.visible(ws.diagnostics)
    status = _report(ws)
    if status != EXIT_OK:
        return status
    specs = _select(ws, args.ops)
    writing = not args.check and not args.dry_run
    with storage.Transaction(ws.root) if writing else contextlib.nullcontext() as txn:
        status, changes, warnings = _produce_stale(ws, specs, everything=not args.ops, progress=args.console, txn=txn)
        args.console.findings(diagnostics.render(args.settings.visible(warnings)))
        if status != EXIT_OK:
            return status
        if txn is not None:
            txn.commit()
    if writing:
        _written(ws, args, changes, _owners(ws, specs))
        return EXIT_OK
    shown = ws.display(ws.generated_dir)
    if args.check:
        for change in changes:
            word = {"create": "missing", "update": "stale", "delete": "extra"}[change.kind]
            print(f"{word}: {shown}/{change.path}")
            if change.kind == "update":
                sys.stdout.write(change.diff(shown))
        if changes:
            print(f"{len(changes)} generated file(s) out of date; run: {regenerate_command(args.ops)}")
            return EXIT_FINDINGS
        args.console.say(f"{shown}/ is up to date")
        return EXIT_OK
    for change in changes:
        print(f"would {change.kind} {shown}/{change.path}")
    if not changes:
        args.console.say(f"{shown}/ is up to date; nothing would change")
    return EXIT_OK
