"""The highest and lowest numbers, as heads-up Hold'em (issue 13) needed them: each test
runs a small rule file with a stacked deck and fixed choices and asserts the exact
outcome, or checks a wrong use and asserts the exact diagnostics (line, column, text).

Hold'em: `the N highest of` / `the N lowest of` (the extreme numbers of a list, in order)
and lists of numbers compared item by item by `players with the highest`."""

from __future__ import annotations

import pytest

import ruleforge
from ruleforge import RuleError, RuleFileError
from ruleforge.drivers.narrate import Narrator
from ruleforge.load import check_source
from ruleforge.testing import arrange, play

BASE = """\
game "t"
players 2
cards: standard deck in box
zone box: pile, face down
zone hand per player: hand
counter n = 0
"""


def make(tmp_path, text):
    path = tmp_path / "t.rules"
    path.write_text(BASE + text)
    return ruleforge.load(path)


def errors(text):
    with pytest.raises(RuleFileError) as e:
        check_source("t.rules", (BASE + text).encode())
    return [(d.span.line, d.span.column, d.message, d.hint) for d in e.value.diagnostics]


def said(st) -> list[str]:
    return [line.strip()[2:] for line in Narrator(st.game).lines(st.record) if line.strip().startswith("— ")]


# ---- the N highest of, the N lowest of (Hold'em) -------------------------------------------

RANKED = """\
define high of card c = if c.rank = A then 14 else c.value
define top3 of p = the 3 highest of high of c for each c in hand of p
define low2 of p = the 2 lowest of high of c for each c in hand of p where c.suit != clubs
define last of p = the 1 lowest of top3 of p
action go:
    set n to 0
turn:
    current takes an action
    for each p in players:
        move top 4 cards of box to hand of p
    say "{top3 of player_1} | {low2 of player_1} | {last of player_1} | {the 2 highest of [3, 9, 9, 1]} | {the n highest of [5]}"
    end the game with done
ending done: players with the highest top3 win
"""


def ranked_game(tmp_path, first, second):
    game = make(tmp_path, RANKED.replace("player_1", "current"))
    st = game.new(0, record=True)
    # the top card last: player 1 takes the four top cards, then player 2 the next four
    arrange(st, "box", list(reversed(first + second)))
    play(st, "go")
    assert st.is_over
    return st


def test_the_n_highest_and_lowest_of_a_list_in_order(tmp_path):
    st = ranked_game(tmp_path, ["A♠", "K♥", "K♣", "2♦"], ["A♥", "K♠", "Q♣", "J♦"])
    assert [c for c in st.cards_in("hand", 0)] == ["A♠", "K♥", "K♣", "2♦"]
    # a number held twice is there twice; the filter leaves out the clubs; N past the end
    # of the list gives what there is; a computed N of 0 gives the empty list
    assert said(st) == ["14, 13, 13 | 2, 13 | 13 | 9, 9 | none"]


@pytest.mark.parametrize("second, winners", [
    (["A♥", "K♠", "Q♣", "J♦"], (0,)),       # 14, 13, 13 beats 14, 13, 12: the third item decides
    (["A♥", "A♦", "3♣", "4♦"], (1,)),       # 14, 14, 4 beats 14, 13, 13: the second decides
    (["A♦", "K♠", "K♦", "5♥"], (0, 1)),     # the same list: both win
])
def test_lists_of_numbers_are_compared_item_by_item(tmp_path, second, winners):
    st = ranked_game(tmp_path, ["A♠", "K♥", "K♣", "2♦"], second)
    assert st.result.ending == "done" and st.result.winners == winners


def test_a_shorter_list_tied_so_far_is_the_lower(tmp_path):
    game = make(tmp_path, """\
define mine of p = if p = current then [5, 2] else [5, 2, 1]
action go:
    set n to 0
turn:
    current takes an action
    end the game with done
ending done: players with the highest mine win
""")
    st = play(game.new(0), "go")
    assert st.result.winners == (1,)


def test_wrong_uses_of_the_n_highest_are_reported():
    assert errors("""\
define a of p = the 3 highest of hand of p
define b = the 0 lowest of [1, 2]
define c of p = the 2 highest of d.suit for each d in hand of p
define e = the x highest of [1]
define f of p = cards in hand of p
ending done: players with the highest f win
""") == [
        (7, 34, "'the 3 highest of' picks from a list of numbers, not a zone",
         "rank them by a number: 'the 3 highest of c.value for each c in ...'"),
        (8, 16, "'the 0 lowest of' picks nothing", "write 'the 1 lowest of' or more"),
        (9, 34, "what 'the 2 highest of' ranks must be a number, not a suit", None),
        (10, 16, "unknown name 'x'", None),
        (12, 39, "'f' is not a number or a list of numbers", None),
    ]


def test_the_n_highest_of_is_charged_to_the_work_budget(tmp_path):
    # each 'the 52 highest of' sorts the 52 values of the box: 52 x 52 x 52 times is over
    # the budget of 1,000,000 units between two decisions
    game = make(tmp_path, """\
turn:
    set n to 1
ending never: nobody wins when any a in box has any b in box has any d in box has count of (the 52 highest of c.value for each c in box) = 0
""")
    with pytest.raises(RuleError) as e:
        game.new(0)
    assert str(e.value).startswith("in rule 'ending never: when' (line 9): more than 1,000,000 units of work")
