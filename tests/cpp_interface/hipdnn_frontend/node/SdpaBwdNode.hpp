// Stand-in for hipdnn_frontend/node/SdpaBwdNode.hpp. Checked against: OperationUnpacker id
// 55376356773 (header path <hipdnn_frontend/node/SdpaBwdNode.hpp>, class graph::SdpaBwdNode,
// make_shared<graph::SdpaBwdNode>(graph::SdpaBackwardAttributes{}, graphAttrs)). The SdpaBwdNode
// file itself was NOT read: the BaseNode NodeType value, the public member name `attributes` and
// the exact constructor parameter types are UNVERIFIED (modelled on LayernormBackwardNode id
// 59078622115). Declarations only; the real node defines bodies using the packer/unpacker.
#pragma once

#include "Node.hpp"

#include <hipdnn_frontend/attributes/SdpaBackwardAttributes.hpp>

#include <utility>

namespace hipdnn_frontend::graph
{

class SdpaBwdNode : public BaseNode<SdpaBwdNode, NodeType::SDPA_BACKWARD>
{
public:
    SdpaBackwardAttributes attributes;

    SdpaBwdNode(SdpaBackwardAttributes&& attrs, const GraphAttributes& graphAttrs)
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
