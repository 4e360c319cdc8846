// Copyright © Advanced Micro Devices, Inc., or its affiliates.
// SPDX-License-Identifier: MIT

// hipdnn-codegen test fixture, written for this project in the format of hipDNN's
// backend/include/HipdnnBackendAttributeName.h (checked against index id 68917362156, ROCm/rocm-libraries).
// Enumerator names and values are hipDNN's; every comment is our own, and most groups hold only a
// representative subset of their entries (SDPA backward 3100-3128 and layernorm backward 3600-3610
// are complete). Features kept: the range list under `Attribute ranges by descriptor type:` as
// ` * - NNNN-NNNN: <title> attributes` items, with its anomalies (2800-2899 AND 2807-2899 overlap,
// 2900-2913 is not a 100-block, resample backward 3408-3410 is missing from the list); one
// `@name <Title> Attributes (a-b)` doc group per block, closed by `/** @} */`; the group without a
// blank line before `/** @} */` (layernorm); the resample backward group (3408-3410) placed BEFORE
// the shared resample group (3400-3407) with the real file's odd 6-space ` * @name` indent; the alias
// HIPDNN_ATTR_TENSOR_CONSTANT_VALUE = HIPDNN_ATTR_TENSOR_VALUE_EXT; extension groups at 60000+.

/**
 * @file HipdnnBackendAttributeName.h
 * @brief The attribute names of backend descriptors
 *
 * Used with hipdnnBackendSetAttribute() and hipdnnBackendGetAttribute(). Each descriptor type owns a
 * numeric range of names.
 */

#pragma once

/**
 * @enum hipdnnBackendAttributeName_t
 * @brief Names of backend descriptor attributes
 *
 * Attribute ranges by descriptor type:
 * - 100-199: Engine heuristic attributes
 * - 200-299: Engine configuration attributes
 * - 1300-1399: Tensor attributes
 * - 1400-1499: Convolution forward operation attributes
 * - 1500-1599: Shared convolution descriptor attributes
 * - 2700-2799: Layernorm operation attributes
 * - 2800-2899: Block scale quantize operation attributes
 * - 2807-2899: Block scale dequantize operation attributes
 * - 2900-2913: Batchnorm training forward operation attributes
 * - 3000-3099: Custom op operation attributes
 * - 3100-3199: SDPA backward propagation operation attributes
 * - 3200-3299: Reduction operation attributes
 * - 3300-3399: Resample forward operation attributes
 * - 3400-3499: Shared resample descriptor attributes
 * - 3500-3599: RMSNorm backward operation attributes
 * - 3700-3799: MoE grouped matmul operation attributes
 * - 3800-3899: MoE grouped matmul backward operation attributes
 * - 60000-60099: Knob info serialized value extension attributes
 * - 60200-60299: Operation type extension attributes
 * - 60300-60399: Operation name extension attributes
 * - 60400-60499: Profiling control extension attributes
 */
