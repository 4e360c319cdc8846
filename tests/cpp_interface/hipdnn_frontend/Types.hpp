// Stand-in for hipdnn_frontend/Types.hpp (subset).
// Checked against: id 54653676998 (kokolchin fork): DataType enumerator names incl. NOT_SET,
// DiagonalAlignment {TOP_LEFT, BOTTOM_RIGHT}, toBackendDiagonalAlignment(const DiagonalAlignment&)
// -> hipdnnDiagonalAlignment_t, fromHipdnnDiagonalAlignment(hipdnnDiagonalAlignment_t) ->
// std::pair<DiagonalAlignment, Error>, toHipdnnDataType -> std::optional<hipdnnDataType_t>,
// fromHipdnnDataType -> std::pair<DataType, Error>. DataType's full enumerator list: subset only.
#pragma once

#include "Error.hpp"

#include <hipdnn_backend.h>

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <utility>

namespace hipdnn_frontend
{

enum class DataType
{
    NOT_SET,
    FLOAT,
    HALF,
    BFLOAT16,
    DOUBLE,
    UINT8,
    INT32,
    INT8,
    INT64,
    BOOLEAN,
};

enum class DiagonalAlignment
{
    TOP_LEFT,
    BOTTOM_RIGHT,
};

std::optional<hipdnnDataType_t> toHipdnnDataType(const DataType& type);
std::pair<DataType, Error> fromHipdnnDataType(hipdnnDataType_t type);
hipdnnDiagonalAlignment_t toBackendDiagonalAlignment(const DiagonalAlignment& type);
std::pair<DiagonalAlignment, Error> fromHipdnnDiagonalAlignment(hipdnnDiagonalAlignment_t alignment);

// The frontend enums, conversions and to_string of enums a spec introduces to hipDNN: the
// generated Types.hpp fragment itself (includes per newest Types.hpp id 58797806827).
#include "hipdnn_codegen_frontend_enums.inc"

} // namespace hipdnn_frontend
