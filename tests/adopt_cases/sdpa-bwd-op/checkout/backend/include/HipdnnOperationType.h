// Copyright © Advanced Micro Devices, Inc., or its affiliates.
// SPDX-License-Identifier: MIT

// hipdnn-codegen test fixture, written for this project in the format of hipDNN's
// backend/include/HipdnnOperationType.h (checked against index id 58753977426; values 20 and 21 also
// against fork tvy-amd/rocm-libraries@c1ceef0d per the reference, section 11.1). Every enumerator and
// value is hipDNN's; the comments are our own. Features kept: explicit values, one trailing `///<`
// comment per entry with comments NOT aligned, clang-format's wrapped `NAME\n    = N, ///< ...` form
// for long entries, the one name without _EXT (RESAMPLE_FWD), a trailing comma on the last entry.
// Not verified: MOE_GROUPED_MATMUL_EXT = 22 (present in the indexed file; other branches differ).

/**
 * @file HipdnnOperationType.h
 * @brief Kinds of backend operation descriptors
 *
 * The values returned for the HIPDNN_ATTR_OPERATION_TYPE_EXT attribute.
 */

#pragma once

/**
 * @enum hipdnnOperationType_ext_t
 * @brief The kind of a backend operation descriptor
 *
 * Lets callers dispatch on an operation without probing its attributes.
 */
typedef enum
{
    HIPDNN_OPERATION_TYPE_NOT_SET_EXT = 0, ///< No operation type set
    HIPDNN_OPERATION_TYPE_CONVOLUTION_FORWARD_EXT = 1, ///< Forward convolution
    HIPDNN_OPERATION_TYPE_CONVOLUTION_BACKWARD_DATA_EXT = 2, ///< Convolution data gradient
    HIPDNN_OPERATION_TYPE_CONVOLUTION_BACKWARD_WEIGHTS_EXT
    = 3, ///< Convolution weight gradient (backward filter)
    HIPDNN_OPERATION_TYPE_BATCHNORM_INFERENCE_EXT = 4, ///< Batchnorm, inference
    HIPDNN_OPERATION_TYPE_BATCHNORM_BACKWARD_EXT = 5, ///< Batchnorm, backward
    HIPDNN_OPERATION_TYPE_BATCHNORM_INFERENCE_VARIANCE_EXT
    = 6, ///< Batchnorm inference that takes a variance tensor
    HIPDNN_OPERATION_TYPE_BATCHNORM_EXT = 7, ///< Batchnorm, training forward
    HIPDNN_OPERATION_TYPE_POINTWISE_EXT = 8, ///< Elementwise operation
    HIPDNN_OPERATION_TYPE_MATMUL_EXT = 9, ///< Matrix product
    HIPDNN_OPERATION_TYPE_RMSNORM_EXT = 10, ///< RMSNorm
    HIPDNN_OPERATION_TYPE_LAYERNORM_EXT = 11, ///< Layernorm
    HIPDNN_OPERATION_TYPE_SDPA_FORWARD_EXT = 12, ///< Scaled dot-product attention, forward
    HIPDNN_OPERATION_TYPE_BLOCK_SCALE_QUANTIZE_EXT = 13, ///< Block-scaled quantization
    HIPDNN_OPERATION_TYPE_SDPA_BACKWARD_EXT = 14, ///< Scaled dot-product attention, backward
    HIPDNN_OPERATION_TYPE_BLOCK_SCALE_DEQUANTIZE_EXT = 15, ///< Block-scaled dequantization
    HIPDNN_OPERATION_TYPE_CUSTOM_OP_EXT = 16, ///< Plugin-defined operation
    HIPDNN_OPERATION_TYPE_REDUCTION_EXT = 17, ///< Reduction
    HIPDNN_OPERATION_TYPE_RESAMPLE_FWD = 18, ///< Resample (pooling), forward
    HIPDNN_OPERATION_TYPE_RMSNORM_BACKWARD_EXT = 19, ///< RMSNorm, backward
    HIPDNN_OPERATION_TYPE_LAYERNORM_BACKWARD_EXT = 20, ///< Layernorm, backward
    HIPDNN_OPERATION_TYPE_RESAMPLE_BWD_EXT = 21, ///< Resample (pooling), backward
    HIPDNN_OPERATION_TYPE_MOE_GROUPED_MATMUL_EXT = 22, ///< Mixture-of-experts grouped matmul
} hipdnnOperationType_ext_t;
