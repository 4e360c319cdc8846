// Stand-in for hipDNN backend/include/HipdnnBackendDescriptorType.h (only the entries generated
// code and the harness use). Checked against: BackendDescriptor.hpp id 57242394606, which
// initialises _type with HIPDNN_INVALID_TYPE (no `_EXT`). HIPDNN_INVALID_TYPE's value and the
// tensor descriptor's value 14: UNVERIFIED (values are not used by generated code).
#pragma once

typedef enum
{
    HIPDNN_INVALID_TYPE = 0,
    HIPDNN_BACKEND_TENSOR_DESCRIPTOR = 14,
// Every op's generated registry/HipdnnBackendDescriptorType.h.entry.inc, concatenated.
#include "hipdnn_codegen_descriptor_type_entries.inc"
} hipdnnBackendDescriptorType_t;
