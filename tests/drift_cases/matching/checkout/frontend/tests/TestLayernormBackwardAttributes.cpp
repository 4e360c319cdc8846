// Copyright © Advanced Micro Devices, Inc., or its affiliates.
// SPDX-License-Identifier: MIT
// hipdnn-codegen drift case, written for this project: a per-op file at the path hipDNN keeps it
// (path checked: TestLayernormBackwardAttributes.cpp, index id 59079021364). Its content is this project's generated file with one API difference:
// none: it has fewer tests than the generated file, which is not drift

#include <gtest/gtest.h>
#include <hipdnn_frontend/attributes/LayernormBackwardAttributes.hpp>
#include <hipdnn_frontend/attributes/TensorAttributes.hpp>

#include <memory>
#include <utility>
#include <vector>

using hipdnn_frontend::DataType;
using hipdnn_frontend::graph::LayernormBackwardAttributes;
using hipdnn_frontend::graph::TensorAttributes;

TEST(TestLayernormBackwardAttributes, DefaultValues)
{
    const LayernormBackwardAttributes attributes;
    EXPECT_TRUE(attributes.get_name().empty());
    EXPECT_EQ(attributes.get_compute_data_type(), DataType::NOT_SET);
    EXPECT_TRUE(attributes.inputs.empty());
    EXPECT_TRUE(attributes.outputs.empty());
    EXPECT_EQ(attributes.get_dy(), nullptr);
    EXPECT_EQ(attributes.get_x(), nullptr);
    EXPECT_EQ(attributes.get_scale(), nullptr);
    EXPECT_EQ(attributes.get_mean(), nullptr);
    EXPECT_EQ(attributes.get_inv_variance(), nullptr);
    EXPECT_EQ(attributes.get_epsilon(), nullptr);
    EXPECT_EQ(attributes.get_dx(), nullptr);
    EXPECT_EQ(attributes.get_dscale(), nullptr);
    EXPECT_EQ(attributes.get_dbias(), nullptr);
    EXPECT_EQ(attributes.get_normalized_dim_count(), 0);
}

TEST(TestLayernormBackwardAttributes, CreateLayernormBackwardAttributes)
{
    LayernormBackwardAttributes attributes;
    const auto dyTensor = std::make_shared<TensorAttributes>();
    attributes.set_dy(dyTensor);
    const auto xTensor = std::make_shared<TensorAttributes>();
    attributes.set_x(xTensor);
    const auto scaleTensor = std::make_shared<TensorAttributes>();
    attributes.set_scale(scaleTensor);
    const auto meanTensor = std::make_shared<TensorAttributes>();
    attributes.set_mean(meanTensor);
    const auto invVarianceTensor = std::make_shared<TensorAttributes>();
    attributes.set_inv_variance(invVarianceTensor);
    const auto epsilonTensor = std::make_shared<TensorAttributes>();
    attributes.set_epsilon(epsilonTensor);
    const auto dxTensor = std::make_shared<TensorAttributes>();
    attributes.set_dx(dxTensor);
    const auto dscaleTensor = std::make_shared<TensorAttributes>();
    attributes.set_dscale(dscaleTensor);
    const auto dbiasTensor = std::make_shared<TensorAttributes>();
    attributes.set_dbias(dbiasTensor);
    attributes.set_normalized_dim_count(3);
    EXPECT_EQ(attributes.get_dy(), dyTensor);
    EXPECT_EQ(attributes.get_x(), xTensor);
    EXPECT_EQ(attributes.get_scale(), scaleTensor);
    EXPECT_EQ(attributes.get_mean(), meanTensor);
    EXPECT_EQ(attributes.get_inv_variance(), invVarianceTensor);
    EXPECT_EQ(attributes.get_epsilon(), epsilonTensor);
    EXPECT_EQ(attributes.get_dx(), dxTensor);
    EXPECT_EQ(attributes.get_dscale(), dscaleTensor);
    EXPECT_EQ(attributes.get_dbias(), dbiasTensor);
    EXPECT_EQ(attributes.get_normalized_dim_count(), 3);
}

