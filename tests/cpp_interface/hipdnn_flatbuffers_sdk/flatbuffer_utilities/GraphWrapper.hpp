// Stand-in for hipdnn_flatbuffers_sdk/flatbuffer_utilities/GraphWrapper.hpp, written for
// hipdnn-codegen's compile check. Checked against id 67724610454: namespace
// hipdnn_flatbuffers_sdk::flatbuffer_utilities, abstract IGraph whose getTensorMap() returns the
// UID -> TensorAttributes* map; and id 68278708768 (the version GraphContentKey reads): IGraph's
// virtual bytes() returning a SerializedBlobView {data, size}, empty unless overridden, and
// GraphWrapper(const void* buffer, size_t size), which keeps the buffer only when the Graph
// verifier accepts it. Only what generated plans and the cache-key tests use is declared.
#pragma once

#include <cstddef>
#include <cstdint>
#include <unordered_map>

#include <hipdnn_flatbuffers_sdk/data_objects/graph_generated.h>

namespace hipdnn_flatbuffers_sdk::flatbuffer_utilities
{

struct SerializedBlobView
{
    const uint8_t* data = nullptr;
    size_t size = 0;
};

class IGraph
{
public:
    virtual ~IGraph() = default;
    virtual const std::unordered_map<int64_t, const hipdnn_flatbuffers_sdk::data_objects::TensorAttributes*>&
        getTensorMap() const = 0;

    // The verified buffer the graph views; empty when there is none.
    virtual SerializedBlobView bytes() const
    {
        return {};
    }
};

class GraphWrapper : public IGraph
{
public:
    explicit GraphWrapper(const void* buffer, size_t size)
    {
        if(buffer == nullptr)
        {
            return;
        }
        flatbuffers::Verifier verifier(static_cast<const uint8_t*>(buffer), size);
        if(!verifier.VerifyBuffer<hipdnn_flatbuffers_sdk::data_objects::Graph>())
        {
            return;
        }
        _graph = flatbuffers::GetRoot<hipdnn_flatbuffers_sdk::data_objects::Graph>(buffer);
        _bytes = {static_cast<const uint8_t*>(buffer), size};
        if(_graph->tensors() != nullptr)
        {
            for(const auto* tensor : *_graph->tensors())
            {
                _tensors[tensor->uid()] = tensor;
            }
        }
    }

    bool isValid() const
    {
        return _graph != nullptr;
    }

    const std::unordered_map<int64_t, const hipdnn_flatbuffers_sdk::data_objects::TensorAttributes*>&
        getTensorMap() const override
    {
        return _tensors;
    }

    SerializedBlobView bytes() const override
    {
        return _bytes;
    }

private:
    const hipdnn_flatbuffers_sdk::data_objects::Graph* _graph = nullptr;
    SerializedBlobView _bytes;
    std::unordered_map<int64_t, const hipdnn_flatbuffers_sdk::data_objects::TensorAttributes*> _tensors;
};

} // namespace hipdnn_flatbuffers_sdk::flatbuffer_utilities
