"""`apply` for the surfaces outside the C++ core (codegen/views/surfaces.py): an op's row in the
reference-implementation support table, its sample in the samples' CMake list, its nanobind
entries in the Python package's two binding sources, and its alias and forwarding node in the
cuDNN-compatibility shim. Each insertion is found by structure and skipped when the file already
has the entry (hipDNN's own, or an earlier apply's), so applying twice changes nothing.

Importing this module adds `register` to apply.REGISTRARS (the apply command imports it).

May import: what codegen/hipdnn/apply.py may import, and apply.py itself.
"""

from __future__ import annotations

import re
from pathlib import Path

from codegen.hipdnn import apply
from codegen.hipdnn.apply import Source, insert_include, insert_list_entries
from codegen.pipeline.workspace import Workspace
from codegen.spec.model import OpSpec
from codegen.views import fragments, surfaces
from codegen.views.naming import OpNames


def payload(ws: Workspace, spec: OpSpec, stem: str) -> list[str]:
    """A surface fragment without its banner and instructions (the lines to paste)."""
    path = ws.generated_dir / spec.op / surfaces.fragment_path(stem)
    lines = fragments.split(path.read_text(encoding="utf-8"))[1].splitlines()
    body = [line for line in lines if not (line.startswith("# ") or line == "#")]
    while body and not body[0].strip():
        body.pop(0)
    while body and not body[-1].strip():
        body.pop()
    return body


def register(ws: Workspace, spec: OpSpec, sources: dict[str, Source]) -> None:
    """Every surface entry of one op, in the shared files the surface families declared."""
    names = OpNames(spec)
    if "reference_support" in sources and surfaces.has_reference_row(spec):
        insert_table_row(sources["reference_support"], "## Current Operation Support", payload(ws, spec, "docs/reference_support_row.txt")[0])
    if "operation_support" in sources and surfaces.has_support_rows(spec):
        for row in payload(ws, spec, "docs/operation_support_rows.txt"):
            insert_table_row(sources["operation_support"], "## Current Operation Support", row)
    if "samples_cmake" in sources:
        cmake = sources["samples_cmake"]
        insert_list_entries(cmake, re.compile(r"^add_hipdnn_sample\("), payload(ws, spec, "samples/cmake_sample.txt"), at_end=True)
        insert_list_entries(cmake, re.compile(r"^add_hipdnn_sample_test\("), payload(ws, spec, "samples/cmake_sample_test.txt"), at_end=True)
    if "attributes_bindings" in sources:
        attributes = sources["attributes_bindings"]
        if not re.search(rf"nb::class_<graph::{names.frontend_attributes}>", "\n".join(attributes.texts)):
            for include in payload(ws, spec, "python_bindings/attributes_include.inc"):
                insert_include(attributes, include, Path(surfaces.ATTRIBUTES_BINDINGS).name)
            insert_at_function_end(attributes, "attributesBindings", payload(ws, spec, "python_bindings/attributes_class.inc"))
    if "graph_bindings" in sources:
        graph = sources["graph_bindings"]
        if not re.search(rf'\.def\(\s*"{names.graph_method}"', "\n".join(graph.texts)):
            for include in payload(ws, spec, "python_bindings/graph_include.inc"):
                insert_include(graph, include, Path(surfaces.GRAPH_BINDINGS).name)
            insert_graph_binding(graph, payload(ws, spec, "python_bindings/graph_method.inc"))
    if "shim_wrapper" in sources and "shim_properties" in sources and surfaces.has_shim_entry(spec):
        wrapper, properties = sources["shim_wrapper"], sources["shim_properties"]
        wrapper_text = "\n".join(apply._mask(wrapper.texts))
        if re.search(rf"\bHIPDNN_CUDNN_SHIM_FAIL_NODE\(\s*{names.graph_method}\s*,", wrapper_text):
            raise wrapper.structure(
                f"a node method for {names.graph_method} that is not a fail-stub (the shim stubs it with "
                f"HIPDNN_CUDNN_SHIM_FAIL_NODE; promoting a stub is done by hand: remove the stub and its "
                f"attributes class in detail/node_wrappers/unsupported_nodes.h, then apply again)"
            )
        if not re.search(rf"\b_graph\.{names.graph_method}\s*\(", wrapper_text):  # the shim does not forward it yet
            for include in payload(ws, spec, "cudnn_shim/properties_include.inc"):
                insert_include(properties, include, Path(surfaces.SHIM_PROPERTIES).name)
            alias = re.compile(r"^using hipdnn_frontend::graph::\w+_attributes;$")
            insert_list_entries(properties, alias, payload(ws, spec, "cudnn_shim/properties_alias.inc"))
            insert_forwarding_node(wrapper, payload(ws, spec, "cudnn_shim/wrapper_method.inc"))


