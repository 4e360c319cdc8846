// Stand-in for hipdnn_flatbuffers_sdk/utilities/FlatbufferUtils.hpp, written for hipdnn-codegen's
// compile check. Checked against id 58875021393 (tvy-amd fork): namespace
// hipdnn_flatbuffers_sdk::utilities, extractDoubleFromTensorValue(const TensorAttributesT&, const
// char*) and resolveDoubleScalarFromVariantPack(const TensorAttributesT&, variant pack, const
// char*): the baked TensorValue, or for a runtime pass-by-value tensor the host scalar in the
// variant pack. Here the runtime scalar is read as a double; the bodies are written here.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <unordered_map>

#include <hipdnn_flatbuffers_sdk/data_objects/tensor_attributes_generated.h>

namespace hipdnn_flatbuffers_sdk::utilities
{

inline double extractDoubleFromTensorValue(const hipdnn_flatbuffers_sdk::data_objects::TensorAttributesT& tensor,
                                           const char* paramName)
{
    using hipdnn_flatbuffers_sdk::data_objects::TensorValue;
    const auto& value = tensor.value;
    switch(value.type)
    {
    case TensorValue::Float32Value: return value.AsFloat32Value()->value();
    case TensorValue::Float16Value: return value.AsFloat16Value()->value();
    case TensorValue::BFloat16Value: return value.AsBFloat16Value()->value();
    case TensorValue::Float64Value: return value.AsFloat64Value()->value();
    case TensorValue::Int32Value: return value.AsInt32Value()->value();
    case TensorValue::Int64Value: return static_cast<double>(value.AsInt64Value()->value());
    default: throw std::runtime_error(std::string(paramName) + " must be a pass-by-value tensor");
    }
}

inline double resolveDoubleScalarFromVariantPack(
    const hipdnn_flatbuffers_sdk::data_objects::TensorAttributesT& tensor,
    const std::unordered_map<int64_t, void*>& variantPack,
    const char* paramName)
{
    if(tensor.is_runtime_pass_by_value && tensor.value.type == hipdnn_flatbuffers_sdk::data_objects::TensorValue::NONE)
    {
        const auto found = variantPack.find(tensor.uid);
        if(found == variantPack.end() || found->second == nullptr)
        {
            throw std::runtime_error(std::string(paramName) + " has no scalar in the variant pack");
        }
        return *static_cast<const double*>(found->second);
    }
    return extractDoubleFromTensorValue(tensor, paramName);
}

} // namespace hipdnn_flatbuffers_sdk::utilities
