// hipdnn-codegen test stand-in, written for this project in the form of hipDNN's
// backend/src/descriptors/RMSNormBackwardOperationDescriptor.cpp (ROCm/rocm-libraries, search-index
// id 55556885356): only fromNode(), and in it only the lookup each tensor gets, as hipDNN's has it
// (every tensor through findTensorInMap, which fails on a UID missing from the map; the optional
// dbias only when its UID is set). Every comment is our own.

#include "RMSNormBackwardOperationDescriptor.hpp"

namespace hipdnn_backend
{

std::shared_ptr<RMSNormBackwardOperationDescriptor> RMSNormBackwardOperationDescriptor::fromNode(const NodeT& node, const TensorMap& tensorMap)
{
    const auto* attrs = node.attributes.AsRMSNormBackwardAttributes();
    auto desc = std::make_shared<RMSNormBackwardOperationDescriptor>();

    desc->_dyDesc = findTensorInMap(tensorMap, attrs->dy_tensor_uid, "dy");
    desc->_xDesc = findTensorInMap(tensorMap, attrs->x_tensor_uid, "x");
    desc->_scaleDesc = findTensorInMap(tensorMap, attrs->scale_tensor_uid, "scale");
    desc->_invRmsDesc = findTensorInMap(tensorMap, attrs->inv_rms_tensor_uid, "inv_rms");
    desc->_dxDesc = findTensorInMap(tensorMap, attrs->dx_tensor_uid, "dx");
    desc->_dscaleDesc = findTensorInMap(tensorMap, attrs->dscale_tensor_uid, "dscale");
    if(attrs->dbias_tensor_uid)
    {
        desc->_dbiasDesc = findTensorInMap(tensorMap, *attrs->dbias_tensor_uid, "dbias");
    }

    return desc;
}

} // namespace hipdnn_backend
