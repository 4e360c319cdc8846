#pragma once

#include <hipdnn_frontend/Error.hpp>
#include <hipdnn_frontend/Types.hpp>
#include <hipdnn_frontend/attributes/TensorAttributes.hpp>
#include <hipdnn_frontend/detail/ScopedHipdnnBackendDescriptor.hpp>

#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace hipdnn_frontend::detail
{

Error setDescriptorAttrString(hipdnnBackendDescriptor_t desc,
                                     hipdnnBackendAttributeName_t attrName,
                                     const std::string& value,
                                     const std::string& errorContext);
template <typename T>
Error setDescriptorAttrScalar(hipdnnBackendDescriptor_t desc,
                                     hipdnnBackendAttributeName_t attrName,
                                     hipdnnBackendAttributeType_t attrType,
                                     const T& value,
                                     const std::string& errorContext);
template <typename T>
Error setDescriptorAttrVec(hipdnnBackendDescriptor_t desc,
                                  hipdnnBackendAttributeName_t attrName,
                                  hipdnnBackendAttributeType_t attrType,
                                  const std::vector<T>& values,
                                  const std::string& errorContext);
Error setDescriptorAttrDataType(hipdnnBackendDescriptor_t desc,
                                       hipdnnBackendAttributeName_t attrName,
                                       DataType type,
                                       const std::string& errorContext);
Error finalizeDescriptor(hipdnnBackendDescriptor_t desc, const std::string& errorContext);
Error ensureAndSetTensorRef(hipdnnBackendDescriptor_t desc,
                                   hipdnnBackendAttributeName_t attrName,
                                   const std::shared_ptr<graph::TensorAttributes>& tensor,
                                   std::unordered_map<int64_t, ScopedHipdnnBackendDescriptor>& tensorDescs,
                                   const std::string& errorContext);
Error ensureAndSetOptionalTensorRef(hipdnnBackendDescriptor_t desc,
                                           hipdnnBackendAttributeName_t attrName,
                                           const std::shared_ptr<graph::TensorAttributes>& tensor,
                                           std::unordered_map<int64_t, ScopedHipdnnBackendDescriptor>& tensorDescs,
                                           const std::string& errorContext);

} // namespace hipdnn_frontend::detail
