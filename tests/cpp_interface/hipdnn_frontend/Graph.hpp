// Stand-in for hipdnn_frontend/Graph.hpp: the part a generated graph method and its tests touch.
// Checked against: id 55452782982 (hdt98 fork, has layernorm_backward and sdpa_backward) and
// id 55178310109 (jsandham fork, same layout). Real and kept: `class Graph : public INode` in
// hipdnn_frontend::graph; Graph() : INode(GraphAttributes{}); defaulted move; private static
// outputTensor(name) (make_shared TensorAttributes, set_name(name).set_is_virtual(true));
// validate() in the real order (graph input tensors = node inputs no node produces; duplicate-UID
// check over all tensors; topologicallySortGraph(); fill_from_context + validate() of each graph
// input; validateSubtree() = graph pre/infer, each sub node's pre_validate_node,
// infer_properties_node, [children], post_validate_node, then graph post); checkNoDuplicateTensorIds,
// checkTensorUidsSet, getTensorsByUid, getTensorsByName, topologicallySortGraph (INVALID_VALUE on a
// cycle or on more than one connected component); get_name / get_*_data_type, set_name /
// set_compute_data_type / set_intermediate_data_type / set_io_data_type (return Graph&), each
// forwarding to the same-named GraphAttributes member of graph_attributes (id 64368605949);
// static tensor_like(tensor, name = "") (copy, clear_uid, set_name) and tensor(const
// TensorAttributes&). The op methods are public, after the setters and before
// set_preferred_engine_id_ext / tensor_like / tensor.
// Sub nodes: the real Graph has no public accessor; `_sub_nodes` is protected (INode). Tests reach
// nodes through INode's public visit() (pre-order, the Graph itself first) and getNodeType(), or
// tensors through getTensorsByName / getTensorsByUid. hipDNN's TestGraphLayernormBackward
// (id 55205553399) only checks the returned tensors and graph.validate().is_good().
// Not modelled: backend lowering, build/execute, knobs, engines, (de)serialization, logging
// (HIPDNN_FE_LOG_*), detail::GraphStructure / TopologicalSortingUtils (the sort is written here
// with the same result codes), and every hipDNN op method: the generated ones arrive through
// hipdnn_codegen_graph_methods.inc, their includes through hipdnn_codegen_graph_includes.inc.
#pragma once

#include <array>

#include <hipdnn_backend.h>
#include <hipdnn_frontend/attributes/GraphAttributes.hpp>
#include <hipdnn_frontend/detail/ScopedHipdnnBackendDescriptor.hpp>
#include <hipdnn_frontend/node/Node.hpp>
// Every generated op's attributes and node headers, concatenated by the harness.
#include "hipdnn_codegen_graph_includes.inc"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <numeric>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

namespace hipdnn_frontend::graph
{

class Graph : public INode
{
private:
    static std::shared_ptr<TensorAttributes> outputTensor(const std::string& name)
    {
        auto tensor = std::make_shared<TensorAttributes>();
        tensor->set_name(name).set_is_virtual(true);
        return tensor;
    }

    // Producer index of every node output.
    std::unordered_map<std::shared_ptr<TensorAttributes>, size_t> buildTensorToOriginNodeMap() const
    {
        std::unordered_map<std::shared_ptr<TensorAttributes>, size_t> producers;
        for(size_t index = 0; index < _sub_nodes.size(); ++index)
        {
            for(const auto& output : _sub_nodes[index]->getNodeOutputTensorAttributes())
            {
                producers[output] = index;
            }
        }
        return producers;
    }

    // Edge producer -> consumer for every input some node produces.
    std::vector<std::vector<size_t>> buildAdjacencyList(
        const std::unordered_map<std::shared_ptr<TensorAttributes>, size_t>& producers) const
    {
        std::vector<std::vector<size_t>> consumers(_sub_nodes.size());
        for(size_t index = 0; index < _sub_nodes.size(); ++index)
        {
            for(const auto& input : _sub_nodes[index]->getNodeInputTensorAttributes())
            {
                const auto found = producers.find(input);
                if(found != producers.end())
                {
                    consumers[found->second].push_back(index);
                }
            }
        }
        return consumers;
    }

    void reorderNodesTopologically(const std::vector<size_t>& order)
    {
        std::vector<std::shared_ptr<INode>> sorted;
        sorted.reserve(order.size());
        for(const size_t index : order)
        {
            sorted.push_back(_sub_nodes[index]);
        }
        _sub_nodes = std::move(sorted);
    }

