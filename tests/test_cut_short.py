"""`check` warns of an immediate ending that cuts an action short of what decides the
result: a fresh designer's No Thanks! ended the moment the last card left the offer, and
the chips on it were never collected, in any game, silently (lang/cut_short.py)."""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

import pytest

import ruleforge

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"

# the designer's first `take` and ending (the chips moved after the card)
FIRST = """
action take "Take it":
    move cards in offer to taken of current
    increase chips of current by pot
    set pot to 0
    current takes the next turn

ending done "the deck is used up": players with the lowest score win when deck is empty and offer is empty
"""


def variant(tmp_path: Path, body: str) -> Path:
    shutil.copy(DATA / "nothanks.rules", tmp_path / "nothanks.rules")
    path = tmp_path / "v.rules"
    path.write_text('extends "nothanks.rules"\n' + textwrap.dedent(body).lstrip("\n"), encoding="utf-8")
    return path


def warnings(path) -> list[tuple]:
    return [(d.span.line, d.span.column, d.message, d.hint) for d in ruleforge.load(path).warnings]


def test_an_ending_that_skips_the_chips_of_the_last_take_is_warned_of(ruleforge_cmd, tmp_path):
    path = variant(tmp_path, FIRST)
    r = ruleforge_cmd("check", path)
    assert r.code == 0
    assert r.err.splitlines() == [
        f"{path}:3:5: warning: this can end the game before the rest of action 'take' runs: ending 'done' ends it "
        "the moment 'deck is empty and offer is empty' holds, even mid-action, and this statement changes what "
        "that reads; then line 4 ('increase chips of current by pot') would not run, though it changes 'chips', "
        "which counts in who wins and in the score",
        "        move cards in offer to taken of current",
        "        ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
        "  hint: to end the game once the action is over, drop the ending's 'when ...' and write at the action's "
        "end: if deck is empty and offer is empty: end the game with done (docs/language.md, Endings); or, to keep "
        "the ending as it is, put the statements it must not skip before this one"]
    assert r.out == f"{path}: ok: No Thanks!, 3 to 7 players, 2 actions, 1 ending, 3 invariants, 1 warning\n"


def test_the_skip_the_warning_names_happens(tmp_path):
    # seed 3: player 1 takes the last card, 23, with 1 chip on it, and never gets it
    game = ruleforge.load(variant(tmp_path, FIRST))
    from ruleforge.drivers.agents import parse_agents
    from ruleforge.drivers.play import play_game
    log: list = []
    st = play_game(game, 3, parse_agents(None, game), log=log)
    assert st.vars[game.counter_var("pot")] == 1


def test_the_ending_written_at_the_actions_end_is_not_warned_of(ruleforge_cmd, tmp_path):
    r = ruleforge_cmd("check", variant(tmp_path, ""))  # the designer's fixed file
    assert (r.code, r.err) == (0, "")


@pytest.mark.parametrize("body", [
    # the chips first: nothing the result reads is left after the move
    FIRST.replace("    move cards in offer to taken of current\n", "").replace(
        "    set pot to 0\n", "    set pot to 0\n    move cards in offer to taken of current\n"),
    # later statements that change nothing the result reads
    FIRST.replace("    increase chips of current by pot\n", '    say "taken"\n'),
    # under a test: not sure to run after the move (Go Fish's books, laid by a loop)
    FIRST.replace("    increase chips of current by pot\n", "    if pot > 3:\n        increase chips of current by pot\n"),
])
def test_what_is_not_sure_to_be_cut_is_not_warned_of(tmp_path, body):
    assert warnings(variant(tmp_path, body)) == []


def test_a_change_the_payoff_reads_is_warned_of_as_such(tmp_path):
    # The Climb (tests/data): the card that costs the last life is never laid, so the
    # team's payoff, the cards laid, leaves it out in every game lost so
    [(line, col, message, _)] = warnings(DATA / "the_climb.rules")
    assert (line, col) == (33, 9)
    assert message.endswith("then line 36 ('move card to pile') would not run, though it changes 'pile', which "
                            "counts in the payoff")


def test_a_statement_in_a_branch_is_followed_by_what_comes_after_the_branch(tmp_path):
    body = FIRST.replace("    move cards in offer to taken of current\n",
                         "    if pot >= 0:\n        move cards in offer to taken of current\n")
    [(line, col, message, _)] = warnings(variant(tmp_path, body))
    assert (line, col) == (4, 9) and "then line 5 ('increase chips of current by pot')" in message


def test_no_shipped_game_is_warned_of():
    files = sorted((ROOT / "games").glob("*.rules")) + sorted((ROOT / "games" / "variants").glob("*.rules")) \
        + sorted((ROOT / "examples").glob("*.rules"))
    assert files
    cut = [(p.name, d.span.line) for p in files for d in ruleforge.load(p).warnings
           if "before the rest of action" in d.message]
    assert cut == []
