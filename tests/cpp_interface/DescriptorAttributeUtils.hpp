// Stand-in for hipDNN backend/src/descriptors/DescriptorAttributeUtils.hpp.
// Checked against: id 64647436836 (upstream, Era B namespace hipdnn_data_sdk; every signature below
// has the same shape there with hipdnn_flatbuffers_sdk swapped in, as the Era-A SdpaBwd .cpp id
// 55326217242 calls them). getOperationType takes hipdnnOperationType_ext_t as in Era A and
// upstream 8378a562 (104f0168 renamed it hipdnnOperationType_t). The templates are inline here as in
// the newest header (id 58928792325, which also dropped setInt64Vector/getInt64Vector), with the
// behaviour its .cpp id 58823818083 gives the helpers: query mode (null array or requested count 0)
// writes only the count, a null count there is BAD_PARAM_NULL_POINTER, an unset optional reports 0.
// The non-template helpers are defined in backend_runtime.cpp. Inline as in hipDNN: addIfSet,
// findOptionalTensor, optionalToString, optionalBoolToString. setByteArray/getByteArray and
// setTensorDescriptorArray/getTensorDescriptorArray: id 58928792325 (newer Era-A header; the
// array helpers as the batchnorm descriptor 65088243880 and custom op descriptor 55155397653 call
// them).
#pragma once

#include "HipdnnBackendAttributeName.h"
#include "HipdnnBackendAttributeType.h"
#include "HipdnnDataType.h"
#include "HipdnnDiagonalAlignment.h"
#include "HipdnnException.hpp"
#include "HipdnnOperationType.h"
#include "TensorDescriptor.hpp"

