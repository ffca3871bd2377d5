"""Heads-up Texas Hold'em (examples/holdem.rules): scripted tests of its distinctive rules.

Each test deals a hand from seed 0, stacks the hole cards and the top of the deck with
`arrange`, plays fold, check, call and raise by their printed forms, and asserts the exact
state: chips, bets and pot, the board, whose turn it is, the menu, the result and the
payoffs. Seat 0 is the button (it posts the small blind and acts first before the flop),
seat 1 the big blind.

The deck is stacked as it is dealt after the hole cards: a burned card and the flop,
a burned card and the turn, a burned card and the river. `deal(board=...)` takes the
five board cards and fills in three burned cards nobody else uses.

The hand ranking is tested through its definition `best_hand` (a list: the category, 9
for a straight flush down to 1 for a high card, then the ranks in the order they are
compared, an ace 14) against a table of known hands, each shown down after both players
check to the river.
"""

from __future__ import annotations

import functools
import itertools
from pathlib import Path

import pytest

import ruleforge
import random

from ruleforge.lang.cards import RANKS, SUIT_SIGNS
from ruleforge.testing import arrange, play

RULES = Path(__file__).resolve().parent.parent / "examples" / "holdem.rules"
BUTTON, BLIND = 0, 1
CHECK_DOWN = ["call", "check"] + ["check"] * 6   # the button completes; each round checked


@functools.cache
def _game(params: tuple):
    return ruleforge.load(RULES, **dict(params))


def game(**params):
    return _game(tuple(sorted(params.items())))


def deal(button=("2♣", "7♦"), blind=("3♣", "8♦"), board=("J♠", "9♥", "4♣", "K♦", "5♠"), **params):
    """A new hand (seed 0) with these hole cards and this board, the burned cards chosen
    among the cards nobody holds."""
    st = game(**params).new(0, record=True)
    used = set(button) | set(blind) | set(board)
    burns = [c for c in NAMES if c not in used][:3]
    flop, turn, river = list(board[:3]), board[3], board[4]
    order = [burns[0]] + flop + [burns[1], turn, burns[2], river]   # top card first
    arrange(st, "hand", button, owner=BUTTON)
    arrange(st, "hand", blind, owner=BLIND)
    arrange(st, "deck", list(reversed(order)))
    return st


NAMES = [r + sign for sign in SUIT_SIGNS.values() for r in RANKS]


def legal(st) -> list[str]:
    return sorted(str(a) for a in st.legal_actions())


def chips(st) -> tuple:
    return st.counter("chips", BUTTON), st.counter("chips", BLIND)


def bets(st) -> tuple:
    return st.counter("bet", BUTTON), st.counter("bet", BLIND)


def assert_sound(st):
    assert st.game.check_invariants(st) == []


# ---- blinds, the deal and the order of play ------------------------------------------------


def test_the_blinds_are_posted_and_the_button_acts_first():
    st = deal()
    assert chips(st) == (39, 38) and bets(st) == (1, 2) and st.counter("pot") == 0
    assert st.cards_in("hand", BUTTON) == ["2♣", "7♦"] and st.cards_in("hand", BLIND) == ["3♣", "8♦"]
    assert st.cards_in("board") == []
    assert st.current_player == BUTTON
    # facing the big blind: fold, call (1 more) or raise (to 4)
    assert legal(st) == ["call", "fold", "raise"]
    # nobody sees the other's hole cards
    assert not st.knows(BLIND, "2♣") and st.knows(BUTTON, "2♣")
    assert_sound(st)


def test_the_big_blind_has_the_option_then_the_flop_and_the_big_blind_acts_first():
    st = deal()
    play(st, "call")
    # the bets are equal, but the big blind has not acted: check or raise
    assert bets(st) == (2, 2) and st.current_player == BLIND
    assert legal(st) == ["check", "raise"]
    play(st, "check")
    # the round is over: the bets go into the pot, a card is burned and the flop dealt
    assert st.counter("pot") == 4 and bets(st) == (0, 0) and chips(st) == (38, 38)
    assert st.cards_in("board") == ["J♠", "9♥", "4♣"] and len(st.cards_in("burned")) == 1
    assert all(st.is_face_up(c) for c in ["J♠", "9♥", "4♣"])
    assert st.counter("street") == 2
    # after the flop the big blind acts first, with nothing to call: no fold
    assert st.current_player == BLIND and legal(st) == ["check", "raise"]
    assert_sound(st)


