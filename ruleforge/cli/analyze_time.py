"""`analyze`'s progress and time estimate (drivers/estimate.py): the stages of its games,
one game of each kind of stage timed before them all, and the estimate on stderr (a bar
on a terminal, a line now and then when the output goes to a file).

The timing games are the stages' own game 0, handed to the stage (run_games' `first`),
so the report's games, and every figure, are the ones it plays without them. The
estimate goes to the terminal only, never into the report: its times would make the
same seed give another page.
"""

from __future__ import annotations

import math
import time
from typing import Callable

from ..drivers.estimate import Estimate, Stage, bar_text, budget_note, duration, progress_text, start_text
from ..lang.printable import plain
from .common import progress_bar

SAY_FROM = 10.0  # seconds: a shorter report is over before an estimate helps
clock = time.monotonic  # (tests give a fake one)


def plan(agents: str, games: int, skill_runs: list, titles: list, jobs: int) -> list[Stage]:
    """The stages in the order they are played: the main games, then the skill trace's
    runs (skill.stages)."""
    from ..drivers.simulate import batch_size, local_jobs

    def stage(label, n, kind):
        batch = batch_size(n - 1, jobs)
        return Stage(label, n, kind, batch, local_jobs(jobs, math.ceil(max(1, n - 1) / batch)))
    out = [stage(f"the main games ({agents})", games, "main")]
    for bots, n, kind, seat in skill_runs:
        who = bots if seat is None else f"{kind.split(' among ')[0]} as {titles[seat]} among " \
                                        f"{kind.split(' among ')[1]}"
        out.append(stage(f"the skill trace ({who})", n, kind))
    return out


def calibrate(estimate: Estimate, play: Callable[[int], object]) -> dict:
    """Play game 0 of the first stage of each kind, alone, timing it: {stage: [its game]}."""
    ready, seen = {}, set()
    for i, s in enumerate(estimate.stages):
        if s.kind in seen or s.games < 1:
            continue
        seen.add(s.kind)
        t = estimate.clock()
        ready[i] = [play(i)]
        estimate.calibrated(i, estimate.clock() - t)
    return ready


def hint(e: Estimate, games: int, skill_games: int) -> str:
    main = sum(e.left_in(i) * e.per_game(i) for i, s in enumerate(e.stages) if s.kind == "main")
    if main >= e.seconds_left() / 2:
        return f"fewer --games (now {games:,}) give a quicker first look (the report goes on)"
    return (f"fewer --skill-games (now {skill_games:,}), cheaper --rungs (such as random,greedy) or --rungs none "
            "give a quicker first look (the report goes on)")


def told(e: Estimate, games: int, skill_games: int, say: Callable[[str], None]) -> None:
    """The estimate before the stages, and a word when it is far over the budget."""
    if e.elapsed() + e.seconds_left() < SAY_FROM:
        return
    say(start_text(e))
    note = budget_note(e, hint(e, games, skill_games))
    if note:
        say(note)


def shown(e: Estimate, total: int, done: int):
    """(advance, stop) for run_games' progress: a bar with the estimate on a terminal, a
    line on stderr every PROGRESS_EVERY seconds otherwise."""
    from rich.progress import ProgressColumn
    from rich.text import Text

    class Left(ProgressColumn):
        def render(self, task) -> Text:  # (at each refresh: the time left counts down)
            return Text(plain(bar_text(e)), no_wrap=True, overflow="ellipsis")
    return progress_bar(total, "playing", Left(), e.clock, lambda _, n: f"playing: {n:,} of {total:,} games in "
                        f"{duration(e.elapsed())}, {progress_text(e)}", done, e.advance, e.elapsed, 20)
