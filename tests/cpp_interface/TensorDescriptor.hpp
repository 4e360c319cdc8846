// Stand-in for hipDNN backend/src/descriptors/TensorDescriptor.hpp. Checked against: hpp id
// 58882226959, cpp id 58926320702: class hipdnn_backend::TensorDescriptor deriving from
// HipdnnBackendDescriptorImpl<TensorDescriptor>; finalize/getAttribute/setAttribute/toString
// overrides, inline getData() over a private TensorAttributesT _data, the two static fromFlatBuffer
// overloads (copy, move; both finalize), getStaticType() = HIPDNN_BACKEND_TENSOR_DESCRIPTOR. Bodies
// are in backend_runtime.cpp (written here). The value/ragged-offset members are not declared.
#pragma once

#include "BackendDescriptor.hpp"

#include <hipdnn_flatbuffers_sdk/data_objects/graph_generated.h>

#include <memory>
#include <string>

namespace hipdnn_backend
{

class TensorDescriptor : public HipdnnBackendDescriptorImpl<TensorDescriptor>
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
    const hipdnn_flatbuffers_sdk::data_objects::TensorAttributesT& getData() const
    {
        return _data;
    }
    static std::shared_ptr<TensorDescriptor>
        fromFlatBuffer(const hipdnn_flatbuffers_sdk::data_objects::TensorAttributesT& tensorT);
    static std::shared_ptr<TensorDescriptor>
        fromFlatBuffer(hipdnn_flatbuffers_sdk::data_objects::TensorAttributesT&& tensorT);
    static hipdnnBackendDescriptorType_t getStaticType();
    std::string toString() const override;

private:
    hipdnn_flatbuffers_sdk::data_objects::TensorAttributesT _data;
};

} // namespace hipdnn_backend
