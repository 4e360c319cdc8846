// Stand-in for hipDNN's plugin_sdk/include/hipdnn_plugin_sdk/heuristics/EngineFeatures.hpp as a hipDNN
// that registers every op of op_specs/ has it, written for hipdnn-codegen's adoption tests (not hipDNN
// code; never compiled). Facts read in the fork rdoshi-amd's file, search-index id 70308080706: one
// `nodeFlops(const Graph&, const data_objects::<Table>&)` overload per counted type, in hipDNN's forms
// (`perElement(tensor(graph, op.x_tensor_uid()), N)` for the norm and block-scale ops: batchnorm 5,
// batchnorm backward 8, batchnorm inference 2, block-scale quantize and dequantize 2, layernorm backward
// 8, RMSNorm backward 6; SDPA backward refusing dbias and inverse-scaled dropout, then 2.5 times
// attentionFlops), and logicalFlops' switch: a `return flopsOf(...)` case per counted type, then the
// types without a counting convention (MoE, custom ops) under one comment, falling through to
// `default:`. Shortened to those types; the helpers (tensor, shaped, elements, perElement,
// attentionFlops, flopsOf) are declared only, their bodies left out. The fixture tree's own
// EngineFeatures.hpp keeps only the two ops it registers, so `apply` has the others to add.

#pragma once

#include <optional>

namespace hipdnn_plugin_sdk::heuristics
{
namespace detail
{
using Graph = hipdnn_flatbuffers_sdk::data_objects::Graph;
using Tensor = hipdnn_flatbuffers_sdk::data_objects::TensorAttributes;
using Node = hipdnn_flatbuffers_sdk::data_objects::Node;

const Tensor* tensor(const Graph& graph, int64_t uid);
std::optional<double> perElement(const Tensor* value, double operations);
template <typename TAttention>
std::optional<double> attentionFlops(const Graph& graph, const TAttention& op);

// One overload per node type: a multiply-add is 2, an element-wise operation 1 per element.

// FlashAttention's count: two and a half times the forward's.
inline std::optional<double>
    nodeFlops(const Graph& graph,
              const hipdnn_flatbuffers_sdk::data_objects::SdpaBackwardAttributes& op)
{
    // no convention yet for a bias gradient or an inverse dropout scale
    if(op.dbias_tensor_uid() || op.dropout_scale_inv_tensor_uid())
    {
        return std::nullopt;
    }
    const auto forward = attentionFlops(graph, op);
    if(!forward)
    {
        return std::nullopt;
    }
    return 2.5 * *forward;
}

inline std::optional<double>
    nodeFlops(const Graph& graph,
              const hipdnn_flatbuffers_sdk::data_objects::BatchnormInferenceAttributes& op)
{
    return perElement(tensor(graph, op.x_tensor_uid()), 2.0);
}

inline std::optional<double>
    nodeFlops(const Graph& graph,
              const hipdnn_flatbuffers_sdk::data_objects::BatchnormAttributes& op)
{
    return perElement(tensor(graph, op.x_tensor_uid()), 5.0);
}

inline std::optional<double>
    nodeFlops(const Graph& graph,
              const hipdnn_flatbuffers_sdk::data_objects::BatchnormBackwardAttributes& op)
{
    return perElement(tensor(graph, op.x_tensor_uid()), 8.0);
}

inline std::optional<double>
    nodeFlops(const Graph& graph,
              const hipdnn_flatbuffers_sdk::data_objects::LayernormBackwardAttributes& op)
{
    return perElement(tensor(graph, op.x_tensor_uid()), 8.0);
}

inline std::optional<double>
    nodeFlops(const Graph& graph,
              const hipdnn_flatbuffers_sdk::data_objects::RMSNormBackwardAttributes& op)
{
    return perElement(tensor(graph, op.x_tensor_uid()), 6.0);
}

inline std::optional<double>
    nodeFlops(const Graph& graph,
              const hipdnn_flatbuffers_sdk::data_objects::BlockScaleQuantizeAttributes& op)
{
    return perElement(tensor(graph, op.x_tensor_uid()), 2.0);
}

inline std::optional<double>
    nodeFlops(const Graph& graph,
              const hipdnn_flatbuffers_sdk::data_objects::BlockScaleDequantizeAttributes& op)
{
    return perElement(tensor(graph, op.x_tensor_uid()), 2.0);
}

template <typename TAttributes>
std::optional<double> flopsOf(const Graph& graph, const TAttributes* op);

// The node's work, the same for every engine; unknown when the operands' contents decide it.
inline std::optional<double> logicalFlops(const Graph& graph, const Node& node, bool dataDependent)
{
    using hipdnn_flatbuffers_sdk::data_objects::NodeAttributes;
    if(dataDependent)
    {
        return std::nullopt;
    }
    switch(node.attributes_type())
    {
    case NodeAttributes::SdpaBackwardAttributes:
        return flopsOf(graph, node.attributes_as_SdpaBackwardAttributes());
    case NodeAttributes::BatchnormInferenceAttributes:
        return flopsOf(graph, node.attributes_as_BatchnormInferenceAttributes());
    case NodeAttributes::BatchnormAttributes:
        return flopsOf(graph, node.attributes_as_BatchnormAttributes());
    case NodeAttributes::BatchnormBackwardAttributes:
        return flopsOf(graph, node.attributes_as_BatchnormBackwardAttributes());
    case NodeAttributes::LayernormBackwardAttributes:
        return flopsOf(graph, node.attributes_as_LayernormBackwardAttributes());
    case NodeAttributes::RMSNormBackwardAttributes:
        return flopsOf(graph, node.attributes_as_RMSNormBackwardAttributes());
    case NodeAttributes::BlockScaleQuantizeAttributes:
        return flopsOf(graph, node.attributes_as_BlockScaleQuantizeAttributes());
    case NodeAttributes::BlockScaleDequantizeAttributes:
        return flopsOf(graph, node.attributes_as_BlockScaleDequantizeAttributes());
    // MoE work follows the routing offsets' contents, and a custom op is opaque.
    case NodeAttributes::MoeGroupedMatmulAttributes:
    case NodeAttributes::MoeGroupedMatmulBwdAttributes:
    case NodeAttributes::CustomOpAttributes:
    default:
        return std::nullopt;
    }
}
} // namespace detail
} // namespace hipdnn_plugin_sdk::heuristics
