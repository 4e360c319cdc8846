// Stand-in for hipDNN backend/include/HipdnnBackendAttributeName.h (the entries generated code, the
// backend runtime and the generated tests use). Values of the operation-graph (600-607) and tensor
// (1300-1306) attributes checked against id 56139333885; OPERATION_TYPE_EXT = 60200 and
// OPERATION_NAME_EXT = 60300 against id 55536461510. Every op's attributes arrive through the
// generated fragment below.
#pragma once

typedef enum
{
    HIPDNN_ATTR_OPERATIONGRAPH_HANDLE = 600,
    HIPDNN_ATTR_OPERATIONGRAPH_OPS = 601,
    HIPDNN_ATTR_OPERATIONGRAPH_COMPUTE_DATA_TYPE_EXT = 604,
    HIPDNN_ATTR_OPERATIONGRAPH_INTERMEDIATE_DATA_TYPE_EXT = 605,
    HIPDNN_ATTR_OPERATIONGRAPH_IO_DATA_TYPE_EXT = 606,
    HIPDNN_ATTR_OPERATIONGRAPH_PREFERRED_ENGINE_ID_EXT = 607,
    HIPDNN_ATTR_TENSOR_UNIQUE_ID = 1300,
    HIPDNN_ATTR_TENSOR_NAME_EXT = 1301,
    HIPDNN_ATTR_TENSOR_DATA_TYPE = 1302,
    HIPDNN_ATTR_TENSOR_DIMENSIONS = 1303,
    HIPDNN_ATTR_TENSOR_STRIDES = 1304,
    HIPDNN_ATTR_TENSOR_IS_VIRTUAL = 1305,
    HIPDNN_ATTR_OPERATION_TYPE_EXT = 60200,
    HIPDNN_ATTR_OPERATION_NAME_EXT = 60300,
// Every op's generated registry/HipdnnBackendAttributeName.h.attributes.inc, concatenated.
#include "hipdnn_codegen_attribute_entries.inc"
} hipdnnBackendAttributeName_t;
