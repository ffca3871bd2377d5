"""Decks, dealing and positions (issue 13): generated card lists, the standard deck's
variants (ranks left out, jokers, several decks), `deal`, `the 3rd card of`, `player N`,
`players starting with P`, and state readers that take the seat names views print.

Each test runs a small rule file with a known deal and asserts the exact outcome, or
asserts the exact diagnostics (line, column, text) of a wrong use."""

from __future__ import annotations

import pytest

import ruleforge
from ruleforge import RuleError, RuleFileError
from ruleforge.load import check_source
from ruleforge.testing import new_arranged

BASE = """\
game "t"
players 2 to 4
cards: standard deck in box
zone box: pile, face down
zone pile: pile, face up
zone hand per player: hand
counter n = 0
"""

END = "turn:\n    end the game with done\nending done: nobody wins\n"


def make(tmp_path, text, players=None, base=BASE):
    path = tmp_path / "t.rules"
    path.write_text(base + text)
    return ruleforge.load(path, players=players) if players else ruleforge.load(path)


def errors(text, base=BASE):
    with pytest.raises(RuleFileError) as e:
        check_source("t.rules", (base + text).encode())
    return [(d.span.line, d.span.column, d.message) for d in e.value.diagnostics]


# ---- generated card lists ------------------------------------------------------------------

LISTED = """\
game "Expeditions"
players 2
attribute colour: red, green, blue, white, yellow
attribute kind: wager, number
cards: listed in box
zone box: pile
zone hand per player: hand
"""

EXPEDITIONS = """\
# "Each expedition has three wagers and the cards 2 to 10."
cards "{colour} wager" for each colour in [red, green, blue, white, yellow]:
    kind: wager
    value: 0
    copies: 3
    text: "Doubles the {colour} expedition."
cards "{colour} {value}" for each colour in [red, green, blue, white, yellow] and value from 2 to 10:
    kind: number
    bonus: value >= 8
    points: if value > 5 then value * 2 else value
"""


def test_a_card_list_makes_one_card_per_combination_in_order(tmp_path):
    game = make(tmp_path, EXPEDITIONS + END, base=LISTED)
    names = [c.name for c in game.cards]
    assert len(names) == 60
    assert names[:4] == ["red wager (1)", "red wager (2)", "red wager (3)", "green wager (1)"]
    # the last loop varies fastest
    assert names[15:19] == ["red 2", "red 3", "red 4", "red 5"]
    assert names[24] == "green 2" and names[-1] == "yellow 10"
    st = game.new(1)
    assert st.card_attr("green 7", "colour") == "green"
    assert st.card_attr("green 7", "value") == 7
    assert st.card_attr("green 7", "points") == 14 and st.card_attr("green 4", "points") == 4
    assert st.card_attr("green 9", "bonus") is True and st.card_attr("green 7", "bonus") is False
    assert st.card_attr("blue wager (2)", "kind") == "wager"
    assert st.card_attr("blue wager (2)", "text") == "Doubles the blue expedition."
    assert st.card_attr("blue wager (2)", "name") == "blue wager"


def test_a_card_list_combines_with_listed_cards_and_rules_read_it(tmp_path):
    text = ('card "Scout":\n    kind: wager\n    value: 1\n'
            'cards "{colour} {value}" for each colour in [red, blue] and value in [2, 5]:\n    kind: number\n'
            "setup:\n    move cards in box where kind = number and colour = blue and value > 2 to hand of player 1\n"
            + END)
    game = make(tmp_path, text, base=LISTED)
    assert [c.name for c in game.cards] == ["Scout", "red 2", "red 5", "blue 2", "blue 5"]
    assert game.new(1).cards_in("hand", "player 1") == ["blue 5"]


