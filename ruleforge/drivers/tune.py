"""Searching parameter values toward a target: the ranges, and which value sets to race.

When the ranges hold no more value sets than the search may measure, every one is
raced (drivers/race.py), in the order of their values: the answer is then the best in
the range. Otherwise Optuna's TPE sampler chooses which, one after the other, from the
figures of the first round of the race (a few dozen games each, on the same seeds for
every value set); a value set it proposes again is not played again (on the same seeds
its figure would be the same) and costs no games. The sampler is seeded and told the
figures in order, so one seed gives one search.
"""

from __future__ import annotations

import math
import re
from typing import Callable

from attrs import frozen

from ..runtime.rng import derive


@frozen
class ParamRange:
    name: str
    low: int
    high: int
    text: str   # as written: "hand_size=1..5"

    @property
    def values(self) -> list[int]:
        return list(range(self.low, self.high + 1))


_NUMBER = r"[+-]?\d+(?:\.\d*)?|[+-]?\.\d+"


def parse_param(text: str) -> ParamRange:
    """`NAME=LO..HI` (whole numbers, both ends included); ValueError saying what to write."""
    name, sep, rest = text.partition("=")
    name = name.strip()
    if not sep or not name:
        raise ValueError(f"'{text}' is not NAME=LO..HI, such as hand_size=1..6")
    low, dots, high = rest.partition("..")
    if not dots:
        raise ValueError(f"'{text}': a range is written LO..HI, such as {name}=1..6")
    bounds = []
    for word in (low.strip(), high.strip()):
        if not re.fullmatch(_NUMBER, word):
            raise ValueError(f"'{text}': '{word}' is not a number" if word else
                             f"'{text}': a range needs both ends, such as {name}=1..6")
        if not re.fullmatch(r"[+-]?\d+", word):
            raise ValueError(f"'{text}': {word} is not a whole number, and a rule file's numbers are whole: "
                             f"write a range of whole numbers, such as {name}=1..6")
        bounds.append(int(word))
    lo, hi = bounds
    if lo > hi:
        raise ValueError(f"'{text}': the low end comes first: {name}={hi}..{lo}")
    if lo == hi:
        raise ValueError(f"'{text}' is a single value: to fix a parameter, use --set {name}={lo}")
    return ParamRange(name, lo, hi, f"{name}={lo}..{hi}")


def space_size(space: list[ParamRange]) -> int:
    return math.prod(p.high - p.low + 1 for p in space)


def fresh_seed(seed: int) -> int:
    """The seed of the confirmation games: none of them is a game of the search."""
    return derive(seed, 0xC0F1) & 0x7FFFFFFF


def clip(p: ParamRange, low: int, high: int) -> ParamRange | None:
    """The part of `p` within low..high, the range the rule file declares (None when
    they do not meet)."""
    lo, hi = max(p.low, low), min(p.high, high)
    if lo > hi:
        return None
    return ParamRange(p.name, lo, hi, f"{p.name}={lo}..{hi}" if lo < hi else f"{p.name}={lo}")


def value_sets(space: list[ParamRange]) -> list[dict]:
    """Every value set of the ranges, in the order of their values."""
    import itertools
    return [dict(zip([p.name for p in space], values)) for values in itertools.product(*(p.values for p in space))]


def choose(space: list[ParamRange], trials: int, seed: int, distance: Callable[[dict], float]) -> list[dict]:
    """`trials` distinct value sets, chosen by Optuna's TPE sampler one after the other:
    `distance(params)` measures one (plays its first round) and says how far it is from
    the target. Returns them in the order measured."""
    import optuna
    optuna.logging.set_verbosity(optuna.logging.ERROR)
    sampler = optuna.samplers.TPESampler(seed=seed, n_startup_trials=min(10, max(1, trials // 3)))
    done: dict = {}
    failed: list = []

    def objective(trial) -> float:
        params = {p.name: trial.suggest_int(p.name, p.low, p.high) for p in space}
        key = tuple(params.values())
        if key not in done:
            try:
                done[key] = (params, distance(params))
            except BaseException as e:
                # raised after the study stops: Optuna would log a failed trial with a traceback
                failed.append(e)
                trial.study.stop()
                return math.inf
        return done[key][1]

    def stop_when_enough(study, trial) -> None:
        if len(done) >= trials:
            study.stop()

    study = optuna.create_study(direction="minimize", sampler=sampler)
    # the cap: the sampler may keep proposing value sets already measured
    study.optimize(objective, n_trials=20 * trials, callbacks=[stop_when_enough])
    if failed:
        raise failed[0]
    return [params for params, _ in done.values()]
