// Calls a client of hipDNN's SdpaBackwardAttributes makes, compiled against the generated header.
// Facts checked against id 64742379712: enumerator spellings and values (Q..Dropout_scale_inv,
// dQ..dBias), public members with their types and defaults, a getter and copy/move setters per tensor
// (get/set_attn_scale for the SCALE tensor, get/set_bias for ATTN_MASK), set_attn_scale(float), the
// flag and diagonal-band setters, set_dropout(float, const&, const&) and the by-value
// set_dropout(mask, scale, scaleInv), and the SDPA_backward_attributes typedef. Graph::sdpa_backward(q,
// k, v, o, dO, stats, attributes) returning three tensors: Graph.hpp id 55452782982 (and the op guide
// 59008714480); NodeType SDPA_BWD = 13: id 62461044382; SdpaBwdOperationDescriptor's getters (getDBiasDesc
// capitalised so): id 55447567807. hipDNN's cuDNN source-compatibility setters (id 64742379712):
// set_sliding_window_length(int), the templated set_score_mod/set_score_mod_bprop, set_max_total_seq_len_q/kv
// (int64_t), set_deterministic_algorithm(bool), set_rng_dump/set_sink_token/set_dsink_token (const&), and the
// base's hasUnsupportedUsage()/getUnsupportedReason() (Attributes.hpp id 59058282675).
#include <SdpaBwdOperationDescriptor.hpp>
#include <hipdnn_frontend/Graph.hpp>
#include <hipdnn_frontend/attributes/SdpaBackwardAttributes.hpp>
#include <hipdnn_frontend/node/SdpaBwdNode.hpp>

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>

