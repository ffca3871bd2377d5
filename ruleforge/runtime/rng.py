"""The game's random generator: SplitMix64 over a plain integer.

The state is one int, so cloning a game copies it for free, and the sequence is the same
on every machine and Python version (unlike `random.Random`, whose algorithms are not
promised to stay fixed).
"""

from __future__ import annotations

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
    """Fisher-Yates in place; returns the new state. (`below` and `next64` written out:
    the same numbers, at a third of the calls.)"""
    if len(items) > 1024:
        return _shuffle_long(s, items)
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
