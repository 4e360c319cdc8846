#pragma once

#include "BackendDescriptor.hpp"

#include <hipdnn_flatbuffers_sdk/data_objects/graph_generated.h>

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
    const hipdnn_flatbuffers_sdk::data_objects::TensorAttributesT& getData() const;
    static hipdnnBackendDescriptorType_t getStaticType();
    std::string toString() const override;
};

} // namespace hipdnn_backend