def test_bets_are_one_bet_of_the_rounds_size_and_a_round_holds_at_most_four():
    st = deal()
    # before the flop a bet is the big blind: the button raises to 4, the blind to 6
    play(st, "raise")
    assert bets(st) == (4, 2) and chips(st) == (36, 38)
    play(st, "raise")
    assert bets(st) == (4, 6)
    play(st, "raise")
    # the big blind, two raises and this one: the fourth bet of the round, the last
    assert bets(st) == (8, 6) and st.counter("raises") == 4
    assert legal(st) == ["call", "fold"]
    play(st, "call")
    assert st.counter("pot") == 16 and chips(st) == (32, 32)
    # the flop: a bet is still 2; the turn and the river: 4
    play(st, "raise", "call")
    assert st.counter("pot") == 20 and st.counter("street") == 3
    play(st, "raise")
    assert bets(st) == (0, 4)
    play(st, "raise")
    assert bets(st) == (8, 4)
    play(st, "call")
    assert st.counter("pot") == 36 and st.counter("street") == 4 and len(st.cards_in("board")) == 5
    assert_sound(st)


# ---- the fold ending -------------------------------------------------------------------------


def test_a_fold_gives_the_pot_to_the_other_player_and_shows_no_card():
    st = deal()
    play(st, "raise", "fold")
    assert st.is_over and st.result.ending == "folds" and st.result.winners == (BUTTON,)
    # the button wins the big blind's 2 (its own 4 come back)
    assert chips(st) == (42, 38) and st.counter("pot") == 0 and bets(st) == (0, 0)
    assert st.result.payoffs == (2, -2)
    assert not any(st.is_face_up(c) for c in st.cards_in("hand", BUTTON) + st.cards_in("hand", BLIND))
    assert_sound(st)


def test_a_fold_on_the_turn_loses_what_was_put_in():
    st = deal()
    play(st, "call", "check", "raise", "call", "check", "raise", "raise", "fold")
    # 2 each before the flop, 2 each on the flop; on the turn the blind checks, the button
    # bets 4, the blind raises to 8 and the button folds: it loses 2 + 2 + 4
    assert st.result.ending == "folds" and st.result.winners == (BLIND,)
    assert st.result.payoffs == (-8, 8) and sum(st.result.payoffs) == 0
    assert chips(st) == (32, 48) and st.counter("street") == 3 and len(st.cards_in("board")) == 4


# ---- the all-in, and the part of a bet nobody can call ----------------------------------------


def test_a_short_stack_goes_all_in_and_the_uncalled_part_comes_back():
    st = deal(button=("A♠", "A♦"), blind=("K♣", "Q♣"), blind_chips=5)
    assert chips(st) == (39, 3)
    play(st, "raise", "raise")
    # the blind reraises: it owes 2 and raises 2, more than its 3 chips: all in for 3
    assert bets(st) == (4, 5) and chips(st) == (36, 0)
    # nobody raises a player who is all in
    assert legal(st) == ["call", "fold"]
    play(st, "call")
    # both bets are 5; the board is dealt to the end and the hands shown: aces win
    assert st.is_over and st.result.ending == "showdown" and st.result.winners == (BUTTON,)
    assert st.cards_in("board") == ["J♠", "9♥", "4♣", "K♦", "5♠"]
    assert chips(st) == (45, 0) and st.result.payoffs == (5, -5)
    assert all(st.is_face_up(c) for c in ["A♠", "A♦", "K♣", "Q♣"])
    assert_sound(st)


