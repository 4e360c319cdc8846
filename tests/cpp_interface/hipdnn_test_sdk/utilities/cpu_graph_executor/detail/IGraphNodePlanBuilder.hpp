// Stand-in for cpu_graph_executor/detail/IGraphNodePlanBuilder.hpp, written for hipdnn-codegen's
// compile check. Checked against id 55106286358 (tfalders fork): namespace
// hipdnn_test_sdk::detail, isApplicable(node, tensor map) and buildNodePlan(graph, node), both
// const, on the hipdnn_flatbuffers_sdk types.
#pragma once

#include <cstdint>
#include <memory>
#include <unordered_map>

#include <hipdnn_flatbuffers_sdk/data_objects/graph_generated.h>
#include <hipdnn_flatbuffers_sdk/flatbuffer_utilities/GraphWrapper.hpp>
#include <hipdnn_test_sdk/utilities/cpu_graph_executor/detail/IGraphNodePlanExecutor.hpp>

namespace hipdnn_test_sdk::detail
{

class IGraphNodePlanBuilder
{
public:
    virtual ~IGraphNodePlanBuilder() = default;
    virtual bool isApplicable(
        const hipdnn_flatbuffers_sdk::data_objects::Node& node,
        const std::unordered_map<int64_t, const hipdnn_flatbuffers_sdk::data_objects::TensorAttributes*>& tensorMap)
        const = 0;
    virtual std::unique_ptr<IGraphNodePlanExecutor>
        buildNodePlan(const hipdnn_flatbuffers_sdk::flatbuffer_utilities::IGraph& graph,
                      const hipdnn_flatbuffers_sdk::data_objects::Node& node) const = 0;
};

} // namespace hipdnn_test_sdk::detail
