"""`check --deep` tells its counterexample within the narration limit (drivers/deep_narrate.py,
docs/limits.md "told lines"): a game that says thousands of lines a decision and then
breaks a check was told whole, a million lines taking seconds and hundreds of megabytes
only for its last ones to be read. Past the limit (set small here) the telling stops as
`run`'s does, the decisions after it play untold, and the one where the check failed is
told again."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import ruleforge
from ruleforge.drivers.deep import narrate_choices
from test_told_bounds import tiny

TALKY = tiny("Talky") + """turn:
    say "chatter {n}"
    say "more chatter"
    if current chooses "go on" over "stop":
        increase n by 1
    else:
        increase n by 1 + 0 * (1 / (6 - n))

"""
INVARIANT = TALKY.replace("increase n by 1 + 0 * (1 / (6 - n))", "increase n by 1") + """\
invariant small "n stays small": n < 6

ending long: player 1 wins when n > 100000000
"""
TAKEN = TALKY + "ending long: player 1 wins when n > 100000000\n"  # ('stop' at n = 6 divides by zero)
ENDLESS = TALKY.replace("increase n by 1 + 0 * (1 / (6 - n))", "increase n by 1") + \
    "ending long: player 1 wins when n < 0\n"

STOPPED = ("  ... the telling stops here: it passed 10 lines, the narration limit of a game; the game plays on "
           "untold (a longer telling: RULEFORGE_LIMITS=told=N, docs/limits.md)")
# setup and the first decision, 12 lines past the Setup heading: they pass a limit of 10
HEAD = ["  Setup", "      = n 0", "  Round 1", "    player 1's turn", "      — chatter 0", "      — more chatter",
        "  [decision 1 of 6: choice 1 of 2]", "    ▸ player 1: go on", "      n: 0 → 1", "      = n 1",
        "    player 2's turn", "      — chatter 1", "      — more chatter"]
LAST = ["  [decision 6 of 6: choice 1 of 2]", "    ▸ player 2: go on", "      n: 5 → 6", "      = n 6"]


def _counterexample(ruleforge_cmd, files: Path, name: str, text: str, *more) -> list[str]:
    (files / f"{name}.rules").write_text(text)
    ran = ruleforge_cmd("check", f"{name}.rules", "--deep", "--examples", "1", *more)
    assert ran.code == 1
    err = ran.err.splitlines()
    start = next(i for i, line in enumerate(err) if line.startswith("counterexample"))
    assert err[-1] == f"the counterexample's log: {name}.counterexample.jsonl (ruleforge replay " \
                      f"{name}.counterexample.jsonl)"
    return err[start + 1:-1]


@pytest.fixture
def files(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("RULEFORGE_LIMITS", "told=10")
    return tmp_path


def test_a_broken_invariant_is_told_to_the_limit_then_its_last_decision(files, ruleforge_cmd):
    assert _counterexample(ruleforge_cmd, files, "invariant", INVARIANT) == HEAD + [
        STOPPED, "  ... 4 decisions played untold"] + LAST + ["  [turn 6 is over: the check fails here]"]
    # the log holds no telling: the deal and the decisions, as before
    records = [json.loads(line) for line in (files / "invariant.counterexample.jsonl").read_text().splitlines()]
    assert [r["type"] for r in records] == ["start", "setup"] + ["decision"] * 6


def test_within_the_limit_the_counterexample_is_told_whole(files, ruleforge_cmd, monkeypatch):
    monkeypatch.setenv("RULEFORGE_LIMITS", "told=100")
    told = _counterexample(ruleforge_cmd, files, "invariant", INVARIANT)
    assert told[:13] == HEAD and told[-5:] == LAST + ["  [turn 6 is over: the check fails here]"]
    assert len(told) == 48 and not any("untold" in line or "telling stops" in line for line in told)


def test_an_offered_action_that_fails_is_told_after_the_untold_decisions(files, ruleforge_cmd):
    assert _counterexample(ruleforge_cmd, files, "taken", TAKEN) == HEAD + [
        STOPPED, "  ... 4 decisions played untold"] + LAST + [
        "  Round 4", "    player 1's turn", "      — chatter 6", "      — more chatter",
        "  [then decision 7: stop, choice 2 of 2, and the game stops on an error]", "    ▸ player 1: stop",
        "  error: in rule 'turn' (line 17): division by zero"]


def test_a_game_that_does_not_end_keeps_the_notice_in_its_last_lines(files, ruleforge_cmd):
    told = _counterexample(ruleforge_cmd, files, "endless", ENDLESS, "--max-steps", "8")
    assert told[:14] == [line.replace(" of 6", " of 8").replace("choice 1", "choice 2").replace("go on", "stop")
                         for line in HEAD] + [STOPPED]
    assert told[14:] == [
        "  ... 6 decisions played untold", "  [decision 8 of 8: choice 2 of 2]", "    ▸ player 2: stop",
        "      n: 7 → 8", "      = n 8", "  Round 5", "    player 1's turn", "      — chatter 8", "      — more chatter",
        "  [the check fails here, as decision 9 is asked (player 1: go on or stop?)]"]


def test_a_loud_game_tells_its_counterexample_in_bounded_lines(tmp_path):
    # 900 lines a turn for 40 decisions: 36,000 lines told before; now setup's and the
    # first decision's (past the limit of 100), then the last decision's last 40
    path = tmp_path / "loud.rules"
    path.write_text(ENDLESS.replace('    say "more chatter"\n', '    repeat 900 times:\n        say "more chatter"\n'))
    game = ruleforge.load(str(path))
    game.told_lines = 100
    told = narrate_choices(game, 0, [0] * 40)
    assert len(told) == 1_811 + 2 + 1 + 1 + 40 + 1
    assert told[1_811:1_814] == [STOPPED.strip().replace("10 lines", "100 lines"), "... 38 decisions played untold", "[decision 40 of 40: choice 1 of 2]"]
    assert told[1_814] == "... (the telling of over 825 earlier events not shown)"
    assert told[-3:] == ["    — more chatter", "    — more chatter",
                         "[the check fails here, as decision 41 is asked (player 1: go on or stop?)]"]
