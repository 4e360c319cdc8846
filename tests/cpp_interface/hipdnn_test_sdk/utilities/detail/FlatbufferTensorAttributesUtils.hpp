// Stand-in for hipdnn_test_sdk/utilities/detail/FlatbufferTensorAttributesUtils.hpp, written for
// hipdnn-codegen's compile check. Checked against ids 59076284926 / 70500650984: namespace
// hipdnn_test_sdk::detail, unpackTensorAttributes(const TensorAttributes&) -> TensorAttributesT,
// createShallowTensor<T>(const TensorAttributesT&, void*) -> unique_ptr<ShallowTensor<T>>.
// Every body is written here.
#pragma once

#include <memory>

#include <hipdnn_data_sdk/utilities/ShallowTensor.hpp>
#include <hipdnn_flatbuffers_sdk/data_objects/tensor_attributes_generated.h>

namespace hipdnn_test_sdk::detail
{

inline hipdnn_flatbuffers_sdk::data_objects::TensorAttributesT
    unpackTensorAttributes(const hipdnn_flatbuffers_sdk::data_objects::TensorAttributes& attributes)
{
    hipdnn_flatbuffers_sdk::data_objects::TensorAttributesT unpacked;
    attributes.UnPackTo(&unpacked);
    return unpacked;
}

template <typename T>
inline std::unique_ptr<hipdnn_data_sdk::utilities::ShallowTensor<T>>
    createShallowTensor(const hipdnn_flatbuffers_sdk::data_objects::TensorAttributesT& tensorDetails, void* ptr)
{
    return std::make_unique<hipdnn_data_sdk::utilities::ShallowTensor<T>>(ptr, tensorDetails.dims, tensorDetails.strides);
}

} // namespace hipdnn_test_sdk::detail
