// Forwards the include spelling "descriptors/NodeFactory.hpp" that hipDNN's tests use to the stand-in
// ../NodeFactory.hpp (real file: backend/src/descriptors/NodeFactory.hpp, index id 66359582590).
#pragma once

#include "../NodeFactory.hpp"
