"""Wall time of `ruleforge check FILE` in a new process: what a designer waits for.

    python bench/startup.py [games/ufology.rules] [--runs 11]

Runs the command afresh each time (the built parser is kept on disk after the first run,
so one warm-up run comes first) and prints the median, with the machine it ran on.

Python keeps each module's compiled bytecode on disk (`__pycache__`) unless told not to;
this machine's environment says PYTHONDONTWRITEBYTECODE=1, under which every new process
compiles the whole package from source again when no cache was written before. The
warm-up run writes the caches, as any designer's first run does, so the figure is what a
designer waits for; `--no-bytecode` measures the compile-every-time case instead (the
caches are moved aside for it).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rules", nargs="?", default="games/ufology.rules")
    ap.add_argument("--runs", type=int, default=11)
    ap.add_argument("--no-bytecode", action="store_true",
                    help="no compiled-bytecode caches: every process compiles the package from source")
    args = ap.parse_args()
    command = [sys.executable, "-m", "ruleforge", "check", args.rules]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    if args.no_bytecode:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    subprocess.run(command, capture_output=True, check=True, env=env)  # warm-up: the parser's (and bytecode) caches
    times = []
    with _without_bytecode_caches(args.no_bytecode):
        for _ in range(args.runs):
            start = time.perf_counter()
            subprocess.run(command, capture_output=True, check=True, env=env)
            times.append(time.perf_counter() - start)
    print(f"ruleforge check {args.rules}: median {statistics.median(times):.3f} s wall "
          f"(min {min(times):.3f}, max {max(times):.3f}, {args.runs} new processes, "
          f"{'no bytecode caches' if args.no_bytecode else 'bytecode cached'})")
    print(f"  machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}, load average {os.getloadavg()[0]:.2f}")


@contextlib.contextmanager
def _without_bytecode_caches(on: bool):
    """The package's __pycache__ folders moved aside (and back) when `on`."""
    package = Path(__file__).resolve().parent.parent / "ruleforge"
    moved = []
    try:
        if on:
            for cache in sorted(package.rglob("__pycache__")):
                aside = cache.with_name("__pycache__.aside")
                cache.rename(aside)
                moved.append((aside, cache))
        yield
    finally:
        for aside, cache in moved:
            if cache.exists():
                shutil.rmtree(cache)
            aside.rename(cache)


if __name__ == "__main__":
    main()
