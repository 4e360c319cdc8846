// Stand-in for hipDNN backend/include/HipdnnStatus.h (only the statuses generated code, the backend
// runtime and the harness use). Names and values checked against id 55475407811 (a fork's
// copy; upstream ROCm/rocm-libraries has no stored HipdnnStatus.h); the values are
// written out because hipDNN numbers OUT_OF_BOUND, SIZE_INSUFFICIENT and STREAM_MISMATCH (5-7) between
// NOT_FINALIZED and NOT_SUPPORTED, which this subset leaves out.
#pragma once

typedef enum
{
    HIPDNN_STATUS_SUCCESS = 0,
    HIPDNN_STATUS_NOT_INITIALIZED = 1,
    HIPDNN_STATUS_BAD_PARAM = 2,
    HIPDNN_STATUS_BAD_PARAM_NULL_POINTER = 3,
    HIPDNN_STATUS_BAD_PARAM_NOT_FINALIZED = 4,
    HIPDNN_STATUS_NOT_SUPPORTED = 8,
    HIPDNN_STATUS_INTERNAL_ERROR = 9,
} hipdnnStatus_t;
