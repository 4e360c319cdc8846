// Copyright © Advanced Micro Devices, Inc., or its affiliates.
// SPDX-License-Identifier: MIT

#pragma once

/**
 * @file HipdnnBackendAttributeName.h
 * @brief Backend attribute names.
 *
 * Attribute ranges:
 *   1300-1399: Tensor attributes
 *   2700-2799: Layernorm operation
 *   3500-3599: RMSNorm backward operation
 *   60000+: Extension attributes
 */

typedef enum
{
    /** @name Tensor Attributes (1300-1399)
     *  Attributes of HIPDNN_BACKEND_TENSOR_DESCRIPTOR.
     *  @{ */

    /** @brief Tensor unique id. */
    HIPDNN_ATTR_TENSOR_UNIQUE_ID = 1300,

    /** @brief Tensor value. */
    HIPDNN_ATTR_TENSOR_VALUE_EXT = 1306,

    /** @brief Older spelling of HIPDNN_ATTR_TENSOR_VALUE_EXT. */
    HIPDNN_ATTR_TENSOR_CONSTANT_VALUE = HIPDNN_ATTR_TENSOR_VALUE_EXT,

    /** @} */

    /** @name Layernorm Operation Attributes (2700-2799)
     *  Attributes of HIPDNN_BACKEND_OPERATION_LAYERNORM_DESCRIPTOR_EXT.
     *  @{ */

    /** @brief X tensor. */
    HIPDNN_ATTR_OPERATION_LAYERNORM_X_EXT = 2700,

    /** @brief Y tensor. */
    HIPDNN_ATTR_OPERATION_LAYERNORM_Y_EXT = 2701,

    /** @} */

    /** @name RMSNorm Backward Operation Attributes (3500-3599)
     *  Attributes of HIPDNN_BACKEND_OPERATION_RMSNORM_BACKWARD_DESCRIPTOR_EXT.
     *  @{ */

    /** @brief DY tensor. */
    HIPDNN_ATTR_OPERATION_RMSNORM_BACKWARD_DY_EXT = 3500,

    /** @brief DX tensor. */
    HIPDNN_ATTR_OPERATION_RMSNORM_BACKWARD_DX_EXT = 3501,

    /** @brief Same name as the spec, other number. */
    HIPDNN_ATTR_OPERATION_LAYERNORM_BACKWARD_DY_EXT = 3650,

    /** @} */

    /** @name Extension Attributes (60000+)
     *  @{ */

    /** @brief Operation type (get only). */
    HIPDNN_ATTR_OPERATION_TYPE_EXT = 60200,

    /** @brief Operation name. */
    HIPDNN_ATTR_OPERATION_NAME_EXT = 60300,

    /** @} */
} hipdnnBackendAttributeName_t;
