"""Where the cost of "one op changed then `generate`" grows with the workspace: the parts that
scale with N, measured in one process at a small and a large synthetic workspace (bench_check's
ops), in interleaved rounds, as CPU time of this process (less sensitive to other load than
wall time). With the cyclic collector's thresholds the CLI sets (cli.GC_THRESHOLDS).

What a one-op `generate` pays at load:
- load, cache hit: workspace.load with every spec and the cross-spec result in the cache;
- load, one spec changed: one spec edited (between two texts, both seen before) then
  workspace.load: the changed spec loaded, the others known by their stat data and summaries,
  the checks across specs answered by the per-spec records (no model of another spec built);
- spec stat checks: every spec file guarded and stat'ed against what the store saw (what the
  load does instead of reading them);
- records across specs: collisions.clean over every spec's record (what the load does instead
  of the full pass).

What it no longer pays (measured for comparison; the load does these only when it must):
- unpickle models: every cached spec entry unpickled (Workspace.specs builds every model);
- checks across specs: collisions.check over every model, the per-spec name index given (the
  full pass, run when the records show a possible clash);
- spec reads: every spec file read through workspace.read_file (guarded).

And the floor left alone:
- staleness scan: cache.scan over generated/ (one lstat per generated file and directory);
- stat floor: os.lstat of the same paths and nothing else (no digest, no listing): the least
  any staleness pass pays that looks at every generated file, as one that sees a file edited in
  place must.

Last, in rounds of their own: the whole command (one spec edited, then `generate -q` in a new
process) at the small N, as CPU of the child (user + system), against the stat floor at the large
N: when the floor alone is a sizeable share of the whole small-N command, no design that stats
every generated path brings N = large within a small multiple of N = small.

bench_one_op.py measures the whole command at both sizes. Asserts nothing.

    .venv/bin/python benchmarks/bench_one_op_parts.py [--small 10] [--large 1000] [--repeat 5]
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
from typing import Callable

REPO = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(REPO), str(REPO / "benchmarks")]

from bench_check import write_workspace  # noqa: E402 - the same synthetic ops
from bench_one_op import editor, one_op  # noqa: E402 - the same edit, the whole command as it measures it


def _cpu(fn: Callable[[], object]) -> float:
    start = time.process_time()
    fn()
    return time.process_time() - start


def parts(root: Path) -> dict[str, Callable[[], object]]:
    from codegen.checks import collisions
    from codegen.pipeline import workspace
    from codegen.plumbing import cache

    ws = workspace.load(root)
    assert ws.store is not None
    entries = list(ws.store.specs.values())
    specs = ws.specs
    index = {s.op: collisions.folded_names(s) for s in specs}
    records = [collisions.record(s, ws.registry, index[s.op]) for s in specs]
    top = str(ws.generated_dir)
    listings = dict(ws.store.listings)
    paths = [top + os.sep + name for listing in listings.values() for name in listing.split("\0")]
    files = workspace.spec_files(root)
    edit = editor(root)

    def one_changed() -> object:
        edit()
        return workspace.load(root)

    one_changed(), one_changed()  # both texts seen: their loads and records are in the cache
    store = cache.Store.open(root)

    def stat_checks() -> object:
        verified: set[str] = set()
        shown = workspace._shown_below(ws, ws.spec_dir)
        now = time.time_ns()
        return [workspace._spec_file(ws, store, p, verified, shown(p.name), True, now) for p in files]

    return {
        "load, cache hit": lambda: workspace.load(root),
        "load, one spec changed": one_changed,
        "spec stat checks": stat_checks,
        "records across specs": lambda: collisions.clean(records, ws.registry),
        "unpickle models": lambda: [cache._entry(e) for e in entries],
        "checks across specs": lambda: collisions.check(specs, ws.registry, None, index),
        "spec reads": lambda: [workspace.read_file(ws, p) for p in files],
        "staleness scan": lambda: cache.scan(top, listings),
        "stat floor": lambda: list(map(os.lstat, paths)),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--small", type=int, default=10)
    parser.add_argument("--large", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    from codegen import cli

    gc.set_threshold(*cli.GC_THRESHOLDS)
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["HIPDNN_CODEGEN_CACHE_DIR"] = str(Path(tmp) / "cache")
        measured: dict[int, dict[str, Callable[[], object]]] = {}
        whole: Callable[[], float] | None = None
        for count in (args.small, args.large):
            ws = Path(tmp) / f"n{count}"
            write_workspace(ws, count)
            env = dict(os.environ, PYTHONPATH=str(REPO))
            subprocess.run([sys.executable, "-m", "codegen", "generate", "-q"], cwd=ws, env=env, capture_output=True, check=False)
            time.sleep(2.1)  # past cache.RACY_NS: the stat data is trusted from now on
            subprocess.run([sys.executable, "-m", "codegen", "generate", "-q"], cwd=ws, env=env, capture_output=True, check=False)
            measured[count] = parts(ws)
            if count == args.small:
                command_round = one_op(ws, os.environ["HIPDNN_CODEGEN_CACHE_DIR"])
                command_round(), command_round()  # both texts seen
                whole = lambda: command_round()[1]  # noqa: E731 - the child's CPU
        samples: dict[tuple[int, str], list[float]] = {}
        for _ in range(args.repeat):
            for count, named in measured.items():
                for name, fn in named.items():
                    samples.setdefault((count, name), []).append(_cpu(fn))
        for name in measured[args.small]:
            small, large = statistics.median(samples[args.small, name]), statistics.median(samples[args.large, name])
            print(f"{name}: N={args.small} {small:.3f} s, N={args.large} {large:.3f} s CPU (medians)")
        assert whole is not None
        floor, command = [], []
        for _ in range(args.repeat):
            command.append(whole())
            floor.append(_cpu(measured[args.large]["stat floor"]))
        ratio = statistics.median(f / c for f, c in zip(floor, command))
        print(
            f"one op changed + generate at N={args.small}, whole command: {statistics.median(command):.3f} s CPU; "
            f"stat floor at N={args.large}: {statistics.median(floor):.3f} s CPU, {ratio:.2f}x the whole command (median of paired rounds)"
        )
    print(f"load average at the end: {os.getloadavg()[0]:.1f} ({os.cpu_count()} CPUs)")


if __name__ == "__main__":
    main()