    static Error checkTensorUidsSetImpl(
        const std::unordered_set<std::shared_ptr<TensorAttributes>>& allTensors)
    {
        std::string missing;
        for(const auto& tensor : allTensors)
        {
            if(tensor != nullptr && !tensor->has_uid())
            {
                missing += (missing.empty() ? "" : ", ")
                           + (tensor->get_name().empty() ? std::string("(unnamed)")
                                                         : tensor->get_name());
            }
        }
        if(!missing.empty())
        {
            return {ErrorCode::ATTRIBUTE_NOT_SET, "Tensors without UIDs: " + missing};
        }
        return {ErrorCode::OK, ""};
    }

    static Error checkNoDuplicateTensorIdsImpl(
        const std::unordered_set<std::shared_ptr<TensorAttributes>>& allTensors)
    {
        std::unordered_set<int64_t> seen;
        std::string duplicates;
        for(const auto& tensor : allTensors)
        {
            if(tensor != nullptr && tensor->has_uid() && !seen.insert(tensor->get_uid()).second)
            {
                duplicates += (duplicates.empty() ? "" : ", ") + std::to_string(tensor->get_uid());
            }
        }
        if(!duplicates.empty())
        {
            return {ErrorCode::INVALID_VALUE, "Duplicate tensor UIDs in the graph: " + duplicates};
        }
        return {ErrorCode::OK, ""};
    }

    // first: inputs no node produces; second: every node output.
    std::pair<std::unordered_set<std::shared_ptr<TensorAttributes>>,
              std::unordered_set<std::shared_ptr<TensorAttributes>>>
        getGraphInputTensorAttributesAndRemainder() const
    {
        std::unordered_set<std::shared_ptr<TensorAttributes>> produced;
        std::unordered_set<std::shared_ptr<TensorAttributes>> graphInputs;
        visit([&produced](const INode& node) {
            for(const auto& output : node.getNodeOutputTensorAttributes())
            {
                produced.insert(output);
            }
        });
        visit([&produced, &graphInputs](const INode& node) {
            for(const auto& input : node.getNodeInputTensorAttributes())
            {
                if(produced.count(input) == 0)
                {
                    graphInputs.insert(input);
                }
            }
        });
        return {graphInputs, produced};
    }

public:
    Graph()
        : INode(GraphAttributes{})
    {
    }

    Graph(Graph&&) = default;
    Graph& operator=(Graph&&) = default;

    Error validate()
    {
        auto [inputTensors, remainingTensors] = getGraphInputTensorAttributesAndRemainder();

        std::unordered_set<std::shared_ptr<TensorAttributes>> allTensors = inputTensors;
        allTensors.insert(remainingTensors.begin(), remainingTensors.end());
        HIPDNN_CHECK_ERROR(checkNoDuplicateTensorIdsImpl(allTensors));

        HIPDNN_CHECK_ERROR(topologicallySortGraph());

        for(const auto& tensor : inputTensors)
        {
            tensor->fill_from_context(graph_attributes);
            HIPDNN_CHECK_ERROR(tensor->validate());
        }

        HIPDNN_CHECK_ERROR(validateSubtree());
        return {ErrorCode::OK, ""};
    }

    Error checkNoDuplicateTensorIds()
    {
        std::unordered_set<std::shared_ptr<TensorAttributes>> allTensors;
        gatherHipdnnTensorsSubtree(allTensors);
        return checkNoDuplicateTensorIdsImpl(allTensors);
    }

    Error checkTensorUidsSet() const
    {
        std::unordered_set<std::shared_ptr<TensorAttributes>> allTensors;
        gatherHipdnnTensorsSubtree(allTensors);
        return checkTensorUidsSetImpl(allTensors);
    }

    std::unordered_map<int64_t, std::shared_ptr<TensorAttributes>> getTensorsByUid() const
    {
        std::unordered_set<std::shared_ptr<TensorAttributes>> allTensors;
        gatherHipdnnTensorsSubtree(allTensors);
        std::unordered_map<int64_t, std::shared_ptr<TensorAttributes>> byUid;
        for(const auto& tensor : allTensors)
        {
            if(tensor != nullptr && tensor->has_uid())
            {
                byUid[tensor->get_uid()] = tensor;
            }
        }
        return byUid;
    }

    std::unordered_map<std::string, std::shared_ptr<TensorAttributes>> getTensorsByName() const
    {
        std::unordered_set<std::shared_ptr<TensorAttributes>> allTensors;
        gatherHipdnnTensorsSubtree(allTensors);
        std::unordered_map<std::string, std::shared_ptr<TensorAttributes>> byName;
        for(const auto& tensor : allTensors)
        {
            if(tensor != nullptr && !tensor->get_name().empty())
            {
                byName[tensor->get_name()] = tensor;
            }
        }
        return byName;
    }

