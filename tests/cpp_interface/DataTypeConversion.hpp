// Stand-in for hipDNN backend/src/descriptors/DataTypeConversion.hpp.
// Checked against: id 58705316713 (tvy-amd@d4a902ad): namespace hipdnn_backend; per enum a pair
// `<SDK enum> toSdk<X>(hipdnn<X>_t)` / `hipdnn<X>_t fromSdk<X>(<SDK enum>)`; the header includes the
// C enum headers, HipdnnException.hpp and the SDK's generated headers. Only the pairs generated code
// uses are declared: those of the enums a spec introduces (hipdnn_codegen_conversions.inc, the
// generated declarations fragment).
#pragma once

#include "HipdnnException.hpp"
#include "hipdnn_backend.h"

#include <hipdnn_flatbuffers_sdk/data_objects/graph_generated.h>

namespace hipdnn_backend
{

#include "hipdnn_codegen_conversions.inc"

} // namespace hipdnn_backend
