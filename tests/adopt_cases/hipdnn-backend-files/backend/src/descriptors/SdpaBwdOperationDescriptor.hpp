// hipdnn-codegen test stand-in, written for this project in the form of hipDNN's
// backend/src/descriptors/SdpaBwdOperationDescriptor.hpp (ROCm/rocm-libraries, search-index id
// 55447567807). The class name, its tensor getters (names, spelling and order) and getComputeDataType
// are hipDNN's; everything else of the real class is left out, and every comment is our own.

#pragma once

#include <memory>

namespace hipdnn_backend
{

class TensorDescriptor;

class SdpaBwdOperationDescriptor
{
public:
    std::shared_ptr<TensorDescriptor> getQDesc() const { return _qDesc; }
    std::shared_ptr<TensorDescriptor> getKDesc() const { return _kDesc; }
    std::shared_ptr<TensorDescriptor> getVDesc() const { return _vDesc; }
    std::shared_ptr<TensorDescriptor> getODesc() const { return _oDesc; }
    std::shared_ptr<TensorDescriptor> getDoDesc() const { return _doDesc; }
    std::shared_ptr<TensorDescriptor> getStatsDesc() const { return _statsDesc; }
    std::shared_ptr<TensorDescriptor> getDqDesc() const { return _dqDesc; }
    std::shared_ptr<TensorDescriptor> getDkDesc() const { return _dkDesc; }
    std::shared_ptr<TensorDescriptor> getDvDesc() const { return _dvDesc; }
    std::shared_ptr<TensorDescriptor> getScaleDesc() const { return _scaleDesc; }
    std::shared_ptr<TensorDescriptor> getAttnMaskDesc() const { return _attnMaskDesc; }
    std::shared_ptr<TensorDescriptor> getSeqLenQDesc() const { return _seqLenQDesc; }
    std::shared_ptr<TensorDescriptor> getSeqLenKvDesc() const { return _seqLenKvDesc; }
    std::shared_ptr<TensorDescriptor> getSeedDesc() const { return _seedDesc; }
    std::shared_ptr<TensorDescriptor> getOffsetDesc() const { return _offsetDesc; }
    std::shared_ptr<TensorDescriptor> getDropoutMaskDesc() const { return _dropoutMaskDesc; }
    std::shared_ptr<TensorDescriptor> getDropoutScaleDesc() const { return _dropoutScaleDesc; }
    std::shared_ptr<TensorDescriptor> getDropoutScaleInvDesc() const { return _dropoutScaleInvDesc; }
    // hipDNN capitalises the B here; the derived name would be getDbiasDesc
    std::shared_ptr<TensorDescriptor> getDBiasDesc() const { return _dbiasDesc; }

private:
    std::shared_ptr<TensorDescriptor> _qDesc, _kDesc, _vDesc, _oDesc, _doDesc, _statsDesc;
    std::shared_ptr<TensorDescriptor> _dqDesc, _dkDesc, _dvDesc;
    std::shared_ptr<TensorDescriptor> _scaleDesc, _attnMaskDesc, _seqLenQDesc, _seqLenKvDesc, _seedDesc,
        _offsetDesc, _dropoutMaskDesc, _dropoutScaleDesc, _dropoutScaleInvDesc, _dbiasDesc;
};

} // namespace hipdnn_backend
