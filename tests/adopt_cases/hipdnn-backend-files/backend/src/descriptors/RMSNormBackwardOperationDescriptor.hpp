// hipdnn-codegen test stand-in, written for this project in the form of hipDNN's
// backend/src/descriptors/RMSNormBackwardOperationDescriptor.hpp (ROCm/rocm-libraries, search-index
// id 55341754889). The class name and its tensor getters (names and order: every one the derived
// get<Pascal>Desc) are hipDNN's; everything else of the real class is left out, and every comment is
// our own.

#pragma once

#include <memory>

namespace hipdnn_backend
{

class TensorDescriptor;

class RMSNormBackwardOperationDescriptor
{
public:
    std::shared_ptr<TensorDescriptor> getDyDesc() const { return _dyDesc; }
    std::shared_ptr<TensorDescriptor> getXDesc() const { return _xDesc; }
    std::shared_ptr<TensorDescriptor> getScaleDesc() const { return _scaleDesc; }
    std::shared_ptr<TensorDescriptor> getInvRmsDesc() const { return _invRmsDesc; }
    std::shared_ptr<TensorDescriptor> getDxDesc() const { return _dxDesc; }
    std::shared_ptr<TensorDescriptor> getDscaleDesc() const { return _dscaleDesc; }
    std::shared_ptr<TensorDescriptor> getDbiasDesc() const { return _dbiasDesc; }

private:
    std::shared_ptr<TensorDescriptor> _dyDesc, _xDesc, _scaleDesc, _invRmsDesc, _dxDesc, _dscaleDesc, _dbiasDesc;
};

} // namespace hipdnn_backend
