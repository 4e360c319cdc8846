#pragma once

#include "HipdnnBackendAttributeName.h"
#include "HipdnnBackendAttributeType.h"
#include "HipdnnBackendDescriptorType.h"
#include "HipdnnDataType.h"
#include "HipdnnOperationType.h"
#include "HipdnnStatus.h"

#include <stdint.h>

// C enums of the specs' enum fields (hipdnn<Enum>_t).
#include "hipdnn_codegen_c_enums.inc"

typedef struct HipdnnBackendDescriptor* hipdnnBackendDescriptor_t;
