"""Blackjack (examples/blackjack.rules): scripted tests of its distinctive rules.

Each test deals a game from seed 0, stacks the top of the shoe with `arrange`, places
bets and plays hits and stands by their printed forms, and asserts the exact state:
hands, chips and stakes, whose turn it is, what the rules said, the result, and who
knows the hole card. Seats are 0-based: seat 0 is "player 1".

The deal, for each hand: one card to each player, the dealer's up card, a second card to
each player, the dealer's hole card (face down); then hits, then the dealer's draws, all
from the top of the shoe. `shoe=` lists those cards in that order, top card first.
"""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

import ruleforge
from ruleforge.runtime.engine import move_card
from ruleforge.drivers.narrate import Narrator
from ruleforge.testing import arrange, play, refresh, set_number

RULES = Path(__file__).resolve().parent.parent / "examples" / "blackjack.rules"
P1, P2, P3 = 0, 1, 2
HIT_OR_STAND = "hit or stand?"
BET = "take an action"


@functools.cache
def _game(players: int, params: tuple):
    return ruleforge.load(RULES, players=players, **dict(params))


def game(players=1, **params):
    return _game(players, tuple(sorted(params.items())))


def deal(players=1, shoe=(), **params):
    """A new game (seed 0), the shoe's top cards stacked as listed (top card first)."""
    st = game(players, **params).new(0, record=True)
    if shoe:
        arrange(st, "shoe", list(reversed(shoe)))
        assert shoe_top(st, len(shoe)) == list(shoe)
    assert st.current_player == P1 and st.prompt == BET
    return st


def shoe_top(st, n: int) -> list[str]:
    return list(reversed(st.cards_in("shoe")))[:n]


def said(st) -> list[str]:
    """The lines the rules said (`say`), in order."""
    return [line.strip()[2:] for line in Narrator(st.game).lines(st.record) if line.strip().startswith("— ")]


def legal(st) -> list[str]:
    return [str(a) for a in st.legal_actions()]


def chips(st, seat=P1) -> int:
    return st.counter("chips", seat)


def assert_invariants(st):
    assert st.game.check_invariants(st) == []


# ---- bets and the deal ---------------------------------------------------------------------


def test_each_player_bets_within_the_limits_and_their_chips_before_any_card_is_dealt():
    st = deal(players=2)
    assert legal(st) == [f"bet(amount={n})" for n in range(1, 11)]
    play(st, "bet(amount=10)")
    assert chips(st, P1) == 10 and st.counter("stake", P1) == 10
    # no card yet: player 2 bets first
    assert st.current_player == P2 and st.prompt == BET
    assert st.cards_in("dealer") == [] and st.cards_in("hand", P1) == []
    set_number(st, "chips", 3, owner=P2)
    assert legal(st) == ["bet(amount=1)", "bet(amount=2)", "bet(amount=3)"]
    play(st, "bet(amount=3)")
    assert chips(st, P2) == 0 and st.counter("stake", P2) == 3
    assert st.current_player == P1 and st.prompt == HIT_OR_STAND
    assert_invariants(st)


def test_the_deal_and_the_hole_card_nobody_knows_until_the_dealer_turns_it_up():
    st = deal(players=2, shoe=["10♠", "9♥", "5♦", "8♠", "9♣", "Q♥"])
    play(st, "bet(amount=2)", "bet(amount=2)")
    assert st.cards_in("hand", P1) == ["10♠", "8♠"]
    assert st.cards_in("hand", P2) == ["9♥", "9♣"]
    assert st.cards_in("dealer") == ["5♦", "Q♥"]
    # the players' cards and the up card are face up; the hole card is face down
    for c in ["10♠", "8♠", "9♥", "9♣", "5♦"]:
        assert st.is_face_up(c)
    assert not st.is_face_up("Q♥")
    assert not st.knows(P1, "Q♥") and not st.knows(P2, "Q♥")
    for seat in (P1, P2, None):
        assert st.view(seat).zone("dealer").cards == ("5♦", None)
    assert_invariants(st)
    play(st, "stand")
    assert st.current_player == P2 and not st.knows(P2, "Q♥")
    play(st, "stand")
    # the dealer's turn: the hole card is turned up (15: the dealer draws)
    assert st.is_face_up("Q♥") and st.knows(P1, "Q♥") and st.knows(P2, "Q♥")
    assert said(st)[:2] == ["hand 1 of 5: the dealer deals", "the dealer's turn"]


