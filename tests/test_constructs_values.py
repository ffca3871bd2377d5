"""Constructs of issue 13, items 5 and 7: counters that hold a player, a card or a
symbol (and `none`), values of the turn, definitions of several parameters, and
players who finish (`p finishes`, `place of p`, `finished players`, `p has finished`,
`the player after p where COND`).

Each test runs a small rule file with a stacked deal and fixed actions and asserts the
exact state, view and narration; wrong uses assert the exact diagnostics."""

from __future__ import annotations

import pytest

import ruleforge
from ruleforge import RuleError, RuleFileError
from ruleforge.drivers.narrate import Narrator
from ruleforge.load import check_source
from ruleforge.runtime.determinize import determinize
from ruleforge.testing import arrange, new_arranged, play

BASE = """\
game "t"
players 2 to 4
cards: standard deck in box
zone box: pile, face down
zone pile: pile, face up
zone hand per player: hand
counter n = 0
"""


def make(tmp_path, text, players=3):
    path = tmp_path / "t.rules"
    path.write_text(BASE + text)
    return ruleforge.load(path, players=players)


def errors(text):
    with pytest.raises(RuleFileError) as e:
        check_source("t.rules", (BASE + text).encode())
    return [(d.span.line, d.span.column, d.message) for d in e.value.diagnostics]


def deal(st, *hands):
    for seat, cards in enumerate(hands):
        arrange(st, "hand", cards, owner=seat)


END = "turn:\n    end turn\nending done: nobody wins\n"

# ---- counters that hold a player, a card or a symbol --------------------------------------

TRICK = """\
counter last_player = nobody
counter lead: card
counter lead_suit: suit
setup:
    for each p in players:
        repeat 2 times:
            move top of box to hand of p
turn:
    current takes an action
    say "{played} by {last_player}; lead {lead}"
action play:
    with card in hand of current
    if lead is none:
        set lead to card
        set lead_suit to card.suit
    set last_player to current
    move card to pile
    let played = card for the turn
action hide:
    with card in hand of current
    set lead to card
ending done: last_player wins when count of pile = 3
"""


def trick_game(tmp_path):
    return make(tmp_path, TRICK)


def test_a_counter_holds_a_player_a_card_and_a_symbol(tmp_path):
    g = trick_game(tmp_path)
    st = g.new(0, record=True)
    deal(st, ["2♣", "3♣"], ["2♥", "3♥"], ["2♠", "3♠"])
    held = lambda: {name: st.counter(name) for name in ("last_player", "lead", "lead_suit")}  # noqa: E731
    assert held() == {"last_player": None, "lead": None, "lead_suit": None}
    play(st, "play(card=3♣)", "play(card=2♥)")
    assert held() == {"last_player": "player 2", "lead": "3♣", "lead_suit": "clubs"}
    assert st.vars[g.counter_var("last_player")] == 1  # stored as the seat
    play(st, "play(card=2♠)")
    assert st.is_over and st.result.winners == (2,)
    lines = Narrator(g).lines(st.record)
    assert "    last_player: none → player 1" in lines
    assert "    lead: none → 3♣" in lines
    assert "    lead_suit: none → clubs" in lines
    assert "    — 2♥ by player 2; lead 3♣" in lines
    assert "    = n 0 · last_player player 2 · lead 3♣ · lead_suit clubs" in lines


def test_a_view_shows_a_held_card_only_to_a_seat_that_knows_it(tmp_path):
    g = trick_game(tmp_path)
    st = g.new(0, record=True)
    deal(st, ["2♣", "3♣"], ["2♥", "3♥"], ["2♠", "3♠"])
    play(st, "hide(card=3♣)")  # the card stays in player 1's hand, unseen by the others
    counters = lambda seat: dict(st.view(seat).counters)  # noqa: E731
    assert counters(0)["lead"] == "3♣"
    assert counters(1)["lead"] == "a hidden card"
    assert counters(None)["lead"] == "a hidden card"
    assert counters(1)["last_player"] == "none"
    # the seat's narrator hides it the same way; the omniscient one names it
    assert "    lead: none → a card" in Narrator(g, seat=1, state=st).lines(st.record)
    assert "    lead: none → 3♣" in Narrator(g, seat=0, state=st).lines(st.record)
    # re-dealt for a seat that cannot see it, the counter follows the card now at its place
    world = determinize(st, 1, seed=5)
    held = world.vars[g.counter_var("lead")]
    assert world.loc[held] == g.zone_inst("hand", 0).index
    play(st, "play(card=2♥)")  # 3♣ is still hidden: the view says so
    assert counters(2)["lead"] == "a hidden card"


