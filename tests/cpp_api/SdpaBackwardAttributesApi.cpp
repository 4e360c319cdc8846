// Calls a client of hipDNN's SdpaBackwardAttributes makes, compiled against the generated header.
// Facts checked against id 64742379712: enumerator spellings and values (Q..Dropout_scale_inv,
// dQ..dBias), public members with their types and defaults, accessor names (get/set_attn_scale for
// the SCALE tensor, get/set_bias for ATTN_MASK), set_attn_scale(float), the diagonal-band setters,
// both set_dropout overloads and the SDPA_backward_attributes typedef. hipDNN's cuDNN-compatibility
// setters that only record an unsupported reason (set_score_mod, set_rng_dump, ...) are not
// generated: no spec vocabulary describes them yet, so they are left out of this test on purpose.
#include <hipdnn_frontend/attributes/SdpaBackwardAttributes.hpp>

#include <cstdint>
#include <memory>
#include <optional>
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
