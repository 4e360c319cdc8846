// Stand-in for hipdnn_frontend/detail/ScopedHipdnnBackendDescriptor.hpp. Checked against the uses in
// SdpaBwdPacker id 65410368168 (construct from hipdnnBackendDescriptorType_t, valid(), get(), moved
// into std::vector) and DescriptorUnpackHelpers id 65501979117 (default-constructed, constructed from
// a raw hipdnnBackendDescriptor_t). Exact member list of the real class: UNVERIFIED.
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
