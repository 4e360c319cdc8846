"""hipDNN's own files of the shipped ops that the fixture tree (tests/fixtures/hipdnn_tree) holds for
the drift gate and for adoption (OPS.md). `apply` refuses to replace a file it did not write, so a
test that applies these ops to a copy of the fixture first removes them, as before the fixture held
them; test_apply and test_atomicity both read the one list here."""

from __future__ import annotations

# Hand-written per-op files of the shipped ops, by op.
HAND_WRITTEN: dict[str, list[str]] = {
    "layernorm_bwd": [
        "frontend/include/hipdnn_frontend/attributes/LayernormBackwardAttributes.hpp",
        "frontend/include/hipdnn_frontend/node/LayernormBackwardNode.hpp",
        "frontend/tests/TestLayernormBackwardAttributes.cpp",
        "test_sdk/include/hipdnn_test_sdk/constants/LayernormBackwardConstants.hpp",
        "test_sdk/include/hipdnn_test_sdk/utilities/cpu_graph_executor/detail/LayernormBpropPlan.hpp",
        "test_sdk/include/hipdnn_test_sdk/utilities/cpu_graph_executor/detail/LayernormBpropSignatureKey.hpp",
    ],
    "sdpa_bwd": [
        "frontend/include/hipdnn_frontend/attributes/SdpaBackwardAttributes.hpp",
        "frontend/include/hipdnn_frontend/node/SdpaBwdNode.hpp",
        "test_sdk/include/hipdnn_test_sdk/constants/SdpaBwdConstants.hpp",
    ],
}
# Their schemas (hipDNN's, in the fixture).
SCHEMAS: dict[str, str] = {
    "layernorm_bwd": "flatbuffers_sdk/schemas/layernorm_backward_attributes.fbs",
    "sdpa_bwd": "flatbuffers_sdk/schemas/sdpa_backward_attributes.fbs",
}
# Every op's hand-written files, in one sorted list.
SHIPPED_HAND_WRITTEN: list[str] = sorted(rel for files in HAND_WRITTEN.values() for rel in files)


def hand_written(op: str) -> list[str]:
    """The files of `op` to remove from a copy of the fixture before applying it: its hand-written
    files and its schema."""
    return HAND_WRITTEN[op] + [SCHEMAS[op]]
