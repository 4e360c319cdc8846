"""cuDNN-shim family: the op's entries in hipDNN's cuDNN-compatibility shim: the cuDNN-named
attributes type aliased to hipDNN's class, and the shim Graph's node method (cudnn-frontend's
name) forwarding to the wrapped hipDNN graph. The spec's `cudnn` key decides: an op cudnn-frontend
has gets both, one it does not have (`attributes: none`) gets nothing (code written against
cudnn-frontend cannot name it)."""

from __future__ import annotations

from codegen.families import Family
from codegen.views import surfaces
from codegen.views.naming import OpNames

STEMS = ("cudnn_shim/properties_include.inc", "cudnn_shim/properties_alias.inc", "cudnn_shim/wrapper_method.inc")


def _fragments(names: OpNames) -> dict[str, str]:
    if not surfaces.has_shim_entry(names.spec):
        return {}
    return {f"{stem}.j2": surfaces.fragment_path(stem) for stem in STEMS}


FAMILY = Family(
    "cudnn_shim",
    "entries for hipDNN's cuDNN-compatibility shim",
    _fragments,
    copied=False,
    registers_in_some={"shim_properties": surfaces.SHIM_PROPERTIES, "shim_wrapper": surfaces.SHIM_WRAPPER},
    registers_some=surfaces.has_shim_entry,
    surface=surfaces.CUDNN,
)
