// Copyright © Advanced Micro Devices, Inc., or its affiliates.
// SPDX-License-Identifier:  MIT
// Auteur : André (Latin-1 encoded)

// hipdnn-codegen test fixture, written for this project in the format of hipDNN's
// backend/src/descriptors/NodeFactory.cpp (checked against index ids 55506198327 and 64732802178:
// the double space in the SPDX line; "NodeFactory.hpp" first, then sorted "..." includes;
// createOperationFromNode() declares the LOCAL ALIAS
// `using NodeAttributes = hipdnn_flatbuffers_sdk::data_objects::NodeAttributes;` and every case
// uses it; cases sorted by table name case-insensitively, with ResampleFwdAttributes appended out of
// order at the end; `default:` throws). The LayernormBackward case and include are not in the
// indexed versions and were added in the same style (unverified).

#include "NodeFactory.hpp"
#include "BatchnormOperationDescriptor.hpp"
#include "HipdnnException.hpp"
#include "RMSNormBackwardOperationDescriptor.hpp"

namespace hipdnn_backend
{

std::shared_ptr<IBackendDescriptor> NodeFactory::createOperationFromNode(
    const hipdnn_flatbuffers_sdk::data_objects::NodeT& nodeT,
    const std::unordered_map<int64_t, std::shared_ptr<TensorDescriptor>>& tensorMap)
{
    using NodeAttributes = hipdnn_flatbuffers_sdk::data_objects::NodeAttributes;

    switch(nodeT.attributes.type)
    {
    case NodeAttributes::BatchnormAttributes:
        return BatchnormOperationDescriptor::fromNode(nodeT, tensorMap);
    case NodeAttributes::ConvolutionFwdAttributes:
        return ConvolutionFwdOperationDescriptor::fromNode(nodeT, tensorMap);
    case NodeAttributes::CustomOpAttributes:
        return CustomOpOperationDescriptor::fromNode(nodeT, tensorMap);
    case NodeAttributes::LayernormAttributes:
        return LayernormOperationDescriptor::fromNode(nodeT, tensorMap);
    case NodeAttributes::ReductionAttributes:
        return ReductionOperationDescriptor::fromNode(nodeT, tensorMap);
    case NodeAttributes::RMSNormBackwardAttributes:
        return RMSNormBackwardOperationDescriptor::fromNode(nodeT, tensorMap);
    case NodeAttributes::SdpaBackwardAttributes:
        return SdpaBwdOperationDescriptor::fromNode(nodeT, tensorMap);
    case NodeAttributes::ResampleFwdAttributes:
        return ResampleFwdOperationDescriptor::fromNode(nodeT, tensorMap);
    default:
        throw HipdnnException(
            HIPDNN_STATUS_NOT_SUPPORTED,
            "NodeFactory::createOperationFromNode: unsupported node type "
                + std::string(hipdnn_flatbuffers_sdk::data_objects::EnumNameNodeAttributes(
                    nodeT.attributes.type)));
    }
}

} // namespace hipdnn_backend
