"""How noisy a move's value is, alone and against the best move in the same worlds.

    python bench/move_noise.py RULES PLAYERS POSITIONS WORLDS

At positions of greedy games (bench/agreement.py's), each move is valued by ISMCTS's
default playout (20 guided choices, ranks) in the same WORLDS sampled worlds, with the
same future chance. If the deal were most of a value's noise, the difference between two
moves valued in one world would be far less noisy than a value alone, and a search that
compared moves in shared worlds would need fewer iterations (docs/agents.md, 2026-12-06:
in UFO*logy it is not).
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import ruleforge  # noqa: E402
from agreement import position  # noqa: E402
from ruleforge.drivers.evaluators import Playout, best_next  # noqa: E402
from ruleforge.runtime.determinize import determinize  # noqa: E402
from ruleforge.runtime.rng import Random, derive  # noqa: E402


def values(st, playout: Playout, worlds: int, seed: int) -> list[list[float]]:
    """values[w][i]: move i's value to the mover in sampled world w."""
    seat, actions = st.current_player, st.legal_actions()
    out = []
    for w in range(worlds):
        world = determinize(st, seat, derive(seed, 100 + w))
        row = []
        for a in actions:
            x = world.clone()
            x.rng = derive(seed, 5000 + w)  # the same future chance for every move
            x.apply(a)
            v = None if x.is_over else playout(x, Random(derive(seed, 9000 + w)))
            if v is None:
                won = x.result.winners
                row.append(1 / len(won) if seat in won else 0.0)
            else:
                row.append(v[seat])
        out.append(row)
    return out


def main(argv: list[str]) -> None:
    rules, players, positions, worlds = argv[0], int(argv[1]), int(argv[2]), int(argv[3])
    game = ruleforge.load(rules, players=players)
    playout = Playout(best_next, 20, "rank")
    alone, paired, leads = [], [], []
    for seed in range(1000, 1000 + positions):
        st = position(game, "greedy", seed)
        if st is None:
            continue
        V = values(st, playout, worlds, seed)
        moves = range(len(V[0]))
        means = [statistics.fmean(row[i] for row in V) for i in moves]
        best = max(moves, key=lambda i: means[i])
        alone.append(statistics.fmean(statistics.pstdev([row[i] for row in V]) for i in moves))
        paired.append(statistics.fmean(statistics.pstdev([row[i] - row[best] for row in V])
                                       for i in moves if i != best))
        leads.append(min(means[best] - m for i, m in enumerate(means) if i != best))
        print(f"seed {seed}: {len(means)} moves, spread of a value {alone[-1]:.3f}, of a difference in the "
              f"same worlds {paired[-1]:.3f}, the best move's lead {leads[-1]:.3f}", flush=True)
    print(f"{len(alone)} positions: spread of a value {statistics.fmean(alone):.3f}, of a difference in the same "
          f"worlds {statistics.fmean(paired):.3f}; the best move leads the second by {statistics.fmean(leads):.3f}")


if __name__ == "__main__":
    main(sys.argv[1:])
