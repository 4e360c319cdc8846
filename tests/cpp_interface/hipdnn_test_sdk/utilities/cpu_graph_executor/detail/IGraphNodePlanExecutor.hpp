// Stand-in for cpu_graph_executor/detail/IGraphNodePlanExecutor.hpp, written for hipdnn-codegen's
// compile check. Checked against id 55224684034 (tfalders fork; upstream 58132180357 is older and
// lacks getOutputTensorIds): namespace hipdnn_test_sdk::detail, execute(variant pack) and
// getOutputTensorIds().
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace hipdnn_test_sdk::detail
{

class IGraphNodePlanExecutor
{
public:
    virtual ~IGraphNodePlanExecutor() = default;
    virtual void execute(const std::unordered_map<int64_t, void*>& variantPack) = 0;
    virtual std::vector<int64_t> getOutputTensorIds() const = 0;
};

} // namespace hipdnn_test_sdk::detail
