// Forwards the include spelling "descriptors/IGraphOperation.hpp" that hipDNN's tests use to the stand-in
// ../IGraphOperation.hpp (real file: backend/src/descriptors/IGraphOperation.hpp, index id 55557173421).
#pragma once

#include "../IGraphOperation.hpp"