def test_pieces_named_after_an_attribute_lines_symbols(tmp_path):
    # refused before, with an empty hint ("use one of: "): pieces knew the standard deck's
    # symbols only
    text = ('cards "{colour} {value}" for each colour in [red, blue] and value in [2, 5]:\n    kind: number\n'
            "pieces flag: one for each colour in [red, blue]\n    height from 0 to 3, starting at 1\n"
            "setup:\n    for each c in cards in box where c.value = 5:\n        increase (flag of c.colour).height by 1\n"
            + END)
    st = make(tmp_path, text, base=LISTED).new(1)
    assert [st.piece("flag", colour, "height") for colour in ("red", "blue")] == [2, 2]
    assert errors('card "Scout":\n    kind: wager\n'
                  "pieces flag: one for each hue in [red, blue]\n    height from 0 to 3, starting at 1\n" + END,
                  base=LISTED) == [(10, 27, "'hue' is not a kind of symbol cards have")]


def test_a_card_list_can_use_parameters(tmp_path):
    text = ("parameter top_value = 4\nparameter extra = [7, 9]\n"
            'cards "red {value}" for each value from 2 to top_value:\n    colour: red\n    copies: top_value - 2\n'
            'cards "blue {value}" for each value in extra:\n    colour: blue\n' + END)
    game = make(tmp_path, text, base=LISTED)
    assert [c.name for c in game.cards] == ["red 2 (1)", "red 2 (2)", "red 3 (1)", "red 3 (2)",
                                            "red 4 (1)", "red 4 (2)", "blue 7", "blue 9"]


def test_a_card_lists_lines_compare_with_is_and_is_not(tmp_path):
    # `is` and `is not` are built as `=` and `!=`: the card list reads them so
    text = ('cards "{colour} {value}" for each colour in [red, blue] and value in [2, 5]:\n'
            "    kind: if colour is red then wager else number\n    copies: if value is not 2 then 2 else 1\n" + END)
    game = make(tmp_path, text, base=LISTED)
    assert [c.name for c in game.cards] == ["red 2", "red 5 (1)", "red 5 (2)", "blue 2", "blue 5 (1)", "blue 5 (2)"]
    st = game.new(1)
    assert [st.card_attr(c.name, "kind") for c in game.cards] == ["wager"] * 3 + ["number"] * 3


def test_wrong_card_lists_are_reported_at_the_mistake():
    text = ('cards "{colour} {value}" for each colour in [red, purple] and value from 2 to 10:\n    kind: number\n'
            'cards "{colour}" for each colour in [red, green] and value from 2 to 3:\n    kind: number\n'
            'cards "{suit} x" for each suit in [clubs]:\n    kind: number\n'
            'cards "{n}" for each n from 5 to 2:\n    kind: number\n'
            'cards "{n} {m}" for each n from 1 to 100 and m from 1 to 100:\n    kind: number\n'
            'cards "{value}" for each value from 1 to 3:\n    kind: number\n    on play:\n        say "x"\n'
            'cards "{value} {x}" for each value from 1 to 3:\n    kind: number\n'
            'cards "w{value}" for each value from 1 to 3:\n    value: 2\n'
            'card "Scout":\n    kind: number\n'
            'cards "v{value}" for each value from 1 to 3:\n    kind: value\n'
            'cards "u{value}" for each value from 1 to 3:\n    kind: hand of player 1\n' + END)
    assert errors(text, base=LISTED) == [
        (8, 51, "'purple' is not a colour"),
        (10, 7, 'two cards of this list are named "red" (colour red, value 2 and colour red, value 3)'),
        (12, 36, "unknown attribute 'suit': 'clubs' is a symbol of no attribute of that name"),
        (14, 22, "this list makes no card: 'n' from 5 to 2 is empty"),
        (16, 1, "this list makes 10,000 kinds of card (100 x 100): a game lists at most 1,000 kinds of "
                "card (each may have copies)"),
        (20, 8, "a generated card list gives attributes only"),
        (22, 7, "'{x}' in this title is not a loop of this list"),
        (25, 5, "'value' is the loop's value on every card of this list"),
        (29, 11, "'kind' of this card is a number, but on other cards it is a kind"),
        (31, 11, "an attribute of a generated card is a value worked out from the loops: a number, text, "
                 "yes/no, symbol, parameter, arithmetic (with 'the greater of', 'the lesser of' and 'the "
                 "difference between'), a comparison or 'if ... then ... else'"),
    ]


