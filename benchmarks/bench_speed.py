"""Benchmark the figures of issue 39's "Done when", each paired with its floor in the same run
(rounds alternate the measurement and its floor, so a loaded machine slows both alike; medians):

  check, repo           `check -q` on this repository (fresh stamps)   vs a bare Python start
  check, N ops          `check -q` on a synthetic workspace of N ops    (generated, fresh stamps)
  one op, N ops         edit one spec's content, then `generate -q` in a new process, at each N;
                        reported against the same at the smallest N
  one op, repo          the same on a copy of this repository (its Python mirror regenerates too)
  generate, repo        `generate -q` from an empty generated/ on a copy of this repository
                        vs its floor: a Python start plus ONE clang-format process over the same
                        C++ bytes; with the cache warm (formatted text and compiled templates kept,
                        a developer's steady state) and with an empty cache directory each run
  mirror JSON           hipdnn_ops.to_json / from_json on a 10,000-node graph vs json.dumps /
                        json.loads of the same document (in-process)

The runs share one cache directory of their own, filled by a first run as a developer's is.
With --against DIR (another checkout's or export's root, e.g. `git archive` of an older commit),
`check` and one op changed on the repository are also taken with DIR's code on a copy of DIR's own
op_specs/ and generated/ (and a cache directory of its own), in rounds alternating with this
code's: "before" and "after" paired under the same load.
Prints a table; asserts nothing (tests never time anything).

    .venv/bin/python benchmarks/bench_speed.py [--ops 10 100 1000] [--repeat 7] [--nodes 10000] [--against DIR]
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

REPO = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(REPO), str(REPO / "benchmarks")]

from bench_check import write_workspace  # noqa: E402 - the same synthetic ops

CACHE = tempfile.mkdtemp(prefix="bench-speed-cache-")
CLI = [sys.executable, "-m", "codegen"]
BARE = [sys.executable, "-c", "pass"]


def _env(cache: str = CACHE, code: Path = REPO) -> dict[str, str]:
    env = dict(os.environ, PYTHONPATH=str(code), HIPDNN_CODEGEN_CACHE_DIR=cache)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # a developer's Python keeps its bytecode
    return env


def run(command: list[str], cwd: Path, cache: str = CACHE, code: Path = REPO) -> float:
    start = time.perf_counter()
    proc = subprocess.run(command, cwd=cwd, env=_env(cache, code), capture_output=True)
    took = time.perf_counter() - start
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(command)} in {cwd} exited {proc.returncode}: {proc.stdout.decode()[-400:]}{proc.stderr.decode()[-400:]}")
    return took


def paired(measure: Callable[[], float], base: Callable[[], float], repeat: int) -> tuple[float, float, float]:
    """Medians of `measure` and `base` over alternating rounds, and the median of the per-round ratios."""
    ours, floors, ratios = [], [], []
    for _ in range(repeat):
        a, b = measure(), base()
        ours.append(a)
        floors.append(b)
        ratios.append(a / b)
    return statistics.median(ours), statistics.median(floors), statistics.median(ratios)


def repo_copy(into: Path, source: Path = REPO) -> Path:
    ws = into / "repo"
    shutil.copytree(source / "op_specs", ws / "op_specs")
    shutil.copytree(source / "generated", ws / "generated", ignore=shutil.ignore_patterns("__pycache__"))
    return ws


def toggler(path: Path, old: str, new: str) -> Callable[[], None]:
    """Each call changes what the spec says (so its op is stale), alternating between two texts."""
    text = path.read_text()
    assert old in text, (path, old)
    states = [text.replace(old, new, 1), text]
    count = [0]

    def edit() -> None:
        path.write_text(states[count[0] % 2])
        count[0] += 1

    return edit


def one_op_round(ws: Path, edit: Callable[[], None], cache: str = CACHE, code: Path = REPO) -> Callable[[], float]:
    """A call edits the spec and regenerates in a new process (after one warming call)."""
    edit()
    run([*CLI, "generate", "-q"], ws, cache, code)  # warm: the caches hold both states from now on

    def once() -> float:
        edit()
        return run([*CLI, "generate", "-q"], ws, cache, code)

    return once


def one_op(ws: Path, edit: Callable[[], None], repeat: int) -> float:
    once = one_op_round(ws, edit)
    return statistics.median(once() for _ in range(repeat))


def clang_format_floor(generated: Path, scratch: Path) -> Callable[[], float]:
    """A Python start plus one clang-format process over copies of every formatted file."""
    from codegen.families import builtin_templates
    from codegen.plumbing import formatting

    sources = sorted(p for p in generated.rglob("*") if p.suffix in formatting.FORMATTED_SUFFIXES)
    style = builtin_templates() / formatting.STYLE_FILE
    binary = formatting.executable()

    def once() -> float:
        folder = scratch / "floor"
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir()
        copies = []
        for i, path in enumerate(sources):
            target = folder / f"{i:06d}{path.suffix}"
            shutil.copyfile(path, target)
            copies.append(str(target))
        start = time.perf_counter()
        subprocess.run(BARE, check=True)
        subprocess.run([binary, f"--style=file:{style}", "-i", *copies], check=True)
        return time.perf_counter() - start

    return once


def mirror_json(nodes: int, repeat: int) -> tuple[float, float]:
    """Median per-round ratios of the mirror's JSON writer and reader to json.dumps / json.loads
    on the same document."""
    sys.path[:0] = [str(REPO / "tests"), str(REPO / "generated" / "python")]
    sys.dont_write_bytecode = True  # no __pycache__ left in generated/ (test_generate counts its files)
    from codegen.pipeline.workspace import load
    from test_graph_formats import build_graph

    import hipdnn_ops

    specs = load(REPO).specs
    serialized = build_graph(hipdnn_ops, specs, copies=max(1, nodes // len(specs))).serialize()
    text = hipdnn_ops.to_json(serialized)
    document = json.loads(text)
    print(f"  mirror JSON: {len(serialized['nodes'])} nodes, {len(serialized['tensors'])} tensors, {len(text) / 1e6:.1f} MB", file=sys.stderr)

    def dumps() -> str:
        return json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)

    assert dumps() == text and hipdnn_ops.from_json(text) == serialized

    def timed(call: Callable[[], Any]) -> float:
        gc.collect()
        start = time.perf_counter()
        call()
        return time.perf_counter() - start

    writes, reads = [], []
    for _ in range(repeat):
        writes.append(timed(lambda: hipdnn_ops.to_json(serialized)) / timed(dumps))
        reads.append(timed(lambda: hipdnn_ops.from_json(text)) / timed(lambda: json.loads(text)))
    return statistics.median(writes), statistics.median(reads)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ops", type=int, nargs="*", default=[10, 100, 1000], help="synthetic workspace sizes (none: skip them)")
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--nodes", type=int, default=10_000)
    parser.add_argument("--only", nargs="*", choices=("check", "one-op", "scratch", "json"), default=["check", "one-op", "scratch", "json"], help="the figures to take (default: all)")
    parser.add_argument("--against", type=Path, help="another code tree: its check and one-op figures on the repository, in alternating rounds")
    args = parser.parse_args()
    rows: list[tuple[str, str, str, str, str]] = [("figure", "median s", "paired with", "its median s", "ratio")]

    def row(*cells: str) -> None:
        rows.append(cells)  # type: ignore[arg-type]
        print("  ".join(cells), file=sys.stderr, flush=True)

    with tempfile.TemporaryDirectory() as tmp:
        scratch = Path(tmp)
        repo = repo_copy(scratch)
        run([*CLI, "check", "-q"], repo)  # fills the cache
        time.sleep(2.1)  # past cache.RACY_NS: the copies' stat data is trusted from now on
        run([*CLI, "check", "-q"], repo)
        if "check" in args.only:
            ours, bare, ratio = paired(lambda: run([*CLI, "check", "-q"], repo), lambda: run(BARE, repo), args.repeat)
            row("check, repo", f"{ours:.3f}", "Python start", f"{bare:.3f}", f"{ratio:.1f}x")

        if "one-op" in args.only:
            edit = toggler(repo / "op_specs" / "layernorm_bwd.yaml", "normalized_dim_count dims.", "normalized_dim_count dims (edited).")
            single = one_op(repo, edit, args.repeat)
            row("one op changed + generate, repo (new process)", f"{single:.3f}", "", "", "")

        if args.against is not None:
            against, old_cache = args.against.resolve(), tempfile.mkdtemp(prefix="bench-speed-against-", dir=tmp)
            old = repo_copy(scratch / "against", against)
            for _ in range(2):
                run([*CLI, "check", "-q"], old, old_cache, against)
            if "check" in args.only:
                ours, theirs, ratio = paired(lambda: run([*CLI, "check", "-q"], repo), lambda: run([*CLI, "check", "-q"], old, old_cache, against), args.repeat)
                row("check, repo: this code", f"{ours:.3f}", "--against's code, same rounds", f"{theirs:.3f}", f"{ratio:.2f}x")
            if "one-op" in args.only:
                spec, was, now = "layernorm_bwd.yaml", "normalized_dim_count dims.", "normalized_dim_count dims (edited)."
                for ws, source in ((repo, REPO), (old, against)):  # back to the spec as shipped (the figure above may leave it edited)
                    (ws / "op_specs" / spec).write_bytes((source / "op_specs" / spec).read_bytes())
                new_once = one_op_round(repo, toggler(repo / "op_specs" / spec, was, now))
                old_once = one_op_round(old, toggler(old / "op_specs" / spec, was, now), old_cache, against)
                ours, theirs, ratio = paired(new_once, old_once, args.repeat)
                row("one op changed + generate, repo: this code", f"{ours:.3f}", "--against's code, same rounds", f"{theirs:.3f}", f"{ratio:.2f}x")

        floor = clang_format_floor(repo / "generated", scratch)

        def scratch_generate() -> float:
            shutil.rmtree(repo / "generated")
            return run([*CLI, "generate", "-q"], repo)

        if "scratch" in args.only:
            scratch_generate()
            ours, base, ratio = paired(scratch_generate, floor, max(3, args.repeat // 2))
            row("generate from scratch, repo, warm cache", f"{ours:.3f}", "Python start + 1 clang-format", f"{base:.3f}", f"{ratio:.2f}x")

        def cold_generate() -> float:
            shutil.rmtree(repo / "generated")
            with tempfile.TemporaryDirectory() as empty:
                return run([*CLI, "generate", "-q"], repo, cache=empty)

        if "scratch" in args.only:
            ours, base, ratio = paired(cold_generate, floor, max(3, args.repeat // 2))
            row("generate from scratch, repo, empty cache", f"{ours:.3f}", "Python start + 1 clang-format", f"{base:.3f}", f"{ratio:.2f}x")

        first = None
        for count in args.ops:
            ws = scratch / f"n{count}"
            write_workspace(ws, count)
            run([*CLI, "generate", "-q"], ws)
            time.sleep(2.1)
            run([*CLI, "check", "-q"], ws)
            if "check" in args.only:
                ours, bare, ratio = paired(lambda: run([*CLI, "check", "-q"], ws), lambda: run(BARE, ws), max(3, args.repeat // 2))
                row(f"check, N={count}", f"{ours:.3f}", "Python start", f"{bare:.3f}", f"{ratio:.1f}x")
            if "one-op" in args.only:
                edit = toggler(ws / "op_specs" / "synth_00000.yaml", "epsilon: 0.5", "epsilon: 0.25")
                single = one_op(ws, edit, args.repeat)
                first = first or single
                row(f"one op changed + generate, N={count}", f"{single:.3f}", f"the same at N={args.ops[0]}", f"{first:.3f}", f"{single / first:.2f}x")
            shutil.rmtree(ws)

    if "json" in args.only:
        writer, reader = mirror_json(args.nodes, args.repeat)
        row("mirror JSON writer (to_json)", "", "json.dumps, same document", "", f"{writer:.2f}x")
        row("mirror JSON reader (from_json)", "", "json.loads, same text", "", f"{reader:.2f}x")
    print(f"load average at the end: {os.getloadavg()[0]:.1f} ({os.cpu_count()} CPUs)", file=sys.stderr)

    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for cells in rows:
        print(" | ".join(cell.ljust(w) for cell, w in zip(cells, widths)))


if __name__ == "__main__":
    try:
        main()
    finally:
        shutil.rmtree(CACHE, ignore_errors=True)