def test_a_player_counter_may_start_at_a_role_and_reading_none_as_a_player_is_an_error(tmp_path):
    text = """\
role north
role south
counter dealer = south
counter who = nobody
turn:
    move top of box to hand of dealer
    move top of box to hand of who
ending done: nobody wins when count of box < 50
"""
    path = tmp_path / "r.rules"
    path.write_text(BASE.replace("players 2 to 4\n", "") + text)
    g = ruleforge.load(path)
    assert g.vars_init[g.counter_var("dealer")] == 1
    with pytest.raises(RuleError) as e:
        g.new(0)
    assert str(e.value) == ("in rule 'turn' (line 13): 'who' holds no player (it is none): "
                            "test 'who is none' before using it")


def test_wrong_kinds_of_counter():
    text = "counter a: colour\ncounter b: number\ncounter c: zone\ncounter d = none\ncounter e per card: card\n"
    assert errors(text + END) == [
        (8, 12, "a counter holds a number, a player, a card or a symbol, not 'colour'"),
        (9, 12, "a counter holds a number, a player, a card or a symbol, not 'number'"),
        (10, 12, "a counter holds a number, a player, a card or a symbol, not 'zone'"),
        (11, 13, "'none' does not say what the counter holds"),
        (12, 21, "a per-card counter holds a number"),
    ]


def test_none_is_stored_or_compared_and_nothing_more():
    text = ("counter lead: card\nturn:\n    move none to pile\n    set n to none\n    let x = none\n"
            "    if n = none:\n        end turn\n    if lead = none:\n        end turn\n"
            "    increase lead by 1\nending done: nobody wins\n")
    assert errors(text) == [
        (10, 10, "'none' is what an empty counter holds: it can be stored ('set NAME to none') "
                 "or compared ('NAME is none'), nothing more"),
        (11, 14, "counter 'n' holds a number, which cannot be none"),
        (12, 13, "a local value always holds a value, and 'none' says nothing of its kind"),
        (13, 8, "cannot compare a number with none (no value)"),
        (17, 14, "counter 'lead' holds a card, not a number"),
    ]


def test_nobody_empties_a_player_counter_only():
    text = ("counter who = nobody\nturn:\n    let p = current\n    set p to nobody\n    set who to nobody\n"
            "    set n to nobody\n    if who is nobody:\n        end turn\n    if n is nobody:\n        end turn\n"
            "ending done: nobody wins\n")
    assert errors(text) == [
        (11, 14, "'p' is a local value and always holds one"),
        (13, 14, "counter 'n' holds a number, which cannot be nobody"),
        (16, 8, "cannot compare a number with nobody"),
    ]


def test_a_counter_keeps_its_kind():
    text = ("counter who = nobody\ncounter lead: card\nturn:\n    set who to top of box\n    set lead to current\n"
            "    set lead to none\n    if lead.suit = hearts and who = current:\n        end turn\n"
            "ending done: who wins\n")
    assert errors(text) == [
        (11, 16, "'who' holds a player, not a card"),
        (12, 17, "'lead' holds a card, not a player"),
    ]


# ---- values of the turn -------------------------------------------------------------------

