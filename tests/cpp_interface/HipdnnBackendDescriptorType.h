#pragma once

typedef enum
{
    HIPDNN_INVALID_TYPE_EXT = 0,
    HIPDNN_BACKEND_TENSOR_DESCRIPTOR = 14,
// Every op's generated registry/HipdnnBackendDescriptorType.h.entry.inc, concatenated.
#include "hipdnn_codegen_descriptor_type_entries.inc"
} hipdnnBackendDescriptorType_t;
