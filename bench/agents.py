"""Agent strength: the experiments quoted in docs/agents.md.

    python bench/agents.py [--games 500] [--jobs 1] [--out bench/agents.json] [--only TEXT]

Each line plays seeded games with one agent setup and reports the win rate of the seat
that matters, with its 95% Wilson interval. Seeds are the same for every setup, so
each comparison is on the same deals.
"""

from __future__ import annotations

import argparse
import json
import time

from ruleforge.drivers.simulate import GameSpec, game_for, run_games, summarize

GREEDY3 = "2=greedy,3=greedy,4=greedy"
EXPERIMENTS = [
    # (label, rules, players, agents, seat that matters (1-based), games scale)
    ("gUFO: random Radar Operator vs random Invader", "games/gufo.rules", None, "random", 2, 1.0),
    ("gUFO: ISMCTS Radar Operator (200 iterations) vs random Invader", "games/gufo.rules", None, "radar=ismcts:200", 2, 1.0),
    ("gUFO: random Invader vs random Radar Operator", "games/gufo.rules", None, "random", 1, 1.0),
    ("gUFO: ISMCTS Invader (60 iterations) vs random Radar Operator", "games/gufo.rules", None, "invader=ismcts:60", 1, 1.0),
    ("UFO*logy, 4 players: random seat 1 vs 3 random", "games/ufology.rules", 4, "random", 1, 0.4),
    ("UFO*logy, 4 players: greedy seat 1 vs 3 random", "games/ufology.rules", 4, "1=greedy", 1, 0.4),
    ("UFO*logy, 4 players: greedy seat 1 vs 3 greedy", "games/ufology.rules", 4, "greedy", 1, 0.4),
    ("UFO*logy, 4 players: ISMCTS seat 1 (300 iterations, random playouts cut at 6) vs 3 greedy",
     "games/ufology.rules", 4, "1=ismcts:300:random:depth=6," + GREEDY3, 1, 0.24),
    ("UFO*logy, 4 players: ISMCTS seat 1 (200 iterations, guided playouts cut at 6) vs 3 greedy",
     "games/ufology.rules", 4, "1=ismcts:200:depth=6," + GREEDY3, 1, 0.8),
]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--out", default=None)
    ap.add_argument("--only", default=None, help="run only experiments whose label contains this")
    args = ap.parse_args()
    rows = []
    for label, rules, players, agents, seat, scale in EXPERIMENTS:
        if args.only and args.only not in label:
            continue
        n = max(1, int(args.games * scale))
        start = time.perf_counter()
        spec = GameSpec(rules, {}, players, agents, args.seed)
        game = game_for(spec)  # loaded once: the rules stay the ones the games were played with
        outcomes = run_games(spec, n, args.jobs)
        s = summarize(game, outcomes, agents)
        x = s["seats"][seat - 1]
        secs = time.perf_counter() - start
        rows.append({"experiment": label, "agents": agents, "games": n, "seat": x["title"],
                     "wins": x["wins"], "win_rate": x["win_rate"], "ci95": x["ci95"], "seconds": round(secs, 1)})
        print(f"{label}: {x['title']} wins {x['wins']}/{n} = {100 * x['win_rate']:.1f}% "
              f"[{100 * x['ci95'][0]:.1f}, {100 * x['ci95'][1]:.1f}] ({secs:.0f} s)", flush=True)
        if args.out:
            with open(args.out, "w") as f:
                json.dump(rows, f, indent=2)


if __name__ == "__main__":
    main()
