// hipdnn-codegen test fixture, written for this project in the form of hipDNN's frontend/include/hipdnn_frontend/node/NodeType.hpp.
// Names and values are hipDNN's, checked with the search index: id 62461044382. Only the entries
// this case needs; every comment is our own.

#pragma once

namespace hipdnn_frontend::graph
{
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