# ---- the dealer's policy ------------------------------------------------------------------


def test_the_dealer_hits_on_16_and_stands_on_17():
    st = deal(shoe=["10♠", "10♥", "8♠", "6♣", "A♦", "5♠"])
    play(st, "bet(amount=5)", "stand")
    # 10 + 6 = 16: the dealer draws the ace, counted 1 (11 would bust): 17, and stands
    assert st.cards_in("dealer") == []  # gathered after the settlement
    assert st.cards_in("discard")[-3:] == ["10♥", "6♣", "A♦"]
    assert shoe_top(st, 1) == ["5♠"]
    assert said(st)[1:4] == ["the dealer's turn", "the dealer stands on 17", "player 1 wins 5"]
    assert chips(st) == 25 and st.counter("stake", P1) == 0
    # the next hand: bets again
    assert st.current_player == P1 and st.prompt == BET and st.counter("hands_played") == 1
    assert_invariants(st)


@pytest.mark.parametrize("hits_soft_17", [0, 1])
def test_soft_17_the_dealer_stands_unless_the_parameter_says_hit(hits_soft_17):
    """Ruling: the dealer stands on a soft 17 (dealer_hits_soft_17 = 0); with 1, hits."""
    st = deal(shoe=["10♠", "A♥", "8♠", "6♣", "4♦", "5♠"], dealer_hits_soft_17=hits_soft_17)
    play(st, "bet(amount=4)", "stand")
    if hits_soft_17:
        # A + 6 + 4 = 21, the ace still counted 11: the dealer's 21 beats 18
        assert st.cards_in("discard")[-3:] == ["A♥", "6♣", "4♦"]
        assert said(st)[2:4] == ["the dealer stands on 21", "player 1 loses 4"]
        assert chips(st) == 16
    else:
        # A + 6 = soft 17: the dealer stands; 18 wins
        assert st.cards_in("discard")[-2:] == ["A♥", "6♣"] and shoe_top(st, 1) == ["4♦"]
        assert said(st)[2:4] == ["the dealer stands on 17", "player 1 wins 4"]
        assert chips(st) == 24


def test_the_dealer_stands_on_hard_17_even_when_hitting_soft_17():
    st = deal(shoe=["10♠", "A♥", "8♠", "6♣", "10♦", "5♠"], dealer_hits_soft_17=1)
    play(st, "bet(amount=4)", "stand")
    # soft 17: the dealer hits; A + 6 + 10 = hard 17: stands
    assert st.cards_in("discard")[-3:] == ["A♥", "6♣", "10♦"] and shoe_top(st, 1) == ["5♠"]
    assert said(st)[2:4] == ["the dealer stands on 17", "player 1 wins 4"]


# ---- the player's hand --------------------------------------------------------------------


def test_the_soft_ace_counts_11_then_1():
    st = deal(shoe=["A♠", "10♥", "6♠", "7♣", "10♦", "9♦"])
    play(st, "bet(amount=5)")
    # A + 6 = soft 17: hitting cannot bust it
    assert st.cards_in("hand", P1) == ["A♠", "6♠"]
    play(st, "hit")
    # A + 6 + 10 = hard 17 (the ace now counts 1): not busted, asked again
    assert st.cards_in("hand", P1) == ["A♠", "6♠", "10♦"]
    assert st.current_player == P1 and st.prompt == HIT_OR_STAND
    assert st.counter("stake", P1) == 5
    play(st, "stand")
    # 17 against the dealer's 17: a push, the stake comes back
    assert said(st)[2:4] == ["the dealer stands on 17", "player 1 pushes and takes back 5"]
    assert chips(st) == 20
    assert shoe_top(st, 1) == ["9♦"]


