"""Data-type groups and the CPU reference: the generated signature key never hashes two
combinations alike, and hipdnn_ops.reference.layernorm_bwd agrees with an independent float64
implementation of the textbook formulas, with finite differences of a layernorm forward, and with
itself across layouts and shape forms."""

from __future__ import annotations

import itertools
import re

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from codegen.spec import dtypes
from codegen.views import naming
from codegen.spec.references.layernorm_bwd import layernorm_bwd
from codegen.spec.references.numeric import bfloat16_round
from codegen.pipeline.workspace import load
from conftest import REPO

WS = load(REPO)
SPEC = next(s for s in WS.specs if s.op == "layernorm_bwd")


def test_layernorm_bwd_spec_carries_hipdnns_nine_combinations():
    # LayernormBpropSignatureKey.hpp (tvy-amd fork, id 66419224350), rows in its getPlanBuilders
    # order: (dy, scale/bias, mean/inv_variance, x, compute)
    F, H, B = "FLOAT", "HALF", "BFLOAT16"
    assert SPEC.dtypes is not None
    assert SPEC.dtypes.fields == ("dy", "scale_bias", "mean_inv_variance", "x", "compute")
    assert SPEC.dtypes.rows() == [
        (F, F, F, F, F), (H, F, F, H, F), (B, F, F, B, F), (F, F, F, H, F), (F, F, F, B, F),
        (H, H, H, H, H), (B, B, B, B, B), (H, H, H, H, F), (B, B, B, B, F),
    ]


def _generated_shifts() -> tuple[int, list[tuple[str, int]]]:
    """hashSelf() of the generated key, read back from the header: (node bits, (field, shift))."""
    names = naming.OpNames(SPEC)
    text = (REPO / "generated" / SPEC.op / names.signature_key_hpp).read_text()
    body = text[text.index("hashSelf() const") :]
    body = body[: body.index(";")]
    shifts = [(m.group(1), int(m.group(2))) for m in re.finditer(r"static_cast<uint8_t>\((\w+)\)\)\s*<<\s*(\d+)", body)]
    assert "static_cast<std::size_t>(nodeType)" in body
    return dtypes.NODE_BITS, shifts


def test_generated_key_gives_distinct_combinations_distinct_hashes():
    """Over every combination of every DataType of the registry in every field (18^5), the hash
    the generated header computes is injective, and the node's union member stays below the
    fields."""
    assert WS.registry is not None
    node_bits, shifts = _generated_shifts()
    layout = dtypes.key_layout(SPEC, WS.registry)
    assert layout is not None
    assert [s for _, s in shifts] == [s for _, s in layout.fields]
    assert [f for f, _ in shifts] == [naming.group_field(SPEC.dtypes.cxx(g)) for g in SPEC.dtypes.fields]
    values = np.array(sorted(t.value for t in WS.registry.data_types), dtype=np.uint64)
    grids = np.meshgrid(*([values] * len(shifts)), indexing="ij")
    node = np.uint64(SPEC.flatbuffers.union_position)
    assert int(node) < 1 << node_bits
    hashes = np.full(grids[0].shape, node, dtype=np.uint64)
    for grid, (_, shift) in zip(grids, shifts):
        hashes |= grid << np.uint64(shift)
    assert hashes.size == len(values) ** len(shifts)
    assert np.unique(hashes).size == hashes.size
    assert layout.bits <= dtypes.KEY_BITS


def test_hipdnns_own_hash_collides_where_ours_does_not():
    """The review finding the issue names: two fields shifted by the same amount (<< 16 twice)
    make distinct combinations collide; the generated layout cannot."""
    def hipdnn_like(row):  # a key whose x and compute both sit at << 16
        dy, sb, mi, x, c = row
        return dy << 4 ^ sb << 8 ^ mi << 12 ^ x << 16 ^ c << 16

    assert hipdnn_like((1, 1, 1, 2, 1)) == hipdnn_like((1, 1, 1, 1, 2))
    _, shifts = _generated_shifts()

    def ours(row):
        return sum(v << s for v, (_, s) in zip(row, shifts))

    assert ours((1, 1, 1, 2, 1)) != ours((1, 1, 1, 1, 2))


