// hipDNN's public API of LayernormBackwardAttributes, pinned as exact C++ types: this file must
// compile against the generated attributes header, so code written against hipDNN's hand-written
// class compiles against the generated one.
// Facts checked against the real class: id 58774450256 (tvy-amd fork @cef38776; enums, accessors,
// move-then-copy setters, int64_t normalized_dim_count = 0, both set_saved_mean_and_inv_variance
// overloads, typedef Layernorm_backward_attributes), id 64635461764 (upstream @b41bde89: same
// accessors; it adds equality hooks, which the generator does not emit, and drops the typedef).
// Base class members: Attributes.hpp id 65590463241. Written for this test; nothing copied.
#include <hipdnn_frontend/Graph.hpp>
#include <hipdnn_frontend/attributes/LayernormBackwardAttributes.hpp>
#include <hipdnn_frontend/node/LayernormBackwardNode.hpp>

#include <cstdint>
#include <array>
#include <memory>
#include <type_traits>
#include <utility>

namespace
{
using hipdnn_frontend::graph::Attributes;
using hipdnn_frontend::graph::LayernormBackwardAttributes;
using hipdnn_frontend::graph::TensorAttributes;
using A = LayernormBackwardAttributes;
using Ptr = std::shared_ptr<TensorAttributes>;
using Getter = Ptr (A::*)() const;
using CopySetter = A& (A::*)(const Ptr&);
using MoveSetter = A& (A::*)(Ptr&&);

static_assert(std::is_base_of_v<Attributes<A>, A>);
static_assert(std::is_default_constructible_v<A>);
static_assert(std::is_same_v<A::input_names, A::InputNames>);
static_assert(std::is_same_v<A::output_names, A::OutputNames>);
static_assert(static_cast<int>(A::InputNames::DY) == 0 && static_cast<int>(A::InputNames::X) == 1);
static_assert(static_cast<int>(A::InputNames::SCALE) == 2 && static_cast<int>(A::InputNames::MEAN) == 3);
static_assert(static_cast<int>(A::InputNames::INV_VARIANCE) == 4 && static_cast<int>(A::InputNames::EPSILON) == 5);
static_assert(static_cast<int>(A::OutputNames::DX) == 0 && static_cast<int>(A::OutputNames::DSCALE) == 1);
static_assert(static_cast<int>(A::OutputNames::DBIAS) == 2);
static_assert(std::is_same_v<decltype(A::normalized_dim_count), int64_t>);
static_assert(std::is_same_v<decltype(A::inputs), std::unordered_map<A::InputNames, Ptr>>);
static_assert(std::is_same_v<decltype(A::outputs), std::unordered_map<A::OutputNames, Ptr>>);
static_assert(std::is_same_v<hipdnn_frontend::graph::Layernorm_backward_attributes, A>);

#define HIPDNN_CODEGEN_TENSOR_API(getter, setter)                        \
    [[maybe_unused]] constexpr Getter getter##Pointer = &A::getter;      \
    [[maybe_unused]] constexpr CopySetter setter##Copy = &A::setter;     \
    [[maybe_unused]] constexpr MoveSetter setter##Move = &A::setter;

HIPDNN_CODEGEN_TENSOR_API(get_dy, set_dy)
HIPDNN_CODEGEN_TENSOR_API(get_x, set_x)
HIPDNN_CODEGEN_TENSOR_API(get_scale, set_scale)
HIPDNN_CODEGEN_TENSOR_API(get_mean, set_mean)
HIPDNN_CODEGEN_TENSOR_API(get_inv_variance, set_inv_variance)
HIPDNN_CODEGEN_TENSOR_API(get_epsilon, set_epsilon)
HIPDNN_CODEGEN_TENSOR_API(get_dx, set_dx)
HIPDNN_CODEGEN_TENSOR_API(get_dscale, set_dscale)
HIPDNN_CODEGEN_TENSOR_API(get_dbias, set_dbias)

[[maybe_unused]] constexpr int64_t (A::*getCount)() const = &A::get_normalized_dim_count;
[[maybe_unused]] constexpr A& (A::*setCount)(int64_t) = &A::set_normalized_dim_count;
[[maybe_unused]] constexpr A& (A::*pairedCopy)(const Ptr&, const Ptr&) = &A::set_saved_mean_and_inv_variance;
[[maybe_unused]] constexpr A& (A::*pairedMove)(Ptr&&, Ptr&&) = &A::set_saved_mean_and_inv_variance;
// The Graph method (Graph.hpp id 55452782982) and the NodeType (NodeType.hpp id 62461044382) are hipDNN's.
static_assert(static_cast<int>(hipdnn_frontend::graph::NodeType::LAYERNORM_BACKWARD) == 20);
static_assert(std::is_base_of_v<hipdnn_frontend::graph::BaseNode<hipdnn_frontend::graph::LayernormBackwardNode, hipdnn_frontend::graph::NodeType::LAYERNORM_BACKWARD>, hipdnn_frontend::graph::LayernormBackwardNode>);
[[maybe_unused]] constexpr std::array<Ptr, 3> (hipdnn_frontend::graph::Graph::*GRAPH_METHOD)(Ptr, Ptr, Ptr, A) = &hipdnn_frontend::graph::Graph::layernorm_backward;
} // namespace

// The calls a client makes, chained as hipDNN's setters allow.
int hipdnnCodegenLayernormBackwardClient()
{
    auto mean = std::make_shared<TensorAttributes>();
    A attributes;
    attributes.set_name("ln_bwd").set_normalized_dim_count(3).set_saved_mean_and_inv_variance(mean, mean);
    attributes.set_saved_mean_and_inv_variance(std::make_shared<TensorAttributes>(), std::make_shared<TensorAttributes>());
    attributes.normalized_dim_count = 2;
    return attributes.get_mean() == mean ? 0 : 1;
}
