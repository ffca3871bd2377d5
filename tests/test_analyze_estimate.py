"""`analyze`'s time estimate (drivers/estimate.py, cli/analyze_time.py), driven by a fake
clock: given the stages, the timed games and the time each batch took, the exact text; and
the timing games are the report's own, so a seed gives the same figures as before."""

from __future__ import annotations

from pathlib import Path

import pytest

from ruleforge.cli import analyze_time
from ruleforge.drivers import skill
from ruleforge.drivers.estimate import Estimate, Stage, bar_text, budget_note, duration, progress_text, start_text
from ruleforge.drivers.simulate import GameSpec, play_one, run_games

SEAT_ONE = Path(__file__).parent / "data" / "analyze" / "seat_one.rules"


class Clock:
    def __init__(self, t: float = 0.0):
        self.t = t

    def __call__(self) -> float:
        return self.t


def stages() -> list[Stage]:
    # 100 main games in batches of 5 on 2 processes, then a skill trace: every seat random,
    # and each of two seats searching among random ones
    return [Stage("the main games (greedy)", 101, "main", 5, 2),
            Stage("the skill trace (random)", 11, "random", 1, 2),
            Stage("the skill trace (ismcts:100 as North among random)", 11, "ismcts:100 among random", 1, 2),
            Stage("the skill trace (ismcts:100 as South among random)", 11, "ismcts:100 among random", 1, 2)]


def timed(search: float = 9.0) -> tuple[Estimate, Clock]:
    """The estimate once game 0 of each kind was timed, alone: 0.5 s, 0.2 s, `search` s."""
    clock = Clock()
    e = Estimate(stages(), clock)
    for stage, seconds in ((0, 0.5), (1, 0.2), (2, search)):
        clock.t += seconds
        e.calibrated(stage, seconds)
    clock.t = 10.0
    e.begin()
    return e, clock


def test_before_any_stage_each_kind_is_foretold_by_its_timed_game_shared_among_the_processes():
    e, _ = timed()
    # main 100 x 0.25 = 25 s; random 10 x 0.1 = 1 s; North 10 x 4.5 = 45 s; South, untimed,
    # 11 x 4.5 = 49.5 s (its kind's game); 10 s already spent timing
    assert [e.per_game(i) for i in range(4)] == [0.25, 0.1, 4.5, 4.5]
    assert e.seconds_left() == 120.5
    assert start_text(e) == "estimate: about 2 min in all (the main games 25 s, the skill trace 2 min)"
    assert budget_note(e, "HINT") is None
    assert progress_text(e) == "the main games (greedy); about 2 min left"


def test_a_stage_s_rate_counts_once_every_process_handed_back_a_batch_and_its_ratio_carries_over():
    e, clock = timed()
    clock.t = 20.0
    e.advance(5)  # one batch: the other process's is still under way, so 10 s a batch says little
    assert e.per_game(0) == 0.25 and progress_text(e) == "the main games (greedy); about 2 min left"
    clock.t = 30.0
    e.advance(5)  # two batches in 20 s: 2 s a game, four times what the timed game foretold
    assert e.per_game(0) == 2.0 and e.ratio() == 4.0
    # 90 x 2 + 10 x 0.8 + 10 x 36 + 11 x 36 = 944 s
    assert e.seconds_left() == 944.0
    assert progress_text(e) == "the main games (greedy); about 16 min left"
    clock.t = 90.0  # a minute on, no batch back: a bar counts down
    assert e.seconds_left() == 884.0
    assert bar_text(e) == "about 15 min left: the main games (greedy)"


