"""Courtiers (examples/courtiers.rules): scripted tests of its distinctive rules.

Every test deals a game from seed 0, stacks the hands, the deck and the card set aside
with `arrange` (for the deck, the LAST name given is the TOP card), plays a fixed list of
actions by their printed forms and asserts the exact state that results: zones, who is
out of the round, whose turn it is, the result, and who knows which card.

Seats are 0-based here: seat 0 is "player 1". `Game.new` has already run player 1's first
draw, so player 1 starts with 2 cards and everyone else with 1.
"""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

import ruleforge
from ruleforge.runtime.engine import move_card
from ruleforge.testing import arrange, play, refresh

RULES = Path(__file__).resolve().parent.parent / "examples" / "courtiers.rules"
P1, P2, P3, P4 = 0, 1, 2, 3
ACT = "take an action"
KINDS = ["baron", "countess", "handmaid", "king", "priest", "prince", "princess"]


@functools.cache
def courtiers(players: int):
    return ruleforge.load(RULES, players=players)


def deal(players=3, hands=None, deck=(), aside=None):
    """A new game: hands[seat] is that seat's whole hand (player 1's holds two cards),
    `deck` lists the top cards of the deck, bottom..top (last = top), `aside` is the card
    set aside face down."""
    st = courtiers(players).new(0)
    for seat, cards in (hands or {}).items():
        arrange(st, "hand", cards, owner=seat)
    if deck:
        arrange(st, "deck", deck)
    if aside:
        arrange(st, "aside", [aside])
    for seat, cards in (hands or {}).items():
        assert st.cards_in("hand", seat) == list(cards)
    if deck:
        assert st.cards_in("deck")[-len(deck):] == list(deck)
    if aside:
        assert st.cards_in("aside") == [aside]
    assert st.current_player == P1 and st.prompt == ACT
    assert_invariants(st)
    return st


def top_first(cards):
    """`cards` listed top card first, turned into arrange's bottom..top order."""
    return list(reversed(cards))


def legal(st) -> list[str]:
    return sorted(str(a) for a in st.legal_actions())


def knowers(st, card: str) -> list[int]:
    """The seats that know `card`."""
    return [q for q in range(st.game.nplayers) if st.knows(q, card)]


def assert_invariants(st):
    assert st.game.check_invariants(st) == []


def empty_the_deck(st):
    """A scripted position: the deck's cards are put in the (unused, with 3 or 4 players)
    face-up set-aside zone, so the deck is empty."""
    g = st.game
    for c in st.cards_in("deck"):
        move_card(st, g.card_index[c], g.zone_inst("shown").index)
    refresh(st)
    assert st.cards_in("deck") == []


# ---- setup --------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_one_card_aside_unseen_three_face_up_with_two_one_card_each(players):
    g = courtiers(players)
    for seed in range(5):
        st = g.new(seed)
        aside = st.cards_in("aside")
        assert len(aside) == 1 and not st.is_face_up(aside[0]) and knowers(st, aside[0]) == []
        shown = st.cards_in("shown")
        assert len(shown) == (3 if players == 2 else 0)
        assert all(st.is_face_up(c) for c in shown)
        for seat in range(players):
            hand = st.cards_in("hand", seat)
            assert len(hand) == (2 if seat == P1 else 1)
            for c in hand:
                assert knowers(st, c) == [seat] and not st.is_face_up(c)
        deck = st.cards_in("deck")
        assert len(deck) == 16 - 1 - len(shown) - players - 1
        assert all(knowers(st, c) == [] for c in deck)
        assert st.current_player == P1 and st.prompt == ACT
        assert_invariants(st)


# ---- Guard -------------------------------------------------------------------------------


