// hipDNN's public API of BatchnormInferenceAttributes, pinned as exact C++ types: this file must
// compile against the generated attributes header (op_specs/batchnorm_inference.yaml).
// Facts checked against the real class, id 55352855758: InputNames X=0, MEAN=1, INV_VARIANCE=2, SCALE=3,
// BIAS=4; OutputNames Y=0; tensor getters and copy/move setters, nothing more;
// `typedef BatchnormInferenceAttributes Batchnorm_inference_attributes`. Written for this test; nothing
// copied.
#include <hipdnn_frontend/Graph.hpp>
#include <hipdnn_frontend/attributes/BatchnormInferenceAttributes.hpp>
#include <hipdnn_frontend/node/BatchnormInferenceNode.hpp>

#include <array>
#include <memory>
#include <type_traits>

namespace
{
using hipdnn_frontend::graph::Attributes;
using hipdnn_frontend::graph::BatchnormInferenceAttributes;
using hipdnn_frontend::graph::TensorAttributes;
using A = BatchnormInferenceAttributes;
using Ptr = std::shared_ptr<TensorAttributes>;
using Getter = Ptr (A::*)() const;
using CopySetter = A& (A::*)(const Ptr&);
using MoveSetter = A& (A::*)(Ptr&&);

static_assert(std::is_base_of_v<Attributes<A>, A>);
static_assert(static_cast<int>(A::InputNames::X) == 0 && static_cast<int>(A::InputNames::MEAN) == 1);
static_assert(static_cast<int>(A::InputNames::INV_VARIANCE) == 2 && static_cast<int>(A::InputNames::SCALE) == 3);
static_assert(static_cast<int>(A::InputNames::BIAS) == 4 && static_cast<int>(A::OutputNames::Y) == 0);
static_assert(std::is_same_v<hipdnn_frontend::graph::Batchnorm_inference_attributes, A>);

[[maybe_unused]] constexpr Getter GETTERS[] = {&A::get_x, &A::get_mean, &A::get_inv_variance, &A::get_scale, &A::get_bias, &A::get_y};
[[maybe_unused]] constexpr CopySetter COPY_SETTERS[] = {&A::set_x, &A::set_mean, &A::set_inv_variance, &A::set_scale, &A::set_bias, &A::set_y};
[[maybe_unused]] constexpr MoveSetter MOVE_SETTERS[] = {&A::set_x, &A::set_mean, &A::set_inv_variance, &A::set_scale, &A::set_bias, &A::set_y};
// The Graph method (Graph.hpp id 54669704407) and the NodeType (NodeType.hpp id 62461044382) are hipDNN's.
static_assert(static_cast<int>(hipdnn_frontend::graph::NodeType::BATCHNORM_INFERENCE) == 5);
static_assert(std::is_base_of_v<hipdnn_frontend::graph::BaseNode<hipdnn_frontend::graph::BatchnormInferenceNode, hipdnn_frontend::graph::NodeType::BATCHNORM_INFERENCE>, hipdnn_frontend::graph::BatchnormInferenceNode>);
[[maybe_unused]] constexpr Ptr (hipdnn_frontend::graph::Graph::*GRAPH_METHOD)(Ptr, Ptr, Ptr, Ptr, Ptr, A) = &hipdnn_frontend::graph::Graph::batchnorm_inference;
} // namespace
