// Copyright © Advanced Micro Devices, Inc., or its affiliates.
// SPDX-License-Identifier:  MIT

// hipdnn-codegen test fixture, written for this project in the format of hipDNN's
// frontend/include/hipdnn_frontend/detail/OperationUnpacker.hpp (checked against index id
// 55376356773: ONE sorted block of <...> includes, case-sensitive, so <HipdnnOperationType.h> comes
// before <array> and the node headers sit between <hipdnn_frontend/...> and <memory>;
// createNodeForType() switches on hipdnnOperationType_ext_t with cases sorted by name, _EXT
// ignored, and HIPDNN_OPERATION_TYPE_RESAMPLE_FWD (no _EXT) appended out of order at the end; each
// case returns a make_shared node wrapped the way clang-format wraps it). The LayernormBackward
// include and case are not in the indexed version and were added in the same style (unverified).

#pragma once

#include <HipdnnOperationType.h>
#include <array>
#include <hipdnn_frontend/Error.hpp>
#include <hipdnn_frontend/attributes/GraphAttributes.hpp>
#include <hipdnn_frontend/detail/BackendWrapper.hpp>
#include <hipdnn_frontend/node/BatchnormNode.hpp>
#include <hipdnn_frontend/node/ConvolutionFpropNode.hpp>
#include <hipdnn_frontend/node/CustomOpNode.hpp>
#include <hipdnn_frontend/node/LayerNormNode.hpp>
#include <hipdnn_frontend/node/Node.hpp>
#include <hipdnn_frontend/node/RMSNormBackwardNode.hpp>
#include <hipdnn_frontend/node/ReductionNode.hpp>
#include <hipdnn_frontend/node/ResampleFwdNode.hpp>
#include <hipdnn_frontend/node/SdpaBwdNode.hpp>
#include <memory>
#include <string>
#include <unordered_map>

namespace hipdnn_frontend::detail
{

/// Makes an empty frontend node for a backend operation type.
[[nodiscard]] inline std::pair<std::shared_ptr<graph::INode>, Error>
    createNodeForType(hipdnnOperationType_ext_t opType, const graph::GraphAttributes& graphAttrs)
{
    switch(opType)
    {
    case HIPDNN_OPERATION_TYPE_BATCHNORM_EXT:
        return {std::make_shared<graph::BatchnormNode>(graph::BatchnormAttributes{}, graphAttrs),
                {}};
    case HIPDNN_OPERATION_TYPE_CONVOLUTION_FORWARD_EXT:
        return {
            std::make_shared<graph::ConvolutionFpropNode>(graph::ConvFpropAttributes{}, graphAttrs),
            {}};
    case HIPDNN_OPERATION_TYPE_CUSTOM_OP_EXT:
        return {std::make_shared<graph::CustomOpNode>(graph::CustomOpAttributes{}, graphAttrs), {}};
    case HIPDNN_OPERATION_TYPE_LAYERNORM_EXT:
        return {std::make_shared<graph::LayerNormNode>(graph::LayernormAttributes{}, graphAttrs),
                {}};
    case HIPDNN_OPERATION_TYPE_REDUCTION_EXT:
        return {std::make_shared<graph::ReductionNode>(graph::ReductionAttributes{}, graphAttrs),
                {}};
    case HIPDNN_OPERATION_TYPE_RMSNORM_BACKWARD_EXT:
        return {std::make_shared<graph::RMSNormBackwardNode>(graph::RMSNormBackwardAttributes{},
                                                             graphAttrs),
                {}};
    case HIPDNN_OPERATION_TYPE_SDPA_BACKWARD_EXT:
        return {std::make_shared<graph::SdpaBwdNode>(graph::SdpaBackwardAttributes{}, graphAttrs),
                {}};
    case HIPDNN_OPERATION_TYPE_RESAMPLE_FWD:
        return {
            std::make_shared<graph::ResampleFwdNode>(graph::ResampleFwdAttributes{}, graphAttrs),
            {}};
    default:
        return {nullptr,
                {ErrorCode::HIPDNN_BACKEND_ERROR,
                 "Unsupported operation type for graph lifting (type id: "
                     + std::to_string(static_cast<int>(opType)) + ")"}};
    }
}

} // namespace hipdnn_frontend::detail
