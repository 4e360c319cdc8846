// Stand-in for hipdnn_flatbuffers_sdk/flatbuffer_utilities/FlatbufferTypeHelpers.hpp, written for
// hipdnn-codegen's compile check. Checked against id 55147841944: in
// hipdnn_flatbuffers_sdk::data_objects (found by ADL), operator<< for DataType and NodeAttributes
// printing flatc's enum names. Every body is written here.
#pragma once

#include <ostream>

#include <hipdnn_flatbuffers_sdk/data_objects/graph_generated.h>

namespace hipdnn_flatbuffers_sdk::data_objects
{

inline std::ostream& operator<<(std::ostream& os, DataType type)
{
    return os << EnumNameDataType(type);
}

inline std::ostream& operator<<(std::ostream& os, NodeAttributes type)
{
    return os << EnumNameNodeAttributes(type);
}

} // namespace hipdnn_flatbuffers_sdk::data_objects
