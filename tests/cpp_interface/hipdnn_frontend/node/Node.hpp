// Stand-in for hipdnn_frontend/node/Node.hpp (minimal). Checked against the uses in
// LayernormBackwardNode id 59078622115 (BaseNode<Derived, NodeType::X>, BaseNode(graphAttrs),
// member graph_attributes, virtual unpack_from_descriptor / pre_validate_node /
// infer_properties_node / create_operation) and OperationUnpacker id 55376356773 (graph::INode,
// node->unpack_from_descriptor(opDesc, tensorMap)). NodeType's full enumerator list: UNVERIFIED
// (only the two backward ops are declared; SDPA_BACKWARD's spelling is UNVERIFIED).
#pragma once

#include <hipdnn_backend.h>
#include <hipdnn_frontend/Error.hpp>
#include <hipdnn_frontend/attributes/GraphAttributes.hpp>
#include <hipdnn_frontend/attributes/TensorAttributes.hpp>
#include <hipdnn_frontend/detail/ScopedHipdnnBackendDescriptor.hpp>

#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

namespace hipdnn_frontend::graph
{

enum class NodeType
{
    LAYERNORM_BACKWARD,
    SDPA_BACKWARD,
};

class INode
{
public:
    virtual ~INode() = default;
    virtual Error unpack_from_descriptor(
        hipdnnBackendDescriptor_t opDesc,
        std::unordered_map<int64_t, std::shared_ptr<TensorAttributes>>& tensorMap)
        = 0;
    virtual Error pre_validate_node() const = 0;
    virtual Error infer_properties_node() = 0;
    virtual Error create_operation(
        std::unordered_map<int64_t, detail::ScopedHipdnnBackendDescriptor>& tensorDescs,
        std::vector<detail::ScopedHipdnnBackendDescriptor>& operations) const
        = 0;
};

template <typename DerivedT, NodeType Type>
class BaseNode : public INode
{
public:
    explicit BaseNode(const GraphAttributes& graphAttrs)
        : graph_attributes(graphAttrs)
    {
    }
    GraphAttributes graph_attributes;
};

} // namespace hipdnn_frontend::graph
