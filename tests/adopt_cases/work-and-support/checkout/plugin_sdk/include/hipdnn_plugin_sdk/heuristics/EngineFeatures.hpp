// Stand-in for hipDNN's plugin_sdk/include/hipdnn_plugin_sdk/heuristics/EngineFeatures.hpp, written for
// hipdnn-codegen's adopt case work-and-support (not hipDNN code; never compiled). Facts from the fork
// rdoshi-amd's file, search-index id 70308080706: batchnorm inference's nodeFlops overload (2 operations
// per element of x, through perElement) and its logicalFlops case. Shortened to that op.

#pragma once

#include <optional>

namespace hipdnn_plugin_sdk::heuristics
{
namespace detail
{
inline std::optional<double>
    nodeFlops(const Graph& graph,
              const hipdnn_flatbuffers_sdk::data_objects::BatchnormInferenceAttributes& op)
{
    return perElement(tensor(graph, op.x_tensor_uid()), 2.0);
}

inline std::optional<double> logicalFlops(const Graph& graph, const Node& node, bool dataDependent)
{
    switch(node.attributes_type())
    {
    case NodeAttributes::BatchnormInferenceAttributes:
        return flopsOf(graph, node.attributes_as_BatchnormInferenceAttributes());
    default:
        return std::nullopt;
    }
}
} // namespace detail
} // namespace hipdnn_plugin_sdk::heuristics
