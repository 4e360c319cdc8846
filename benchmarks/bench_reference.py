"""Speed of hipdnn_ops.reference.layernorm_bwd (codegen/references) on 16x1024x1024, normalized
over the last dim (a batch of 16 sequences of 1024 tokens with 1024 features), float32 everywhere.

Compared with: the float64 textbook formulas in vectorized numpy (tests/test_dtypes.py's
implementation), and a naive pure-Python loop over every element in the reference's order. The
naive loop is timed on --naive-rows rows and scaled to all 16384 rows (it is linear in rows);
pass --naive-rows 16384 to time it whole.

    .venv/bin/python benchmarks/bench_reference.py [--naive-rows N]
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

import numpy as np

sys.path[:0] = [str(Path(__file__).resolve().parents[1]), str(Path(__file__).resolve().parents[1] / "tests")]

from codegen.spec.references.layernorm_bwd import layernorm_bwd  # noqa: E402
from test_dtypes import textbook  # noqa: E402

SHAPE = (16, 1024, 1024)


def naive(dy: np.ndarray, x: np.ndarray, scale: np.ndarray, epsilon: float = 1e-5) -> tuple[list, list, list]:
    """Row by row, element by element, in Python floats (the reference's order and formulas)."""
    rows, n = x.shape
    dx = [[0.0] * n for _ in range(rows)]
    dscale, dbias = [0.0] * n, [0.0] * n
    for r in range(rows):
        xr, dr = x[r].tolist(), dy[r].tolist()
        s = scale.tolist()
        mean = m2 = 0.0
        for j, v in enumerate(xr, 1):
            delta = v - mean
            mean += delta / j
            m2 += delta * (v - mean)
        rstd = 1.0 / math.sqrt(m2 / n + epsilon)
        sdsx = sds = 0.0
        for j in range(n):
            ds = dr[j] * s[j]
            sdsx += ds * xr[j]
            sds += ds
        a = rstd**3 * (sdsx - sds * mean) / n
        b = rstd * sds / n - a * mean
        for j in range(n):
            dx[r][j] = rstd * dr[j] * s[j] - a * xr[j] - b
            dscale[j] += dr[j] * (xr[j] - mean) * rstd
            dbias[j] += dr[j]
    return dx, dscale, dbias


def timed(label: str, call, scale_by: float = 1.0) -> float:
    start = time.perf_counter()
    call()
    seconds = (time.perf_counter() - start) * scale_by
    print(f"{label:<46} {seconds:8.2f} s")
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--naive-rows", type=int, default=64)
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    x = rng.standard_normal(SHAPE, dtype=np.float32)
    dy = rng.standard_normal(SHAPE, dtype=np.float32)
    scale = rng.standard_normal(SHAPE[-1:], dtype=np.float32)
    rows = x.size // SHAPE[-1]
    print(f"layernorm backward, {'x'.join(map(str, SHAPE))}, normalized over the last dim ({rows} rows)")
    ours = timed("hipdnn_ops.reference.layernorm_bwd (float32)", lambda: layernorm_bwd(dy, x, scale, normalized_dim_count=1))
    f64 = timed("float64 textbook formulas (numpy)", lambda: textbook(dy, x, scale, 1))
    part = max(1, min(args.naive_rows, rows))
    x2, dy2 = x.reshape(rows, -1), dy.reshape(rows, -1)
    slow = timed(f"naive Python loop ({part} rows, scaled to {rows})", lambda: naive(dy2[:part], x2[:part], scale), rows / part)
    print(f"reference vs naive loop: {slow / ours:.0f}x faster; vs float64 formulas: {ours / f64:.1f}x the time")


if __name__ == "__main__":
    main()
