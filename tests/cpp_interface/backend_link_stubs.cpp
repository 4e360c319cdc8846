// Link stubs for the backend stand-ins that the generated enum plumbing calls: HipdnnException and
// the argument checks of DescriptorAttributeUtils. Written for hipdnn-codegen's tests (not hipDNN
// code). The checks behave as hipDNN documents them (DescriptorAttributeUtils.cpp id 58823818083:
// a null errorPrefix is BAD_PARAM_NULL_POINTER, a type-tag mismatch BAD_PARAM, a null value array
// on set BAD_PARAM_NULL_POINTER), so the generated set/get tests exercise real failure paths.
// HipdnnException's accessor names (getStatus, getMessage) are UNVERIFIED (see HipdnnException.hpp).
#include "DescriptorAttributeUtils.hpp"
#include "HipdnnException.hpp"

#include <string>
#include <utility>

namespace
{

std::string g_lastMessage;

} // namespace

namespace hipdnn_backend
{

HipdnnException::HipdnnException(hipdnnStatus_t status, std::string message)
{
    g_lastMessage = std::move(message);
    _status = status;
}

const char* HipdnnException::what() const noexcept
{
    return g_lastMessage.c_str();
}

std::string HipdnnException::getMessage() const noexcept
{
    return g_lastMessage;
}

hipdnnStatus_t HipdnnException::getStatus() const noexcept
{
    return _status;
}

void checkSetArgs(hipdnnBackendAttributeType_t expectedType,
                  hipdnnBackendAttributeType_t attributeType,
                  const void* arrayOfElements,
                  const char* errorPrefix)
{
    THROW_IF_NULL(errorPrefix, HIPDNN_STATUS_BAD_PARAM_NULL_POINTER, "errorPrefix is null");
    THROW_IF_NE(attributeType, expectedType, HIPDNN_STATUS_BAD_PARAM, std::string(errorPrefix) + ": wrong type");
    THROW_IF_NULL(arrayOfElements, HIPDNN_STATUS_BAD_PARAM_NULL_POINTER, std::string(errorPrefix) + ": no values");
}

void checkGetArgs(hipdnnBackendAttributeType_t expectedType,
                  hipdnnBackendAttributeType_t attributeType,
                  const char* errorPrefix)
{
    THROW_IF_NULL(errorPrefix, HIPDNN_STATUS_BAD_PARAM_NULL_POINTER, "errorPrefix is null");
    THROW_IF_NE(attributeType, expectedType, HIPDNN_STATUS_BAD_PARAM, std::string(errorPrefix) + ": wrong type");
}

} // namespace hipdnn_backend
