"""Layernorm backward on the CPU, with the semantics of hipDNN's CPU reference for the op.

dims come from dy; the normalized dims from the scale's shape (one-padded to x's rank, or reduced
to the trailing normalized_dim_count dims); the batch dims from x's leading dims (mean and
inv_variance, when given, one-padded or reduced like the scale). Without saved statistics the mean
and 1/sqrt(var + epsilon) are recomputed from x (Welford's update, in the compute type).

Every operation is done in the compute type in the reference's order: the per-row sums over the
normalized elements and the per-element sums over the batch run sequentially, so a 16-bit compute
type rounds at each step and float32 accumulates in float32 exactly as a sequential C++ loop does.
Rows (or columns) are processed side by side with numpy, so the cost is one vector step per
normalized element plus one per batch row.
"""

from __future__ import annotations

from typing import Mapping

import numpy as np

from .numeric import TYPES, Arith, data_type, type_of


def layernorm_bwd(
    dy: np.ndarray,
    x: np.ndarray,
    scale: np.ndarray,
    mean: np.ndarray | None = None,
    inv_variance: np.ndarray | None = None,
    *,
    epsilon: float = 1e-5,
    normalized_dim_count: int | None = None,
    compute: str = "float32",
    types: Mapping[str, str] | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(dx, dscale, dbias) for upstream gradient `dy` of a layernorm of `x` scaled by `scale`.

    Arrays are float32 or float16; bfloat16 values travel in float32 arrays declared in `types`
    (tensor name -> data type, e.g. {"x": "bfloat16"}). dx has x's type, dscale and dbias the
    scale's type; bfloat16 results come back in float32 arrays holding bfloat16 values.
    """
    declared = dict(types or {})
    arrays = {"dy": dy, "x": x, "scale": scale, "mean": mean, "inv_variance": inv_variance}
    unknown = sorted(set(declared) - set(arrays))
    if unknown:
        raise ValueError(f"types= names {', '.join(unknown)}, which is not an input (dy, x, scale, mean, inv_variance)")
    kinds = {name: type_of(np.asarray(a), declared.get(name)) for name, a in arrays.items() if a is not None}
    c = TYPES[data_type(compute)]
    with np.errstate(all="ignore"):  # overflow to inf and NaN are IEEE results, as in C++
        return _bwd(c, kinds, np.asarray(dy), np.asarray(x), np.asarray(scale), mean, inv_variance, epsilon, normalized_dim_count)


def _bwd(c: Arith, kinds: dict[str, str], dy: np.ndarray, x: np.ndarray, scale: np.ndarray, mean: np.ndarray | None,
         inv_variance: np.ndarray | None, epsilon: float, normalized_dim_count: int | None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    if (mean is None) != (inv_variance is None):
        raise ValueError("mean and inv_variance are given together or not at all")
    ndim = dy.ndim
    if ndim < 1:
        raise ValueError("dy must have at least one dimension")
    if x.shape != dy.shape:
        raise ValueError(f"x has shape {x.shape}, dy {dy.shape}: they must be equal")
    k = _normalized_dim_count(x.shape, scale.shape) if normalized_dim_count is None else int(normalized_dim_count)
    if not 1 <= k <= ndim:
        raise ValueError(f"normalized_dim_count {k} must lie in 1..{ndim} (the rank of x)")
    batch_shape, norm_shape = x.shape[: ndim - k], x.shape[ndim - k :]
    _conforms("scale", scale.shape, norm_shape, trailing=True, ndim=ndim)
    if mean is not None and inv_variance is not None:
        mean, inv_variance = np.asarray(mean), np.asarray(inv_variance)
        if mean.shape != inv_variance.shape:
            raise ValueError(f"mean has shape {mean.shape}, inv_variance {inv_variance.shape}: they must be equal")
        _conforms("mean", mean.shape, batch_shape, trailing=False, ndim=ndim)
    rows = int(np.prod(batch_shape, dtype=np.int64))
    n = int(np.prod(norm_shape, dtype=np.int64))
    if rows == 0 or n == 0:
        raise ValueError("batch and normalized dims must all be positive")

    # static_cast<Compute>(value) of every input, laid out as (batch row, normalized element)
    dy2 = c.of(_values(dy, kinds["dy"]).reshape(rows, n))
    x2 = c.of(_values(x, kinds["x"]).reshape(rows, n))
    s1 = c.of(_values(scale, kinds["scale"]).reshape(n))

    # pass 1: per row, sum(dy * scale * x) and sum(dy * scale) over the normalized elements
    sum_dsx = c.of(np.zeros(rows))
    sum_ds = c.of(np.zeros(rows))
    for j in range(n):
        ds = c.mul(dy2[:, j], s1[j])
        sum_dsx = c.add(sum_dsx, c.mul(ds, x2[:, j]))
        sum_ds = c.add(sum_ds, ds)

    if mean is None or inv_variance is None:
        mu, rstd = _statistics(c, x2, epsilon)
    else:
        mu = c.of(_values(mean, kinds["mean"]).reshape(rows))
        rstd = c.of(_values(inv_variance, kinds["inv_variance"]).reshape(rows))

    count = c.of(n)
    r3 = c.mul(c.mul(rstd, rstd), rstd)
    a = c.div(c.mul(r3, c.sub(sum_dsx, c.mul(sum_ds, mu))), count)
    b = c.sub(c.div(c.mul(rstd, sum_ds), count), c.mul(a, mu))
    dx2 = c.sub(c.sub(c.mul(c.mul(rstd[:, None], dy2), s1[None, :]), c.mul(a[:, None], x2)), b[:, None])

    # pass 2: per normalized element, sum over the batch rows in order
    dscale = c.of(np.zeros(n))
    dbias = c.of(np.zeros(n))
    for i in range(rows):
        centred = c.mul(c.mul(dy2[i], c.sub(x2[i], mu[i])), rstd[i])
        dscale = c.add(dscale, centred)
        dbias = c.add(dbias, dy2[i])

    out_x, out_s = TYPES[kinds["x"]], TYPES[kinds["scale"]]
    return (
        out_x.of(dx2).reshape(x.shape),
        out_s.of(dscale).reshape(scale.shape),
        out_s.of(dbias).reshape(scale.shape),
    )


def _values(array: np.ndarray, kind: str) -> np.ndarray:
    """An input's values in row-major logical order (any strides), in its storage type."""
    return np.ascontiguousarray(array, dtype=TYPES[kind].storage)


def _statistics(c: Arith, x2: np.ndarray, epsilon: float) -> tuple[np.ndarray, np.ndarray]:
    """Mean and 1/sqrt(var + epsilon) per row, by Welford's update in the compute type."""
    rows, n = x2.shape
    mu = c.of(np.zeros(rows))
    m2 = c.of(np.zeros(rows))
    for j in range(n):
        delta = c.sub(x2[:, j], mu)
        mu = c.add(mu, c.div(delta, c.of(j + 1)))
        m2 = c.add(m2, c.mul(delta, c.sub(x2[:, j], mu)))
    variance = c.div(m2, c.of(n))
    rstd = c.div(c.of(1.0), c.sqrt(c.add(variance, c.of(epsilon))))
    return mu, rstd


def _normalized_dim_count(x_shape: tuple[int, ...], scale_shape: tuple[int, ...]) -> int:
    """The count the frontend infers from the scale: its rank when reduced, else the run of
    trailing dims that are not 1 (at least one)."""
    if len(scale_shape) != len(x_shape):
        return len(scale_shape)
    run = 0
    for d in reversed(scale_shape):
        if d == 1:
            break
        run += 1
    return max(run, 1)


def _conforms(name: str, shape: tuple[int, ...], kept: tuple[int, ...], *, trailing: bool, ndim: int) -> None:
    """`shape` is `kept` alone (reduced rank) or `kept` padded with 1s to x's rank (one-padded)."""
    if tuple(shape) == tuple(kept):
        return
    if len(shape) == ndim:
        pad = ndim - len(kept)
        inner, outer = (shape[pad:], shape[:pad]) if trailing else (shape[: len(kept)], shape[len(kept) :])
        if tuple(inner) == tuple(kept) and all(d == 1 for d in outer):
            return
    side = "trailing" if trailing else "leading"
    raise ValueError(f"{name} has shape {tuple(shape)}; it must be x's {side} dims {tuple(kept)}, alone or padded with 1s to rank {ndim}")


def golden_input(name: str, arrays: Mapping[str, np.ndarray], *, normalized_dim_count: int, epsilon: float = 1e-5) -> np.ndarray | None:
    """Inputs a golden case derives from the others instead of drawing them: the saved mean and
    1/sqrt(var + epsilon) of x as the forward pass leaves them (float64, per batch row)."""
    if name not in ("mean", "inv_variance"):
        return None
    x = np.asarray(arrays["x"], dtype=np.float64)
    axes = tuple(range(x.ndim - normalized_dim_count, x.ndim))
    if name == "mean":
        mean: np.ndarray = x.mean(axis=axes)
        return mean
    rstd: np.ndarray = 1.0 / np.sqrt(x.var(axis=axes) + epsilon)
    return rstd
