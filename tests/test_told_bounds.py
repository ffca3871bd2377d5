"""What a told game keeps for its readers is bounded, on every channel: a hostile rule
file's loop tells hundreds of lines a turn for thousands of turns (docs/limits.md,
"told events" and what follows it). Each test counts lines or events kept."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

import ruleforge
from ruleforge.drivers import kept as kept_module
from ruleforge.drivers.agents import parse_agents
from ruleforge.drivers.kept import PAGE_LINES, STORY_LINES, Kept
from ruleforge.drivers.play import play_game
from ruleforge.drivers.terminal import Quit, TerminalGame
from ruleforge.runtime.values import RuleError


def tiny(name: str) -> str:
    """The start of the small told games here (and in test_told_limit.py): two players,
    four cards, a counter n that narration shows."""
    return f'game "{name}"\n' + """players 2

cards "{n}" for each n from 1 to 4:
    value: n
cards: listed in deck
zone deck: pile

counter n = 0, shown

"""


LOOPS = tiny("Long Loops") + """turn:
    repeat 900 times:
        increase n by 1
    if current chooses "go on" over "stop":
        increase n by 1

ending long: player 1 wins when n > 100000000
"""


@pytest.fixture
def loops(tmp_path: Path):
    path = tmp_path / "loops.rules"
    path.write_text(LOOPS)
    return ruleforge.load(str(path))


def test_kept_keeps_the_last_lines_and_counts_the_rest():
    k = Kept(3)
    k.extend(f"l{i}" for i in range(5))
    assert k.told() == ["... (2 earlier lines not shown)", "l2", "l3", "l4"]
    assert k.since(3) == ["l3", "l4"] and k.since(1) == ["... (1 earlier line not shown)", "l2", "l3", "l4"]
    assert k.since(0, 2) == ["... (3 earlier lines not shown)", "l3", "l4"]
    k.clear()
    k.extend(["m"])
    assert k.told() == ["m"] and k.total == 6 and k.since(5) == ["m"]


def _screens(game, humans, answers, monkeypatch, height=None):
    """Play `game` at the terminal until `answers` run out (then quit); the story and the
    count of earlier lines of each screen, and the game."""
    shown = []
    console = Console(width=120, height=height or 40, record=True, file=io.StringIO(), color_system=None)
    answers = iter(answers)
    tg = TerminalGame(game, 1, humans, parse_agents(None, game), console, lambda prompt: next(answers, "quit"),
                      0, None, height=height)
    screen = tg._screen
    monkeypatch.setattr(tg, "_screen", lambda p, story, entries, earlier=0: (
        shown.append((list(story), earlier)), screen(p, story, entries, earlier)))
    with pytest.raises(Quit):
        tg.run()
    return shown, tg, console


def test_a_persons_story_between_two_screens_keeps_its_last_lines(loops, monkeypatch):
    # player 2's turn and player 1's tell some 1,800 lines between player 1's screens:
    # every one was kept (a person's `unseen` lines, without bound while bots decide)
    shown, tg, console = _screens(loops, [0], ["1"], monkeypatch)
    monkeypatch.setattr(kept_module.Kept, "__init__", lambda self, most: _unbounded(self))
    whole, _, _ = _screens(loops, [0], ["1"], monkeypatch)
    (story, earlier), (full, none) = shown[1], whole[1]
    assert none == 0 and len(full) > STORY_LINES == 1_000
    assert story == full[-STORY_LINES:] and earlier == len(full) - STORY_LINES
    assert len(tg.unseen[0].lines) <= STORY_LINES
    assert f"... ({earlier:,} earlier lines not shown)" in console.export_text()


def _unbounded(self):
    from collections import deque
    self.lines, self.total, self.dropped = deque(), 0, 0


def test_a_screen_with_a_height_counts_the_lines_no_longer_kept(loops, monkeypatch):
    shown, tg, console = _screens(loops, [0], ["1"], monkeypatch, height=40)
    story, earlier = shown[1]
    assert earlier > 0
    text = console.export_text()
    # the panel shows the newest lines that fit; its subtitle counts the rest, kept or not
    panel = text.split("Since your last move")[-1].splitlines()[1:]
    bottom = next(i for i, line in enumerate(panel) if line.startswith("╰─"))
    cut = int(panel[bottom].split("╰─ ")[1].split(" earlier lines: type log")[0].replace(",", ""))
    assert [line.strip("│ ") for line in panel[:bottom]] == [line.strip() for line in story[len(story) - bottom:]]
    assert cut == earlier + len(story) - bottom


def test_a_hot_seat_keeps_the_last_events_for_its_shared_end(loops, monkeypatch):
    # every event of the game was kept for the shared telling at the end
    monkeypatch.setattr("ruleforge.drivers.terminal.SHARED_EVENTS", 1_000)
    answers = ["", "1", "", "1", "", "1"]
    _, tg, _ = _screens(loops, [0, 1], answers, monkeypatch)
    assert len(tg.events) == 1_000 and tg.events_total > 3_000
    lines, gone = tg._told_to_all()
    assert gone == tg.events_total - min(tg.told.values()) - 1_000 > 0
    assert len(lines) == 1_000  # (one line an event: each change of n)


def test_a_served_page_keeps_its_last_lines_and_counts_the_rest(loops):
    from ruleforge.drivers.serve.table import Table
    table = Table(loops, 1, [0], parse_agents(None, loops))
    for _ in range(3):
        table.act(0, {"type": "act", "n": table.n, "id": 0})
        while table.bot_to_move():
            table.bot_move(table.bot_choice())
    for key in table.story:
        assert len(table.story[key].lines) <= PAGE_LINES == 200
    since = table.message(0)["since"]
    told = table.story[0].total - table.since[0]
    assert told > PAGE_LINES
    assert since[0] == f"... ({told - PAGE_LINES:,} earlier lines not shown)" and len(since) == PAGE_LINES + 1
    assert since[-1] == "  player 1's turn" or since[-1].startswith("    n: ")
    assert len(table.message(None)["since"]) == 60


FAN = tiny("Fan") + """rule s0:
""" + '    say "x"\n' * 10 + "".join(f"\nrule s{k}:\n" + f"    s{k - 1}\n" * 10 for k in (1, 2)) + """
turn:
    s2
    if current chooses "go on" over "stop":
        increase n by 1

ending long: player 1 wins when n > 100000000
"""


def test_texts_said_in_rules_written_out_are_bounded_in_a_game(tmp_path: Path):
    # a rule called by name is written out in its caller and spends no step: a fan of
    # them said 1,000 texts a decision, in a game that spent no work, for 10,000 decisions
    path = tmp_path / "fan.rules"
    path.write_text(FAN)
    game = ruleforge.load(str(path))
    game.game_budget, game.decision_cap = 2_500, 5
    said: list[str] = []
    with pytest.raises(RuleError, match="decision cap"):
        play_game(game, 1, parse_agents(None, game), said.append)
    xs = [line for line in said if line.strip() == "— x"]
    assert len(xs) == 2_500
    assert [line.strip() for line in said if "texts said" in line] == [
        "— … (the texts said in this game took more than 2,500 units of work and characters, the work limit of "
        "a game: the rest are not worked out, nor told; docs/limits.md)"]
