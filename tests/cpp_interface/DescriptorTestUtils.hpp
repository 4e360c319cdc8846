#pragma once

#include "BackendDescriptor.hpp"
#include "hipdnn_backend.h"

#include <memory>

namespace hipdnn_backend::test_utilities
{

template <typename T>
std::unique_ptr<HipdnnBackendDescriptor> createDescriptor();

} // namespace hipdnn_backend::test_utilities
