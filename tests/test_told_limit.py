"""The narration limit (drivers/telling.py, docs/limits.md): a told game tells so many
lines, then plays on untold, and its end is told again. A loop of says within every
other limit told 25,000,000 lines, 264 s of `ruleforge run` to a file; each channel
(run, replay, play, serve) stops its telling at the limit, set small here (through
RULEFORGE_LIMITS, or the game's told_lines), and still tells what a seat may see of the
game's end."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

import ruleforge
from ruleforge.drivers.agents import parse_agents
from ruleforge.drivers.play import play_game
from ruleforge.drivers.terminal import TerminalGame
from ruleforge.runtime.limits import LimitsError, TOLD_LINES, from_environment
from ruleforge.runtime.values import RuleError
from test_told_bounds import LOOPS, tiny  # (every turn tells 900 changes of n, then asks a question)

CHATTY = tiny("Chatty") + """turn:
    say "chatter {n}"
    say "more chatter"
    if current chooses "go on" over "stop":
        increase n by 1
    else:
        increase n by 1

when the game ends:
    say "the last word"

ending long: player 1 wins when n >= 4
"""

STOPPED = ("... the telling stops here: it passed 5 lines, the narration limit of a game; the game plays on untold "
           "(a longer telling: RULEFORGE_LIMITS=told=N, docs/limits.md)")

# the whole telling of Chatty, seed 1, after its heading (run and replay alike)
WHOLE = ["Setup", "    = n 0", "Round 1", "  player 1's turn", "    — chatter 0", "    — more chatter",
         "  ▸ player 1: go on", "    n: 0 → 1", "    = n 1", "  player 2's turn", "    — chatter 1",
         "    — more chatter", "  ▸ player 2: go on", "    n: 1 → 2", "    = n 2", "Round 2", "  player 1's turn",
         "    — chatter 2", "    — more chatter", "  ▸ player 1: go on", "    n: 2 → 3", "    = n 3",
         "  player 2's turn", "    — chatter 3", "    — more chatter", "  ▸ player 2: go on", "    n: 3 → 4",
         "The game ends: long", "    — the last word", "    = n 4", "Game over: long. Winner: player 1."]
# ... held to 5 lines: setup and the first turn tell 5 (not past the limit), the first
# decision 7 more: they are told, then the notice; the end is told again
CUT = WHOLE[:12] + [STOPPED, "... 3 decisions played untold"] + WHOLE[-4:]


@pytest.fixture
def files(tmp_path: Path) -> Path:
    (tmp_path / "chatty.rules").write_text(CHATTY)
    (tmp_path / "loops.rules").write_text(LOOPS)
    return tmp_path


def test_the_narration_limit_is_one_of_the_limits_raised_in_the_environment():
    assert TOLD_LINES == 100_000
    assert from_environment({"RULEFORGE_LIMITS": "told=5,steps=7"}) == {"told": 5, "steps": 7}
    with pytest.raises(LimitsError, match="^RULEFORGE_LIMITS: 'told=0' is not NAME=N with NAME one of steps, work, "
                                          "decisions, game, told and N a whole number above 0$"):
        from_environment({"RULEFORGE_LIMITS": "told=0"})


def test_run_stops_telling_past_the_limit_and_tells_the_end(files, ruleforge_cmd, monkeypatch):
    monkeypatch.chdir(files)
    whole = ruleforge_cmd("run", "chatty.rules", "--seed", "1")
    assert whole.code == 0 and whole.lines[2:-1] == WHOLE
    monkeypatch.setenv("RULEFORGE_LIMITS", "told=5")
    ran = ruleforge_cmd("run", "chatty.rules", "--seed", "1")
    assert ran.code == 0 and ran.err == ""
    assert ran.lines[2:] == CUT + ["(the same game again: ruleforge run chatty.rules --seed 1)"]


def test_a_limit_the_telling_does_not_pass_says_nothing(files, ruleforge_cmd, monkeypatch):
    # Chatty tells 29 lines after its Setup line: at a limit of 29 nothing is left untold
    monkeypatch.chdir(files)
    monkeypatch.setenv("RULEFORGE_LIMITS", "told=29")
    assert ruleforge_cmd("run", "chatty.rules", "--seed", "1").lines[2:-1] == WHOLE


def test_a_runaway_loop_is_told_to_the_limit_then_its_error(files, ruleforge_cmd, monkeypatch):
    # the first turn's 900 changes of n pass the limit: every decision after it is untold,
    # and the decision cap that stops the game is said after the count
    monkeypatch.chdir(files)
    monkeypatch.setenv("RULEFORGE_LIMITS", "told=10")
    ran = ruleforge_cmd("run", "loops.rules", "--seed", "1", "--max-decisions", "5")
    assert ran.code == 1
    assert ran.lines[2:7] == ["Setup", "    = n 0", "Round 1", "  player 1's turn", "    n: 0 → 1"]
    assert ran.lines[7:-2] == [f"    n: {k} → {k + 1}" for k in range(1, 900)]
    assert ran.lines[-2:] == [STOPPED.replace("5 lines", "10 lines"), "... 5 decisions played untold"]
    assert ran.err.splitlines()[0].startswith("error: the game was stopped after 5 decisions, the decision cap")


@pytest.mark.parametrize("path", ["chatty.rules", "loops.rules", "gufo"])
def test_a_game_told_to_the_limit_plays_as_it_would_told_whole(files, path):
    # its events no longer made, its texts not worked out: the same decisions, the same end
    path = str(Path(__file__).resolve().parents[1] / "games" / "gufo.rules") if path == "gufo" else files / path
    game = ruleforge.load(str(path))
    game.decision_cap = 40
    logs = []
    for limit in (TOLD_LINES, 1):
        game.told_lines, log, said = limit, [], []
        try:
            play_game(game, 3, parse_agents(None, game), said.append, log)
        except RuleError as e:
            log.append(e.describe())
        logs.append(log)
        assert any(line.startswith("... the telling stops here") for line in said) == (limit == 1)
    assert logs[0] == logs[1] and len(logs[0]) > 5


def test_replay_tells_to_the_limit_as_run_does(files, ruleforge_cmd, monkeypatch):
    monkeypatch.chdir(files)
    assert ruleforge_cmd("run", "chatty.rules", "--seed", "1", "--log", "chatty.jsonl").code == 0
    monkeypatch.setenv("RULEFORGE_LIMITS", "told=5")
    ran = ruleforge_cmd("replay", "chatty.jsonl")
    assert ran.code == 0
    assert ran.lines[1:-1] == CUT
    assert ran.lines[-1] == "chatty.jsonl: reproduced exactly: the game, 4 decisions, the same deal and result"


def _play(game, humans, answers):
    console = Console(width=200, record=True, file=io.StringIO(), color_system=None)
    answers = iter(answers)
    tg = TerminalGame(game, 1, humans, parse_agents(None, game), console, lambda prompt: next(answers, "quit"), 0)
    tg.run()
    return console.export_text(), tg


def _panel(text: str, title: str) -> list[list[str]]:
    """The lines of each panel of that title on the screen."""
    out = []
    for part in text.split(f"╭─ {title} ")[1:]:
        body = part.split("\n╰")[0].splitlines()[1:]
        out.append([line.strip("│").rstrip() for line in body])
    return out


def test_play_stops_a_persons_story_at_the_limit_and_shows_the_end(files):
    game = ruleforge.load(str(files / "chatty.rules"))
    game.told_lines = 5
    text, tg = _play(game, [0], ["1", "1"])
    assert [[line[1:] for line in panel] for panel in _panel(text, "Since your last move")] == [
        ["Round 1", "  player 1's turn", "    — chatter 0", "    — more chatter"],
        ["  ▸ player 1: go on", "    n: 0 → 1", "  player 2's turn", "    — chatter 1", "    — more chatter",
         STOPPED]]
    assert [[line[1:] for line in panel] for panel in _panel(text, "What happened")] == [
        ["... 3 decisions played untold", "The game ends: long", "    — the last word"]]
    assert "│ Game over: long. Winner: player 1." in text


def test_a_hot_seats_shared_end_counts_the_decisions_played_untold(files):
    # told from the oldest of the people's last moves (decision 3), long after the notice
    game = ruleforge.load(str(files / "chatty.rules"))
    game.told_lines = 5
    text, tg = _play(game, [0, 1], ["", "1", "", "1", "", "1", "", "1"])
    assert tg._told_to_all() == (["... 3 decisions played untold", "The game ends: long", "    — the last word",
                                  "Game over: long. Winner: player 1."], 0)
    # (with the final standing: a hot seat's last screen shows no table)
    assert [[line[1:] for line in panel] for panel in _panel(text, "What happened")] == [
        ["... 3 decisions played untold", "The game ends: long", "    — the last word", "    = n 4"]]
    assert text.count(STOPPED) == 2  # (each person's story, at their next screen)


def test_a_served_table_stops_every_story_at_the_limit_and_sends_the_end(files):
    from ruleforge.drivers.serve.table import Table
    game = ruleforge.load(str(files / "chatty.rules"))
    game.told_lines = 5
    table = Table(game, 1, [0], parse_agents(None, game))
    while not table.over:
        if table.bot_to_move():
            table.bot_move(table.bot_choice())
        else:
            table.act(0, {"type": "act", "n": table.n, "id": 0})
    story = [line for line in CUT[2:] if not line.lstrip().startswith("=")]
    assert list(table.story[0].lines) == list(table.story[None].lines) == story
    msg = table.message(0)
    assert msg["since"] == story[-4:]  # (since player 1's last move, the second decision)
    assert msg["over"]["line"] == "Game over: long. Winner: player 1." and msg["over"]["tally"] == ["the last word"]