def test_sdpa_bwd_spec_carries_hipdnns_three_rows_and_a_compute_free_key():
    """SdpaBwdSignatureKey.hpp (id 65569794033): seven key fields (q, k, v, o, dq, dk, dv), no
    compute type, three uniform builders whose plan also takes dO's type (SdpaBwdPlan.hpp id
    65463613975). hipDNN shifts its fields by 4 bits each although DataType values need 5, so two
    of its keys collide; the layout generated from the spec gives each field 5 bits of its own."""
    sdpa = next(s for s in WS.specs if s.op == "sdpa_bwd")
    assert sdpa.dtypes is not None and not sdpa.dtypes.compute
    assert sdpa.dtypes.fields == ("q", "k", "v", "o", "do", "dq", "dk", "dv")
    assert sdpa.dtypes.key_fields == ("q", "k", "v", "o", "dq", "dk", "dv")
    assert sdpa.dtypes.rows() == [(t,) * 8 for t in ("FLOAT", "BFLOAT16", "HALF")]
    layout = dtypes.key_layout(sdpa, WS.registry)
    assert layout is not None and [f for f, _ in layout.fields] == list(sdpa.dtypes.key_fields)
    assert layout.bits == dtypes.NODE_BITS + 7 * 5

    def hipdnn_like(row):  # hashSelf() of the real key: node ^ q << 4 ^ k << 8 ^ ... ^ dv << 28
        return _xor(15, [v << (4 * (i + 1)) for i, v in enumerate(row)])

    def ours(row):
        return _xor(15, [v << s for v, (_, s) in zip(row, layout.fields)])

    # q=FP8_E4M3_FNUZ (16: a fifth bit, which lands in k's range) against k=1
    a, b = (16, 0, 0, 0, 0, 0, 0), (0, 1, 0, 0, 0, 0, 0)
    assert hipdnn_like(a) == hipdnn_like(b)
    assert ours(a) != ours(b)


def _xor(first: int, values: list[int]) -> int:
    out = first
    for v in values:
        out ^= v
    return out


def test_mirror_table_without_compute_ignores_the_nodes_compute_type():
    import importlib
    import sys

    sys.path.insert(0, str(REPO / "generated" / "python"))
    try:
        module = importlib.import_module("hipdnn_ops.sdpa_bwd")
        enums = importlib.import_module("hipdnn_ops.enums")
        table = module.SdpaBwdOperationDescriptor.DTYPES
        F, H = enums.DataType.FLOAT, enums.DataType.HALF
        uniform = {t: H for t in ("q", "k", "v", "o", "do", "dq", "dk", "dv")}
        assert table.problems(uniform, None) == []
        assert table.problems(uniform, F) == []  # any compute type: the key holds none
        assert table.problems({**uniform, "do": F}, None) == [
            "no CPU reference for data types q=HALF, k=HALF, v=HALF, o=HALF, do=FLOAT, dq=HALF, dk=HALF, dv=HALF (3 combinations are supported)"
        ]
        assert table.problems({**uniform, "stats": F}, None) == []  # unchecked
    finally:
        sys.path.remove(str(REPO / "generated" / "python"))


# --- the reference against independent float64 formulas ----------------------------------------


def textbook(dy, x, scale, k, epsilon=1e-5, mean=None, rstd=None):
    """dx, dscale, dbias in float64 from the textbook formulas (rows = batch, N = normalized)."""
    dy, x, scale = (np.asarray(a, dtype=np.float64) for a in (dy, x, scale))
    rows = int(np.prod(x.shape[: x.ndim - k], dtype=np.int64))
    n = int(np.prod(x.shape[x.ndim - k :], dtype=np.int64))
    X, D, S = x.reshape(rows, n), dy.reshape(rows, n), scale.reshape(n)
    mu = X.mean(axis=1, keepdims=True) if mean is None else np.asarray(mean, np.float64).reshape(rows, 1)
    r = 1.0 / np.sqrt(X.var(axis=1, keepdims=True) + epsilon) if rstd is None else np.asarray(rstd, np.float64).reshape(rows, 1)
    xhat = (X - mu) * r
    dbias = D.sum(axis=0)
    dscale = (D * xhat).sum(axis=0)
    ds = D * S
    dx = r / n * (n * ds - ds.sum(axis=1, keepdims=True) - xhat * (ds * xhat).sum(axis=1, keepdims=True))
    return dx.reshape(x.shape), dscale.reshape(scale.shape), dbias.reshape(scale.shape)


