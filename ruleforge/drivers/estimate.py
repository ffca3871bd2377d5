"""How long a report's games will take: stages of games, timed as they go.

A report plays its games in stages (the main games, then each run of the skill trace),
one after the other, and a stage's bots set its cost: a game with a searching seat can
cost a hundred of a random one. So one rate for the whole run (a progress bar's) says
nothing until the costly stages begin. Here each kind of stage is timed on one game
played before any stage (`calibrated`); a stage's own rate replaces that once its first
batches are in, and the ratio of a measured rate to its kind's timed game (the processes
working at once, the load of the host) carries over to the stages still to come.

Nothing here plays or prints: the clock is given, so tests drive it with a fake one.
"""

from __future__ import annotations

import time
from typing import Callable, Optional, Sequence

from attrs import define, field, frozen


@frozen
class Stage:
    """`games` of one run, `kind` what it costs like (stages of one kind have alike bots),
    `label` how a designer reads it; `batch`: games a worker hands back at once, `parallel`:
    the processes playing it."""
    label: str
    games: int
    kind: str
    batch: int = 1
    parallel: int = 1


@define
class _Done:
    games: int = 0           # games counted, after the timed one
    seconds: float = 0.0     # wall time they took
    timed: bool = False      # one game of it was played to time its kind


@define
class Estimate:
    stages: Sequence[Stage]
    clock: Callable[[], float] = time.monotonic
    one_game: dict = field(factory=dict)     # kind -> seconds one game took alone
    done: list = field(init=False)
    started: float = field(init=False)
    stage_start: float = field(init=False)
    current: int = field(init=False, default=0)
    last: float = field(init=False)          # when games last came back

    def __attrs_post_init__(self):
        self.done = [_Done() for _ in self.stages]
        self.started = self.stage_start = self.last = self.clock()

    def calibrated(self, stage: int, seconds: float) -> None:
        """Game 0 of `stage` was played alone in `seconds` to time its kind; the stage
        plays one game fewer."""
        self.one_game.setdefault(self.stages[stage].kind, seconds)
        self.done[stage].timed = True

    def begin(self) -> None:
        """The stages start (after the timing games)."""
        self.stage_start = self.last = self.clock()
        self._skip_empty()

    def advance(self, n: int) -> None:
        """`n` more games done, of the stage under way (stages are played in order)."""
        now = self.last = self.clock()
        while n > 0 and self.current < len(self.stages):
            d = self.done[self.current]
            take = min(n, self.left_in(self.current))
            d.games += take
            d.seconds = now - self.stage_start
            n -= take
            if self.left_in(self.current) == 0:
                self.current += 1
                self.stage_start = now
                self._skip_empty()

    def _skip_empty(self) -> None:
        while self.current < len(self.stages) and self.left_in(self.current) == 0:
            self.current += 1

    def left_in(self, i: int) -> int:
        return self.stages[i].games - self.done[i].timed - self.done[i].games

    def _trusted(self, i: int) -> bool:
        """A stage's own rate counts once every process has handed back a batch (the
        first batch comes back while the others' are still under way)."""
        s, d = self.stages[i], self.done[i]
        return d.games >= min(s.batch * s.parallel, s.games - d.timed)

    def per_game(self, i: int) -> float:
        """Seconds a game of stage i adds to the run: measured, or foreseen from its kind."""
        if self._trusted(i) and self.done[i].games:
            return self.done[i].seconds / self.done[i].games
        s = self.stages[i]
        measured = [j for j in range(len(self.stages)) if j != i and self.stages[j].kind == s.kind
                    and self._trusted(j) and self.done[j].games]
        if measured:
            return self.per_game(measured[-1])
        alone = self.one_game.get(s.kind, 0.0)
        ratio = self.ratio()
        return alone * (ratio if ratio is not None else 1 / max(1, s.parallel))

    def ratio(self) -> Optional[float]:
        """Measured time over the time their timed game foretold, of the stages whose own
        game was timed (another seat of a kind can cost several times more), weighed by
        time (a stage of cheap games is mostly starting its processes)."""
        measured = [(d.seconds, self.one_game[s.kind] * d.games) for i, (s, d) in enumerate(zip(self.stages, self.done))
                    if d.timed and d.games and self._trusted(i)]
        foretold = sum(f for _, f in measured)
        return sum(m for m, _ in measured) / foretold if measured and foretold > 0 else None

    def seconds_left(self) -> float:
        """From now: the time since the last games came back is taken off (a bar counts
        down between batches)."""
        ahead = sum(self.left_in(i) * self.per_game(i) for i in range(self.current, len(self.stages)))
        return max(0.0, ahead - (self.clock() - self.last))

    def elapsed(self) -> float:
        return self.clock() - self.started

    def games_left(self) -> int:
        return sum(self.left_in(i) for i in range(len(self.stages)))

    def under_way(self) -> Optional[Stage]:
        return self.stages[self.current] if self.current < len(self.stages) else None


BUDGET = 600.0  # seconds: what the defaults aim at for a launch game (docs/analyze.md)


def duration(seconds: float) -> str:
    """'45 s', '12 min', '1 h 5 min': a rough time."""
    if seconds < 90:
        return f"{seconds:.0f} s"
    minutes = round(seconds / 60)
    return f"{minutes} min" if minutes < 60 else f"{minutes // 60} h {minutes % 60} min"


def start_text(e: Estimate) -> str:
    """The estimate once the kinds are timed: the whole, and each part of it."""
    parts: dict = {}
    for i, s in enumerate(e.stages):
        part = "the main games" if s.kind == "main" else "the skill trace"
        parts[part] = parts.get(part, 0.0) + e.left_in(i) * e.per_game(i)
    whole = e.elapsed() + e.seconds_left()
    detail = ", ".join(f"{name} {duration(t)}" for name, t in parts.items())
    return f"estimate: about {duration(whole)} in all ({detail})" if len(parts) > 1 else \
        f"estimate: about {duration(whole)} in all"


def budget_note(e: Estimate, hint: str, budget: float = BUDGET) -> Optional[str]:
    """A word when the whole is far above `budget` (twice it or more), with `hint`."""
    whole = e.elapsed() + e.seconds_left()
    if whole < 2 * budget:
        return None
    return f"note: about {duration(whole)}, far over the {duration(budget)} the defaults aim at; {hint}"


def progress_text(e: Estimate) -> str:
    """Where the run is, for a line now and then."""
    s = e.under_way()
    if s is None:
        return f"all games played in {duration(e.elapsed())}"
    return f"{s.label}; about {duration(e.seconds_left())} left"


def bar_text(e: Estimate) -> str:
    """Beside a progress bar: the time first, which a narrow terminal keeps."""
    s = e.under_way()
    return f"about {duration(e.seconds_left())} left: {s.label}" if s else ""
