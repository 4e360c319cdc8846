"""Benchmark `hipdnn-codegen check`: the repository's specs, a synthetic workspace of N generated
ops, and how the collision pass grows with N. Prints numbers; asserts nothing.

    .venv/bin/python benchmarks/bench_check.py [--ops 1000] [--repeat 5]
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

SPEC = """\
stem: Synth{i}
descriptor_type: {{name: HIPDNN_BACKEND_OPERATION_SYNTH{i}_DESCRIPTOR_EXT, value: {value}}}
operation_type: {{name: HIPDNN_OPERATION_TYPE_SYNTH{i}_EXT, value: {value}}}
attribute_range: [{low}, {high}]
flatbuffers: {{table: Synth{i}Attributes, header: synth{i}_attributes_generated.h}}
tensors:
  - {{name: x, attribute: HIPDNN_ATTR_OPERATION_SYNTH{i}_X_EXT, id: {a0}, role: input}}
  - {{name: scale, attribute: HIPDNN_ATTR_OPERATION_SYNTH{i}_SCALE_EXT, id: {a1}, role: input}}
  - {{name: mean, attribute: HIPDNN_ATTR_OPERATION_SYNTH{i}_MEAN_EXT, id: {a2}, role: input, optional: true}}
  - {{name: inv_variance, attribute: HIPDNN_ATTR_OPERATION_SYNTH{i}_INV_VARIANCE_EXT, id: {a3}, role: input, optional: true}}
  - {{name: y, attribute: HIPDNN_ATTR_OPERATION_SYNTH{i}_Y_EXT, id: {a4}, role: output}}
fields:
  - {{name: axis, type: int64, attribute: HIPDNN_ATTR_SYNTH{i}_AXIS_EXT, id: {a5}}}
  - {{name: epsilon, type: float, optional: true, attribute: HIPDNN_ATTR_SYNTH{i}_EPSILON_EXT, id: {a6}}}
compute_type: {{attribute: HIPDNN_ATTR_SYNTH{i}_COMP_TYPE_EXT, id: {a7}}}
rules:
  - both_or_neither: [mean, inv_variance]
  - same_shape: [x, y]
test_data:
  tensors:
    x: {{uid: {u0}, dims: [2, 3], strides: [3, 1]}}
    scale: {{uid: {u1}, dims: [1, 3], strides: [3, 1]}}
    mean: {{uid: {u2}, dims: [2, 1], strides: [1, 1]}}
    inv_variance: {{uid: {u3}, dims: [2, 1], strides: [1, 1]}}
    y: {{uid: {u4}, dims: [2, 3], strides: [3, 1]}}
  fields:
    axis: 1
    epsilon: 0.5
"""


def spec_text(i: int) -> str:
    low = 100_000 + i * 100
    ids = {f"a{k}": low + k for k in range(8)}
    uids = {f"u{k}": 10_000_000 + i * 100 + k for k in range(5)}
    return SPEC.format(i=i, value=1000 + i, low=low, high=low + 99, **ids, **uids)


def write_workspace(root: Path, count: int) -> None:
    (root / "op_specs").mkdir(parents=True)
    for i in range(count):
        (root / "op_specs" / f"synth_{i:05d}.yaml").write_text(spec_text(i))


def timed(command: list[str], cwd: Path, repeat: int) -> tuple[float, int]:
    samples, code = [], 0
    env = dict(os.environ, PYTHONPATH=str(REPO))  # the checkout's code, installed or not
    for _ in range(repeat):
        start = time.perf_counter()
        code = subprocess.run(command, cwd=cwd, env=env, capture_output=True).returncode
        samples.append(time.perf_counter() - start)
    return statistics.median(samples), code


def collision_scaling(sizes: list[int]) -> list[tuple[int, float]]:
    from codegen.checks import collisions
    from codegen.pipeline.workspace import load_spec

    specs = []
    for i in range(max(sizes)):
        spec, problems = load_spec(f"synth_{i}.yaml", f"synth_{i:05d}", spec_text(i).encode())
        assert spec is not None and not problems, problems
        specs.append(spec)
    rows = []
    for n in sizes:
        gc.collect()
        gc.disable()
        best = min(_time(lambda: collisions.check(specs[:n], None)) for _ in range(5))
        gc.enable()
        rows.append((n, best))
    return rows


def _time(fn) -> float:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ops", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    cli = [sys.executable, "-m", "codegen"]

    seconds, code = timed(cli + ["check"], REPO, args.repeat)
    print(f"repo check ({args.repeat} runs, median): {seconds:.3f} s (exit {code})")

    with tempfile.TemporaryDirectory() as tmp:
        ws = Path(tmp)
        write_workspace(ws, args.ops)
        seconds, code = timed(cli + ["generate"], ws, 1)
        files = sum(1 for p in (ws / "generated").rglob("*") if p.is_file())
        print(f"synthetic generate, {args.ops} ops -> {files} files: {seconds:.2f} s (exit {code})")
        seconds, code = timed(cli + ["check"], ws, max(1, args.repeat // 2))
        print(f"synthetic check, {args.ops} ops, staleness included: {seconds:.2f} s (exit {code})")
        seconds, code = timed(cli + ["check", "--no-stale"], ws, max(1, args.repeat // 2))
        print(f"synthetic check --no-stale, {args.ops} ops: {seconds:.2f} s (exit {code})")

    sizes = [args.ops // 4, args.ops // 2, args.ops, args.ops * 2, args.ops * 4]
    rows = collision_scaling(sizes)
    print("collision pass (best of 5, GC off):")
    for (n, t), (_, previous) in zip(rows, [(0, 0.0)] + rows):
        ratio = f"  x{t / previous:.2f} for x2 ops" if previous else ""
        print(f"  {n:6d} ops: {t * 1000:8.1f} ms{ratio}")


if __name__ == "__main__":
    main()
