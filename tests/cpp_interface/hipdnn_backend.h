// Stand-in for hipDNN's public hipdnn_backend.h umbrella (only what generated code reaches).
// Checked against: the include lists of SdpaBwd test id 55355270239 and DescriptorAttributeUtils
// id 64647436836. HIPDNN_ERROR_STRING_MAX_LENGTH's value: UNVERIFIED.
#pragma once

#include "HipdnnBackendAttributeName.h"
#include "HipdnnBackendAttributeType.h"
#include "HipdnnBackendDescriptorType.h"
#include "HipdnnDataType.h"
#include "HipdnnDiagonalAlignment.h"
#include "HipdnnOperationType.h"
#include "HipdnnStatus.h"

#include <stdint.h>

#define HIPDNN_ERROR_STRING_MAX_LENGTH 256

// The generated C enum headers of enums a spec introduces (the hipdnn_backend.h include fragment).
#include "hipdnn_codegen_c_enums.inc"

typedef struct HipdnnBackendDescriptor* hipdnnBackendDescriptor_t;
// The handle type (an opaque struct pointer; MockHandle id 15426864209 derives from hipdnnHandle).
typedef struct hipdnnHandle* hipdnnHandle_t;
