// Forwards the include spelling "descriptors/ScopedDescriptor.hpp" that hipDNN's tests use to the stand-in
// ../ScopedDescriptor.hpp (real file: backend/src/descriptors/ScopedDescriptor.hpp, index id 55084659372).
#pragma once

#include "../ScopedDescriptor.hpp"
