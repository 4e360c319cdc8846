// Stand-in for hipDNN backend/tests/descriptors/TensorDescriptorTestUtils.hpp. Checked against:
// id 57211576612: createFinalizedTensor(int64_t uid, std::vector<int64_t> dims = <default>,
// std::vector<int64_t> strides = <default>, hipdnnDataType_t dataType = HIPDNN_DATA_FLOAT) and
// verifyTensorDescriptor(hipdnnBackendDescriptor_t, int64_t, hipdnnDataType_t, const vector&,
// const vector&). The real dims/strides defaults are the conv-fprop X constants
// (K_FPROP_TENSOR_X_DIMS/STRIDES); here they default to empty vectors - only the fact that the
// helper is callable with the UID alone matters for a compile check.
#pragma once

#include "DescriptorTestUtils.hpp"
#include "TensorDescriptor.hpp"
#include "hipdnn_backend.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace hipdnn_backend::test_utilities
{

std::unique_ptr<HipdnnBackendDescriptor> createFinalizedTensor(int64_t uid,
                                                               std::vector<int64_t> dims = {},
                                                               std::vector<int64_t> strides = {},
                                                               hipdnnDataType_t dataType = HIPDNN_DATA_FLOAT);

void verifyTensorDescriptor(hipdnnBackendDescriptor_t tensorDesc,
                            int64_t expectedUid,
                            hipdnnDataType_t expectedDataType,
                            const std::vector<int64_t>& expectedDims,
                            const std::vector<int64_t>& expectedStrides);

} // namespace hipdnn_backend::test_utilities
