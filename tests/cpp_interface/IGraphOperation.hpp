#pragma once

#include "TensorDescriptor.hpp"

#include <hipdnn_flatbuffers_sdk/data_objects/graph_generated.h>

#include <memory>
#include <vector>

namespace hipdnn_backend
{

class IGraphOperation
{
public:
    virtual ~IGraphOperation() = default;
    virtual std::vector<std::shared_ptr<TensorDescriptor>> getTensorDescriptors() const = 0;
    virtual std::unique_ptr<hipdnn_flatbuffers_sdk::data_objects::NodeT> buildNode() const = 0;
};

} // namespace hipdnn_backend
