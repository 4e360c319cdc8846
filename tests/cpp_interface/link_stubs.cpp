// Link stubs for the stand-in headers under hipdnn_frontend/: a definition for every function they
// declare without a body, so a gtest that includes a generated node header (whose virtual
// create_operation / unpack_from_descriptor call the packer / unpacker helpers) links and runs.
// Not hipDNN code and not modelled on its bodies: every stub is neutral. Helpers that would talk
// to the backend return Error{ErrorCode::HIPDNN_BACKEND_ERROR, "stand-in"}; nothing aborts.
// Declarations checked against the stand-ins' own ids: Types.hpp 54653676998,
// DescriptorHelpers.hpp 64109159952 / 58972595592, DescriptorUnpackHelpers.hpp 65501979117 / 55458791265,
// ScopedHipdnnBackendDescriptor.hpp 65410368168 / 65501979117.
// Already inline in the stand-ins (nothing here): Error.hpp (to_string, operator<<),
// attributes/GraphAttributes.hpp (id 64368605949), attributes/Attributes.hpp (fill_from_context,
// id 65590463241), TensorAttributes.hpp, node/Node.hpp, Graph.hpp,
// hipdnn_data_sdk/utilities/ShapeUtilities.hpp.
// Not defined here: hipdnn_data_sdk::utilities::vecToString (data SDK, not frontend), and the per-op
// toBackend<Enum> / fromHipdnn<Enum> declared by hipdnn_codegen_frontend_enums.inc. None of the
// frontend stand-ins call the backend C API (hipdnnBackend*), so no C functions are needed.
// The function templates are explicitly instantiated for HIPDNN_CODEGEN_STUB_TYPES; a harness can
// add more (e.g. generated C enums) or per-op definitions through hipdnn_codegen_link_stubs.inc,
// included at the end at global scope, e.g. `HIPDNN_CODEGEN_STUB_TEMPLATES(hipdnnFooMode_t)`.
#include <hipdnn_backend.h>
#include <hipdnn_frontend/Error.hpp>
#include <hipdnn_frontend/Types.hpp>
#include <hipdnn_frontend/attributes/TensorAttributes.hpp>
#include <hipdnn_frontend/detail/DescriptorHelpers.hpp>
#include <hipdnn_frontend/detail/DescriptorUnpackHelpers.hpp>
#include <hipdnn_frontend/detail/ScopedHipdnnBackendDescriptor.hpp>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace
{

hipdnn_frontend::Error standInError()
{
    return {hipdnn_frontend::ErrorCode::HIPDNN_BACKEND_ERROR, "stand-in"};
}

} // namespace

// ---- Types.hpp ----
namespace hipdnn_frontend
{

std::optional<hipdnnDataType_t> toHipdnnDataType(const DataType& /*type*/)
{
    return std::nullopt;
}

std::pair<DataType, Error> fromHipdnnDataType(hipdnnDataType_t /*type*/)
{
    return {DataType::NOT_SET, standInError()};
}

hipdnnDiagonalAlignment_t toBackendDiagonalAlignment(const DiagonalAlignment& type)
{
    return type == DiagonalAlignment::BOTTOM_RIGHT ? HIPDNN_DIAGONAL_ALIGNMENT_BOTTOM_RIGHT_EXT
                                                   : HIPDNN_DIAGONAL_ALIGNMENT_TOP_LEFT_EXT;
}

std::pair<DiagonalAlignment, Error>
    fromHipdnnDiagonalAlignment(hipdnnDiagonalAlignment_t /*alignment*/)
{
    return {DiagonalAlignment::TOP_LEFT, standInError()};
}

} // namespace hipdnn_frontend

