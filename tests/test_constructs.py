"""Constructs added for the example games (issue 7): conditional expressions, counters that
hold a symbol, who takes the next turn, neighbours in turn order, and eliminations.

Each test runs a small rule file with fixed choices and asserts the exact outcome."""

from __future__ import annotations

import pytest

import ruleforge
from ruleforge import RuleError
from ruleforge.load import check_source
from ruleforge import RuleFileError
from ruleforge.drivers.narrate import Narrator
from ruleforge.testing import play

BASE = """\
game "t"
players 2 to 4
cards: standard deck in box
zone box: pile, face down
zone pile: pile, face up
zone hand per player: hand
counter n = 0
"""


def make(tmp_path, text, players=None):
    path = tmp_path / "t.rules"
    path.write_text(BASE + text)
    return ruleforge.load(path, players=players) if players else ruleforge.load(path)


def errors(text):
    with pytest.raises(RuleFileError) as e:
        check_source("t.rules", (BASE + text).encode())
    return [(d.span.line, d.span.column, d.message) for d in e.value.diagnostics]


# ---- if ... then ... else ----------------------------------------------------------------

@pytest.mark.parametrize("expr, expected", [
    ("(if 1 < 2 then 10 else 20) = 10", True),
    ("(if 1 > 2 then 10 else 20) = 20", True),
    ("3 + (if count of box = 52 then 1 else 0) * 2 = 5", True),
    ("(if false then hearts else (if true then clubs else spades)) = clubs", True),
    ("count of (if pile is empty then cards in box else cards in pile) = 52", True),
])
def test_a_conditional_expression_picks_one_side(tmp_path, expr, expected):
    game = make(tmp_path, f"turn:\n    end the game with done\nending done: nobody wins\ninvariant t: {expr}\n")
    assert (game.check_invariants(game.new(1)) == []) is expected


def test_a_conditional_expression_needs_one_kind_and_a_condition():
    text = "turn:\n    set n to if 1 then 2 else hearts\nending done: nobody wins\n"
    assert errors(text) == [
        (9, 17, "the condition of 'if' must be a yes/no condition, not a number"),
        (9, 31, "'then' gives a number and 'else' gives a suit: both must be of one kind"),
    ]


def test_only_the_side_taken_is_worked_out(tmp_path):
    # the other side would be an error (no card in an empty pile has a value)
    game = make(tmp_path, "turn:\n    set n to if pile is empty then 7 else (top of pile).value\n"
                          "    end the game with done\nending done: nobody wins\n")
    st = game.new(1)
    assert st.counter("n") == 7


# ---- counters that hold a symbol ---------------------------------------------------------

def test_a_counter_can_hold_a_symbol(tmp_path):
    game = make(tmp_path, "counter trumps = clubs\ncounter pet per player = hearts\nsetup:\n"
                          "    set trumps to (top of box).suit\n"
                          "turn:\n    set pet of current to trumps\n    end the game with done\n"
                          "ending done: players where pet of it = spades win\n")
    st = game.new(1, record=True)
    assert st.counter("trumps") == "spades"  # the box's top card is the king of spades
    assert st.counter("pet", 0) == "spades" and st.counter("pet", 1) == "hearts"
    assert st.result.winners == (0,)
    assert "    trumps: clubs → spades" in Narrator(game).lines(st.record)


def test_a_symbol_counter_is_not_a_number():
    text = "counter trumps = clubs\nturn:\n    increase trumps by 1\n    set trumps to 3\n" \
           "    set n to trumps\nending done: nobody wins\n"
    assert errors(text) == [
        (10, 14, "counter 'trumps' holds a suit, not a number"),
        (11, 19, "'trumps' holds a suit, not a number"),
        (12, 14, "'n' holds a number, not a suit"),
    ]


# ---- who takes the next turn -------------------------------------------------------------

NEXT = """\
counter log per player = 0
setup:
    for each p in players where p != (the player after p) and count of hand of p = 0:
        move top of box to hand of p
    {first} takes the next turn
turn:
    increase n by 1
    increase log of current by n
    let c = current chooses one of [1, 2, 3] "how far to pass"
    if c = 1:
        the player after current takes the next turn
    else if c = 2:
        the player before current takes the next turn
    else:
        current takes the next turn
when the round ends:
    say "round {{n}} over"
ending done: nobody wins when n = 5
"""


