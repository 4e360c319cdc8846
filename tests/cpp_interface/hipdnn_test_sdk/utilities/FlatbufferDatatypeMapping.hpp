// Stand-in for hipdnn_test_sdk/utilities/FlatbufferDatatypeMapping.hpp, written for
// hipdnn-codegen's compile check. Checked against id 65299645565: namespace
// hipdnn_test_sdk::utilities, DataTypeToNative<DataType> as the decltype of a constexpr mapping
// (FLOAT -> float, HALF -> half, BFLOAT16 -> bfloat16, DOUBLE -> double, INT32 -> int32_t; the
// fork's BOOLEAN -> bool is left out, as the stand-in data_types.fbs follows upstream's enum); the
// fp8/fp6/fp4 types are not declared here.
#pragma once

#include <cstdint>

#include <hipdnn_data_sdk/types.hpp>
#include <hipdnn_flatbuffers_sdk/data_objects/data_types_generated.h>

namespace hipdnn_test_sdk::utilities
{

using hipdnn_data_sdk::types::bfloat16;
using hipdnn_data_sdk::types::half;

template <hipdnn_flatbuffers_sdk::data_objects::DataType DT>
constexpr auto datatypeToNative()
{
    using hipdnn_flatbuffers_sdk::data_objects::DataType;
    if constexpr(DT == DataType::FLOAT)
    {
        return float{};
    }
    else if constexpr(DT == DataType::HALF)
    {
        return half{};
    }
    else if constexpr(DT == DataType::BFLOAT16)
    {
        return bfloat16{};
    }
    else if constexpr(DT == DataType::DOUBLE)
    {
        return double{};
    }
    else
    {
        static_assert(DT == DataType::INT32, "no native type for this DataType in the stand-in");
        return int32_t{};
    }
}

template <hipdnn_flatbuffers_sdk::data_objects::DataType DT>
using DataTypeToNative = decltype(datatypeToNative<DT>());

} // namespace hipdnn_test_sdk::utilities
