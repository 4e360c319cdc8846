"""Docs family: an op's documentation page (purpose, inputs and outputs, attributes, node checks
and inference, data types, an example) and, for an op with a CPU reference, its row in hipDNN's
reference-implementation support table (`apply` places the row)."""

from __future__ import annotations

from codegen.families import Family
from codegen.views import surfaces
from codegen.views.naming import OpNames


def _outputs(names: OpNames) -> dict[str, str]:
    outputs = {"docs/page.md.j2": surfaces.doc_page(names)}
    if surfaces.has_reference_row(names.spec):
        stem = "docs/reference_support_row.txt"
        outputs[f"{stem}.j2"] = surfaces.fragment_path(stem)
    return outputs


FAMILY = Family(
    "docs",
    "the op's documentation page and its row in the reference-implementation support table",
    _outputs,
    registers_in_some={"reference_support": surfaces.REFERENCE_SUPPORT},
    registers_some=surfaces.has_reference_row,
    surface=surfaces.DOCS,
)