def test_setup_says_who_takes_the_first_turn(tmp_path):
    game = make(tmp_path, NEXT.format(first="the player before (the player after (random card in players))"),
                players=3)
    st = game.new(4)
    first = st.current_player
    assert first == 1  # the random pick of seed 4
    st = game.new(4)
    assert st.current_player == first


def test_the_turn_goes_where_the_rule_says_and_a_jump_back_ends_the_round(tmp_path):
    game = make(tmp_path, NEXT.format(first="random card in players"), players=3)
    st = game.new(3, record=True)
    start = st.current_player
    assert start == 0  # the random pick of seed 3
    seats, rounds = [], []
    for choice in ["3", "1", "2", "1"]:  # again, after, before, after
        seats.append(st.current_player)
        rounds.append(st.round)
        play(st, choice)
    assert seats == [start, start, (start + 1) % 3, start]
    # staying (a jump to the same position) and going back both start a new round
    assert rounds == [1, 2, 2, 3]
    said = [line for line in Narrator(game).lines(st.record) if "— round" in line]
    assert said == ["    — round 1 over", "    — round 3 over"]  # 'when the round ends' ran at each


def test_without_a_jump_the_turn_order_is_unchanged(tmp_path):
    game = make(tmp_path, "turn:\n    increase n by 1\n    let c = current chooses one of [1, 2] \"x\"\n"
                          "ending done: nobody wins when n = 6\n", players=3)
    st = game.new(1)
    seats = []
    while not st.is_over:
        seats.append((st.current_player, st.round))
        play(st, "1")
    assert seats == [(0, 1), (1, 1), (2, 1), (0, 2), (1, 2)]  # the 6th turn ends the game


# ---- eliminations --------------------------------------------------------------------------

ELIM = """\
setup:
    for each p in players:
        move top of box to hand of p
turn:
    increase n by 1
    if current chooses "go out" over "stay":
        move cards in hand of current to pile
        eliminate current
        say "{current} is out: {current is eliminated}; next {the player after current}, before {the player before current}; left {players} of {all players}"
ending alone "one left": players win when count of players = 1
ending long "long game": players win when n >= 20
"""


def test_an_eliminated_player_is_skipped_and_cannot_win(tmp_path):
    game = make(tmp_path, ELIM, players=4)
    st = game.new(1, record=True)
    order = []
    for choice in ["stay", "go out", "stay", "stay", "go out", "stay"]:
        order.append(st.current_player)
        play(st, choice)
    # seats 0..3; seat 1 goes out in round 1, seat 0 in round 2
    assert order == [0, 1, 2, 3, 0, 2]
    assert st.is_eliminated(1) and st.is_eliminated(0) and not st.is_eliminated(2)
    assert st.view(2).eliminated == ("player 1", "player 2")
    lines = Narrator(game).lines(st.record)
    assert "    player 2 is eliminated" in lines
    assert ("    — player 2 is out: yes; next player 3, before player 1; left player 1, player 3, player 4 of player 1, player 2, player 3, player 4"
            in lines)
    assert "    — player 1 is out: yes; next player 3, before player 4; left player 3, player 4 of player 1, player 2, player 3, player 4" in lines
    play(st, "go out")  # seat 3: one left
    assert st.result.reason == "one left" and st.result.winners == (2,)


def test_when_every_player_is_out_play_stops_with_an_error(tmp_path):
    game = make(tmp_path, ELIM.replace("ending alone \"one left\": players win when count of players = 1\n", ""),
                players=2)
    st = game.new(1)
    play(st, "go out")
    with pytest.raises(RuleError, match="every player is eliminated") as e:
        play(st, "go out")
    # placed at the `eliminate` that emptied the table (line 15), not where the turn began
    assert (e.value.rule, e.value.span.line, e.value.span.column) == ("turn", 15, 9)


# ---- define NAME of card c -------------------------------------------------------------------

def test_a_definition_can_take_a_card_or_a_number(tmp_path):
    game = make(tmp_path, "define high of card c = if c.rank = A then 14 else c.value\n"
                          "define twice of number x = 2 * x\n"
                          "quantity best of p: sum of twice of (high of c) for each c in hand of p where c.suit = hearts\n"
                          "setup:\n    move cards in box where suit = hearts and value in [1, 5, 13] or rank = Q to "
                          "hand of (the player after (random card in players))\n"
                          "turn:\n    end the game with done\nending done: players with the highest best win\n",
                players=2)
    st = game.new(1)
    assert len(st.cards_in("hand", 0)) == 7 and st.cards_in("hand", 1) == []  # four queens, A♥ 5♥ K♥
    assert st.quantity("best", 1) == 0
    assert st.quantity("best", 0) == 2 * (14 + 5 + 13 + 12)  # the hearts only, aces high
    assert st.result.winners == (0,)


