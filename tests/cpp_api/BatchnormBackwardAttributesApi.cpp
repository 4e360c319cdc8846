// hipDNN's public API of BatchnormBackwardAttributes, pinned as exact C++ types: this file must compile
// against the generated attributes header (op_specs/batchnorm_bwd.yaml).
// Facts checked against the real class, id 59862208743: InputNames DY=0, X=1, SCALE=2, MEAN=3,
// INV_VARIANCE=4; OutputNames DX=0, DSCALE=1, DBIAS=2; tensor getters and copy/move setters; the public
// std::vector<std::shared_ptr<TensorAttributes>> peer_stats with a const& getter and copy/move setters;
// set_saved_mean_and_inv_variance copy and move overloads; `typedef BatchnormBackwardAttributes
// Batchnorm_backward_attributes`. Its pack_attributes/deserialize members (this era packs in the class)
// are not generated: the packer is a file of its own. Written for this test; nothing copied.
#include <hipdnn_frontend/Graph.hpp>
#include <hipdnn_frontend/attributes/BatchnormBackwardAttributes.hpp>
#include <hipdnn_frontend/node/BatchnormBackwardNode.hpp>

#include <array>
#include <memory>
#include <type_traits>
#include <vector>

namespace
{
using hipdnn_frontend::graph::Attributes;
using hipdnn_frontend::graph::BatchnormBackwardAttributes;
using hipdnn_frontend::graph::TensorAttributes;
using A = BatchnormBackwardAttributes;
using Ptr = std::shared_ptr<TensorAttributes>;
using Ptrs = std::vector<Ptr>;
using Getter = Ptr (A::*)() const;
using CopySetter = A& (A::*)(const Ptr&);
using MoveSetter = A& (A::*)(Ptr&&);

static_assert(std::is_base_of_v<Attributes<A>, A>);
static_assert(static_cast<int>(A::InputNames::DY) == 0 && static_cast<int>(A::InputNames::X) == 1);
static_assert(static_cast<int>(A::InputNames::SCALE) == 2 && static_cast<int>(A::InputNames::MEAN) == 3);
static_assert(static_cast<int>(A::InputNames::INV_VARIANCE) == 4);
static_assert(static_cast<int>(A::OutputNames::DX) == 0 && static_cast<int>(A::OutputNames::DSCALE) == 1);
static_assert(static_cast<int>(A::OutputNames::DBIAS) == 2);
static_assert(std::is_same_v<decltype(A::peer_stats), Ptrs>);
static_assert(std::is_same_v<hipdnn_frontend::graph::Batchnorm_backward_attributes, A>);

[[maybe_unused]] constexpr Getter GETTERS[] = {&A::get_dy, &A::get_x, &A::get_scale, &A::get_mean, &A::get_inv_variance, &A::get_dx, &A::get_dscale, &A::get_dbias};
[[maybe_unused]] constexpr CopySetter COPY_SETTERS[] = {&A::set_dy, &A::set_x, &A::set_scale, &A::set_mean, &A::set_inv_variance, &A::set_dx, &A::set_dscale, &A::set_dbias};
[[maybe_unused]] constexpr MoveSetter MOVE_SETTERS[] = {&A::set_dy, &A::set_x, &A::set_scale, &A::set_mean, &A::set_inv_variance, &A::set_dx, &A::set_dscale, &A::set_dbias};
[[maybe_unused]] constexpr const Ptrs& (A::*GET_PEER_STATS)() const = &A::get_peer_stats;
[[maybe_unused]] constexpr A& (A::*SET_PEER_STATS_COPY)(const Ptrs&) = &A::set_peer_stats;
[[maybe_unused]] constexpr A& (A::*SET_PEER_STATS_MOVE)(Ptrs&&) = &A::set_peer_stats;
[[maybe_unused]] constexpr A& (A::*SET_SAVED_COPY)(const Ptr&, const Ptr&) = &A::set_saved_mean_and_inv_variance;
[[maybe_unused]] constexpr A& (A::*SET_SAVED_MOVE)(Ptr&&, Ptr&&) = &A::set_saved_mean_and_inv_variance;
// The Graph method (Graph.hpp id 55452782982 (and the op guide 59008714480)) and the NodeType (NodeType.hpp id 62461044382) are hipDNN's.
static_assert(static_cast<int>(hipdnn_frontend::graph::NodeType::BATCHNORM_BACKWARD) == 6);
static_assert(std::is_base_of_v<hipdnn_frontend::graph::BaseNode<hipdnn_frontend::graph::BatchnormBackwardNode, hipdnn_frontend::graph::NodeType::BATCHNORM_BACKWARD>, hipdnn_frontend::graph::BatchnormBackwardNode>);
[[maybe_unused]] constexpr std::array<Ptr, 3> (hipdnn_frontend::graph::Graph::*GRAPH_METHOD)(Ptr, Ptr, Ptr, A) = &hipdnn_frontend::graph::Graph::batchnorm_backward;
} // namespace
