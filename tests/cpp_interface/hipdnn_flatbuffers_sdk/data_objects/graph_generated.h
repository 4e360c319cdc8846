// Stand-in for flatc output hipdnn_flatbuffers_sdk/data_objects/graph_generated.h (Era A namespace
// hipdnn_flatbuffers_sdk::data_objects; Era B renamed it hipdnn_data_sdk::data_objects).
// Checked against: SdpaBwdOperationDescriptor.hpp/.cpp ids 55447567807 / 55326217242 (NodeT fields
// name, compute_data_type, attributes; union Set(...) and As<Table>(); DataType::UNSET;
// EnumNameDataType; flatbuffers::Optional used as std::optional, see DescriptorAttributeUtils id
// 64647436836 static_assert); DiagonalAlignment::TOP_LEFT/BOTTOM_RIGHT from id 56286942833.
// Underlying integer types and the DataType values: UNVERIFIED. Per-op tables come from the harness.
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

// sdpa_attributes.fbs enum, shared by SDPA forward and backward.
enum class DiagonalAlignment : int8_t
{
    TOP_LEFT = 0,
    BOTTOM_RIGHT = 1,
};
const char* EnumNameDiagonalAlignment(DiagonalAlignment e);

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
