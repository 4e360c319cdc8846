// Copyright © Advanced Micro Devices, Inc., or its affiliates.
// SPDX-License-Identifier: MIT
// hipdnn-codegen drift case, written for this project: a per-op file at the path hipDNN keeps it
// (path checked: SdpaBwdOperationDescriptor.hpp, index id 55447567807). Its content is this project's generated file with one API difference:
// the getter is spelled getDbiasDesc, where the generated one has getDBiasDesc

#pragma once

#include "BackendDescriptor.hpp"
#include "IGraphOperation.hpp"
#include "TensorDescriptor.hpp"

#include <hipdnn_flatbuffers_sdk/data_objects/graph_generated.h>
#include <hipdnn_flatbuffers_sdk/data_objects/sdpa_backward_attributes_generated.h>

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace hipdnn_backend
{

class SdpaBwdOperationDescriptor : public HipdnnBackendDescriptorImpl<SdpaBwdOperationDescriptor>,
                                   public IGraphOperation
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

    const hipdnn_flatbuffers_sdk::data_objects::SdpaBackwardAttributesT& getData() const;
    std::shared_ptr<TensorDescriptor> getQDesc() const;
    std::shared_ptr<TensorDescriptor> getKDesc() const;
    std::shared_ptr<TensorDescriptor> getVDesc() const;
    std::shared_ptr<TensorDescriptor> getODesc() const;
    std::shared_ptr<TensorDescriptor> getDoDesc() const;
    std::shared_ptr<TensorDescriptor> getStatsDesc() const;
    std::shared_ptr<TensorDescriptor> getDqDesc() const;
    std::shared_ptr<TensorDescriptor> getDkDesc() const;
    std::shared_ptr<TensorDescriptor> getDvDesc() const;
    std::shared_ptr<TensorDescriptor> getScaleDesc() const;
    std::shared_ptr<TensorDescriptor> getAttnMaskDesc() const;
    std::shared_ptr<TensorDescriptor> getSeqLenQDesc() const;
    std::shared_ptr<TensorDescriptor> getSeqLenKvDesc() const;
    std::shared_ptr<TensorDescriptor> getSeedDesc() const;
    std::shared_ptr<TensorDescriptor> getOffsetDesc() const;
    std::shared_ptr<TensorDescriptor> getDropoutMaskDesc() const;
    std::shared_ptr<TensorDescriptor> getDropoutScaleDesc() const;
    std::shared_ptr<TensorDescriptor> getDropoutScaleInvDesc() const;
    std::shared_ptr<TensorDescriptor> getDbiasDesc() const;
    hipdnn_flatbuffers_sdk::data_objects::DataType getComputeDataType() const;

    std::vector<std::shared_ptr<TensorDescriptor>> getTensorDescriptors() const override;
    std::unique_ptr<hipdnn_flatbuffers_sdk::data_objects::NodeT> buildNode() const override;
    static std::shared_ptr<SdpaBwdOperationDescriptor>
        fromNode(const hipdnn_flatbuffers_sdk::data_objects::NodeT& nodeT,
                 const std::unordered_map<int64_t, std::shared_ptr<TensorDescriptor>>& tensorMap);
    static hipdnnBackendDescriptorType_t getStaticType();
    std::string toString() const override;

private:
    hipdnn_flatbuffers_sdk::data_objects::SdpaBackwardAttributesT _data;
    std::shared_ptr<TensorDescriptor> _qDesc;
    std::shared_ptr<TensorDescriptor> _kDesc;
    std::shared_ptr<TensorDescriptor> _vDesc;
    std::shared_ptr<TensorDescriptor> _oDesc;
    std::shared_ptr<TensorDescriptor> _doDesc;
    std::shared_ptr<TensorDescriptor> _statsDesc;
    std::shared_ptr<TensorDescriptor> _dqDesc;
    std::shared_ptr<TensorDescriptor> _dkDesc;
    std::shared_ptr<TensorDescriptor> _dvDesc;
    std::shared_ptr<TensorDescriptor> _scaleDesc;
    std::shared_ptr<TensorDescriptor> _attnMaskDesc;
    std::shared_ptr<TensorDescriptor> _seqLenQDesc;
    std::shared_ptr<TensorDescriptor> _seqLenKvDesc;
    std::shared_ptr<TensorDescriptor> _seedDesc;
    std::shared_ptr<TensorDescriptor> _offsetDesc;
    std::shared_ptr<TensorDescriptor> _dropoutMaskDesc;
    std::shared_ptr<TensorDescriptor> _dropoutScaleDesc;
    std::shared_ptr<TensorDescriptor> _dropoutScaleInvDesc;
    std::shared_ptr<TensorDescriptor> _dbiasDesc;
    hipdnn_flatbuffers_sdk::data_objects::DataType _computeDataType
        = hipdnn_flatbuffers_sdk::data_objects::DataType::UNSET;
    std::string _name;
};

} // namespace hipdnn_backend
