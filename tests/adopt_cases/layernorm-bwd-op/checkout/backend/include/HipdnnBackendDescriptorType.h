// Copyright © Advanced Micro Devices, Inc., or its affiliates.
// SPDX-License-Identifier: MIT

// hipdnn-codegen test fixture, written for this project in the format of hipDNN's
// backend/include/HipdnnBackendDescriptorType.h (format: id 65049159550, a `/** @brief */` or
// multi-line doc comment before every entry, a blank line between entries, a trailing comma and a
// blank line before the closing `}`). Names and values checked against the newest stored copy, id
// 70394006770 (rdoshi-amd@6083e49c; HIPDNN_INVALID_TYPE_EXT = 0 as in tvy-amd id 65735666882):
// resample backward is HIPDNN_BACKEND_OPERATION_RESAMPLE_BWD_DESCRIPTOR = 36, without `_EXT`, as
// a backend test spells it too (id 57391217254). The real file numbers every entry explicitly;
// here 1-14 are implicit. MoE grouped matmul 37 and its backward 38 are as recorded from id
// 70394006770 in op_specs/registry.yaml (not re-read for this file).

/**
 * @file HipdnnBackendDescriptorType.h
 * @brief The kinds of descriptor hipdnnBackendCreateDescriptor() creates
 */

#pragma once

/**
 * @enum hipdnnBackendDescriptorType_t
 * @brief Kinds of backend descriptor
 *
 * Pass one to hipdnnBackendCreateDescriptor(), then set the descriptor's attributes.
 *
 * @see hipdnnBackendCreateDescriptor()
 */