TEST(TestLayernormBackwardAttributes, SetTensorsConstRef)
{
    LayernormBackwardAttributes attributes;
    const auto dyTensor = std::make_shared<TensorAttributes>();
    attributes.set_dy(dyTensor);
    const auto xTensor = std::make_shared<TensorAttributes>();
    attributes.set_x(xTensor);
    const auto scaleTensor = std::make_shared<TensorAttributes>();
    attributes.set_scale(scaleTensor);
    const auto meanTensor = std::make_shared<TensorAttributes>();
    attributes.set_mean(meanTensor);
    const auto invVarianceTensor = std::make_shared<TensorAttributes>();
    attributes.set_inv_variance(invVarianceTensor);
    const auto epsilonTensor = std::make_shared<TensorAttributes>();
    attributes.set_epsilon(epsilonTensor);
    const auto dxTensor = std::make_shared<TensorAttributes>();
    attributes.set_dx(dxTensor);
    const auto dscaleTensor = std::make_shared<TensorAttributes>();
    attributes.set_dscale(dscaleTensor);
    const auto dbiasTensor = std::make_shared<TensorAttributes>();
    attributes.set_dbias(dbiasTensor);
    EXPECT_EQ(dyTensor.use_count(), 2);
    EXPECT_EQ(attributes.get_dy(), dyTensor);
    EXPECT_EQ(xTensor.use_count(), 2);
    EXPECT_EQ(attributes.get_x(), xTensor);
    EXPECT_EQ(scaleTensor.use_count(), 2);
    EXPECT_EQ(attributes.get_scale(), scaleTensor);
    EXPECT_EQ(meanTensor.use_count(), 2);
    EXPECT_EQ(attributes.get_mean(), meanTensor);
    EXPECT_EQ(invVarianceTensor.use_count(), 2);
    EXPECT_EQ(attributes.get_inv_variance(), invVarianceTensor);
    EXPECT_EQ(epsilonTensor.use_count(), 2);
    EXPECT_EQ(attributes.get_epsilon(), epsilonTensor);
    EXPECT_EQ(dxTensor.use_count(), 2);
    EXPECT_EQ(attributes.get_dx(), dxTensor);
    EXPECT_EQ(dscaleTensor.use_count(), 2);
    EXPECT_EQ(attributes.get_dscale(), dscaleTensor);
    EXPECT_EQ(dbiasTensor.use_count(), 2);
    EXPECT_EQ(attributes.get_dbias(), dbiasTensor);
}

TEST(TestLayernormBackwardAttributes, SetDyMove)
{
    LayernormBackwardAttributes attributes;
    auto tensor = std::make_shared<TensorAttributes>();
    auto moved = tensor;
    EXPECT_EQ(&attributes.set_dy(std::move(moved)), &attributes);
    EXPECT_EQ(attributes.get_dy(), tensor);
    EXPECT_EQ(moved, nullptr);
    EXPECT_EQ(attributes.inputs.size(), 1u);
}

TEST(TestLayernormBackwardAttributes, SetDyCopy)
{
    LayernormBackwardAttributes attributes;
    const auto tensor = std::make_shared<TensorAttributes>();
    EXPECT_EQ(&attributes.set_dy(tensor), &attributes);
    EXPECT_EQ(attributes.get_dy(), tensor);
    EXPECT_EQ(tensor.use_count(), 2);
}

TEST(TestLayernormBackwardAttributes, SetXMove)
{
    LayernormBackwardAttributes attributes;
    auto tensor = std::make_shared<TensorAttributes>();
    auto moved = tensor;
    EXPECT_EQ(&attributes.set_x(std::move(moved)), &attributes);
    EXPECT_EQ(attributes.get_x(), tensor);
    EXPECT_EQ(moved, nullptr);
    EXPECT_EQ(attributes.inputs.size(), 1u);
}

TEST(TestLayernormBackwardAttributes, SetXCopy)
{
    LayernormBackwardAttributes attributes;
    const auto tensor = std::make_shared<TensorAttributes>();
    EXPECT_EQ(&attributes.set_x(tensor), &attributes);
    EXPECT_EQ(attributes.get_x(), tensor);
    EXPECT_EQ(tensor.use_count(), 2);
}

TEST(TestLayernormBackwardAttributes, SetScaleMove)
{
    LayernormBackwardAttributes attributes;
    auto tensor = std::make_shared<TensorAttributes>();
    auto moved = tensor;
    EXPECT_EQ(&attributes.set_scale(std::move(moved)), &attributes);
    EXPECT_EQ(attributes.get_scale(), tensor);
    EXPECT_EQ(moved, nullptr);
    EXPECT_EQ(attributes.inputs.size(), 1u);
}

TEST(TestLayernormBackwardAttributes, SetScaleCopy)
{
    LayernormBackwardAttributes attributes;
    const auto tensor = std::make_shared<TensorAttributes>();
    EXPECT_EQ(&attributes.set_scale(tensor), &attributes);
    EXPECT_EQ(attributes.get_scale(), tensor);
    EXPECT_EQ(tensor.use_count(), 2);
}

TEST(TestLayernormBackwardAttributes, SetMeanMove)
{
    LayernormBackwardAttributes attributes;
    auto tensor = std::make_shared<TensorAttributes>();
    auto moved = tensor;
    EXPECT_EQ(&attributes.set_mean(std::move(moved)), &attributes);
    EXPECT_EQ(attributes.get_mean(), tensor);
    EXPECT_EQ(moved, nullptr);
    EXPECT_EQ(attributes.inputs.size(), 1u);
}

TEST(TestLayernormBackwardAttributes, SetMeanCopy)
{
    LayernormBackwardAttributes attributes;
    const auto tensor = std::make_shared<TensorAttributes>();
    EXPECT_EQ(&attributes.set_mean(tensor), &attributes);
    EXPECT_EQ(attributes.get_mean(), tensor);
    EXPECT_EQ(tensor.use_count(), 2);
}