def test_a_card_list_works_out_mod_and_refuses_mod_by_zero(tmp_path):
    text = ('cards "c{value}" for each value from 1 to 4:\n    colour: red\n    points: (value + 5) mod 3 - value mod -2\n'
            '    copies: value mod 2 + 1\n' + END)
    game = make(tmp_path, text, base=LISTED)
    assert [c.name for c in game.cards] == ["c1 (1)", "c1 (2)", "c2", "c3 (1)", "c3 (2)", "c4"]
    st = game.new(1)
    # (6 mod 3) - (1 mod -2) = 0 - -1; (7 mod 3) - (2 mod -2) = 1 - 0; 2 - -1; 0 - 0
    assert [st.card_attr(name, "points") for name in ("c1 (1)", "c2", "c3 (2)", "c4")] == [1, 1, 3, 0]
    assert errors('cards "c{value}" for each value from 0 to 2:\n    points: 6 mod value\n' + END, base=LISTED) == [
        (9, 13, "division by zero in 'mod' (for value 0)")]


def test_a_card_list_over_the_card_limit_is_refused_at_its_title():
    text = 'cards "c{value}" for each value from 1 to 20:\n    copies: 600\n' + END
    assert errors(text, base=LISTED) == [
        (8, 7, "this list makes 12,000 cards, copies counted: a game is limited to 10,000")]


def test_a_card_list_in_a_standard_deck_game_is_refused():
    assert errors('cards "c{value}" for each value from 1 to 2:\n    points: 1\n' + END) == [
        (8, 1, "this file uses the standard deck, so it cannot list cards too")]


# ---- other standard decks --------------------------------------------------------------------

def test_a_deck_without_some_ranks(tmp_path):
    game = make(tmp_path, END, base=BASE.replace("standard deck", "standard deck without 8, 9, 10"))
    names = [c.name for c in game.cards]
    assert len(names) == 40
    assert names[:10] == ["A♣", "2♣", "3♣", "4♣", "5♣", "6♣", "7♣", "J♣", "Q♣", "K♣"]
    st = game.new(1)
    # the values stay those of the standard deck
    assert st.card_attr("J♣", "value") == 11


def test_a_deck_with_jokers(tmp_path):
    base = BASE.replace("standard deck", "standard deck with 2 jokers")
    game = make(tmp_path, "setup:\n    move cards in box where rank = joker to pile\n"
                          "    set n to count of (cards in pile where suit = none and value = 0)\n" + END, base=base)
    assert len(game.cards) == 54
    st = game.new(1)
    assert st.cards_in("pile") == ["Joker (1)", "Joker (2)"]
    assert st.counter("n") == 2
    assert [st.card_attr(j, "color") for j in ("Joker (1)", "Joker (2)")] == ["black", "red"]
    assert st.card_attr("Joker (2)", "name") == "Joker"
    assert st.card_attr("Joker (2)", "rank") == "joker"


def test_two_standard_decks_name_their_copies(tmp_path):
    base = BASE.replace("standard deck", "2 standard decks")
    game = make(tmp_path, "setup:\n    set n to count of (cards in box where name = \"7♣\")\n" + END, base=base)
    names = [c.name for c in game.cards]
    assert len(names) == 104 and len(set(names)) == 104
    assert names[6] == "7♣ (1)" and names[58] == "7♣ (2)"
    assert game.new(1).counter("n") == 2