typedef enum
{
    /** @brief Not a descriptor type; catches uninitialized values */
    HIPDNN_INVALID_TYPE_EXT = 0,

    /**
     * @brief An engine
     *
     * One way of running an operation graph.
     */
    HIPDNN_BACKEND_ENGINE_DESCRIPTOR,

    /** @brief An engine configuration */
    HIPDNN_BACKEND_ENGINECFG_DESCRIPTOR,

    /** @brief An engine heuristic query */
    HIPDNN_BACKEND_ENGINEHEUR_DESCRIPTOR,

    /** @brief An execution plan */
    HIPDNN_BACKEND_EXECUTION_PLAN_DESCRIPTOR,

    /** @brief Intermediate tensor information */
    HIPDNN_BACKEND_INTERMEDIATE_INFO_DESCRIPTOR,

    /** @brief A knob value */
    HIPDNN_BACKEND_KNOB_CHOICE_DESCRIPTOR,

    /** @brief Knob metadata */
    HIPDNN_BACKEND_KNOB_INFO_DESCRIPTOR,

    /** @brief Layout requirements */
    HIPDNN_BACKEND_LAYOUT_INFO_DESCRIPTOR,

    /** @brief Statistics generation operation */
    HIPDNN_BACKEND_OPERATION_GEN_STATS_DESCRIPTOR,

    /**
     * @brief An operation graph
     *
     * Tensors and the operations that connect them.
     */
    HIPDNN_BACKEND_OPERATIONGRAPH_DESCRIPTOR,

    /** @brief Device pointers for one execution */
    HIPDNN_BACKEND_VARIANT_PACK_DESCRIPTOR,

    /** @brief Compiled kernel cache */
    HIPDNN_BACKEND_KERNEL_CACHE_DESCRIPTOR,

    /** @brief Paged cache load operation */
    HIPDNN_BACKEND_OPERATION_PAGED_CACHE_LOAD_DESCRIPTOR,

    /** @brief A tensor */
    HIPDNN_BACKEND_TENSOR_DESCRIPTOR,

    /** @brief Forward convolution operation */
    HIPDNN_BACKEND_OPERATION_CONVOLUTION_FORWARD_DESCRIPTOR = 15,

    /** @brief Convolution weight gradient operation */
    HIPDNN_BACKEND_OPERATION_CONVOLUTION_BACKWARD_FILTER_DESCRIPTOR = 16,

    /** @brief Batchnorm inference operation (extension) */
    HIPDNN_BACKEND_OPERATION_BATCHNORM_INFERENCE_DESCRIPTOR_EXT = 17,

    /** @brief Elementwise operation */
    HIPDNN_BACKEND_OPERATION_POINTWISE_DESCRIPTOR = 18,

    /** @brief Convolution data gradient operation */
    HIPDNN_BACKEND_OPERATION_CONVOLUTION_BACKWARD_DATA_DESCRIPTOR = 19,

    /** @brief Batchnorm backward operation (extension) */
    HIPDNN_BACKEND_OPERATION_BATCHNORM_BACKWARD_DESCRIPTOR_EXT = 20,

    /** @brief Batchnorm inference with a variance tensor (extension) */
    HIPDNN_BACKEND_OPERATION_BATCHNORM_INFERENCE_VARIANCE_DESCRIPTOR_EXT = 21,

    /** @brief Matrix product operation */
    HIPDNN_BACKEND_OPERATION_MATMUL_DESCRIPTOR = 22,

    /** @brief RMSNorm operation (extension) */
    HIPDNN_BACKEND_OPERATION_RMSNORM_DESCRIPTOR_EXT = 23,

    /** @brief Scaled dot-product attention, forward */
    HIPDNN_BACKEND_OPERATION_SDPA_FWD_DESCRIPTOR = 24,

    /** @brief Layernorm operation (extension) */
    HIPDNN_BACKEND_OPERATION_LAYERNORM_DESCRIPTOR_EXT = 25,

    /** @brief Block-scaled quantization operation */
    HIPDNN_BACKEND_OPERATION_BLOCK_SCALE_QUANTIZE_DESCRIPTOR = 26,

    /** @brief Batchnorm training forward operation (extension) */
    HIPDNN_BACKEND_OPERATION_BATCHNORM_DESCRIPTOR_EXT = 27,

    /** @brief Block-scaled dequantization operation */
    HIPDNN_BACKEND_OPERATION_BLOCK_SCALE_DEQUANTIZE_DESCRIPTOR = 28,

    /** @brief Plugin-defined operation (extension) */
    HIPDNN_BACKEND_OPERATION_CUSTOM_OP_DESCRIPTOR_EXT = 29,

    /** @brief Scaled dot-product attention, backward (extension) */
    HIPDNN_BACKEND_OPERATION_SDPA_BWD_DESCRIPTOR_EXT = 30,

    /** @brief Reduction operation */
    HIPDNN_BACKEND_OPERATION_REDUCTION_DESCRIPTOR = 31,

    /** @brief Resample forward operation */
    HIPDNN_BACKEND_OPERATION_RESAMPLE_FWD_DESCRIPTOR = 32,

    /** @brief RMSNorm backward operation (extension) */
    HIPDNN_BACKEND_OPERATION_RMSNORM_BACKWARD_DESCRIPTOR_EXT = 33,

    /** @brief Profiling control (extension) */
    HIPDNN_BACKEND_PROFILING_CONTROL_EXT = 34,

    /** @brief Layernorm backward operation (extension) */
    HIPDNN_BACKEND_OPERATION_LAYERNORM_BACKWARD_DESCRIPTOR_EXT = 35,

    /** @brief Resample backward operation */
    HIPDNN_BACKEND_OPERATION_RESAMPLE_BWD_DESCRIPTOR = 36,

    /** @brief Mixture-of-experts grouped matrix product */
    HIPDNN_BACKEND_OPERATION_MOE_GROUPED_MATMUL_DESCRIPTOR = 37,

    /** @brief Mixture-of-experts grouped matrix product, backward */
    HIPDNN_BACKEND_OPERATION_MOE_GROUPED_MATMUL_BWD_DESCRIPTOR = 38,

} hipdnnBackendDescriptorType_t;
