// Stand-in for hipDNN's backend test mocks/MockHandle.hpp (id 15426864209; its path in the tree
// was not resolved). The real one is a gmock class over hipdnnHandle's virtuals; gmock is not
// installed here and the graph-descriptor tests only need a non-null handle, so this is a plain
// subclass with the same name.
#pragma once

#include "handle/Handle.hpp"

struct MockHandle : hipdnnHandle
{
};
