"""Graph test utilities family: the op's createValid<Op>Graph() for the test SDK's FlatBuffers graph
test utilities (FlatbufferGraphTestUtils.hpp, which provider and integration tests build graphs
with), as a fragment `apply` pastes into that shared header with the include of the op's test
constants."""

from __future__ import annotations

from codegen.families import Family, registry_fragments
from codegen.views.naming import GRAPH_TEST_UTILS, GRAPH_TEST_UTILS_FRAGMENTS


FAMILY = Family(
    "graph_test_utils",
    "createValid<Op>Graph() for the test SDK's graph test utilities",
    registry_fragments("graph_test_utils", GRAPH_TEST_UTILS_FRAGMENTS),
    copied=False,
    registers_in={"graph_test_utils": GRAPH_TEST_UTILS},
)
