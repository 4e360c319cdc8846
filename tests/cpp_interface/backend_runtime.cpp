// A minimal working hipDNN backend for running the generated descriptor tests: the descriptor
// wrapper's forwarding, TensorDescriptor, the non-template DescriptorAttributeUtils helpers and the
// data-type conversions. Written for hipdnn-codegen's tests; no hipDNN code or comments are copied.
// Signatures, statuses and the order of checks follow the real files as read with the search tool:
//   BackendDescriptor.cpp 56336012222 (each forwarding call on a null impl: INTERNAL_ERROR),
//   TensorDescriptor.hpp/.cpp 58882226959 / 58926320702 (finalize needs dims, strides of the same
//     rank and a data type, each BAD_PARAM; the UID is not required; set after finalize and get
//     before it: NOT_INITIALIZED; an unknown attribute: NOT_SUPPORTED; fromFlatBuffer finalizes),
//   DescriptorAttributeUtils.hpp/.cpp 58928792325 / 58823818083 (query mode, counts, the tensor
//     checks' order: type, null array, count, unpack, finalized; the name query counts the NUL; an
//     UNSET data type reports 0 elements; a missing tensor UID in fromNode: INTERNAL_ERROR),
//   DataTypeConversion.hpp 58705316713 (toSdk<X> / fromSdk<X>; an unsupported value: BAD_PARAM).
// Not modelled: pass-by-value tensor values, ragged offsets, byte alignment, knob and conv helpers.
// The data-type numbering of hipdnnDataType_t follows the stand-in HipdnnDataType.h (UNVERIFIED).
#include "BackendDescriptor.hpp"
#include "DataTypeConversion.hpp"
#include "DescriptorAttributeUtils.hpp"
#include "HipdnnException.hpp"
#include "TensorDescriptor.hpp"

#include <hipdnn_data_sdk/utilities/StringUtil.hpp>

#include <algorithm>
#include <cstring>
#include <sstream>
#include <string>
#include <utility>

namespace sdk = hipdnn_flatbuffers_sdk::data_objects;

// ---- HipdnnBackendDescriptor: forwards to the wrapped descriptor ----

void HipdnnBackendDescriptor::finalize()
{
    THROW_IF_NULL(_impl, HIPDNN_STATUS_INTERNAL_ERROR, "HipdnnBackendDescriptor::finalize: no descriptor");
    _impl->finalize();
}

bool HipdnnBackendDescriptor::isFinalized() const
{
    THROW_IF_NULL(_impl, HIPDNN_STATUS_INTERNAL_ERROR, "HipdnnBackendDescriptor::isFinalized: no descriptor");
    return _impl->isFinalized();
}

void HipdnnBackendDescriptor::getAttribute(hipdnnBackendAttributeName_t attributeName,
                                           hipdnnBackendAttributeType_t attributeType,
                                           int64_t requestedElementCount,
                                           int64_t* elementCount,
                                           void* arrayOfElements) const
{
    THROW_IF_NULL(_impl, HIPDNN_STATUS_INTERNAL_ERROR, "HipdnnBackendDescriptor::getAttribute: no descriptor");
    _impl->getAttribute(attributeName, attributeType, requestedElementCount, elementCount, arrayOfElements);
}

void HipdnnBackendDescriptor::setAttribute(hipdnnBackendAttributeName_t attributeName,
                                           hipdnnBackendAttributeType_t attributeType,
                                           int64_t elementCount,
                                           const void* arrayOfElements)
{
    THROW_IF_NULL(_impl, HIPDNN_STATUS_INTERNAL_ERROR, "HipdnnBackendDescriptor::setAttribute: no descriptor");
    _impl->setAttribute(attributeName, attributeType, elementCount, arrayOfElements);
}

hipdnnBackendDescriptorType_t HipdnnBackendDescriptor::getType() const
{
    THROW_IF_NULL(_impl, HIPDNN_STATUS_INTERNAL_ERROR, "HipdnnBackendDescriptor::getType: no descriptor");
    return _impl->getType();
}

std::string HipdnnBackendDescriptor::toString() const
{
    THROW_IF_NULL(_impl, HIPDNN_STATUS_INTERNAL_ERROR, "HipdnnBackendDescriptor::toString: no descriptor");
    return _impl->toString();
}

