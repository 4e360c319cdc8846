"""`hipdnn-codegen registry`: rebuild op_specs/registry.yaml from a hipDNN checkout."""

from __future__ import annotations

import argparse
import sys

from codegen.commands._common import EXIT_FINDINGS, EXIT_OK, _hipdnn_root
from codegen.plumbing import storage
from codegen.spec.registry import REGISTRY_FILE
from codegen.pipeline.workspace import SPEC_DIR, load


def cmd_registry(args: argparse.Namespace) -> int:
    from codegen.hipdnn import registry_import

    ws = load(args.settings.root)
    checkout = registry_import.read_checkout(_hipdnn_root(args))
    text = registry_import.render(checkout, ws.specs, ws.registry, args.source or "Source: a hipDNN checkout (no --source given).")
    path = ws.spec_dir / REGISTRY_FILE
    old = path.read_bytes() if path.exists() else None
    change = storage.Change(REGISTRY_FILE, "update" if old is not None else "create", old, text.encode())
    shown = ws.display(path)
    if old == change.new:
        print(f"{shown} already matches the checkout")
        return EXIT_OK
    sys.stdout.write(change.diff(ws.display(ws.spec_dir), cap=1_000_000))
    if args.check:
        print(f"{shown} differs from the checkout; run: hipdnn-codegen registry --hipdnn-root {_hipdnn_root(args)}", file=sys.stderr)
        return EXIT_FINDINGS
    if args.dry_run:
        return EXIT_OK
    storage.apply(ws.root, [change.under(SPEC_DIR)])
    print(f"wrote {shown}")
    return EXIT_OK
