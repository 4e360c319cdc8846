// The argument checks of hipDNN's DescriptorAttributeUtils (checkSetArgs / checkGetArgs), written
// for hipdnn-codegen's tests (not hipDNN code), behaving as DescriptorAttributeUtils.cpp id
// 58823818083 does: a null errorPrefix is BAD_PARAM_NULL_POINTER, a type-tag mismatch BAD_PARAM
// ("<prefix>: attributeType mismatch"), a null value array on set BAD_PARAM_NULL_POINTER
// ("<prefix>: arrayOfElements is null"). Linked alone by the enum plumbing tests; the descriptor
// tests add backend_runtime.cpp for everything else.
#include "DescriptorAttributeUtils.hpp"
#include "HipdnnException.hpp"

#include <string>

namespace hipdnn_backend
{

void checkSetArgs(hipdnnBackendAttributeType_t expectedType,
                  hipdnnBackendAttributeType_t attributeType,
                  const void* arrayOfElements,
                  const char* errorPrefix)
{
    THROW_IF_NULL(errorPrefix, HIPDNN_STATUS_BAD_PARAM_NULL_POINTER, "errorPrefix is null");
    THROW_IF_NE(attributeType, expectedType, HIPDNN_STATUS_BAD_PARAM, std::string(errorPrefix) + ": attributeType mismatch");
    THROW_IF_NULL(arrayOfElements, HIPDNN_STATUS_BAD_PARAM_NULL_POINTER, std::string(errorPrefix) + ": arrayOfElements is null");
}

void checkGetArgs(hipdnnBackendAttributeType_t expectedType,
                  hipdnnBackendAttributeType_t attributeType,
                  const char* errorPrefix)
{
    THROW_IF_NULL(errorPrefix, HIPDNN_STATUS_BAD_PARAM_NULL_POINTER, "errorPrefix is null");
    THROW_IF_NE(attributeType, expectedType, HIPDNN_STATUS_BAD_PARAM, std::string(errorPrefix) + ": attributeType mismatch");
}

} // namespace hipdnn_backend
