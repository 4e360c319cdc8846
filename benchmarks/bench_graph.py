"""Benchmark the mirror's graph formats: serialize and parse an N-node graph (default 10,000
layernorm-backward and SDPA-backward nodes, every optional tensor the valid node state sets) as
hipDNN's FlatBuffers binary and JSON, and compare with the pinned flatc doing the same conversions
(binary -> flatc's JSON and back). Prints numbers; asserts nothing.

    .venv/bin/python benchmarks/bench_graph.py [--nodes 10000] [--repeat 3]

flatc's times include starting the process and parsing the schemas (about the same for any graph
size); its JSON is flatc's own shape (enum names, <union>_type), not hipDNN's. Both sides convert
the same bytes.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

REPO = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(REPO), str(REPO / "tests"), str(REPO / "generated" / "python")]

from codegen.pipeline.workspace import load  # noqa: E402
from cpp_harness import flatc  # noqa: E402
from test_graph_formats import _schemas, build_graph  # noqa: E402

import hipdnn_ops  # noqa: E402


def timed(call: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = call()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nodes", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    specs = load(REPO).specs
    copies = max(1, args.nodes // len(specs))
    started = time.perf_counter()
    graph = build_graph(hipdnn_ops, specs, copies=copies)
    serialized = graph.serialize()
    built = time.perf_counter() - started
    nodes, tensors = len(serialized["nodes"]), len(serialized["tensors"])
    print(f"graph: {nodes} nodes, {tensors} tensors (built and lowered through the frontend API in {built:.2f} s)")

    rows = []
    t_bin, data = timed(lambda: hipdnn_ops.to_binary(serialized), args.repeat)
    rows.append(("mirror: serialize to FlatBuffers", t_bin, len(data)))
    t_parse, parsed = timed(lambda: hipdnn_ops.from_binary(data), args.repeat)
    assert parsed == serialized
    rows.append(("mirror: parse FlatBuffers", t_parse, len(data)))
    t_json, text = timed(lambda: hipdnn_ops.to_json(serialized), args.repeat)
    rows.append(("mirror: serialize to hipDNN JSON", t_json, len(text)))
    t_from_json, _ = timed(lambda: hipdnn_ops.from_json(text), args.repeat)
    rows.append(("mirror: parse hipDNN JSON", t_from_json, len(text)))
    t_validate, problems = timed(lambda: hipdnn_ops.validate(serialized), args.repeat)
    assert problems == []
    rows.append(("mirror: validate every node", t_validate, nodes))

    with tempfile.TemporaryDirectory() as scratch:
        directory = Path(scratch)
        schema = _schemas(REPO, specs, directory)
        (directory / "graph.bin").write_bytes(data)
        to_json = [flatc(), "--json", "--strict-json", "--raw-binary", "-o", str(directory / "j"), "-I", str(directory), str(schema), "--", str(directory / "graph.bin")]
        t_flatc_json, _ = timed(lambda: subprocess.run(to_json, check=True), args.repeat)
        flatc_text = (directory / "j" / "graph.json").read_text()
        rows.append(("flatc: FlatBuffers -> its JSON", t_flatc_json, len(flatc_text)))
        to_bin = [flatc(), "--binary", "-o", str(directory / "b"), "-I", str(directory), str(schema), str(directory / "j" / "graph.json")]
        t_flatc_bin, _ = timed(lambda: subprocess.run(to_bin, check=True), args.repeat)
        rows.append(("flatc: its JSON -> FlatBuffers", t_flatc_bin, (directory / "b" / "graph.bin").stat().st_size))
        empty = [flatc(), "--binary", "-o", str(directory / "e"), "-I", str(directory), str(schema)]
        t_flatc_start, _ = timed(lambda: subprocess.run(empty, check=True), args.repeat)
        rows.append(("flatc: start and parse schemas only", t_flatc_start, 0))

    print(f"{'step':42} {'median s':>9} {'size':>12}")
    for name, seconds, size in rows:
        print(f"{name:42} {seconds:9.3f} {size:12}")
    mirror_to_json = t_parse + t_json
    mirror_to_bin = t_from_json + t_bin
    print(f"binary -> JSON: mirror {mirror_to_json:.3f} s, flatc {t_flatc_json:.3f} s: ratio {mirror_to_json / t_flatc_json:.1f}x")
    print(f"JSON -> binary: mirror {mirror_to_bin:.3f} s, flatc {t_flatc_bin:.3f} s: ratio {mirror_to_bin / t_flatc_bin:.1f}x")


if __name__ == "__main__":
    main()
