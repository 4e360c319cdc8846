#pragma once

#include "HipdnnException.hpp"
#include "hipdnn_backend.h"

#include <memory>
#include <string>
#include <type_traits>

namespace hipdnn_backend
{
class IGraphOperation;
} // namespace hipdnn_backend

struct IBackendDescriptor
{
    virtual ~IBackendDescriptor() = default;
    virtual void finalize() = 0;
    virtual bool isFinalized() const = 0;
    virtual void getAttribute(hipdnnBackendAttributeName_t attributeName,
                              hipdnnBackendAttributeType_t attributeType,
                              int64_t requestedElementCount,
                              int64_t* elementCount,
                              void* arrayOfElements) const = 0;
    virtual void setAttribute(hipdnnBackendAttributeName_t attributeName,
                              hipdnnBackendAttributeType_t attributeType,
                              int64_t elementCount,
                              const void* arrayOfElements) = 0;
    virtual hipdnnBackendDescriptorType_t getType() const = 0;
    virtual std::string toString() const = 0;
    virtual hipdnn_backend::IGraphOperation* asGraphOperation()
    {
        return nullptr;
    }
};

namespace hipdnn_backend
{

template <typename T>
class HipdnnBackendDescriptorImpl : public IBackendDescriptor
{
public:
    void finalize() override
    {
        _finalized = true;
    }
    bool isFinalized() const override
    {
        return _finalized;
    }
    hipdnnBackendDescriptorType_t getType() const override
    {
        return _type;
    }

private:
    HipdnnBackendDescriptorImpl()
        : _type(T::getStaticType())
    {
    }
    bool _finalized = false;
    hipdnnBackendDescriptorType_t _type = HIPDNN_INVALID_TYPE_EXT;
    friend T;
};

} // namespace hipdnn_backend

struct HipdnnBackendDescriptor : public IBackendDescriptor
{
    template <typename ChildDescriptor>
    std::shared_ptr<ChildDescriptor> asDescriptor() const;
};