namespace hipdnn_backend
{

// ---- data types ----

namespace
{

constexpr std::pair<hipdnnDataType_t, sdk::DataType> K_DATA_TYPES[] = {
    {HIPDNN_DATA_FLOAT, sdk::DataType::FLOAT},
    {HIPDNN_DATA_DOUBLE, sdk::DataType::DOUBLE},
    {HIPDNN_DATA_HALF, sdk::DataType::HALF},
    {HIPDNN_DATA_BFLOAT16, sdk::DataType::BFLOAT16},
    {HIPDNN_DATA_INT8, sdk::DataType::INT8},
    {HIPDNN_DATA_INT32, sdk::DataType::INT32},
    {HIPDNN_DATA_UINT8, sdk::DataType::UINT8},
    {HIPDNN_DATA_INT64, sdk::DataType::INT64},
};

std::string prefixed(const char* prefix, const char* what)
{
    return std::string(prefix) + ": " + what;
}

// The query half of every getter: with no array or a requested count of 0 only the count is
// written (a null count pointer is then an error) and true is returned.
bool answerQuery(int64_t count, int64_t requestedElementCount, int64_t* elementCount, void* arrayOfElements, const char* prefix)
{
    if(arrayOfElements != nullptr && requestedElementCount != 0)
    {
        return false;
    }
    THROW_IF_NULL(elementCount, HIPDNN_STATUS_BAD_PARAM_NULL_POINTER, prefixed(prefix, "elementCount is null"));
    *elementCount = count;
    return true;
}

void reportCount(int64_t* elementCount, int64_t count)
{
    if(elementCount != nullptr)
    {
        *elementCount = count;
    }
}

} // namespace

sdk::DataType toSdkDataType(hipdnnDataType_t dataType)
{
    for(const auto& [c, s] : K_DATA_TYPES)
    {
        if(c == dataType)
        {
            return s;
        }
    }
    throw HipdnnException(HIPDNN_STATUS_BAD_PARAM, "toSdkDataType: unsupported data type");
}

hipdnnDataType_t fromSdkDataType(sdk::DataType dataType)
{
    for(const auto& [c, s] : K_DATA_TYPES)
    {
        if(s == dataType)
        {
            return c;
        }
    }
    throw HipdnnException(HIPDNN_STATUS_BAD_PARAM, "fromSdkDataType: unsupported data type");
}

// ---- DescriptorAttributeUtils: the non-template helpers ----

void setDataType(sdk::DataType& target,
                 hipdnnBackendAttributeType_t attributeType,
                 int64_t elementCount,
                 const void* arrayOfElements,
                 const char* errorPrefix)
{
    checkSetArgs(HIPDNN_TYPE_DATA_TYPE, attributeType, arrayOfElements, errorPrefix);
    THROW_IF_NE(elementCount, 1, HIPDNN_STATUS_BAD_PARAM, prefixed(errorPrefix, "elementCount is not 1"));
    hipdnnDataType_t value;
    std::memcpy(&value, arrayOfElements, sizeof(value));
    target = toSdkDataType(value);
}

void getDataType(sdk::DataType source,
                 hipdnnBackendAttributeType_t attributeType,
                 int64_t requestedElementCount,
                 int64_t* elementCount,
                 void* arrayOfElements,
                 const char* errorPrefix)
{
    checkGetArgs(HIPDNN_TYPE_DATA_TYPE, attributeType, errorPrefix);
    if(source == sdk::DataType::UNSET)
    {
        THROW_IF_NULL(elementCount, HIPDNN_STATUS_BAD_PARAM_NULL_POINTER, prefixed(errorPrefix, "elementCount is null"));
        *elementCount = 0;
        return;
    }
    const hipdnnDataType_t value = fromSdkDataType(source);
    getScalar(value, HIPDNN_TYPE_DATA_TYPE, attributeType, requestedElementCount, elementCount, arrayOfElements, errorPrefix);
}

void setString(std::string& target,
               hipdnnBackendAttributeType_t attributeType,
               int64_t elementCount,
               const void* arrayOfElements,
               const char* errorPrefix)
{
    checkSetArgs(HIPDNN_TYPE_CHAR, attributeType, arrayOfElements, errorPrefix);
    THROW_IF_LT(elementCount, 0, HIPDNN_STATUS_BAD_PARAM, prefixed(errorPrefix, "elementCount is negative"));
    target.assign(static_cast<const char*>(arrayOfElements), static_cast<size_t>(elementCount));
}

void getString(const std::string& source,
               hipdnnBackendAttributeType_t attributeType,
               int64_t requestedElementCount,
               int64_t* elementCount,
               void* arrayOfElements,
               const char* errorPrefix)
{
    checkGetArgs(HIPDNN_TYPE_CHAR, attributeType, errorPrefix);
    const auto withNul = static_cast<int64_t>(source.size()) + 1;
    if(answerQuery(withNul, requestedElementCount, elementCount, arrayOfElements, errorPrefix))
    {
        return;
    }
    THROW_IF_LT(requestedElementCount, 0, HIPDNN_STATUS_BAD_PARAM, prefixed(errorPrefix, "requestedElementCount is negative"));
    // at most requested - 1 characters, always NUL-terminated
    const auto copied = std::min(static_cast<size_t>(requestedElementCount) - 1, source.size());
    auto* out = static_cast<char*>(arrayOfElements);
    std::memcpy(out, source.data(), copied);
    out[copied] = '\0';
    reportCount(elementCount, std::min(withNul, requestedElementCount));
}

void setByteArray(std::vector<uint8_t>& target,
                  hipdnnBackendAttributeType_t attributeType,
                  int64_t elementCount,
                  const void* arrayOfElements,
                  const char* errorPrefix)
{
    checkSetArgs(HIPDNN_TYPE_CHAR, attributeType, arrayOfElements, errorPrefix);
    THROW_IF_LT(elementCount, 0, HIPDNN_STATUS_BAD_PARAM, prefixed(errorPrefix, "elementCount is negative"));
    const auto* bytes = static_cast<const uint8_t*>(arrayOfElements);
    target.assign(bytes, bytes + elementCount);
}

void getByteArray(const std::vector<uint8_t>& source,
                  hipdnnBackendAttributeType_t attributeType,
                  int64_t requestedElementCount,
                  int64_t* elementCount,
                  void* arrayOfElements,
                  const char* errorPrefix)
{
    getScalarVector(source, HIPDNN_TYPE_CHAR, attributeType, requestedElementCount, elementCount, arrayOfElements, errorPrefix);
}

void getOperationType(hipdnnOperationType_ext_t source,
                      hipdnnBackendAttributeType_t attributeType,
                      int64_t requestedElementCount,
                      int64_t* elementCount,
                      void* arrayOfElements,
                      const char* errorPrefix)
{
    getScalar(source, HIPDNN_TYPE_OPERATION_TYPE_EXT, attributeType, requestedElementCount, elementCount, arrayOfElements, errorPrefix);
}

std::shared_ptr<TensorDescriptor>
    findTensorInMap(const std::unordered_map<int64_t, std::shared_ptr<TensorDescriptor>>& tensorMap,
                    int64_t uid,
                    const char* context)
{
    const auto found = tensorMap.find(uid);
    THROW_IF_TRUE(found == tensorMap.end(),
                  HIPDNN_STATUS_INTERNAL_ERROR,
                  std::string(context) + ": tensor UID " + std::to_string(uid) + " not found in tensor map");
    return found->second;
}

namespace
{

std::shared_ptr<TensorDescriptor> unpackFinalizedTensor(const void* element, const char* errorPrefix)
{
    auto tensor = HipdnnBackendDescriptor::unpackDescriptor<TensorDescriptor>(
        element, HIPDNN_STATUS_BAD_PARAM, prefixed(errorPrefix, "cannot unpack a tensor descriptor"));
    THROW_IF_FALSE(tensor->isFinalized(),
                   HIPDNN_STATUS_BAD_PARAM_NOT_FINALIZED,
                   prefixed(errorPrefix, "tensor descriptor is not finalized"));
    return tensor;
}

} // namespace

void setTensorDescriptor(std::shared_ptr<TensorDescriptor>& descTarget,
                         int64_t& uidTarget,
                         hipdnnBackendAttributeType_t attributeType,
                         int64_t elementCount,
                         const void* arrayOfElements,
                         const char* errorPrefix)
{
    checkSetArgs(HIPDNN_TYPE_BACKEND_DESCRIPTOR, attributeType, arrayOfElements, errorPrefix);
    THROW_IF_NE(elementCount, 1, HIPDNN_STATUS_BAD_PARAM, prefixed(errorPrefix, "elementCount is not 1"));
    auto tensor = unpackFinalizedTensor(arrayOfElements, errorPrefix);
    uidTarget = tensor->getData().uid;
    descTarget = std::move(tensor);
}

void getTensorDescriptor(const std::shared_ptr<TensorDescriptor>& descSource,
                         hipdnnBackendAttributeType_t attributeType,
                         int64_t requestedElementCount,
                         int64_t* elementCount,
                         void* arrayOfElements,
                         const char* errorPrefix)
{
    checkGetArgs(HIPDNN_TYPE_BACKEND_DESCRIPTOR, attributeType, errorPrefix);
    if(answerQuery(1, requestedElementCount, elementCount, arrayOfElements, errorPrefix))
    {
        return;
    }
    THROW_IF_LT(requestedElementCount, 1, HIPDNN_STATUS_BAD_PARAM, prefixed(errorPrefix, "requestedElementCount < 1"));
    reportCount(elementCount, 1);
    HipdnnBackendDescriptor::packDescriptor(descSource, arrayOfElements);
}

void setOptionalTensorDescriptor(std::shared_ptr<TensorDescriptor>& descTarget,
                                 flatbuffers::Optional<int64_t>& uidTarget,
                                 hipdnnBackendAttributeType_t attributeType,
                                 int64_t elementCount,
                                 const void* arrayOfElements,
                                 const char* errorPrefix)
{
    int64_t uid = 0;
    setTensorDescriptor(descTarget, uid, attributeType, elementCount, arrayOfElements, errorPrefix);
    uidTarget = uid;
}

void getOptionalTensorDescriptor(const std::shared_ptr<TensorDescriptor>& descSource,
                                 hipdnnBackendAttributeType_t attributeType,
                                 int64_t requestedElementCount,
                                 int64_t* elementCount,
                                 void* arrayOfElements,
                                 const char* errorPrefix)
{
    if(descSource == nullptr)
    {
        checkGetArgs(HIPDNN_TYPE_BACKEND_DESCRIPTOR, attributeType, errorPrefix);
        THROW_IF_NULL(elementCount, HIPDNN_STATUS_BAD_PARAM_NULL_POINTER, prefixed(errorPrefix, "elementCount is null"));
        *elementCount = 0;
        return;
    }
    getTensorDescriptor(descSource, attributeType, requestedElementCount, elementCount, arrayOfElements, errorPrefix);
}

void setTensorDescriptorArray(std::vector<std::shared_ptr<TensorDescriptor>>& descTarget,
                              std::vector<int64_t>& uidTarget,
                              hipdnnBackendAttributeType_t attributeType,
                              int64_t elementCount,
                              const void* arrayOfElements,
                              const char* errorPrefix)
{
    checkSetArgs(HIPDNN_TYPE_BACKEND_DESCRIPTOR, attributeType, arrayOfElements, errorPrefix);
    THROW_IF_LT(elementCount, 1, HIPDNN_STATUS_BAD_PARAM, prefixed(errorPrefix, "elementCount < 1"));
    const auto* elements = static_cast<HipdnnBackendDescriptor* const*>(arrayOfElements);
    std::vector<std::shared_ptr<TensorDescriptor>> descriptors;
    std::vector<int64_t> uids;
    for(int64_t i = 0; i < elementCount; ++i)
    {
        descriptors.push_back(unpackFinalizedTensor(&elements[i], errorPrefix));
        uids.push_back(descriptors.back()->getData().uid);
    }
    descTarget = std::move(descriptors);
    uidTarget = std::move(uids);
}

void getTensorDescriptorArray(const std::vector<std::shared_ptr<TensorDescriptor>>& descSource,
                              hipdnnBackendAttributeType_t attributeType,
                              int64_t requestedElementCount,
                              int64_t* elementCount,
                              void* arrayOfElements,
                              const char* errorPrefix)
{
    checkGetArgs(HIPDNN_TYPE_BACKEND_DESCRIPTOR, attributeType, errorPrefix);
    const auto size = static_cast<int64_t>(descSource.size());
    if(answerQuery(size, requestedElementCount, elementCount, arrayOfElements, errorPrefix))
    {
        return;
    }
    THROW_IF_LT(requestedElementCount, 0, HIPDNN_STATUS_BAD_PARAM, prefixed(errorPrefix, "requestedElementCount is negative"));
    reportCount(elementCount, size);
    const auto copied = static_cast<size_t>(std::min(size, requestedElementCount));
    const std::vector<std::shared_ptr<TensorDescriptor>> first(descSource.begin(), descSource.begin() + static_cast<std::ptrdiff_t>(copied));
    HipdnnBackendDescriptor::packDescriptorArray(first, static_cast<HipdnnBackendDescriptor**>(arrayOfElements));
}

void setDiagonalAlignment(sdk::DiagonalAlignment& target,
                          hipdnnBackendAttributeType_t attributeType,
                          int64_t elementCount,
                          const void* arrayOfElements,
                          const char* errorPrefix)
{
    hipdnnDiagonalAlignment_t value{};
    setScalar(value, HIPDNN_TYPE_DIAGONAL_ALIGNMENT_EXT, attributeType, elementCount, arrayOfElements, errorPrefix);
    THROW_IF_TRUE(value != HIPDNN_DIAGONAL_ALIGNMENT_TOP_LEFT_EXT && value != HIPDNN_DIAGONAL_ALIGNMENT_BOTTOM_RIGHT_EXT,
                  HIPDNN_STATUS_BAD_PARAM,
                  prefixed(errorPrefix, "unsupported diagonal alignment"));
    target = value == HIPDNN_DIAGONAL_ALIGNMENT_BOTTOM_RIGHT_EXT ? sdk::DiagonalAlignment::BOTTOM_RIGHT
                                                                 : sdk::DiagonalAlignment::TOP_LEFT;
}

void getDiagonalAlignment(sdk::DiagonalAlignment source,
                          hipdnnBackendAttributeType_t attributeType,
                          int64_t requestedElementCount,
                          int64_t* elementCount,
                          void* arrayOfElements,
                          const char* errorPrefix)
{
    const hipdnnDiagonalAlignment_t value = source == sdk::DiagonalAlignment::BOTTOM_RIGHT
                                                ? HIPDNN_DIAGONAL_ALIGNMENT_BOTTOM_RIGHT_EXT
                                                : HIPDNN_DIAGONAL_ALIGNMENT_TOP_LEFT_EXT;
    getScalar(value, HIPDNN_TYPE_DIAGONAL_ALIGNMENT_EXT, attributeType, requestedElementCount, elementCount, arrayOfElements, errorPrefix);
}

// ---- TensorDescriptor ----

void TensorDescriptor::finalize()
{
    THROW_IF_TRUE(_data.dims.empty(), HIPDNN_STATUS_BAD_PARAM, "TensorDescriptor::finalize() failed: dimensions not set");
    THROW_IF_TRUE(_data.strides.empty(), HIPDNN_STATUS_BAD_PARAM, "TensorDescriptor::finalize() failed: strides not set");
    THROW_IF_NE(_data.dims.size(), _data.strides.size(), HIPDNN_STATUS_BAD_PARAM, "TensorDescriptor::finalize() failed: dims and strides differ in rank");
    THROW_IF_EQ(_data.data_type, sdk::DataType::UNSET, HIPDNN_STATUS_BAD_PARAM, "TensorDescriptor::finalize() failed: data type not set");
    HipdnnBackendDescriptorImpl<TensorDescriptor>::finalize();
}

void TensorDescriptor::setAttribute(hipdnnBackendAttributeName_t attributeName,
                                    hipdnnBackendAttributeType_t attributeType,
                                    int64_t elementCount,
                                    const void* arrayOfElements)
{
    THROW_IF_TRUE(isFinalized(), HIPDNN_STATUS_NOT_INITIALIZED, "TensorDescriptor::setAttribute() failed: already finalized");
    const char* prefix = "TensorDescriptor::setAttribute()";
    switch(attributeName)
    {
    case HIPDNN_ATTR_TENSOR_UNIQUE_ID:
        setScalar(_data.uid, HIPDNN_TYPE_INT64, attributeType, elementCount, arrayOfElements, prefix);
        break;
    case HIPDNN_ATTR_TENSOR_NAME_EXT:
        setString(_data.name, attributeType, elementCount, arrayOfElements, prefix);
        break;
    case HIPDNN_ATTR_TENSOR_DATA_TYPE:
        setDataType(_data.data_type, attributeType, elementCount, arrayOfElements, prefix);
        break;
    case HIPDNN_ATTR_TENSOR_DIMENSIONS:
        setScalarVector(_data.dims, HIPDNN_TYPE_INT64, attributeType, elementCount, arrayOfElements, prefix);
        break;
    case HIPDNN_ATTR_TENSOR_STRIDES:
        setScalarVector(_data.strides, HIPDNN_TYPE_INT64, attributeType, elementCount, arrayOfElements, prefix);
        break;
    case HIPDNN_ATTR_TENSOR_IS_VIRTUAL:
        setScalar(_data.virtual_, HIPDNN_TYPE_BOOLEAN, attributeType, elementCount, arrayOfElements, prefix);
        break;
    default:
        throw HipdnnException(HIPDNN_STATUS_NOT_SUPPORTED, "TensorDescriptor::setAttribute: attributeName not supported");
    }
}

void TensorDescriptor::getAttribute(hipdnnBackendAttributeName_t attributeName,
                                    hipdnnBackendAttributeType_t attributeType,
                                    int64_t requestedElementCount,
                                    int64_t* elementCount,
                                    void* arrayOfElements) const
{
    THROW_IF_FALSE(isFinalized(), HIPDNN_STATUS_NOT_INITIALIZED, "TensorDescriptor::getAttribute() failed: not finalized");
    const char* prefix = "TensorDescriptor::getAttribute()";
    switch(attributeName)
    {
    case HIPDNN_ATTR_TENSOR_UNIQUE_ID:
        getScalar(_data.uid, HIPDNN_TYPE_INT64, attributeType, requestedElementCount, elementCount, arrayOfElements, prefix);
        break;
    case HIPDNN_ATTR_TENSOR_NAME_EXT:
        getString(_data.name, attributeType, requestedElementCount, elementCount, arrayOfElements, prefix);
        break;
    case HIPDNN_ATTR_TENSOR_DATA_TYPE:
        getDataType(_data.data_type, attributeType, requestedElementCount, elementCount, arrayOfElements, prefix);
        break;
    case HIPDNN_ATTR_TENSOR_DIMENSIONS:
        getScalarVector(_data.dims, HIPDNN_TYPE_INT64, attributeType, requestedElementCount, elementCount, arrayOfElements, prefix);
        break;
    case HIPDNN_ATTR_TENSOR_STRIDES:
        getScalarVector(_data.strides, HIPDNN_TYPE_INT64, attributeType, requestedElementCount, elementCount, arrayOfElements, prefix);
        break;
    case HIPDNN_ATTR_TENSOR_IS_VIRTUAL:
        getScalar(_data.virtual_, HIPDNN_TYPE_BOOLEAN, attributeType, requestedElementCount, elementCount, arrayOfElements, prefix);
        break;
    default:
        throw HipdnnException(HIPDNN_STATUS_NOT_SUPPORTED, "TensorDescriptor::getAttribute: attributeName not supported");
    }
}

std::shared_ptr<TensorDescriptor> TensorDescriptor::fromFlatBuffer(const sdk::TensorAttributesT& tensorT)
{
    auto descriptor = std::make_shared<TensorDescriptor>();
    descriptor->_data = tensorT;
    descriptor->finalize();
    return descriptor;
}

std::shared_ptr<TensorDescriptor> TensorDescriptor::fromFlatBuffer(sdk::TensorAttributesT&& tensorT)
{
    auto descriptor = std::make_shared<TensorDescriptor>();
    descriptor->_data = std::move(tensorT);
    descriptor->finalize();
    return descriptor;
}

hipdnnBackendDescriptorType_t TensorDescriptor::getStaticType()
{
    return HIPDNN_BACKEND_TENSOR_DESCRIPTOR;
}

std::string TensorDescriptor::toString() const
{
    std::ostringstream out;
    out << std::boolalpha << "TensorDescriptor: {uid=" << _data.uid << ", name=" << _data.name
        << ", dataType=" << sdk::EnumNameDataType(_data.data_type)
        << ", dims=" << hipdnn_data_sdk::utilities::vecToString(_data.dims)
        << ", strides=" << hipdnn_data_sdk::utilities::vecToString(_data.strides) << ", virtual=" << _data.virtual_ << "}";
    return out.str();
}

} // namespace hipdnn_backend
