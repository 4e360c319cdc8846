"""Registry-entries family: one fragment per shared hipDNN file an op must be registered in.

The fragments are not copied; `apply` pastes each into the shared file it names, in that file's
own style and order (codegen/apply.py)."""

from __future__ import annotations

from codegen import naming
from codegen.families import Family
from codegen.naming import OpNames

# The shared files, by the key apply.py uses for each; paths are under projects/hipdnn/.
SHARED_FILES = {
    "attributes": "backend/include/HipdnnBackendAttributeName.h",
    "descriptor_types": "backend/include/HipdnnBackendDescriptorType.h",
    "operation_types": "backend/include/HipdnnOperationType.h",
    "strings": "backend/src/BackendEnumStringUtils.hpp",
    "descriptor_factory": "backend/src/descriptors/DescriptorFactory.cpp",
    "node_factory": "backend/src/descriptors/NodeFactory.cpp",
    "unpacker": "frontend/include/hipdnn_frontend/detail/OperationUnpacker.hpp",
    "cmake_sources": "backend/src/CMakeLists.txt",
    "cmake_tests": "backend/tests/CMakeLists.txt",
    "string_tests": "backend/tests/TestBackendEnumStringUtils.cpp",
    "node_types": "frontend/include/hipdnn_frontend/node/NodeType.hpp",
    "graph": "frontend/include/hipdnn_frontend/Graph.hpp",
    "cmake_frontend_tests": "frontend/tests/CMakeLists.txt",
}


def _outputs(names: OpNames) -> dict[str, str]:
    return {f"registry/{stem}.j2": f"registry/{target}" for stem, target in naming.REGISTRY_FRAGMENTS.items()}


FAMILY = Family("registry", "entries for hipDNN's shared files", _outputs, copied=False, registers_in=SHARED_FILES)
