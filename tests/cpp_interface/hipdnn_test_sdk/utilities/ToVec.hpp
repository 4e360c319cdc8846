// Stand-in for hipDNN test_sdk/include/hipdnn_test_sdk/utilities/ToVec.hpp. Checked against id
// 57223795775 (hdt98/rocm-libraries fork; upstream ROCm/rocm-libraries has no stored copy): template
// hipdnn_tests::toVec<T, N>(const std::array<T, N>&) returning std::vector<T> of the same elements.
#pragma once

#include <array>
#include <cstddef>
#include <vector>

namespace hipdnn_tests
{

template <typename T, std::size_t N>
std::vector<T> toVec(const std::array<T, N>& arr)
{
    return std::vector<T>(arr.begin(), arr.end());
}

} // namespace hipdnn_tests