def test_guard_right_guess_eliminates_reveals_and_discards_and_turns_skip_them():
    st = deal(3, hands={P1: ["Guard (1)", "Priest (1)"], P2: ["Baron (1)"], P3: ["Handmaid (1)"]},
              deck=top_first(["Guard (2)", "Guard (3)", "Guard (4)"]))
    assert legal(st) == ["play(card=Guard (1))", "play(card=Priest (1))"]
    play(st, "play(card=Guard (1))")
    assert st.prompt == "to question" and legal(st) == ["player 2", "player 3"]
    play(st, "player 2")
    # any card but a Guard may be named
    assert st.prompt == "to name" and legal(st) == KINDS
    play(st, "baron")
    assert st.is_eliminated(P2) and not st.is_eliminated(P1) and not st.is_eliminated(P3)
    # the hand is revealed and discarded: everyone knows the Baron
    assert st.cards_in("hand", P2) == []
    assert st.cards_in("discards", P2) == ["Baron (1)"]
    assert st.is_face_up("Baron (1)") and knowers(st, "Baron (1)") == [P1, P2, P3]
    assert st.cards_in("discards", P1) == ["Guard (1)"]
    assert st.cards_in("hand", P1) == ["Priest (1)"]
    # player 2 is skipped: player 3 draws the Guard (2), then player 1 the Guard (3)
    assert st.current_player == P3 and st.prompt == ACT and not st.is_over
    assert st.cards_in("hand", P3) == ["Handmaid (1)", "Guard (2)"]
    play(st, "play(card=Handmaid (1))")
    assert st.current_player == P1 and st.cards_in("hand", P1) == ["Priest (1)", "Guard (3)"]
    # player 2 is no longer a target
    # player 3 is protected and player 2 is out: the Priest does nothing, nobody is asked
    play(st, "play(card=Priest (1))")
    assert st.current_player == P3 and st.cards_in("hand", P3) == ["Guard (2)", "Guard (4)"]
    assert_invariants(st)


def test_guard_wrong_guess_does_nothing():
    st = deal(3, hands={P1: ["Guard (1)", "Priest (1)"], P2: ["Baron (1)"], P3: ["Handmaid (1)"]},
              deck=top_first(["Guard (2)"]))
    play(st, "play(card=Guard (1))", "player 2", "king")
    assert not st.is_eliminated(P2)
    assert st.cards_in("hand", P2) == ["Baron (1)", "Guard (2)"]
    assert st.cards_in("discards", P2) == []
    assert knowers(st, "Baron (1)") == [P2] and not st.is_face_up("Baron (1)")
    assert st.current_player == P2 and st.prompt == ACT
    assert_invariants(st)


# ---- Priest ------------------------------------------------------------------------------


def test_priest_looks_at_an_opponents_hand_nobody_else_learns_it():
    st = deal(3, hands={P1: ["Priest (1)", "Guard (1)"], P2: ["King"], P3: ["Countess"]})
    play(st, "play(card=Priest (1))")
    assert st.prompt == "whose hand to look at" and legal(st) == ["player 2", "player 3"]
    play(st, "player 2")
    assert knowers(st, "King") == [P1, P2] and not st.is_face_up("King")
    assert knowers(st, "Countess") == [P3]
    assert knowers(st, "Guard (1)") == [P1]
    assert st.cards_in("hand", P2)[0] == "King"
    assert st.current_player == P2
    assert_invariants(st)


# ---- Baron -------------------------------------------------------------------------------


def test_baron_lower_card_is_out_both_see_both_others_do_not():
    st = deal(3, hands={P1: ["Baron (1)", "King"], P2: ["Priest (1)"], P3: ["Guard (1)"]},
              deck=top_first(["Guard (2)"]))
    play(st, "play(card=Baron (1))")
    assert st.prompt == "to compare hands with" and legal(st) == ["player 2", "player 3"]
    play(st, "player 2")
    # the Priest (2) is lower than the King (6): player 2 is out, the Priest revealed
    assert st.is_eliminated(P2) and not st.is_eliminated(P1)
    assert st.cards_in("discards", P2) == ["Priest (1)"] and st.is_face_up("Priest (1)")
    assert st.cards_in("hand", P1) == ["King"]
    # the King was seen by player 2 only: player 3 still doesn't know it
    assert knowers(st, "King") == [P1, P2] and not st.is_face_up("King")
    assert st.current_player == P3
    assert_invariants(st)


