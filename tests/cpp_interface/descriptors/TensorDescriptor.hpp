// Forwards the include spelling "descriptors/TensorDescriptor.hpp" that hipDNN's tests use to the stand-in
// ../TensorDescriptor.hpp (real file: backend/src/descriptors/TensorDescriptor.hpp, index id 58882226959).
#pragma once

#include "../TensorDescriptor.hpp"
