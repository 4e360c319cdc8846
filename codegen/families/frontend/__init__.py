"""Frontend family: the attributes class a graph node carries, what lowers it into a descriptor
(packer) and what lifts it back (unpacker)."""

from __future__ import annotations

from codegen.families import Family
from codegen.views.naming import OpNames


def _outputs(names: OpNames) -> dict[str, str]:
    return {
        "frontend/attributes.hpp.j2": names.frontend_attributes_hpp,
        "frontend/packer.hpp.j2": names.packer_hpp,
        "frontend/unpacker.hpp.j2": names.unpacker_hpp,
        "frontend/node.hpp.j2": names.frontend_node_hpp,
    }


FAMILY = Family("frontend", "the frontend attributes class, packer, unpacker and node", _outputs)
