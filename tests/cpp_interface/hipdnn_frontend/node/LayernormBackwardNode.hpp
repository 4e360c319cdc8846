// Stand-in for hipdnn_frontend/node/LayernormBackwardNode.hpp. Checked against: id 59078622115
// (class LayernormBackwardNode : BaseNode<LayernormBackwardNode, NodeType::LAYERNORM_BACKWARD>,
// public member `attributes`, constructor (LayernormBackwardAttributes&&, const GraphAttributes&),
// the four overrides). The real node includes the packer/unpacker and defines the bodies; this
// stand-in only declares them so it does not depend on generated code.
#pragma once

#include "Node.hpp"

#include <hipdnn_frontend/attributes/LayernormBackwardAttributes.hpp>

#include <utility>

namespace hipdnn_frontend::graph
{

class LayernormBackwardNode : public BaseNode<LayernormBackwardNode, NodeType::LAYERNORM_BACKWARD>
{
public:
    LayernormBackwardAttributes attributes;

    LayernormBackwardNode(LayernormBackwardAttributes&& attrs, const GraphAttributes& graphAttrs)
        : BaseNode(graphAttrs)
        , attributes(std::move(attrs))
    {
    }
    Error unpack_from_descriptor(
        hipdnnBackendDescriptor_t opDesc,
        std::unordered_map<int64_t, std::shared_ptr<TensorAttributes>>& tensorMap) override;
    Error pre_validate_node() const override;
    Error infer_properties_node() override;
    Error create_operation(
        std::unordered_map<int64_t, detail::ScopedHipdnnBackendDescriptor>& tensorDescs,
        std::vector<detail::ScopedHipdnnBackendDescriptor>& operations) const override;
};

} // namespace hipdnn_frontend::graph
