// Stand-in for hipDNN backend/include/HipdnnDataType.h (subset).
// Enumerator names checked against frontend Types.hpp id 54653676998 (toHipdnnDataType);
// numeric values: UNVERIFIED (generated code uses names only).
#pragma once

typedef enum
{
    HIPDNN_DATA_FLOAT = 0,
    HIPDNN_DATA_DOUBLE = 1,
    HIPDNN_DATA_HALF = 2,
    HIPDNN_DATA_INT8 = 3,
    HIPDNN_DATA_INT32 = 4,
    HIPDNN_DATA_UINT8 = 6,
    HIPDNN_DATA_BFLOAT16 = 9,
    HIPDNN_DATA_INT64 = 10,
    HIPDNN_DATA_BOOLEAN = 11,
} hipdnnDataType_t;
