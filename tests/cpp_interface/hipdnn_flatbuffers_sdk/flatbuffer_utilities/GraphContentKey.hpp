// Stand-in for hipdnn_flatbuffers_sdk/flatbuffer_utilities/GraphContentKey.hpp, written for
// hipdnn-codegen's cache-key tests (not hipDNN code). Checked against id 62003043547
// (ROCm/rocm-libraries): class GraphContentKey in hipdnn_flatbuffers_sdk::flatbuffer_utilities,
// built from an IGraph, copying its bytes(); hash() is 0 and isUsable() false when there are
// none; the hash folds the root through cachekey::hashAppend with a cachekey::Hasher, operator==
// is false on different hashes or an unusable side, else cachekey::logicallyEqual on the two
// roots; std::hash gives hash(). Its JSON round trip and test seam (forceHash) are left out.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include <hipdnn_flatbuffers_sdk/data_objects/cachekey_generated.h>
#include <hipdnn_flatbuffers_sdk/data_objects/graph_generated.h>
#include <hipdnn_flatbuffers_sdk/flatbuffer_utilities/GraphWrapper.hpp>

namespace hipdnn_flatbuffers_sdk::flatbuffer_utilities
{

class GraphContentKey
{
public:
    GraphContentKey() = default;

    explicit GraphContentKey(const IGraph& graph)
    {
        const auto view = graph.bytes();
        if(view.data != nullptr && view.size != 0)
        {
            _content = std::make_shared<const std::vector<uint8_t>>(view.data, view.data + view.size);
            hipdnn_flatbuffers_sdk::data_objects::cachekey::Hasher hasher;
            hipdnn_flatbuffers_sdk::data_objects::cachekey::hashAppend(hasher, root());
            _hash = hasher.value();
        }
    }

    uint64_t hash() const
    {
        return _hash;
    }

    bool isUsable() const
    {
        return root() != nullptr;
    }

    bool operator==(const GraphContentKey& other) const
    {
        if(_hash != other._hash || root() == nullptr || other.root() == nullptr)
        {
            return false;
        }
        return hipdnn_flatbuffers_sdk::data_objects::cachekey::logicallyEqual(root(), other.root());
    }

    bool operator!=(const GraphContentKey& other) const
    {
        return !(*this == other);
    }

private:
    const hipdnn_flatbuffers_sdk::data_objects::Graph* root() const
    {
        return _content == nullptr ? nullptr
                                   : flatbuffers::GetRoot<hipdnn_flatbuffers_sdk::data_objects::Graph>(_content->data());
    }

    std::shared_ptr<const std::vector<uint8_t>> _content;
    uint64_t _hash = 0;
};

} // namespace hipdnn_flatbuffers_sdk::flatbuffer_utilities

template <>
struct std::hash<hipdnn_flatbuffers_sdk::flatbuffer_utilities::GraphContentKey>
{
    size_t operator()(const hipdnn_flatbuffers_sdk::flatbuffer_utilities::GraphContentKey& key) const noexcept
    {
        return static_cast<size_t>(key.hash());
    }
};
