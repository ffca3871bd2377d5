"""Random-playout throughput of a rule file: games/s and decisions/s.

    python bench/playouts.py games/gufo.rules [--games 500] [--runs 5] [--players N]

Each run plays the same seeded games with uniformly random actions; the median of the
runs is reported, with the machine it ran on, so docs/performance.md can quote it.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time

import ruleforge
from ruleforge.runtime.rng import Random


def one_run(game, games: int) -> tuple[float, int]:
    decisions = 0
    start = time.perf_counter()
    for seed in range(games):
        st = game.new(seed)
        rng = Random(seed ^ 0x5EED)
        while not st.is_over:
            actions = st.legal_actions()
            st.apply(actions[rng.below(len(actions))])
            decisions += 1
    return time.perf_counter() - start, decisions


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rules")
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--players", type=int, default=None)
    args = ap.parse_args()
    game = ruleforge.load(args.rules, players=args.players)
    results = [one_run(game, args.games) for _ in range(args.runs)]
    secs = statistics.median(r[0] for r in results)
    decisions = results[0][1]
    print(f"{game.title}: {args.games} random games x {args.runs} runs (median)")
    print(f"  {args.games / secs:,.0f} games/s, {decisions / secs:,.0f} decisions/s, "
          f"{decisions / args.games:.1f} decisions per game")
    print(f"  machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()} ({sys.implementation.name}), one process")


if __name__ == "__main__":
    main()