def test_a_definition_is_given_the_kind_it_takes():
    text = "define high of card c = c.value\ndefine mine of p = count of hand of p\n" \
           "turn:\n    set n to high of current\n    set n to mine of (top of box)\n" \
           "ending done: players with the highest high win\n"
    assert errors(text) == [
        (11, 22, "what 'high' is defined of must be a card, not a player"),
        (12, 23, "what 'mine' is defined of must be a player, not a card"),
        (13, 39, "'high' is not a number counted per player"),
    ]


def test_a_definition_can_take_a_zone(tmp_path):
    game = make(tmp_path, "define total of zone z = sum of c.value for each c in z\n"
                          "setup:\n    move top 2 cards of box to pile\n"
                          "turn:\n    set n to total of pile + total of hand of current\n    end the game with done\n"
                          "ending done: nobody wins\n", players=2)
    st = game.new(1)
    assert st.cards_in("pile") == ["K♠", "Q♠"] and st.counter("n") == 13 + 12


# ---- a choice after 'and' ----------------------------------------------------------------------

def test_a_choice_after_and_is_asked_only_when_the_condition_holds(tmp_path):
    game = make(tmp_path, "turn:\n    repeat while n < 2 and current chooses \"hit\" over \"stand\":\n"
                          "        increase n by 1\n    end the game with done\nending done: nobody wins\n",
                players=2)
    st = game.new(1)
    play(st, "hit", "hit")  # n = 2: the loop stops without asking again
    assert st.is_over and st.counter("n") == 2
    st = game.new(1)
    play(st, "hit", "stand")
    assert st.is_over and st.counter("n") == 1


# ---- when the round begins ---------------------------------------------------------------------

ROUND_BEGINS = """\
counter bets per player = 0
when the round begins:
    increase n by 1
    say "round {n} begins with {current}"
    for each p in players:
        if p chooses "bet" over "fold":
            increase bets of p by 1
turn:
    move top of box to pile
ending done: players with the highest bets win when n = 2 at round end
"""


def test_the_round_begins_before_its_first_turn(tmp_path):
    game = make(tmp_path, ROUND_BEGINS, players=3)
    st = game.new(1, record=True, stats=True)
    asked = []
    for answer in ["bet", "fold", "bet", "fold", "fold", "bet"]:
        asked.append((st.current_player, st.round, st.prompt))
        play(st, answer)
    assert [(p, r) for p, r, _ in asked] == [(0, 1), (1, 1), (2, 1), (0, 2), (1, 2), (2, 2)]
    assert st.is_over and st.result.winners == (2,)  # bets: 1, 0, 2
    assert st.cards_in("pile") == ["K♠", "Q♠", "J♠", "10♠", "9♠", "8♠"]  # three turns a round
    lines = [line for line in Narrator(game).lines(st.record) if not line.startswith("    =")]
    start = lines.index("Round 2")
    assert lines[start:start + 4] == ["Round 2", "    n: 1 → 2", "    — round 2 begins with player 1",
                                      "  ▸ player 1: fold"]
    assert lines[start + 7] == "  player 1's turn"
    assert st.stats["when the round begins"] == 2


def test_current_in_an_action_is_the_player_taking_it(tmp_path):
    game = make(tmp_path, "counter bets per player = 0\n"
                          "action bet \"Bet\":\n    with amount from 1 to 3\n    allowed if amount > bets of current\n"
                          "    increase bets of current by amount\n"
                          "when the round begins:\n    for each p in players:\n        p takes an action\n"
                          "turn:\n    increase n by 1\n"
                          "ending done: players with the highest bets win when n = 3 at round end\n", players=3)
    st = game.new(1)
    assert st.current_player == 0 and [str(a) for a in st.legal_actions()] == [
        "bet(amount=1)", "bet(amount=2)", "bet(amount=3)"]
    play(st, "bet(amount=2)", "bet(amount=3)", "bet(amount=1)")
    assert [st.counter("bets", s) for s in range(3)] == [2, 3, 1]  # each bet went to its bettor
    assert st.result.winners == (1,)