def test_a_wrong_standard_deck_is_reported():
    def deck(words):
        return errors(END, base=BASE.replace("standard deck", words))
    assert deck("standard deck without 11, 8, 8") == [
        (3, 30, "'11' is not a rank of the standard deck"), (3, 37, "'8' is left out already")]
    assert deck("0 standard decks") == [(3, 8, "the game needs at least one deck")]
    assert deck("200 standard decks") == [(3, 8, "this deck has 10,400 cards: a game is limited to 10,000")]
    assert deck("standard deck with 0 jokers") == [(3, 22, "a deck with jokers has at least one")]
    assert deck("standard deck without A, 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K") == [
        (3, 1, "this deck has no card left")]
    # without jokers, `joker` is no symbol
    assert errors("invariant j: (top of box).rank != joker\n" + END)[0][:2] == (8, 35)


# ---- dealing -------------------------------------------------------------------------------

def test_deal_all_cards_one_at_a_time_from_player_one(tmp_path):
    game = make(tmp_path, "setup:\n    deal all cards of box to hand of each player\n" + END, players=3)
    st = game.new(1)
    hands = [st.cards_in("hand", f"player {k}") for k in (1, 2, 3)]
    assert [len(h) for h in hands] == [18, 17, 17]
    # the box's top card is the king of spades: it goes to player 1, the queen to player 2...
    assert hands[0][:3] == ["K♠", "10♠", "7♠"] and hands[1][:2] == ["Q♠", "9♠"] and hands[2][:1] == ["J♠"]
    assert st.cards_in("box") == []


def test_deal_starting_with_a_named_player(tmp_path):
    game = make(tmp_path, "setup:\n    deal all cards of box to hand of each player starting with player 2\n" + END,
                players=3)
    st = game.new(1)
    assert [len(st.cards_in("hand", f"player {k}")) for k in (1, 2, 3)] == [17, 18, 17]
    assert st.cards_in("hand", "player 2")[:1] == ["K♠"] and st.cards_in("hand", "player 1")[:1] == ["J♠"]


def test_deal_n_cards_deals_what_there_is_when_the_source_runs_short(tmp_path):
    text = ("setup:\n    move top 47 cards of box to pile\n    deal 2 * 2 cards from box to hand of each player\n"
            + END)
    st = make(tmp_path, text, players=2).new(1)
    # five cards were left, bottom A♣ to top 5♣: dealt in order until none is left
    assert st.cards_in("hand", "player 1") == ["5♣", "3♣", "A♣"]
    assert st.cards_in("hand", "player 2") == ["4♣", "2♣"]


def test_a_deal_makes_the_moves_its_loop_would(tmp_path):
    loop = "setup:\n    repeat 3 times:\n        for each p in players:\n            move top of box to hand of p\n"
    deal = "setup:\n    deal 3 cards from box to hand of each player\n"
    logs = []
    for text in (loop, deal):
        st = make(tmp_path, text + END, players=3).new(1, record=True)
        logs.append([repr(ev) for ev in st.record])
    assert logs[0] == logs[1] and len(logs[0]) > 9


def test_a_deal_runs_the_source_s_runs_out_rule_as_its_loop_would(tmp_path):
    text = ("setup:\n    move top 50 cards of box to pile\n    deal 2 cards from box to hand of each player\n"
            "when box runs out:\n    increase n by 1\n    move top of pile to box\n" + END)
    st = make(tmp_path, text, players=2).new(1)
    assert st.counter("n") == 2
    # the box has A♣ and 2♣ left: each later card is the pile's top, put back by the rule
    assert st.cards_in("hand", "player 1") == ["2♣", "3♣"] and st.cards_in("hand", "player 2") == ["A♣", "4♣"]


def test_wrong_deals_are_reported():
    text = ("zone row_zone per player: row of 2 slots\nsetup:\n"
            "    deal 3 cards from box to pile of each player\n"
            "    deal 3 cards from box to hnd of each player\n"
            "    deal all cards of box to row_zone of each player\n"
            '    deal "x" cards from box to hand of each player\n'
            "    deal all cards of 3 to hand of each player starting with 2\n" + END)
    assert errors(text) == [
        (10, 30, "'pile' is not a zone of each player"),
        (11, 30, "unknown zone 'hnd'"),
        (12, 30, "'row_zone' is a row: cards are dealt to a pile or hand of each player"),
        (13, 10, "the number of cards dealt must be a number, not a text"),
        (14, 23, "cards are dealt from a pile, hand or slot, not a number"),
        (14, 62, "the first player dealt to must be a player, not a number"),
    ]


