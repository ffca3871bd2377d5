"""Hostile input against the designer-facing checks: the misspelling search of a variant
is bounded (docs/limits.md), so thousands of new items near thousands of base names
check within the time limit."""

from __future__ import annotations

import random
import string

from hostile import assert_clean, hostile_run

BASE = '''game "T"
players 2
cards: standard deck in deck
zone deck: pile
zone hand per player: hand
turn:
    move top of deck to hand of current
ending dry "the deck is empty": nobody wins when deck is empty
'''


def names(rng: random.Random, n: int) -> list[str]:
    return ["".join(rng.choice(string.ascii_lowercase) for _ in range(8)) for _ in range(n)]


def test_1500_new_parameters_near_1500_base_names(tmp_path):
    rng = random.Random(1)
    base = BASE + "".join(f"parameter {n} = 1\n" for n in names(rng, 1500))
    variant = 'extends "base.rules"\n' + "".join(f"parameter {n} = 1\n" for n in names(rng, 1500))
    ran = hostile_run(["check", "v.rules"], {"base.rules": base, "v.rules": variant}, cwd=tmp_path)
    assert_clean(ran, 0, "... and 2950 more warning(s)")
    assert ran.out.startswith("v.rules: ok: T, 2 players, 0 actions, 1 ending, 0 invariants, 3000 warnings")
