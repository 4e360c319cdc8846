// Copyright © Advanced Micro Devices, Inc., or its affiliates.
// SPDX-License-Identifier: MIT

#include "DescriptorFactory.hpp"
#include "LayernormOperationDescriptor.hpp"
#include "RMSNormBackwardOperationDescriptor.hpp"
#include "TensorDescriptor.hpp"

namespace hipdnn_backend
{

void DescriptorFactory::create(hipdnnBackendDescriptorType_t type,
                               hipdnnBackendDescriptor_t* descriptor)
{
    std::shared_ptr<IBackendDescriptor> privateDesc;
    if(type == HIPDNN_BACKEND_TENSOR_DESCRIPTOR)
    {
        privateDesc = std::make_shared<TensorDescriptor>();
    }
    *descriptor = HipdnnBackendDescriptor::packDescriptor(privateDesc);
}

} // namespace hipdnn_backend