def test_a_value_of_the_turn_is_set_in_an_action_read_by_the_turn_and_reset_each_turn(tmp_path):
    text = """\
setup:
    for each p in players:
        repeat 2 times:
            move top of box to hand of p
turn:
    if n = 1:
        set n to played
    current takes an action
    set n to n + played
action play:
    with card in hand of current
    move card to pile
    let played = card.value for the turn
ending done: nobody wins when count of pile = 2
"""
    g = make(tmp_path, text, players=2)
    st = g.new(0)
    deal(st, ["2♣", "3♣"], ["5♥", "6♥"])
    play(st, "play(card=3♣)")
    assert st.vars[g.counter_var("n")] == 3
    assert st.vars[g.turn_base["played"]] is None  # a new turn: not set yet
    assert dict(st.view(0).counters) == {"n": 3}   # never shown: it is the turn's own
    text2 = text.replace("if n = 1:", "if n = 3:")
    g2 = make(tmp_path, text2, players=2)
    st2 = g2.new(0)
    deal(st2, ["2♣", "3♣"], ["5♥", "6♥"])
    with pytest.raises(RuleError) as e:
        play(st2, "play(card=3♣)")
    assert str(e.value) == ("in rule 'turn' (line 14): 'played' has no value yet this turn "
                            "(it is set by 'let played = ... for the turn')")


def test_values_of_the_turn_wrong_uses():
    text = ("define x = played\nsetup:\n    let s = 1 for the turn\nturn:\n"
            "    let played = top of box for the turn\n    let played = 3 for the turn\n"
            "    let n = 2 for the turn\n    let e = none for the turn\n"
            "ending done: nobody wins when played = 2\n")
    assert errors(text) == [
        (8, 12, "'played' is a value of the turn (line 12): only the rules that run during a turn can read it"),
        (10, 5, "'for the turn' is for the rules that run during a turn, not setup rules"),
        (13, 18, "'played' holds a card (line 12), not a number"),
        (14, 9, "'n' is already declared as a counter at line 7"),
        (15, 13, "a value of the turn starts as none each turn: give it a value"),
        (16, 31, "'played' is a value of the turn (line 12): only the rules that run during a turn can read it"),
    ]


def test_a_local_name_is_not_given_again_where_it_is_known():
    # an action's parameter, a `for each` name, a `let`: another `let`, `as` or `for each`
    # of that name inside its block is an error (a name given again in a later block is not)
    text = ("turn:\n    current takes an action\n"
            "action play \"Play\":\n    with card in hand of current\n    move card to pile\n"
            "    let card = top of box\n    move top of box to pile as card\n"
            "    for each c in pile:\n        for each c in box:\n            move c to pile\n"
            "    for each c in box:\n        let n2 = 1\n    let n2 = 2\n"
            "ending done: nobody wins\n")
    assert errors(text) == [
        (13, 9, "'card' is already used in this rule: a card the action chooses at line 11"),
        (14, 32, "'card' is already used in this rule: a card named by 'let' at line 13"),
        (16, 18, "'c' is already used in this rule: each card of a 'for each' at line 15"),
    ]


# ---- definitions of several parameters ----------------------------------------------------

def test_a_definition_of_several_parameters(tmp_path):
    text = """\
attribute colour: warm, cold
define suit_colour of suit s = if s = hearts or s = diamonds then warm else cold
define pile_of of player p, colour c = count of hand of p where suit_colour of suit = c
setup:
    for each p in players:
        repeat 3 times:
            move top of box to hand of p
turn:
    set n to 10 * pile_of of (current, warm) + pile_of of (the player after current, cold)
    end the game with done
ending done: nobody wins
"""
    g = make(tmp_path, text, players=2)
    # the hands stacked once setup has dealt, before the first turn
    st = g.new(0, watch=lambda s: s.turns == 0 and deal(s, ["2♥", "3♦", "4♣"], ["2♠", "3♠", "4♥"]))
    assert st.vars[g.counter_var("n")] == 2 * 10 + 2