TEST(TestLayernormBackwardAttributes, SetInvVarianceMove)
{
    LayernormBackwardAttributes attributes;
    auto tensor = std::make_shared<TensorAttributes>();
    auto moved = tensor;
    EXPECT_EQ(&attributes.set_inv_variance(std::move(moved)), &attributes);
    EXPECT_EQ(attributes.get_inv_variance(), tensor);
    EXPECT_EQ(moved, nullptr);
    EXPECT_EQ(attributes.inputs.size(), 1u);
}

TEST(TestLayernormBackwardAttributes, SetInvVarianceCopy)
{
    LayernormBackwardAttributes attributes;
    const auto tensor = std::make_shared<TensorAttributes>();
    EXPECT_EQ(&attributes.set_inv_variance(tensor), &attributes);
    EXPECT_EQ(attributes.get_inv_variance(), tensor);
    EXPECT_EQ(tensor.use_count(), 2);
}

TEST(TestLayernormBackwardAttributes, SetEpsilonMove)
{
    LayernormBackwardAttributes attributes;
    auto tensor = std::make_shared<TensorAttributes>();
    auto moved = tensor;
    EXPECT_EQ(&attributes.set_epsilon(std::move(moved)), &attributes);
    EXPECT_EQ(attributes.get_epsilon(), tensor);
    EXPECT_EQ(moved, nullptr);
    EXPECT_EQ(attributes.inputs.size(), 1u);
}

TEST(TestLayernormBackwardAttributes, SetEpsilonCopy)
{
    LayernormBackwardAttributes attributes;
    const auto tensor = std::make_shared<TensorAttributes>();
    EXPECT_EQ(&attributes.set_epsilon(tensor), &attributes);
    EXPECT_EQ(attributes.get_epsilon(), tensor);
    EXPECT_EQ(tensor.use_count(), 2);
}

TEST(TestLayernormBackwardAttributes, SetDxMove)
{
    LayernormBackwardAttributes attributes;
    auto tensor = std::make_shared<TensorAttributes>();
    auto moved = tensor;
    EXPECT_EQ(&attributes.set_dx(std::move(moved)), &attributes);
    EXPECT_EQ(attributes.get_dx(), tensor);
    EXPECT_EQ(moved, nullptr);
    EXPECT_EQ(attributes.outputs.size(), 1u);
}

TEST(TestLayernormBackwardAttributes, SetDxCopy)
{
    LayernormBackwardAttributes attributes;
    const auto tensor = std::make_shared<TensorAttributes>();
    EXPECT_EQ(&attributes.set_dx(tensor), &attributes);
    EXPECT_EQ(attributes.get_dx(), tensor);
    EXPECT_EQ(tensor.use_count(), 2);
}

TEST(TestLayernormBackwardAttributes, SetDscaleMove)
{
    LayernormBackwardAttributes attributes;
    auto tensor = std::make_shared<TensorAttributes>();
    auto moved = tensor;
    EXPECT_EQ(&attributes.set_dscale(std::move(moved)), &attributes);
    EXPECT_EQ(attributes.get_dscale(), tensor);
    EXPECT_EQ(moved, nullptr);
    EXPECT_EQ(attributes.outputs.size(), 1u);
}

TEST(TestLayernormBackwardAttributes, SetDscaleCopy)
{
    LayernormBackwardAttributes attributes;
    const auto tensor = std::make_shared<TensorAttributes>();
    EXPECT_EQ(&attributes.set_dscale(tensor), &attributes);
    EXPECT_EQ(attributes.get_dscale(), tensor);
    EXPECT_EQ(tensor.use_count(), 2);
}

TEST(TestLayernormBackwardAttributes, SetDbiasMove)
{
    LayernormBackwardAttributes attributes;
    auto tensor = std::make_shared<TensorAttributes>();
    auto moved = tensor;
    EXPECT_EQ(&attributes.set_dbias(std::move(moved)), &attributes);
    EXPECT_EQ(attributes.get_dbias(), tensor);
    EXPECT_EQ(moved, nullptr);
    EXPECT_EQ(attributes.outputs.size(), 1u);
}

TEST(TestLayernormBackwardAttributes, SetDbiasCopy)
{
    LayernormBackwardAttributes attributes;
    const auto tensor = std::make_shared<TensorAttributes>();
    EXPECT_EQ(&attributes.set_dbias(tensor), &attributes);
    EXPECT_EQ(attributes.get_dbias(), tensor);
    EXPECT_EQ(tensor.use_count(), 2);
}

TEST(TestLayernormBackwardAttributes, SetNormalizedDimCount)
{
    LayernormBackwardAttributes attributes;
    const int64_t value = 3;
    EXPECT_EQ(&attributes.set_normalized_dim_count(value), &attributes);
    EXPECT_EQ(attributes.normalized_dim_count, value);
    EXPECT_EQ(attributes.get_normalized_dim_count(), value);
}
