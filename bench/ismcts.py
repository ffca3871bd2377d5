"""ISMCTS iterations per second at gUFO's first Radar Operator decision (or any rule
file's first decision of a given seat).

    python bench/ismcts.py [games/gufo.rules] [--seat radar] [--iterations 1000] [--runs 5] [--options widen=2]
    PYTHONPATH=/path/to/old/checkout python bench/ismcts.py    # the same, on an older commit

Each run searches the same position from the same seed; the median of the runs is
reported with the machine it ran on (docs/performance.md quotes it).
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time

import ruleforge

try:  # the layout since the core rebuild
    from ruleforge.drivers.agents import IsmctsAgent, Observation, seat_named
    from ruleforge.runtime.determinize import determinize
    from ruleforge.runtime.rng import Random
except ImportError:  # an older commit, for comparison
    from ruleforge.agents import IsmctsAgent, Observation, seat_named  # type: ignore[no-redef]
    from ruleforge.determinize import determinize  # type: ignore[no-redef]
    from ruleforge.rng import Random  # type: ignore[no-redef]


def first_decision_of(game, seat: int, seed: int):
    """The game from `seed`, played by seed-determined random moves up to `seat`'s first decision."""
    st = game.new(seed)
    r = Random(seed)
    while not st.is_over and st.current_player != seat:
        actions = st.legal_actions()
        st.apply(actions[r.below(len(actions))])
    return st


def rate(game, seat: int, iterations: int, seed: int = 1, spec: str = "") -> float:
    st = first_decision_of(game, seat, seed)
    obs = Observation(seat, st.view(seat), st.legal_actions(), determinize(st, seat, seed))
    start = time.perf_counter()
    agent = IsmctsAgent(iterations=iterations)
    if spec:  # options, as an agent spec writes them after the budget (widen=2:worlds=16)
        from ruleforge.drivers.agents import make_agent
        agent = make_agent(f"ismcts:{iterations}:{spec}")
    if hasattr(agent, "search"):  # since issue 14: a search may stop once its choice is settled
        agent.stop_early = False
        agent.search(obs, Random(seed))
    else:
        agent.act(obs, Random(seed))
    return iterations / (time.perf_counter() - start)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rules", nargs="?", default="games/gufo.rules")
    ap.add_argument("--seat", default="radar", help="a role name or seat number (default: radar)")
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--iterations", type=int, default=1000)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--options", default="", help="ismcts options, as a spec writes them: widen=2:worlds=16")
    args = ap.parse_args()
    game = ruleforge.load(args.rules, players=args.players)
    seat = seat_named(args.seat, game)
    rates = [rate(game, seat, args.iterations, spec=args.options) for _ in range(args.runs)]
    print(f"{game.title}: ISMCTS at {game.seat_titles[seat]}'s first decision: "
          f"{statistics.median(rates):,.0f} iterations/s (median of {args.runs} runs of {args.iterations}{', ' + args.options if args.options else ''})")
    print(f"  ruleforge at {os.path.dirname(os.path.dirname(ruleforge.__file__))}; machine: "
          f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python "
          f"{platform.python_version()} ({sys.implementation.name}), load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
