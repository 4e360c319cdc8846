// Stand-in for hipDNN's data SDK StringUtil.hpp: hipdnn_data_sdk::utilities::vecToString, as the
// TensorDescriptor .cpp (id 58926320702) and the batchnorm descriptor (id 65088243880) call it. The
// exact text it produces was not read (UNVERIFIED): here "[a, b, c]". Generated tests only look for
// the attribute's key in toString(), never at this format.
#pragma once

#include <sstream>
#include <string>
#include <vector>

namespace hipdnn_data_sdk::utilities
{

template <typename T>
std::string vecToString(const std::vector<T>& values)
{
    std::ostringstream out;
    out << "[";
    for(size_t i = 0; i < values.size(); ++i)
    {
        out << (i == 0 ? "" : ", ") << values[i];
    }
    out << "]";
    return out.str();
}

} // namespace hipdnn_data_sdk::utilities
