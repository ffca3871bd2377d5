"""Racing value sets toward a target (successive halving), and confirming the finalists.

A search that plays every value set for its full number of games spends most of them on
value sets that were plainly off after a few dozen: a win rate of 80% does not need
500 games to be told from 50%. So the search is a race in rounds (successive
halving, Karnin et al. 2013; Jamieson and Talwalkar 2016): every value set plays the
first round's games (an eighth of the most a value set may play), and after each round

- a value set whose 95% interval leaves the target out is dropped ("off"): it is
  clearly not the answer;
- of the others, the closest half (never fewer than FINALISTS) plays on to the next round,
  with twice the games; the rest are dropped ("farther").

Every value set plays the same seeds (game i of every value set is dealt from the same
seed), so at each round they differ by their values, not by the luck of their deals. The
rounds are run synchronously, every value set of a round before the next round, so who
plays on depends on the figures alone, never on the order games finish in, nor on how
many processes play them. (Optuna's SuccessiveHalvingPruner is the asynchronous kind,
ASHA: a trial is judged at each rung against the trials that reached it before, so the
first trials are never cut, and with trials in parallel who is cut depends on which
finished first. Optuna's sampler still chooses the value sets when the range holds too
many: drivers/tune.py.)

The finalists' figures are still the best of many noisy figures on the same seeds, so
they flatter themselves (the winner's curse): the finalists are then played again, one
after the other, closest first, on fresh seeds, until one's interval holds the target.
That figure is the answer.
"""

from __future__ import annotations

import math
from typing import Callable, Optional, Sequence

from attrs import define, field

FINALISTS = 3   # value sets that finish the race, at most; each may be confirmed
HALVINGS = 3    # rounds after the first: the first plays 1/8 of the games of the last


def rounds(games: int, halvings: int = HALVINGS) -> list[int]:
    """The games a value set has played after each round: 50, 100, 200, 400 for 400."""
    return sorted({math.ceil(games / 2 ** k) for k in range(halvings, -1, -1)})


def keep(alive: int, last: bool, finalists: int = FINALISTS) -> int:
    """How many value sets of `alive` may play on after a round (before the clearly-off
    ones are taken out)."""
    return min(alive, finalists if last else max(finalists, math.ceil(alive / 2)))


def worst_case(sets: int, schedule: Sequence[int], confirm: int, finalists: int = FINALISTS) -> int:
    """The most games a race of `sets` value sets and its confirmation can play: no value
    set is ever dropped as off, and every finalist is confirmed."""
    games, alive, before = 0, sets, 0
    for r, g in enumerate(schedule):
        games += alive * (g - before)
        before = g
        alive = keep(alive, r == len(schedule) - 1, finalists)
    return games + min(finalists, sets) * confirm


@define
class Entry:
    """A value set in the race."""
    params: dict
    order: int                           # its place in the list of value sets: ties go to the first
    outcomes: list = field(factory=list)  # its games on the search's seeds, in seed order
    figure: Optional[dict] = None        # {"value", "ci95", "games"} over `outcomes`
    history: list = field(factory=list)   # the figure after each round it played
    fate: str = "racing"                 # then "off", "farther" or "finalist"
    distance: float = math.inf
    holds: bool = False

    @property
    def games(self) -> int:
        return len(self.outcomes)

    def add(self, outcomes: list, target) -> None:
        self.outcomes.extend(outcomes)
        self.figure = target.measure(self.outcomes)
        if not self.history or self.history[-1]["games"] != self.figure["games"]:
            self.history.append(self.figure)
        self.distance = target.distance(self.figure["value"])
        lo, hi = self.figure["ci95"]
        self.holds = lo <= target.value <= hi


@define
class Confirmation:
    entry: Entry
    figure: dict
    holds: bool


# play([(params, seed, indexes), ...]) -> one list of outcomes per item, in the same order
Play = Callable[[list], list]


def race(entries: list[Entry], target, schedule: Sequence[int], seed: int, play: Play,
         finalists: int = FINALISTS, on_round: Optional[Callable[[int, list], None]] = None) -> list[Entry]:
    """Run the race (entries may have played the first round already); returns the
    finalists, closest first. Every entry's `fate` says how it ended."""
    alive = list(entries)
    for r, g in enumerate(schedule):
        if on_round:
            on_round(r, alive)
        todo = [e for e in alive if e.games < g]
        if todo:
            for e, outs in zip(todo, play([(e.params, seed, range(e.games, g)) for e in todo])):
                e.add(outs, target)
        room = keep(len(alive), r == len(schedule) - 1, finalists)
        for e in alive:
            if not e.holds:
                e.fate = "off"
        inside = sorted((e for e in alive if e.holds), key=lambda e: (e.distance, e.order))
        for e in inside[room:]:
            e.fate = "farther"
        alive = inside[:room]
        if not alive:
            break
    for e in alive:
        e.fate = "finalist"
    return alive


def confirm(finalists: list[Entry], target, games: int, seed: int, play: Play) -> list[Confirmation]:
    """Play the finalists again, closest first, on the same fresh seeds, until one's
    interval holds the target: every confirmation played, the one that holds last."""
    out = []
    for e in finalists:
        figure = target.measure(play([(e.params, seed, range(games))])[0])
        lo, hi = figure["ci95"]
        out.append(Confirmation(e, figure, lo <= target.value <= hi))
        if out[-1].holds:
            break
    return out
