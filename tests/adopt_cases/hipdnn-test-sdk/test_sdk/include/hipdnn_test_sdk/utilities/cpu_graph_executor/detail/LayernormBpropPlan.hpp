// Copyright © Advanced Micro Devices, Inc., or its affiliates.
// SPDX-License-Identifier: MIT

// hipdnn-codegen adoption stand-in, written for this project in the layout of hipDNN's
// test_sdk/include/hipdnn_test_sdk/utilities/cpu_graph_executor/detail/LayernormBpropPlan.hpp
// (checked against index id 66295586379, tvy-amd fork; the reference it calls, CpuFpReferenceLayernorm::bprop,
// id 66163904478). Facts kept: the header of the CPU reference, the type each tensor is checked
// against (epsilon is not checked: it is read as a double, 1e-5 when absent), and the reference
// call's template and argument order. Everything else is left out.

#pragma once

#include <hipdnn_test_sdk/utilities/CpuFpReferenceLayernorm.hpp>

namespace hipdnn_test_sdk::detail
{

template <typename YDataType,
          typename ScaleBiasDataType,
          typename MeanInvVarianceDataType,
          typename XDataType,
          typename ComputeDataType>
class LayernormBpropPlan : public IGraphNodePlanExecutor
{
public:
    void execute(const VariantPack& variantPack) override
    {
        auto shallowDyTensor = shallow<YDataType>(_params.dyTensor, variantPack);
        auto shallowXTensor = shallow<XDataType>(_params.xTensor, variantPack);
        auto shallowScaleTensor = shallow<ScaleBiasDataType>(_params.scaleTensor, variantPack);
        auto shallowMeanTensor
            = shallowOptional<MeanInvVarianceDataType>(_params.meanTensor, variantPack);
        auto shallowInvVarianceTensor
            = shallowOptional<MeanInvVarianceDataType>(_params.invVarianceTensor, variantPack);
        auto shallowDxTensor = shallow<XDataType>(_params.dxTensor, variantPack);
        auto shallowDscaleTensor = shallow<ScaleBiasDataType>(_params.dscaleTensor, variantPack);
        auto shallowDbiasTensor = shallow<ScaleBiasDataType>(_params.dbiasTensor, variantPack);
        double epsilon = 1e-5;
        if(_params.epsilonTensor.has_value())
        {
            epsilon = scalarAsDouble(_params.epsilonTensor.value(), variantPack);
        }
        utilities::CpuFpReferenceLayernorm::bprop<YDataType,
                                                  ScaleBiasDataType,
                                                  XDataType,
                                                  MeanInvVarianceDataType,
                                                  ComputeDataType>(*shallowDyTensor,
                                                                   *shallowXTensor,
                                                                   *shallowScaleTensor,
                                                                   *shallowDxTensor,
                                                                   *shallowDscaleTensor,
                                                                   *shallowDbiasTensor,
                                                                   epsilon,
                                                                   shallowMeanTensor.get(),
                                                                   shallowInvVarianceTensor.get(),
                                                                   _params.normalizedDimCount);
    }

private:
    LayernormBpropParams _params;
};

template <DataType YDataTypeEnum,
          DataType ScaleBiasDataTypeEnum,
          DataType MeanInvVarianceDataTypeEnum,
          DataType XDataTypeEnum,
          DataType ComputeDataTypeEnum>
class LayernormBpropPlanBuilder : public IGraphNodePlanBuilder
{
public:
    bool isApplicable(const Node& node, const TensorMap& tensorMap) const override
    {
        const auto* attrs = node.attributes_as_LayernormBackwardAttributes();
        CHECK_TENSOR_TYPE(tensorMap, attrs->dy_tensor_uid(), YDataTypeEnum);
        CHECK_TENSOR_TYPE(tensorMap, attrs->x_tensor_uid(), XDataTypeEnum);
        CHECK_TENSOR_TYPE(tensorMap, attrs->scale_tensor_uid(), ScaleBiasDataTypeEnum);
        CHECK_TENSOR_TYPE(tensorMap, attrs->dx_tensor_uid(), XDataTypeEnum);
        CHECK_TENSOR_TYPE(tensorMap, attrs->dscale_tensor_uid(), ScaleBiasDataTypeEnum);
        CHECK_TENSOR_TYPE(tensorMap, attrs->dbias_tensor_uid(), ScaleBiasDataTypeEnum);
        if(attrs->mean_tensor_uid().has_value())
        {
            CHECK_OPTIONAL_TENSOR_TYPE(
                tensorMap, attrs->mean_tensor_uid(), MeanInvVarianceDataTypeEnum);
            CHECK_OPTIONAL_TENSOR_TYPE(
                tensorMap, attrs->inv_variance_tensor_uid(), MeanInvVarianceDataTypeEnum);
        }
        return true;
    }
};

} // namespace hipdnn_test_sdk::detail
