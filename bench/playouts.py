"""Random-playout throughput of a rule file: games/s and decisions/s.

    python bench/playouts.py games/gufo.rules [--games 500] [--runs 5] [--players N]
    python bench/playouts.py games/gufo.rules --against bench/handwritten/gufo.py
    python bench/playouts.py games/ufology.rules --players 4 --baseline b003899

Each run plays the same seeded games with uniformly random actions; the median of the
runs is reported, with the machine it ran on, so docs/performance.md can quote it.
With --against (a hand-written game module: `new(seed)`, `legal_actions()`, `apply()`,
`is_over`) or --baseline (a git revision, checked out in a temporary worktree and run
in a subprocess), the two are measured alternately, run for run, and the ratio of their
medians is printed: both see the same machine load. Each side's first run in its process
is a warm-up, so both are measured warm (a baseline runs in a new process each time,
and this one, which sat idle meanwhile, works for a second before each timed run: an
idle core runs slower for a while, docs/performance.md).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


_MASK = (1 << 64) - 1


def _next64(s: int) -> tuple[int, int]:
    s = (s + 0x9E3779B97F4A7C15) & _MASK
    z = s
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return s, z ^ (z >> 31)


def _below(s: int, n: int) -> tuple[int, int]:
    limit = (1 << 64) - (1 << 64) % n
    while True:
        s, x = _next64(s)
        if x < limit:
            return s, x % n


class Policy:
    """The random policy of every figure: SplitMix64 as ruleforge.runtime.rng had it when
    the speed targets were set, written the same way (the same numbers as today's
    generator, so the same games, at the same cost). It is part of the instrument, not of
    what is measured, and kept here so that it does not change when ruleforge's own
    generator does: with 2026-12-03's Random.below, twice as fast, the hand-written gUFO
    (whose own work is a quarter of ruleforge's) would gain more than ruleforge, and the
    ratio would move with no change to either game (docs/performance.md)."""

    def __init__(self, n: int):
        self.state = n & _MASK

    def below(self, n: int) -> int:
        self.state, x = _below(self.state, n)
        return x


def one_run(game, games: int) -> tuple[float, int]:
    """Seeded random games of `game`: anything with `new(seed)` returning a state with
    legal_actions(), apply() and is_over (a ruleforge Game, or a hand-written module)."""
    decisions = 0
    start = time.perf_counter()
    for seed in range(games):
        st = game.new(seed)
        rng = Policy(seed ^ 0x5EED)
        while not st.is_over:
            actions = st.legal_actions()
            st.apply(actions[rng.below(len(actions))])
            decisions += 1
    return time.perf_counter() - start, decisions


def load_module(path: str):
    spec = importlib.util.spec_from_file_location(Path(path).stem + "_handwritten", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def machine() -> str:
    return (f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
            f"Python {platform.python_version()} ({sys.implementation.name}), one process, "
            f"load average {os.getloadavg()[0]:.2f}")


class Checkout:
    """A git revision in a temporary worktree, measured by running this file there."""

    def __init__(self, rev: str):
        self.rev = rev
        self.dir = tempfile.mkdtemp(prefix="ruleforge-baseline-")
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", self.dir, rev], check=True)

    def run(self, rules: str, games: int, players) -> tuple[float, int]:
        # The rule file as it was at that revision, when it has one there: a file may have
        # gained constructs since (parameter ranges, say) that the older code cannot read.
        path = Path(rules).resolve()
        try:
            theirs = Path(self.dir) / path.relative_to(ROOT)
        except ValueError:
            theirs = path
        rules = str(theirs if theirs.exists() else path)
        cmd = [sys.executable, str(Path(__file__).resolve()), rules, "--child",
               "--games", str(games)] + (["--players", str(players)] if players else [])
        env = dict(os.environ, PYTHONPATH=self.dir)
        out = subprocess.run(cmd, env=env, check=True, capture_output=True, text=True, cwd=self.dir).stdout
        secs, decisions = json.loads(out.strip().splitlines()[-1])
        return secs, decisions

    def close(self) -> None:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", self.dir], check=False)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rules")
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--runs", type=int, default=5, help="runs (alternations with --against/--baseline; at least 5)")
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--against", metavar="MODULE.py", default=None, help="a hand-written game to compare with")
    ap.add_argument("--baseline", metavar="REV", default=None, help="a git revision to compare with")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    import ruleforge
    game = ruleforge.load(args.rules, players=args.players)
    if args.child:
        # A new process makes its caches again (kept menus, decision tables, a first long
        # shuffle's arrays): one run first, not timed, so that a baseline runs warm as
        # this checkout does after its first run.
        one_run(game, args.games)
        print(json.dumps(one_run(game, args.games)))
        return
    if args.against is None and args.baseline is None:
        results = [one_run(game, args.games) for _ in range(args.runs)]
        secs = statistics.median(r[0] for r in results)
        decisions = results[0][1]
        print(f"{game.title}: {args.games} random games x {args.runs} runs (median)")
        print(f"  {args.games / secs:,.0f} games/s, {decisions / secs:,.0f} decisions/s, "
              f"{decisions / args.games:.1f} decisions per game")
        print("  " + machine())
        return
    runs = max(5, args.runs)
    if args.against is not None:
        module = load_module(args.against)
        other, label = (lambda: one_run(module, args.games)), f"hand-written {Path(args.against).name}"
        checkout = None
    else:
        checkout = Checkout(args.baseline)
        other, label = (lambda: checkout.run(args.rules, args.games, args.players)), f"ruleforge at {args.baseline}"
    ours, theirs = [], []
    try:
        one_run(game, args.games)  # (the warm-up: see the module doc)
        if args.against is not None:
            other()
        for _ in range(runs):
            if checkout is not None:
                # The baseline's process warms up with a run before its timed run (above);
                # this process has sat idle meanwhile, waiting for it, and a core that was
                # idle runs the next fraction of a second up to a fifth slower on this host
                # (docs/performance.md, "The instrument"): so this one works for as long
                # first (a second: the baseline's start, import and warm-up run take more).
                warm = time.perf_counter()
                while time.perf_counter() - warm < 1.0:
                    one_run(game, max(1, args.games // 10))
            ours.append(one_run(game, args.games)[0])
            theirs.append(other()[0])
    finally:
        if checkout is not None:
            checkout.close()
    a, b = args.games / statistics.median(ours), args.games / statistics.median(theirs)
    print(f"{game.title}: {args.games} random games, {runs} alternations (median of each)")
    print(f"  ruleforge (this checkout): {a:,.0f} games/s")
    print(f"  {label}: {b:,.0f} games/s")
    print(f"  ratio: {a / b:.3f}")
    print("  " + machine())


if __name__ == "__main__":
    main()
