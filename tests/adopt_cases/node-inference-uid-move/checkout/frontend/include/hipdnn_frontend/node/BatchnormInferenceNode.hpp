// Copyright © Advanced Micro Devices, Inc., or its affiliates.
// SPDX-License-Identifier: MIT

// hipdnn-codegen adopt case, written for this project in the format of hipDNN's
// frontend/include/hipdnn_frontend/node/BatchnormInferenceNode.hpp (checked against index id
// 59695239711, ROCm/rocm-libraries). The fact it carries: infer_properties_node() gives y the dims
// and strides of x when y has none. The class and method names are hipDNN's; the bodies are short
// ones of our own (validation and packing left out).

#pragma once

#include <hipdnn_frontend/attributes/BatchnormInferenceAttributes.hpp>

namespace hipdnn_frontend::graph
{
class BatchnormInferenceNode : public BaseNode<BatchnormInferenceNode>
{
public:
    BatchnormInferenceAttributes attributes;

    Error infer_properties_node() override
    {
        auto x = attributes.get_x();
        auto y = attributes.get_y();
        if(!x || !y)
        {
            return {ErrorCode::ATTRIBUTE_NOT_SET, "x and y are needed to infer y"};
        }
        if(y->get_dim().empty())
        {
            y->set_dim(x->get_dim());
        }
        if(y->get_stride().empty())
        {
            y->set_stride(x->get_stride());
        }
        return {};
    }
};
} // namespace hipdnn_frontend::graph
