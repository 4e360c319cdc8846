// Stand-in for hipDNN backend/tests/descriptors/DescriptorTestUtils.hpp (real include spelling in
// tests: "DescriptorTestUtils.hpp"). Checked against: id 57271811326 (namespace
// hipdnn_backend::test_utilities; createDescriptorPtr<T>() -> HipdnnBackendDescriptor*;
// createDescriptor<T>() -> std::unique_ptr<HipdnnBackendDescriptor>). createFinalizedConvOp is not
// declared (conv-only helper).
#pragma once

#include "BackendDescriptor.hpp"
#include "hipdnn_backend.h"

#include <memory>

namespace hipdnn_backend::test_utilities
{

template <typename T>
HipdnnBackendDescriptor* createDescriptorPtr()
{
    return HipdnnBackendDescriptor::packDescriptor(std::make_shared<T>());
}

template <typename T>
std::unique_ptr<HipdnnBackendDescriptor> createDescriptor()
{
    return std::unique_ptr<HipdnnBackendDescriptor>(createDescriptorPtr<T>());
}

} // namespace hipdnn_backend::test_utilities
