"""The bot ladder: named strengths, weakest first.

A designer's verdict depends on the bots that played (a rule change that matters between
good players can vanish between random ones), so every figure that comes from bots names
its rung, and `compare` and `analyze` run at a rung rather than at an ad-hoc agent.
docs/agents.md gives each rung's measured strength against the one below, as
`bench/ladder.py` measures it.

What each rung is (the agents' defaults, drivers/agents.py and drivers/ismcts.py):
`greedy` judges each move over 8 to 32 sampled worlds by its mean less one standard
error; `ismcts:N` searches N iterations, a fresh sampled world each, UCB exploration 0.7,
no widening, guided playouts cut after 20 choices where the game has a heuristic and
random playouts to the end where it has none, and stops early once its choice cannot
change. A rung names its agent by spec alone, so a rung means the same agent wherever it
is used.
"""

from __future__ import annotations

LADDER = ("random", "greedy", "ismcts:100", "ismcts:1000", "ismcts:5000")


def rung_index(spec: str) -> int:
    """Where an agent spec stands on the ladder; ValueError when it is not a rung."""
    spec = spec.strip()
    if spec not in LADDER:
        raise ValueError(f"'{spec}' is not a rung of the ladder; the rungs are: {', '.join(LADDER)}")
    return LADDER.index(spec)


def rung_below(spec: str):
    """The next weaker rung, or None for the weakest."""
    i = rung_index(spec)
    return LADDER[i - 1] if i > 0 else None
