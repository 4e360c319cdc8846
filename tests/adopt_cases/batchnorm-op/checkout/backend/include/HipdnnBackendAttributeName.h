// Copyright © Advanced Micro Devices, Inc., or its affiliates.
// SPDX-License-Identifier: MIT

// hipdnn-codegen test fixture, written for this project in the format of hipDNN's
// backend/include/HipdnnBackendAttributeName.h (checked against index id 68917362156, ROCm/rocm-libraries).
// Every enumerator, value, group and range-list entry of that file is here, in its order; every
// comment is our own (one-line descriptions, most derived from the name). Features kept: the range
// list under `Attribute ranges by descriptor type:` as ` * - NNNN-NNNN: <title> attributes` items,
// with its anomalies (2800-2899 AND 2807-2899 overlap, 2900-2913 is not a 100-block, resample
// backward 3408-3410 is missing from the list); one `@name <Title> Attributes (a-b)` doc group per
// block, closed by `/** @} */`; a group without a second doc line (shared batchnorm backward); the
// group without a blank line before `/** @} */` (layernorm); the resample backward group
// (3408-3410) placed BEFORE the shared resample group (3400-3407) with the real file's odd 6-space
// ` * @name` indent; the alias HIPDNN_ATTR_TENSOR_CONSTANT_VALUE = HIPDNN_ATTR_TENSOR_VALUE_EXT;
// extension groups at 60000+. The numbers agree with op_specs/registry.yaml, imported from the
// same file.

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
 * - 300-399: Execution plan attributes
 * - 400-499: Intermediate info attributes
 * - 500-599: Knob choice attributes
 * - 600-699: Operation graph attributes
 * - 700-799: Variant pack attributes
 * - 800-899: Layout info attributes
 * - 900-999: Knob info attributes
 * - 1000-1099: Engine attributes
 * - 1100-1199: Kernel cache attributes
 * - 1200-1299: Device properties attributes
 * - 1300-1399: Tensor attributes
 * - 1400-1499: Convolution forward operation attributes
 * - 1500-1599: Shared convolution descriptor attributes
 * - 1600-1699: Convolution backward filter operation attributes
 * - 1700-1799: Convolution backward data operation attributes
 * - 1800-1899: Batchnorm inference operation attributes
 * - 1900-1999: Batchnorm inference variance ext operation attributes
 * - 2000-2099: Batchnorm backward ext operation attributes
 * - 2100-2199: Shared batchnorm backward ext attributes
 * - 2200-2299: Pointwise operation attributes
 * - 2300-2399: Shared pointwise descriptor attributes
 * - 2400-2499: RMSNorm operation attributes
 * - 2500-2599: Matmul operation attributes
 * - 2600-2699: SDPA forward propagation operation attributes
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
 * - 3600-3699: Layernorm backward operation attributes
 * - 3700-3799: MoE grouped matmul operation attributes
 * - 3800-3899: MoE grouped matmul backward operation attributes
 * - 60000-60099: Knob info serialized value extension attributes
 * - 60100-60199: Knob choice serialized value extension attributes
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

    /** @brief Results */
    HIPDNN_ATTR_ENGINEHEUR_RESULTS = 102,

    /** @brief Sm count target */
    HIPDNN_ATTR_ENGINEHEUR_SM_COUNT_TARGET = 103,

    /** @brief Deviceprop */
    HIPDNN_ATTR_ENGINEHEUR_DEVICEPROP = 104,

    /** @brief Find first */
    HIPDNN_ATTR_ENGINEHEUR_FIND_FIRST_EXT = 105,

    /** @brief Policy order */
    HIPDNN_ATTR_ENGINEHEUR_POLICY_ORDER_EXT = 106,

    /** @brief Ranking metric */
    HIPDNN_ATTR_ENGINEHEUR_RANKING_METRIC_EXT = 107,

    /** @} */

    /**
     * @name Engine Configuration Attributes (200-299)
     * Attributes of HIPDNN_BACKEND_ENGINECFG_DESCRIPTOR
     * @{
     */

    /** @brief The configured engine */
    HIPDNN_ATTR_ENGINECFG_ENGINE = 200,

    /** @brief Intermediate info */
    HIPDNN_ATTR_ENGINECFG_INTERMEDIATE_INFO = 201,

    /** @brief Knob choices */
    HIPDNN_ATTR_ENGINECFG_KNOB_CHOICES = 202,

    /** @brief Workspace size */
    HIPDNN_ATTR_ENGINECFG_WORKSPACE_SIZE = 203,

    /** @brief Prediction evaluate */
    HIPDNN_ATTR_ENGINECFG_PREDICTION_EVALUATE_EXT = 204,

    /** @brief Prediction */
    HIPDNN_ATTR_ENGINECFG_PREDICTION_EXT = 205,

    /** @brief Ranking metric */
    HIPDNN_ATTR_ENGINECFG_RANKING_METRIC_EXT = 206,

    /** @} */

    /**
     * @name Execution Plan Attributes (300-399)
     * Attributes of HIPDNN_BACKEND_EXECUTION_PLAN_DESCRIPTOR
     * @{
     */

    /** @brief Handle */
    HIPDNN_ATTR_EXECUTION_PLAN_HANDLE = 300,

    /** @brief Engine config */
    HIPDNN_ATTR_EXECUTION_PLAN_ENGINE_CONFIG = 301,

    /** @brief Workspace size */
    HIPDNN_ATTR_EXECUTION_PLAN_WORKSPACE_SIZE = 302,

    /** @brief Computed intermediate uids */
    HIPDNN_ATTR_EXECUTION_PLAN_COMPUTED_INTERMEDIATE_UIDS = 303,

    /** @brief Run only intermediate uids */
    HIPDNN_ATTR_EXECUTION_PLAN_RUN_ONLY_INTERMEDIATE_UIDS = 304,

    /** @brief Json representation */
    HIPDNN_ATTR_EXECUTION_PLAN_JSON_REPRESENTATION = 305,

    /** @brief Kernel cache */
    HIPDNN_ATTR_EXECUTION_PLAN_KERNEL_CACHE = 306,

    /** @brief Deviceprop */
    HIPDNN_ATTR_EXECUTION_PLAN_DEVICEPROP = 307,

    /** @brief Tensor uids */
    HIPDNN_ATTR_EXECUTION_PLAN_TENSOR_UIDS_EXT = 308,

    /** @brief Engine global index */
    HIPDNN_ATTR_EXECUTION_PLAN_ENGINE_GLOBAL_INDEX_EXT = 309,

    /** @brief Is override shape enabled */
    HIPDNN_ATTR_EXECUTION_PLAN_IS_OVERRIDE_SHAPE_ENABLED_EXT = 310,

    /** @} */

    /**
     * @name Intermediate Info Attributes (400-499)
     * Attributes of intermediate tensor information
     * @{
     */

    /** @brief Unique id */
    HIPDNN_ATTR_INTERMEDIATE_INFO_UNIQUE_ID = 400,

    /** @brief Size */
    HIPDNN_ATTR_INTERMEDIATE_INFO_SIZE = 401,

    /** @brief Dependent data uids */
    HIPDNN_ATTR_INTERMEDIATE_INFO_DEPENDENT_DATA_UIDS = 402,

    /** @brief Dependent attributes */
    HIPDNN_ATTR_INTERMEDIATE_INFO_DEPENDENT_ATTRIBUTES = 403,

    /** @} */

    /**
     * @name Knob Choice Attributes (500-599)
     * Attributes of HIPDNN_BACKEND_KNOB_CHOICE_DESCRIPTOR
     * @{
     */

    /** @brief Type */
    HIPDNN_ATTR_KNOB_CHOICE_KNOB_TYPE = 500,

    /** @brief Value */
    HIPDNN_ATTR_KNOB_CHOICE_KNOB_VALUE = 501,

    /** @} */

    /**
     * @name Operation Graph Attributes (600-699)
     * Attributes of HIPDNN_BACKEND_OPERATIONGRAPH_DESCRIPTOR
     * @{
     */

    /** @brief Handle */
    HIPDNN_ATTR_OPERATIONGRAPH_HANDLE = 600,

    /** @brief Ops */
    HIPDNN_ATTR_OPERATIONGRAPH_OPS = 601,

    /** @brief Engine global count */
    HIPDNN_ATTR_OPERATIONGRAPH_ENGINE_GLOBAL_COUNT = 602,

    /** @brief Is dynamic shape enabled */
    HIPDNN_ATTR_OPERATIONGRAPH_IS_DYNAMIC_SHAPE_ENABLED = 603,

    /** @brief Compute data type */
    HIPDNN_ATTR_OPERATIONGRAPH_COMPUTE_DATA_TYPE_EXT = 604,

    /** @brief Intermediate data type */
    HIPDNN_ATTR_OPERATIONGRAPH_INTERMEDIATE_DATA_TYPE_EXT = 605,

    /** @brief Io data type */
    HIPDNN_ATTR_OPERATIONGRAPH_IO_DATA_TYPE_EXT = 606,

    /** @brief Preferred engine id */
    HIPDNN_ATTR_OPERATIONGRAPH_PREFERRED_ENGINE_ID_EXT = 607,

    /** @brief Name */
    HIPDNN_ATTR_OPERATIONGRAPH_NAME_EXT = 608,

    /** @brief Is override shape enabled */
    HIPDNN_ATTR_OPERATIONGRAPH_IS_OVERRIDE_SHAPE_ENABLED_EXT = 609,

    /** @} */

    /**
     * @name Variant Pack Attributes (700-799)
     * Attributes of HIPDNN_BACKEND_VARIANT_PACK_DESCRIPTOR
     * @{
     */

    /** @brief Unique ids */
    HIPDNN_ATTR_VARIANT_PACK_UNIQUE_IDS = 700,

    /** @brief Data pointers */
    HIPDNN_ATTR_VARIANT_PACK_DATA_POINTERS = 701,

    /** @brief Intermediates */
    HIPDNN_ATTR_VARIANT_PACK_INTERMEDIATES = 702,

    /** @brief Workspace */
    HIPDNN_ATTR_VARIANT_PACK_WORKSPACE = 703,

    /** @brief Override unique ids */
    HIPDNN_ATTR_VARIANT_PACK_OVERRIDE_UNIQUE_IDS_EXT = 704,

    /** @brief Override shapes */
    HIPDNN_ATTR_VARIANT_PACK_OVERRIDE_SHAPES_EXT = 705,

    /** @brief Override strides */
    HIPDNN_ATTR_VARIANT_PACK_OVERRIDE_STRIDES_EXT = 706,

    /** @brief Override lengths */
    HIPDNN_ATTR_VARIANT_PACK_OVERRIDE_LENGTHS_EXT = 707,

    /** @} */

    /**
     * @name Layout Info Attributes (800-899)
     * Attributes of tensor layout information
     * @{
     */

    /** @brief Tensor uid */
    HIPDNN_ATTR_LAYOUT_INFO_TENSOR_UID = 800,

    /** @brief Types */
    HIPDNN_ATTR_LAYOUT_INFO_TYPES = 801,

    /** @} */

    /**
     * @name Knob Info Attributes (900-999)
     * Attributes of knob metadata
     * @{
     */

    /** @brief Type */
    HIPDNN_ATTR_KNOB_INFO_TYPE = 900,

    /** @brief Maximum value */
    HIPDNN_ATTR_KNOB_INFO_MAXIMUM_VALUE = 901,

    /** @brief Minimum value */
    HIPDNN_ATTR_KNOB_INFO_MINIMUM_VALUE = 902,

    /** @brief Stride */
    HIPDNN_ATTR_KNOB_INFO_STRIDE = 903,

    /** @brief Description */
    HIPDNN_ATTR_KNOB_INFO_DESCRIPTION = 904,

    /** @brief Default value */
    HIPDNN_ATTR_KNOB_INFO_DEFAULT_VALUE = 905,

    /** @brief Deprecated */
    HIPDNN_ATTR_KNOB_INFO_DEPRECATED = 906,

    /** @brief Valid values int */
    HIPDNN_ATTR_KNOB_INFO_VALID_VALUES_INT = 907,

    /** @brief Valid values string */
    HIPDNN_ATTR_KNOB_INFO_VALID_VALUES_STRING = 908,

    /** @brief String max length */
    HIPDNN_ATTR_KNOB_INFO_STRING_MAX_LENGTH = 909,

    /** @brief Default value type */
    HIPDNN_ATTR_KNOB_INFO_DEFAULT_VALUE_TYPE = 910,

    /** @} */

    /**
     * @name Engine Attributes (1000-1099)
     * Attributes of HIPDNN_BACKEND_ENGINE_DESCRIPTOR
     * @{
     */

    /** @brief Operation graph */
    HIPDNN_ATTR_ENGINE_OPERATION_GRAPH = 1000,

    /** @brief Global index */
    HIPDNN_ATTR_ENGINE_GLOBAL_INDEX = 1001,

    /** @brief Knob info */
    HIPDNN_ATTR_ENGINE_KNOB_INFO = 1002,

    /** @brief Numerical note */
    HIPDNN_ATTR_ENGINE_NUMERICAL_NOTE = 1003,

    /** @brief Layout info */
    HIPDNN_ATTR_ENGINE_LAYOUT_INFO = 1004,

    /** @brief Behavior note */
    HIPDNN_ATTR_ENGINE_BEHAVIOR_NOTE = 1005,

    /** @brief Cu count target */
    HIPDNN_ATTR_ENGINE_CU_COUNT_TARGET_EXT = 1006,

    /** @brief Deviceprop */
    HIPDNN_ATTR_ENGINE_DEVICEPROP = 1007,

    /** @brief Name */
    HIPDNN_ATTR_ENGINE_NAME_EXT = 1008,

    /** @brief Prediction evaluate */
    HIPDNN_ATTR_ENGINE_PREDICTION_EVALUATE_EXT = 1009,

    /** @brief Prediction */
    HIPDNN_ATTR_ENGINE_PREDICTION_EXT = 1010,

    /** @brief Candidate offset */
    HIPDNN_ATTR_ENGINE_CANDIDATE_OFFSET_EXT = 1011,

    /** @brief Candidate limit */
    HIPDNN_ATTR_ENGINE_CANDIDATE_LIMIT_EXT = 1012,

    /** @brief Candidate scope */
    HIPDNN_ATTR_ENGINE_CANDIDATE_SCOPE_EXT = 1013,

    /** @brief Candidates */
    HIPDNN_ATTR_ENGINE_CANDIDATES_EXT = 1014,

    /** @brief Prediction metric */
    HIPDNN_ATTR_ENGINE_PREDICTION_METRIC_EXT = 1015,

    /** @} */

    /**
     * @name Kernel Cache Attributes (1100-1199)
     * Attributes of kernel caching
     * @{
     */

    /** @brief Cached */
    HIPDNN_ATTR_KERNEL_CACHE_IS_ENGINECFG_KERNEL_CACHED = 1100,

    /** @} */

    /**
     * @name Device Properties Attributes (1200-1299)
     * Attributes of HIPDNN_BACKEND_DEVICEPROP_DESCRIPTOR
     * @{
     */

    /** @brief Device id */
    HIPDNN_ATTR_DEVICEPROP_DEVICE_ID = 1200,

    /** @brief Handle */
    HIPDNN_ATTR_DEVICEPROP_HANDLE = 1201,

    /** @brief Json representation */
    HIPDNN_ATTR_DEVICEPROP_JSON_REPRESENTATION = 1202,

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

    /** @brief Byte alignment */
    HIPDNN_ATTR_TENSOR_BYTE_ALIGNMENT = 1309,

    /** @brief Ragged offset tensor */
    HIPDNN_ATTR_TENSOR_RAGGED_OFFSET_DESC = 1310,

    /** @brief Ragged offset multiplier */
    HIPDNN_ATTR_TENSOR_RAGGED_OFFSET_MULTIPLIER = 1311,

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

    /** @brief Dilations */
    HIPDNN_ATTR_CONVOLUTION_DILATIONS = 1502,

    /** @brief Filter strides */
    HIPDNN_ATTR_CONVOLUTION_FILTER_STRIDES = 1503,

    /** @brief Post paddings */
    HIPDNN_ATTR_CONVOLUTION_POST_PADDINGS = 1504,

    /** @brief Pre paddings */
    HIPDNN_ATTR_CONVOLUTION_PRE_PADDINGS = 1505,

    /** @} */

    /**
     * @name Convolution Backward Filter Operation Attributes (1600-1699)
     * Attributes of HIPDNN_BACKEND_OPERATION_CONVOLUTION_BACKWARD_FILTER_DESCRIPTOR
     * @{
     */

    /** @brief X */
    HIPDNN_ATTR_OPERATION_CONVOLUTION_BWD_FILTER_X = 1600,

    /** @brief Dy */
    HIPDNN_ATTR_OPERATION_CONVOLUTION_BWD_FILTER_DY = 1601,

    /** @brief Dw */
    HIPDNN_ATTR_OPERATION_CONVOLUTION_BWD_FILTER_DW = 1602,

    /** @} */

    /**
     * @name Convolution Backward Data Operation Attributes (1700-1799)
     * Attributes of HIPDNN_BACKEND_OPERATION_CONVOLUTION_BACKWARD_DATA_DESCRIPTOR
     * @{
     */

    /** @brief Dy */
    HIPDNN_ATTR_OPERATION_CONVOLUTION_BWD_DATA_DY = 1700,

    /** @brief W */
    HIPDNN_ATTR_OPERATION_CONVOLUTION_BWD_DATA_W = 1701,

    /** @brief Dx */
    HIPDNN_ATTR_OPERATION_CONVOLUTION_BWD_DATA_DX = 1702,

    /** @} */

    /**
     * @name Batchnorm Inference Operation Attributes (1800-1899)
     * Attributes of HIPDNN_BACKEND_OPERATION_BATCHNORM_INFERENCE_DESCRIPTOR_EXT
     * @{
     */

    /** @brief Operation batchnorm inference x */
    HIPDNN_ATTR_OPERATION_BATCHNORM_INFERENCE_X_EXT = 1800,

    /** @brief Operation batchnorm inference mean */
    HIPDNN_ATTR_OPERATION_BATCHNORM_INFERENCE_MEAN_EXT = 1801,

    /** @brief Operation batchnorm inference inv variance */
    HIPDNN_ATTR_OPERATION_BATCHNORM_INFERENCE_INV_VARIANCE_EXT = 1802,

    /** @brief Operation batchnorm inference scale */
    HIPDNN_ATTR_OPERATION_BATCHNORM_INFERENCE_SCALE_EXT = 1803,

    /** @brief Operation batchnorm inference bias */
    HIPDNN_ATTR_OPERATION_BATCHNORM_INFERENCE_BIAS_EXT = 1804,

    /** @brief Operation batchnorm inference y */
    HIPDNN_ATTR_OPERATION_BATCHNORM_INFERENCE_Y_EXT = 1805,

    /** @brief Batchnorm inf comp type */
    HIPDNN_ATTR_BATCHNORM_INF_COMP_TYPE_EXT = 1806,

    /** @} */

    /**
     * @name Batchnorm Inference Variance Ext Operation Attributes (1900-1999)
     * Attributes of HIPDNN_BACKEND_OPERATION_BATCHNORM_INFERENCE_VARIANCE_DESCRIPTOR_EXT
     * @{
     */

    /** @brief Operation batchnorm inference variance x */
    HIPDNN_ATTR_OPERATION_BATCHNORM_INFERENCE_VARIANCE_X_EXT = 1900,

    /** @brief Operation batchnorm inference variance mean */
    HIPDNN_ATTR_OPERATION_BATCHNORM_INFERENCE_VARIANCE_MEAN_EXT = 1901,

    /** @brief Operation batchnorm inference variance variance */
    HIPDNN_ATTR_OPERATION_BATCHNORM_INFERENCE_VARIANCE_VARIANCE_EXT = 1902,

    /** @brief Operation batchnorm inference variance scale */
    HIPDNN_ATTR_OPERATION_BATCHNORM_INFERENCE_VARIANCE_SCALE_EXT = 1903,

    /** @brief Operation batchnorm inference variance bias */
    HIPDNN_ATTR_OPERATION_BATCHNORM_INFERENCE_VARIANCE_BIAS_EXT = 1904,

    /** @brief Operation batchnorm inference variance y */
    HIPDNN_ATTR_OPERATION_BATCHNORM_INFERENCE_VARIANCE_Y_EXT = 1905,

    /** @brief Operation batchnorm inference variance epsilon */
    HIPDNN_ATTR_OPERATION_BATCHNORM_INFERENCE_VARIANCE_EPSILON_EXT = 1906,

    /** @brief Batchnorm inf var comp type */
    HIPDNN_ATTR_BATCHNORM_INF_VAR_COMP_TYPE_EXT = 1907,

    /** @} */

    /**
     * @name Batchnorm Backward Ext Operation Attributes (2000-2099)
     * Attributes of HIPDNN_BACKEND_OPERATION_BATCHNORM_BACKWARD_DESCRIPTOR_EXT
     * @{
     */

    /** @brief Dy */
    HIPDNN_ATTR_OPERATION_BATCHNORM_BACKWARD_DY_EXT = 2000,

    /** @brief X */
    HIPDNN_ATTR_OPERATION_BATCHNORM_BACKWARD_X_EXT = 2001,

    /** @brief Scale */
    HIPDNN_ATTR_OPERATION_BATCHNORM_BACKWARD_SCALE_EXT = 2002,

    /** @brief Dx */
    HIPDNN_ATTR_OPERATION_BATCHNORM_BACKWARD_DX_EXT = 2003,

    /** @brief Dscale */
    HIPDNN_ATTR_OPERATION_BATCHNORM_BACKWARD_DSCALE_EXT = 2004,

    /** @brief Dbias */
    HIPDNN_ATTR_OPERATION_BATCHNORM_BACKWARD_DBIAS_EXT = 2005,

    /** @brief Mean */
    HIPDNN_ATTR_OPERATION_BATCHNORM_BACKWARD_MEAN_EXT = 2006,

    /** @brief Inv variance */
    HIPDNN_ATTR_OPERATION_BATCHNORM_BACKWARD_INV_VARIANCE_EXT = 2007,

    /** @} */

    /**
     * @name Shared Batchnorm Backward Ext Attributes (2100-2199)
     * @{
     */

    /** @brief Batchnorm backward comp type */
    HIPDNN_ATTR_BATCHNORM_BACKWARD_COMP_TYPE_EXT = 2100,

    /** @brief Operation batchnorm backward peer stats */
    HIPDNN_ATTR_OPERATION_BATCHNORM_BACKWARD_PEER_STATS_EXT = 2101,

    /** @} */

    /**
     * @name Pointwise Operation Attributes (2200-2299)
     * Attributes of HIPDNN_BACKEND_OPERATION_POINTWISE_DESCRIPTOR
     * @{
     */

    /** @brief In 0 */
    HIPDNN_ATTR_OPERATION_POINTWISE_IN_0_EXT = 2200,

    /** @brief Out 0 */
    HIPDNN_ATTR_OPERATION_POINTWISE_OUT_0_EXT = 2201,

    /** @brief In 1 */
    HIPDNN_ATTR_OPERATION_POINTWISE_IN_1_EXT = 2202,

    /** @brief In 2 */
    HIPDNN_ATTR_OPERATION_POINTWISE_IN_2_EXT = 2203,

    /** @} */

    /**
     * @name Shared Pointwise Descriptor Attributes (2300-2399)
     * Set on every pointwise operation descriptor.
     * @{
     */

    /** @brief Mode */
    HIPDNN_ATTR_POINTWISE_MODE = 2300,

    /** @brief Relu lower clip */
    HIPDNN_ATTR_POINTWISE_RELU_LOWER_CLIP = 2301,

    /** @brief Relu upper clip */
    HIPDNN_ATTR_POINTWISE_RELU_UPPER_CLIP = 2302,

    /** @brief Relu lower clip slope */
    HIPDNN_ATTR_POINTWISE_RELU_LOWER_CLIP_SLOPE = 2303,

    /** @brief Swish beta */
    HIPDNN_ATTR_POINTWISE_SWISH_BETA = 2304,

    /** @brief Elu alpha */
    HIPDNN_ATTR_POINTWISE_ELU_ALPHA = 2305,

    /** @brief Softplus beta */
    HIPDNN_ATTR_POINTWISE_SOFTPLUS_BETA = 2306,

    /** @brief Math prec */
    HIPDNN_ATTR_POINTWISE_MATH_PREC = 2307,

    /** @brief Axis */
    HIPDNN_ATTR_POINTWISE_AXIS = 2308,

    /** @} */

    /**
     * @name RMSNorm Operation Attributes (2400-2499)
     * Attributes of HIPDNN_BACKEND_OPERATION_RMSNORM_DESCRIPTOR_EXT
     * @{
     */

    /** @brief Operation rmsnorm x */
    HIPDNN_ATTR_OPERATION_RMSNORM_X_EXT = 2400,

    /** @brief Operation rmsnorm scale */
    HIPDNN_ATTR_OPERATION_RMSNORM_SCALE_EXT = 2401,

    /** @brief Operation rmsnorm epsilon */
    HIPDNN_ATTR_OPERATION_RMSNORM_EPSILON_EXT = 2402,

    /** @brief Operation rmsnorm y */
    HIPDNN_ATTR_OPERATION_RMSNORM_Y_EXT = 2403,

    /** @brief Operation rmsnorm bias */
    HIPDNN_ATTR_OPERATION_RMSNORM_BIAS_EXT = 2404,

    /** @brief Operation rmsnorm inv rms */
    HIPDNN_ATTR_OPERATION_RMSNORM_INV_RMS_EXT = 2405,

    /** @brief Operation rmsnorm fwd phase */
    HIPDNN_ATTR_OPERATION_RMSNORM_FWD_PHASE_EXT = 2406,

    /** @brief Rmsnorm comp type */
    HIPDNN_ATTR_RMSNORM_COMP_TYPE_EXT = 2407,

    /** @} */

    /**
     * @name Matmul Operation Attributes (2500-2599)
     * Attributes of HIPDNN_BACKEND_OPERATION_MATMUL_DESCRIPTOR
     * @{
     */

    /** @brief Operation matmul a tensor */
    HIPDNN_ATTR_OPERATION_MATMUL_ADESC = 2500,

    /** @brief Operation matmul b tensor */
    HIPDNN_ATTR_OPERATION_MATMUL_BDESC = 2501,

    /** @brief Operation matmul c tensor */
    HIPDNN_ATTR_OPERATION_MATMUL_CDESC = 2502,

    /** @brief Matmul comp type */
    HIPDNN_ATTR_MATMUL_COMP_TYPE = 2503,

    /** @} */

    /**
     * @name SDPA Forward Propagation Operation Attributes (2600-2699)
     * Attributes of HIPDNN_BACKEND_OPERATION_SDPA_FWD_DESCRIPTOR
     * @{
     */

    /** @brief Operation sdpa fwd q tensor */
    HIPDNN_ATTR_OPERATION_SDPA_FWD_QDESC = 2600,

    /** @brief Operation sdpa fwd k tensor */
    HIPDNN_ATTR_OPERATION_SDPA_FWD_KDESC = 2601,

    /** @brief Operation sdpa fwd v tensor */
    HIPDNN_ATTR_OPERATION_SDPA_FWD_VDESC = 2602,

    /** @brief Operation sdpa fwd o tensor */
    HIPDNN_ATTR_OPERATION_SDPA_FWD_ODESC = 2603,

    /** @brief Operation sdpa fwd attn mask */
    HIPDNN_ATTR_OPERATION_SDPA_FWD_ATTN_MASK_EXT = 2604,

    /** @brief Operation sdpa fwd scale tensor */
    HIPDNN_ATTR_OPERATION_SDPA_FWD_SCALEDESC = 2605,

    /** @brief Operation sdpa fwd seq len q tensor */
    HIPDNN_ATTR_OPERATION_SDPA_FWD_SEQ_LEN_QDESC = 2606,

    /** @brief Operation sdpa fwd seq len kv tensor */
    HIPDNN_ATTR_OPERATION_SDPA_FWD_SEQ_LEN_KVDESC = 2607,

    /** @brief Operation sdpa fwd seed */
    HIPDNN_ATTR_OPERATION_SDPA_FWD_SEED_EXT = 2608,

    /** @brief Operation sdpa fwd offset */
    HIPDNN_ATTR_OPERATION_SDPA_FWD_OFFSET_EXT = 2609,

    /** @brief Operation sdpa fwd dropout mask */
    HIPDNN_ATTR_OPERATION_SDPA_FWD_DROPOUT_MASK_EXT = 2610,

    /** @brief Operation sdpa fwd dropout scale */
    HIPDNN_ATTR_OPERATION_SDPA_FWD_DROPOUT_SCALE_EXT = 2611,

    /** @brief Operation sdpa fwd page table k tensor */
    HIPDNN_ATTR_OPERATION_SDPA_FWD_PAGE_TABLE_KDESC = 2612,

    /** @brief Operation sdpa fwd page table v tensor */
    HIPDNN_ATTR_OPERATION_SDPA_FWD_PAGE_TABLE_VDESC = 2613,

    /** @brief Operation sdpa fwd block mask tensor */
    HIPDNN_ATTR_OPERATION_SDPA_FWD_BLOCK_MASK_DESC = 2614,

    /** @brief Operation sdpa fwd sink token */
    HIPDNN_ATTR_OPERATION_SDPA_FWD_SINK_TOKEN_EXT = 2615,

    /** @brief Operation sdpa fwd tensorale q */
    HIPDNN_ATTR_OPERATION_SDPA_FWD_DESCALE_Q_EXT = 2616,

    /** @brief Operation sdpa fwd tensorale k */
    HIPDNN_ATTR_OPERATION_SDPA_FWD_DESCALE_K_EXT = 2617,

    /** @brief Operation sdpa fwd tensorale v */
    HIPDNN_ATTR_OPERATION_SDPA_FWD_DESCALE_V_EXT = 2618,

    /** @brief Operation sdpa fwd tensorale s */
    HIPDNN_ATTR_OPERATION_SDPA_FWD_DESCALE_S_EXT = 2619,

    /** @brief Operation sdpa fwd scale s */
    HIPDNN_ATTR_OPERATION_SDPA_FWD_SCALE_S_EXT = 2620,

    /** @brief Operation sdpa fwd scale o */
    HIPDNN_ATTR_OPERATION_SDPA_FWD_SCALE_O_EXT = 2621,

    /** @brief Operation sdpa fwd stats tensor */
    HIPDNN_ATTR_OPERATION_SDPA_FWD_STATSDESC = 2622,

    /** @brief Operation sdpa fwd max */
    HIPDNN_ATTR_OPERATION_SDPA_FWD_MAX_EXT = 2623,

    /** @brief Operation sdpa fwd sum exp */
    HIPDNN_ATTR_OPERATION_SDPA_FWD_SUM_EXP_EXT = 2624,

    /** @brief Operation sdpa fwd rng dump */
    HIPDNN_ATTR_OPERATION_SDPA_FWD_RNG_DUMP_EXT = 2625,

    /** @brief Operation sdpa fwd amax s */
    HIPDNN_ATTR_OPERATION_SDPA_FWD_AMAX_S_EXT = 2626,

    /** @brief Operation sdpa fwd amax o */
    HIPDNN_ATTR_OPERATION_SDPA_FWD_AMAX_O_EXT = 2627,

    /** @brief Sdpa fwd generate stats */
    HIPDNN_ATTR_SDPA_FWD_GENERATE_STATS_EXT = 2628,

    /** @brief Sdpa fwd alibi mask */
    HIPDNN_ATTR_SDPA_FWD_ALIBI_MASK_EXT = 2629,

    /** @brief Sdpa fwd padding mask */
    HIPDNN_ATTR_SDPA_FWD_PADDING_MASK_EXT = 2630,

    /** @brief Sdpa fwd causal mask */
    HIPDNN_ATTR_SDPA_FWD_CAUSAL_MASK_EXT = 2631,

    /** @brief Sdpa fwd causal mask bottom right */
    HIPDNN_ATTR_SDPA_FWD_CAUSAL_MASK_BOTTOM_RIGHT_EXT = 2632,

    /** @brief Sdpa fwd dropout probability */
    HIPDNN_ATTR_SDPA_FWD_DROPOUT_PROBABILITY_EXT = 2633,

    /** @brief Sdpa fwd attn scale value */
    HIPDNN_ATTR_SDPA_FWD_ATTN_SCALE_VALUE_EXT = 2634,

    /** @brief Sdpa fwd left bound */
    HIPDNN_ATTR_SDPA_FWD_LEFT_BOUND_EXT = 2635,

    /** @brief Sdpa fwd right bound */
    HIPDNN_ATTR_SDPA_FWD_RIGHT_BOUND_EXT = 2636,

    /** @brief Sdpa fwd max seq len kv */
    HIPDNN_ATTR_SDPA_FWD_MAX_SEQ_LEN_KV_EXT = 2637,

    /** @brief Sdpa fwd diagonal alignment */
    HIPDNN_ATTR_SDPA_FWD_DIAGONAL_ALIGNMENT_EXT = 2638,

    /** @brief Sdpa fwd mma core mode */
    HIPDNN_ATTR_SDPA_FWD_MMA_CORE_MODE_EXT = 2639,

    /** @brief Sdpa fwd implementation */
    HIPDNN_ATTR_SDPA_FWD_IMPLEMENTATION_EXT = 2640,

    /** @brief Sdpa fwd comp type */
    HIPDNN_ATTR_SDPA_FWD_COMP_TYPE_EXT = 2641,

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

    /** @brief Operation layernorm bias */
    HIPDNN_ATTR_OPERATION_LAYERNORM_BIAS_EXT = 2702,

    /** @brief Operation layernorm epsilon */
    HIPDNN_ATTR_OPERATION_LAYERNORM_EPSILON_EXT = 2703,

    /** @brief Operation layernorm y */
    HIPDNN_ATTR_OPERATION_LAYERNORM_Y_EXT = 2704,

    /** @brief Operation layernorm mean */
    HIPDNN_ATTR_OPERATION_LAYERNORM_MEAN_EXT = 2705,

    /** @brief Operation layernorm inv variance */
    HIPDNN_ATTR_OPERATION_LAYERNORM_INV_VARIANCE_EXT = 2706,

    /** @brief Operation layernorm fwd phase */
    HIPDNN_ATTR_OPERATION_LAYERNORM_FWD_PHASE_EXT = 2707,

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

    /** @brief Y tensor */
    HIPDNN_ATTR_OPERATION_BLOCK_SCALE_QUANTIZE_YDESC = 2801,

    /** @brief Scale tensor */
    HIPDNN_ATTR_OPERATION_BLOCK_SCALE_QUANTIZE_SCALE_DESC = 2802,

    /** @brief Block size */
    HIPDNN_ATTR_OPERATION_BLOCK_SCALE_QUANTIZE_BLOCK_SIZE = 2803,

    /** @brief Axis */
    HIPDNN_ATTR_OPERATION_BLOCK_SCALE_QUANTIZE_AXIS_EXT = 2804,

    /** @brief Transpose */
    HIPDNN_ATTR_OPERATION_BLOCK_SCALE_QUANTIZE_TRANSPOSE_EXT = 2805,

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

    /** @brief Scale tensor */
    HIPDNN_ATTR_OPERATION_BLOCK_SCALE_DEQUANTIZE_SCALE_DESC = 2808,

    /** @brief Y tensor */
    HIPDNN_ATTR_OPERATION_BLOCK_SCALE_DEQUANTIZE_YDESC = 2809,

    /** @brief Block size */
    HIPDNN_ATTR_OPERATION_BLOCK_SCALE_DEQUANTIZE_BLOCK_SIZE = 2810,

    /** @brief Neg scale */
    HIPDNN_ATTR_OPERATION_BLOCK_SCALE_DEQUANTIZE_NEG_SCALE = 2811,

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

    /** @brief Operation batchnorm scale */
    HIPDNN_ATTR_OPERATION_BATCHNORM_SCALE_EXT = 2901,

    /** @brief Operation batchnorm bias */
    HIPDNN_ATTR_OPERATION_BATCHNORM_BIAS_EXT = 2902,

    /** @brief Operation batchnorm epsilon */
    HIPDNN_ATTR_OPERATION_BATCHNORM_EPSILON_EXT = 2903,

    /** @brief Operation batchnorm y */
    HIPDNN_ATTR_OPERATION_BATCHNORM_Y_EXT = 2904,

    /** @brief Operation batchnorm prev running mean */
    HIPDNN_ATTR_OPERATION_BATCHNORM_PREV_RUNNING_MEAN_EXT = 2905,

    /** @brief Operation batchnorm prev running variance */
    HIPDNN_ATTR_OPERATION_BATCHNORM_PREV_RUNNING_VARIANCE_EXT = 2906,

    /** @brief Operation batchnorm momentum */
    HIPDNN_ATTR_OPERATION_BATCHNORM_MOMENTUM_EXT = 2907,

    /** @brief Operation batchnorm mean */
    HIPDNN_ATTR_OPERATION_BATCHNORM_MEAN_EXT = 2908,

    /** @brief Operation batchnorm inv variance */
    HIPDNN_ATTR_OPERATION_BATCHNORM_INV_VARIANCE_EXT = 2909,

    /** @brief Operation batchnorm next running mean */
    HIPDNN_ATTR_OPERATION_BATCHNORM_NEXT_RUNNING_MEAN_EXT = 2910,

    /** @brief Operation batchnorm next running variance */
    HIPDNN_ATTR_OPERATION_BATCHNORM_NEXT_RUNNING_VARIANCE_EXT = 2911,

    /** @brief Batchnorm comp type */
    HIPDNN_ATTR_BATCHNORM_COMP_TYPE_EXT = 2912,

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

    /** @brief Reduction operator */
    HIPDNN_ATTR_REDUCTION_OPERATOR = 3202,

    /** @brief Reduction comp type */
    HIPDNN_ATTR_REDUCTION_COMP_TYPE = 3203,

    /** @brief Reduction is deterministic */
    HIPDNN_ATTR_REDUCTION_IS_DETERMINISTIC = 3204,

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
     * Attributes of HIPDNN_BACKEND_OPERATION_RESAMPLE_BWD_DESCRIPTOR
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

    /** @brief Pre paddings */
    HIPDNN_ATTR_RESAMPLE_PRE_PADDINGS = 3401,

    /** @brief Post paddings */
    HIPDNN_ATTR_RESAMPLE_POST_PADDINGS = 3402,

    /** @brief Strides */
    HIPDNN_ATTR_RESAMPLE_STRIDES = 3403,

    /** @brief Window dims */
    HIPDNN_ATTR_RESAMPLE_WINDOW_DIMS = 3404,

    /** @brief Padding mode */
    HIPDNN_ATTR_RESAMPLE_PADDING_MODE = 3405,

    /** @brief Generate index */
    HIPDNN_ATTR_RESAMPLE_GENERATE_INDEX_EXT = 3406,

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

    /** @brief Operation rmsnorm backward scale */
    HIPDNN_ATTR_OPERATION_RMSNORM_BACKWARD_SCALE_EXT = 3502,

    /** @brief Operation rmsnorm backward inv rms */
    HIPDNN_ATTR_OPERATION_RMSNORM_BACKWARD_INV_RMS_EXT = 3503,

    /** @brief Operation rmsnorm backward dx */
    HIPDNN_ATTR_OPERATION_RMSNORM_BACKWARD_DX_EXT = 3504,

    /** @brief Operation rmsnorm backward dscale */
    HIPDNN_ATTR_OPERATION_RMSNORM_BACKWARD_DSCALE_EXT = 3505,

    /** @brief Operation rmsnorm backward dbias */
    HIPDNN_ATTR_OPERATION_RMSNORM_BACKWARD_DBIAS_EXT = 3506,

    /** @brief Compute data type */
    HIPDNN_ATTR_RMSNORM_BACKWARD_COMP_TYPE_EXT = 3507,

    /** @} */

    /**
     * @name Layernorm Backward Operation Attributes (3600-3699)
     * Attributes of HIPDNN_BACKEND_OPERATION_LAYERNORM_BACKWARD_DESCRIPTOR_EXT
     * @{
     */

    /** @brief Gradient of the output */
    HIPDNN_ATTR_OPERATION_LAYERNORM_BACKWARD_DY_EXT = 3600,

    /** @brief Forward input */
    HIPDNN_ATTR_OPERATION_LAYERNORM_BACKWARD_X_EXT = 3601,

    /** @brief Scale */
    HIPDNN_ATTR_OPERATION_LAYERNORM_BACKWARD_SCALE_EXT = 3602,

    /** @brief Saved mean */
    HIPDNN_ATTR_OPERATION_LAYERNORM_BACKWARD_MEAN_EXT = 3603,

    /** @brief Saved inverse variance */
    HIPDNN_ATTR_OPERATION_LAYERNORM_BACKWARD_INV_VARIANCE_EXT = 3604,

    /** @brief Epsilon */
    HIPDNN_ATTR_OPERATION_LAYERNORM_BACKWARD_EPSILON_EXT = 3605,

    /** @brief Gradient of the input */
    HIPDNN_ATTR_OPERATION_LAYERNORM_BACKWARD_DX_EXT = 3606,

    /** @brief Gradient of the scale */
    HIPDNN_ATTR_OPERATION_LAYERNORM_BACKWARD_DSCALE_EXT = 3607,

    /** @brief Gradient of the bias */
    HIPDNN_ATTR_OPERATION_LAYERNORM_BACKWARD_DBIAS_EXT = 3608,

    /** @brief How many trailing dimensions are normalized */
    HIPDNN_ATTR_LAYERNORM_BACKWARD_NORMALIZED_DIM_COUNT_EXT = 3609,

    /** @brief Compute data type */
    HIPDNN_ATTR_LAYERNORM_BACKWARD_COMP_TYPE_EXT = 3610,

    /** @} */

    /**
     * @name MoE Grouped Matmul Operation Attributes (3700-3799)
     * Attributes of HIPDNN_BACKEND_OPERATION_MOE_GROUPED_MATMUL_DESCRIPTOR
     * @{
     */

    /** @brief Tokens */
    HIPDNN_ATTR_OPERATION_MOE_GROUPED_MATMUL_TOKEN_DESC = 3700,

    /** @brief Weight tensor */
    HIPDNN_ATTR_OPERATION_MOE_GROUPED_MATMUL_WEIGHT_DESC = 3701,

    /** @brief First token offset tensor */
    HIPDNN_ATTR_OPERATION_MOE_GROUPED_MATMUL_FIRST_TOKEN_OFFSET_DESC = 3702,

    /** @brief Token index tensor */
    HIPDNN_ATTR_OPERATION_MOE_GROUPED_MATMUL_TOKEN_INDEX_DESC = 3703,

    /** @brief Token ks tensor */
    HIPDNN_ATTR_OPERATION_MOE_GROUPED_MATMUL_TOKEN_KS_DESC = 3704,

    /** @brief Output tensor */
    HIPDNN_ATTR_OPERATION_MOE_GROUPED_MATMUL_OUTPUT_DESC = 3705,

    /** @brief Mode */
    HIPDNN_ATTR_OPERATION_MOE_GROUPED_MATMUL_MODE = 3706,

    /** @brief Top k */
    HIPDNN_ATTR_OPERATION_MOE_GROUPED_MATMUL_TOP_K = 3707,

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

    /** @brief Token tensor */
    HIPDNN_ATTR_OPERATION_MOE_GROUPED_MATMUL_BWD_TOKEN_DESC = 3801,

    /** @brief First token offset tensor */
    HIPDNN_ATTR_OPERATION_MOE_GROUPED_MATMUL_BWD_FIRST_TOKEN_OFFSET_DESC = 3802,

    /** @brief Dweight tensor */
    HIPDNN_ATTR_OPERATION_MOE_GROUPED_MATMUL_BWD_DWEIGHT_DESC = 3803,

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
     * @brief A knob choice as a serialized FlatBuffer (extension)
     *
     * Type: HIPDNN_TYPE_FLATBUFFER_DATA_STRUCT_EXT
     */
    HIPDNN_ATTR_KNOB_CHOICE_SERIALIZED_VALUE = 60100,

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

    /** @brief Write-only trigger: record the start event */
    HIPDNN_ATTR_PROFILING_START_EXT = 60401,

    /** @brief Write-only trigger: record the stop event */
    HIPDNN_ATTR_PROFILING_STOP_EXT = 60402,

    /** @brief Read-only: milliseconds between the start and stop events */
    HIPDNN_ATTR_PROFILING_ELAPSED_MS_EXT = 60403,

    /** @brief Synchronize the device before timing */
    HIPDNN_ATTR_PROFILING_DEVICE_SYNC_EXT = 60404,

    /** @} */

} hipdnnBackendAttributeName_t;
