// hipDNN's public API of RMSNormBackwardAttributes, pinned as exact C++ types: this file must compile
// against the generated attributes header (op_specs/rmsnorm_bwd.yaml).
// Facts checked against the real class, id 55117798218 (fork zpengmei): InputNames DY=0, X=1, SCALE=2,
// INV_RMS=3; OutputNames DX=0, DSCALE=1, DBIAS=2; tensor getters and copy/move setters; the frontend-only
// bool get_compute_dbias()/set_compute_dbias(bool) and has_dbias(bool), which sets it (default false);
// `using Rmsnorm_backward_attributes = RMSNormBackwardAttributes`. Written for this test; nothing copied.
#include <hipdnn_frontend/Graph.hpp>
#include <hipdnn_frontend/attributes/RMSNormBackwardAttributes.hpp>
#include <hipdnn_frontend/node/RMSNormBackwardNode.hpp>

#include <array>
#include <memory>
#include <type_traits>

namespace
{
using hipdnn_frontend::graph::Attributes;
using hipdnn_frontend::graph::RMSNormBackwardAttributes;
using hipdnn_frontend::graph::TensorAttributes;
using A = RMSNormBackwardAttributes;
using Ptr = std::shared_ptr<TensorAttributes>;
using Getter = Ptr (A::*)() const;
using CopySetter = A& (A::*)(const Ptr&);
using MoveSetter = A& (A::*)(Ptr&&);

static_assert(std::is_base_of_v<Attributes<A>, A>);
static_assert(std::is_default_constructible_v<A>);
static_assert(std::is_same_v<A::input_names, A::InputNames>);
static_assert(std::is_same_v<A::output_names, A::OutputNames>);
static_assert(static_cast<int>(A::InputNames::DY) == 0 && static_cast<int>(A::InputNames::X) == 1);
static_assert(static_cast<int>(A::InputNames::SCALE) == 2 && static_cast<int>(A::InputNames::INV_RMS) == 3);
static_assert(static_cast<int>(A::OutputNames::DX) == 0 && static_cast<int>(A::OutputNames::DSCALE) == 1);
static_assert(static_cast<int>(A::OutputNames::DBIAS) == 2);
static_assert(std::is_same_v<hipdnn_frontend::graph::Rmsnorm_backward_attributes, A>);

[[maybe_unused]] constexpr Getter GETTERS[] = {&A::get_dy, &A::get_x, &A::get_scale, &A::get_inv_rms, &A::get_dx, &A::get_dscale, &A::get_dbias};
[[maybe_unused]] constexpr CopySetter COPY_SETTERS[] = {&A::set_dy, &A::set_x, &A::set_scale, &A::set_inv_rms, &A::set_dx, &A::set_dscale, &A::set_dbias};
[[maybe_unused]] constexpr MoveSetter MOVE_SETTERS[] = {&A::set_dy, &A::set_x, &A::set_scale, &A::set_inv_rms, &A::set_dx, &A::set_dscale, &A::set_dbias};
[[maybe_unused]] constexpr bool (A::*COMPUTE_DBIAS)() const = &A::get_compute_dbias;
[[maybe_unused]] constexpr A& (A::*SET_COMPUTE_DBIAS)(bool) = &A::set_compute_dbias;
[[maybe_unused]] constexpr A& (A::*HAS_DBIAS)(bool) = &A::has_dbias;

[[maybe_unused]] bool client()
{
    A attributes;
    const bool unset = !attributes.get_compute_dbias();
    attributes.has_dbias(true);
    return unset && attributes.get_compute_dbias() && !attributes.set_compute_dbias(false).get_compute_dbias();
}
// The Graph method (Graph.hpp id 54669704407) and the NodeType (NodeType.hpp id 62461044382) are hipDNN's.
static_assert(static_cast<int>(hipdnn_frontend::graph::NodeType::RMS_NORM_BACKWARD) == 19);
static_assert(std::is_base_of_v<hipdnn_frontend::graph::BaseNode<hipdnn_frontend::graph::RMSNormBackwardNode, hipdnn_frontend::graph::NodeType::RMS_NORM_BACKWARD>, hipdnn_frontend::graph::RMSNormBackwardNode>);
[[maybe_unused]] constexpr std::array<Ptr, 3> (hipdnn_frontend::graph::Graph::*GRAPH_METHOD)(Ptr, Ptr, Ptr, Ptr, A) = &hipdnn_frontend::graph::Graph::rmsnorm_backward;
} // namespace