typedef enum
{
    /**
     * @name Engine Heuristic Attributes (100-199)
     * Attributes of HIPDNN_BACKEND_ENGINEHEUR_DESCRIPTOR
     * @{
     */

    /** @brief How the heuristic searches */
    HIPDNN_ATTR_ENGINEHEUR_MODE = 100,

    /** @brief The operation graph to find engines for */
    HIPDNN_ATTR_ENGINEHEUR_OPERATION_GRAPH = 101,

    /** @} */

    /**
     * @name Engine Configuration Attributes (200-299)
     * Attributes of HIPDNN_BACKEND_ENGINECFG_DESCRIPTOR
     * @{
     */

    /** @brief The configured engine */
    HIPDNN_ATTR_ENGINECFG_ENGINE = 200,

    /** @} */

    /**
     * @name Tensor Attributes (1300-1399)
     * Attributes of HIPDNN_BACKEND_TENSOR_DESCRIPTOR
     * @{
     */

    /** @brief The tensor's UID */
    HIPDNN_ATTR_TENSOR_UNIQUE_ID = 1300,

    /** @brief The tensor's name (extension) */
    HIPDNN_ATTR_TENSOR_NAME_EXT = 1301,

    /** @brief Element data type */
    HIPDNN_ATTR_TENSOR_DATA_TYPE = 1302,

    /** @brief Dimensions */
    HIPDNN_ATTR_TENSOR_DIMENSIONS = 1303,

    /** @brief Strides */
    HIPDNN_ATTR_TENSOR_STRIDES = 1304,

    /** @brief Whether the tensor is virtual */
    HIPDNN_ATTR_TENSOR_IS_VIRTUAL = 1305,

    /** @brief A value passed by value (extension) */
    HIPDNN_ATTR_TENSOR_VALUE_EXT = 1306,

    /** @brief Read-only: whether a by-value scalar is set */
    HIPDNN_ATTR_TENSOR_IS_BY_VALUE = 1307,

    /** @brief The cuDNN spelling of HIPDNN_ATTR_TENSOR_VALUE_EXT */
    HIPDNN_ATTR_TENSOR_CONSTANT_VALUE = HIPDNN_ATTR_TENSOR_VALUE_EXT, // 1306

    /** @brief Whether the tensor is a by-value scalar set at run time (extension) */
    HIPDNN_ATTR_TENSOR_IS_RUNTIME_PASS_BY_VALUE_EXT = 1308,

    /** @} */

    /**
     * @name Convolution Forward Operation Attributes (1400-1499)
     * Attributes of HIPDNN_BACKEND_OPERATION_CONVOLUTION_FORWARD_DESCRIPTOR
     * @{
     */

    /** @brief Weights */
    HIPDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_W = 1400,

    /** @brief Input */
    HIPDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_X = 1401,

    /** @brief Output */
    HIPDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_Y = 1402,

    /** @} */

    /**
     * @name Shared Convolution Descriptor Attributes (1500-1599)
     * Set on every convolution operation descriptor.
     * @{
     */

    /** @brief Compute data type */
    HIPDNN_ATTR_CONVOLUTION_COMP_TYPE = 1500,

    /** @brief Convolution mode */
    HIPDNN_ATTR_CONVOLUTION_CONV_MODE = 1501,

    /** @} */

    /**
     * @name Layernorm Operation Attributes (2700-2799)
     * Attributes of HIPDNN_BACKEND_OPERATION_LAYERNORM_DESCRIPTOR_EXT
     * @{
     */

    /** @brief Input */
    HIPDNN_ATTR_OPERATION_LAYERNORM_X_EXT = 2700,

    /** @brief Scale */
    HIPDNN_ATTR_OPERATION_LAYERNORM_SCALE_EXT = 2701,

    /** @brief Compute data type */
    HIPDNN_ATTR_LAYERNORM_COMP_TYPE_EXT = 2708,

    /** @brief How many trailing dimensions are normalized */
    HIPDNN_ATTR_OPERATION_LAYERNORM_NORMALIZED_DIM_COUNT_EXT = 2709,
    /** @} */

    /**
     * @name Block Scale Quantize Operation Attributes (2800-2899)
     * Attributes of HIPDNN_BACKEND_OPERATION_BLOCK_SCALE_QUANTIZE_DESCRIPTOR
     * @{
     */

    /** @brief Input */
    HIPDNN_ATTR_OPERATION_BLOCK_SCALE_QUANTIZE_XDESC = 2800,

    /** @brief Math precision */
    HIPDNN_ATTR_OPERATION_BLOCK_SCALE_QUANTIZE_MATH_PREC = 2806,

    /** @} */

    /**
     * @name BlockScaleDequantize Operation Attributes (2807-2899)
     * Attributes of HIPDNN_BACKEND_OPERATION_BLOCK_SCALE_DEQUANTIZE_DESCRIPTOR
     * @{
     */

    /** @brief Input */
    HIPDNN_ATTR_OPERATION_BLOCK_SCALE_DEQUANTIZE_XDESC = 2807,

    /** @brief Math precision */
    HIPDNN_ATTR_OPERATION_BLOCK_SCALE_DEQUANTIZE_MATH_PREC = 2812,

    /** @} */

    /**
     * @name Batchnorm Training Forward Operation Attributes (2900-2913)
     * Attributes of HIPDNN_BACKEND_OPERATION_BATCHNORM_DESCRIPTOR_EXT
     * @{
     */

    /** @brief Input */
    HIPDNN_ATTR_OPERATION_BATCHNORM_X_EXT = 2900,

    /** @brief Peer statistics for multi-GPU training */
    HIPDNN_ATTR_OPERATION_BATCHNORM_PEER_STATS_EXT = 2913,

    /** @} */

    /**
     * @name Custom Op Operation Attributes (3000-3099)
     * Attributes of HIPDNN_BACKEND_OPERATION_CUSTOM_OP_DESCRIPTOR_EXT
     * @{
     */

    /** @brief Input tensors */
    HIPDNN_ATTR_OPERATION_CUSTOM_OP_INPUTS_EXT = 3000,

    /** @brief Output tensors */
    HIPDNN_ATTR_OPERATION_CUSTOM_OP_OUTPUTS_EXT = 3001,

    /** @brief The plugin's operation id */
    HIPDNN_ATTR_OPERATION_CUSTOM_OP_ID_EXT = 3002,

    /** @brief Opaque payload */
    HIPDNN_ATTR_OPERATION_CUSTOM_OP_DATA_EXT = 3003,

    /** @brief Compute data type */
    HIPDNN_ATTR_CUSTOM_OP_COMP_TYPE_EXT = 3004,

    /** @} */

    /**
     * @name SDPA Backward Propagation Operation Attributes (3100-3199)
     * Attributes of HIPDNN_BACKEND_OPERATION_SDPA_BWD_DESCRIPTOR_EXT
     * @{
     */

    /** @brief Queries */
    HIPDNN_ATTR_OPERATION_SDPA_BWD_Q_EXT = 3100,

    /** @brief Keys */
    HIPDNN_ATTR_OPERATION_SDPA_BWD_K_EXT = 3101,

    /** @brief Values */
    HIPDNN_ATTR_OPERATION_SDPA_BWD_V_EXT = 3102,

    /** @brief Forward output */
    HIPDNN_ATTR_OPERATION_SDPA_BWD_O_EXT = 3103,

    /** @brief Gradient of the output */
    HIPDNN_ATTR_OPERATION_SDPA_BWD_DO_EXT = 3104,

    /** @brief Softmax statistics of the forward pass */
    HIPDNN_ATTR_OPERATION_SDPA_BWD_STATS_EXT = 3105,

    /** @brief Gradient of the queries */
    HIPDNN_ATTR_OPERATION_SDPA_BWD_DQ_EXT = 3106,

    /** @brief Gradient of the keys */
    HIPDNN_ATTR_OPERATION_SDPA_BWD_DK_EXT = 3107,

    /** @brief Gradient of the values */
    HIPDNN_ATTR_OPERATION_SDPA_BWD_DV_EXT = 3108,

    /** @brief Scale tensor */
    HIPDNN_ATTR_OPERATION_SDPA_BWD_SCALE_EXT = 3109,

    /** @brief Attention mask (bias) */
    HIPDNN_ATTR_OPERATION_SDPA_BWD_ATTN_MASK_EXT = 3110,

    /** @brief Query sequence lengths */
    HIPDNN_ATTR_OPERATION_SDPA_BWD_SEQ_LEN_Q_EXT = 3111,

    /** @brief Key/value sequence lengths */
    HIPDNN_ATTR_OPERATION_SDPA_BWD_SEQ_LEN_KV_EXT = 3112,

    /** @brief Dropout seed */
    HIPDNN_ATTR_OPERATION_SDPA_BWD_SEED_EXT = 3113,

    /** @brief Dropout offset */
    HIPDNN_ATTR_OPERATION_SDPA_BWD_OFFSET_EXT = 3114,

    /** @brief Dropout mask */
    HIPDNN_ATTR_OPERATION_SDPA_BWD_DROPOUT_MASK_EXT = 3115,

    /** @brief Dropout scale */
    HIPDNN_ATTR_OPERATION_SDPA_BWD_DROPOUT_SCALE_EXT = 3116,

    /** @brief Inverse dropout scale */
    HIPDNN_ATTR_OPERATION_SDPA_BWD_DROPOUT_SCALE_INV_EXT = 3117,

    /** @brief Gradient of the attention bias */
    HIPDNN_ATTR_OPERATION_SDPA_BWD_DBIAS_EXT = 3118,

    /** @brief ALiBi mask on/off */
    HIPDNN_ATTR_SDPA_BWD_ALIBI_MASK_EXT = 3119,

    /** @brief Padding mask on/off */
    HIPDNN_ATTR_SDPA_BWD_PADDING_MASK_EXT = 3120,

    /** @brief Causal mask on/off (deprecated) */
    HIPDNN_ATTR_SDPA_BWD_CAUSAL_MASK_EXT = 3121,

    /** @brief Bottom-right causal mask on/off (deprecated) */
    HIPDNN_ATTR_SDPA_BWD_CAUSAL_MASK_BOTTOM_RIGHT_EXT = 3122,

    /** @brief Dropout probability */
    HIPDNN_ATTR_SDPA_BWD_DROPOUT_PROBABILITY_EXT = 3123,

    /** @brief Attention scale */
    HIPDNN_ATTR_SDPA_BWD_ATTN_SCALE_VALUE_EXT = 3124,

    /** @brief Sliding window, left bound */
    HIPDNN_ATTR_SDPA_BWD_LEFT_BOUND_EXT = 3125,

    /** @brief Sliding window, right bound */
    HIPDNN_ATTR_SDPA_BWD_RIGHT_BOUND_EXT = 3126,

    /** @brief Diagonal alignment */
    HIPDNN_ATTR_SDPA_BWD_DIAGONAL_ALIGNMENT_EXT = 3127,

    /** @brief Compute data type */
    HIPDNN_ATTR_SDPA_BWD_COMP_TYPE_EXT = 3128,

    /** @} */

    /**
     * @name Reduction Operation Attributes (3200-3299)
     * Attributes of HIPDNN_BACKEND_OPERATION_REDUCTION_DESCRIPTOR
     * @{
     */

    /** @brief Input */
    HIPDNN_ATTR_OPERATION_REDUCTION_XDESC = 3200,

    /** @brief Output */
    HIPDNN_ATTR_OPERATION_REDUCTION_YDESC = 3201,

    /** @} */

    /**
     * @name Resample Forward Operation Attributes (3300-3399)
     * Attributes of HIPDNN_BACKEND_OPERATION_RESAMPLE_FWD_DESCRIPTOR
     * @{
     */

    /** @brief Input */
    HIPDNN_ATTR_OPERATION_RESAMPLE_FWD_XDESC = 3300,

    /** @brief Output */
    HIPDNN_ATTR_OPERATION_RESAMPLE_FWD_YDESC = 3301,

    /** @brief Index output */
    HIPDNN_ATTR_OPERATION_RESAMPLE_FWD_IDXDESC = 3302,

    /** @} */

    /**
      * @name Resample Backward Operation Attributes (3408-3410)
     * Attributes of HIPDNN_BACKEND_OPERATION_RESAMPLE_BWD_DESCRIPTOR_EXT
     * @{
     */

    /** @brief Gradient of the output */
    HIPDNN_ATTR_OPERATION_RESAMPLE_BWD_DYDESC = 3408,

    /** @brief Gradient of the input */
    HIPDNN_ATTR_OPERATION_RESAMPLE_BWD_DXDESC = 3409,

    /** @brief Index input */
    HIPDNN_ATTR_OPERATION_RESAMPLE_BWD_IDXDESC = 3410,

    /** @} */

    /**
      * @name Shared Resample Descriptor Attributes (3400-3407)
     * Set on the forward and backward resample descriptors.
     * @{
     */

    /** @brief Resample mode */
    HIPDNN_ATTR_RESAMPLE_MODE = 3400,

    /** @brief Compute data type */
    HIPDNN_ATTR_RESAMPLE_COMP_TYPE = 3407,

    /** @} */

    /**
     * @name RMSNorm Backward Operation Attributes (3500-3599)
     * Attributes of HIPDNN_BACKEND_OPERATION_RMSNORM_BACKWARD_DESCRIPTOR_EXT
     * @{
     */

    /** @brief Gradient of the output */
    HIPDNN_ATTR_OPERATION_RMSNORM_BACKWARD_DY_EXT = 3500,

    /** @brief Input */
    HIPDNN_ATTR_OPERATION_RMSNORM_BACKWARD_X_EXT = 3501,

    /** @brief Compute data type */
    HIPDNN_ATTR_RMSNORM_BACKWARD_COMP_TYPE_EXT = 3507,

    /** @} */

    /**
     * @name MoE Grouped Matmul Operation Attributes (3700-3799)
     * Attributes of HIPDNN_BACKEND_OPERATION_MOE_GROUPED_MATMUL_DESCRIPTOR
     * @{
     */

    /** @brief Tokens */
    HIPDNN_ATTR_OPERATION_MOE_GROUPED_MATMUL_TOKEN_DESC = 3700,

    /** @brief Math precision */
    HIPDNN_ATTR_OPERATION_MOE_GROUPED_MATMUL_MATH_PREC = 3708,

    /** @} */

    /**
     * @name MoE Grouped Matmul Backward Operation Attributes (3800-3899)
     * Attributes of HIPDNN_BACKEND_OPERATION_MOE_GROUPED_MATMUL_BWD_DESCRIPTOR
     * @{
     */

    /** @brief Gradient of the output */
    HIPDNN_ATTR_OPERATION_MOE_GROUPED_MATMUL_BWD_DOUTPUT_DESC = 3800,

    /** @brief Math precision */
    HIPDNN_ATTR_OPERATION_MOE_GROUPED_MATMUL_BWD_MATH_PREC = 3804,

    /** @} */

    /**
     * @name Extension Attributes (60000+)
     * Attributes only hipDNN has
     * @{
     */

    /**
     * @brief Knob information as a serialized FlatBuffer (extension)
     *
     * Type: HIPDNN_TYPE_FLATBUFFER_DATA_STRUCT_EXT
     */
    HIPDNN_ATTR_KNOB_INFO_SERIALIZED_VALUE = 60000,

    /**
     * @brief The kind of an operation descriptor (read-only extension)
     *
     * Type: HIPDNN_TYPE_OPERATION_TYPE_EXT
     */
    HIPDNN_ATTR_OPERATION_TYPE_EXT = 60200,

    /**
     * @brief The name of an operation descriptor (extension)
     *
     * Type: HIPDNN_TYPE_CHAR
     */
    HIPDNN_ATTR_OPERATION_NAME_EXT = 60300,

    /** @} */

    /**
     * @name Profiling Control Attributes (60400-60499)
     * Attributes of HIPDNN_BACKEND_PROFILING_CONTROL_EXT
     * @{
     */

    /** @brief Handle whose stream is profiled */
    HIPDNN_ATTR_PROFILING_HANDLE_EXT = 60400,

    /** @brief Synchronize the device before timing */
    HIPDNN_ATTR_PROFILING_DEVICE_SYNC_EXT = 60404,

    /** @} */

} hipdnnBackendAttributeName_t;
