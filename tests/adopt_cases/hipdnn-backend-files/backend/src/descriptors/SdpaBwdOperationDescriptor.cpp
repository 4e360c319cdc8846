// hipdnn-codegen test stand-in, written for this project in the form of hipDNN's
// backend/src/descriptors/SdpaBwdOperationDescriptor.cpp (ROCm/rocm-libraries, search-index id
// 55326217242): only fromNode(), and in it only the lookup each tensor gets, as hipDNN's has it (the
// required tensors through findTensorInMap, which fails on a UID missing from the map; the optional
// ones through findOptionalTensor, which leaves the tensor unset). Every comment is our own.

#include "SdpaBwdOperationDescriptor.hpp"

namespace hipdnn_backend
{

std::shared_ptr<SdpaBwdOperationDescriptor> SdpaBwdOperationDescriptor::fromNode(const NodeT& node, const TensorMap& tensorMap)
{
    const auto* attrs = node.attributes.AsSdpaBackwardAttributes();
    auto desc = std::make_shared<SdpaBwdOperationDescriptor>();

    desc->_qDesc = findTensorInMap(tensorMap, attrs->q_tensor_uid, "q");
    desc->_kDesc = findTensorInMap(tensorMap, attrs->k_tensor_uid, "k");
    desc->_vDesc = findTensorInMap(tensorMap, attrs->v_tensor_uid, "v");
    desc->_oDesc = findTensorInMap(tensorMap, attrs->o_tensor_uid, "o");
    desc->_doDesc = findTensorInMap(tensorMap, attrs->do_tensor_uid, "do");
    desc->_statsDesc = findTensorInMap(tensorMap, attrs->stats_tensor_uid, "stats");
    desc->_dqDesc = findTensorInMap(tensorMap, attrs->dq_tensor_uid, "dq");
    desc->_dkDesc = findTensorInMap(tensorMap, attrs->dk_tensor_uid, "dk");
    desc->_dvDesc = findTensorInMap(tensorMap, attrs->dv_tensor_uid, "dv");

    desc->_scaleDesc = findOptionalTensor(tensorMap, attrs->scale_tensor_uid);
    desc->_attnMaskDesc = findOptionalTensor(tensorMap, attrs->attn_mask_tensor_uid);
    desc->_seqLenQDesc = findOptionalTensor(tensorMap, attrs->seq_len_q_tensor_uid);
    desc->_seqLenKvDesc = findOptionalTensor(tensorMap, attrs->seq_len_kv_tensor_uid);
    desc->_seedDesc = findOptionalTensor(tensorMap, attrs->seed_tensor_uid);
    desc->_offsetDesc = findOptionalTensor(tensorMap, attrs->offset_tensor_uid);
    desc->_dropoutMaskDesc = findOptionalTensor(tensorMap, attrs->dropout_mask_tensor_uid);
    desc->_dropoutScaleDesc = findOptionalTensor(tensorMap, attrs->dropout_scale_tensor_uid);
    desc->_dropoutScaleInvDesc = findOptionalTensor(tensorMap, attrs->dropout_scale_inv_tensor_uid);
    desc->_dbiasDesc = findOptionalTensor(tensorMap, attrs->dbias_tensor_uid);

    return desc;
}

} // namespace hipdnn_backend
