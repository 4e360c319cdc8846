// hipDNN's public API of block-scale dequantize, pinned as exact C++ types: this file must compile
// against the generated headers (op_specs/block_scale_dequantize.yaml).
// Facts checked against the real files: BlockScaleDequantizeAttributes id 65491235163 (InputNames X=0,
// SCALE=1; OutputNames Y=0; tensor getters and copy/move setters; `const std::vector<int32_t>&
// get_block_size() const`; set_block_size(int32_t value, int32_t idx = 0), (const int32_t* values,
// int32_t len = 1) and (const std::vector<int32_t>&); bool get_is_negative_scale()/
// set_is_negative_scale(bool); the CRTP hooks logicallyEqualsImpl/strictEqualsImpl; the values in
// private members; `using Block_scale_dequantize_attributes = BlockScaleDequantizeAttributes`);
// Graph::block_scale_dequantize(x, scale, attributes) returning the single tensor y, id 54669704407;
// NodeType BLOCK_SCALE_DEQUANTIZE = 15, id 62461044382; BlockScaleDequantizeOperationDescriptor's
// getXDesc/getScaleDesc/getYDesc returning std::shared_ptr<TensorDescriptor>, id 64714576910.
// Written for this test; nothing copied.
#include <BlockScaleDequantizeOperationDescriptor.hpp>
#include <hipdnn_frontend/Graph.hpp>
#include <hipdnn_frontend/attributes/BlockScaleDequantizeAttributes.hpp>
#include <hipdnn_frontend/node/BlockScaleDequantizeNode.hpp>

#include <cstdint>
#include <memory>
#include <type_traits>
#include <vector>

namespace
{
using hipdnn_frontend::graph::Attributes;
using hipdnn_frontend::graph::BaseNode;
using hipdnn_frontend::graph::BlockScaleDequantizeAttributes;
using hipdnn_frontend::graph::BlockScaleDequantizeNode;
using hipdnn_frontend::graph::Graph;
using hipdnn_frontend::graph::NodeType;
using hipdnn_frontend::graph::TensorAttributes;
using A = BlockScaleDequantizeAttributes;
using D = hipdnn_backend::BlockScaleDequantizeOperationDescriptor;
using Ptr = std::shared_ptr<TensorAttributes>;
using Getter = Ptr (A::*)() const;
using CopySetter = A& (A::*)(const Ptr&);
using MoveSetter = A& (A::*)(Ptr&&);
using DescGetter = std::shared_ptr<hipdnn_backend::TensorDescriptor> (D::*)() const;

static_assert(std::is_base_of_v<Attributes<A>, A>);
static_assert(std::is_default_constructible_v<A>);
static_assert(static_cast<int>(A::InputNames::X) == 0 && static_cast<int>(A::InputNames::SCALE) == 1);
static_assert(static_cast<int>(A::OutputNames::Y) == 0);
static_assert(std::is_same_v<hipdnn_frontend::graph::Block_scale_dequantize_attributes, A>);
static_assert(static_cast<int>(NodeType::BLOCK_SCALE_DEQUANTIZE) == 15);
static_assert(std::is_base_of_v<BaseNode<BlockScaleDequantizeNode, NodeType::BLOCK_SCALE_DEQUANTIZE>, BlockScaleDequantizeNode>);

[[maybe_unused]] constexpr Getter GETTERS[] = {&A::get_x, &A::get_scale, &A::get_y};
[[maybe_unused]] constexpr CopySetter COPY_SETTERS[] = {&A::set_x, &A::set_scale, &A::set_y};
[[maybe_unused]] constexpr MoveSetter MOVE_SETTERS[] = {&A::set_x, &A::set_scale, &A::set_y};
[[maybe_unused]] constexpr const std::vector<int32_t>& (A::*GET_BLOCK_SIZE)() const = &A::get_block_size;
[[maybe_unused]] constexpr A& (A::*SET_BLOCK_SIZE_ELEMENT)(int32_t, int32_t) = &A::set_block_size;
[[maybe_unused]] constexpr A& (A::*SET_BLOCK_SIZE_ARRAY)(const int32_t*, int32_t) = &A::set_block_size;
[[maybe_unused]] constexpr A& (A::*SET_BLOCK_SIZE_VECTOR)(const std::vector<int32_t>&) = &A::set_block_size;
[[maybe_unused]] constexpr bool (A::*GET_NEGATIVE)() const = &A::get_is_negative_scale;
[[maybe_unused]] constexpr A& (A::*SET_NEGATIVE)(bool) = &A::set_is_negative_scale;
[[maybe_unused]] constexpr bool (A::*LOGICALLY_EQUALS)(const A&) const = &A::logicallyEqualsImpl;
[[maybe_unused]] constexpr bool (A::*STRICT_EQUALS)(const A&) const = &A::strictEqualsImpl;
[[maybe_unused]] constexpr Ptr (Graph::*GRAPH_METHOD)(Ptr, Ptr, A) = &Graph::block_scale_dequantize;
[[maybe_unused]] constexpr DescGetter DESC_GETTERS[] = {&D::getXDesc, &D::getScaleDesc, &D::getYDesc};

// The calls a client makes: the defaulted index and length arguments, the braced vector.
[[maybe_unused]] bool client()
{
    A attributes;
    const bool unset = attributes.get_block_size().empty() && !attributes.get_is_negative_scale();
    attributes.set_block_size(32).set_block_size(16, 1).set_is_negative_scale(true);
    const int32_t sizes[] = {8};
    A other;
    other.set_block_size(sizes);
    other.set_block_size({32, 16});
    return unset && attributes.get_block_size() == std::vector<int32_t>{32, 16} && attributes.logicallyEqualsImpl(other)
           && !attributes.strictEqualsImpl(other);
}
} // namespace