# ---- positions and seats ----------------------------------------------------------------------

def test_positions_count_from_the_top(tmp_path):
    text = ("setup:\n    move the 3rd card of box to pile\n    move the first card of box to pile\n"
            "    move the last card of box to pile\n    move the second card of box to hand of player 2\n"
            "    move the 52nd card of box to pile\n" + END)
    st = make(tmp_path, text).new(1)
    # J♠ is third from the top; then K♠ is on top; A♣ at the bottom; the 52nd of 48 is no card
    assert st.cards_in("pile") == ["J♠", "K♠", "A♣"]
    assert st.cards_in("hand", "player 2") == ["10♠"]
    assert len(st.cards_in("box")) == 48


def test_reading_a_position_past_the_end_stops_play_naming_the_rule(tmp_path):
    game = make(tmp_path, "setup:\n    set n to (the 3rd card of pile).value\n" + END)
    with pytest.raises(RuleError) as e:
        game.new(1)
    assert "setup" in str(e.value) and "line 9" in str(e.value)


def test_player_n_and_players_starting_with(tmp_path):
    text = ("setup:\n    move top of box to hand of player 3\n"
            "    for each p in players starting with player 2:\n        move top of box to hand of p\n" + END)
    st = make(tmp_path, text, players=3).new(1)
    assert st.cards_in("hand", "player 3") == ["K♠", "J♠"]
    assert st.cards_in("hand", "player 2") == ["Q♠"] and st.cards_in("hand", "player 1") == ["10♠"]


def test_player_n_beyond_the_players_of_this_game_stops_play(tmp_path):
    game = make(tmp_path, "setup:\n    move top of box to hand of player 4\n" + END, players=2)
    with pytest.raises(RuleError) as e:
        game.new(1)
    assert "there is no player 4: this game is played by 2 players" in str(e.value)


def test_wrong_seats_and_positions_are_reported():
    text = ("setup:\n    move top of box to hand of player 0\n    move top of box to hand of player 9\n"
            "    move the 0th card of box to pile\n    move the 2nd card of n to pile\n" + END)
    assert errors(text) == [
        (9, 32, "there is no player 0: this game is for 2 to 4 players"),
        (10, 32, "there is no player 9: this game is for 2 to 4 players"),
        (11, 10, "cards are counted from 1: the first card is the top card"),
        (12, 26, "'the ... card of' takes a pile, hand or slot, not a number"),
    ]
    roles = BASE.replace("players 2 to 4\n", "role north\nrole south\n")
    assert errors("setup:\n    move top of box to hand of player 2\n" + END, base=roles) == [
        (10, 32, "this game has roles: name a seat by its role")]


# ---- reading a state by the names views print ------------------------------------------------------

def test_state_readers_take_the_seat_names(tmp_path):
    game = make(tmp_path, "setup:\n    deal 2 cards from box to hand of each player\n" + END, players=2)
    st = new_arranged(game, 1)
    assert game.seat_names == ["player 1", "player 2"]
    assert st.cards_in("hand", "player 2") == st.cards_in("hand", 1) == ["Q♠", "10♠"]
    with pytest.raises(KeyError, match="no player 'player 3' in this game: name one of 'player 1', 'player 2'"):
        st.cards_in("hand", "player 3")
    with pytest.raises(KeyError, match="no zone 'hands' in this game"):
        st.cards_in("hands", "player 1")


