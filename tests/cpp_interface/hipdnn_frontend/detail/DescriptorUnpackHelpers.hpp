// Stand-in for hipdnn_frontend/detail/DescriptorUnpackHelpers.hpp. Checked against: id 65501979117
// (signatures of getDescriptorAttrScalar, getDescriptorAttrOptionalScalar, getDescriptorAttrVec,
// getDescriptorAttrString, unpackGraphDataType -> std::pair<DataType, Error>,
// unpackAndRegisterTensor, unpackOptionalTensor; all [[nodiscard]] inline in hipDNN), and id
// 55458791265 for getDescriptorAttrByteArray (a byte array, HIPDNN_TYPE_CHAR; empty when the
// attribute is not supported or holds nothing) and unpackAndRegisterTensorArray (a tensor list:
// null entries skipped, tensors already in the map shared). Declarations only.
#pragma once

#include <hipdnn_frontend/Error.hpp>
#include <hipdnn_frontend/Types.hpp>
#include <hipdnn_frontend/attributes/TensorAttributes.hpp>
#include <hipdnn_frontend/detail/ScopedHipdnnBackendDescriptor.hpp>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace hipdnn_frontend::detail
{

template <typename T>
[[nodiscard]] Error getDescriptorAttrScalar(hipdnnBackendDescriptor_t desc,
                                                   hipdnnBackendAttributeName_t attrName,
                                                   hipdnnBackendAttributeType_t attrType,
                                                   T& value,
                                                   const std::string& errorContext);
template <typename T>
[[nodiscard]] Error getDescriptorAttrOptionalScalar(hipdnnBackendDescriptor_t desc,
                                                           hipdnnBackendAttributeName_t attrName,
                                                           hipdnnBackendAttributeType_t attrType,
                                                           std::optional<T>& value,
                                                           const std::string& errorContext);
template <typename T>
[[nodiscard]] Error getDescriptorAttrVec(hipdnnBackendDescriptor_t desc,
                                                hipdnnBackendAttributeName_t attrName,
                                                hipdnnBackendAttributeType_t attrType,
                                                std::vector<T>& values,
                                                const std::string& errorContext);
[[nodiscard]] Error getDescriptorAttrString(hipdnnBackendDescriptor_t desc,
                                                   hipdnnBackendAttributeName_t attrName,
                                                   std::string& value,
                                                   const std::string& errorContext);
[[nodiscard]] Error getDescriptorAttrByteArray(hipdnnBackendDescriptor_t desc,
                                                      hipdnnBackendAttributeName_t attrName,
                                                      std::vector<uint8_t>& value,
                                                      const std::string& errorContext);
[[nodiscard]] std::pair<DataType, Error> unpackGraphDataType(hipdnnBackendDescriptor_t desc,
                                                                    hipdnnBackendAttributeName_t attrName,
                                                                    const std::string& errorContext);
[[nodiscard]] Error
    unpackAndRegisterTensor(hipdnnBackendDescriptor_t opDesc,
                            hipdnnBackendAttributeName_t tensorAttrName,
                            std::unordered_map<int64_t, std::shared_ptr<graph::TensorAttributes>>& tensorMap,
                            std::shared_ptr<graph::TensorAttributes>& outTensor,
                            const std::string& errorContext);
[[nodiscard]] Error
    unpackOptionalTensor(hipdnnBackendDescriptor_t opDesc,
                         hipdnnBackendAttributeName_t tensorAttrName,
                         std::unordered_map<int64_t, std::shared_ptr<graph::TensorAttributes>>& tensorMap,
                         std::shared_ptr<graph::TensorAttributes>& outTensor,
                         const std::string& errorContext);
[[nodiscard]] Error
    unpackAndRegisterTensorArray(hipdnnBackendDescriptor_t opDesc,
                                 hipdnnBackendAttributeName_t tensorAttrName,
                                 std::unordered_map<int64_t, std::shared_ptr<graph::TensorAttributes>>& tensorMap,
                                 std::vector<std::shared_ptr<graph::TensorAttributes>>& outTensors,
                                 const std::string& errorContext);

} // namespace hipdnn_frontend::detail