# ---- modifiers: a few cards looked for where they lie, or every active card ---------------

MODDED = """\
game "m"
players 2
attribute type: lens, rock
cards: listed in box
zone box: pile, face down
zone gear per player: pile, face up, active
zone shelf per player: pile, face up
quantity reach of p: 3
card "Lens":
    type: lens
    copies: LENSES
    value: 0
    text: "While in your gear: your reach is 1 more; each opponent's is 2 less."
    while active:
        add 1 to reach of owner
        subtract 2 from reach of opponents of owner
card "Rock":
    type: rock
    copies: 4
    value: 0
    text: "Nothing."
setup:
    move cards in box where type = rock to gear of player 2
    move top 2 cards of box to gear of player 1
    move top of box to shelf of player 2
    move top of box to gear of player 2
turn:
    end the game with done
ending done: players with the highest reach win
"""


@pytest.mark.parametrize("lenses, looked_for", [(4, True), (12, False)])
def test_modifiers_add_up_whichever_way_the_cards_are_found(lenses, looked_for, tmp_path):
    # Up to 8 cards that modify a quantity are looked for where they lie (one test each);
    # more, and every card of every active zone is gone through. The sums are the same:
    # 2 lenses in player 1's gear, 1 lens and 4 rocks in player 2's, 1 lens on player 2's shelf,
    # which is not active.
    path = tmp_path / "m.rules"
    path.write_text(MODDED.replace("LENSES", str(lenses)))
    game = ruleforge.load(path)
    assert ("if ACTIVE_AT[loc[" in game.source) is looked_for and ("for z in ACTIVE:" in game.source) is not looked_for
    st = game.new(1)
    assert st.quantity("reach", 0) == 3 + 2 - 2 * 1
    assert st.quantity("reach", 1) == 3 + 1 - 2 * 2
    assert st.result.winners == (0,)


# ---- a row of each player's, read whole --------------------------------------------------

ROWS = """\
zone board per player: row of 3 slots
turn:
    if board of current is empty:
        move top of box to board of current slots 1 to 1
    else:
        move top of box to board of current slots 2 to 2
    set n to count of (cards in board of current)
    for each c in board of current:
        increase n by c.value
    current takes one of keep, clear
action keep:
    say "{current} keeps"
action clear:
    with c in board of current
    move c to pile
    move cards in board of current to box
ending done: nobody wins when count of pile >= 2
"""


def test_a_per_player_row_read_whole_counts_loops_offers_and_moves_its_cards(tmp_path):
    """A per-player row used whole (its count, `for each`, an action's `with`, `move cards
    in`, `is empty`) once failed in play with NameError in the generated code."""
    from ruleforge.testing import new_arranged
    game = make(tmp_path, ROWS, players=2)
    st = new_arranged(game, 1, [("box", ["2♣", "9♦", "5♥", "K♠"])])  # K♠ on top
    assert [str(a) for a in st.legal_actions()] == ["clear(c=K♠)", "keep"]
    assert st.counter("n") == 1 + 13
    play(st, "keep", "keep")  # player 2 takes 5♥; player 1 then 9♦ into slot 2
    assert st.cards_in("board", "player 1", 1) == ["K♠"] and st.cards_in("board", "player 1", 2) == ["9♦"]
    assert st.counter("n") == 2 + 13 + 9
    assert [str(a) for a in st.legal_actions()] == ["clear(c=9♦)", "clear(c=K♠)", "keep"]
    play(st, "clear(c=9♦)")  # 9♦ to the pile, K♠ back onto the box, where player 2 draws it
    assert st.cards_in("pile") == ["9♦"] and st.cards_in("box")[-1] == "2♣" and len(st.cards_in("box")) == 49
    assert st.cards_in("board", "player 2", 2) == ["K♠"]
    assert all(st.cards_in("board", "player 1", k) == [] for k in (1, 2, 3))


