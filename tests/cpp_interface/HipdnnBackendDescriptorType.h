// Stand-in for hipDNN backend/include/HipdnnBackendDescriptorType.h (only the entries generated
// code and the harness use). Checked against: BackendDescriptor.hpp id 57242394606, which
// initialises _type with HIPDNN_INVALID_TYPE (no `_EXT`; the newer header id 55132511050 spells it
// HIPDNN_INVALID_TYPE_EXT), and id 55132511050 for the values 0, OPERATIONGRAPH = 10, TENSOR = 14.
#pragma once

typedef enum
{
    HIPDNN_INVALID_TYPE = 0,
    HIPDNN_BACKEND_OPERATIONGRAPH_DESCRIPTOR = 10,
    HIPDNN_BACKEND_TENSOR_DESCRIPTOR = 14,
// Every op's generated registry/HipdnnBackendDescriptorType.h.entry.inc, concatenated.
#include "hipdnn_codegen_descriptor_type_entries.inc"
} hipdnnBackendDescriptorType_t;
