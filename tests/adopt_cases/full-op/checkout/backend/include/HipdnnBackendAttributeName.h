// Written for hipdnn-codegen's tests in the format of hipDNN's HipdnnBackendAttributeName.h
// (ROCm/rocm-libraries, index id 68917362156): range list in the @enum comment, @name groups,
// one /** @brief */ line and NAME = value, per entry.
// The groupnorm backward tensors follow add-op's backward skeleton, shaped as hipDNN's backward ops
// (dy and forward inputs in, dx out: rmsnorm_backward_attributes.fbs id 58641124874,
// resample_bwd_attributes.fbs id 58646280711, convolution_bwd_attributes.fbs id 60638854707).

#pragma once

/**
 * @enum hipdnnBackendAttributeName_t
 * @brief Identifiers for backend descriptor attributes
 *
 * Attribute ranges by descriptor type:
 * - 100-199: Engine heuristic attributes
 * - 3600-3699: Layernorm backward operation attributes
 * - 4000-4099: Groupnorm backward operation attributes
 * - 60200-60299: Operation type extension attributes
 */
typedef enum
{
    /**
     * @name Engine Heuristic Attributes (100-199)
     * Attributes for HIPDNN_BACKEND_ENGINEHEUR_DESCRIPTOR
     * @{
     */

    /** @brief Heuristic search mode */
    HIPDNN_ATTR_ENGINEHEUR_MODE = 100,

    /** @} */

    /**
     * @name Groupnorm Backward Operation Attributes (4000-4099)
     * Attributes for HIPDNN_BACKEND_OPERATION_GROUPNORM_BACKWARD_DESCRIPTOR_EXT
     * @{
     */

    /** @brief Output gradient tensor for groupnorm backward */
    HIPDNN_ATTR_OPERATION_GROUPNORM_BACKWARD_DY_EXT = 4000,

    /** @brief Input tensor for groupnorm backward */
    HIPDNN_ATTR_OPERATION_GROUPNORM_BACKWARD_X_EXT = 4001,

    /** @brief Input gradient tensor for groupnorm backward */
    HIPDNN_ATTR_OPERATION_GROUPNORM_BACKWARD_DX_EXT = 4002,

    /** @brief Compute type for groupnorm backward */
    HIPDNN_ATTR_GROUPNORM_BACKWARD_COMP_TYPE_EXT = 4003,

    /** @} */

    /**
     * @name Extension Attributes (60000+)
     * @{
     */

    /** @brief Operation type of an operation descriptor (read-only extension) */
    HIPDNN_ATTR_OPERATION_TYPE_EXT = 60200,

    /** @} */

} hipdnnBackendAttributeName_t;
