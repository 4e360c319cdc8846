// Stand-in for hipDNN backend/src/descriptors/BackendDescriptor.hpp. Checked against: id 57242394606
// (kokolchin fork) and the newer id 55521238940: IBackendDescriptor's pure virtuals and
// asGraphOperation(); template HipdnnBackendDescriptorImpl<T> with private ctor + `friend T`,
// finalize/isFinalized/getType/toString/static getStaticType/asGraphOperation; struct
// HipdnnBackendDescriptor with asDescriptor<T>(), isValid(), operator==, tryAsGraphOperation(),
// getImpl(), both static unpackDescriptor<T> overloads (descriptor pointer; arrayOfElements), both
// packDescriptor overloads and packDescriptorArray. Behaviour (statuses, check order) follows
// those ids; every line is written here. The out-of-line forwarding members (each throws
// INTERNAL_ERROR on a null impl, as BackendDescriptor.cpp id 56336012222 does) are defined in
// backend_runtime.cpp. fmt formatter and BackendEnumStringUtils include omitted.
#pragma once

#include "HipdnnException.hpp"
#include "hipdnn_backend.h"

#include <memory>
#include <string>
#include <type_traits>
#include <vector>

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

const char* hipdnnGetBackendDescriptorTypeName(hipdnnBackendDescriptorType_t type);

template <typename T>
class HipdnnBackendDescriptorImpl : public IBackendDescriptor
{
private:
    bool _finalized = false;
    hipdnnBackendDescriptorType_t _type = HIPDNN_INVALID_TYPE;
    friend T;
    HipdnnBackendDescriptorImpl()
        : _type(T::getStaticType())
    {
    }

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
    std::string toString() const override
    {
        return hipdnnGetBackendDescriptorTypeName(_type);
    }
    static hipdnnBackendDescriptorType_t getStaticType()
    {
        return T::getStaticType();
    }
    IGraphOperation* asGraphOperation() override
    {
        if constexpr(std::is_base_of_v<IGraphOperation, T>)
        {
            return static_cast<T*>(this);
        }
        else
        {
            return nullptr;
        }
    }
};

} // namespace hipdnn_backend

struct HipdnnBackendDescriptor : public IBackendDescriptor
{
    void finalize() override;
    bool isFinalized() const override;
    void getAttribute(hipdnnBackendAttributeName_t attributeName,
                      hipdnnBackendAttributeType_t attributeType,
                      int64_t requestedElementCount,
                      int64_t* elementCount,
                      void* arrayOfElements) const override;
    void setAttribute(hipdnnBackendAttributeName_t attributeName,
                      hipdnnBackendAttributeType_t attributeType,
                      int64_t elementCount,
                      const void* arrayOfElements) override;
    hipdnnBackendDescriptorType_t getType() const override;
    std::string toString() const override;

    template <typename ChildDescriptor>
    std::shared_ptr<ChildDescriptor> asDescriptor() const
    {
        return unpackDescriptor<ChildDescriptor>(this, HIPDNN_STATUS_INTERNAL_ERROR, "asDescriptor: no descriptor");
    }
    bool isValid()
    {
        return _impl != nullptr && getType() != HIPDNN_INVALID_TYPE;
    }
    bool operator==(const HipdnnBackendDescriptor& other) const
    {
        return _impl == other._impl;
    }
    std::shared_ptr<IBackendDescriptor> getImpl() const
    {
        return _impl;
    }
    std::shared_ptr<hipdnn_backend::IGraphOperation> tryAsGraphOperation() const
    {
        auto* op = _impl->asGraphOperation();
        if(op == nullptr)
        {
            return nullptr;
        }
        return {_impl, op};
    }
    template <typename ChildDescriptor>
    static std::shared_ptr<ChildDescriptor> unpackDescriptor(const HipdnnBackendDescriptor* descriptor,
                                                             hipdnnStatus_t status,
                                                             const std::string& message)
    {
        THROW_IF_NULL(descriptor, status, message);
        THROW_IF_NULL(descriptor->_impl, status, message);
        THROW_IF_NE(descriptor->getType(),
                    ChildDescriptor::getStaticType(),
                    HIPDNN_STATUS_BAD_PARAM,
                    "unpackDescriptor: the descriptor has another type");
        return std::static_pointer_cast<ChildDescriptor>(descriptor->_impl);
    }
    // arrayOfElements points at one HipdnnBackendDescriptor* (the set/get helpers' view).
    template <typename ChildDescriptor>
    static std::shared_ptr<ChildDescriptor>
        unpackDescriptor(const void* arrayOfElements, hipdnnStatus_t status, const std::string& message)
    {
        THROW_IF_NULL(arrayOfElements, status, message);
        return unpackDescriptor<ChildDescriptor>(*static_cast<HipdnnBackendDescriptor* const*>(arrayOfElements),
                                                 status,
                                                 message);
    }
    static void packDescriptor(const std::shared_ptr<const IBackendDescriptor>& impl, void*& arrayOfElements)
    {
        *static_cast<HipdnnBackendDescriptor**>(arrayOfElements) = packDescriptor(impl);
    }
    // One new wrapper per element into outputArray; on a failure none is leaked.
    template <typename Container>
    static void packDescriptorArray(const Container& descriptors, HipdnnBackendDescriptor** outputArray)
    {
        std::vector<HipdnnBackendDescriptor*> packed;
        try
        {
            for(const auto& descriptor : descriptors)
            {
                packed.push_back(packDescriptor(descriptor));
            }
        }
        catch(...)
        {
            for(auto* wrapper : packed)
            {
                delete wrapper;
            }
            throw;
        }
        for(size_t i = 0; i < packed.size(); ++i)
        {
            outputArray[i] = packed[i];
        }
    }
    static HipdnnBackendDescriptor* packDescriptor(const std::shared_ptr<const IBackendDescriptor>& impl)
    {
        auto* wrapper = new HipdnnBackendDescriptor();
        wrapper->_impl = std::const_pointer_cast<IBackendDescriptor>(impl);
        return wrapper;
    }

private:
    std::shared_ptr<IBackendDescriptor> _impl;
};