def test_definitions_of_several_parameters_wrong_uses():
    text = ("define pile_of of player p, suit s = count of hand of p where suit = s\n"
            "turn:\n    set n to pile_of of current\n    set n to pile_of of (current, 3)\n"
            "    set n to pile_of of (current, hearts, clubs)\n    set n to n of (1, 2)\n"
            "    set n to piles_of of (current, hearts)\n"
            "ending done: players with the highest pile_of win\n")
    assert errors(text) == [
        (10, 14, "'pile_of' takes 2 values: write 'pile_of of (PLAYER, SUIT)'"),
        (11, 35, "'s' of 'pile_of' must be a suit, not a number"),
        (12, 14, "'pile_of' takes 2 values (p, s), not 3"),
        (13, 14, "'n' is not a definition of several values, so it takes no list of values"),
        # a name of nothing: said so (it was "not a definition of several values")
        (14, 14, "unknown definition 'piles_of'"),
        (15, 39, "'pile_of' is not a number counted per player"),
    ]


# ---- players who finish -------------------------------------------------------------------

CLIMB = """\
game "climb"
role a
role b
role c
cards: standard deck in box
zone box: pile, face down
zone pile: pile, face up
zone hand per player: hand
counter n = 0
setup:
    repeat 2 times:
        move top of box to hand of a
    move top of box to hand of b
    repeat 2 times:
        move top of box to hand of c
turn:
    current takes an action
    if hand of current is empty:
        current finishes
    set n to place of current
action play:
    with card in hand of current
    move card to pile
ending first_out "the first to finish": all players where place of it = 1 win when count of players = 1
invariant order: count of finished players = count of (all players where it has finished)
"""


def climb(tmp_path, text=CLIMB):
    path = tmp_path / "climb.rules"
    path.write_text(text)
    g = ruleforge.load(path)
    st = g.new(0, record=True)
    deal(st, ["2♣", "3♣"], ["2♥"], ["2♠", "3♠"])
    return g, st


def test_players_finish_in_order_leave_the_turn_order_and_are_ranked(tmp_path):
    g, st = climb(tmp_path)
    assert st.current_player == 0
    play(st, "play(card=2♣)", "play(card=2♥)")  # b is out of cards: finishes 1st
    assert st.fin == (1,) and st.vars[g.counter_var("n")] == 1
    play(st, "play(card=2♠)")
    assert st.current_player == 0 and st.round == 2  # b is skipped: the round is a and c
    assert st.view(2).finished == ("b",) and st.view(2).eliminated == ()
    play(st, "play(card=3♣)")  # a finishes 2nd: only c is left
    assert st.fin == (1, 0) and st.is_over
    assert st.result.winners == (1,)
    assert g.check_invariants(st) == []
    lines = Narrator(g).lines(st.record)
    assert "    b finishes (1st)" in lines and "    a finishes (2nd)" in lines
    assert [ln for ln in lines if ln.startswith("  ") and "turn" in ln] == [
        "  a's turn", "  b's turn", "  c's turn", "  a's turn"]


def test_finishing_eliminating_and_the_next_turn(tmp_path):
    text = """\
turn:
    if n = 0:
        eliminate the player after current
        current finishes
        eliminate current
        current finishes
        the player after current takes the next turn
    set n to n + 1
    if n = 3:
        end the game with done
ending done: players win
invariant states: (current has finished) = (place of current > 0)
"""
    g = make(tmp_path, text, players=4)
    st = g.new(0, record=True)
    # player 1 eliminated player 2, finished, and could be neither eliminated nor finish again;
    # the turn went to player 3 (player 2 is out), then 4, then 3
    assert st.fin == (0,) and st.out == 0b11
    assert st.is_over and st.result.winners == (2, 3)
    assert [ev.seat for ev in st.record if type(ev).__name__ == "TurnBegan"] == [0, 2, 3]
    from ruleforge.runtime.held import is_eliminated
    assert [is_eliminated(st, s) for s in range(4)] == [False, True, False, False]


