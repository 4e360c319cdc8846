"""Benchmark header scanning (issue 35): `check --hipdnn-root` and `apply --dry-run` on a checkout
whose HipdnnBackendAttributeName.h is padded to 1, 4 and 16 MiB, with ordinary enumerators, with
unclosed `typedef enum {` lines and with unclosed `/*` comments. Each run is a child process; prints
wall time and the child's peak memory (ru_maxrss). Asserts nothing.

    .venv/bin/python benchmarks/bench_headers.py [--sizes 1,4,16] [--kinds enumerators,unclosed-enum,unclosed-comment] [--commands check,apply]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
FIXTURE = REPO / "tests" / "fixtures" / "hipdnn_tree"
BASE = REPO / "tests" / "cases" / "valid-minimal"
HEADER = "backend/include/HipdnnBackendAttributeName.h"
LIMIT = 16 << 20  # storage.MAX_HEADER_BYTES

FILLERS = {
    # an enum of N enumerators before the real one
    "enumerators": ("typedef enum\n{\n", "    HIPDNN_ATTR_PADDING_{i} = {v}, // filler\n", "} hipdnnPadding_t;\n"),
    # N unclosed `typedef enum {` lines (issue 35, item 10)
    "unclosed-enum": ("", "typedef enum {{\n", ""),
    # N unclosed block comments opening on each line
    "unclosed-comment": ("", "/* x {i}\n", ""),
}


def padded(original: str, kind: str, size: int) -> str:
    head, item, tail = FILLERS[kind]
    parts, total, i = [head], len(head) + len(tail) + len(original), 0
    while True:
        line = item.format(i=i, v=1_000_000 + i)
        if total + len(line) > size:
            break
        parts.append(line)
        total += len(line)
        i += 1
    if kind != "enumerators":  # unclosed things go after the header's last `}`: nothing closes them
        return original + "".join(parts)
    return "".join(parts) + tail + original


# the child reports its own high-water mark (VmHWM belongs to the process's memory map, which exec
# replaces; ru_maxrss would also count this benchmark's memory at fork time)
_CHILD = (
    "import runpy, sys\n"
    "sys.argv = ['hipdnn-codegen', *sys.argv[1:]]\n"
    "try:\n    runpy.run_module('codegen', run_name='__main__')\n"
    "finally:\n"
    "    hwm = next(l for l in open('/proc/self/status') if l.startswith('VmHWM'))\n"
    "    print('PEAK', int(hwm.split()[1]) // 1024, file=sys.stderr)\n"
)


def run(args: list[str], cwd: Path) -> tuple[float, int, int]:
    """(seconds, peak RSS in MiB, exit code) of one child run of the tool."""
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-c", _CHILD, *args], cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=dict(os.environ, PYTHONPATH=str(REPO), HIPDNN_CODEGEN_NO_CACHE="1"))
    seconds = time.perf_counter() - start
    peak = next((int(line.split()[1]) for line in proc.stderr.splitlines() if line.startswith("PEAK ")), -1)
    return seconds, peak, proc.returncode


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1,4,16", help="header sizes in MiB")
    parser.add_argument("--kinds", default=",".join(FILLERS))
    parser.add_argument("--commands", default="check,apply")
    options = parser.parse_args()
    print(f"{'header':<18} {'MiB':>5} {'command':<8} {'seconds':>8} {'peak MiB':>9} {'exit':>4}")
    with tempfile.TemporaryDirectory() as scratch:
        work = Path(scratch)
        ws = work / "ws"
        shutil.copytree(BASE, ws, ignore=shutil.ignore_patterns("expected.txt", "args.txt"))
        for name in ("registry.yaml", "registry.schema.json"):  # apply needs the registry's data types
            shutil.copy(REPO / "op_specs" / name, ws / "op_specs" / name)
        with (ws / "op_specs" / "thing.yaml").open("a") as spec:  # the fixture checkout numbers NodeType
            spec.write("node_type: {name: THING, value: 40}\n")
        subprocess.run([sys.executable, "-m", "codegen", "generate", "-q"], cwd=ws, check=True, env=dict(os.environ, PYTHONPATH=str(REPO)))
        original = (FIXTURE / HEADER).read_text()
        commands = options.commands.split(",")
        for kind in options.kinds.split(","):
            for mib in (int(s) for s in options.sizes.split(",")):
                size = min(mib << 20, LIMIT - 1)  # 16 MiB is the limit itself: stay just under it
                hipdnn = work / "hipdnn"
                shutil.rmtree(hipdnn, ignore_errors=True)
                shutil.copytree(FIXTURE, hipdnn)
                (hipdnn / HEADER).write_text(padded(original, kind, size))
                for name, args in (("check", ["check", "--no-stale", "--hipdnn-root", str(hipdnn)]), ("apply", ["apply", "--dry-run", "--hipdnn-root", str(hipdnn), "thing"])):
                    if name not in commands:
                        continue
                    seconds, peak, code = run(args, ws)
                    print(f"{kind:<18} {size / (1 << 20):>5.1f} {name:<8} {seconds:>8.2f} {peak:>9} {code:>4}", flush=True)


if __name__ == "__main__":
    main()
