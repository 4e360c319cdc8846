"""Frontend family: what lowers a graph node into a descriptor (packer) and lifts it back (unpacker)."""

from __future__ import annotations

from codegen.families import Family
from codegen.naming import OpNames


def _outputs(names: OpNames) -> dict[str, str]:
    return {"frontend/packer.hpp.j2": names.packer_hpp, "frontend/unpacker.hpp.j2": names.unpacker_hpp}


FAMILY = Family("frontend", "the frontend packer and unpacker", _outputs)
