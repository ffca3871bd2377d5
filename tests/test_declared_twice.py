"""A name declared twice is said at the later of its two lines, with what the first one
declared it as and where ("'pile' is already declared as a zone at line
9"): the bare "already declared (line 9)" left the designer to find out what."""

from __future__ import annotations

import pytest

import ruleforge

GAME = """\
game "t"
players 2
cards: standard deck in deck
zone deck: pile
zone hand per player: hand
turn:
    current takes an action
action draw:
    move top of deck to hand of current
ending done: nobody wins when deck is empty
{first}
{second}
"""


def diagnostics(tmp_path, text: str) -> list:
    f = tmp_path / "t.rules"
    f.write_text(text, encoding="utf-8")
    with pytest.raises(ruleforge.RuleFileError) as e:
        ruleforge.load(f)
    return [(d.span.line, d.span.column, d.message, d.hint) for d in e.value.diagnostics]


# the kinds in the order the checker files them: each declares 'pile' on line 11 before
# an invariant (or, for an invariant, an action group) on line 12 declares it again
@pytest.mark.parametrize("first, was", [
    ("parameter pile = 3", "a parameter"),
    ("zone pile: pile", "a zone"),
    ("pieces pile: one for each suit in [clubs, hearts]\n    step from 1 to 3, starting at 1", "a set of pieces"),
    ("counter pile = 0", "a counter"),
    ("quantity pile of p: 1", "a quantity"),
    ("ending pile: nobody wins when hand of current is empty", "an ending"),
    ("action pile:\n    end turn", "an action"),
    ("define pile = 1", "a definition"),
    ("rule pile:\n    say \"x\"", "a rule"),
])
def test_a_name_declared_twice_says_what_it_was_and_where(tmp_path, first, was):
    second_line = 11 + first.count("\n") + 1
    assert diagnostics(tmp_path, GAME.format(first=first, second="invariant pile: true")) == [
        (second_line, 11, f"'pile' is already declared as {was} at line 11", "each name may be declared once")]


def test_an_invariant_and_an_action_group(tmp_path):
    assert diagnostics(tmp_path, GAME.format(first="invariant pile: true", second="actions pile: draw")) == [
        (12, 9, "'pile' is already declared as an invariant at line 11", "each name may be declared once")]


def test_a_role_and_an_attribute(tmp_path):
    text = ('game "t"\nrole north\nrole south\nattribute kind: gem\ncards: listed in box\nzone box: pile\n'
            'attribute north: big\nturn:\n    north takes an action\naction go by north:\n    end turn\n'
            'ending done: nobody wins when box is empty\ncard "G":\n    kind: gem\n')
    assert diagnostics(tmp_path, text) == [
        (7, 11, "'north' is already declared as a role at line 2", "each name may be declared once")]


def test_an_attribute_and_a_parameter(tmp_path):
    # parameters are filed first, yet the one said is the later line: it was the attribute,
    # above, told "already declared as a parameter at line 6"
    text = ('game "t"\nplayers 2\nattribute kind: gem\ncards: listed in box\nzone box: pile\n'
            'parameter kind = 2\nturn:\n    current takes an action\naction go:\n    end turn\n'
            'ending done: nobody wins when box is empty\ncard "G":\n    kind: gem\n')
    assert diagnostics(tmp_path, text) == [
        (6, 11, "'kind' is already declared as an attribute at line 3", "each name may be declared once")]


@pytest.mark.parametrize("second, message", [
    # a local value, a value of the turn: it said "'deck' is already the name of a zone"
    ("action peek:\n    let deck = 2\n    end turn", "'deck' is already declared as a zone at line 4"),
    ("action peek:\n    let deck = 2 for the turn\n    set deck to 3", "'deck' is already declared as a zone at line 4"),
])
def test_a_local_value_named_like_a_declaration_says_where(tmp_path, second, message):
    # (of a value of the turn, the zone's uses are then said to read it where they cannot)
    assert [d[:3] for d in diagnostics(tmp_path, GAME.format(first="", second=second)) if d[0] == 13] == [
        (13, 9, message)]


@pytest.mark.parametrize("first, message", [
    # it said "cards already have an attribute 'x'", nothing more
    ("counter suit per card = 0", "cards already have an attribute 'suit' (the standard deck's, at line 3)"),
    ("counter heat per card = 0\ncounter heat per card = 1",
     "'heat' is already declared as a counter per card at line 11"),
])
def test_a_counter_per_card_named_like_an_attribute_says_which(tmp_path, first, message):
    assert [d[2] for d in diagnostics(tmp_path, GAME.format(first=first, second=""))] == [message]


def test_a_listed_cards_attribute_names_the_card(tmp_path):
    text = ('game "t"\nplayers 2\nattribute kind: gem\ncards: listed in box\nzone box: pile\n'
            'counter value per card = 0\nturn:\n    current takes an action\naction go:\n    end turn\n'
            'ending done: nobody wins when box is empty\ncard "G":\n    kind: gem\n    value: 3\n')
    assert [d[2] for d in diagnostics(tmp_path, text)] == [
        "cards already have an attribute 'value' (card \"G\" at line 14)"]
