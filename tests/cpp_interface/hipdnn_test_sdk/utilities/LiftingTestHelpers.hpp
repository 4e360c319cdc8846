// Stand-in for hipDNN's test_sdk LiftingTestHelpers.hpp. Checked against ids 64401794917 /
// 55489163588: hipdnn_tests::liftGraph(TestableGraphLifting&, hipdnnHandle_t) (validate,
// build_operation_graph, lift the raw descriptor with fromBackendDescriptor; nullptr after a failed
// step) and hipdnn_tests::liftGraphWithoutFinalization(TestableGraphLifting&) (validate, to_binary,
// a backend descriptor from the bytes with no handle and no finalize, lifted). buildConvFpropGraph
// is not declared. Declarations only (compiled, not run, here).
#pragma once

#include <hipdnn_backend.h>
#include <hipdnn_test_sdk/utilities/TestableGraph.hpp>

#include <memory>

namespace hipdnn_tests
{

std::shared_ptr<TestableGraphLifting> liftGraph(TestableGraphLifting& graph, hipdnnHandle_t handle);
std::shared_ptr<TestableGraphLifting> liftGraphWithoutFinalization(TestableGraphLifting& graph);

} // namespace hipdnn_tests
