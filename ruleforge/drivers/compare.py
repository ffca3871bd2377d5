"""Paired comparison of two runs on the same seeds."""

from __future__ import annotations

import math

from .simulate import Z95


def paired_difference(base: list, variant: list, seat: int) -> dict:
    """Difference in `seat`'s win rate (variant - base) over games paired by seed.

    Each pair gives d = won_in_variant - won_in_base (in -1, 0, 1); the interval is the
    normal one for the mean of d, which pairing makes much narrower than comparing two
    independent rates when both files deal the same cards.
    """
    pairs = [(b, v) for b, v in zip(base, variant) if b.error is None and v.error is None]
    n = len(pairs)
    if n == 0:
        return {"difference": 0.0, "ci95": [0.0, 0.0], "significant": False, "games": 0}
    d = [(v.winners == (seat,)) - (b.winners == (seat,)) for b, v in pairs]
    mean = sum(d) / n
    var = sum((x - mean) ** 2 for x in d) / (n - 1) if n > 1 else 0.0
    half = Z95 * math.sqrt(var / n)
    lo, hi = mean - half, mean + half
    return {"difference": mean, "ci95": [lo, hi], "significant": lo > 0 or hi < 0, "games": n}