def test_baron_player_with_the_lower_card_loses_even_when_it_is_the_one_who_played():
    st = deal(3, hands={P1: ["Baron (1)", "Guard (1)"], P2: ["Prince (1)"], P3: ["Guard (2)"]})
    play(st, "play(card=Baron (1))", "player 2")
    assert st.is_eliminated(P1)
    assert st.cards_in("hand", P1) == []
    assert st.cards_in("discards", P1) == ["Baron (1)", "Guard (1)"]
    assert knowers(st, "Prince (1)") == [P1, P2]
    # player 1's turn is over: player 2 plays next
    assert st.current_player == P2 and st.prompt == ACT
    assert_invariants(st)


def test_baron_tie_nobody_is_out_both_know_both_cards():
    st = deal(3, hands={P1: ["Baron (1)", "Guard (1)"], P2: ["Guard (2)"], P3: ["Guard (3)"]})
    play(st, "play(card=Baron (1))", "player 2")
    assert not st.is_eliminated(P1) and not st.is_eliminated(P2)
    assert knowers(st, "Guard (1)") == [P1, P2]
    assert knowers(st, "Guard (2)") == [P1, P2]
    assert knowers(st, "Guard (3)") == [P3]
    assert st.current_player == P2
    assert_invariants(st)


# ---- Handmaid ----------------------------------------------------------------------------


def test_handmaid_protects_until_the_next_turn_and_effects_fizzle_when_all_are_protected():
    st = deal(3, hands={P1: ["Countess", "Guard (1)"], P2: ["Baron (1)"], P3: ["Priest (1)"]},
              deck=top_first(["Handmaid (1)", "Guard (2)", "Prince (1)", "Guard (3)", "Guard (4)"]))
    play(st, "play(card=Countess)")             # player 1: no effect
    play(st, "play(card=Handmaid (1))")         # player 2 is protected
    assert st.counter("protected", P2) == 1
    # player 3's Guard cannot choose player 2
    assert st.current_player == P3
    play(st, "play(card=Guard (2))")
    assert legal(st) == ["player 1"]
    play(st, "player 1", "princess")            # wrong: player 1 holds the Guard (1)
    assert st.current_player == P1 and st.cards_in("hand", P1) == ["Guard (1)", "Prince (1)"]
    # the Prince may choose player 1 or player 3, not the protected player 2
    play(st, "play(card=Prince (1))")
    assert st.prompt == "to discard their hand" and legal(st) == ["player 1", "player 3"]
    play(st, "player 3")
    assert st.cards_in("discards", P3) == ["Guard (2)", "Priest (1)"]
    assert st.cards_in("hand", P3) == ["Guard (3)"]
    # player 2's protection ends as their turn starts
    assert st.current_player == P2 and st.counter("protected", P2) == 0
    assert st.cards_in("hand", P2) == ["Baron (1)", "Guard (4)"]
    assert_invariants(st)


def test_every_opponent_protected_the_guard_does_nothing_the_prince_chooses_yourself():
    st = deal(2, hands={P1: ["Handmaid (1)", "Guard (1)"], P2: ["Princess"]},
              deck=top_first(["Prince (1)", "Guard (2)", "Handmaid (2)", "Priest (1)"]))
    play(st, "play(card=Handmaid (1))")
    assert st.current_player == P2
    # the Prince: player 1 is protected, so player 2 must choose themself
    play(st, "play(card=Prince (1))")
    assert legal(st) == ["player 2"]
    # ... and discards the Princess: out of the round
    play(st, "player 2")
    assert st.is_over and st.is_eliminated(P2)
    assert st.result.ending == "last_standing" and st.result.winners == (P1,)


def test_guard_with_every_opponent_protected_fizzles():
    st = deal(2, hands={P1: ["Handmaid (1)", "Guard (1)"], P2: ["Baron (1)"]},
              deck=top_first(["Guard (2)", "Priest (1)"]))
    play(st, "play(card=Handmaid (1))")
    assert st.current_player == P2 and st.counter("protected", P1) == 1
    # no target is asked: the Guard does nothing and the turn passes
    play(st, "play(card=Guard (2))")
    assert st.current_player == P1 and st.prompt == ACT
    assert not st.is_eliminated(P1) and not st.is_eliminated(P2)
    assert st.cards_in("discards", P2) == ["Guard (2)"]
    assert st.cards_in("hand", P1) == ["Guard (1)", "Priest (1)"]
    assert st.counter("protected", P1) == 0
    assert_invariants(st)


# ---- Prince ------------------------------------------------------------------------------