def insert_table_row(source: Source, heading: str, row: str) -> None:
    """Add a row to the first Markdown table under `heading`, among its rows in name order (the
    first cell, case-insensitive), else last; a row naming the same operation is left alone."""
    texts = source.texts
    start = next((i for i, t in enumerate(texts) if t.strip() == heading), None)
    if start is None:
        raise source.structure(f"the heading {heading!r}")
    header = next((i for i in range(start + 1, len(texts)) if texts[i].lstrip().startswith("|")), None)
    if header is None or header + 1 >= len(texts) or not re.match(r"^\s*\|[\s:|-]+\|\s*$", texts[header + 1]):
        raise source.structure(f"a Markdown table under {heading!r}")
    end = header + 2
    while end < len(texts) and texts[end].lstrip().startswith("|"):
        end += 1

    def name(line: str) -> str:
        return line.strip().strip("|").split("|")[0].strip().lower()

    ours = name(row)
    rows = range(header + 2, end)
    if any(name(texts[i]) == ours for i in rows):
        return
    position = next((i for i in rows if name(texts[i]) > ours), end)
    source.insert(position, [row])


def insert_at_function_end(source: Source, function: str, lines: list[str]) -> None:
    """Add statements at the end of a function's body (after a blank line), outside any #if block
    that ends it."""
    masked = apply._mask(source.texts)
    regex = re.compile(rf"\b{function}\s*\(")
    row = next((i for i, t in enumerate(masked) if regex.search(t)), None)
    if row is None:
        raise source.structure(f"the function {function}")
    opener = next((r for r in range(row, len(masked)) if "{" in masked[r]), None)
    if opener is None:
        raise source.structure(f"the body of {function}")
    close, _ = apply._match_brace(masked, opener, masked[opener].index("{"))
    source.insert(close, ["", *lines])


_ENTRY = re.compile(r"^\s*\.def\(")


def insert_graph_binding(source: Source, lines: list[str]) -> None:
    """Add a `.def(...)` entry to the Graph class binding after its last op method: the last entry,
    outside #if blocks, that takes an attributes class (a `graph::<X>Attributes` parameter or an
    `attributes` argument)."""
    masked = apply._mask(source.texts)
    depths = apply._conditional_depths(source.texts)
    texts = source.texts
    start = next((i for i, t in enumerate(masked) if re.search(r"nb::class_<graph::Graph>", t)), None)
    if start is None:
        raise source.structure("the binding nb::class_<graph::Graph>")
    entries = [i for i in range(start, len(texts)) if _ENTRY.match(masked[i]) and depths[i] == 0]
    last = None
    for i in entries:
        end = apply._match_brace(masked, i, masked[i].index("("))[0]
        body = "\n".join(texts[i : end + 1])
        if re.search(r"graph::\w+Attributes\b|nb::arg\(\"attributes\"\)", body):
            last = end
    if last is None:
        raise source.structure("an op method in the Graph binding (a .def taking an attributes class)", start)
    source.insert(last + 1, lines)


def insert_forwarding_node(source: Source, lines: list[str]) -> None:
    """Add a node method after the shim Graph's last Tier-1 node (a method setting
    `_mode = Mode::Native;`), outside #if blocks."""
    masked = apply._mask(source.texts)
    depths = apply._conditional_depths(source.texts)
    marks = [i for i, t in enumerate(masked) if re.search(r"\b_mode\s*=\s*Mode::Native\s*;", t) and depths[i] == 0]
    if not marks:
        raise source.structure("a node method forwarding to the wrapped graph (`_mode = Mode::Native;`)")
    mark = marks[-1]
    opener = next((r for r in range(mark, -1, -1) if re.match(r"\s*\{\s*$", masked[r])), None)
    if opener is None:
        raise source.structure("the body of a forwarding node method", mark)
    close, _ = apply._match_brace(masked, opener, masked[opener].index("{"))
    source.insert(close + 1, ["", *lines])


apply.REGISTRARS.append(register)
