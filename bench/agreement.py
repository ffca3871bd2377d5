"""Do two bots choose alike? How often a stronger setting changes a weaker one's choice.

    python bench/agreement.py games/ufology.rules --players 4 --agents ismcts:1000,ismcts:5000 [--positions 40]
                              [--play greedy] [--seed 2026] [--jobs 2]

A win-rate ladder needs hundreds of games to show a small edge. This asks a cheaper
question first: at positions of real games (each played by `--play` at every seat to a
decision drawn at random among those that are not forced), the weak and the strong agent of
`--agents` each choose a move for the seat to move, from the same observation and the
same seed. Where they choose alike, the stronger setting cannot gain anything; how
often they differ bounds what it can gain. Each agent also chooses a second time with
another seed: a search that changes its own mind from seed to seed as often as it
disagrees with the other agent is not choosing better, only differently. Reported with
95% Wilson intervals: the two agents' agreement, and each one's agreement with itself,
beside how often two random picks would agree at the same positions.
"""

from __future__ import annotations

import argparse
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import ruleforge
from ruleforge.drivers.agents import make_agent
from ruleforge.drivers.play import decide_for
from ruleforge.drivers.simulate import wilson
from ruleforge.lang.diagnostics import RuleFileError
from ruleforge.load import RuleFileUsageError
from ruleforge.runtime.rng import Random, derive

ROOT = Path(__file__).resolve().parent.parent


def position(game, play: str, seed: int):
    """A position of a game `play` plays at every seat: the state at one of its
    decisions that is not forced, drawn at random; None when it has none."""
    st = game.new(seed)
    rng = Random(derive(seed, 1))
    agents = [make_agent(play) for _ in range(game.nplayers)]
    seen = []
    while not st.is_over:
        actions = st.legal_actions()
        if len(actions) > 1:
            seen.append(st.clone())
        seat = st.current_player
        st.apply(decide_for(agents[seat], st, seat, actions, rng))
    return seen[rng.below(len(seen))] if seen else None


def choices(rules: str, players, play: str, specs: tuple, seed: int):
    """At the position of `seed`: whether the weak and strong agents choose alike (first
    seed), whether each chooses as it did with a second seed, and how many moves the
    position offers; None when the game asked nothing but forced moves."""
    game = ruleforge.load(rules, players=players)
    st = position(game, play, seed)
    if st is None:
        return None
    seat, actions = st.current_player, st.legal_actions()
    out = []
    for spec in specs:
        for k in (2, 3):  # the same two seeds for both agents
            out.append(decide_for(make_agent(spec), st, seat, actions, Random(derive(seed, k))))
    weak1, weak2, strong1, strong2 = out
    return weak1 == strong1, weak1 == weak2, strong1 == strong2, len(actions)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rules")
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--agents", required=True, help="WEAK,STRONG agent specs, such as ismcts:1000,ismcts:5000")
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--play", default="greedy", help="the agent that plays the games to each position")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args(argv)
    specs = tuple(s.strip() for s in args.agents.split(","))
    if len(specs) != 2:
        ap.error("--agents takes two agent specs, WEAK,STRONG")
    for spec in specs + (args.play,):
        try:
            make_agent(spec)
        except ValueError as e:
            ap.error(str(e))
    if args.positions < 1 or args.jobs < 1:
        ap.error("--positions and --jobs take a positive number")
    try:
        game = ruleforge.load(args.rules, players=args.players)
    except RuleFileError as e:  # shown as `ruleforge check` shows it
        print(e.render(), file=sys.stderr)
        raise SystemExit(2 if isinstance(e, RuleFileUsageError) else 1) from None
    except ValueError as e:  # a player count the game does not take
        ap.error(str(e))
    seeds = [derive(args.seed, i) for i in range(args.positions)]
    run = [(args.rules, args.players, args.play, specs, s) for s in seeds]
    if args.jobs == 1:
        found = [choices(*r) for r in run]
    else:
        with ProcessPoolExecutor(args.jobs) as pool:
            found = list(pool.map(choices, *zip(*run)))
    found = [f for f in found if f is not None]
    n = len(found)
    print(f"{game.title}{f' at {args.players} players' if args.players else ''}: {n} positions of games "
          f"{args.play} plays (seed {args.seed}" + (f"; {args.positions - n} without a choice to make)" if n < args.positions else ")"))
    if not n:
        return
    sizes = [f[3] for f in found]
    print(f"  the positions offer {min(sizes)} to {max(sizes)} moves ({sum(sizes) / n:.1f} on average): two random "
          f"picks would agree {100 * sum(1 / k for k in sizes) / n:.1f}% of the time")
    for label, i in ((f"{specs[0]} and {specs[1]} choose alike", 0),
                     (f"{specs[0]} with itself (another seed)", 1),
                     (f"{specs[1]} with itself (another seed)", 2)):
        k = sum(f[i] for f in found)
        lo, hi = wilson(k, n)
        print(f"  {label}: {k}/{n} = {100 * k / n:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]")


if __name__ == "__main__":
    sys.exit(main())
