"""One number of several, and ranges counted by a step, as designers writing from the
docs asked for them: `the highest of L` (`the lowest of`), `the greater of A and B`
(`the lesser of`), `the difference between A and B`, and `from A to B by STEP` in an
action's `with` line and a card list's loop. Each test runs a small rule file with a
stacked deck and fixed choices and asserts the exact outcome, or checks a wrong use and
asserts the exact diagnostics (line, column, text, hint)."""

from __future__ import annotations

import pytest

import ruleforge
from ruleforge import RuleError, RuleFileError
from ruleforge.load import check_source
from ruleforge.testing import arrange, play

from test_constructs_ordering import BASE, said  # (the same small game)


def make(tmp_path, text, **params):
    path = tmp_path / "t.rules"
    path.write_text(BASE + text)
    return ruleforge.load(path, **params)


def errors(text, base=BASE):
    with pytest.raises(RuleFileError) as e:
        check_source("t.rules", (base + text).encode())
    return [(d.span.line, d.span.column, d.message, d.hint) for d in e.value.diagnostics]


# ---- the highest of, the lowest of: one number -----------------------------------------

ONE = """\
define high of card c = if c.rank = A then 14 else c.value
define best of p = the highest of high of c for each c in hand of p
define worst of p = the lowest of high of c for each c in hand of p where c.suit != clubs
action go:
    say "go"
turn:
    current takes an action
    for each p in players:
        move top 3 cards of box to hand of p
    set n to the highest of [best of current, 3]
    say "{best of current} {worst of current} {the highest of [3, -9, 9]} {the lowest of [3, -9, 9]} {the lowest of [-2]}"
    end the game with done
ending done: nobody wins
"""


def test_the_highest_and_lowest_of_give_one_number(tmp_path):
    st = make(tmp_path, ONE).new(0, record=True)
    # the top card last: player 1 takes the three top cards, then player 2 the next three
    arrange(st, "box", list(reversed(["A♠", "5♣", "K♥", "2♦", "3♦", "4♦"])))
    play(st, "go")
    assert st.cards_in("hand", 0) == ["A♠", "5♣", "K♥"]
    # the ace counts 14; the filter leaves the 5♣ out of the lowest
    assert said(st) == ["go", "14 13 9 -9 -2"]
    assert st.counter("n") == 14


def test_the_highest_of_no_number_stops_play_naming_the_rule(tmp_path):
    game = make(tmp_path, """\
define best of p = the highest of c.value for each c in hand of p
turn:
    set n to best of current
ending done: nobody wins
""")
    with pytest.raises(RuleError) as e:
        game.new(0)
    assert e.value.rule == "define best" and e.value.span.line == 7
    assert e.value.message == ("'the highest of' a list with no number: there is none to give "
                               "(test that the list is not empty first)")
    assert str(e.value).startswith("in rule 'define best' (line 7")


def test_the_lowest_of_a_filter_that_keeps_nothing_stops_play(tmp_path):
    game = make(tmp_path, "turn:\n    set n to the lowest of [1, 2] where it > 5\nending done: nobody wins\n")
    with pytest.raises(RuleError) as e:
        game.new(0)
    assert e.value.rule == "turn" and e.value.span.line == 8
    assert e.value.message.startswith("'the lowest of' a list with no number")


# ---- the greater of, the lesser of, the difference between -------------------------------

@pytest.mark.parametrize("expr, value", [
    ("the greater of 3 and -4", 3),
    ("the lesser of 3 and -4", -4),
    ("the greater of 5 and 5", 5),
    ("the difference between 3 and 10", 7),
    ("the difference between 10 and 3", 7),
    ("the difference between -5 and 5", 10),
    ("the difference between 4 and 4", 0),
    # the second number runs to the end of the sum: 2 + 1, not (the greater of 4 and 2) + 1
    ("the greater of 4 and 2 + 1", 4),
    ("(the greater of 4 and 2) + 1", 5),
    ("the greater of count of box and 60", 60),
    ("the lesser of the highest of [2, 8] and the lowest of [9, 7]", 7),
    ("the highest of c.value for each c in box where c.suit = hearts", 13),
])
def test_two_numbers_give_one(tmp_path, expr, value):
    game = make(tmp_path, f"turn:\n    set n to {expr}\n    end the game with done\nending done: nobody wins\n")
    assert game.new(0).counter("n") == value


