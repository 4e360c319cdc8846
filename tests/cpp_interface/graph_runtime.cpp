// GraphDescriptor and NodeFactory::buildTensorMap for running the generated graph-descriptor
// tests. Written for hipdnn-codegen's tests; no hipDNN code or comments are copied. Behaviour as
// read in GraphDescriptor.hpp/.cpp ids 62446465109 / 62318403238 and NodeFactory.cpp id 65981532363:
// - setAttribute after finalize: NOT_INITIALIZED; getAttribute does not need finalize.
// - HANDLE: type HANDLE (else BAD_PARAM), count 1 (BAD_PARAM), array and handle non-null
//   (BAD_PARAM_NULL_POINTER).
// - OPS: type BACKEND_DESCRIPTOR (BAD_PARAM), array non-null (BAD_PARAM_NULL_POINTER); per entry:
//   null (BAD_PARAM_NULL_POINTER), not finalized (BAD_PARAM_NOT_FINALIZED), not a graph operation
//   (NOT_SUPPORTED); calls accumulate. Reading OPS with fewer slots than ops: BAD_PARAM.
// - finalize needs a handle and at least one op (BAD_PARAM), then serializes: tensors deduplicated
//   by UID in first-appearance order (one UID on two different descriptors: BAD_PARAM), one node
//   per op from buildNode(), the buffer verified (INTERNAL_ERROR when it does not verify).
// - getSerializedGraph before serialization: BAD_PARAM.
// - deserializeGraph: null bytes BAD_PARAM_NULL_POINTER, size 0 BAD_PARAM, bytes that do not verify
//   BAD_PARAM (the real conversion helper's status was not read: UNVERIFIED); graph-level fields
//   copied, tensors through buildTensorMap, each node through NodeFactory; no handle, not finalized.
// Not modelled: engine API version stamping, JSON, graph logging, override-shape and name.
#include "GraphDescriptor.hpp"

#include "DataTypeConversion.hpp"
#include "DescriptorAttributeUtils.hpp"
#include "HipdnnException.hpp"
#include "NodeFactory.hpp"

#include <flatbuffers/flatbuffers.h>

#include <cstring>
#include <sstream>
#include <unordered_map>

namespace sdk = hipdnn_flatbuffers_sdk::data_objects;