// ---- detail/ScopedHipdnnBackendDescriptor.hpp: holds nothing, never valid ----
namespace hipdnn_frontend::detail
{

ScopedHipdnnBackendDescriptor::ScopedHipdnnBackendDescriptor() = default;
ScopedHipdnnBackendDescriptor::ScopedHipdnnBackendDescriptor(hipdnnBackendDescriptor_t /*descriptor*/)
{
}
ScopedHipdnnBackendDescriptor::ScopedHipdnnBackendDescriptor(hipdnnBackendDescriptorType_t /*type*/)
{
}
ScopedHipdnnBackendDescriptor::ScopedHipdnnBackendDescriptor(
    ScopedHipdnnBackendDescriptor&& /*other*/) noexcept
{
}
ScopedHipdnnBackendDescriptor&
    ScopedHipdnnBackendDescriptor::operator=(ScopedHipdnnBackendDescriptor&& /*other*/) noexcept
{
    return *this;
}
ScopedHipdnnBackendDescriptor::~ScopedHipdnnBackendDescriptor() = default;

bool ScopedHipdnnBackendDescriptor::valid() const
{
    return false;
}

const hipdnnBackendDescriptor_t& ScopedHipdnnBackendDescriptor::get() const
{
    static const hipdnnBackendDescriptor_t s_none = nullptr;
    return s_none;
}

// ---- detail/DescriptorHelpers.hpp ----

Error setDescriptorAttrString(hipdnnBackendDescriptor_t /*desc*/,
                              hipdnnBackendAttributeName_t /*attrName*/,
                              const std::string& /*value*/,
                              const std::string& /*errorContext*/)
{
    return standInError();
}

template <typename T>
Error setDescriptorAttrScalar(hipdnnBackendDescriptor_t /*desc*/,
                              hipdnnBackendAttributeName_t /*attrName*/,
                              hipdnnBackendAttributeType_t /*attrType*/,
                              const T& /*value*/,
                              const std::string& /*errorContext*/)
{
    return standInError();
}

template <typename T>
Error setDescriptorAttrVec(hipdnnBackendDescriptor_t /*desc*/,
                           hipdnnBackendAttributeName_t /*attrName*/,
                           hipdnnBackendAttributeType_t /*attrType*/,
                           const std::vector<T>& /*values*/,
                           const std::string& /*errorContext*/)
{
    return standInError();
}

Error setDescriptorAttrDataType(hipdnnBackendDescriptor_t /*desc*/,
                                hipdnnBackendAttributeName_t /*attrName*/,
                                DataType /*type*/,
                                const std::string& /*errorContext*/)
{
    return standInError();
}

template <typename T>
Error setDescriptorAttrOptionalScalar(hipdnnBackendDescriptor_t /*desc*/,
                                      hipdnnBackendAttributeName_t /*attrName*/,
                                      hipdnnBackendAttributeType_t /*attrType*/,
                                      const std::optional<T>& /*value*/,
                                      const std::string& /*errorContext*/)
{
    return standInError();
}

Error setDescriptorAttrTensorRef(
    hipdnnBackendDescriptor_t /*desc*/,
    hipdnnBackendAttributeName_t /*attrName*/,
    int64_t /*tensorUid*/,
    const std::unordered_map<int64_t, ScopedHipdnnBackendDescriptor>& /*tensorDescs*/,
    const std::string& /*errorContext*/)
{
    return standInError();
}

Error createOrFindTensorDesc(std::unordered_map<int64_t, ScopedHipdnnBackendDescriptor>& /*tensorDescs*/,
                             const std::shared_ptr<graph::TensorAttributes>& /*tensor*/)
{
    return standInError();
}

Error ensureAndSetTensorArrayRef(
    hipdnnBackendDescriptor_t /*desc*/,
    hipdnnBackendAttributeName_t /*attrName*/,
    const std::vector<std::shared_ptr<graph::TensorAttributes>>& /*tensors*/,
    std::unordered_map<int64_t, ScopedHipdnnBackendDescriptor>& /*tensorDescs*/,
    const std::string& /*errorContext*/)
{
    return standInError();
}

Error finalizeDescriptor(hipdnnBackendDescriptor_t /*desc*/, const std::string& /*errorContext*/)
{
    return standInError();
}

Error ensureAndSetTensorRef(hipdnnBackendDescriptor_t /*desc*/,
                            hipdnnBackendAttributeName_t /*attrName*/,
                            const std::shared_ptr<graph::TensorAttributes>& /*tensor*/,
                            std::unordered_map<int64_t, ScopedHipdnnBackendDescriptor>& /*tensorDescs*/,
                            const std::string& /*errorContext*/)
{
    return standInError();
}

Error ensureAndSetOptionalTensorRef(
    hipdnnBackendDescriptor_t /*desc*/,
    hipdnnBackendAttributeName_t /*attrName*/,
    const std::shared_ptr<graph::TensorAttributes>& /*tensor*/,
    std::unordered_map<int64_t, ScopedHipdnnBackendDescriptor>& /*tensorDescs*/,
    const std::string& /*errorContext*/)
{
    return standInError();
}

// ---- detail/DescriptorUnpackHelpers.hpp ----

template <typename T>
Error getDescriptorAttrScalar(hipdnnBackendDescriptor_t /*desc*/,
                              hipdnnBackendAttributeName_t /*attrName*/,
                              hipdnnBackendAttributeType_t /*attrType*/,
                              T& /*value*/,
                              const std::string& /*errorContext*/)
{
    return standInError();
}

template <typename T>
Error getDescriptorAttrOptionalScalar(hipdnnBackendDescriptor_t /*desc*/,
                                      hipdnnBackendAttributeName_t /*attrName*/,
                                      hipdnnBackendAttributeType_t /*attrType*/,
                                      std::optional<T>& /*value*/,
                                      const std::string& /*errorContext*/)
{
    return standInError();
}

template <typename T>
Error getDescriptorAttrVec(hipdnnBackendDescriptor_t /*desc*/,
                           hipdnnBackendAttributeName_t /*attrName*/,
                           hipdnnBackendAttributeType_t /*attrType*/,
                           std::vector<T>& /*values*/,
                           const std::string& /*errorContext*/)
{
    return standInError();
}

Error getDescriptorAttrByteArray(hipdnnBackendDescriptor_t /*desc*/,
                                 hipdnnBackendAttributeName_t /*attrName*/,
                                 std::vector<uint8_t>& /*value*/,
                                 const std::string& /*errorContext*/)
{
    return standInError();
}

Error getDescriptorAttrString(hipdnnBackendDescriptor_t /*desc*/,
                              hipdnnBackendAttributeName_t /*attrName*/,
                              std::string& /*value*/,
                              const std::string& /*errorContext*/)
{
    return standInError();
}

std::pair<DataType, Error> unpackGraphDataType(hipdnnBackendDescriptor_t /*desc*/,
                                               hipdnnBackendAttributeName_t /*attrName*/,
                                               const std::string& /*errorContext*/)
{
    return {DataType::NOT_SET, standInError()};
}

Error unpackAndRegisterTensor(
    hipdnnBackendDescriptor_t /*opDesc*/,
    hipdnnBackendAttributeName_t /*tensorAttrName*/,
    std::unordered_map<int64_t, std::shared_ptr<graph::TensorAttributes>>& /*tensorMap*/,
    std::shared_ptr<graph::TensorAttributes>& /*outTensor*/,
    const std::string& /*errorContext*/)
{
    return standInError();
}

Error unpackAndRegisterTensorArray(
    hipdnnBackendDescriptor_t /*opDesc*/,
    hipdnnBackendAttributeName_t /*tensorAttrName*/,
    std::unordered_map<int64_t, std::shared_ptr<graph::TensorAttributes>>& /*tensorMap*/,
    std::vector<std::shared_ptr<graph::TensorAttributes>>& /*outTensors*/,
    const std::string& /*errorContext*/)
{
    return standInError();
}

Error unpackOptionalTensor(
    hipdnnBackendDescriptor_t /*opDesc*/,
    hipdnnBackendAttributeName_t /*tensorAttrName*/,
    std::unordered_map<int64_t, std::shared_ptr<graph::TensorAttributes>>& /*tensorMap*/,
    std::shared_ptr<graph::TensorAttributes>& /*outTensor*/,
    const std::string& /*errorContext*/)
{
    return standInError();
}

} // namespace hipdnn_frontend::detail