def test_wrong_uses_are_reported_where_they_are():
    assert errors("""\
define b = the highest of hand of current
define c = the greater of 1 and hearts
define d = the lowest of []
define e = the highest of 3
define f = the difference between true and 2
define h = the lowest of x.suit for each x in hand of current
turn:
    set n to 1
ending done: nobody wins
""") == [
        (7, 27, "'the highest of' picks from a list of numbers, not a zone",
         "rank them by a number: 'the highest of c.value for each c in ...'"),
        (8, 33, "each side of 'the greater of' must be a number, not a suit", None),
        (9, 26, "'the lowest of []' has no number to give: the list is empty", None),
        (10, 27, "'the highest of' picks from a list of numbers, not a number",
         "of two numbers, write 'the greater of A and B'"),
        (11, 35, "each side of 'the difference between' must be a number, not a yes/no condition", None),
        (12, 26, "what 'the lowest of' ranks must be a number, not a suit", None),
    ]


HIGHEST = "the largest number of a list is 'the highest of LIST'; of two numbers, 'the greater of A and B'"
LOWEST = "the smallest number of a list is 'the lowest of LIST'; of two numbers, 'the lesser of A and B'"
ABS = ("how far apart two numbers are is 'the difference between A and B' (never negative); a number's size, "
       "'the difference between N and 0'")


@pytest.mark.parametrize("written, at, message, hint", [
    # words of other languages, as names: the checker's unknown name, with the hint
    ("max of [1, 2]", 14, "unknown name 'max'", HIGHEST),
    ("maximum of [1, 2]", 14, "unknown name 'maximum'", HIGHEST),
    ("minimum of [1, 2]", 14, "unknown name 'minimum'", LOWEST),
    ("abs", 14, "unknown name 'abs'", ABS),
    # and as calls, or after 'the': a syntax error, at the word
    ("abs(3 - 4)", 14, "unexpected '(' after 'abs'", ABS),
    ("max(1, 2)", 14, "unexpected '(' after 'max'", HIGHEST),
    ("min (1, 2)", 14, "unexpected '(' after 'min'", LOWEST),
    ("the max of [1, 2]", 18, "unexpected 'max' after 'the'", HIGHEST),
    ("the smallest of [1, 2]", 18, "unexpected 'smallest' after 'the'", LOWEST),
    ("the higher of 1 and 2", 18, "unexpected 'higher' after 'the'",
     "of two numbers, write 'the greater of A and B'; of a list, 'the highest of LIST'"),
    ("the lower of 1 and 2", 18, "unexpected 'lower' after 'the'",
     "of two numbers, write 'the lesser of A and B'; of a list, 'the lowest of LIST'"),
    ("the absolute difference between 1 and 2", 18, "unexpected 'absolute' after 'the'",
     "write 'the difference between A and B': it is never negative"),
    ("the difference of 1 and 2", 29, "unexpected 'of' after 'the difference'",
     "write 'the difference between A and B'"),
])
def test_a_near_miss_says_what_to_write(written, at, message, hint):
    assert errors(f"turn:\n    set n to {written}\nending done: nobody wins\n") == [(8, at, message, hint)]


def test_a_definition_named_like_a_near_miss_is_still_read_as_one(tmp_path):
    # `max` declared by the file is no slip: `the max of p highest of ...` is the N highest
    game = make(tmp_path, """\
define max of p = 2
define top_two of p = the max of p highest of [4, 9, 7]
turn:
    set n to sum of top_two of current
    end the game with done
ending done: nobody wins
""")
    assert game.new(0).counter("n") == 16


def test_a_parameter_may_be_the_greater_of_two(tmp_path):
    text = """\
parameter hand_size = 4
parameter most = the greater of hand_size and 6
parameter spread = the difference between hand_size and most
parameter first = the lowest of [most, spread, 9]
turn:
    set n to most * 100 + spread * 10 + first
    end the game with done
ending done: nobody wins
"""
    assert make(tmp_path, text).new(0).counter("n") == 622
    # worked out again with the final parameters
    assert make(tmp_path, text, hand_size=9).new(0).counter("n") == 900


def test_a_parameter_of_the_highest_of_no_number_is_refused():
    assert errors("parameter xs = []\nparameter best = the highest of xs\n") == [
        (8, 18, "'the highest of' a list with no number: there is none to give",
         "a parameter's default is a number, yes/no, text or a list")]


# ---- from A to B by STEP -----------------------------------------------------------------

STEPS = """\
parameter step = 3
counter k = 0
action bid:
    with amount from 0 to 20 by 5
    set n to amount
action odd:
    with x from 1 to 10 by step
    with y from x to 8 by 4
    allowed if x != 4
    set n to x * 10 + y
action three:
    with a from 1 to 2
    with b from 1 to 2
    with c from 2 to 7 by a + 1
    set n to a * 100 + b * 10 + c
action odd_k:
    with z from 1 to 3 by k
    set n to z
turn:
    current takes an action
    end the game with done
ending done: nobody wins
"""


