// Stand-in for hipdnn_frontend/detail/DescriptorHelpers.hpp. Checked against: id 64109159952
// (every signature below; all return Error and live in hipdnn_frontend::detail). The real
// functions are `inline` with bodies calling the backend; here they are declarations only.
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
template <typename T>
Error setDescriptorAttrOptionalScalar(hipdnnBackendDescriptor_t desc,
                                      hipdnnBackendAttributeName_t attrName,
                                      hipdnnBackendAttributeType_t attrType,
                                      const std::optional<T>& value,
                                      const std::string& errorContext);
Error setDescriptorAttrTensorRef(hipdnnBackendDescriptor_t desc,
                                 hipdnnBackendAttributeName_t attrName,
                                 int64_t tensorUid,
                                 const std::unordered_map<int64_t, ScopedHipdnnBackendDescriptor>& tensorDescs,
                                 const std::string& errorContext);
Error createOrFindTensorDesc(std::unordered_map<int64_t, ScopedHipdnnBackendDescriptor>& tensorDescs,
                             const std::shared_ptr<graph::TensorAttributes>& tensor);
Error ensureAndSetTensorArrayRef(hipdnnBackendDescriptor_t desc,
                                 hipdnnBackendAttributeName_t attrName,
                                 const std::vector<std::shared_ptr<graph::TensorAttributes>>& tensors,
                                 std::unordered_map<int64_t, ScopedHipdnnBackendDescriptor>& tensorDescs,
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
