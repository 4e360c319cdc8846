// Copyright © Advanced Micro Devices, Inc., or its affiliates.
// SPDX-License-Identifier: MIT

// hipdnn-codegen test fixture, written for this project in the format of hipDNN's
// frontend/include/hipdnn_frontend/detail/BlockScaleQuantizePacker.hpp (checked against index id
// 55555844593, fork tfalders). The fact it carries: the packer refuses to pack (ATTRIBUTE_NOT_SET)
// while block_size is unset, and packs axis only when set. The signature is hipDNN's; the body is a
// short one of our own (the descriptor calls are left out).

#pragma once

#include <hipdnn_frontend/attributes/BlockScaleQuantizeAttributes.hpp>
#include <hipdnn_frontend/detail/DescriptorHelpers.hpp>

namespace hipdnn_frontend::detail
{

inline Error createBlockScaleQuantizeOperation(
    const graph::BlockScaleQuantizeAttributes& attributes,
    std::unordered_map<int64_t, ScopedHipdnnBackendDescriptor>& tensorDescs,
    std::vector<ScopedHipdnnBackendDescriptor>& operations)
{
    if(!attributes.get_block_size().has_value())
    {
        return {ErrorCode::ATTRIBUTE_NOT_SET, "block_size must be set before packing"};
    }
    if(attributes.get_axis().has_value())
    {
        // the axis is packed only when given
    }
    static_cast<void>(tensorDescs);
    static_cast<void>(operations);
    return {};
}

} // namespace hipdnn_frontend::detail
