"""Graph test utilities family: the op's createValid<Op>Graph() for the test SDK's FlatBuffers graph
test utilities (FlatbufferGraphTestUtils.hpp, which provider and integration tests build graphs
with), as a fragment `apply` pastes into that shared header with the include of the op's test
constants."""

from __future__ import annotations

from codegen.families import Family
from codegen.views.naming import GRAPH_TEST_UTILS, GRAPH_TEST_UTILS_FRAGMENTS, OpNames


def _fragments(names: OpNames) -> dict[str, str]:
    return {f"graph_test_utils/{stem}.j2": f"registry/{target}" for stem, target in GRAPH_TEST_UTILS_FRAGMENTS.items()}


FAMILY = Family(
    "graph_test_utils",
    "createValid<Op>Graph() for the test SDK's graph test utilities",
    _fragments,
    copied=False,
    registers_in={"graph_test_utils": GRAPH_TEST_UTILS},
)
