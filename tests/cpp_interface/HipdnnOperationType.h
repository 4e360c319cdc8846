#pragma once

typedef enum
{
    HIPDNN_OPERATION_TYPE_NOT_SET_EXT = 0,
// Every op's generated registry/HipdnnOperationType.h.entry.inc, concatenated.
#include "hipdnn_codegen_operation_type_entries.inc"
} hipdnnOperationType_ext_t;
