// Stand-in for hipdnn_frontend/node/NodeType.hpp.
// Checked against: id 62461044382 (jsandham fork: `enum class NodeType` in hipdnn_frontend::graph,
// every enumerator with an explicit value, UNKNOWN = 0 .. LAYERNORM_BACKWARD = 20, no trailing
// comma after the last one, no to_string). Other versions differ: hdt98 id 55044100154 stops at
// LAYERNORM_BACKWARD = 18 (no RESAMPLE_FWD / RMS_NORM_BACKWARD); tvy id 66321986096 adds
// MOE_GROUPED_MATMUL = 21 and MOE_GROUPED_MATMUL_BWD = 22; upstream id 65314552549 stops at
// REDUCTION = 17 and adds inline to_string(const NodeType&) and operator<<. Those are not modelled.
// The generated ops' enumerators (SDPA_BWD = 13, LAYERNORM_BACKWARD = 20 today) are not written
// here: the harness writes them, one `    NAME = value,` line each, into
// hipdnn_codegen_node_type_entries.inc, leaving out any `NAME = value` already listed below (as apply
// leaves an entry already present): op_specs/' batchnorm_inference, block_scale_quantize and rmsnorm_bwd
// are hipDNN's BATCHNORM_INFERENCE = 5, BLOCK_SCALE_QUANTIZE = 14 and RMS_NORM_BACKWARD = 19.
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
    BLOCK_SCALE_QUANTIZE = 14,
    BLOCK_SCALE_DEQUANTIZE = 15,
    CUSTOM_OP = 16,
    REDUCTION = 17,
    RESAMPLE_FWD = 18,
    RMS_NORM_BACKWARD = 19,
// Every generated op's NodeType enumerator, concatenated by the harness.
#include "hipdnn_codegen_node_type_entries.inc"
};

} // namespace hipdnn_frontend::graph
