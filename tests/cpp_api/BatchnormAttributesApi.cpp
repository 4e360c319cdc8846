// hipDNN's public API of BatchnormAttributes, pinned as exact C++ types: this file must compile against
// the generated attributes header (op_specs/batchnorm.yaml).
// Facts checked against the real class, id 59749423803: InputNames X=0, SCALE=1, BIAS=2,
// PREV_RUNNING_MEAN=3, PREV_RUNNING_VARIANCE=4, MOMENTUM=5, EPSILON=6; OutputNames Y=0, MEAN=1,
// INV_VARIANCE=2, NEXT_RUNNING_MEAN=3, NEXT_RUNNING_VARIANCE=4; tensor getters and copy/move setters; the
// public peer_stats vector with a const& getter and copy/move setters; set_previous_running_stats(mean,
// variance, momentum) copy and move overloads; `typedef BatchnormAttributes Batchnorm_attributes`.
// Written for this test; nothing copied.
#include <hipdnn_frontend/Graph.hpp>
#include <hipdnn_frontend/attributes/BatchnormAttributes.hpp>
#include <hipdnn_frontend/node/BatchnormNode.hpp>

#include <array>
#include <memory>
#include <type_traits>
#include <vector>

namespace
{
using hipdnn_frontend::graph::Attributes;
using hipdnn_frontend::graph::BatchnormAttributes;
using hipdnn_frontend::graph::TensorAttributes;
using A = BatchnormAttributes;
using Ptr = std::shared_ptr<TensorAttributes>;
using Ptrs = std::vector<Ptr>;
using Getter = Ptr (A::*)() const;
using CopySetter = A& (A::*)(const Ptr&);
using MoveSetter = A& (A::*)(Ptr&&);

static_assert(std::is_base_of_v<Attributes<A>, A>);
static_assert(static_cast<int>(A::InputNames::X) == 0 && static_cast<int>(A::InputNames::SCALE) == 1);
static_assert(static_cast<int>(A::InputNames::BIAS) == 2 && static_cast<int>(A::InputNames::PREV_RUNNING_MEAN) == 3);
static_assert(static_cast<int>(A::InputNames::PREV_RUNNING_VARIANCE) == 4 && static_cast<int>(A::InputNames::MOMENTUM) == 5);
static_assert(static_cast<int>(A::InputNames::EPSILON) == 6);
static_assert(static_cast<int>(A::OutputNames::Y) == 0 && static_cast<int>(A::OutputNames::MEAN) == 1);
static_assert(static_cast<int>(A::OutputNames::INV_VARIANCE) == 2 && static_cast<int>(A::OutputNames::NEXT_RUNNING_MEAN) == 3);
static_assert(static_cast<int>(A::OutputNames::NEXT_RUNNING_VARIANCE) == 4);
static_assert(std::is_same_v<decltype(A::peer_stats), Ptrs>);
static_assert(std::is_same_v<hipdnn_frontend::graph::Batchnorm_attributes, A>);

[[maybe_unused]] constexpr Getter GETTERS[] = {&A::get_x, &A::get_scale, &A::get_bias, &A::get_prev_running_mean, &A::get_prev_running_variance, &A::get_momentum,
                                               &A::get_epsilon, &A::get_y, &A::get_mean, &A::get_inv_variance, &A::get_next_running_mean, &A::get_next_running_variance};
[[maybe_unused]] constexpr CopySetter COPY_SETTERS[] = {&A::set_x, &A::set_scale, &A::set_bias, &A::set_prev_running_mean, &A::set_prev_running_variance, &A::set_momentum,
                                                        &A::set_epsilon, &A::set_y, &A::set_mean, &A::set_inv_variance, &A::set_next_running_mean, &A::set_next_running_variance};
[[maybe_unused]] constexpr MoveSetter MOVE_SETTERS[] = {&A::set_x, &A::set_scale, &A::set_bias, &A::set_prev_running_mean, &A::set_prev_running_variance, &A::set_momentum,
                                                        &A::set_epsilon, &A::set_y, &A::set_mean, &A::set_inv_variance, &A::set_next_running_mean, &A::set_next_running_variance};
[[maybe_unused]] constexpr const Ptrs& (A::*GET_PEER_STATS)() const = &A::get_peer_stats;
[[maybe_unused]] constexpr A& (A::*SET_PREVIOUS_COPY)(const Ptr&, const Ptr&, const Ptr&) = &A::set_previous_running_stats;
[[maybe_unused]] constexpr A& (A::*SET_PREVIOUS_MOVE)(Ptr&&, Ptr&&, Ptr&&) = &A::set_previous_running_stats;
// The Graph method (Graph.hpp id 54669704407) and the NodeType (NodeType.hpp id 62461044382) are hipDNN's.
static_assert(static_cast<int>(hipdnn_frontend::graph::NodeType::BATCHNORM) == 4);
static_assert(std::is_base_of_v<hipdnn_frontend::graph::BaseNode<hipdnn_frontend::graph::BatchnormNode, hipdnn_frontend::graph::NodeType::BATCHNORM>, hipdnn_frontend::graph::BatchnormNode>);
[[maybe_unused]] constexpr std::array<Ptr, 5> (hipdnn_frontend::graph::Graph::*GRAPH_METHOD)(Ptr, Ptr, Ptr, A) = &hipdnn_frontend::graph::Graph::batchnorm;
} // namespace