namespace
{
using hipdnn_frontend::DiagonalAlignment;
using hipdnn_frontend::graph::SdpaBackwardAttributes;
using hipdnn_frontend::graph::TensorAttributes;
using A = SdpaBackwardAttributes;

static_assert(static_cast<int>(A::InputNames::dO) == 4 && static_cast<int>(A::InputNames::Stats) == 5);
static_assert(static_cast<int>(A::InputNames::Attn_scale) == 6 && static_cast<int>(A::InputNames::Bias) == 7);
static_assert(static_cast<int>(A::InputNames::SEQ_LEN_Q) == 8 && static_cast<int>(A::InputNames::SEQ_LEN_KV) == 9);
static_assert(static_cast<int>(A::InputNames::Seed) == 10 && static_cast<int>(A::InputNames::Offset) == 11);
static_assert(static_cast<int>(A::InputNames::Dropout_mask) == 12 && static_cast<int>(A::InputNames::Dropout_scale_inv) == 14);
static_assert(static_cast<int>(A::OutputNames::dQ) == 0 && static_cast<int>(A::OutputNames::dBias) == 3);
static_assert(std::is_same_v<decltype(A::alibi_mask), bool>);
static_assert(std::is_same_v<decltype(A::dropout_probability), std::optional<float>>);
static_assert(std::is_same_v<decltype(A::attn_scale_value), std::optional<float>>);
static_assert(std::is_same_v<decltype(A::left_bound), std::optional<int64_t>>);
static_assert(std::is_same_v<decltype(A::diagonal_alignment), DiagonalAlignment>);
static_assert(std::is_same_v<hipdnn_frontend::graph::SDPA_backward_attributes, A>);

using Ptr = std::shared_ptr<TensorAttributes>;
using Getter = Ptr (A::*)() const;
using CopySetter = A& (A::*)(const Ptr&);
using MoveSetter = A& (A::*)(Ptr&&);
using D = hipdnn_backend::SdpaBwdOperationDescriptor;
using DescGetter = std::shared_ptr<hipdnn_backend::TensorDescriptor> (D::*)() const;
using hipdnn_frontend::graph::Graph;
using hipdnn_frontend::graph::NodeType;

#define HIPDNN_CODEGEN_TENSOR_API(name)                                  \
    [[maybe_unused]] constexpr Getter get_##name##Pointer = &A::get_##name; \
    [[maybe_unused]] constexpr CopySetter set_##name##Copy = &A::set_##name; \
    [[maybe_unused]] constexpr MoveSetter set_##name##Move = &A::set_##name;

HIPDNN_CODEGEN_TENSOR_API(q)
HIPDNN_CODEGEN_TENSOR_API(k)
HIPDNN_CODEGEN_TENSOR_API(v)
HIPDNN_CODEGEN_TENSOR_API(o)
HIPDNN_CODEGEN_TENSOR_API(do)
HIPDNN_CODEGEN_TENSOR_API(stats)
HIPDNN_CODEGEN_TENSOR_API(attn_scale)
HIPDNN_CODEGEN_TENSOR_API(bias)
HIPDNN_CODEGEN_TENSOR_API(seq_len_q)
HIPDNN_CODEGEN_TENSOR_API(seq_len_kv)
HIPDNN_CODEGEN_TENSOR_API(seed)
HIPDNN_CODEGEN_TENSOR_API(offset)
HIPDNN_CODEGEN_TENSOR_API(dropout_mask)
HIPDNN_CODEGEN_TENSOR_API(dropout_scale)
HIPDNN_CODEGEN_TENSOR_API(dropout_scale_inv)
HIPDNN_CODEGEN_TENSOR_API(dq)
HIPDNN_CODEGEN_TENSOR_API(dk)
HIPDNN_CODEGEN_TENSOR_API(dv)
HIPDNN_CODEGEN_TENSOR_API(dbias)

[[maybe_unused]] constexpr A& (A::*SET_ATTN_SCALE_VALUE)(float) = &A::set_attn_scale;
[[maybe_unused]] constexpr A& (A::*FLAG_SETTERS[])(bool) = {&A::set_alibi_mask, &A::set_padding_mask, &A::set_causal_mask, &A::set_causal_mask_bottom_right};
[[maybe_unused]] constexpr A& (A::*BOUND_SETTERS[])(int64_t) = {&A::set_diagonal_band_left_bound, &A::set_diagonal_band_right_bound};
[[maybe_unused]] constexpr A& (A::*SET_ALIGNMENT)(DiagonalAlignment) = &A::set_diagonal_alignment;
[[maybe_unused]] constexpr A& (A::*SET_DROPOUT_PROBABILITY)(float, const Ptr&, const Ptr&) = &A::set_dropout;
[[maybe_unused]] constexpr A& (A::*SET_DROPOUT_MASK)(Ptr, Ptr, Ptr) = &A::set_dropout;
static_assert(std::is_same_v<decltype(A::padding_mask), bool> && std::is_same_v<decltype(A::causal_mask), bool>);
static_assert(std::is_same_v<decltype(A::causal_mask_bottom_right), bool>);
static_assert(std::is_same_v<decltype(A::right_bound), std::optional<int64_t>>);

[[maybe_unused]] constexpr A& (A::*SET_SLIDING_WINDOW)(int) = &A::set_sliding_window_length;
[[maybe_unused]] constexpr A& (A::*SEQ_LEN_HINTS[])(int64_t) = {&A::set_max_total_seq_len_q, &A::set_max_total_seq_len_kv};
[[maybe_unused]] constexpr A& (A::*SET_DETERMINISTIC)(bool) = &A::set_deterministic_algorithm;
[[maybe_unused]] constexpr A& (A::*TENSOR_HINTS[])(const Ptr&) = {&A::set_rng_dump, &A::set_sink_token, &A::set_dsink_token};
[[maybe_unused]] constexpr bool (A::*HAS_UNSUPPORTED)() const = &A::hasUnsupportedUsage;
[[maybe_unused]] constexpr const std::string& (A::*UNSUPPORTED_REASON)() const = &A::getUnsupportedReason;

// A callable reaches the templated setters, and the first unsupported use is the one kept.
[[maybe_unused]] bool recordsUnsupported()
{
    A attributes;
    attributes.set_score_mod([](int value) { return value; }).set_score_mod_bprop([](int value) { return value; });
    return attributes.hasUnsupportedUsage() && !attributes.getUnsupportedReason().empty();
}

static_assert(static_cast<int>(NodeType::SDPA_BWD) == 13);
static_assert(std::is_base_of_v<hipdnn_frontend::graph::BaseNode<hipdnn_frontend::graph::SdpaBwdNode, NodeType::SDPA_BWD>, hipdnn_frontend::graph::SdpaBwdNode>);
[[maybe_unused]] constexpr std::array<Ptr, 3> (Graph::*GRAPH_METHOD)(Ptr, Ptr, Ptr, Ptr, Ptr, Ptr, A) = &Graph::sdpa_backward;
[[maybe_unused]] constexpr DescGetter DESC_GETTERS[] = {&D::getQDesc, &D::getKDesc, &D::getVDesc, &D::getODesc, &D::getDoDesc, &D::getStatsDesc, &D::getDqDesc, &D::getDkDesc, &D::getDvDesc, &D::getScaleDesc, &D::getAttnMaskDesc, &D::getSeqLenQDesc, &D::getSeqLenKvDesc, &D::getSeedDesc, &D::getOffsetDesc, &D::getDropoutMaskDesc, &D::getDropoutScaleDesc, &D::getDropoutScaleInvDesc, &D::getDBiasDesc};
} // namespace

int hipdnnCodegenSdpaBackwardClient()
{
    auto t = std::make_shared<TensorAttributes>();
    A a;
    a.set_q(t).set_k(t).set_v(t).set_o(t).set_do(t).set_stats(t).set_dq(t).set_dk(t).set_dv(t).set_dbias(t);
    a.set_attn_scale(t).set_bias(t).set_seq_len_q(t).set_seq_len_kv(t);
    a.set_attn_scale(0.5f).set_alibi_mask(true).set_padding_mask(false).set_causal_mask(false);
    a.set_causal_mask_bottom_right(false).set_diagonal_band_left_bound(1).set_diagonal_band_right_bound(2);
    a.set_diagonal_alignment(DiagonalAlignment::TOP_LEFT);
    a.set_dropout(0.1f, t, t).set_dropout(t, t, t);
    bool ok = a.get_q() == t && a.get_do() == t && a.get_attn_scale() == t && a.get_bias() == t && a.get_seed() == t;
    ok = ok && a.get_offset() == t && a.get_dropout_mask() == t && a.get_dropout_scale() == t;
    ok = ok && a.get_dropout_scale_inv() == t && a.get_stats() == t && a.get_dk() == t && a.get_dv() == t;
    ok = ok && a.dropout_probability == 0.1f && a.attn_scale_value == 0.5f && a.left_bound == 1 && a.right_bound == 2;
    return ok ? 0 : 1;
}
