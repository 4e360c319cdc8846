// Forwards to the stand-in beside it. Checked against: id 59058417038 (tvy-amd@c1ceef0d
// backend/tests/descriptors/TestDataTypeConversion.cpp), which includes "descriptors/DataTypeConversion.hpp".
#pragma once

#include "../DataTypeConversion.hpp"