def test_a_bet_the_all_in_player_cannot_cover_is_partly_returned():
    st = deal(button=("A♠", "A♦"), blind=("K♣", "Q♣"), button_chips=4)
    # the button has 3 chips after the small blind: it calls, the blind raises to 4
    play(st, "call", "raise")
    assert bets(st) == (2, 4) and chips(st) == (2, 36)
    play(st, "call")
    # the button calls all in with its 2 chips: the blind's bet is covered
    assert st.is_over and st.result.winners == (BUTTON,) and st.result.payoffs == (4, -4)
    st = deal(button=("A♠", "A♦"), blind=("K♣", "Q♣"), button_chips=3)
    play(st, "call")
    assert chips(st) == (1, 38)
    play(st, "raise")
    # the blind raises to 4; the button can add only 1: all in for 3 in all
    assert legal(st) == ["call", "fold"]
    play(st, "call")
    # the blind's 1 chip the button could not call came back to it before the showdown:
    # the pot was 3 and 3, and the blind lost 3, not 4
    assert st.result.winners == (BUTTON,) and bets(st) == (0, 0) and st.counter("pot") == 0
    assert chips(st) == (6, 37) and st.result.payoffs == (3, -3)
    assert_sound(st)


def test_an_all_in_big_blind_lets_the_button_only_call_or_fold():
    st = deal(button=("2♣", "7♦"), blind=("A♠", "A♦"), blind_chips=2)
    assert chips(st) == (39, 0) and bets(st) == (1, 2)
    assert legal(st) == ["call", "fold"]
    play(st, "call")
    assert st.is_over and st.result.winners == (BLIND,) and st.result.payoffs == (-2, 2)


# ---- the showdown and split pots --------------------------------------------------------------


def test_a_checked_down_hand_goes_to_the_best_hand():
    st = deal(button=("A♠", "Q♦"), blind=("K♣", "Q♣"))
    play(st, *CHECK_DOWN)
    # the button has ace high, the blind a pair of kings
    assert st.result.ending == "showdown" and st.result.winners == (BLIND,)
    assert chips(st) == (38, 42) and st.result.payoffs == (-2, 2)


def test_a_board_that_plays_for_both_splits_the_pot_exactly():
    # the board is a straight, 10 to ace: no hole card betters it
    st = deal(button=("2♣", "3♦"), blind=("4♣", "2♦"), board=("A♠", "K♥", "Q♣", "J♦", "10♠"))
    play(st, "raise", "call", "raise", "call", "raise", "call", "check", "check")
    assert st.result.ending == "showdown" and st.result.winners == (BUTTON, BLIND)
    # 4 + 2 + 4 = 10 each: the pot of 20 is split 10 and 10, and nobody wins or loses
    assert chips(st) == (40, 40) and st.counter("pot") == 0
    assert st.result.payoffs == (0, 0)
    assert_sound(st)


def test_payoffs_sum_to_zero_in_random_hands():
    g = game(blind_chips=9)
    rng = random.Random(7)
    endings = set()
    for seed in range(200):
        st = g.new(seed)
        while not st.is_over:
            st.apply(rng.choice(st.legal_actions()))
        assert sum(st.result.payoffs) == 0
        assert sum(chips(st)) == 49
        endings.add(st.result.ending)
    assert endings == {"folds", "showdown"}


# ---- the hand ranking: the best five of seven ------------------------------------------------