def test_a_stage_not_yet_begun_takes_the_rate_of_a_measured_stage_of_its_kind():
    e, clock = timed()
    for t, n in ((30.0, 10), (100.0, 90), (102.0, 10)):  # the main games, then the random ones
        clock.t = t
        e.advance(n)
    assert e.under_way().label == "the skill trace (ismcts:100 as North among random)"
    clock.t = 112.0
    e.advance(2)  # North's first two searching games, 5 s each on two processes
    assert e.per_game(2) == e.per_game(3) == 5.0
    assert progress_text(e) == "the skill trace (ismcts:100 as North among random); about 2 min left"  # 95 s
    clock.t = 152.0
    e.advance(8)
    assert progress_text(e) == "the skill trace (ismcts:100 as South among random); about 55 s left"
    clock.t = 200.0
    e.advance(11)
    assert e.under_way() is None and e.games_left() == 0
    assert progress_text(e) == "all games played in 3 min"


def test_far_over_the_budget_it_says_so_once_with_a_hint_and_goes_on():
    e, _ = timed(search=120.0)
    # 10 + 25 + 1 + 10 x 60 + 11 x 60 = 1,296 s
    assert start_text(e) == "estimate: about 22 min in all (the main games 25 s, the skill trace 21 min)"
    said = []
    analyze_time.told(e, 100, 120, said.append)
    assert said == [start_text(e),
                    "note: about 22 min, far over the 10 min the defaults aim at; fewer --skill-games (now 120), "
                    "cheaper --rungs (such as random,greedy) or --rungs none give a quicker first look (the report "
                    "goes on)"]


def test_a_short_report_says_no_estimate():
    e = Estimate([Stage("the main games (random)", 20, "main", 1, 1)], Clock())
    e.calibrated(0, 0.01)
    e.begin()
    said = []
    analyze_time.told(e, 20, 120, said.append)
    assert said == []


def test_off_a_terminal_a_line_now_and_then_says_the_stage_and_the_time_left(capsys):
    e, clock = timed()
    advance, stop = analyze_time.shown(e, 134, 3)
    clock.t = 30.0
    advance(10)  # 20 s after the last line: none
    clock.t = 75.0
    advance(10)  # 65 s for 20 games: 80 x 3.25 + 10 x 1.3 + 10 x 58.5 + 11 x 58.5 = 1,501.5 s
    stop()
    assert capsys.readouterr() == ("", "playing: 23 of 134 games in 75 s, the main games (greedy); about 25 min left\n")


@pytest.mark.parametrize("seconds, text", [(0.4, "0 s"), (89, "89 s"), (90, "2 min"), (3500, "58 min"),
                                           (3600, "1 h 0 min"), (3930, "1 h 6 min")])
def test_durations(seconds, text):
    assert duration(seconds) == text


def test_the_stages_are_the_runs_the_skill_trace_plays_in_its_order(monkeypatch):
    played = []
    real = skill.run_games

    def recording(spec, games, jobs=1, progress=None, first=0, **kw):
        played.append((spec.agents, games))
        return real(spec, games, jobs, progress=progress, first=first, **kw)
    monkeypatch.setattr(skill, "run_games", recording)
    base = GameSpec(str(SEAT_ONE), {}, None, "greedy", 3)
    main = ("random", run_games(GameSpec(str(SEAT_ONE), {}, None, "random", 3), 8))
    skill.run(base, ["random", "greedy", "ismcts:10"], 6, ["one", "two"], main=main)
    runs = skill.stages(["random", "greedy", "ismcts:10"], 6, 2, main)
    assert [(bots, n) for bots, n, _, _ in runs] == played
    assert [r[0] for r in runs] == ["1=greedy,2=random", "1=random,2=greedy", "greedy",
                                    "1=ismcts:10,2=greedy", "1=greedy,2=ismcts:10"]
    assert [r[2] for r in runs] == ["greedy among random"] * 2 + ["greedy"] + ["ismcts:10 among greedy"] * 2


def test_the_timed_games_are_the_report_s_own_so_the_figures_are_the_same():
    base = GameSpec(str(SEAT_ONE), {}, None, "greedy", 5)
    args = (base, ["random", "greedy"], 8, ["one", "two"])
    ready = {"random": [play_one(skill.skill_spec(base, "random"), 0)],
             "1=greedy,2=random": [play_one(skill.skill_spec(base, "1=greedy,2=random"), 0)]}
    assert skill.run(*args, ready=ready) == skill.run(*args)
