"""cuDNN-shim family: the op's entries in hipDNN's cuDNN-compatibility shim: the cuDNN-named
attributes type aliased to hipDNN's class, and the shim Graph's node method forwarding to the
wrapped hipDNN graph (what a node with no hipDNN equivalent gets as a fail-stub)."""

from __future__ import annotations

from codegen.families import Family
from codegen.views import surfaces
from codegen.views.naming import OpNames

STEMS = ("cudnn_shim/properties_include.inc", "cudnn_shim/properties_alias.inc", "cudnn_shim/wrapper_method.inc")


def _fragments(names: OpNames) -> dict[str, str]:
    return {f"{stem}.j2": surfaces.fragment_path(stem) for stem in STEMS}


FAMILY = Family(
    "cudnn_shim",
    "entries for hipDNN's cuDNN-compatibility shim",
    _fragments,
    copied=False,
    registers_in={"shim_properties": surfaces.SHIM_PROPERTIES, "shim_wrapper": surfaces.SHIM_WRAPPER},
    surface=surfaces.CUDNN,
)
