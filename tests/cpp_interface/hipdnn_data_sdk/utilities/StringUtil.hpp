#pragma once

#include <string>
#include <vector>

namespace hipdnn_data_sdk::utilities
{

template <typename T>
std::string vecToString(const std::vector<T>& values);

} // namespace hipdnn_data_sdk::utilities