def test_a_slot_of_a_players_row_written_after_its_owner_is_named_with_what_to_write(tmp_path):
    """`board of north slot 2` reads as board of (north slot 2): it was 'unknown zone north'
    and 'belongs to north only, write board of north'; `board of current slot 2` was a bare
    'unexpected slot'."""
    role_row = ("role north\nrole south\nzone board of north: row of 3 slots\n"
                "turn:\n    move top of box to board of north slot 2\nending done: nobody wins\n")
    with pytest.raises(RuleFileError) as e:
        check_source("t.rules", (BASE.replace("players 2 to 4\n", "") + role_row).encode())
    assert [(d.span.line, d.span.column, d.message, d.hint) for d in e.value.diagnostics] == [
        (11, 24, "'board of north slot ...' reads as 'board of (north slot ...)', and a player has no slots",
         "write 'board slot 2': a row of north is named by its slots alone")]
    per_player = ("zone board per player: row of 3 slots\n"
                  "turn:\n    move top of box to board of current slot 2\nending done: nobody wins\n")
    with pytest.raises(RuleFileError) as e:
        check_source("t.rules", (BASE + per_player).encode())
    assert [(d.span.line, d.span.column, d.message, d.hint) for d in e.value.diagnostics] == [
        (10, 41, "unexpected 'slot' after 'board of current'",
         "a slot of a player's row is written as a range: 'board of current slots 2 to 2' (to move cards there; "
         "a slot of a row per player cannot be named in an expression yet)")]


# ---- mod: the remainder ------------------------------------------------------------------------

MOD = """\
counter got per player = 0
turn:
    increase n by 1
    let x = current chooses one of [-7, 7, 10] "a number"
    set got of current to 100 * (x mod 3) + x mod -4
    if (n + 1) mod count of players = 0:
        current takes the next turn
ending done: nobody wins when n = 5
"""


def test_mod_gives_the_remainder_with_the_sign_of_the_divisor(tmp_path):
    game = make(tmp_path, MOD, players=3)
    st = game.new(1)
    seats = []
    for choice in ["-7", "7", "10", "7"]:
        seats.append(st.current_player)
        play(st, choice)
    # (n + 1) mod 3 = 0 at n = 2 only: the second player plays again
    assert seats == [0, 1, 1, 2] and st.is_over
    # -7 mod 3 = 2, -7 mod -4 = -3; 10 mod 3 = 1, 10 mod -4 = -2; 7 mod 3 = 1, 7 mod -4 = -1
    assert [st.counter("got", p) for p in range(3)] == [197, 98, 99]


def test_mod_binds_as_multiply_and_divide_do(tmp_path):
    game = make(tmp_path, "turn:\n    set n to 1 + 7 mod 4 * 2\n    end the game with done\n"
                          "ending done: nobody wins\n")
    assert game.new(1).counter("n") == 1 + (7 % 4) * 2  # not 1 + 7 % 8, nor (1 + 7) % 4 * 2


def test_mod_by_zero_in_play_is_an_error_of_the_rule_at_the_mod(tmp_path):
    game = make(tmp_path, "turn:\n    let k = count of hand of current\n    set n to 7 + 10 mod k\n"
                          "    end the game with done\nending done: nobody wins\n")
    with pytest.raises(RuleError) as e:
        game.new(1)
    assert (e.value.rule, e.value.span.line, e.value.span.column, e.value.span.end_column) == ("turn", 10, 18, 26)
    assert str(e.value) == "in rule 'turn' (line 10): division by zero in 'mod'"


def test_a_constant_mod_is_worked_out_when_the_file_is_checked(tmp_path):
    game = make(tmp_path, "parameter step = 17 mod 5\ncounter m = -step mod 5\n"
                          "turn:\n    end the game with done\nending done: nobody wins\n")
    assert game.params["step"] == 2
    assert game.new(1).counter("m") == 3
    assert errors("parameter p = 7 mod 0\ncounter m = 3 mod (2 - 2)\n"
                  "turn:\n    end the game with done\nending done: nobody wins\n") == [
        (8, 15, "division by zero in 'mod'"),
        (9, 13, "division by zero in 'mod'"),
    ]


def test_mod_takes_two_numbers():
    text = ("zone table: row of 3 slots\n"
            "turn:\n    set n to (top of box) mod 2\n    set n to 5 mod hearts\n"
            "    move top of box to table slot 1 mod 2\n"
            "action half:\n    set n to n mod\nending done: nobody wins\n")
    assert errors(text) == [
        (10, 15, "each side of 'mod' must be a number, not a card"),
        (11, 20, "each side of 'mod' must be a number, not a suit"),
        (12, 24, "each side of 'mod' must be a number, not a zone"),
        (14, 19, "this line ends too early"),
    ]