def test_a_range_by_a_step_offers_every_stepth_number(tmp_path):
    game = make(tmp_path, STEPS.replace("by k", "by k + 2"))
    actions = [str(a) for a in game.new(0).legal_actions()]
    assert [a for a in actions if a.startswith("bid")] == [f"bid(amount={v})" for v in (0, 5, 10, 15, 20)]
    # the last number need not fall on the step (1, 4, 7, 10); a range that starts past its
    # end is empty (y from 10 to 8); 'allowed if' still picks
    assert [a for a in actions if a.startswith("odd(")] == [
        "odd(x=1, y=1)", "odd(x=1, y=5)", "odd(x=7, y=7)"]
    # three parameters: the general enumerator (runtime/actions.py), the step worked out in play
    assert [a for a in actions if a.startswith("three")] == [
        "three(a=1, b=1, c=2)", "three(a=1, b=1, c=4)", "three(a=1, b=1, c=6)",
        "three(a=1, b=2, c=2)", "three(a=1, b=2, c=4)", "three(a=1, b=2, c=6)",
        "three(a=2, b=1, c=2)", "three(a=2, b=1, c=5)", "three(a=2, b=2, c=2)", "three(a=2, b=2, c=5)"]
    assert [a for a in actions if a.startswith("odd_k")] == ["odd_k(z=1)", "odd_k(z=3)"]
    st = play(game.new(0), "odd(x=7, y=7)")
    assert st.counter("n") == 77


def test_a_step_below_1_worked_out_in_play_stops_it_naming_the_action(tmp_path):
    game = make(tmp_path, STEPS)
    with pytest.raises(RuleError) as e:
        game.new(0)  # (its first decision makes the menu)
    assert e.value.rule == "action odd_k: the values of z" and e.value.span.line == 23
    assert e.value.message == "'from 1 to 3 by 0': a step is 1 or more"


STEP_HINT = "the numbers go up from the first to the last by the step: 'from 2 to 10 by 2' is 2, 4, 6, 8, 10"


def test_a_constant_step_below_1_and_a_step_that_is_no_number_are_refused():
    assert errors("""\
parameter none_step = 0
action a:
    with x from 1 to 10 by 0
    with y from 10 to 1 by -2
    with z from 1 to 5 by none_step
    with w from 1 to 5 by hearts
    set n to x
turn:
    current takes an action
ending done: nobody wins
""") == [
        (9, 28, "'by 0': a step is 1 or more", STEP_HINT),
        (10, 28, "'by -2': a step is 1 or more", STEP_HINT),
        (11, 27, "'by 0': a step is 1 or more", STEP_HINT),
        (12, 27, "the step must be a number, not a suit", None),
    ]


CARD_LIST = """\
game "t"
players 2
attribute colour: red, blue
parameter gap = 4
cards: listed in deck
zone deck: pile
cards "{colour} {value}" for each colour in [red, blue] and value from 2 to 10 by gap:
    points: the greater of value and 5
    bonus: the difference between value and 6
turn:
    move top of deck to deck
    end the game with done
ending done: nobody wins
"""


def test_a_card_list_loop_by_a_step(tmp_path):
    path = tmp_path / "t.rules"
    path.write_text(CARD_LIST)
    game = ruleforge.load(path)
    assert [(c.name, c.attrs["value"], c.attrs["points"], c.attrs["bonus"]) for c in game.cards] == [
        ("red 2", 2, 5, 4), ("red 6", 6, 6, 0), ("red 10", 10, 10, 4),
        ("blue 2", 2, 5, 4), ("blue 6", 6, 6, 0), ("blue 10", 10, 10, 4)]
    assert len(ruleforge.load(path, gap=3).cards) == 6  # 2, 5, 8


@pytest.mark.parametrize("loop, at, message, hint", [
    ("value from 2 to 10 by 0", 83, "'by 0': a step is 1 or more", STEP_HINT),
    ("value from 2 to 10 by gap - 5", 83, "'by -1': a step is 1 or more", STEP_HINT),
    ("value from 1 to 10000 by 2", 61, "'value' from 1 to 10,000 by 2 makes 5,000 kinds of card: a game lists "
     "at most 1,000", "this is ruleforge's limit MAX_CARD_KINDS; if a real game needs more, raise it in "
     "ruleforge/lang/limits.py (docs/limits.md)"),
])
def test_a_card_list_step_below_1_or_too_many_cards_is_refused(loop, at, message, hint):
    text = CARD_LIST.replace("value from 2 to 10 by gap", loop)
    with pytest.raises(RuleFileError) as e:
        check_source("t.rules", text.encode())
    assert [(d.span.line, d.span.column, d.message, d.hint) for d in e.value.diagnostics] == [(7, at, message, hint)]


def test_a_parameter_range_by_a_step_is_named():
    # a parameter's range is its bounds, not numbers to pick from: no step there
    assert errors("parameter hand_size = 4 in 2 to 10 by 2\n") == [
        (7, 36, "unexpected 'by': a parameter's range has no step",
         "its range is every number from the low bound to the high one: write 'in LOW to HIGH'")]
