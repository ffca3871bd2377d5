"""Names that clash, said where the second one is written, with what the first one is and
where, on the two base games of docs/language.md (Lucky Sevens, with the standard deck;
Night Watch, with listed cards).

- A name declared twice as two kinds was said at whichever the symbol table files first
  (parameters before attributes, zones before counters), so `attribute type: ...` above
  `parameter type = 3` was told "'type' is already declared as a parameter at line 6"
  at line 5, pointing down the file.
- A parameter named like the cards' attribute (`parameter value = 3` beside the standard
  deck's `value`) checked clean, yet inside `where` the name alone means the attribute
  and elsewhere the parameter.
- "'c' is already used in this rule (line 12)" did not say as what.
"""

from __future__ import annotations

import pytest

from ruleforge.lang.diagnostics import RuleFileError
from ruleforge.load import check_source

LUCKY = """\
# Lucky Sevens: a small game for two, used by the examples on this page.
game "Lucky Sevens"

players 2
role north "North"
role south "South"

# Points needed to win.
parameter target = 40
# Cards each player is dealt.
parameter hand_size = 4

cards: standard deck in deck

zone deck "the deck": pile
zone discard "the discard pile": pile, face up
zone hand per player: hand
zone table "table slot": row of 3 slots

counter score per player = 0

setup:
    shuffle deck
    move top 3 cards of deck to table slots 1 to 3
    repeat hand_size times:
        move top of deck to hand of north
        move top of deck to hand of south

turn:
    current takes an action

action draw "Draw a card":
    move top of deck to hand of current

action play "Play a card":
    with card in hand of current
    move card to discard
    increase score of current by card.value
    # A seven scores double.
    if card.value = 7:
        increase score of current by 7

action take "Take a card from the table":
    with card in hand of current
    with slot_number from 1 to 3
    allowed if card.suit = (the card in table slot slot_number).suit
    swap card with the card in table slot slot_number

when deck runs out:
    shuffle discard into deck

ending north_wins "North reached the target": north wins when score of north >= target
ending south_wins "South reached the target": south wins when score of south >= target
"""

NIGHT = """\
# Night Watch: a small game with listed cards, used by the examples on this page.
game "Night Watch"
players 2 to 4

attribute type: sighting, hoax, gadget

cards: listed in box

zone box "the box": pile
zone deck "the deck": pile
zone discard "the discard pile": pile, face up
zone hand per player "hand": hand
zone logbook per player "logbook": pile, face up
zone gear per player "gear": pile, face up, active

quantity hand_limit of p: 3
quantity score of p: sum of c.value for each c in logbook of p

setup:
    move cards in box to deck
    shuffle deck
    for each p in players:
        move top 3 cards of deck to hand of p

turn:
    move top of deck to hand of current
    current takes an action or passes
    repeat while count of hand of current > hand_limit of current:
        let c = current chooses a card in hand of current "to discard"
        move c to discard

action log_card "Log a card":
    with card in hand of current where type != gadget
    move card to logbook of current
    resolve log effect of card by current

action deploy "Deploy a gadget":
    with card in hand of current where type = gadget
    move card to gear of current

card "Lights":
    type: sighting
    copies: 6
    value: 1
    text: "Worth 1."

card "Saucer":
    type: sighting
    copies: 2
    value: 3
    text: "Log: draw a card."
    on log:
        move top of deck to hand of owner

card "Weather Balloon":
    type: hoax
    copies: 2
    value: -2
    text: "Log: each opponent discards a random card."
    on log:
        for each q in opponents of owner:
            move random card in hand of q to discard

card "Telescope":
    type: gadget
    copies: 2
    value: 0
    text: "In your gear: your hand limit is 1 more."
    while active:
        add 1 to hand_limit of owner

ending dry "the deck ran dry": players with the highest score win when deck is empty at round end
"""

TWICE = "each name may be declared once"
SHADOWED = "inside 'where' and 'has', '{}' alone would mean the cards' attribute, never the parameter: rename {}"


def add(base: str, after: int, *lines: str) -> str:
    """`base` with `lines` put after its line `after` (0: at the top)."""
    rows = base.split("\n")
    return "\n".join(rows[:after] + list(lines) + rows[after:])


def diagnostics(text: str) -> list:
    with pytest.raises(RuleFileError) as e:
        check_source("t.rules", text.encode())
    return [(d.span.line, d.span.column, d.message, d.hint) for d in e.value.diagnostics]


def test_the_bases_check():
    for base in (LUCKY, NIGHT):
        check_source("t.rules", base.encode())


# ---- an attribute and a parameter, and other kinds: at the later line ---------------------

def test_a_parameter_below_an_attribute_line_is_said():
    # it was said at the attribute, line 5: "already declared as a parameter at line 6"
    assert diagnostics(add(NIGHT, 5, "parameter type = 3")) == [
        (6, 11, "'type' is already declared as an attribute at line 5", TWICE)]


def test_an_attribute_line_below_a_parameter_is_said_once():
    # (its symbols' uses, 'unknown name' six times, are quiet: the mistake is its name)
    assert diagnostics(add(NIGHT, 4, "parameter type = 3")) == [
        (6, 11, "'type' is already declared as a parameter at line 5", TWICE)]


