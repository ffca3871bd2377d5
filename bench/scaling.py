"""ISMCTS iterations per second, and the speedup of --jobs 2 over --jobs 1.

    python bench/scaling.py [--games 400] [--iterations 300]

Run it on an otherwise idle machine: the speedup is only as good as the free cores.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time

import ruleforge
from ruleforge.drivers.agents import IsmctsAgent, Observation
from ruleforge.runtime.determinize import determinize
from ruleforge.runtime.rng import Random
from ruleforge.drivers.simulate import GameSpec, run_games


def ismcts_rate(path: str, players, iterations: int, positions: int = 5) -> float:
    game = ruleforge.load(path, players=players)
    rates = []
    for seed in range(positions):
        st = game.new(seed)
        r = Random(seed)
        for _ in range(3):  # a few moves in, so the position is not the deal itself
            a = st.legal_actions()
            st.apply(a[r.below(len(a))])
        seat = st.current_player
        obs = Observation(seat, st.view(seat), st.legal_actions(), determinize(st, seat, seed))
        start = time.perf_counter()
        IsmctsAgent(iterations=iterations).act(obs, Random(seed))
        rates.append(iterations / (time.perf_counter() - start))
    return statistics.median(rates)


def speedup(path: str, players, games: int) -> tuple[float, float]:
    spec = GameSpec(path, {}, players, None, 1)
    t = {}
    for jobs in (1, 2):
        start = time.perf_counter()
        run_games(spec, games, jobs=jobs)
        t[jobs] = time.perf_counter() - start
    return t[1], t[2]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--iterations", type=int, default=300)
    args = ap.parse_args()
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    for path, players in (("games/gufo.rules", None), ("games/ufology.rules", 4)):
        rate = ismcts_rate(path, players, args.iterations)
        one, two = speedup(path, players, args.games)
        print(f"{path}{f' ({players} players)' if players else ''}: ISMCTS {rate:,.0f} iterations/s "
              f"(median of 5 positions, {args.iterations} iterations each); {args.games} random games: "
              f"--jobs 1 {one:.2f} s, --jobs 2 {two:.2f} s, speedup {one / two:.2f}x")


if __name__ == "__main__":
    main()
