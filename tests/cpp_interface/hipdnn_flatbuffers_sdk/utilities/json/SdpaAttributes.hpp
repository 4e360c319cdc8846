// hipdnn-codegen stand-in for hipDNN's utilities/json/SdpaAttributes.hpp, written for this project,
// reduced to what another op's JSON utility uses from it: the JSON names of DiagonalAlignment
// ("TOP_LEFT", "BOTTOM_RIGHT"; fork tfalders, index id 55107554717). The SdpaAttributes table's own
// to_json / to<> are left out.
#pragma once

#ifndef HIPDNN_FLATBUFFERS_SDK_SKIP_JSON_LIB

#include <hipdnn_flatbuffers_sdk/data_objects/sdpa_attributes_generated.h>
#include <hipdnn_flatbuffers_sdk/utilities/json/Common.hpp>

namespace hipdnn_flatbuffers_sdk::data_objects
{
NLOHMANN_JSON_SERIALIZE_ENUM(DiagonalAlignment,
                             {
                                 {DiagonalAlignment::TOP_LEFT, "TOP_LEFT"},
                                 {DiagonalAlignment::BOTTOM_RIGHT, "BOTTOM_RIGHT"},
                             })
} // namespace hipdnn_flatbuffers_sdk::data_objects

#endif // HIPDNN_FLATBUFFERS_SDK_SKIP_JSON_LIB
