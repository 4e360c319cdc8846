"""One op changed then `generate`, at a small and a large workspace, measured in interleaved rounds
(small, large, small, large, ...) so that a loaded machine slows both alike: issue 39's "at N=1000
at most 1.5x its cost at N=10". Each round edits one spec of each workspace (alternating between
two texts, both seen before, as a developer's edit-regenerate loop) and runs `generate -q` in a
new process. Prints the medians of wall time and of the CPU time of the process and its children
(user + system: less sensitive to other load than wall time), and the medians of the per-round
ratios. With --against DIR (another code tree's root, e.g. `git archive` of an older commit) every
round also runs DIR's code on workspaces of its own (and a cache directory of its own), right
after this code's, and its figures and the per-round ratios of this code to it are printed too:
"before" and "after" paired under the same load. Asserts nothing (tests never time anything).

    .venv/bin/python benchmarks/bench_one_op.py [--small 10] [--large 1000] [--repeat 7] [--against DIR]
"""

from __future__ import annotations

import argparse
import os
import resource
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

CLI = [sys.executable, "-m", "codegen", "generate", "-q"]


def _env(cache: str, code: Path = REPO) -> dict[str, str]:
    env = dict(os.environ, PYTHONPATH=str(code), HIPDNN_CODEGEN_CACHE_DIR=cache)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # a developer's Python keeps its bytecode
    return env


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def editor(ws: Path) -> Callable[[], None]:
    """Each call changes what one spec of `ws` says, alternating between two texts."""
    spec = ws / "op_specs" / "synth_00000.yaml"
    text = spec.read_text()
    states = [text.replace("epsilon: 0.5", "epsilon: 0.25", 1), text]
    count = [0]

    def edit() -> None:
        spec.write_text(states[count[0] % 2])
        count[0] += 1

    return edit


def one_op(ws: Path, cache: str, code: Path = REPO) -> Callable[[], tuple[float, float]]:
    """A call edits one spec of `ws` and regenerates: (wall s, CPU s)."""
    edit = editor(ws)

    def once() -> tuple[float, float]:
        edit()
        cpu = _children_cpu()
        start = time.perf_counter()
        proc = subprocess.run(CLI, cwd=ws, env=_env(cache, code), capture_output=True)
        wall = time.perf_counter() - start
        if proc.returncode != 0:
            raise SystemExit(f"generate in {ws} exited {proc.returncode}: {proc.stderr.decode()[-400:]}")
        return wall, _children_cpu() - cpu

    return once


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--small", type=int, default=10)
    parser.add_argument("--large", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--against", type=Path, help="another code tree, run in the same rounds on workspaces of its own")
    args = parser.parse_args()
    codes = {"this code": REPO} | ({"--against": args.against.resolve()} if args.against is not None else {})
    with tempfile.TemporaryDirectory() as tmp:
        runs = {}
        for label, code in codes.items():
            cache = str(Path(tmp) / f"cache-{len(runs)}")
            for count in (args.small, args.large):
                ws = Path(tmp) / f"n{count}-{len(runs)}"
                write_workspace(ws, count)
                subprocess.run(CLI, cwd=ws, env=_env(cache, code), capture_output=True, check=False)
                time.sleep(2.1)  # past cache.RACY_NS: the stat data is trusted from now on
                once = one_op(ws, cache, code)
                once()
                once()  # both texts seen: the caches hold them
                runs[label, count] = once
        samples: dict[tuple[str, int], list[tuple[float, float]]] = {key: [] for key in runs}
        for _ in range(args.repeat):
            for key, once in runs.items():
                samples[key].append(once())
        for label in codes:
            small, large = samples[label, args.small], samples[label, args.large]
            for name, index in (("wall", 0), ("CPU", 1)):
                a, b = [s[index] for s in small], [s[index] for s in large]
                ratio = statistics.median(y / x for x, y in zip(a, b))
                print(f"{label}: one op changed + generate, {name}: N={args.small} {statistics.median(a):.3f} s, N={args.large} {statistics.median(b):.3f} s, ratio {ratio:.2f}x")
        if args.against is not None:
            for count in (args.small, args.large):
                for name, index in (("wall", 0), ("CPU", 1)):
                    ours, theirs = samples["this code", count], samples["--against", count]
                    ratio = statistics.median(x[index] / y[index] for x, y in zip(ours, theirs))
                    print(f"N={count}, {name}: this code / --against's, per round: {ratio:.2f}x")
        print(f"load average at the end: {os.getloadavg()[0]:.1f} (2-core machine: {os.cpu_count()} CPUs)")


if __name__ == "__main__":
    main()
