#pragma once

#include "Error.hpp"

#include <hipdnn_backend.h>

#include <utility>

namespace hipdnn_frontend
{

enum class DataType
{
    NOT_SET,
    FLOAT,
    HALF,
    DOUBLE,
};

// Frontend enum types and toBackend<Enum> / fromHipdnn<Enum> for every enum the specs declare.
#include "hipdnn_codegen_frontend_enums.inc"

} // namespace hipdnn_frontend