def test_prince_on_the_princess_eliminates_without_a_new_card():
    st = deal(3, hands={P1: ["Prince (1)", "Guard (1)"], P2: ["Princess"], P3: ["Guard (2)"]},
              deck=top_first(["Guard (3)"]))
    deck_before = st.cards_in("deck")
    play(st, "play(card=Prince (1))")
    assert legal(st) == ["player 1", "player 2", "player 3"]
    play(st, "player 2")
    assert st.is_eliminated(P2)
    assert st.cards_in("hand", P2) == [] and st.cards_in("discards", P2) == ["Princess"]
    assert st.is_face_up("Princess")
    # player 2 drew nothing; player 3 draws the Guard (3) as their turn starts
    assert st.current_player == P3
    assert st.cards_in("hand", P3) == ["Guard (2)", "Guard (3)"]
    assert st.cards_in("deck") == deck_before[:-1]
    assert_invariants(st)


def test_prince_on_yourself_draws_the_top_card():
    st = deal(3, hands={P1: ["Prince (1)", "Baron (1)"], P2: ["Guard (1)"], P3: ["Guard (2)"]},
              deck=top_first(["King", "Guard (3)"]))
    play(st, "play(card=Prince (1))", "player 1")
    assert st.cards_in("discards", P1) == ["Prince (1)", "Baron (1)"]
    assert st.cards_in("hand", P1) == ["King"] and knowers(st, "King") == [P1]
    assert st.current_player == P2 and st.cards_in("hand", P2) == ["Guard (1)", "Guard (3)"]
    assert_invariants(st)


def test_prince_with_the_deck_empty_takes_the_card_set_aside_then_the_deck_out_ends_it():
    st = deal(3, hands={P1: ["Prince (1)", "Guard (1)"], P2: ["Baron (1)"], P3: ["Guard (2)"]},
              aside="Princess")
    empty_the_deck(st)
    play(st, "play(card=Prince (1))", "player 2")
    assert st.cards_in("discards", P2) == ["Baron (1)"]
    assert st.cards_in("aside") == []
    # the deck is empty at the end of the turn: the showdown; the Princess (8) wins
    assert st.is_over and st.result.ending == "showdown" and st.result.winners == (P2,)
    assert st.cards_in("hand", P2) == ["Princess"]
    assert_invariants(st)


# ---- King --------------------------------------------------------------------------------


def test_king_trades_hands_both_know_both_cards_others_neither():
    st = deal(3, hands={P1: ["King", "Priest (1)"], P2: ["Baron (1)"], P3: ["Guard (1)"]},
              deck=top_first(["Guard (2)"]))
    play(st, "play(card=King)")
    assert st.prompt == "to trade hands with" and legal(st) == ["player 2", "player 3"]
    play(st, "player 2")
    assert st.cards_in("hand", P1) == ["Baron (1)"]
    # player 2's turn has started: they drew the Guard (2)
    assert st.cards_in("hand", P2) == ["Priest (1)", "Guard (2)"]
    assert knowers(st, "Baron (1)") == [P1, P2]
    assert knowers(st, "Priest (1)") == [P1, P2]
    assert not st.is_face_up("Baron (1)") and not st.is_face_up("Priest (1)")
    assert knowers(st, "Guard (1)") == [P3]
    assert st.current_player == P2
    assert_invariants(st)


# ---- Countess ----------------------------------------------------------------------------


@pytest.mark.parametrize("other", ["King", "Prince (1)", "Prince (2)"])
def test_countess_must_be_played_with_the_king_or_a_prince(other):
    st = deal(3, hands={P1: ["Countess", other], P2: ["Guard (1)"], P3: ["Guard (2)"]})
    assert legal(st) == ["play(card=Countess)"]
    play(st, "play(card=Countess)")
    # she does nothing: the turn passes
    assert st.cards_in("discards", P1) == ["Countess"] and st.cards_in("hand", P1) == [other]
    assert st.current_player == P2 and st.prompt == ACT


def test_countess_with_other_cards_is_a_free_choice():
    st = deal(3, hands={P1: ["Countess", "Baron (1)"], P2: ["Guard (1)"], P3: ["Guard (2)"]})
    assert legal(st) == ["play(card=Baron (1))", "play(card=Countess)"]


