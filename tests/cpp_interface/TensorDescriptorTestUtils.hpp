#pragma once

#include "BackendDescriptor.hpp"
#include "hipdnn_backend.h"

#include <memory>
#include <vector>

namespace hipdnn_backend::test_utilities
{

std::unique_ptr<HipdnnBackendDescriptor> createFinalizedTensor(int64_t uid,
                                                               std::vector<int64_t> dims,
                                                               std::vector<int64_t> strides,
                                                               hipdnnDataType_t dataType = HIPDNN_DATA_FLOAT);

} // namespace hipdnn_backend::test_utilities
