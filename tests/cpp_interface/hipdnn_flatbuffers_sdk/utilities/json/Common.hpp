// hipdnn-codegen stand-in for hipDNN's flatbuffers_sdk/include/hipdnn_flatbuffers_sdk/utilities/json/
// Common.hpp, written for this project. Checked against index ids 64339275264 (upstream) and
// 55163781934 (newer): the SKIP_JSON_LIB guard; nlohmann/json.hpp; to_json for flatbuffers strings
// and vectors (null vector -> []), safeStr (null -> ""), in namespace flatbuffers; the DataType
// JSON names in lower case; json::to<T> declared only, each type specializing it.
#pragma once

#ifndef HIPDNN_FLATBUFFERS_SDK_SKIP_JSON_LIB

#include <flatbuffers/flatbuffer_builder.h>
#include <hipdnn_flatbuffers_sdk/data_objects/data_types_generated.h>
#include <nlohmann/json.hpp>

#include <vector>

namespace flatbuffers
{
inline const char* safeStr(const String* text)
{
    return text == nullptr ? "" : text->c_str();
}

// NOLINTNEXTLINE(readability-identifier-naming)
inline void to_json(nlohmann::json& j, const String* text)
{
    if(text != nullptr)
    {
        j = text->str();
    }
}

// NOLINTNEXTLINE(readability-identifier-naming)
template <class T>
void to_json(nlohmann::json& j, const Vector<T>* values)
{
    j = nlohmann::json::array();
    if(values != nullptr)
    {
        for(const auto value : *values)
        {
            j.push_back(value);
        }
    }
}
} // namespace flatbuffers

namespace hipdnn_flatbuffers_sdk::data_objects
{
NLOHMANN_JSON_SERIALIZE_ENUM(DataType,
                             {
                                 {DataType::UNSET, "unset"},
                                 {DataType::FLOAT, "float"},
                                 {DataType::HALF, "half"},
                                 {DataType::BFLOAT16, "bfloat16"},
                                 {DataType::DOUBLE, "double"},
                                 {DataType::UINT8, "uint8"},
                                 {DataType::INT32, "int32"},
                                 {DataType::INT8, "int8"},
                                 {DataType::INT64, "int64"},
                             })
} // namespace hipdnn_flatbuffers_sdk::data_objects

namespace hipdnn_flatbuffers_sdk::json
{
template <class T>
inline auto to(flatbuffers::FlatBufferBuilder& builder, const nlohmann::json& entry);
} // namespace hipdnn_flatbuffers_sdk::json

#endif // HIPDNN_FLATBUFFERS_SDK_SKIP_JSON_LIB
