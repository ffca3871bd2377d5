"""What a bot's choice costs by its own judge: regret against many playouts of each move.

    python bench/regret.py RULES --players 4 --agents ismcts:1000,ismcts:5000 [--positions 40]
                           [--worlds 200] [--seed 2026] [--jobs 2]

At positions of greedy games (bench/agreement.py's), each move is valued by ISMCTS's
default playout (20 guided choices, ranks) in WORLDS sampled worlds (bench/move_noise.py's
values): the judge's own verdict on the move, to within a standard error of about
0.13/√WORLDS. Each agent of `--agents` then chooses, and its regret at that position is
the value of the best move less the value of the move it chose. A flat search is given
too: the move whose mean is best over another WORLDS worlds, the choice one level of
search with the same judge would make, given WORLDS playouts a move.

If a search of five times the iterations has no less regret than the weaker one, its
choices do not come nearer what its judge would say of each move; if the flat search
has less regret than both, the tree's deeper levels are spending iterations without
sharpening the choice at the root.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import ruleforge  # noqa: E402
from agreement import position  # noqa: E402
from move_noise import values  # noqa: E402
from ruleforge.drivers.agents import make_agent  # noqa: E402
from ruleforge.drivers.evaluators import Playout, best_next  # noqa: E402
from ruleforge.drivers.play import decide_for  # noqa: E402
from ruleforge.drivers.simulate import mean_interval  # noqa: E402
from ruleforge.runtime.rng import Random, derive  # noqa: E402

FLAT = "flat"


def regrets(rules: str, players, specs: tuple, worlds: int, seed: int):
    """Each agent's regret at the position of `seed` (the flat search's last), and how
    many moves it offers; None when the game asked nothing but forced moves."""
    game = ruleforge.load(rules, players=players)
    st = position(game, "greedy", seed)
    if st is None:
        return None
    seat, actions = st.current_player, st.legal_actions()
    playout = Playout(best_next, 20, "rank")
    judge = [statistics.fmean(col) for col in zip(*values(st, playout, worlds, seed))]
    flat = [statistics.fmean(col) for col in zip(*values(st, playout, worlds, derive(seed, 77)))]
    best = max(judge)
    out = []
    for spec in specs:
        a = decide_for(make_agent(spec), st, seat, actions, Random(derive(seed, 2)))
        out.append(best - judge[actions.index(a)])
    out.append(best - judge[max(range(len(flat)), key=flat.__getitem__)])
    return out, len(actions)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rules")
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--agents", required=True, help="agent specs, such as ismcts:1000,ismcts:5000")
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--worlds", type=int, default=200)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args(argv)
    specs = tuple(s.strip() for s in args.agents.split(","))
    for spec in specs:
        make_agent(spec)
    seeds = [derive(args.seed, i) for i in range(args.positions)]
    run = [(args.rules, args.players, specs, args.worlds, s) for s in seeds]
    if args.jobs == 1:
        found = [regrets(*r) for r in run]
    else:
        with ProcessPoolExecutor(args.jobs) as pool:
            found = list(pool.map(regrets, *zip(*run)))
    found = [f for f in found if f is not None]
    n = len(found)
    print(f"{n} positions (seed {args.seed}), each move judged over {args.worlds} worlds; "
          f"{statistics.fmean(f[1] for f in found):.1f} moves on average")
    for i, label in enumerate(specs + (f"{FLAT} ({args.worlds} playouts a move)",)):
        r = [f[0][i] for f in found]
        m = mean_interval(r)
        zero = sum(1 for x in r if x == 0)
        print(f"  {label}: mean regret {m['mean']:.4f} [{m['ci95'][0]:.4f}, {m['ci95'][1]:.4f}]; "
              f"the judge's best move at {zero}/{n}")


if __name__ == "__main__":
    sys.exit(main())
