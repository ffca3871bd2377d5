"""The game's random generator: SplitMix64, the same numbers on every machine; a shuffle
is Fisher-Yates with below(), written out for speed."""

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


@pytest.mark.parametrize("m", [0, 1, 2, 3, 4, 5, 31, 39, 52, 64, 104, 256, 257, 1024, 1025, 1100])
def test_a_shuffle_is_fisher_yates_with_below_at_any_length(m):
    for n in range(20):
        s = rng.derive(m, n)
        mine, theirs = list(range(m)), list(range(m))
        assert rng.shuffle(s, mine) == one_by_one(s, theirs)
        assert mine == theirs


def test_a_shuffle_draws_again_where_below_would(monkeypatch):
    # A draw at or over below()'s limit comes about n times in 2**64: lower the limits so
    # that some do, and the written-out shuffle must still draw again where below() does.
    low = lambda n: (1 << 64) - (1 << 64) % n - (1 << 62)  # a quarter of the draws rejected
    monkeypatch.setattr(rng, "_LIMITS", (0,) + tuple(low(n) for n in range(1, 1025)))
    # (a shuffle of every draw at once goes one draw at a time when a draw is that high)
    monkeypatch.setattr(rng, "_NEVER_REJECTED", low(1024) - 1)

    def below(s: int, n: int) -> tuple[int, int]:
        while True:
            s, x = rng.next64(s)
            if x < low(n):
                return s, x % n
    monkeypatch.setattr(rng, "below", below)
    for n in range(20):
        s = rng.derive(52, n)
        mine, theirs = list(range(52)), list(range(52))
        assert rng.shuffle(s, mine) == one_by_one(s, theirs)
        assert mine == theirs


def test_a_shuffle_of_every_draw_at_once_meets_a_rejection_as_below_does(monkeypatch):
    # The draws worked out together (rng._shuffle_lanes) cannot draw again: a shuffle
    # that meets a draw over some limit is done one draw at a time, with the same numbers.
    # The third draw of this seed is the highest of 52: make it the one rejected.
    s = rng.derive(0, 30)
    xs, t = [], s
    for _ in range(51):
        t, x = rng.next64(t)
        xs.append(x)
    third = xs[2]
    assert third == max(xs)  # (the seed was picked for this)
    monkeypatch.setattr(rng, "_NEVER_REJECTED", third - 1)
    monkeypatch.setattr(rng, "_LIMITS", tuple(min(lim, third) for lim in rng._LIMITS))

    def below(s: int, n: int) -> tuple[int, int]:
        while True:
            s, x = rng.next64(s)
            if x < min((1 << 64) - (1 << 64) % n, third):
                return s, x % n
    monkeypatch.setattr(rng, "below", below)
    mine, theirs = list(range(52)), list(range(52))
    assert rng.shuffle(s, mine) == one_by_one(s, theirs)
    assert mine == theirs
