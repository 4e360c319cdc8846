// Stand-in for hipdnn_flatbuffers_sdk/flatbuffer_utilities/GraphWrapper.hpp, written for
// hipdnn-codegen's compile check. Checked against id 67724610454: namespace
// hipdnn_flatbuffers_sdk::flatbuffer_utilities, abstract IGraph whose getTensorMap() returns the
// UID -> TensorAttributes* map. Only what generated plans use is declared (not GraphWrapper).
#pragma once

#include <cstdint>
#include <unordered_map>

#include <hipdnn_flatbuffers_sdk/data_objects/graph_generated.h>

namespace hipdnn_flatbuffers_sdk::flatbuffer_utilities
{

class IGraph
{
public:
    virtual ~IGraph() = default;
    virtual const std::unordered_map<int64_t, const hipdnn_flatbuffers_sdk::data_objects::TensorAttributes*>&
        getTensorMap() const = 0;
};

} // namespace hipdnn_flatbuffers_sdk::flatbuffer_utilities