// Explicit instantiations of every stubbed function template for one value type T.
#define HIPDNN_CODEGEN_STUB_TEMPLATES(T)                                                           \
    template hipdnn_frontend::Error hipdnn_frontend::detail::setDescriptorAttrScalar<T>(           \
        hipdnnBackendDescriptor_t,                                                                 \
        hipdnnBackendAttributeName_t,                                                              \
        hipdnnBackendAttributeType_t,                                                              \
        const T&,                                                                                  \
        const std::string&);                                                                       \
    template hipdnn_frontend::Error hipdnn_frontend::detail::setDescriptorAttrVec<T>(              \
        hipdnnBackendDescriptor_t,                                                                 \
        hipdnnBackendAttributeName_t,                                                              \
        hipdnnBackendAttributeType_t,                                                              \
        const std::vector<T>&,                                                                     \
        const std::string&);                                                                       \
    template hipdnn_frontend::Error hipdnn_frontend::detail::setDescriptorAttrOptionalScalar<T>(   \
        hipdnnBackendDescriptor_t,                                                                 \
        hipdnnBackendAttributeName_t,                                                              \
        hipdnnBackendAttributeType_t,                                                              \
        const std::optional<T>&,                                                                   \
        const std::string&);                                                                       \
    template hipdnn_frontend::Error hipdnn_frontend::detail::getDescriptorAttrScalar<T>(           \
        hipdnnBackendDescriptor_t,                                                                 \
        hipdnnBackendAttributeName_t,                                                              \
        hipdnnBackendAttributeType_t,                                                              \
        T&,                                                                                        \
        const std::string&);                                                                       \
    template hipdnn_frontend::Error hipdnn_frontend::detail::getDescriptorAttrOptionalScalar<T>(   \
        hipdnnBackendDescriptor_t,                                                                 \
        hipdnnBackendAttributeName_t,                                                              \
        hipdnnBackendAttributeType_t,                                                              \
        std::optional<T>&,                                                                         \
        const std::string&);                                                                       \
    template hipdnn_frontend::Error hipdnn_frontend::detail::getDescriptorAttrVec<T>(              \
        hipdnnBackendDescriptor_t,                                                                 \
        hipdnnBackendAttributeName_t,                                                              \
        hipdnnBackendAttributeType_t,                                                              \
        std::vector<T>&,                                                                           \
        const std::string&);

// The value types generated packers / unpackers pass today, plus the other scalar kinds.
#define HIPDNN_CODEGEN_STUB_TYPES(X) \
    X(bool)                          \
    X(float)                         \
    X(double)                        \
    X(int8_t)                        \
    X(uint8_t)                       \
    X(int32_t)                       \
    X(int64_t)                       \
    X(hipdnnDataType_t)              \
    X(hipdnnDiagonalAlignment_t)

HIPDNN_CODEGEN_STUB_TYPES(HIPDNN_CODEGEN_STUB_TEMPLATES)

#if __has_include("hipdnn_codegen_link_stubs.inc")
#include "hipdnn_codegen_link_stubs.inc"
#endif