# ---- Princess and the last player standing ------------------------------------------------


def test_playing_the_princess_puts_you_out_and_the_last_player_standing_wins():
    st = deal(2, hands={P1: ["Princess", "Guard (1)"], P2: ["Baron (1)"]}, aside="King")
    play(st, "play(card=Princess)")
    assert st.is_over and st.is_eliminated(P1)
    assert st.result.ending == "last_standing" and st.result.winners == (P2,)
    assert st.cards_in("discards", P1) == ["Princess", "Guard (1)"]
    # at the end the winner's hand and the card set aside are revealed
    assert st.is_face_up("Baron (1)") and st.is_face_up("King")
    assert_invariants(st)


def test_last_player_standing_after_two_eliminations():
    st = deal(3, hands={P1: ["Guard (1)", "Guard (2)"], P2: ["Priest (1)"], P3: ["Baron (1)"]},
              deck=top_first(["Countess", "Handmaid (1)", "Guard (3)"]))
    play(st, "play(card=Guard (1))", "player 2", "priest")
    assert st.is_eliminated(P2) and not st.is_over
    # player 3 draws the Countess and compares with player 1: the Guard (2) loses to her
    assert st.current_player == P3
    play(st, "play(card=Baron (1))")
    assert legal(st) == ["player 1"]
    play(st, "player 1")
    assert st.is_over and st.result.ending == "last_standing" and st.result.winners == (P3,)
    assert st.is_eliminated(P1) and st.is_eliminated(P2)


# ---- the deck runs out: the showdown ----------------------------------------------------


def put_discards(st, seat, cards):
    g = st.game
    for c in cards:
        move_card(st, g.card_index[c], g.zone_inst("discards", seat).index)
    refresh(st)


def test_deck_out_highest_card_in_hand_wins():
    st = deal(3, hands={P1: ["Handmaid (1)", "Guard (1)"], P2: ["Priest (1)"], P3: ["Baron (1)"]},
              aside="Princess")
    empty_the_deck(st)
    play(st, "play(card=Handmaid (1))")
    assert st.is_over and st.result.ending == "showdown" and st.result.winners == (P3,)
    # the hands and the card set aside are revealed at the end
    assert all(st.is_face_up(c) for c in ["Guard (1)", "Priest (1)", "Baron (1)", "Princess"])
    assert_invariants(st)


def test_deck_out_tie_broken_by_total_discarded_then_shared():
    st = deal(3, hands={P1: ["Handmaid (1)", "Guard (1)"], P2: ["Guard (2)"], P3: ["Guard (3)"]})
    put_discards(st, P2, ["Baron (1)"])       # 3, less than player 1's Handmaid (4)
    put_discards(st, P3, ["Prince (1)"])      # 5
    empty_the_deck(st)
    play(st, "play(card=Handmaid (1))")
    assert st.result.ending == "showdown" and st.result.winners == (P3,)

    st = deal(3, hands={P1: ["Handmaid (1)", "Guard (1)"], P2: ["Guard (2)"], P3: ["Guard (3)"]})
    put_discards(st, P2, ["Prince (2)"])      # 5
    put_discards(st, P3, ["Prince (1)"])      # 5
    empty_the_deck(st)
    play(st, "play(card=Handmaid (1))")
    assert st.result.ending == "showdown" and st.result.winners == (P2, P3)


def test_deck_out_an_eliminated_player_never_wins():
    st = deal(3, hands={P1: ["Guard (1)", "Handmaid (1)"], P2: ["Princess"], P3: ["Guard (2)"]})
    empty_the_deck(st)
    play(st, "play(card=Guard (1))", "player 2", "princess")
    assert st.is_over and st.result.ending == "showdown" and st.result.winners == (P1,)


def test_the_card_set_aside_stays_unknown_until_the_end():
    st = deal(2, hands={P1: ["Priest (1)", "Guard (1)"], P2: ["Baron (1)"]}, aside="Countess",
              deck=top_first(["Guard (2)"]))
    play(st, "play(card=Priest (1))", "player 2")
    assert knowers(st, "Countess") == [] and not st.is_face_up("Countess")
    assert_invariants(st)
