"""Typed words at `play`'s prompt: an action the rules have but do not allow now is said
so (not taken for a typo), and a number that every matching entry shows in the same place
(a clue's one possible target) does not stand for it (docs/play.md, Choosing an action)."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from ruleforge.cli import cli
from ruleforge.drivers.menu import match_action

# Player 2's menu in a 2-player Hanabi: every clue's target is player 1.
CLUES = ["Give a colour clue: target player 1, shade green", "Give a colour clue: target player 1, shade white",
         "Give a colour clue: target player 1, shade yellow", "Give a number clue: target player 1, n 1",
         "Give a number clue: target player 1, n 2", "Give a number clue: target player 1, n 3",
         "Give a number clue: target player 1, n 4", "Play a card: the 1st card of hand of player 2",
         "Play a card: the 2nd card of hand of player 2"]


@pytest.mark.parametrize("typed, picked, reason", [
    # "'number 1' matches 4 actions (4, 5, 6, 7)": the 1 of "player 1" matched (designer's report)
    ("number 1", 3, ""),
    ("clue 1", 3, ""),
    ("number 3", 5, ""),
    ("n 1", 3, ""),
    # the target typed as such still names the target: every clue is to player 1
    ("player 1", None, "'player 1' matches 7 actions (1, 2, 3, 4, 5, 6...): say more, or type the number"),
    ("number player 1", None, "'number player 1' matches 4 actions (4, 5, 6, 7): say more, or type the number"),
    ("number player 1 2", 4, ""),
    ("colour white", 1, ""),
    ("play 2nd", 8, ""),
])
def test_a_number_every_entry_shows_alike_names_none_of_them(typed, picked, reason):
    assert match_action(typed, CLUES) == (picked, reason)


def test_the_bengal_lights_stay_ambiguous():
    # 7 is the card in some entries and the altitude in others: not one place in every entry
    labels = ["Bengal light: card 7♥, altitude 2", "Bengal light: card 7♥, altitude 7",
              "Bengal light: card 8♥, altitude 7"]
    assert match_action("bengal 7", labels) == (
        None, "'bengal 7' matches 3 actions (1, 2, 3): say more, or type the number")


@pytest.mark.parametrize("typed, reason", [
    ("discard 2nd", "'discard 2nd': Discard a card is not allowed now: choose among the actions listed"),
    ("disc", "'disc': Discard a card is not allowed now: choose among the actions listed"),
    ("dicsard 2nd", "no action matches 'dicsard 2nd'"),   # a typo stays one
    ("card 3rd", "no action matches 'card 3rd'"),         # 'card' is in the offered actions too
])
def test_an_action_not_allowed_now_is_said_so(typed, reason):
    assert match_action(typed, CLUES, ["Discard a card"]) == (None, reason)


# One seat; resting is allowed only once a step was taken.
STEPS = '''\
game "Steps"
players 1
cards: standard deck in deck
zone deck: pile
counter height = 0
turn:
    current takes an action
    if height = 2:
        end the game with summit
action up "Step up":
    increase height by 1
action wait "Wait":
    increase height by 0
action rest "Rest a while":
    allowed if height > 0
    increase height by 0
ending summit "reached the summit": player 1 wins
'''


def test_play_says_an_action_is_not_allowed_now(tmp_path):
    path = tmp_path / "steps.rules"
    path.write_text(STEPS, encoding="utf-8")
    result = CliRunner().invoke(cli, ["play", str(path), "--delay", "0", "--seed", "1"], input="rest\nquit\n",
                                env={"FORCE_COLOR": None, "NO_COLOR": "1"})
    out = re.sub(r"\x1b\[[0-9;]*m", "", result.output)
    assert "player 1> 'rest': Rest a while is not allowed now: choose among the actions listed" in out
