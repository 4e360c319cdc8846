// Stand-in for hipDNN backend/src/descriptors/ScopedDescriptor.hpp. Checked against id 55084659372:
// struct hipdnn_backend::ScopedDescriptor owning a hipdnnBackendDescriptor_t (public member
// `descriptor`, null by default), an explicit constructor taking one, a destructor that deletes
// it, move-only, get() and getPtr(). Written here; bodies inline as in hipDNN.
#pragma once

#include "BackendDescriptor.hpp"
#include "hipdnn_backend.h"

#include <utility>

namespace hipdnn_backend
{

struct ScopedDescriptor
{
    hipdnnBackendDescriptor_t descriptor = nullptr;

    ScopedDescriptor() = default;
    explicit ScopedDescriptor(hipdnnBackendDescriptor_t owned)
        : descriptor(owned)
    {
    }
    ~ScopedDescriptor()
    {
        delete descriptor;
    }
    ScopedDescriptor(const ScopedDescriptor&) = delete;
    ScopedDescriptor& operator=(const ScopedDescriptor&) = delete;
    ScopedDescriptor(ScopedDescriptor&& other) noexcept
        : descriptor(std::exchange(other.descriptor, nullptr))
    {
    }
    ScopedDescriptor& operator=(ScopedDescriptor&& other) noexcept
    {
        if(this != &other)
        {
            delete descriptor;
            descriptor = std::exchange(other.descriptor, nullptr);
        }
        return *this;
    }
    hipdnnBackendDescriptor_t get() const
    {
        return descriptor;
    }
    hipdnnBackendDescriptor_t* getPtr()
    {
        return &descriptor;
    }
};

} // namespace hipdnn_backend
