// Stand-in for hipDNN backend/src/descriptors/IGraphOperation.hpp. Checked against id 55557173421 (a
// fork's copy; upstream ROCm/rocm-libraries has no stored IGraphOperation.hpp): interface
// hipdnn_backend::IGraphOperation with a defaulted virtual destructor and two const pure virtuals,
// getTensorDescriptors() returning std::vector<std::shared_ptr<TensorDescriptor>> and buildNode()
// returning std::unique_ptr<hipdnn_flatbuffers_sdk::data_objects::NodeT>; the same includes.
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
