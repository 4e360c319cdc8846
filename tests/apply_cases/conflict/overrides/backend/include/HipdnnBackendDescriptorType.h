// Copyright © Advanced Micro Devices, Inc., or its affiliates.
// SPDX-License-Identifier: MIT

#pragma once

typedef enum
{
    /** @brief Invalid descriptor type. */
    HIPDNN_INVALID_TYPE_EXT = 0,

    /** @brief Tensor descriptor. */
    HIPDNN_BACKEND_TENSOR_DESCRIPTOR = 14,

    /** @brief Layernorm operation descriptor. */
    HIPDNN_BACKEND_OPERATION_LAYERNORM_DESCRIPTOR_EXT = 25,

    /** @brief RMSNorm backward operation descriptor. */
    HIPDNN_BACKEND_OPERATION_RMSNORM_BACKWARD_DESCRIPTOR_EXT = 30,

} hipdnnBackendDescriptorType_t;