namespace hipdnn_backend
{

void GraphDescriptor::setAttribute(hipdnnBackendAttributeName_t attributeName,
                                   hipdnnBackendAttributeType_t attributeType,
                                   int64_t elementCount,
                                   const void* arrayOfElements)
{
    THROW_IF_TRUE(isFinalized(), HIPDNN_STATUS_NOT_INITIALIZED, "GraphDescriptor::setAttribute() failed: already finalized");
    const char* prefix = "GraphDescriptor::setAttribute()";
    switch(attributeName)
    {
    case HIPDNN_ATTR_OPERATIONGRAPH_HANDLE:
    {
        THROW_IF_NE(attributeType, HIPDNN_TYPE_HANDLE, HIPDNN_STATUS_BAD_PARAM, "GraphDescriptor: handle needs HIPDNN_TYPE_HANDLE");
        THROW_IF_NE(elementCount, 1, HIPDNN_STATUS_BAD_PARAM, "GraphDescriptor: one handle expected");
        THROW_IF_NULL(arrayOfElements, HIPDNN_STATUS_BAD_PARAM_NULL_POINTER, "GraphDescriptor: no handle given");
        const auto handle = *static_cast<const hipdnnHandle_t*>(arrayOfElements);
        THROW_IF_NULL(handle, HIPDNN_STATUS_BAD_PARAM_NULL_POINTER, "GraphDescriptor: the handle is null");
        _handle = handle;
        return;
    }
    case HIPDNN_ATTR_OPERATIONGRAPH_OPS:
    {
        THROW_IF_NE(attributeType, HIPDNN_TYPE_BACKEND_DESCRIPTOR, HIPDNN_STATUS_BAD_PARAM, "GraphDescriptor: ops need HIPDNN_TYPE_BACKEND_DESCRIPTOR");
        THROW_IF_NULL(arrayOfElements, HIPDNN_STATUS_BAD_PARAM_NULL_POINTER, "GraphDescriptor: no ops given");
        const auto* ops = static_cast<HipdnnBackendDescriptor* const*>(arrayOfElements);
        std::vector<std::shared_ptr<IBackendDescriptor>> added;
        for(int64_t i = 0; i < elementCount; ++i)
        {
            THROW_IF_NULL(ops[i], HIPDNN_STATUS_BAD_PARAM_NULL_POINTER, "GraphDescriptor: an op is null");
            THROW_IF_FALSE(ops[i]->isFinalized(), HIPDNN_STATUS_BAD_PARAM_NOT_FINALIZED, "GraphDescriptor: an op is not finalized");
            THROW_IF_NULL(ops[i]->tryAsGraphOperation(), HIPDNN_STATUS_NOT_SUPPORTED, "GraphDescriptor: a descriptor is not a graph operation");
            added.push_back(ops[i]->getImpl());
        }
        _operations.insert(_operations.end(), added.begin(), added.end());
        break;
    }
    case HIPDNN_ATTR_OPERATIONGRAPH_COMPUTE_DATA_TYPE_EXT:
        setDataType(_computeDataType, attributeType, elementCount, arrayOfElements, prefix);
        break;
    case HIPDNN_ATTR_OPERATIONGRAPH_INTERMEDIATE_DATA_TYPE_EXT:
        setDataType(_intermediateDataType, attributeType, elementCount, arrayOfElements, prefix);
        break;
    case HIPDNN_ATTR_OPERATIONGRAPH_IO_DATA_TYPE_EXT:
        setDataType(_ioDataType, attributeType, elementCount, arrayOfElements, prefix);
        break;
    case HIPDNN_ATTR_OPERATIONGRAPH_PREFERRED_ENGINE_ID_EXT:
        setOptionalScalar<HIPDNN_TYPE_INT64>(_preferredEngineId, attributeType, elementCount, arrayOfElements, prefix);
        break;
    default:
        throw HipdnnException(HIPDNN_STATUS_NOT_SUPPORTED, "GraphDescriptor::setAttribute: attributeName not supported");
    }
    _graphSerializedBuffer = flatbuffers::DetachedBuffer();
}

void GraphDescriptor::getAttribute(hipdnnBackendAttributeName_t attributeName,
                                   hipdnnBackendAttributeType_t attributeType,
                                   int64_t requestedElementCount,
                                   int64_t* elementCount,
                                   void* arrayOfElements) const
{
    const char* prefix = "GraphDescriptor::getAttribute()";
    switch(attributeName)
    {
    case HIPDNN_ATTR_OPERATIONGRAPH_OPS:
    {
        checkGetArgs(HIPDNN_TYPE_BACKEND_DESCRIPTOR, attributeType, prefix);
        const auto count = static_cast<int64_t>(_operations.size());
        THROW_IF_NULL(elementCount, HIPDNN_STATUS_BAD_PARAM_NULL_POINTER, "GraphDescriptor: elementCount is null");
        if(arrayOfElements == nullptr || requestedElementCount == 0)
        {
            *elementCount = count;
            return;
        }
        THROW_IF_LT(requestedElementCount, count, HIPDNN_STATUS_BAD_PARAM, "GraphDescriptor: too few slots for the ops");
        *elementCount = count;
        HipdnnBackendDescriptor::packDescriptorArray(_operations, static_cast<HipdnnBackendDescriptor**>(arrayOfElements));
        break;
    }
    case HIPDNN_ATTR_OPERATIONGRAPH_COMPUTE_DATA_TYPE_EXT:
        getDataType(_computeDataType, attributeType, requestedElementCount, elementCount, arrayOfElements, prefix);
        break;
    case HIPDNN_ATTR_OPERATIONGRAPH_INTERMEDIATE_DATA_TYPE_EXT:
        getDataType(_intermediateDataType, attributeType, requestedElementCount, elementCount, arrayOfElements, prefix);
        break;
    case HIPDNN_ATTR_OPERATIONGRAPH_IO_DATA_TYPE_EXT:
        getDataType(_ioDataType, attributeType, requestedElementCount, elementCount, arrayOfElements, prefix);
        break;
    case HIPDNN_ATTR_OPERATIONGRAPH_PREFERRED_ENGINE_ID_EXT:
        getOptionalScalar<HIPDNN_TYPE_INT64>(_preferredEngineId, attributeType, requestedElementCount, elementCount, arrayOfElements, prefix);
        break;
    default:
        throw HipdnnException(HIPDNN_STATUS_NOT_SUPPORTED, "GraphDescriptor::getAttribute: attributeName not supported");
    }
}

void GraphDescriptor::finalize()
{
    THROW_IF_NULL(_handle, HIPDNN_STATUS_BAD_PARAM, "GraphDescriptor::finalize() failed: no handle");
    THROW_IF_TRUE(_operations.empty(), HIPDNN_STATUS_BAD_PARAM, "GraphDescriptor::finalize() failed: no operations");
    _graphSerializedBuffer = flatbuffers::DetachedBuffer();
    buildSerializedGraph();
    HipdnnBackendDescriptorImpl<GraphDescriptor>::finalize();
}

std::unique_ptr<sdk::GraphT> GraphDescriptor::buildGraphFromOperations() const
{
    auto graph = std::make_unique<sdk::GraphT>();
    graph->name = _name;
    graph->compute_data_type = _computeDataType;
    graph->intermediate_data_type = _intermediateDataType;
    graph->io_data_type = _ioDataType;
    graph->preferred_engine_id = _preferredEngineId;
    std::unordered_map<int64_t, const TensorDescriptor*> seen;
    for(const auto& descriptor : _operations)
    {
        const auto* op = descriptor->asGraphOperation();
        THROW_IF_NULL(op, HIPDNN_STATUS_INTERNAL_ERROR, "GraphDescriptor: an op lost its graph interface");
        for(const auto& tensor : op->getTensorDescriptors())
        {
            const auto uid = tensor->getData().uid;
            const auto found = seen.find(uid);
            if(found != seen.end())
            {
                THROW_IF_NE(found->second, tensor.get(), HIPDNN_STATUS_BAD_PARAM, "GraphDescriptor: one UID on two tensor descriptors");
                continue;
            }
            seen.emplace(uid, tensor.get());
            graph->tensors.push_back(std::make_unique<sdk::TensorAttributesT>(tensor->getData()));
        }
        graph->nodes.push_back(op->buildNode());
    }
    return graph;
}

void GraphDescriptor::buildSerializedGraph()
{
    if(_graphSerializedBuffer.size() != 0)
    {
        return;
    }
    const auto graph = buildGraphFromOperations();
    flatbuffers::FlatBufferBuilder builder;
    builder.Finish(sdk::Graph::Pack(builder, graph.get()));
    _graphSerializedBuffer = builder.Release();
    flatbuffers::Verifier verifier(_graphSerializedBuffer.data(), _graphSerializedBuffer.size());
    THROW_IF_FALSE(verifier.VerifyBuffer<sdk::Graph>(), HIPDNN_STATUS_INTERNAL_ERROR, "GraphDescriptor: the serialized graph does not verify");
}

hipdnnPluginConstData_t GraphDescriptor::getSerializedGraph() const
{
    THROW_IF_TRUE(_graphSerializedBuffer.size() == 0,
                  HIPDNN_STATUS_BAD_PARAM,
                  "GraphDescriptor::getSerializedGraph: nothing serialized yet (finalize first)");
    return {_graphSerializedBuffer.data(), _graphSerializedBuffer.size()};
}

void GraphDescriptor::deserializeGraph(const uint8_t* serializedGraph, size_t graphByteSize)
{
    THROW_IF_NULL(serializedGraph, HIPDNN_STATUS_BAD_PARAM_NULL_POINTER, "GraphDescriptor::deserializeGraph: no bytes");
    THROW_IF_EQ(graphByteSize, 0U, HIPDNN_STATUS_BAD_PARAM, "GraphDescriptor::deserializeGraph: zero bytes");
    flatbuffers::Verifier verifier(serializedGraph, graphByteSize);
    THROW_IF_FALSE(verifier.VerifyBuffer<sdk::Graph>(), HIPDNN_STATUS_BAD_PARAM, "GraphDescriptor::deserializeGraph: the bytes are not a graph");
    _graphSerializedBuffer = flatbuffers::DetachedBuffer();
    const auto graph = sdk::UnPackGraph(serializedGraph);
    _name = graph->name;
    _computeDataType = graph->compute_data_type;
    _intermediateDataType = graph->intermediate_data_type;
    _ioDataType = graph->io_data_type;
    _preferredEngineId = graph->preferred_engine_id;
    const auto tensorMap = NodeFactory::buildTensorMap(graph->tensors);
    std::vector<std::shared_ptr<IBackendDescriptor>> operations;
    for(const auto& node : graph->nodes)
    {
        THROW_IF_NULL(node, HIPDNN_STATUS_INTERNAL_ERROR, "GraphDescriptor::deserializeGraph: a null node");
        operations.push_back(NodeFactory::createOperationFromNode(*node, tensorMap));
    }
    _operations = std::move(operations);
}

hipdnnHandle_t GraphDescriptor::getHandle() const
{
    THROW_IF_NULL(_handle, HIPDNN_STATUS_BAD_PARAM, "GraphDescriptor::getHandle: no handle");
    return _handle;
}

hipdnnBackendDescriptorType_t GraphDescriptor::getStaticType()
{
    return HIPDNN_BACKEND_OPERATIONGRAPH_DESCRIPTOR;
}

std::string GraphDescriptor::toString() const
{
    std::ostringstream out;
    out << "GraphDescriptor: {handle=" << (_handle == nullptr ? "null" : "set") << ", name=" << _name
        << ", serializedGraphSize=" << _graphSerializedBuffer.size() << "}";
    return out.str();
}

std::unordered_map<int64_t, std::shared_ptr<TensorDescriptor>> NodeFactory::buildTensorMap(
    const std::vector<std::unique_ptr<sdk::TensorAttributesT>>& tensors)
{
    std::unordered_map<int64_t, std::shared_ptr<TensorDescriptor>> tensorMap;
    for(const auto& tensor : tensors)
    {
        THROW_IF_NULL(tensor, HIPDNN_STATUS_INTERNAL_ERROR, "NodeFactory::buildTensorMap: a null tensor");
        THROW_IF_TRUE(tensorMap.count(tensor->uid) != 0, HIPDNN_STATUS_INTERNAL_ERROR, "NodeFactory::buildTensorMap: a repeated tensor UID");
        tensorMap.emplace(tensor->uid, TensorDescriptor::fromFlatBuffer(*tensor));
    }
    return tensorMap;
}

} // namespace hipdnn_backend
