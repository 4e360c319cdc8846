"""Benchmark `hipdnn-codegen generate` against its floor, side by side for N synthetic ops:

  check               the CI gate on a generated workspace (stamps reused)
  generate (full)     from an empty generated/
  generate (1 op)     after editing one spec
  clang-format floor  a Python start plus the pinned clang-format alone on the same C++ bytes,
                      in as many processes as the machine has cores
  peak MB             the largest resident set of the full generate process

The runs share one spec cache of their own (the first run of each workspace fills it, as a
developer's first run does). Prints a table; asserts nothing (tests never time anything).

    .venv/bin/python benchmarks/bench_generate.py [--ops 10 100 1000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

from bench_check import write_workspace  # noqa: E402 - the same synthetic ops

# runs a command and prints the peak RSS (KiB) of its process tree's largest member
PEAK = "import resource, subprocess, sys; code = subprocess.run(sys.argv[1:], capture_output=True).returncode; print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, code)"


CACHE = tempfile.mkdtemp(prefix="bench-generate-cache-")  # the runs' own spec cache, not the user's


def _env() -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(REPO), HIPDNN_CODEGEN_CACHE_DIR=CACHE)


def timed(command: list[str], cwd: Path, repeat: int, before=None) -> tuple[float, int]:
    samples, code = [], 0
    for _ in range(repeat):
        if before is not None:
            before()
        start = time.perf_counter()
        code = subprocess.run(command, cwd=cwd, env=_env(), capture_output=True).returncode
        samples.append(time.perf_counter() - start)
    return statistics.median(samples), code


def peak_mb(command: list[str], cwd: Path) -> float:
    out = subprocess.run([sys.executable, "-c", PEAK, *command], cwd=cwd, env=_env(), capture_output=True, text=True).stdout.split()
    return int(out[0]) / 1024


def floor(generated: Path, repeat: int) -> float:
    """Python start + clang-format on every generated C++ file, cores-many processes at once."""
    from codegen.plumbing import formatting
    from codegen.pipeline.workspace import builtin_templates

    sources = sorted(p for p in generated.rglob("*") if p.suffix in formatting.FORMATTED_SUFFIXES)
    style = builtin_templates() / formatting.STYLE_FILE
    binary = formatting.executable()
    workers = max(1, min(os.cpu_count() or 1, 8))
    samples = []
    for _ in range(repeat):
        with tempfile.TemporaryDirectory() as tmp:
            copies = []
            for i, path in enumerate(sources):
                target = Path(tmp) / f"{i:06d}{path.suffix}"
                shutil.copyfile(path, target)
                copies.append(str(target))
            size = max(1, min(formatting.BATCH, -(-len(copies) // workers)))
            start = time.perf_counter()
            subprocess.run([sys.executable, "-c", "pass"], check=True)
            running = []
            for first in range(0, len(copies), size):
                if len(running) >= workers:
                    running.pop(0).wait()
                running.append(subprocess.Popen([binary, f"--style=file:{style}", "-i", *copies[first : first + size]]))
            for proc in running:
                proc.wait()
            samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ops", type=int, nargs="+", default=[10, 100, 1000])
    parser.add_argument("--repeat", type=int, default=3, help="runs per measurement (median); full generate at N >= 1000 runs once")
    args = parser.parse_args()
    cli = [sys.executable, "-m", "codegen"]
    rows = [("N", "check s", "generate full s", "generate 1 op s", "floor s", "full/floor", "1op(N)/1op(10)", "peak MB")]
    first_one = None
    for count in args.ops:
        with tempfile.TemporaryDirectory() as tmp:
            ws = Path(tmp) / "ws"
            write_workspace(ws, count)
            repeat = 1 if count >= 1000 else args.repeat

            def clean() -> None:
                shutil.rmtree(ws / "generated", ignore_errors=True)

            full, code = timed([*cli, "generate", "-q"], ws, repeat, before=clean)
            assert code == 0, f"generate failed at N={count}"
            check, _ = timed([*cli, "check", "-q"], ws, args.repeat)
            spec = ws / "op_specs" / "synth_00000.yaml"
            original = spec.read_text()
            edits = iter(range(10**6))

            def touch() -> None:
                spec.write_text(original + f"# edit {next(edits)}\n")

            one, _ = timed([*cli, "generate", "-q"], ws, args.repeat, before=touch)
            base = floor(ws / "generated", args.repeat)
            clean()
            peak = peak_mb([*cli, "generate", "-q"], ws)
            first_one = first_one or one
            rows.append((str(count), f"{check:.2f}", f"{full:.2f}", f"{one:.2f}", f"{base:.2f}", f"{full / base:.2f}x", f"{one / first_one:.2f}x", f"{peak:.0f}"))
            print("  ".join(rows[-1]), file=sys.stderr, flush=True)
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for row in rows:
        print("  ".join(cell.rjust(w) for cell, w in zip(row, widths)))


if __name__ == "__main__":
    try:
        main()
    finally:
        shutil.rmtree(CACHE, ignore_errors=True)
