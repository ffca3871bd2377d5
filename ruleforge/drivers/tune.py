"""Searching parameter values toward a target, with Optuna.

Every trial plays the same seeds (paired, as `compare` pairs files), so two trials differ
only by their values, never by luck of the deal; and the search is sequential with a
seeded sampler, so one seed gives one search. When the range holds no more value sets
than there are trials, every one is measured (Optuna's grid sampler, in a seeded order):
the answer is then the best in the range, not the best found. Otherwise the TPE sampler
chooses; a value set it proposes again is not played again (its seeds are the same, so
its figure would be), and costs no games.

The best value set's figure on the search's seeds is the best of many noisy figures,
and so flatters it (the winner's curse): `confirm` plays it again on fresh seeds, and
that is the figure to trust.
"""

from __future__ import annotations

import math
import re
from typing import Callable

from attrs import define, frozen

from ..runtime.rng import derive

MAX_TRIALS = 10_000


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


@define
class Trial:
    number: int          # from 1, in the order measured
    params: dict
    value: float
    ci95: list
    games: int
    distance: float      # from the target, in its units
    contains: bool       # whether the interval holds the target


def search(space: list[ParamRange], target, trials: int, seed: int,
           evaluate: Callable[[dict], dict], on_trial: Callable[[Trial], None] | None = None) -> tuple[list, str]:
    """Measure up to `trials` value sets (fewer when the range holds fewer): `evaluate(params)`
    gives the target's figure {"value", "ci95", "games"} on the search's seeds. Returns the
    trials in the order measured, and the sampler's name."""
    import optuna
    optuna.logging.set_verbosity(optuna.logging.ERROR)
    size = space_size(space)
    if size <= trials:
        sampler = optuna.samplers.GridSampler({p.name: p.values for p in space}, seed=seed)
        name, wanted, cap = "grid (every value set in the range)", size, size
    else:
        sampler = optuna.samplers.TPESampler(seed=seed, n_startup_trials=min(10, max(1, trials // 3)))
        name, wanted, cap = "TPE", trials, 20 * trials  # cap: the sampler may keep proposing measured sets
    done: dict = {}
    out: list[Trial] = []

    failed: list = []

    def objective(trial) -> float:
        params = {p.name: trial.suggest_int(p.name, p.low, p.high) for p in space}
        key = tuple(params.values())
        if key not in done:
            try:
                m = evaluate(params)
            except BaseException as e:
                # raised after the study stops: Optuna would log a failed trial with a traceback
                failed.append(e)
                trial.study.stop()
                return math.inf
            lo, hi = m["ci95"]
            t = Trial(len(out) + 1, params, m["value"], m["ci95"], m["games"], target.distance(m["value"]),
                      lo <= target.value <= hi)
            done[key] = t
            out.append(t)
            if on_trial:
                on_trial(t)
        return done[key].distance

    def stop_when_enough(study, trial) -> None:
        if len(out) >= wanted:
            study.stop()

    study = optuna.create_study(direction="minimize", sampler=sampler)
    study.optimize(objective, n_trials=cap, callbacks=[stop_when_enough])
    if failed:
        raise failed[0]
    return out, name


def best(trials: list[Trial]) -> Trial:
    """The trial nearest the target; among equals, the first measured."""
    return min(trials, key=lambda t: (t.distance, t.number))


def plot_search(path: str, title: str, target, space: list[ParamRange], trials: list[Trial],
                best_trial: Trial, confirmed: dict | None) -> None:
    """Two panels: each trial's figure with its interval, in the order measured, against
    the target; and where the trials fell in the range (the first two parameters), coloured
    by their distance from the target."""
    from .report import _figure, _save
    plt = _figure()
    scale = 100 if target.kind == "wins" else 1
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.5), gridspec_kw={"width_ratios": [3, 2]})
    xs = [t.number for t in trials]
    ys = [scale * t.value for t in trials]
    # max(0, ...): an interval's end at 0% or 100% may fall a rounding error inside the figure
    errs = [[max(0.0, scale * (t.value - t.ci95[0])) for t in trials],
            [max(0.0, scale * (t.ci95[1] - t.value)) for t in trials]]
    left.errorbar(xs, ys, yerr=errs, fmt="o", capsize=3, color="tab:blue", label="trial (search seeds)")
    left.axhline(scale * target.value, color="tab:red", linestyle="--", label=f"target: {target.text}")
    left.plot([best_trial.number], [scale * best_trial.value], "*", color="tab:orange", markersize=16,
              label="best")
    if confirmed is not None:
        c = confirmed
        left.errorbar([len(trials) + 1], [scale * c["value"]],
                      yerr=[[max(0.0, scale * (c["value"] - c["ci95"][0]))],
                            [max(0.0, scale * (c["ci95"][1] - c["value"]))]],
                      fmt="s", capsize=4, color="tab:green", label="best, on fresh seeds")
    from matplotlib.ticker import MaxNLocator
    left.xaxis.set_major_locator(MaxNLocator(integer=True))
    left.set_xlabel("trial (the square: the best, played again on fresh seeds)" if confirmed else "trial")
    ylabel = {"wins": "win rate, % (95% CI)", "payoff": "mean payoff (95% CI)"}.get(
        target.kind, f"mean {target.kind} (95% CI)")
    left.set_ylabel(ylabel)
    left.set_title(title)
    left.legend(fontsize="small")
    first = space[0]
    px = [t.params[first.name] for t in trials]
    if len(space) > 1:
        second = space[1]
        py = [t.params[second.name] for t in trials]
        dots = right.scatter(px, py, c=[t.distance for t in trials], cmap="viridis_r", s=120)
        right.plot([best_trial.params[first.name]], [best_trial.params[second.name]], "*", color="tab:orange",
                   markersize=18)
        right.set_ylabel(second.name)
        if len(second.values) <= 20:
            right.set_yticks(second.values)
        fig.colorbar(dots, ax=right, label="distance from the target" + (" (points)" if scale == 100 else ""))
        right.set_title("where the trials fell")
    else:
        right.errorbar(px, ys, yerr=errs, fmt="o", capsize=3)
        right.axhline(scale * target.value, color="tab:red", linestyle="--")
        right.set_ylabel(ylabel)
        right.set_title(f"by {first.name}")
    right.set_xlabel(first.name)
    if len(first.values) <= 20:
        right.set_xticks(first.values)
    fig.tight_layout()
    _save(fig, path)
    plt.close(fig)
