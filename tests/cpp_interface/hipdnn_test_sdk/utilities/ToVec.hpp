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
