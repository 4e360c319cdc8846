// Stand-in for hipDNN's test_sdk LoweringTestHelpers.hpp. Checked against ids 65632084934 /
// 55176592591: hipdnn_tests::lowerAndDeserialize(TestableGraphLowering&, hipdnnHandle_t) -> GraphT
// (validate, build_operation_graph_via_descriptors, the raw descriptor's serialized binary graph,
// unpacked; an empty GraphT after a failed step) and hipdnn_tests::buildTensorMap(const GraphT&) ->
// uid -> const TensorAttributesT*. Era-A namespace hipdnn_flatbuffers_sdk (the newest upstream
// spells it hipdnn_data_sdk). Declarations only: the integration tests that use them are compiled,
// not run, here (they need a device, a handle and the plugin pipeline).
#pragma once

#include <hipdnn_backend.h>
#include <hipdnn_flatbuffers_sdk/data_objects/graph_generated.h>
#include <hipdnn_test_sdk/utilities/TestableGraph.hpp>

#include <cstdint>
#include <unordered_map>

namespace hipdnn_tests
{

hipdnn_flatbuffers_sdk::data_objects::GraphT lowerAndDeserialize(TestableGraphLowering& graph, hipdnnHandle_t handle);

std::unordered_map<int64_t, const hipdnn_flatbuffers_sdk::data_objects::TensorAttributesT*>
    buildTensorMap(const hipdnn_flatbuffers_sdk::data_objects::GraphT& graphT);

} // namespace hipdnn_tests
