// Stand-in for hipDNN backend/src/descriptors/DataTypeConversion.hpp.
// Checked against: id 58705316713 (tvy-amd@d4a902ad): namespace hipdnn_backend; per enum a pair
// `<SDK enum> toSdk<X>(hipdnn<X>_t)` / `hipdnn<X>_t fromSdk<X>(<SDK enum>)`; the header includes the
// C enum headers, HipdnnException.hpp and the SDK's generated headers. Declared: the data-type pair
// (toSdkDataType / fromSdkDataType, which setDataType / getDataType call; an unsupported value is
// BAD_PARAM; defined in backend_runtime.cpp) and the pairs of the enums a spec introduces
// (hipdnn_codegen_conversions.inc, the generated declarations fragment).
#pragma once

#include "HipdnnException.hpp"
#include "hipdnn_backend.h"

#include <hipdnn_flatbuffers_sdk/data_objects/graph_generated.h>

namespace hipdnn_backend
{

hipdnn_flatbuffers_sdk::data_objects::DataType toSdkDataType(hipdnnDataType_t dataType);
hipdnnDataType_t fromSdkDataType(hipdnn_flatbuffers_sdk::data_objects::DataType dataType);

#include "hipdnn_codegen_conversions.inc"

} // namespace hipdnn_backend
