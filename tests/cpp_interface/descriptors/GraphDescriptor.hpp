// Forwards the include spelling "descriptors/GraphDescriptor.hpp" that hipDNN's tests use to the stand-in
// ../GraphDescriptor.hpp (real file: backend/src/descriptors/GraphDescriptor.hpp, index id 62446465109).
#pragma once

#include "../GraphDescriptor.hpp"
