"""Backend family: the operation descriptor class hipDNN's backend compiles (header and source)."""

from __future__ import annotations

from codegen.views import naming
from codegen.families import Family
from codegen.views.naming import OpNames


def _outputs(names: OpNames) -> dict[str, str]:
    outputs = {"backend/descriptor.hpp.j2": names.descriptor_hpp, "backend/descriptor.cpp.j2": names.descriptor_cpp}
    for enum in names.spec.new_enums:  # the C enum of each enum the op introduces to hipDNN
        outputs[f"backend/c_enum.h.j2#{enum.name}"] = naming.c_enum_header_path(enum)
    return outputs


FAMILY = Family("backend", "the backend operation descriptor, and the C header of each enum the op introduces", _outputs)
