"""`hipdnn-codegen list`: the ops with their attribute ranges and type values."""

from __future__ import annotations

import argparse

from codegen import families
from codegen.commands._common import _report
from codegen.views import naming
from codegen.pipeline.workspace import load


def cmd_list(args: argparse.Namespace) -> int:
    ws = load(args.settings.root)
    status = _report(ws)
    rows = [("op", "class", "attributes", "descriptor type", "operation type", "files")]
    shown = ws.display(ws.generated_dir)
    for spec in sorted(ws.specs, key=lambda s: s.op):
        low, high = spec.attribute_range
        rows.append(
            (
                spec.op,
                naming.OpNames(spec).cls,
                f"{low}-{high}",
                f"{spec.descriptor_type.value} {spec.descriptor_type.name}",
                f"{spec.operation_type.value} {spec.operation_type.name}",
                f"{len(families.planned_files_in_op(naming.OpNames(spec)))} in {shown}/{spec.op}/",
            )
        )
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for row in rows:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip())
    return status
