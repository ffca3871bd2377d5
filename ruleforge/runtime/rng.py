"""The game's random generator: SplitMix64 over a plain integer.

The state is one int, so cloning a game copies it for free, and the sequence is the same
on every machine and Python version (unlike `random.Random`, whose algorithms are not
promised to stay fixed).
"""

from __future__ import annotations

import sys

MASK = (1 << 64) - 1


def seed(n: int) -> int:
    return n & MASK


def next64(s: int) -> tuple[int, int]:
    """Return (new state, 64 random bits)."""
    s = (s + 0x9E3779B97F4A7C15) & MASK
    z = s
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return s, z ^ (z >> 31)


def below(s: int, n: int) -> tuple[int, int]:
    """Return (new state, a uniform integer in [0, n))."""
    limit = (1 << 64) - (1 << 64) % n
    while True:
        s, x = next64(s)
        if x < limit:
            return s, x % n


# below()'s rejection limit for each n a shuffle meets (a few big-integer operations each)
_LIMITS = (0,) + tuple((1 << 64) - (1 << 64) % n for n in range(1, 1025))


def shuffle(s: int, items: list) -> int:
    """Fisher-Yates in place; returns the new state: item i (from the last down) swaps
    with one of items[:i + 1], drawn as `below` draws it."""
    n = len(items)
    if 4 <= n <= _LANES_MAX:
        return _shuffle_lanes(s, items)
    if n > 1024:
        return _shuffle_long(s, items)
    return _shuffle_steps(s, items)


def _shuffle_steps(s: int, items: list) -> int:
    """`shuffle` one draw at a time (`below` and `next64` written out: the same numbers,
    at a third of the calls)."""
    limits = _LIMITS
    for n in range(len(items), 1, -1):  # n = i + 1: the swap of item i with one of items[:n]
        s = (s + 0x9E3779B97F4A7C15) & MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        x = z ^ (z >> 31)
        while x >= limits[n]:  # (a chance of n in 2**64: drawn again)
            s = (s + 0x9E3779B97F4A7C15) & MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
            x = z ^ (z >> 31)
        j = x % n
        items[n - 1], items[j] = items[j], items[n - 1]
    return s


# `_shuffle_lanes` works every draw of a shuffle at once, each in a 128-bit lane of one big
# integer (a 64-bit value times a 64-bit constant fits its lane): a dozen big-integer
# operations instead of a dozen for each card. The rejection of `below` is a chance of
# n in 2**64 a draw; a shuffle that meets one is done again one draw at a time.
_LANES_MAX = 256 if sys.byteorder == "little" else 0  # (its lanes are read as little-endian words)
_LANES: dict[int, tuple[int, int, int]] = {}  # draws -> (1 in each lane, k * gamma in lane k, mask)
_NEVER_REJECTED = MASK - 1024  # below every rejection limit of n <= 1,024


def _lanes(m: int) -> tuple[int, int, int]:
    ones = ((1 << 128 * m) - 1) // ((1 << 128) - 1)
    steps = sum((k * 0x9E3779B97F4A7C15) << 128 * (k - 1) for k in range(1, m + 1))
    got = _LANES[m] = (ones, steps, ones * MASK)
    return got


def _shuffle_lanes(s: int, items: list) -> int:
    """`shuffle` for 4 to `_LANES_MAX` items (the same numbers)."""
    n = len(items)
    m = n - 1  # draws
    ones, steps, mask = _LANES.get(m) or _lanes(m)
    z = (s * ones + steps) & mask  # lane k: the state after k draws
    z = ((z ^ (z >> 30)) & mask) * 0xBF58476D1CE4E5B9 & mask
    z = ((z ^ (z >> 27)) & mask) * 0x94D049BB133111EB & mask
    z = (z ^ (z >> 31)) & mask
    xs = memoryview(z.to_bytes(16 * m, "little")).cast("Q")[::2].tolist()  # each lane's low 64 bits
    if max(xs) > _NEVER_REJECTED:
        return _shuffle_steps(s, items)
    i = m
    for x in xs:
        j = x % (i + 1)
        items[i], items[j] = items[j], items[i]
        i -= 1
    return (s + m * 0x9E3779B97F4A7C15) & MASK


def _shuffle_long(s: int, items: list) -> int:
    """`shuffle` for more than 1,024 items (the same numbers)."""
    for i in range(len(items) - 1, 0, -1):
        s, j = below(s, i + 1)
        items[i], items[j] = items[j], items[i]
    return s


class Random:
    """A small object wrapper, for agents and drivers that hold their own generator."""

    def __init__(self, n: int):
        self.state = seed(n)

    def below(self, n: int) -> int:
        # below() and next64() written out (the same numbers): a random policy asks this
        # at every decision of every playout
        limit = _LIMITS[n] if 0 < n < 1025 else (1 << 64) - (1 << 64) % n
        s = self.state
        while True:
            s = (s + 0x9E3779B97F4A7C15) & MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
            x = z ^ (z >> 31)
            if x < limit:
                self.state = s
                return x % n

    def choice(self, items):
        return items[self.below(len(items))]


def derive(*parts: int) -> int:
    """A seed derived from several numbers (a run's seed, a game number, a seat)."""
    s = 0x243F6A8885A308D3
    for p in parts:
        s, _ = next64((s ^ (p & MASK)) & MASK)
        s, x = next64(s)
        s = x
    return s
