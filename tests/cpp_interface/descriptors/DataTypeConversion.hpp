// Forwards to the stand-in beside it (real tests include "descriptors/DataTypeConversion.hpp").
#pragma once

#include "../DataTypeConversion.hpp"
