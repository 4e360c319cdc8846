// Stand-in for hipdnn_frontend/node/Node.hpp (INode, BaseNode, NodeCRTP).
// Checked against: id 58597995608 (tvy fork, newest seen) and id 59929790725 (older upstream).
// Real and kept: includes (NodeType.hpp, ScopedHipdnnBackendDescriptor.hpp, ...); INode with public
// `GraphAttributes graph_attributes`, ctor INode(GraphAttributes), copy deleted / move defaulted;
// virtuals with real signatures and default bodies: pre_validate_node() const,
// infer_properties_node(), post_validate_node() const (all return {}), getNodeName(),
// getNodeType() (UNKNOWN), gather_hipdnn_tensors(std::unordered_set<...>&) const (no-op),
// unpack_from_descriptor(hipdnnBackendDescriptor_t, std::unordered_map<int64_t,
// std::shared_ptr<TensorAttributes>>&) and create_operation(std::unordered_map<int64_t,
// detail::ScopedHipdnnBackendDescriptor>&, std::vector<detail::ScopedHipdnnBackendDescriptor>&)
// const (both return HIPDNN_BACKEND_ERROR "not implemented"), getNodeInputTensorAttributes /
// getNodeOutputTensorAttributes, logicallyEquals / operator== (false) and operator!=;
// public visit() (pre-order, const and non-const); protected `_sub_nodes`, validateSubtree()
// (own pre_validate, own infer_properties, each child's validateSubtree, own post_validate) and
// gatherHipdnnTensorsSubtree(). BaseNode<DerivedT, NodeType Type = NodeType::UNKNOWN> : INode,
// friend DerivedT, self(), getNodeType() -> Type, getNodeName() -> attributes.get_name(),
// gather_hipdnn_tensors (every non-null tensor of attributes.inputs / attributes.outputs, plus its
// ragged-offset tensor when it has one), post_validate_node (ATTRIBUTE_NOT_SET without a
// compute_data_type, then validate() of each output tensor), input/output tensor lists,
// private BaseNode() = default, protected `using INode::INode`; alias NodeCRTP.
// Not modelled: BaseNode's logicallyEquals / operator== overrides (they need
// attributes.logicallyEquals and attributes == attributes, which the generated attributes classes
// may not have), the older gatherOutputTensors / gatherInputTensors and pack_node (flatbuffers).
#pragma once

#include <hipdnn_backend.h>
#include <hipdnn_frontend/Error.hpp>
#include <hipdnn_frontend/attributes/GraphAttributes.hpp>
#include <hipdnn_frontend/attributes/TensorAttributes.hpp>
#include <hipdnn_frontend/detail/ScopedHipdnnBackendDescriptor.hpp>
#include <hipdnn_frontend/node/NodeType.hpp>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

namespace hipdnn_frontend::graph
{

class INode
{
public:
    GraphAttributes graph_attributes;

    INode(GraphAttributes attributes)
        : graph_attributes(std::move(attributes))
    {
    }
    virtual ~INode() = default;

    INode(const INode&) = delete;
    INode& operator=(const INode&) = delete;
    INode(INode&&) = default;
    INode& operator=(INode&&) = default;

    virtual Error pre_validate_node() const
    {
        return {};
    }
    virtual Error infer_properties_node()
    {
        return {};
    }
    virtual Error post_validate_node() const
    {
        return {};
    }
    virtual std::string getNodeName() const
    {
        return {};
    }
    virtual NodeType getNodeType() const
    {
        return NodeType::UNKNOWN;
    }
    virtual void gather_hipdnn_tensors(
        [[maybe_unused]] std::unordered_set<std::shared_ptr<TensorAttributes>>& allTensors) const
    {
    }

    virtual Error unpack_from_descriptor(
        [[maybe_unused]] hipdnnBackendDescriptor_t opDesc,
        [[maybe_unused]] std::unordered_map<int64_t, std::shared_ptr<TensorAttributes>>& tensorMap)
    {
        const std::string nodeName = getNodeName();
        return {ErrorCode::HIPDNN_BACKEND_ERROR,
                "unpack_from_descriptor is not implemented for this node"
                    + (nodeName.empty() ? std::string() : ": " + nodeName)};
    }

    virtual Error create_operation(
        [[maybe_unused]] std::unordered_map<int64_t, detail::ScopedHipdnnBackendDescriptor>&
            tensorDescs,
        [[maybe_unused]] std::vector<detail::ScopedHipdnnBackendDescriptor>& operations) const
    {
        return {ErrorCode::HIPDNN_BACKEND_ERROR,
                "create_operation is not implemented for node: " + getNodeName()};
    }

