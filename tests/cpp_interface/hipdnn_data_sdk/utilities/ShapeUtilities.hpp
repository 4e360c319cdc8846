// Stand-in for hipdnn_data_sdk/utilities/ShapeUtilities.hpp (included by frontend nodes, e.g.
// LayernormBackwardNode id 59078622115). Checked against: id 57928022516 (ROCm/rocm-libraries,
// projects/hipdnn/data_sdk/include/hipdnn_data_sdk/utilities/ShapeUtilities.hpp): namespace
// hipdnn_data_sdk::utilities, all functions inline; the signatures below are real, the bodies were
// written here to the real behaviour (generateStrides(dim, strideOrder) throws
// std::invalid_argument when dim has more entries than strideOrder; isTensorPacked throws when the
// sizes differ; getDerivedShape throws std::runtime_error below 2 dims).
// Not modelled: iterateAlongDimensions, buildTensorIndices, calculateGroupCount, and
// extractStrideOrder's warning log (the real header includes hipdnn_data_sdk/logging/Logger.hpp
// and <ranges>; neither is available to this C++17 stand-in).
#pragma once

#include <hipdnn_data_sdk/utilities/StringUtil.hpp>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <numeric>
#include <stdexcept>
#include <vector>

namespace hipdnn_data_sdk::utilities
{

// True when inputDims broadcasts to outputDims (right-aligned; each input extent equal or 1).
inline bool areDimensionsBroadcastCompatible(const std::vector<int64_t>& inputDims,
                                             const std::vector<int64_t>& outputDims)
{
    if(inputDims.size() > outputDims.size())
    {
        return false;
    }
    const size_t offset = outputDims.size() - inputDims.size();
    for(size_t i = 0; i < inputDims.size(); ++i)
    {
        if(inputDims[i] != 1 && inputDims[i] != outputDims[offset + i])
        {
            return false;
        }
    }
    return true;
}

// Strides for dim laid out by strideOrder (the dimension with order 0 is innermost).
inline std::vector<int64_t> generateStrides(const std::vector<int64_t>& dim,
                                            const std::vector<int64_t>& strideOrder)
{
    if(dim.size() > strideOrder.size())
    {
        throw std::invalid_argument("generateStrides: more dims than stride order entries");
    }
    std::vector<size_t> byOrder(dim.size());
    std::iota(byOrder.begin(), byOrder.end(), size_t{0});
    std::sort(byOrder.begin(), byOrder.end(), [&strideOrder](size_t lhs, size_t rhs) {
        return strideOrder[lhs] < strideOrder[rhs];
    });
    std::vector<int64_t> strides(dim.size(), 1);
    int64_t running = 1;
    for(const size_t index : byOrder)
    {
        strides[index] = running;
        running *= dim[index];
    }
    return strides;
}

// Packed row-major strides (last dimension innermost).
inline std::vector<int64_t> generateStrides(const std::vector<int64_t>& dims)
{
    std::vector<int64_t> strides(dims.size(), 1);
    for(size_t i = dims.size(); i > 1; --i)
    {
        strides[i - 2] = strides[i - 1] * dims[i - 1];
    }
    return strides;
}

// Stride order that puts dimension 1 (C) innermost and dimension 0 (N) outermost.
inline std::vector<int64_t> strideOrderNhwc(size_t numDims)
{
    std::vector<int64_t> order(numDims, 0);
    if(numDims < 2)
    {
        return order;
    }
    int64_t next = 1;
    for(size_t i = numDims - 1; i > 1; --i)
    {
        order[i] = next++;
    }
    order[0] = next;
    return order;
}

// Inverse of generateStrides(dim, order) for common layouts: larger stride -> higher order value.
// A channel stride smaller than some spatial stride is taken as channels-last.
inline std::vector<int64_t> extractStrideOrder(const std::vector<int64_t>& strides)
{
    const size_t numDims = strides.size();
    if(numDims == 0)
    {
        return {};
    }
    std::vector<size_t> indices(numDims);
    std::iota(indices.begin(), indices.end(), size_t{0});

    const auto largest = static_cast<size_t>(
        std::distance(strides.begin(), std::max_element(strides.begin(), strides.end())));
    const auto smallest = static_cast<size_t>(
        std::distance(strides.begin(), std::min_element(strides.begin(), strides.end())));
    if(largest == 0 && smallest == 1)
    {
        for(size_t i = 2; i < numDims; ++i)
        {
            if(strides[i] > strides[smallest])
            {
                indices.erase(indices.begin() + 1);
                indices.push_back(1);
                break;
            }
        }
    }
    std::stable_sort(indices.begin(), indices.end(), [&strides](size_t lhs, size_t rhs) {
        return strides[lhs] > strides[rhs];
    });

    std::vector<int64_t> order(numDims);
    for(size_t rank = 0; rank < numDims; ++rank)
    {
        order[indices[rank]] = static_cast<int64_t>(numDims - rank - 1);
    }
    return order;
}

// True when the elements occupy one contiguous span (element count == span + 1).
inline bool isTensorPacked(const std::vector<int64_t>& dims, const std::vector<int64_t>& strides)
{
    if(dims.size() != strides.size())
    {
        throw std::invalid_argument("isTensorPacked: dims and strides differ in size");
    }
    if(dims.empty())
    {
        return true;
    }
    int64_t count = 1;
    int64_t span = 0;
    for(size_t i = 0; i < dims.size(); ++i)
    {
        count *= dims[i];
        span += (dims[i] - 1) * strides[i];
    }
    return count == span + 1;
}

// {N, C, ...} -> {1, C, 1, ...}.
inline std::vector<int64_t> getDerivedShape(const std::vector<int64_t>& shape)
{
    if(shape.size() < 2)
    {
        throw std::runtime_error("getDerivedShape: a shape needs at least batch and channel dims");
    }
    std::vector<int64_t> derived(shape.size(), 1);
    derived[1] = shape[1];
    return derived;
}

// At most one extent above 1.
inline bool isLayoutAgnostic(const std::vector<int64_t>& dims)
{
    return std::count_if(dims.begin(), dims.end(), [](int64_t extent) { return extent > 1; }) <= 1;
}

} // namespace hipdnn_data_sdk::utilities
