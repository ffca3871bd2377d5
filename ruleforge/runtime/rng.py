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
    the same numbers, at a third of the calls; a long shuffle's numbers drawn at once,
    see _draws.)"""
    if len(items) >= LONG_SHUFFLE:
        got = _draws(s, len(items), _LIMITS)
        if got is not None:
            swaps, s = got
            for i, j in zip(range(len(items) - 1, 0, -1), swaps):
                items[i], items[j] = items[j], items[i]
            return s
    limits = _LIMITS
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        limit = limits[n] if n < 1025 else (1 << 64) - (1 << 64) % n
        while True:
            s = (s + 0x9E3779B97F4A7C15) & MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
            x = z ^ (z >> 31)
            if x < limit:
                break
        j = x % n
        items[i], items[j] = items[j], items[i]
    return s


LONG_SHUFFLE = 32  # items from which a shuffle draws its numbers with NumPy (then faster)
_np = None  # numpy and the arrays _draws reuses, loaded at the first long shuffle


def _draws(s: int, m: int, limits) -> tuple[list, int] | None:
    """The swap positions of shuffle() for `m` items from state `s`, and the state after,
    computed at once: SplitMix64's k-th state is s + k * gamma, so its draws are a
    vector sum and three vector mixes, in NumPy's exact 64-bit arithmetic. None (the
    draws then made one by one) if one would be rejected (below()'s rejection: odds under
    m / 2**64), or without NumPy, or for more items than _LIMITS covers."""
    global _np
    if _np is None:
        try:
            import numpy
        except ImportError:  # pragma: no cover (a dependency; one by one without it)
            _np = False
        else:
            _np = (numpy, {})
    if _np is False or m >= len(limits):
        return None
    np, by_size = _np
    arrays = by_size.get(m)
    if arrays is None:  # per number of items (at most 1,024): k * gamma, each n, below()'s
        # limit less one (a power of two's limit is 2**64)
        with np.errstate(over="ignore"):
            steps = np.arange(1, m, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15)
        arrays = by_size[m] = (steps, np.arange(m, 1, -1, dtype=np.uint64),
                               np.array([x - 1 for x in limits[m:1:-1]], dtype=np.uint64))
    steps, n, highest = arrays
    with np.errstate(over="ignore"):
        z = steps + np.uint64(s)
        z ^= z >> np.uint64(30)
        z *= np.uint64(0xBF58476D1CE4E5B9)
        z ^= z >> np.uint64(27)
        z *= np.uint64(0x94D049BB133111EB)
        z ^= z >> np.uint64(31)
    if (z > highest).any():  # a draw below() would reject: made one by one
        return None
    return (z % n).tolist(), (s + (m - 1) * 0x9E3779B97F4A7C15) & MASK


class Random:
    """A small object wrapper, for agents and drivers that hold their own generator."""

    def __init__(self, n: int):
        self.state = seed(n)

    def below(self, n: int) -> int:
        self.state, x = below(self.state, n)
        return x

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