STORAGE = {"FLOAT": np.float32, "HALF": np.float16, "BFLOAT16": np.float32}
# max |reference - float64| / max(1, max |float64|), per the least precise type a combination uses
# (its unit roundoff times the reduction length's growth, with a margin)
TOLERANCE = {"FLOAT": 2e-5, "HALF": 2e-2, "BFLOAT16": 1.5e-1}


def as_type(values: np.ndarray, kind: str) -> np.ndarray:
    if kind == "BFLOAT16":
        return bfloat16_round(values.astype(np.float32))
    return values.astype(STORAGE[kind])


def _tolerance(row: tuple[str, ...]) -> float:
    return max(TOLERANCE[t] for t in row)


@pytest.mark.parametrize("with_stats", [True, False], ids=["saved", "recomputed"])
@pytest.mark.parametrize("row", SPEC.dtypes.rows(), ids=["-".join(r) for r in SPEC.dtypes.rows()])
def test_reference_matches_float64_formulas_on_every_combination(row, with_stats):
    types = dict(zip(SPEC.dtypes.fields, row))
    rng = np.random.default_rng(7)
    shape, k = (4, 6, 8), 2
    dy = as_type(rng.standard_normal(shape), types["dy"])
    x = as_type(rng.standard_normal(shape) * 1.5 + 0.25, types["x"])
    scale = as_type(rng.standard_normal((1, 6, 8)), types["scale_bias"])
    declared = {"dy": types["dy"].lower(), "x": types["x"].lower(), "scale": types["scale_bias"].lower()}
    mean = rstd = None
    if with_stats:
        xs = x.astype(np.float64)
        mean = as_type(xs.mean(axis=(1, 2), keepdims=True), types["mean_inv_variance"])
        rstd = as_type(1.0 / np.sqrt(xs.var(axis=(1, 2), keepdims=True) + 1e-5), types["mean_inv_variance"])
        declared |= {"mean": types["mean_inv_variance"].lower(), "inv_variance": types["mean_inv_variance"].lower()}
    got = layernorm_bwd(dy, x, scale, mean, rstd, normalized_dim_count=k, compute=types["compute"].lower(), types=declared)
    want = textbook(dy, x, scale, k, mean=mean, rstd=rstd)
    for name, g, w in zip(("dx", "dscale", "dbias"), got, want):
        assert g.shape == w.shape
        assert g.dtype == (np.float16 if types["x" if name == "dx" else "scale_bias"] == "HALF" else np.float32)
        err = np.max(np.abs(g.astype(np.float64) - w)) / max(1.0, np.max(np.abs(w)))
        assert err <= _tolerance(row), (name, err)


def _forward_loss(x, scale, bias, dy, k, epsilon=1e-5):
    rows = int(np.prod(x.shape[: x.ndim - k]))
    X = x.reshape(rows, -1)
    y = (X - X.mean(axis=1, keepdims=True)) / np.sqrt(X.var(axis=1, keepdims=True) + epsilon) * scale.reshape(-1) + bias.reshape(-1)
    return float(np.sum(dy.reshape(rows, -1) * y))


