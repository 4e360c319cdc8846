// Written for hipdnn-codegen's tests in the format of hipDNN's HipdnnOperationType.h
// (ROCm/rocm-libraries, index id 58753977426): NAME = N, ///< text; a long entry wraps before '='.

#pragma once

/**
 * @enum hipdnnOperationType_ext_t
 * @brief Operation type for backend operation descriptors
 */
typedef enum
{
    HIPDNN_OPERATION_TYPE_NOT_SET_EXT = 0, ///< Operation type not specified
    HIPDNN_OPERATION_TYPE_GROUPNORM_BACKWARD_EXT
    = 30, ///< Group normalization backward, a comment long enough to wrap before the value
} hipdnnOperationType_ext_t;
