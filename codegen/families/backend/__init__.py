"""Backend family: the operation descriptor class hipDNN's backend compiles (header and source)."""

from __future__ import annotations

from codegen.families import Family
from codegen.naming import OpNames


def _outputs(names: OpNames) -> dict[str, str]:
    return {"backend/descriptor.hpp.j2": names.descriptor_hpp, "backend/descriptor.cpp.j2": names.descriptor_cpp}


FAMILY = Family("backend", "the backend operation descriptor", _outputs)
