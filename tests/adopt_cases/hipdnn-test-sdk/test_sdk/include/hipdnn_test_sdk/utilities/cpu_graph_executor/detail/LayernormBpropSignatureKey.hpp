// Copyright © Advanced Micro Devices, Inc., or its affiliates.
// SPDX-License-Identifier: MIT

// hipdnn-codegen adoption stand-in, written for this project in the layout of hipDNN's
// test_sdk/include/hipdnn_test_sdk/utilities/cpu_graph_executor/detail/LayernormBpropSignatureKey.hpp
// (checked against index id 66419224350, tvy-amd fork). Facts kept: the key's DataType fields in
// order (y, scaleBias, meanInvVariance, x, compute), the tensor each is read from, the fallback of
// meanInvVariance to scaleBias when the saved statistics are absent, the nine registered
// combinations in hipDNN's order and the plan builder's template order. Everything else is left out.

#pragma once

#include <hipdnn_test_sdk/utilities/cpu_graph_executor/detail/LayernormBpropPlan.hpp>

namespace hipdnn_test_sdk::detail
{

using hipdnn_flatbuffers_sdk::data_objects::DataType;

struct LayernormBpropSignatureKey
{
    DataType yDataType;
    DataType scaleBiasDataType;
    DataType meanInvVarianceDataType;
    DataType xDataType;
    DataType computeDataType;

    LayernormBpropSignatureKey(const Node& node, const TensorMap& tensorMap)
    {
        const auto* attrs = node.attributes_as_LayernormBackwardAttributes();
        yDataType = tensorMap.at(attrs->dy_tensor_uid())->data_type();
        xDataType = tensorMap.at(attrs->x_tensor_uid())->data_type();
        scaleBiasDataType = tensorMap.at(attrs->scale_tensor_uid())->data_type();
        computeDataType = node.compute_data_type();
        if(attrs->mean_tensor_uid().has_value())
        {
            meanInvVarianceDataType = tensorMap.at(attrs->mean_tensor_uid().value())->data_type();
        }
        else
        {
            meanInvVarianceDataType = scaleBiasDataType;
        }
    }

    static BuilderMap getPlanBuilders()
    {
        BuilderMap map;
        addPlanBuilder<DataType::FLOAT,
                       DataType::FLOAT,
                       DataType::FLOAT,
                       DataType::FLOAT,
                       DataType::FLOAT>(map);
        addPlanBuilder<DataType::HALF,
                       DataType::FLOAT,
                       DataType::FLOAT,
                       DataType::HALF,
                       DataType::FLOAT>(map);
        addPlanBuilder<DataType::BFLOAT16,
                       DataType::FLOAT,
                       DataType::FLOAT,
                       DataType::BFLOAT16,
                       DataType::FLOAT>(map);
        addPlanBuilder<DataType::FLOAT,
                       DataType::FLOAT,
                       DataType::FLOAT,
                       DataType::HALF,
                       DataType::FLOAT>(map);
        addPlanBuilder<DataType::FLOAT,
                       DataType::FLOAT,
                       DataType::FLOAT,
                       DataType::BFLOAT16,
                       DataType::FLOAT>(map);
        addPlanBuilder<DataType::HALF,
                       DataType::HALF,
                       DataType::HALF,
                       DataType::HALF,
                       DataType::HALF>(map);
        addPlanBuilder<DataType::BFLOAT16,
                       DataType::BFLOAT16,
                       DataType::BFLOAT16,
                       DataType::BFLOAT16,
                       DataType::BFLOAT16>(map);
        addPlanBuilder<DataType::HALF,
                       DataType::HALF,
                       DataType::HALF,
                       DataType::HALF,
                       DataType::FLOAT>(map);
        addPlanBuilder<DataType::BFLOAT16,
                       DataType::BFLOAT16,
                       DataType::BFLOAT16,
                       DataType::BFLOAT16,
                       DataType::FLOAT>(map);
        return map;
    }

    template <DataType YDataTypeEnum,
              DataType ScaleBiasDataTypeEnum,
              DataType MeanInvVarianceDataTypeEnum,
              DataType XDataTypeEnum,
              DataType ComputeDataTypeEnum>
    static void addPlanBuilder(BuilderMap& map)
    {
        map[LayernormBpropSignatureKey(YDataTypeEnum,
                                       ScaleBiasDataTypeEnum,
                                       MeanInvVarianceDataTypeEnum,
                                       XDataTypeEnum,
                                       ComputeDataTypeEnum)]
            = std::make_unique<LayernormBpropPlanBuilder<YDataTypeEnum,
                                                         ScaleBiasDataTypeEnum,
                                                         MeanInvVarianceDataTypeEnum,
                                                         XDataTypeEnum,
                                                         ComputeDataTypeEnum>>();
    }
};

} // namespace hipdnn_test_sdk::detail