def test_a_definition_is_read_from_a_state(tmp_path):
    text = ("define top_card = top of box\ndefine held of p = count of hand of p\n"
            "define worth of card c = c.value * 2\ndefine firsts = top 2 cards of box\n"
            "setup:\n    deal 3 cards from box to hand of each player\n" + END)
    st = make(tmp_path, text, players=2).new(1)
    assert st.definition("top_card") == "7♠" and st.definition("firsts") == ["7♠", "6♠"]
    assert st.definition("held", "player 2") == 3 and st.definition("held", 0) == 3
    assert st.definition("worth", "Q♦") == 24
    with pytest.raises(KeyError, match="no definition 'hold' in this game"):
        st.definition("hold")


def test_a_variant_replaces_a_card_list_by_its_title(tmp_path):
    (tmp_path / "base.rules").write_text(LISTED + EXPEDITIONS + END)
    (tmp_path / "short.rules").write_text(
        'extends "base.rules"\n'
        'cards "{colour} {value}" for each colour in [red, green] and value from 2 to 3:\n    kind: number\n')
    names = [c.name for c in ruleforge.load(tmp_path / "short.rules").cards]
    assert len(names) == 19 and names[:4] == ["red wager (1)", "red wager (2)", "red wager (3)", "green wager (1)"]
    assert names[15:] == ["red 2", "red 3", "green 2", "green 3"]


def test_a_card_whose_attribute_is_of_another_kind_than_most_is_the_one_reported():
    # the first card's kind was taken as right: one text among numbers gave an error at
    # every other card and one at the sum that read them, none at the text
    text = ('card "Shell":\n    kind: wager\n    value: "one"\n'
            'card "Crab":\n    kind: wager\n    value: 3\n'
            'card "Whale":\n    kind: wager\n    value: 5\n'
            "quantity score of p: sum of c.value for each c in hand of p\n" + END)
    assert errors(text, base=LISTED) == [(10, 12, "'value' of \"Shell\" is a text, but on other cards it is a number")]


def test_an_expression_in_a_card_lists_text_is_named_as_such():
    # "'{value * 2}' ... is not a loop of this list", hint "did you mean 'value'?": value is
    # the loop; the braces hold an expression
    text = 'cards "Big {value}" for each value from 2 to 3:\n    kind: wager\n    text: "Worth {value * 2}."\n' + END
    assert errors(text, base=LISTED) == [(10, 11, "'{value * 2}' in this text: a card list fills in {NAME} of its "
                                                  "loops only, not an expression")]


def test_a_joker_without_jokers_and_a_modifier_on_a_counter_say_what_to_write():
    with pytest.raises(RuleFileError) as e:
        check_source("t.rules", (BASE + "setup:\n    move cards in box where rank = joker to pile\n" + END).encode())
    assert [(d.span.line, d.span.column, d.message, d.hint) for d in e.value.diagnostics] == [
        (9, 36, "unknown name 'joker'",
         "a standard deck has jokers only when it says so: 'cards: standard deck with 2 jokers in ZONE'")]
    modifier = ("zone table per player: pile, face up, active\ncounter cl per player = 0\n"
                'card "Beacon":\n    kind: wager\n    while active:\n        add 1 to cl of owner\n' + END)
    assert errors(modifier, base=LISTED)[-1] == (
        13, 18, "'cl' is a counter: a card's modifier adds to a quantity, which is worked out from the cards in play")


def test_a_pieces_number_changed_without_parentheses_says_how_to_write_it():
    """`increase pawn of clubs.step by 1` reads as pawn of (clubs.step): it was 'this cannot
    be changed', with no hint (`top of deck.value` gets one)."""
    text = ("pieces pawn: one for each suit in [clubs, hearts]\n    step from 0 to 9, starting at 0\n"
            "setup:\n    increase pawn of clubs.step by 1\n" + END)
    with pytest.raises(RuleFileError) as e:
        check_source("t.rules", (BASE + text).encode())
    assert [(d.span.line, d.span.column, d.message, d.hint) for d in e.value.diagnostics] == [
        (11, 14, "'pawn of clubs.step' reads as 'pawn of (clubs.step)'", "write '(pawn of clubs).step'")]
