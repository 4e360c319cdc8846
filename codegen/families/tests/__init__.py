"""Tests family: gtest files at hipDNN's bar (backend descriptor, fromNode, graph descriptor, frontend attributes)
and the test-SDK constants they share."""

from __future__ import annotations

from codegen.families import Family
from codegen.views.naming import OpNames


def _outputs(names: OpNames) -> dict[str, str]:
    return {
        "tests/test_descriptor.cpp.j2": names.descriptor_test,
        "tests/test_from_node.cpp.j2": names.from_node_test,
        "tests/test_graph_descriptor.cpp.j2": names.graph_descriptor_test,
        "tests/test_integration_lowering.cpp.j2": names.integration_lowering_test,
        "tests/test_integration_lifting.cpp.j2": names.integration_lifting_test,
        "tests/constants.hpp.j2": names.constants_hpp,
        "tests/test_attributes.cpp.j2": names.frontend_attributes_test,
        "tests/test_node.cpp.j2": names.frontend_node_test,
        "tests/test_graph.cpp.j2": names.graph_test,
        "tests/test_json.cpp.j2": names.json_test,
    }


FAMILY = Family("tests", "the descriptor, fromNode, graph-descriptor, integration lowering and lifting, frontend attributes and node tests and the test constants", _outputs)
