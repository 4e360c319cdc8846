// hipDNN's public API of BlockScaleQuantizeAttributes, pinned as exact C++ types: this file must
// compile against the generated attributes header (op_specs/block_scale_quantize.yaml).
// Facts checked against the real class, id 57278527370 (HEAD side of a merge): InputNames X=0;
// OutputNames Y=0, SCALE=1 (scale is an output); tensor getters and copy/move setters;
// std::optional<int32_t> get_block_size() with set_block_size(int32_t); std::optional<int64_t> get_axis()
// with set_axis(int64_t); bool get_transpose()/set_transpose(bool), false by default;
// `using Block_scale_quantize_attributes = BlockScaleQuantizeAttributes`. hipDNN keeps the three values
// in private members, and so does the generated class (`frontend: {private: true}`): none is named
// here. Written for this test; nothing copied.
#include <hipdnn_frontend/Graph.hpp>
#include <hipdnn_frontend/attributes/BlockScaleQuantizeAttributes.hpp>
#include <hipdnn_frontend/node/BlockScaleQuantizeNode.hpp>

#include <cstdint>
#include <array>
#include <memory>
#include <optional>
#include <type_traits>

namespace
{
using hipdnn_frontend::graph::Attributes;
using hipdnn_frontend::graph::BlockScaleQuantizeAttributes;
using hipdnn_frontend::graph::TensorAttributes;
using A = BlockScaleQuantizeAttributes;
using Ptr = std::shared_ptr<TensorAttributes>;
using Getter = Ptr (A::*)() const;
using CopySetter = A& (A::*)(const Ptr&);
using MoveSetter = A& (A::*)(Ptr&&);

static_assert(std::is_base_of_v<Attributes<A>, A>);
static_assert(std::is_default_constructible_v<A>);
static_assert(static_cast<int>(A::InputNames::X) == 0);
static_assert(static_cast<int>(A::OutputNames::Y) == 0 && static_cast<int>(A::OutputNames::SCALE) == 1);
static_assert(std::is_same_v<hipdnn_frontend::graph::Block_scale_quantize_attributes, A>);

[[maybe_unused]] constexpr Getter GETTERS[] = {&A::get_x, &A::get_y, &A::get_scale};
[[maybe_unused]] constexpr CopySetter COPY_SETTERS[] = {&A::set_x, &A::set_y, &A::set_scale};
[[maybe_unused]] constexpr MoveSetter MOVE_SETTERS[] = {&A::set_x, &A::set_y, &A::set_scale};
[[maybe_unused]] constexpr std::optional<int32_t> (A::*GET_BLOCK_SIZE)() const = &A::get_block_size;
[[maybe_unused]] constexpr A& (A::*SET_BLOCK_SIZE)(int32_t) = &A::set_block_size;
[[maybe_unused]] constexpr std::optional<int64_t> (A::*GET_AXIS)() const = &A::get_axis;
[[maybe_unused]] constexpr A& (A::*SET_AXIS)(int64_t) = &A::set_axis;
[[maybe_unused]] constexpr bool (A::*GET_TRANSPOSE)() const = &A::get_transpose;
[[maybe_unused]] constexpr A& (A::*SET_TRANSPOSE)(bool) = &A::set_transpose;

[[maybe_unused]] bool client()
{
    A attributes;
    const bool unset = !attributes.get_block_size().has_value() && !attributes.get_axis().has_value() && !attributes.get_transpose();
    attributes.set_block_size(32).set_axis(3).set_transpose(true);
    return unset && attributes.get_block_size() == 32 && attributes.get_axis() == 3 && attributes.get_transpose();
}
// The Graph method (Graph.hpp id 54669704407) and the NodeType (NodeType.hpp id 62461044382) are hipDNN's.
static_assert(static_cast<int>(hipdnn_frontend::graph::NodeType::BLOCK_SCALE_QUANTIZE) == 14);
static_assert(std::is_base_of_v<hipdnn_frontend::graph::BaseNode<hipdnn_frontend::graph::BlockScaleQuantizeNode, hipdnn_frontend::graph::NodeType::BLOCK_SCALE_QUANTIZE>, hipdnn_frontend::graph::BlockScaleQuantizeNode>);
[[maybe_unused]] constexpr std::array<Ptr, 2> (hipdnn_frontend::graph::Graph::*GRAPH_METHOD)(Ptr, A) = &hipdnn_frontend::graph::Graph::block_scale_quantize;
} // namespace
