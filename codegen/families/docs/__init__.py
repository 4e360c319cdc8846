"""Docs family: an op's documentation page (purpose, inputs and outputs, attributes, node checks
and inference, data types, cuDNN parity, plugin support, an example); for an op with a CPU
reference its row in hipDNN's reference-implementation support table, and for an op a plugin
implements (the spec's `support` key) its rows in hipDNN's operation-support table (`apply`
places the rows)."""

from __future__ import annotations

from codegen.families import Family
from codegen.views import surfaces
from codegen.spec.model import OpSpec
from codegen.views.naming import OpNames


def _outputs(names: OpNames) -> dict[str, str]:
    outputs = {"docs/page.md.j2": surfaces.doc_page(names)}
    if surfaces.has_reference_row(names.spec):
        stem = "docs/reference_support_row.txt"
        outputs[f"{stem}.j2"] = surfaces.fragment_path(stem)
    if surfaces.has_support_rows(names.spec):
        stem = "docs/operation_support_rows.txt"
        outputs[f"{stem}.j2"] = surfaces.fragment_path(stem)
    return outputs


def _registers(spec: OpSpec) -> bool:
    return surfaces.has_reference_row(spec) or surfaces.has_support_rows(spec)


FAMILY = Family(
    "docs",
    "the op's documentation page and its rows in the reference-implementation and operation-support tables",
    _outputs,
    registers_in_some={"reference_support": surfaces.REFERENCE_SUPPORT, "operation_support": surfaces.OPERATION_SUPPORT},
    registers_some=_registers,
    surface=surfaces.DOCS,
)
