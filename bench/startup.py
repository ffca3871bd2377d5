"""Wall time of `ruleforge check FILE` in a new process: what a designer waits for.

    python bench/startup.py [games/ufology.rules] [--runs 11]

Runs the command afresh each time (the built parser is kept on disk after the first run,
so one warm-up run comes first) and prints the median, with the machine it ran on.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import time


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rules", nargs="?", default="games/ufology.rules")
    ap.add_argument("--runs", type=int, default=11)
    args = ap.parse_args()
    command = [sys.executable, "-m", "ruleforge", "check", args.rules]
    subprocess.run(command, capture_output=True, check=True)  # warm-up: builds the parser cache
    times = []
    for _ in range(args.runs):
        start = time.perf_counter()
        subprocess.run(command, capture_output=True, check=True)
        times.append(time.perf_counter() - start)
    print(f"ruleforge check {args.rules}: median {statistics.median(times):.3f} s wall "
          f"(min {min(times):.3f}, max {max(times):.3f}, {args.runs} new processes)")
    print(f"  machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}, load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