def test_a_zone_below_a_counter_is_said():
    # it was said at the counter, line 21: "already declared as a zone at line 22"
    assert diagnostics(add(LUCKY, 20, "counter pile = 0", "zone pile: pile")) == [
        (22, 6, "'pile' is already declared as a counter at line 21", TWICE)]


def test_a_cards_attribute_below_a_parameter_is_said_at_the_first_card():
    assert diagnostics(add(NIGHT, 3, "parameter value = 3")) == [
        (45, 5, "'value' is already declared as a parameter at line 4: a card's attribute cannot have its name",
         SHADOWED.format("value", "one of them"))]


def test_a_parameter_below_the_cards_is_said():
    assert diagnostics(NIGHT + "parameter value = 3\n") == [
        (73, 11, "cards already have an attribute 'value' (card \"Lights\" at line 44): a parameter cannot have "
                 "its name", SHADOWED.format("value", "one of them"))]


def test_a_counter_per_card_and_a_parameter():
    assert diagnostics(add(LUCKY, 20, "counter heat per card = 0", "parameter heat = 2")) == [
        (22, 11, "'heat' is already declared as a counter per card at line 21: a parameter cannot have its name",
         SHADOWED.format("heat", "one of them"))]
    assert diagnostics(add(add(LUCKY, 11, "parameter heat = 2"), 21, "counter heat per card = 0")) == [
        (22, 9, "'heat' is already declared as a parameter at line 12: a counter per card cannot have its name",
         SHADOWED.format("heat", "one of them"))]


# ---- a parameter named like the standard deck's attribute ----------------------------------

@pytest.mark.parametrize("text, line, cards", [
    (add(LUCKY, 11, "parameter value = 3"), 12, 14),
    (LUCKY + "parameter value = 3\n", 54, 13),  # below the cards: still the parameter's line
])
def test_a_parameter_named_like_the_standard_decks_attribute(text, line, cards):
    # it checked clean: `card.value` and `value` inside `where` read the card's, `value`
    # elsewhere the parameter's
    assert diagnostics(text) == [
        (line, 11, f"cards already have an attribute 'value' (the standard deck's, at line {cards}): a parameter "
                   "cannot have its name", SHADOWED.format("value", "the parameter"))]


def test_a_parameter_named_like_listed_cards_titles():
    assert diagnostics(NIGHT + 'parameter name = "x"\n') == [
        (73, 11, "cards already have an attribute 'name' (each listed card's title): a parameter cannot have its "
                 "name", SHADOWED.format("name", "the parameter"))]


# ---- a local value named again: as what, and where ------------------------------------------

@pytest.mark.parametrize("lines, at, message", [
    (['    let c = current chooses a card in hand of current "x"', "    let c = 1"], (39, 9),
     "'c' is already used in this rule: a card chosen at line 38"),
    (["    move top of deck to discard as d", "    let d = 2"], (39, 9),
     "'d' is already used in this rule: a card named by 'as' at line 38"),
    (["    for each p in players:", "        let p = 1"], (39, 13),
     "'p' is already used in this rule: each player of a 'for each' at line 38"),
    (["    let q = 1", "    let w = sum of 1 for each q in hand of current"], (39, 31),
     "'q' is already used in this rule: a number named by 'let' at line 38"),
    (["    if any n in hand of current has any n in discard has n.value > 2:", "        say \"x\""], (38, 41),
     "'n' is already used in this rule: each card tested by 'any' at line 38"),
])
def test_a_local_value_named_again_says_what_it_is(lines, at, message):
    assert [d[:3] for d in diagnostics(add(LUCKY, 37, *lines))] == [(*at, message)]


def test_an_actions_choice_named_again():
    # (below its last use, so that the number it would then be is read nowhere)
    assert diagnostics(add(LUCKY, 41, "    let card = 3")) == [
        (42, 9, "'card' is already used in this rule: a card the action chooses at line 36", "pick another name")]


def test_a_value_of_the_turn_named_like_a_local_value():
    # a value of the turn is known to the whole file: the choices named like it are said,
    # and then the 'let' that names it again where one of them is known
    assert [d[:3] for d in diagnostics(add(LUCKY, 41, "    let card = 3 for the turn"))] == [
        (36, 10, "'card' is already declared as a value of the turn"),
        (42, 9, "'card' is already used in this rule: a value the action chooses at line 36"),
        (45, 10, "'card' is already declared as a value of the turn")]


@pytest.mark.parametrize("lines, at, message", [
    (["rule r of card k:", "    let k = 1"], (55, 9), "'k' is already used in this rule: a card, a parameter of "
                                                      "rule 'r', at line 54"),
    (["define far of player p, player p = 1"], (54, 32),
     "'p' is already used in this rule: a player, a parameter of definition 'far', at line 54"),
    (["quantity bonus of p: sum of 1 for each p in players"], (54, 40),
     "'p' is already used in this rule: the player of quantity 'bonus' at line 54"),
])
def test_a_parameter_named_again_says_whose(lines, at, message):
    assert [d[:3] for d in diagnostics(LUCKY + "\n".join(lines) + "\n")] == [(*at, message)]
