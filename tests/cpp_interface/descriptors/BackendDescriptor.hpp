// Forwards the include spelling "descriptors/BackendDescriptor.hpp" that hipDNN's tests use to the stand-in
// ../BackendDescriptor.hpp (real file: backend/src/descriptors/BackendDescriptor.hpp, index id 57242394606 / 55521238940).
#pragma once

#include "../BackendDescriptor.hpp"
