// Copyright © Advanced Micro Devices, Inc., or its affiliates.
// SPDX-License-Identifier: MIT

// hipdnn-codegen adopt case, written for this project: hipDNN's constants-header layout (one
// K_<OP>_TENSOR_<T>_UID per tensor, as RMSNormBackwardConstants.hpp, id 55289835703) with UIDs made up
// to collide with the shipped layernorm_bwd's 3610-3615, so adoption moves them into the op's block
// (1810-1815). Not hipDNN's numbers.

#pragma once

#include <cstdint>

namespace hipdnn_tests::constants
{
constexpr int64_t K_BATCHNORMINFERENCE_TENSOR_X_UID = 3610;
constexpr int64_t K_BATCHNORMINFERENCE_TENSOR_MEAN_UID = 3611;
constexpr int64_t K_BATCHNORMINFERENCE_TENSOR_INV_VARIANCE_UID = 3612;
constexpr int64_t K_BATCHNORMINFERENCE_TENSOR_SCALE_UID = 3613;
constexpr int64_t K_BATCHNORMINFERENCE_TENSOR_BIAS_UID = 3614;
constexpr int64_t K_BATCHNORMINFERENCE_TENSOR_Y_UID = 3615;
} // namespace hipdnn_tests::constants
