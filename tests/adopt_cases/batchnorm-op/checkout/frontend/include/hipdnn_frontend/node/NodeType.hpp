// Copyright © Advanced Micro Devices, Inc., or its affiliates.
// SPDX-License-Identifier:  MIT

// hipdnn-codegen test fixture, written for this project in the format of hipDNN's
// frontend/include/hipdnn_frontend/node/NodeType.hpp (checked against index id 62461044382,
// jsandham fork: `enum class NodeType` in hipdnn_frontend::graph after a /// doc comment, one
// enumerator per line with an explicit value, listed in value order 0..20, no comma after the last
// one, no to_string in this version). Values differ between forks (hdt98 id 55044100154 has
// LAYERNORM_BACKWARD = 18; tvy id 66321986096 goes on to MOE_GROUPED_MATMUL_BWD = 22; upstream
// id 65314552549 stops at REDUCTION = 17 and adds to_string and operator<<); this fixture follows
// jsandham, where SDPA_BWD = 13 and LAYERNORM_BACKWARD = 20.

#pragma once

namespace hipdnn_frontend::graph
{

/// Names the kind of a graph node without RTTI; BaseNode carries it as a template argument.
enum class NodeType
{
    UNKNOWN = 0,
    CONVOLUTION_FPROP = 1,
    CONVOLUTION_DGRAD = 2,
    CONVOLUTION_WGRAD = 3,
    BATCHNORM = 4,
    BATCHNORM_INFERENCE = 5,
    BATCHNORM_BACKWARD = 6,
    BATCHNORM_INFERENCE_VARIANCE_EXT = 7,
    POINTWISE = 8,
    MATMUL = 9,
    LAYER_NORM = 10,
    RMS_NORM = 11,
    SDPA_FWD = 12,
    SDPA_BWD = 13,
    BLOCK_SCALE_QUANTIZE = 14,
    BLOCK_SCALE_DEQUANTIZE = 15,
    CUSTOM_OP = 16,
    REDUCTION = 17,
    RESAMPLE_FWD = 18,
    RMS_NORM_BACKWARD = 19,
    LAYERNORM_BACKWARD = 20
};

} // namespace hipdnn_frontend::graph