def test_a_total_over_21_busts_at_once_and_the_dealer_then_draws_nothing():
    st = deal(shoe=["10♠", "10♥", "6♠", "5♣", "K♦", "9♦"])
    play(st, "bet(amount=5)", "hit")
    # 10 + 6 + 10 = 26: bust; the stake is lost and the cards taken at once
    assert said(st)[1] == "player 1 busts with 26 and loses 5"
    assert st.cards_in("discard")[:3] == ["10♠", "6♠", "K♦"]
    assert chips(st) == 15 and st.counter("stake", P1) == 0
    # Ruling: with nobody left in the hand, the dealer turns up the hole card and draws
    # nothing, though 15 is under 17
    assert st.cards_in("discard")[3:] == ["10♥", "5♣"] and shoe_top(st, 1) == ["9♦"]
    assert said(st)[2:4] == ["the dealer's turn", "the dealer stands on 15"]
    assert st.prompt == BET
    assert_invariants(st)


def test_a_bust_hand_is_taken_before_the_next_player_plays():
    st = deal(players=2, shoe=["10♠", "9♠", "10♥", "6♠", "9♣", "7♣", "K♦", "2♦"])
    play(st, "bet(amount=2)", "bet(amount=3)", "hit")
    assert st.current_player == P2 and st.prompt == HIT_OR_STAND
    assert st.cards_in("hand", P1) == [] and st.cards_in("discard") == ["10♠", "6♠", "K♦"]
    assert chips(st, P1) == 18 and st.counter("stake", P1) == 0
    assert_invariants(st)
    # the dealer plays against player 2 only: 17 stands against 18
    play(st, "stand")
    assert said(st)[2:5] == ["the dealer's turn", "the dealer stands on 17", "player 2 wins 3"]
    assert chips(st, P1) == 18 and chips(st, P2) == 23


def test_a_player_at_21_stands_without_being_asked():
    st = deal(players=2, shoe=["10♠", "9♠", "10♥", "5♠", "9♣", "7♣", "6♦", "2♦"])
    play(st, "bet(amount=2)", "bet(amount=2)", "hit")
    # player 1: 10 + 5 + 6 = 21, the turn passes to player 2 at once
    assert st.cards_in("hand", P1) == ["10♠", "5♠", "6♦"]
    assert st.current_player == P2 and st.prompt == HIT_OR_STAND


# ---- naturals -----------------------------------------------------------------------------


def test_a_natural_pays_3_to_2_rounded_down():
    st = deal(shoe=["A♠", "10♥", "K♠", "7♣"])
    play(st, "bet(amount=5)")
    # a natural: nothing to decide; the dealer's 17 does not matter
    assert said(st)[1:5] == ["player 1 has a natural", "the dealer's turn",
                             "the dealer stands on 17", "player 1's natural wins 7"]
    # 5 back and 7 (7.5 rounded down) won
    assert chips(st) == 27
    assert st.prompt == BET


def test_a_natural_against_the_dealers_natural_is_a_push():
    st = deal(shoe=["A♠", "A♥", "K♠", "Q♣"])
    play(st, "bet(amount=5)")
    assert said(st)[3:5] == ["the dealer stands on 21", "player 1 pushes and takes back 5"]
    assert chips(st) == 20


def test_the_dealers_natural_beats_a_three_card_21():
    st = deal(shoe=["7♠", "A♥", "4♠", "K♣", "10♦"])
    play(st, "bet(amount=5)", "hit")
    assert st.cards_in("discard")[:3] == ["7♠", "4♠", "10♦"]
    assert said(st)[2:4] == ["the dealer stands on 21", "player 1 loses 5 to the dealer's natural"]
    assert chips(st) == 15


