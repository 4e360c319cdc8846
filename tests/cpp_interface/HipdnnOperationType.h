// Stand-in for hipDNN backend/include/HipdnnOperationType.h. Checked against id 58753977426 (and the
// older 55353737401): the Era A spelling, typedef hipdnnOperationType_ext_t with _EXT enumerators and
// HIPDNN_OPERATION_TYPE_NOT_SET_EXT = 0 first (upstream id 64380143003 later dropped the _EXT, Era B).
// Every other enumerator, hipDNN's existing ones included, arrives through the generated fragment below.
#pragma once

typedef enum
{
    HIPDNN_OPERATION_TYPE_NOT_SET_EXT = 0,
// Every op's generated registry/HipdnnOperationType.h.entry.inc, concatenated.
#include "hipdnn_codegen_operation_type_entries.inc"
} hipdnnOperationType_ext_t;
