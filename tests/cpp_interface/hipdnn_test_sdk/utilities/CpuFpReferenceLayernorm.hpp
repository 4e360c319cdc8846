// Stand-in for hipdnn_test_sdk/utilities/CpuFpReferenceLayernorm.hpp, written for hipdnn-codegen's
// compile check and golden-vector test. Checked against id 66163904478 (tvy-amd fork): namespace
// hipdnn_test_sdk::utilities, class CpuFpReferenceLayernorm, static
// bprop<Y, ScaleBias, X = Y, MeanRstd = ScaleBias, Compute = float>(dy, x, scale, dx, dscale,
// dbias, double epsilon, const mean*, const rstd*, int64_t normalizedDimCount) and its semantics:
// normalized dims from the scale, batch dims from the mean (else from x), mean and rstd
// recomputed by Welford's update when absent, every operation in the compute type in the order
// the header's comment describes, per batch row then per normalized element. The body is this
// project's own transcription of those semantics (single-threaded), so the generated golden
// test runs; it is not hipDNN's code and does not reproduce the fork's stride-order storage of
// the recomputed statistics. fprop is not declared.
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include <hipdnn_data_sdk/types.hpp>
#include <hipdnn_data_sdk/utilities/Tensor.hpp>

namespace hipdnn_test_sdk::utilities
{

class CpuFpReferenceLayernorm
{
public:
    template <class YDataType,
              class ScaleBiasDataType,
              class XDataType = YDataType,
              class MeanRstdDataType = ScaleBiasDataType,
              class ComputeDataType = float>
    static void bprop(const hipdnn_data_sdk::utilities::TensorBase<YDataType>& dy,
                      const hipdnn_data_sdk::utilities::TensorBase<XDataType>& x,
                      const hipdnn_data_sdk::utilities::TensorBase<ScaleBiasDataType>& scale,
                      hipdnn_data_sdk::utilities::TensorBase<XDataType>& dx,
                      hipdnn_data_sdk::utilities::TensorBase<ScaleBiasDataType>& dscale,
                      hipdnn_data_sdk::utilities::TensorBase<ScaleBiasDataType>& dbias,
                      const double epsilon,
                      const hipdnn_data_sdk::utilities::TensorBase<MeanRstdDataType>* mean,
                      const hipdnn_data_sdk::utilities::TensorBase<MeanRstdDataType>* rstd,
                      const int64_t normalizedDimCount)
    {
        using C = ComputeDataType;
        const auto& dims = dy.dims();
        const auto rank = static_cast<int64_t>(dims.size());
        if(rank < 1 || normalizedDimCount < 1 || normalizedDimCount > rank)
        {
            throw std::runtime_error("bad rank or normalizedDimCount");
        }
        if((mean == nullptr) != (rstd == nullptr))
        {
            throw std::runtime_error("mean and rstd are given together or not at all");
        }
        const auto& normDims = scale.dims();
        const auto batchRank = static_cast<std::size_t>(rank - normalizedDimCount);
        std::vector<int64_t> batchDims;
        if(mean != nullptr)
        {
            batchDims = mean->dims();
        }
        else
        {
            batchDims.assign(dims.begin(), dims.begin() + static_cast<std::ptrdiff_t>(batchRank));
        }
        const auto rows = count(batchDims);
        const auto n = count(normDims);

        std::vector<C> means(static_cast<std::size_t>(rows));
        std::vector<C> rstds(static_cast<std::size_t>(rows));
        for(int64_t row = 0; row < rows; ++row)
        {
            const auto batch = indicesOf(batchDims, row);
            C sumDyScaleX = static_cast<C>(0.0);
            C sumDyScale = static_cast<C>(0.0);
            for(int64_t e = 0; e < n; ++e)
            {
                const auto norm = indicesOf(normDims, e);
                const auto full = fullIndices(batch, norm, batchRank, normalizedDimCount);
                const auto dyValue = static_cast<C>(dy.getHostValue(full));
                const auto scaleValue = static_cast<C>(scale.getHostValue(norm));
                const auto xValue = static_cast<C>(x.getHostValue(full));
                sumDyScaleX += dyValue * scaleValue * xValue;
                sumDyScale += dyValue * scaleValue;
            }
            C meanValue = static_cast<C>(0.0);
            C rstdValue = static_cast<C>(0.0);
            if(mean == nullptr)
            {
                C m2 = static_cast<C>(0.0);
                for(int64_t e = 0; e < n; ++e)
                {
                    const auto full = fullIndices(batch, indicesOf(normDims, e), batchRank, normalizedDimCount);
                    const auto xValue = static_cast<C>(x.getHostValue(full));
                    const C delta = xValue - meanValue;
                    meanValue += delta / static_cast<C>(e + 1);
                    const C delta2 = xValue - meanValue;
                    m2 += delta * delta2;
                }
                const C variance = m2 / static_cast<C>(n);
                using hipdnn_data_sdk::types::sqrt;
                rstdValue = static_cast<C>(1.0) / sqrt(variance + static_cast<C>(epsilon));
            }
            else
            {
                meanValue = static_cast<C>(mean->getHostValue(batch));
                rstdValue = static_cast<C>(rstd->getHostValue(batch));
            }
            means[static_cast<std::size_t>(row)] = meanValue;
            rstds[static_cast<std::size_t>(row)] = rstdValue;

            const C a = rstdValue * rstdValue * rstdValue * (sumDyScaleX - sumDyScale * meanValue)
                        / static_cast<C>(n);
            const C b = rstdValue * sumDyScale / static_cast<C>(n) - a * meanValue;
            for(int64_t e = 0; e < n; ++e)
            {
                const auto norm = indicesOf(normDims, e);
                const auto full = fullIndices(batch, norm, batchRank, normalizedDimCount);
                const auto dyValue = static_cast<C>(dy.getHostValue(full));
                const auto scaleValue = static_cast<C>(scale.getHostValue(norm));
                const auto xValue = static_cast<C>(x.getHostValue(full));
                const C dxValue = rstdValue * dyValue * scaleValue - a * xValue - b;
                dx.setHostValue(static_cast<XDataType>(dxValue), full);
            }
        }
        for(int64_t e = 0; e < n; ++e)
        {
            const auto norm = indicesOf(normDims, e);
            C dscaleValue = static_cast<C>(0.0);
            C dbiasValue = static_cast<C>(0.0);
            for(int64_t row = 0; row < rows; ++row)
            {
                const auto full = fullIndices(indicesOf(batchDims, row), norm, batchRank, normalizedDimCount);
                const auto dyValue = static_cast<C>(dy.getHostValue(full));
                const auto xValue = static_cast<C>(x.getHostValue(full));
                const auto at = static_cast<std::size_t>(row);
                dscaleValue += dyValue * (xValue - means[at]) * rstds[at];
                dbiasValue += dyValue;
            }
            dscale.setHostValue(static_cast<ScaleBiasDataType>(dscaleValue), norm);
            dbias.setHostValue(static_cast<ScaleBiasDataType>(dbiasValue), norm);
        }
        dx.markHostModified();
        dscale.markHostModified();
        dbias.markHostModified();
    }

private:
    static int64_t count(const std::vector<int64_t>& dims)
    {
        int64_t total = 1;
        for(const auto d : dims)
        {
            total *= d;
        }
        return total;
    }

    // Row-major (last index fastest) indices of flat position `flat` in `dims`.
    static std::vector<int64_t> indicesOf(const std::vector<int64_t>& dims, int64_t flat)
    {
        std::vector<int64_t> indices(dims.size());
        for(std::size_t d = dims.size(); d-- > 0;)
        {
            indices[d] = flat % dims[d];
            flat /= dims[d];
        }
        return indices;
    }

    // The first batchRank batch indices, then the last normalizedDimCount normalized ones.
    static std::vector<int64_t> fullIndices(const std::vector<int64_t>& batch,
                                            const std::vector<int64_t>& norm,
                                            std::size_t batchRank,
                                            int64_t normalizedDimCount)
    {
        std::vector<int64_t> full(batch.begin(), batch.begin() + static_cast<std::ptrdiff_t>(batchRank));
        full.insert(full.end(), norm.end() - normalizedDimCount, norm.end());
        return full;
    }
};

} // namespace hipdnn_test_sdk::utilities
