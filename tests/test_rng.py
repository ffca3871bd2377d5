"""The game's random generator: SplitMix64, the same numbers on every machine. A long
shuffle draws its numbers at once with NumPy; they must be the numbers drawn one by one."""

from __future__ import annotations

import pytest

from ruleforge.runtime import rng


def one_by_one(s: int, items: list) -> int:
    """Fisher-Yates with below(), as the generator is defined."""
    for i in range(len(items) - 1, 0, -1):
        s, j = rng.below(s, i + 1)
        items[i], items[j] = items[j], items[i]
    return s


def test_the_first_numbers_of_seed_zero_are_splitmix64s():
    s, x = rng.next64(rng.seed(0))
    assert x == 0xE220A8397B1DCDAF  # SplitMix64's published first output for seed 0
    s, x = rng.next64(s)
    assert x == 0x6E789E6AA1B965F4


@pytest.mark.parametrize("m", [0, 1, 2, 31, rng.LONG_SHUFFLE, 39, 52, 64, 104, 1024, 1025, 1100])
def test_a_shuffle_is_fisher_yates_with_below_at_any_length(m):
    for n in range(20):
        s = rng.derive(m, n)
        mine, theirs = list(range(m)), list(range(m))
        assert rng.shuffle(s, mine) == one_by_one(s, theirs)
        assert mine == theirs


def test_a_long_shuffle_whose_draw_would_be_rejected_is_drawn_one_by_one(monkeypatch):
    # below() rejects a draw at or above its limit (odds about n / 2**64): with every limit
    # lowered to 2**63, about half the draws are rejected, and the long shuffle must give
    # the one-by-one shuffle's numbers, rejections and all
    low = (0,) + tuple(1 << 63 for _ in range(1, 1025))
    monkeypatch.setattr(rng, "_LIMITS", low)
    monkeypatch.setattr(rng, "_np", None)  # (its arrays made again, with these limits)
    assert rng._draws(rng.derive(7), 52, low) is None
    mine = list(range(52))
    s = rng.shuffle(rng.derive(7), mine)
    theirs, t = list(range(52)), rng.derive(7)
    for i in range(51, 0, -1):  # below() with the lowered limit
        while True:
            t, x = rng.next64(t)
            if x < 1 << 63:
                break
        j = x % (i + 1)
        theirs[i], theirs[j] = theirs[j], theirs[i]
    assert (mine, s) == (theirs, t)
