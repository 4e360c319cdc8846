#pragma once

#include <cstdint>
#include <vector>

namespace hipdnn_frontend::graph
{

class TensorAttributes
{
public:
    int64_t get_uid() const;
};

} // namespace hipdnn_frontend::graph
