// Stand-in for hipDNN backend/tests/descriptors/TensorDescriptorTestUtils.hpp. Checked against:
// ids 55120794688 / 57211576612: namespace hipdnn_backend::test_utilities, both helpers inline;
// createFinalizedTensor(uid, dims, strides, dataType = HIPDNN_DATA_FLOAT) sets UNIQUE_ID, DIMENSIONS,
// STRIDES and DATA_TYPE, finalizes and returns the wrapper; verifyTensorDescriptor reads UID and data
// type, then queries the dims / strides count (requested 0, null array) before fetching them.
// The real dims/strides defaults are the conv-fprop X constants (K_FPROP_TENSOR_X_DIMS/STRIDES),
// whose values were not read: the defaults here are a rank-4 unit tensor, and generated tests always
// pass their own dims and strides.
#pragma once

#include "DescriptorTestUtils.hpp"
#include "TensorDescriptor.hpp"
#include "hipdnn_backend.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <vector>

namespace hipdnn_backend::test_utilities
{

inline std::unique_ptr<HipdnnBackendDescriptor> createFinalizedTensor(int64_t uid,
                                                                      std::vector<int64_t> dims = {1, 1, 1, 1},
                                                                      std::vector<int64_t> strides = {1, 1, 1, 1},
                                                                      hipdnnDataType_t dataType = HIPDNN_DATA_FLOAT)
{
    auto wrapper = createDescriptor<TensorDescriptor>();
    auto tensor = wrapper->asDescriptor<TensorDescriptor>();
    tensor->setAttribute(HIPDNN_ATTR_TENSOR_UNIQUE_ID, HIPDNN_TYPE_INT64, 1, &uid);
    tensor->setAttribute(HIPDNN_ATTR_TENSOR_DIMENSIONS, HIPDNN_TYPE_INT64, static_cast<int64_t>(dims.size()), dims.data());
    tensor->setAttribute(HIPDNN_ATTR_TENSOR_STRIDES, HIPDNN_TYPE_INT64, static_cast<int64_t>(strides.size()), strides.data());
    tensor->setAttribute(HIPDNN_ATTR_TENSOR_DATA_TYPE, HIPDNN_TYPE_DATA_TYPE, 1, &dataType);
    tensor->finalize();
    return wrapper;
}

inline void verifyTensorDescriptor(hipdnnBackendDescriptor_t tensorDesc,
                                   int64_t expectedUid,
                                   hipdnnDataType_t expectedDataType,
                                   const std::vector<int64_t>& expectedDims,
                                   const std::vector<int64_t>& expectedStrides)
{
    ASSERT_NE(tensorDesc, nullptr);
    int64_t count = 0;
    int64_t uid = -1;
    tensorDesc->getAttribute(HIPDNN_ATTR_TENSOR_UNIQUE_ID, HIPDNN_TYPE_INT64, 1, &count, &uid);
    EXPECT_EQ(uid, expectedUid);
    hipdnnDataType_t dataType{};
    tensorDesc->getAttribute(HIPDNN_ATTR_TENSOR_DATA_TYPE, HIPDNN_TYPE_DATA_TYPE, 1, &count, &dataType);
    EXPECT_EQ(dataType, expectedDataType);
    for(const auto& [attribute, expected] : {std::pair{HIPDNN_ATTR_TENSOR_DIMENSIONS, &expectedDims},
                                             std::pair{HIPDNN_ATTR_TENSOR_STRIDES, &expectedStrides}})
    {
        tensorDesc->getAttribute(attribute, HIPDNN_TYPE_INT64, 0, &count, nullptr);
        ASSERT_EQ(count, static_cast<int64_t>(expected->size()));
        std::vector<int64_t> values(static_cast<size_t>(count));
        tensorDesc->getAttribute(attribute, HIPDNN_TYPE_INT64, count, &count, values.data());
        EXPECT_EQ(values, *expected);
    }
}

} // namespace hipdnn_backend::test_utilities
