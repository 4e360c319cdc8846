// Stand-in for hipDNN backend/include/HipdnnBackendAttributeType.h.
// Checked against: id 55509550812 (Era A, `_EXT` spelling of the SDPA enum tags; this is the
// spelling the Era-A SdpaBwd packer id 55377686406 and fork test id 55355270239 use).
// Era B (upstream 8378a562, id 64595655772) spells 26/27 without `_EXT`; not declared here.
// Values below are the real ones. The tags of enums a spec introduces arrive through
// hipdnn_codegen_type_tags.inc: the generated type-tag fragment, with its allocated value.
#pragma once

typedef enum
{
    HIPDNN_TYPE_HANDLE = 0,
    HIPDNN_TYPE_DATA_TYPE = 1,
    HIPDNN_TYPE_BOOLEAN = 2,
    HIPDNN_TYPE_INT64 = 3,
    HIPDNN_TYPE_FLOAT = 4,
    HIPDNN_TYPE_DOUBLE = 5,
    HIPDNN_TYPE_VOID_PTR = 6,
    HIPDNN_TYPE_HEUR_MODE = 7,
    HIPDNN_TYPE_KNOB_TYPE = 8,
    HIPDNN_TYPE_NAN_PROPOGATION = 9,
    HIPDNN_TYPE_NUMERICAL_NOTE = 10,
    HIPDNN_TYPE_LAYOUT_TYPE = 11,
    HIPDNN_TYPE_ATTRIB_NAME = 12,
    HIPDNN_TYPE_BACKEND_DESCRIPTOR = 13,
    HIPDNN_TYPE_GENSTATS_MODE = 14,
    HIPDNN_TYPE_BN_FINALIZE_STATS_MODE = 15,
    HIPDNN_TYPE_BEHAVIOR_NOTE = 16,
    HIPDNN_TYPE_TENSOR_REORDERING_MODE = 17,
    HIPDNN_TYPE_INT32 = 18,
    HIPDNN_TYPE_CHAR = 19,
    HIPDNN_TYPE_SIGNAL_MODE = 20,
    HIPDNN_TYPE_FRACTION = 21,
    HIPDNN_TYPE_NORM_FWD_PHASE = 22,
    HIPDNN_TYPE_RNG_DISTRIBUTION = 23,
    HIPDNN_TYPE_CONVOLUTION_MODE = 24,
    HIPDNN_TYPE_POINTWISE_MODE = 25,
    HIPDNN_TYPE_DIAGONAL_ALIGNMENT_EXT = 26,
    HIPDNN_TYPE_ATTENTION_IMPLEMENTATION_EXT = 27,
    HIPDNN_TYPE_REDUCTION_OPERATOR_TYPE = 28,
    HIPDNN_TYPE_RESAMPLE_MODE = 29,
    HIPDNN_TYPE_PADDING_MODE = 30,
    HIPDNN_TYPE_FLATBUFFER_DATA_STRUCT_EXT = 10000,
    HIPDNN_TYPE_OPERATION_TYPE_EXT = 10001,
#include "hipdnn_codegen_type_tags.inc"
} hipdnnBackendAttributeType_t;
