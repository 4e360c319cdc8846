#pragma once

typedef enum
{
    HIPDNN_ATTR_OPERATION_TYPE_EXT = 60200,
    HIPDNN_ATTR_OPERATION_NAME_EXT = 60300,
// Every op's generated registry/HipdnnBackendAttributeName.h.attributes.inc, concatenated.
#include "hipdnn_codegen_attribute_entries.inc"
} hipdnnBackendAttributeName_t;
