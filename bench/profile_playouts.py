"""Where random playouts spend their time: cProfile over seeded random games, self time
summed by part of the package (docs/performance.md quotes it).

    python bench/profile_playouts.py games/gufo.rules [--games 300] [--players N]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats

import ruleforge
from ruleforge.runtime.rng import Random

PARTS = [
    ("building legal actions (runtime/actions.py)", lambda f: f == "actions.py"),
    ("generated rule code", lambda f: f.startswith("<ruleforge")),
    ("engine loop and turn flow (engine.py, flow.py)", lambda f: f in ("engine.py", "flow.py")),
    ("board primitives (board.py)", lambda f: f == "board.py"),
    ("dealing a new game (game.py)", lambda f: f == "game.py"),
    ("helpers and decision sites (prims.py, decisions.py)", lambda f: f in ("prims.py", "decisions.py")),
    ("random generator (rng.py)", lambda f: f == "rng.py"),
    ("builtins (list.append, sorted, len...)", lambda f: f == "~"),
]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rules")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--players", type=int, default=None)
    args = ap.parse_args()
    game = ruleforge.load(args.rules, players=args.players)
    pr = cProfile.Profile()
    pr.enable()
    for seed in range(args.games):
        st = game.new(seed)
        rng = Random(seed ^ 0x5EED)
        while not st.is_over:
            actions = st.legal_actions()
            st.apply(actions[rng.below(len(actions))])
    pr.disable()
    stats = pstats.Stats(pr)
    total = stats.total_tt
    self_time: dict[str, float] = {}
    for (path, _, _), (_, _, tt, _, _) in stats.stats.items():
        name = path.rsplit("/", 1)[-1]
        self_time[name] = self_time.get(name, 0.0) + tt
    print(f"{game.title}: {args.games} random games under cProfile, {total:.2f} s; self time by part:")
    for label, pick in PARTS:
        share = sum(t for f, t in self_time.items() if pick(f)) / total
        print(f"  {100 * share:4.0f}%  {label}")


if __name__ == "__main__":
    main()
