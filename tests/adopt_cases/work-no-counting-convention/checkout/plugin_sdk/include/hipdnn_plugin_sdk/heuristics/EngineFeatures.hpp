// Stand-in for hipDNN's plugin_sdk/include/hipdnn_plugin_sdk/heuristics/EngineFeatures.hpp, written for
// hipdnn-codegen's adopt case work-no-counting-convention (not hipDNN code; never compiled). Facts from
// the fork rdoshi-amd's file, search-index id 70308080706: logicalFlops' switch returns flopsOf(...)
// for each counted type, then lists the types without a counting convention (the two MoE grouped
// matmuls and the custom op) under one comment giving the reason, falling through to `default:`,
// which returns unknown. Shortened to one counted case and that group; the comment is this case's.

#pragma once

#include <optional>

namespace hipdnn_plugin_sdk::heuristics
{
namespace detail
{
inline std::optional<double> logicalFlops(const Graph& graph, const Node& node, bool dataDependent)
{
    switch(node.attributes_type())
    {
    case NodeAttributes::BatchnormInferenceAttributes:
        return flopsOf(graph, node.attributes_as_BatchnormInferenceAttributes());
    // Grouped MoE work depends on the routing offsets; a custom op is opaque to the host.
    case NodeAttributes::MoeGroupedMatmulAttributes:
    case NodeAttributes::MoeGroupedMatmulBwdAttributes:
    case NodeAttributes::CustomOpAttributes:
    default:
        return std::nullopt;
    }
}
} // namespace detail
} // namespace hipdnn_plugin_sdk::heuristics
