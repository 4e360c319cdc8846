"""Registry-entries family: one fragment per shared hipDNN file an op must be registered in.

The fragments are not copied; `apply` pastes each into the shared file it names, in that file's
own style and order (codegen/apply.py)."""

from __future__ import annotations

from codegen.views import naming
from codegen.families import Family
from codegen.spec.model import OpSpec
from codegen.views.naming import OpNames

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
    "cmake_integration_tests": "tests/frontend/CMakeLists.txt",
    "graph_fbs": "flatbuffers_sdk/schemas/graph.fbs",
    "cmake_schemas": "flatbuffers_sdk/CMakeLists.txt",
    "cmake_flatbuffers_tests": "flatbuffers_sdk/tests/CMakeLists.txt",
    "json_graph": "flatbuffers_sdk/include/hipdnn_flatbuffers_sdk/utilities/json/Graph.hpp",
}

# The shared files an op that introduces an enum to hipDNN registers it in (hipDNN's newest enum,
# MoeGroupedMatmulMode, touches the same ones). The test files are already in the CMake lists.
ENUM_SHARED_FILES = {
    "backend_api": "backend/include/hipdnn_backend.h",
    "type_tags": "backend/include/HipdnnBackendAttributeType.h",
    "conversion_hpp": "backend/src/descriptors/DataTypeConversion.hpp",
    "conversion_cpp": "backend/src/descriptors/DataTypeConversion.cpp",
    "attribute_utils_hpp": "backend/src/descriptors/DescriptorAttributeUtils.hpp",
    "attribute_utils_cpp": "backend/src/descriptors/DescriptorAttributeUtils.cpp",
    "frontend_types": "frontend/include/hipdnn_frontend/Types.hpp",
    "conversion_tests": "backend/tests/descriptors/TestDataTypeConversion.cpp",
    "attribute_utils_tests": "backend/tests/descriptors/TestDescriptorAttributeUtils.cpp",
    "frontend_type_tests": "frontend/tests/TestTypes.cpp",
}


def _outputs(names: OpNames) -> dict[str, str]:
    stems = dict(naming.REGISTRY_FRAGMENTS)
    if names.spec.new_enums:
        stems.update(naming.ENUM_FRAGMENTS)
    return {f"registry/{stem}.j2": f"registry/{target}" for stem, target in stems.items()}


def _introduces_enum(spec: OpSpec) -> bool:
    return bool(spec.new_enums)


FAMILY = Family(
    "registry",
    "entries for hipDNN's shared files",
    _outputs,
    copied=False,
    registers_in=SHARED_FILES,
    registers_in_some=ENUM_SHARED_FILES,
    registers_some=_introduces_enum,
)
