// Stand-in for hipDNN backend/src/descriptors/GraphDescriptor.hpp. Checked against: hpp id
// 62446465109, cpp id 62318403238, and its use in TestGraphDescriptorLayernormBackward.cpp id
// 58526835129: class hipdnn_backend::GraphDescriptor deriving from
// HipdnnBackendDescriptorImpl<GraphDescriptor>; finalize/getAttribute/setAttribute/toString;
// deserializeGraph(const uint8_t*, size_t); buildSerializedGraph(); getSerializedGraph() returning
// hipdnnPluginConstData_t; getHandle(); getStaticType() = HIPDNN_BACKEND_OPERATIONGRAPH_DESCRIPTOR.
// Bodies in graph_runtime.cpp (written here). Not declared: the JSON entry points, the shape /
// ragged / pass-by-value queries, the override-shape and name attributes.
#pragma once

#include "BackendDescriptor.hpp"
#include "IGraphOperation.hpp"
#include "hipdnn_backend.h"

#include <flatbuffers/detached_buffer.h>
#include <hipdnn_flatbuffers_sdk/data_objects/graph_generated.h>
#include <hipdnn_plugin_sdk/PluginApiDataTypes.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace hipdnn_backend
{

class GraphDescriptor : public HipdnnBackendDescriptorImpl<GraphDescriptor>
{
public:
    void finalize() override;
    void getAttribute(hipdnnBackendAttributeName_t attributeName,
                      hipdnnBackendAttributeType_t attributeType,
                      int64_t requestedElementCount,
                      int64_t* elementCount,
                      void* arrayOfElements) const override;
    void setAttribute(hipdnnBackendAttributeName_t attributeName,
                      hipdnnBackendAttributeType_t attributeType,
                      int64_t elementCount,
                      const void* arrayOfElements) override;
    void deserializeGraph(const uint8_t* serializedGraph, size_t graphByteSize);
    void buildSerializedGraph();
    virtual hipdnnPluginConstData_t getSerializedGraph() const;
    virtual hipdnnHandle_t getHandle() const;
    static hipdnnBackendDescriptorType_t getStaticType();
    std::string toString() const override;

private:
    std::unique_ptr<hipdnn_flatbuffers_sdk::data_objects::GraphT> buildGraphFromOperations() const;

    hipdnnHandle_t _handle = nullptr;
    flatbuffers::DetachedBuffer _graphSerializedBuffer;
    std::vector<std::shared_ptr<IBackendDescriptor>> _operations;
    hipdnn_flatbuffers_sdk::data_objects::DataType _computeDataType
        = hipdnn_flatbuffers_sdk::data_objects::DataType::UNSET;
    hipdnn_flatbuffers_sdk::data_objects::DataType _intermediateDataType
        = hipdnn_flatbuffers_sdk::data_objects::DataType::UNSET;
    hipdnn_flatbuffers_sdk::data_objects::DataType _ioDataType
        = hipdnn_flatbuffers_sdk::data_objects::DataType::UNSET;
    std::optional<int64_t> _preferredEngineId;
    std::string _name;
};

} // namespace hipdnn_backend
