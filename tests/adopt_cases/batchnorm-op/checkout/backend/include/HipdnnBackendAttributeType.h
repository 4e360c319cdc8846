// Copyright © Advanced Micro Devices, Inc., or its affiliates.
// SPDX-License-Identifier: MIT

// hipdnn-codegen test fixture, written for this project in the format of hipDNN's
// backend/include/HipdnnBackendAttributeType.h (checked against index id 55509550812; every name
// and value is from that file, the comments are our own). Features kept: explicit values 0-30, an
// `@name Extension Types` group at 10000, and a LAST ENUMERATOR WITHOUT A TRAILING COMMA followed by
// `/** @} */`. Not verified: other branches number tags 28-30 differently (reference 2.4).

/**
 * @file HipdnnBackendAttributeType.h
 * @brief Type tags for the values of backend attributes
 */

#pragma once

/**
 * @enum hipdnnBackendAttributeType_t
 * @brief The type of the elements passed to hipdnnBackendSetAttribute()
 */
typedef enum
{
    /** @brief A hipdnnHandle_t */
    HIPDNN_TYPE_HANDLE = 0,

    /** @brief A hipdnnDataType_t */
    HIPDNN_TYPE_DATA_TYPE = 1,

    /** @brief bool */
    HIPDNN_TYPE_BOOLEAN = 2,

    /** @brief int64_t */
    HIPDNN_TYPE_INT64 = 3,

    /** @brief float */
    HIPDNN_TYPE_FLOAT = 4,

    /** @brief double */
    HIPDNN_TYPE_DOUBLE = 5,

    /** @brief void* */
    HIPDNN_TYPE_VOID_PTR = 6,

    /** @brief A heuristic mode */
    HIPDNN_TYPE_HEUR_MODE = 7,

    /** @brief A knob type */
    HIPDNN_TYPE_KNOB_TYPE = 8,

    /** @brief A NaN propagation mode (the misspelling is hipDNN's) */
    HIPDNN_TYPE_NAN_PROPOGATION = 9,

    /** @brief A numerical note */
    HIPDNN_TYPE_NUMERICAL_NOTE = 10,

    /** @brief A layout type */
    HIPDNN_TYPE_LAYOUT_TYPE = 11,

    /** @brief A hipdnnBackendAttributeName_t */
    HIPDNN_TYPE_ATTRIB_NAME = 12,

    /** @brief A hipdnnBackendDescriptor_t */
    HIPDNN_TYPE_BACKEND_DESCRIPTOR = 13,

    /** @brief A statistics generation mode */
    HIPDNN_TYPE_GENSTATS_MODE = 14,

    /** @brief A batchnorm finalize statistics mode */
    HIPDNN_TYPE_BN_FINALIZE_STATS_MODE = 15,

    /** @brief A behavior note */
    HIPDNN_TYPE_BEHAVIOR_NOTE = 16,

    /** @brief A tensor reordering mode */
    HIPDNN_TYPE_TENSOR_REORDERING_MODE = 17,

    /** @brief int32_t */
    HIPDNN_TYPE_INT32 = 18,

    /** @brief char */
    HIPDNN_TYPE_CHAR = 19,

    /** @brief A signal mode */
    HIPDNN_TYPE_SIGNAL_MODE = 20,

    /** @brief A fraction */
    HIPDNN_TYPE_FRACTION = 21,

    /** @brief A normalization forward phase */
    HIPDNN_TYPE_NORM_FWD_PHASE = 22,

    /** @brief A random distribution */
    HIPDNN_TYPE_RNG_DISTRIBUTION = 23,

    /** @brief A hipdnnConvolutionMode_t */
    HIPDNN_TYPE_CONVOLUTION_MODE = 24,

    /** @brief A hipdnnPointwiseMode_t */
    HIPDNN_TYPE_POINTWISE_MODE = 25,

    /** @brief A hipdnnDiagonalAlignment_t */
    HIPDNN_TYPE_DIAGONAL_ALIGNMENT_EXT = 26,

    /** @brief A hipdnnAttentionImplementation_t */
    HIPDNN_TYPE_ATTENTION_IMPLEMENTATION_EXT = 27,

    /** @brief A hipdnnReduceTensorOp_t */
    HIPDNN_TYPE_REDUCTION_OPERATOR_TYPE = 28,

    /** @brief A hipdnnResampleMode_t */
    HIPDNN_TYPE_RESAMPLE_MODE = 29,

    /** @brief A hipdnnPaddingMode_t */
    HIPDNN_TYPE_PADDING_MODE = 30,

    /**
     * @name Extension Types
     * Types only hipDNN has
     * @{
     */

    /**
     * @brief Serialized FlatBuffer data (extension)
     *
     * A hipdnnBackendFlatbufferData_t.
     */
    HIPDNN_TYPE_FLATBUFFER_DATA_STRUCT_EXT = 10000,

    /**
     * @brief A hipdnnOperationType_ext_t (extension)
     *
     * The type of HIPDNN_ATTR_OPERATION_TYPE_EXT.
     */
    HIPDNN_TYPE_OPERATION_TYPE_EXT = 10001

    /** @} */

} hipdnnBackendAttributeType_t;