def test_reference_matches_finite_differences_of_the_forward():
    """dL/dx, dL/dscale, dL/dbias of L = sum(dy * layernorm(x) * scale + bias), by central
    differences in float64, against the float32 reference."""
    rng = np.random.default_rng(11)
    shape, k = (3, 5, 4), 2
    x = rng.standard_normal(shape)
    dy = rng.standard_normal(shape)
    scale = rng.standard_normal((5, 4))
    bias = rng.standard_normal((5, 4))
    h = 1e-6

    def grad(f, a):
        out = np.zeros_like(a)
        for index in np.ndindex(a.shape):
            step = np.zeros_like(a)
            step[index] = h
            out[index] = (f(a + step) - f(a - step)) / (2 * h)
        return out

    fd_dx = grad(lambda v: _forward_loss(v, scale, bias, dy, k), x)
    fd_dscale = grad(lambda v: _forward_loss(x, v, bias, dy, k), scale)
    fd_dbias = grad(lambda v: _forward_loss(x, scale, v, dy, k), bias)
    dx, dscale, dbias = layernorm_bwd(dy.astype(np.float32), x.astype(np.float32), scale.astype(np.float32), normalized_dim_count=k)
    for got, want in ((dx, fd_dx), (dscale, fd_dscale), (dbias, fd_dbias)):
        assert np.max(np.abs(got - want)) <= 1e-4 * max(1.0, np.max(np.abs(want)))


@st.composite
def problems(draw):
    rank = draw(st.integers(1, 4))
    shape = tuple(draw(st.lists(st.integers(1, 5), min_size=rank, max_size=rank)))
    k = draw(st.integers(1, rank))
    seed = draw(st.integers(0, 2**32 - 1))
    order = draw(st.permutations(range(rank)))
    with_stats = draw(st.booleans())
    return shape, k, seed, tuple(order), with_stats


@settings(max_examples=60, deadline=None)
@given(problems())
@example(((5, 2), 1, 278, (0, 1), True))  # a row of two nearly equal values: 1/sigma near 300
def test_reference_is_layout_and_form_invariant_and_close_to_float64(problem):
    """Any strides (a permuted storage order) give bit-identical results; one-padded and
    reduced-rank scale/statistics give bit-identical results; both agree with float64."""
    shape, k, seed, order, with_stats = problem
    rng = np.random.default_rng(seed)
    x = rng.standard_normal(shape).astype(np.float32)
    dy = rng.standard_normal(shape).astype(np.float32)
    norm, batch = shape[len(shape) - k :], shape[: len(shape) - k]
    scale = rng.standard_normal(norm).astype(np.float32)
    mean = rstd = None
    if with_stats:
        axes = tuple(range(len(shape) - k, len(shape)))
        mean = x.astype(np.float64).mean(axis=axes).astype(np.float32)
        rstd = (1.0 / np.sqrt(x.astype(np.float64).var(axis=axes) + 1e-5)).astype(np.float32)
    base = layernorm_bwd(dy, x, scale, mean, rstd, normalized_dim_count=k)

    # the same logical tensors stored in another order (strides of a transposed buffer)
    inverse = np.argsort(order)
    strided = [np.ascontiguousarray(a.transpose(order)).transpose(inverse) for a in (dy, x)]
    assert strided[1].shape == x.shape and (strided[1] == x).all()
    again = layernorm_bwd(strided[0], strided[1], scale, mean, rstd, normalized_dim_count=k)
    for a, b in zip(base, again):
        assert np.array_equal(a, b)

    # one-padded forms of the scale and the statistics
    padded_scale = scale.reshape((1,) * len(batch) + norm)
    pm = pr = None
    if with_stats:
        pm, pr = (s.reshape(batch + (1,) * k) for s in (mean, rstd))
    padded = layernorm_bwd(dy, x, padded_scale, pm, pr, normalized_dim_count=k)
    assert np.array_equal(padded[0], base[0])
    assert np.array_equal(padded[1].reshape(norm), base[1]) and np.array_equal(padded[2].reshape(norm), base[2])

    # float32 against float64: dx cancels terms of size |dy * scale| and multiplies by 1/sigma,
    # so its error grows with the largest 1/sqrt(var + epsilon) of a row (up to 316 for a row of
    # nearly equal values); dscale and dbias are plain sums
    axes = tuple(range(len(shape) - k, len(shape)))
    conditioning = max(1.0, float(np.max(1.0 / np.sqrt(x.astype(np.float64).var(axis=axes) + 1e-5))))
    want = textbook(dy, x, scale, k, mean=mean, rstd=rstd)
    for index, (g, w) in enumerate(zip(base, want)):
        bound = TOLERANCE["FLOAT"] * 10 * max(1.0, np.max(np.abs(w))) * (conditioning if index == 0 else 1.0)
        assert np.max(np.abs(g - w)) <= bound


