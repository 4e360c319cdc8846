// Stand-in for hipDNN backend/src/handle/Handle.hpp: only the struct hipdnnHandle that MockHandle
// (id 15426864209) derives from. Its real members (stream, plugin resource manager) are not
// declared: GraphDescriptor only stores the handle pointer (GraphDescriptor.cpp id 62318403238).
#pragma once

struct hipdnnHandle
{
    virtual ~hipdnnHandle() = default;
};