# (button's cards, blind's cards, board, button's hand, blind's hand, winners)
HANDS = [
    # a straight flush beats four of a kind
    (("9♥", "8♥"), ("Q♣", "Q♦"), ("7♥", "6♥", "5♥", "Q♠", "Q♥"),
     [9, 9], [8, 12, 7], (BUTTON,)),
    # the wheel, 5-4-3-2-A, is the lowest straight flush
    (("A♦", "2♦"), ("K♣", "K♠"), ("3♦", "4♦", "5♦", "K♦", "K♥"),
     [9, 5], [8, 13, 5], (BUTTON,)),
    # four of a kind, the kicker from the board
    (("9♣", "9♦"), ("A♣", "K♣"), ("9♥", "9♠", "2♦", "3♥", "7♠"),
     [8, 9, 7], [2, 9, 14, 13, 7], (BUTTON,)),
    # full house against full house: the three of a kind decides, not the pair
    (("7♣", "7♦"), ("A♣", "A♦"), ("7♥", "K♠", "K♦", "A♠", "2♣"),
     [7, 7, 13], [7, 14, 13], (BLIND,)),
    # two three of a kinds: the lower plays as the pair
    (("8♣", "8♦"), ("3♣", "4♦"), ("8♥", "5♠", "5♦", "5♣", "J♠"),
     [7, 8, 5], [4, 5, 11, 8], (BUTTON,)),
    # a flush beats a straight
    (("A♥", "2♥"), ("8♠", "9♣"), ("5♥", "6♥", "7♦", "10♥", "K♣"),
     [6, 14, 10, 6, 5, 2], [5, 10], (BUTTON,)),
    # two flushes: the highest card that differs decides, here the fifth
    (("5♥", "2♣"), ("4♥", "K♣"), ("A♥", "Q♥", "9♥", "7♥", "J♣"),
     [6, 14, 12, 9, 7, 5], [6, 14, 12, 9, 7, 4], (BUTTON,)),
    # a straight: the higher top wins; the wheel is the lowest straight
    (("A♣", "2♦"), ("6♣", "7♦"), ("3♥", "4♠", "5♦", "K♣", "K♥"),
     [5, 5], [5, 7], (BLIND,)),
    # an ace-high straight, 10 to ace
    (("A♣", "10♦"), ("9♣", "8♦"), ("K♥", "Q♠", "J♦", "2♣", "3♥"),
     [5, 14], [1, 13, 12, 11, 9, 8], (BUTTON,)),
    # three of a kind with two kickers
    (("Q♣", "Q♦"), ("A♣", "J♦"), ("Q♥", "9♠", "4♦", "2♣", "7♥"),
     [4, 12, 9, 7], [1, 14, 12, 11, 9, 7], (BUTTON,)),
    # two pairs: the same pairs, the kicker decides
    (("A♣", "3♦"), ("K♣", "3♥"), ("J♥", "J♠", "8♦", "8♣", "2♥"),
     [3, 11, 8, 14], [3, 11, 8, 13], (BUTTON,)),
    # three pairs: the two highest play, and the third pair's rank can be the kicker
    (("6♣", "6♦"), ("A♣", "2♦"), ("K♥", "K♠", "Q♦", "Q♣", "3♥"),
     [3, 13, 12, 6], [3, 13, 12, 14], (BLIND,)),
    # a pair and three kickers: the 4 and the 3 are the sixth and seventh cards, which do
    # not play: a split
    (("9♣", "4♦"), ("9♦", "3♣"), ("9♥", "K♠", "Q♦", "7♣", "2♥"),
     [2, 9, 13, 12, 7], [2, 9, 13, 12, 7], (BUTTON, BLIND)),
    # a pair: the third kicker decides
    (("A♣", "8♦"), ("A♦", "6♣"), ("A♥", "K♠", "J♦", "3♣", "2♥"),
     [2, 14, 13, 11, 8], [2, 14, 13, 11, 6], (BUTTON,)),
    # high card: five cards, the two lowest of the seven do not play
    (("A♣", "3♦"), ("A♦", "2♣"), ("K♥", "Q♠", "9♦", "7♣", "5♥"),
     [1, 14, 13, 12, 9, 7], [1, 14, 13, 12, 9, 7], (BUTTON, BLIND)),
]


@pytest.mark.parametrize("button, blind, board, button_hand, blind_hand, winners", HANDS)
def test_the_hand_ranking(button, blind, board, button_hand, blind_hand, winners):
    st = deal(button=button, blind=blind, board=board)
    play(st, *CHECK_DOWN)
    assert st.cards_in("board") == list(board)
    assert list(st.definition("best_hand", BUTTON)) == button_hand
    assert list(st.definition("best_hand", BLIND)) == blind_hand
    assert st.result.ending == "showdown" and st.result.winners == winners
    split = len(winners) == 2
    assert st.result.payoffs == ((0, 0) if split else (2, -2) if winners == (BUTTON,) else (-2, 2))