# ---- hands, the shoe, the end ---------------------------------------------------------------


def test_the_next_hand_is_dealt_on_from_the_shoe():
    st = deal(shoe=["10♠", "10♥", "8♠", "7♣", "9♠", "2♥", "9♥", "Q♦"])
    play(st, "bet(amount=1)", "stand")
    assert chips(st) == 21
    play(st, "bet(amount=1)")
    assert st.cards_in("hand", P1) == ["9♠", "9♥"] and st.cards_in("dealer") == ["2♥", "Q♦"]
    assert st.cards_in("discard") == ["10♠", "8♠", "10♥", "7♣"]


def test_when_the_shoe_runs_out_the_discard_tray_is_shuffled_into_a_new_shoe():
    st = deal(shoe=["2♠", "10♥", "3♠", "7♣"])
    g = st.game
    # scripted: every other card of the shoe goes to the discard tray
    for c in st.cards_in("shoe")[:-4]:
        move_card(st, g.card_index[c], g.zone_inst("discard").index)
    refresh(st)
    tray = st.cards_in("discard")
    assert len(tray) == 48
    play(st, "bet(amount=1)")
    # the shoe held the 4 cards of the deal only; a hit finds it empty: the tray is
    # shuffled into a new shoe, and the hit (on 5: it cannot bust) comes from there
    play(st, "hit")
    assert st.cards_in("discard") == []
    assert len(st.cards_in("shoe")) == 47
    hit = st.cards_in("hand", P1)[2]
    assert hit in tray
    for c in st.cards_in("shoe"):
        assert not st.is_face_up(c) and not st.knows(P1, c)
    assert_invariants(st)


def test_a_player_with_no_chips_left_is_out():
    st = deal(players=2, shoe=["10♠", "10♣", "10♥", "6♠", "9♣", "9♥", "J♦", "J♥", "5♦", "A♣", "Q♣", "K♠"])
    set_number(st, "chips", 4, owner=P1)
    play(st, "bet(amount=4)", "bet(amount=2)", "stand", "stand")
    # the dealer's 19 beats player 1's 16 and player 2's 19 pushes
    assert said(st)[3:6] == ["player 1 loses 4", "player 2 pushes and takes back 2",
                             "player 1 has no chips left and leaves the table"]
    assert chips(st, P1) == 0 and chips(st, P2) == 20
    # the next hand: player 1 neither bets nor gets cards
    assert st.current_player == P2 and st.prompt == BET
    play(st, "bet(amount=1)")
    assert st.cards_in("hand", P1) == []
    assert st.cards_in("hand", P2) == ["J♦", "5♦"] and st.cards_in("dealer") == ["J♥", "A♣"]
    assert st.current_player == P2 and st.prompt == HIT_OR_STAND
    assert_invariants(st)


def test_when_every_player_is_broke_nobody_wins():
    st = deal(shoe=["10♠", "10♥", "6♠", "9♣"])
    set_number(st, "chips", 3, owner=P1)
    play(st, "bet(amount=3)", "stand")
    assert st.is_over and st.result.ending == "all_broke" and st.result.winners == ()


@pytest.mark.parametrize("bet, hit, winners", [(5, False, (P1,)), (5, True, ())])
def test_after_the_last_hand_the_players_ahead_win(bet, hit, winners):
    st = deal(players=2, shoe=["10♠", "10♣", "10♥", "9♠", "8♣", "8♥", "5♦"], hands=1)
    play(st, f"bet(amount={bet})", "bet(amount=3)")
    play(st, "hit" if hit else "stand", "stand")
    # player 1 (19, or 24: bust) against the dealer's 18; player 2's 18 pushes: not ahead
    assert st.is_over and st.result.ending == "last_hand"
    assert st.result.winners == winners
    assert chips(st, P1) == (15 if hit else 25) and chips(st, P2) == 20