def test_reference_infers_normalized_dim_count_from_the_scale():
    rng = np.random.default_rng(3)
    x = rng.standard_normal((2, 3, 4)).astype(np.float32)
    dy = rng.standard_normal((2, 3, 4)).astype(np.float32)
    for scale, k in ((np.ones((3, 4), np.float32), 2), (np.ones((1, 3, 4), np.float32), 2), (np.ones((4,), np.float32), 1)):
        assert all(np.array_equal(a, b) for a, b in zip(layernorm_bwd(dy, x, scale), layernorm_bwd(dy, x, scale, normalized_dim_count=k)))


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda a: layernorm_bwd(a, a, np.ones((5,), np.float32)), "scale has shape (5,); it must be x's trailing dims (4,)"),
        (lambda a: layernorm_bwd(a, a, np.ones((4,), np.float32), np.ones((2, 3), np.float32)), "mean and inv_variance are given together or not at all"),
        (lambda a: layernorm_bwd(a, a, np.ones((4,), np.float32), normalized_dim_count=4), "normalized_dim_count 4 must lie in 1..3"),
        (lambda a: layernorm_bwd(a, a, np.ones((4,), np.float32), types={"x": "bfloat16"}), "holds values that are not bfloat16 numbers"),
        (lambda a: layernorm_bwd(a, a, np.ones((4,), np.float32), compute="int8"), "unknown data type 'int8'"),
        (lambda a: layernorm_bwd(a.astype(np.float64), a, np.ones((4,), np.float32)), "arrays must be float32 or float16"),
    ],
)
def test_reference_refuses_bad_input_with_a_message(call, message):
    a = np.random.default_rng(0).standard_normal((2, 3, 4)).astype(np.float32)
    with pytest.raises(ValueError, match=re.escape(message)):
        call(a)


def test_16_bit_compute_rounds_at_each_step():
    """Summing 2049 ones over the batch: half compute stalls at 2048 (2048 + 1 rounds to even),
    float32 accumulation reaches 2049; bfloat16 rounding is to nearest, ties to even."""
    n = 2049
    dy = np.ones((n, 1), np.float16)
    x = np.zeros((n, 1), np.float16)
    _, _, dbias_half = layernorm_bwd(dy, x, np.ones((1,), np.float16), compute="half")
    _, _, dbias_float = layernorm_bwd(dy, x, np.ones((1,), np.float32), compute="float32")
    assert dbias_half.tolist() == [2048.0] and dbias_half.dtype == np.float16
    assert dbias_float.tolist() == [2049.0] and dbias_float.dtype == np.float32
    assert bfloat16_round(np.array([1.0 + 2**-8, 1.0 + 3 * 2**-8], np.float32)).tolist() == [1.0, 1.0 + 2**-6]


def test_mirror_reference_refuses_an_unsupported_combination():
    import importlib
    import sys

    sys.path.insert(0, str(REPO / "generated" / "python"))
    try:
        reference = importlib.import_module("hipdnn_ops.reference")
        a = np.zeros((2, 4), np.float32)
        with pytest.raises(reference.UnsupportedDataTypes, match=r"dy=HALF, scale_bias=FLOAT, mean_inv_variance=FLOAT, x=FLOAT, compute=FLOAT"):
            reference.layernorm_bwd(a.astype(np.float16), a, np.ones((4,), np.float32))
        dx, _, _ = reference.layernorm_bwd(a.astype(np.float16), a.astype(np.float16), np.ones((4,), np.float32))
        assert dx.dtype == np.float16
    finally:
        sys.path.remove(str(REPO / "generated" / "python"))


def test_every_combination_row_is_a_product_of_registry_types():
    assert WS.registry is not None
    known = {t.name for t in WS.registry.data_types}
    assert all(set(row) <= known for row in itertools.chain(SPEC.dtypes.rows()))