@pytest.mark.parametrize("button, blind, board, button_hand, blind_hand, winners", [
    # six cards of a suit: the five highest make the flush
    (("2♥", "3♠"), ("K♥", "4♣"), ("A♥", "9♥", "7♥", "5♥", "4♥"),
     [6, 14, 9, 7, 5, 4], [6, 14, 13, 9, 7, 5], (BLIND,)),
    # six cards in sequence: the highest five make the straight
    (("8♣", "2♦"), ("3♣", "K♦"), ("4♥", "5♠", "6♦", "7♣", "J♥"),
     [5, 8], [5, 7], (BUTTON,)),
    # a straight and a flush that are not a straight flush: a flush
    (("8♥", "9♣"), ("2♣", "2♦"), ("5♥", "6♥", "7♦", "10♥", "K♥"),
     [6, 13, 10, 8, 6, 5], [2, 2, 13, 10, 7], (BUTTON,)),
    # four of a kind on the board: the kicker decides, and may tie
    (("A♣", "2♦"), ("K♣", "Q♦"), ("9♥", "9♠", "9♦", "9♣", "3♥"),
     [8, 9, 14], [8, 9, 13], (BUTTON,)),
    (("2♣", "3♦"), ("4♣", "2♦"), ("9♥", "9♠", "9♦", "9♣", "A♥"),
     [8, 9, 14], [8, 9, 14], (BUTTON, BLIND)),
    # a full house on the board plays for both
    (("2♣", "3♦"), ("4♣", "5♦"), ("Q♥", "Q♠", "Q♦", "J♣", "J♥"),
     [7, 12, 11], [7, 12, 11], (BUTTON, BLIND)),
])
def test_more_hands_of_seven_cards(button, blind, board, button_hand, blind_hand, winners):
    test_the_hand_ranking(button, blind, board, button_hand, blind_hand, winners)


def reference_rank(cards: list[str]) -> list[int]:
    """The best five of seven, by trying all 21 (a test's oracle, independent of the rules)."""
    def rank5(five):
        ranks = sorted((14 if c[:-1] == "A" else int(c[:-1]) if c[:-1].isdigit() else
                        {"J": 11, "Q": 12, "K": 13}[c[:-1]] for c in five), reverse=True)
        flush = len({c[-1] for c in five}) == 1
        distinct = sorted(set(ranks), reverse=True)
        top = None
        if len(distinct) == 5 and distinct[0] - distinct[4] == 4:
            top = distinct[0]
        elif distinct == [14, 5, 4, 3, 2]:
            top = 5
        groups = sorted(((ranks.count(r), r) for r in distinct), reverse=True)
        shape = [n for n, _ in groups]
        by_group = [r for _, r in groups]
        if top and flush:
            return [9, top]
        if shape == [4, 1]:
            return [8] + by_group
        if shape == [3, 2]:
            return [7] + by_group
        if flush:
            return [6] + ranks
        if top:
            return [5, top]
        category = {(3, 1, 1): 4, (2, 2, 1): 3, (2, 1, 1, 1): 2}.get(tuple(shape), 1)
        return [category] + by_group
    return max(rank5(five) for five in itertools.combinations(cards, 5))


def test_the_ranking_agrees_with_trying_every_five_of_seven():
    g = game()
    for seed in range(150):
        st = play(g.new(seed), *CHECK_DOWN)
        board = st.cards_in("board")
        hands = [list(st.definition("best_hand", seat)) for seat in (BUTTON, BLIND)]
        assert hands == [reference_rank(st.cards_in("hand", seat) + board) for seat in (BUTTON, BLIND)]
        best = max(hands)
        assert st.result.winners == tuple(s for s in (BUTTON, BLIND) if hands[s] == best)
