#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace flatbuffers
{
template <typename T>
using Optional = std::optional<T>;
} // namespace flatbuffers

namespace hipdnn_flatbuffers_sdk::data_objects
{

enum class DataType : int8_t
{
    UNSET = 0,
    FLOAT = 1,
    HALF = 2,
    BFLOAT16 = 3,
    DOUBLE = 4,
};
const char* EnumNameDataType(DataType e);

struct TensorAttributesT
{
    int64_t uid = 0;
    std::vector<int64_t> dims;
    std::vector<int64_t> strides;
};

// Enums and <Op>AttributesT tables of every spec, as flatc would generate them.
#include "hipdnn_codegen_tables.inc"

enum class NodeAttributes : uint8_t
{
    NONE = 0,
#include "hipdnn_codegen_union_enum.inc"
};

struct NodeAttributesUnion
{
    NodeAttributes type = NodeAttributes::NONE;
    template <typename T>
    void Set(T&& value);
#include "hipdnn_codegen_union_members.inc"
};

struct NodeT
{
    std::string name;
    DataType compute_data_type = DataType::UNSET;
    NodeAttributesUnion attributes;
};

} // namespace hipdnn_flatbuffers_sdk::data_objects