    // Kahn's algorithm over producer -> consumer edges; the graph must be one weakly connected
    // component.
    Error topologicallySortGraph()
    {
        const size_t nodeCount = _sub_nodes.size();
        if(nodeCount == 0)
        {
            return {ErrorCode::OK, ""};
        }

        const auto consumers = buildAdjacencyList(buildTensorToOriginNodeMap());

        std::vector<size_t> component(nodeCount);
        std::iota(component.begin(), component.end(), size_t{0});
        const auto root = [&component](size_t index) {
            while(component[index] != index)
            {
                index = component[index] = component[component[index]];
            }
            return index;
        };
        std::vector<size_t> pending(nodeCount, 0);
        for(size_t from = 0; from < nodeCount; ++from)
        {
            for(const size_t to : consumers[from])
            {
                ++pending[to];
                component[root(from)] = root(to);
            }
        }

        std::vector<size_t> order;
        order.reserve(nodeCount);
        for(size_t index = 0; index < nodeCount; ++index)
        {
            if(pending[index] == 0)
            {
                order.push_back(index);
            }
        }
        for(size_t next = 0; next < order.size(); ++next)
        {
            for(const size_t to : consumers[order[next]])
            {
                if(--pending[to] == 0)
                {
                    order.push_back(to);
                }
            }
        }
        if(order.size() != nodeCount)
        {
            return {ErrorCode::INVALID_VALUE, "Graph has a cycle; it cannot be sorted."};
        }

        size_t components = 0;
        for(size_t index = 0; index < nodeCount; ++index)
        {
            components += root(index) == index ? 1 : 0;
        }
        if(components > 1)
        {
            return {ErrorCode::INVALID_VALUE,
                    "Graph has several disconnected components; split it into separate graphs."};
        }

        reorderNodesTopologically(order);
        return {ErrorCode::OK, ""};
    }

    const std::string& get_name() const
    {
        return graph_attributes.get_name();
    }
    DataType get_compute_data_type() const
    {
        return graph_attributes.get_compute_data_type();
    }
    DataType get_intermediate_data_type() const
    {
        return graph_attributes.get_intermediate_data_type();
    }
    DataType get_io_data_type() const
    {
        return graph_attributes.get_io_data_type();
    }

    Graph& set_name(const std::string& name)
    {
        graph_attributes.set_name(name);
        return *this;
    }
    Graph& set_compute_data_type(DataType computeType)
    {
        graph_attributes.set_compute_data_type(computeType);
        return *this;
    }
    Graph& set_intermediate_data_type(DataType intermediateType)
    {
        graph_attributes.set_intermediate_data_type(intermediateType);
        return *this;
    }
    Graph& set_io_data_type(DataType ioType)
    {
        graph_attributes.set_io_data_type(ioType);
        return *this;
    }

// Every generated op's graph method, concatenated by the harness.
#include "hipdnn_codegen_graph_methods.inc"

    static std::shared_ptr<TensorAttributes>
        tensor_like(const std::shared_ptr<TensorAttributes>& tensor, const std::string& name = "")
    {
        auto copy = std::make_shared<TensorAttributes>(*tensor);
        copy->clear_uid();
        copy->set_name(name);
        return copy;
    }

    static std::shared_ptr<TensorAttributes> tensor(const TensorAttributes& tensor)
    {
        return std::make_shared<TensorAttributes>(tensor);
    }

    // Serialization to hipDNN's binary graph (declared only: used by the test SDK's lifting
    // helper, id 64401794917, as `auto [data, error] = graph.to_binary()`).
    std::pair<std::vector<uint8_t>, Error> to_binary() const;

    // validate, lower and plan in one call, declared only: hipDNN's samples call it as
    // `graph->build(handle)` and skip on GRAPH_NOT_SUPPORTED (ids 55051781691, 62051289818); its
    // further parameters (heuristic modes) are UNVERIFIED and left out.
    Error build(hipdnnHandle_t handle);

protected:
    // Lowering and lifting through the backend, declared only (the integration tests that reach
    // them through hipdnn_tests::TestableGraph*, id 65499828820, are compiled, not run, here).
    // Return types as the test SDK helpers use them (ids 65632084934 / 64401794917): an Error, or
    // the raw graph descriptor; parameter spellings UNVERIFIED.
    Error build_operation_graph(hipdnnHandle_t handle);
    Error build_operation_graph_via_descriptors(hipdnnHandle_t handle);
    Error deserialize_via_backend(hipdnnHandle_t handle, const std::vector<uint8_t>& data);
    Error fromBackendDescriptor(hipdnnBackendDescriptor_t graphDescriptor);
    hipdnnBackendDescriptor_t get_raw_graph_descriptor() const;
};

} // namespace hipdnn_frontend::graph
