#pragma once

typedef enum
{
    HIPDNN_TYPE_DATA_TYPE = 1,
    HIPDNN_TYPE_BOOLEAN = 2,
    HIPDNN_TYPE_INT64 = 3,
    HIPDNN_TYPE_FLOAT = 4,
    HIPDNN_TYPE_DOUBLE = 5,
    HIPDNN_TYPE_BACKEND_DESCRIPTOR = 13,
    HIPDNN_TYPE_INT32 = 18,
    HIPDNN_TYPE_CHAR = 19,
    HIPDNN_TYPE_OPERATION_TYPE_EXT = 10001,
// One tag per enum the specs declare (hipDNN's own tags; values here are arbitrary).
#include "hipdnn_codegen_type_tags.inc"
} hipdnnBackendAttributeType_t;