    virtual std::vector<std::shared_ptr<TensorAttributes>> getNodeInputTensorAttributes() const
    {
        return {};
    }
    virtual std::vector<std::shared_ptr<TensorAttributes>> getNodeOutputTensorAttributes() const
    {
        return {};
    }

    // Pre-order walk: this node, then every non-null child's subtree.
    void visit(const std::function<void(INode&)>& visitor)
    {
        visitor(*this);
        for(const auto& child : _sub_nodes)
        {
            if(child != nullptr)
            {
                child->visit(visitor);
            }
        }
    }
    void visit(const std::function<void(const INode&)>& visitor) const
    {
        visitor(*this);
        for(const auto& child : _sub_nodes)
        {
            if(child != nullptr)
            {
                static_cast<const INode&>(*child).visit(visitor);
            }
        }
    }

    virtual bool logicallyEquals(const INode& /*other*/) const
    {
        return false;
    }
    virtual bool operator==(const INode& /*other*/) const
    {
        return false;
    }
    bool operator!=(const INode& other) const
    {
        return !(*this == other);
    }

protected:
    std::vector<std::shared_ptr<INode>> _sub_nodes;

    Error validateSubtree()
    {
        HIPDNN_CHECK_ERROR(pre_validate_node());
        HIPDNN_CHECK_ERROR(infer_properties_node());
        for(const auto& child : _sub_nodes)
        {
            HIPDNN_CHECK_ERROR(child->validateSubtree());
        }
        HIPDNN_CHECK_ERROR(post_validate_node());
        return {};
    }

    void gatherHipdnnTensorsSubtree(
        std::unordered_set<std::shared_ptr<TensorAttributes>>& allTensors) const
    {
        gather_hipdnn_tensors(allTensors);
        for(const auto& child : _sub_nodes)
        {
            child->gatherHipdnnTensorsSubtree(allTensors);
        }
    }
};

// DerivedT must have a public `attributes` member whose `inputs` and `outputs` maps hold
// std::shared_ptr<TensorAttributes> values.
template <typename DerivedT, NodeType Type = NodeType::UNKNOWN>
class BaseNode : public INode
{
    friend DerivedT;

private:
    DerivedT& self()
    {
        return static_cast<DerivedT&>(*this);
    }
    const DerivedT& self() const
    {
        return static_cast<const DerivedT&>(*this);
    }

public:
    NodeType getNodeType() const override
    {
        return Type;
    }

    std::string getNodeName() const override
    {
        return std::string(self().attributes.get_name());
    }

    void gather_hipdnn_tensors(
        std::unordered_set<std::shared_ptr<TensorAttributes>>& allTensors) const override
    {
        const auto collect = [&allTensors](const std::shared_ptr<TensorAttributes>& tensor) {
            if(tensor == nullptr)
            {
                return;
            }
            allTensors.insert(tensor);
            if(tensor->has_ragged_offset())
            {
                allTensors.insert(tensor->get_ragged_offset());
            }
        };
        for(const auto& entry : self().attributes.inputs)
        {
            collect(entry.second);
        }
        for(const auto& entry : self().attributes.outputs)
        {
            collect(entry.second);
        }
    }

    Error post_validate_node() const override
    {
        if(self().attributes.compute_data_type == DataType::NOT_SET)
        {
            return {ErrorCode::ATTRIBUTE_NOT_SET,
                    "Node " + self().attributes.name + " has no compute_data_type"};
        }
        for(const auto& output : getNodeOutputTensorAttributes())
        {
            HIPDNN_CHECK_ERROR(output->validate());
        }
        return {ErrorCode::OK, ""};
    }

    std::vector<std::shared_ptr<TensorAttributes>> getNodeInputTensorAttributes() const override
    {
        std::vector<std::shared_ptr<TensorAttributes>> result;
        for(const auto& entry : self().attributes.inputs)
        {
            if(entry.second != nullptr)
            {
                result.push_back(entry.second);
            }
        }
        return result;
    }

    std::vector<std::shared_ptr<TensorAttributes>> getNodeOutputTensorAttributes() const override
    {
        std::vector<std::shared_ptr<TensorAttributes>> result;
        for(const auto& entry : self().attributes.outputs)
        {
            if(entry.second != nullptr)
            {
                result.push_back(entry.second);
            }
        }
        return result;
    }

private:
    BaseNode() = default;

protected:
    using INode::INode;
};

template <typename DerivedT, NodeType Type = NodeType::UNKNOWN>
using NodeCRTP = BaseNode<DerivedT, Type>;

} // namespace hipdnn_frontend::graph