#include <hipdnn_flatbuffers_sdk/data_objects/graph_generated.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace hipdnn_backend
{

void checkSetArgs(hipdnnBackendAttributeType_t expectedType,
                  hipdnnBackendAttributeType_t attributeType,
                  const void* arrayOfElements,
                  const char* errorPrefix);
void checkGetArgs(hipdnnBackendAttributeType_t expectedType,
                  hipdnnBackendAttributeType_t attributeType,
                  const char* errorPrefix);

template <typename T>
void setScalar(T& target,
               hipdnnBackendAttributeType_t expectedType,
               hipdnnBackendAttributeType_t attributeType,
               int64_t elementCount,
               const void* arrayOfElements,
               const char* errorPrefix)
{
    checkSetArgs(expectedType, attributeType, arrayOfElements, errorPrefix);
    THROW_IF_NE(elementCount, 1, HIPDNN_STATUS_BAD_PARAM, std::string(errorPrefix) + ": elementCount is not 1");
    std::memcpy(&target, arrayOfElements, sizeof(T));
}
template <typename T>
void getScalar(const T& source,
               hipdnnBackendAttributeType_t expectedType,
               hipdnnBackendAttributeType_t attributeType,
               int64_t requestedElementCount,
               int64_t* elementCount,
               void* arrayOfElements,
               const char* errorPrefix)
{
    checkGetArgs(expectedType, attributeType, errorPrefix);
    if(arrayOfElements == nullptr || requestedElementCount == 0)
    {
        THROW_IF_NULL(elementCount, HIPDNN_STATUS_BAD_PARAM_NULL_POINTER, std::string(errorPrefix) + ": elementCount is null");
        *elementCount = 1;
        return;
    }
    THROW_IF_LT(requestedElementCount, 1, HIPDNN_STATUS_BAD_PARAM, std::string(errorPrefix) + ": requestedElementCount < 1");
    if(elementCount != nullptr)
    {
        *elementCount = 1;
    }
    std::memcpy(arrayOfElements, &source, sizeof(T));
}
template <hipdnnBackendAttributeType_t ExpectedType, typename T>
void setOptionalScalar(flatbuffers::Optional<T>& target,
                       hipdnnBackendAttributeType_t attributeType,
                       int64_t elementCount,
                       const void* arrayOfElements,
                       const char* context)
{
    checkSetArgs(ExpectedType, attributeType, arrayOfElements, context);
    THROW_IF_NE(elementCount, 1, HIPDNN_STATUS_BAD_PARAM, std::string(context) + ": expected elementCount=1, got " + std::to_string(elementCount));
    T value;
    std::memcpy(&value, arrayOfElements, sizeof(T));
    target = value;
}
template <hipdnnBackendAttributeType_t ExpectedType, typename T>
void getOptionalScalar(const flatbuffers::Optional<T>& source,
                       hipdnnBackendAttributeType_t attributeType,
                       int64_t requestedCount,
                       int64_t* elementCount,
                       void* arrayOfElements,
                       const char* context)
{
    checkGetArgs(ExpectedType, attributeType, context);
    if(!source)
    {
        if(elementCount != nullptr)
        {
            *elementCount = 0;
        }
        return;
    }
    getScalar(*source, ExpectedType, attributeType, requestedCount, elementCount, arrayOfElements, context);
}
template <typename T>
void setScalarVector(std::vector<T>& target,
                     hipdnnBackendAttributeType_t expectedType,
                     hipdnnBackendAttributeType_t attributeType,
                     int64_t elementCount,
                     const void* arrayOfElements,
                     const char* errorPrefix)
{
    checkSetArgs(expectedType, attributeType, arrayOfElements, errorPrefix);
    THROW_IF_TRUE(elementCount <= 0, HIPDNN_STATUS_BAD_PARAM, std::string(errorPrefix) + ": elementCount must be positive");
    target.resize(static_cast<size_t>(elementCount));
    std::memcpy(target.data(), arrayOfElements, sizeof(T) * target.size());
}
template <typename T>
void getScalarVector(const std::vector<T>& source,
                     hipdnnBackendAttributeType_t expectedType,
                     hipdnnBackendAttributeType_t attributeType,
                     int64_t requestedElementCount,
                     int64_t* elementCount,
                     void* arrayOfElements,
                     const char* errorPrefix)
{
    checkGetArgs(expectedType, attributeType, errorPrefix);
    if(arrayOfElements == nullptr || requestedElementCount == 0)
    {
        THROW_IF_NULL(elementCount, HIPDNN_STATUS_BAD_PARAM_NULL_POINTER, std::string(errorPrefix) + ": elementCount is null");
        *elementCount = static_cast<int64_t>(source.size());
        return;
    }
    THROW_IF_LT(requestedElementCount, 0, HIPDNN_STATUS_BAD_PARAM, std::string(errorPrefix) + ": requestedElementCount is negative");
    const auto copied = std::min(static_cast<size_t>(requestedElementCount), source.size());
    if(elementCount != nullptr)
    {
        *elementCount = static_cast<int64_t>(copied);
    }
    std::memcpy(arrayOfElements, source.data(), sizeof(T) * copied);
}
void setDataType(hipdnn_flatbuffers_sdk::data_objects::DataType& target,
                 hipdnnBackendAttributeType_t attributeType,
                 int64_t elementCount,
                 const void* arrayOfElements,
                 const char* errorPrefix);
void getDataType(hipdnn_flatbuffers_sdk::data_objects::DataType source,
                 hipdnnBackendAttributeType_t attributeType,
                 int64_t requestedElementCount,
                 int64_t* elementCount,
                 void* arrayOfElements,
                 const char* errorPrefix);
void setString(std::string& target,
               hipdnnBackendAttributeType_t attributeType,
               int64_t elementCount,
               const void* arrayOfElements,
               const char* errorPrefix);
void getString(const std::string& source,
               hipdnnBackendAttributeType_t attributeType,
               int64_t requestedElementCount,
               int64_t* elementCount,
               void* arrayOfElements,
               const char* errorPrefix);
// Opaque bytes (HIPDNN_TYPE_CHAR): signatures as in the newer Era-A header id 58928792325.
void setByteArray(std::vector<uint8_t>& target,
                  hipdnnBackendAttributeType_t attributeType,
                  int64_t elementCount,
                  const void* arrayOfElements,
                  const char* errorPrefix);
void getByteArray(const std::vector<uint8_t>& source,
                  hipdnnBackendAttributeType_t attributeType,
                  int64_t requestedElementCount,
                  int64_t* elementCount,
                  void* arrayOfElements,
                  const char* errorPrefix);
void getOperationType(hipdnnOperationType_ext_t source,
                      hipdnnBackendAttributeType_t attributeType,
                      int64_t requestedElementCount,
                      int64_t* elementCount,
                      void* arrayOfElements,
                      const char* errorPrefix);
std::shared_ptr<TensorDescriptor>
    findTensorInMap(const std::unordered_map<int64_t, std::shared_ptr<TensorDescriptor>>& tensorMap,
                    int64_t uid,
                    const char* context);
void setTensorDescriptor(std::shared_ptr<TensorDescriptor>& descTarget,
                         int64_t& uidTarget,
                         hipdnnBackendAttributeType_t attributeType,
                         int64_t elementCount,
                         const void* arrayOfElements,
                         const char* errorPrefix);
void getTensorDescriptor(const std::shared_ptr<TensorDescriptor>& descSource,
                         hipdnnBackendAttributeType_t attributeType,
                         int64_t requestedElementCount,
                         int64_t* elementCount,
                         void* arrayOfElements,
                         const char* errorPrefix);
void setOptionalTensorDescriptor(std::shared_ptr<TensorDescriptor>& descTarget,
                                 flatbuffers::Optional<int64_t>& uidTarget,
                                 hipdnnBackendAttributeType_t attributeType,
                                 int64_t elementCount,
                                 const void* arrayOfElements,
                                 const char* errorPrefix);
void getOptionalTensorDescriptor(const std::shared_ptr<TensorDescriptor>& descSource,
                                 hipdnnBackendAttributeType_t attributeType,
                                 int64_t requestedElementCount,
                                 int64_t* elementCount,
                                 void* arrayOfElements,
                                 const char* errorPrefix);
// Tensor lists (HIPDNN_TYPE_BACKEND_DESCRIPTOR arrays): a set needs at least one element.
void setTensorDescriptorArray(std::vector<std::shared_ptr<TensorDescriptor>>& descTarget,
                              std::vector<int64_t>& uidTarget,
                              hipdnnBackendAttributeType_t attributeType,
                              int64_t elementCount,
                              const void* arrayOfElements,
                              const char* errorPrefix);
void getTensorDescriptorArray(const std::vector<std::shared_ptr<TensorDescriptor>>& descSource,
                              hipdnnBackendAttributeType_t attributeType,
                              int64_t requestedElementCount,
                              int64_t* elementCount,
                              void* arrayOfElements,
                              const char* errorPrefix);

void setDiagonalAlignment(hipdnn_flatbuffers_sdk::data_objects::DiagonalAlignment& target,
                          hipdnnBackendAttributeType_t attributeType,
                          int64_t elementCount,
                          const void* arrayOfElements,
                          const char* errorPrefix);
void getDiagonalAlignment(hipdnn_flatbuffers_sdk::data_objects::DiagonalAlignment source,
                          hipdnnBackendAttributeType_t attributeType,
                          int64_t requestedElementCount,
                          int64_t* elementCount,
                          void* arrayOfElements,
                          const char* errorPrefix);

// Push desc onto tensors only when it is non-null (used for optional tensors).
inline void addIfSet(std::vector<std::shared_ptr<TensorDescriptor>>& tensors,
                     const std::shared_ptr<TensorDescriptor>& desc)
{
    if(desc != nullptr)
    {
        tensors.push_back(desc);
    }
}

// Lenient lookup: null when the UID is unset or absent from the map (never throws).
inline std::shared_ptr<TensorDescriptor>
    findOptionalTensor(const std::unordered_map<int64_t, std::shared_ptr<TensorDescriptor>>& tensorMap,
                       const flatbuffers::Optional<int64_t>& uid)
{
    if(!uid)
    {
        return nullptr;
    }
    const auto found = tensorMap.find(*uid);
    return found == tensorMap.end() ? nullptr : found->second;
}

template <typename T>
std::string optionalToString(const flatbuffers::Optional<T>& opt)
{
    if(!opt)
    {
        return "null";
    }
    return std::to_string(*opt);
}

inline std::string optionalBoolToString(const flatbuffers::Optional<bool>& opt)
{
    if(!opt)
    {
        return "null";
    }
    return *opt ? "true" : "false";
}

// set<Enum> / get<Enum> of enums a spec introduces: the generated declarations fragment.
#include "hipdnn_codegen_enum_utils.inc"

} // namespace hipdnn_backend
