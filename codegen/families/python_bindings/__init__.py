"""Python-bindings family: the nanobind entries of hipDNN's Python package for the op (its
attributes class with accessors, its Graph method with hipDNN's argument names and return shape),
fragments `apply` pastes into the two binding sources."""

from __future__ import annotations

from codegen.families import Family
from codegen.views import surfaces
from codegen.views.naming import OpNames

STEMS = (
    "python_bindings/attributes_include.inc",
    "python_bindings/attributes_class.inc",
    "python_bindings/graph_include.inc",
    "python_bindings/graph_method.inc",
)


def _fragments(names: OpNames) -> dict[str, str]:
    return {f"{stem}.j2": surfaces.fragment_path(stem) for stem in STEMS}


FAMILY = Family(
    "python_bindings",
    "entries for the nanobind sources of hipDNN's Python package",
    _fragments,
    copied=False,
    registers_in={"attributes_bindings": surfaces.ATTRIBUTES_BINDINGS, "graph_bindings": surfaces.GRAPH_BINDINGS},
    surface=surfaces.PYTHON,
)
