#pragma once

#include <hipdnn_backend.h>

namespace hipdnn_frontend::detail
{

class ScopedHipdnnBackendDescriptor
{
public:
    ScopedHipdnnBackendDescriptor();
    ScopedHipdnnBackendDescriptor(hipdnnBackendDescriptor_t descriptor);
    explicit ScopedHipdnnBackendDescriptor(hipdnnBackendDescriptorType_t type);
    ScopedHipdnnBackendDescriptor(ScopedHipdnnBackendDescriptor&& other) noexcept;
    ScopedHipdnnBackendDescriptor& operator=(ScopedHipdnnBackendDescriptor&& other) noexcept;
    ScopedHipdnnBackendDescriptor(const ScopedHipdnnBackendDescriptor&) = delete;
    ScopedHipdnnBackendDescriptor& operator=(const ScopedHipdnnBackendDescriptor&) = delete;
    ~ScopedHipdnnBackendDescriptor();
    bool valid() const;
    const hipdnnBackendDescriptor_t& get() const;
};

} // namespace hipdnn_frontend::detail