def test_the_player_after_where(tmp_path):
    text = """\
counter passed per player = 0
turn:
    let q = the player after current where passed of it = 0
    say "after {current}: {q}"
    set passed of current to 1
    set n to n + 1
    if n = 3:
        end the game with done
ending done: nobody wins
"""
    g = make(tmp_path, text, players=3)
    st = g.new(0, record=True)
    said = [ln for ln in Narrator(g).lines(st.record) if "after" in ln]
    # going round from the player after current, current itself last, skipping who passed
    assert said == ["    — after player 1: player 2", "    — after player 2: player 3",
                    "    — after player 3: player 3"]
    with pytest.raises(RuleError) as e:
        make(tmp_path, text.replace("passed of it = 0", "passed of it = 5"), players=3).new(0)
    assert str(e.value) == "in rule 'turn' (line 10): no player after player 1 meets the condition"


def test_finishing_wrong_uses():
    text = ("turn:\n    3 finishes\n    if 2 has finished and place of current = 1 and place of 2 = 0:\n"
            "        current finishes\n    let q = the player after current where 3\n"
            "ending done: finished players where place of it = 1 win\n")
    assert errors(text) == [
        (9, 5, "who finishes must be a player, not a number"),
        (10, 8, "who has finished must be a player, not a number"),
        (10, 61, "whose place must be a player, not a number"),
        (12, 44, "a 'where' condition must be a yes/no condition, not a number"),
    ]


def test_the_golden_encoding_names_held_values(tmp_path):
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).parent))
    from golden import encode_event
    g, st = climb(tmp_path, CLIMB.replace("counter n = 0", "counter n = 0\ncounter lead: card")
                  .replace("    move card to pile\n", "    move card to pile\n    set lead to card\n"))
    play(st, "play(card=2♣)", "play(card=2♥)")
    encoded = [encode_event(g, ev) for ev in st.record]
    assert ["set", "lead", None, "2♣"] in encoded and ["set", "lead", "2♣", "2♥"] in encoded
    assert ["finish", 1, 1] in encoded
    assert encoded[-2][0] == "status" and encoded[-2][1][g.counter_var("lead")] == "2♥"


def test_a_finished_player_named_to_take_the_next_turn_passes_it_on(tmp_path):
    text = """\
turn:
    if n = 0:
        let q = the player after (the player after current)
        q finishes
        q takes the next turn
    set n to n + 1
    if n = 3:
        end the game with done
ending done: finished players win
"""
    g = make(tmp_path, text, players=4)
    st = g.new(0, record=True)
    # player 3 finished: the turn goes to the next player still playing after them,
    # player 4 (not player 2); then the round is over and player 1 starts the next
    turns = [(ev.seat, ev.round) for ev in st.record if type(ev).__name__ == "TurnBegan"]
    assert turns == [(0, 1), (3, 1), (0, 2)]
    assert st.result.winners == (2,) and st.counter("n") == 3


def test_several_bare_parameters_get_a_hint_to_give_their_kinds():
    """`define pairs of p, number v`: a lone bare parameter is a player, so the comma is
    where reading stops (found when a newcomer wrote Old Maid from the docs)."""
    from ruleforge.lang.diagnostics import RuleFileError
    text = BASE + "define pairs of p, number v = count of hand of p where value = v\n" + END
    with pytest.raises(RuleFileError) as e:
        check_source("t.rules", text.encode())
    d = e.value.diagnostics[0]
    assert (d.span.line, d.span.column, d.message, d.hint) == (
        8, 18, "unexpected ','",
        "a definition of several parameters gives each its kind: define NAME of player p, number v")


def test_a_value_of_the_turn_may_be_a_sum_without_parentheses(tmp_path):
    # 'for the turn' ends the statement: it is not read as part of the sum's collection
    text = """\
setup:
    for each p in players:
        repeat 2 times:
            move top of box to hand of p
turn:
    let total = sum of c.value for each c in hand of current for the turn
    set n to total
    end turn
ending done: nobody wins when n > 0
"""
    g = make(tmp_path, text, players=2)
    st = new_arranged(g, stacks=[("hand", ["2♣", "3♣"], 0), ("hand", ["5♥", "6♥"], 1)])
    assert st.is_over and st.vars[g.counter_var("n")] == 5  # player 1's first turn: 2 + 3
    assert "total" in g.turn_base  # a value of the turn, not a local of the rule
