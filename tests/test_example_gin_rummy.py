"""Gin Rummy (examples/gin_rummy.rules): scripted tests of its distinctive rules.

Each test deals a game from seed 0, stacks both hands, the upcard and the top of the
stock with `arrange` (the LAST name given is the TOP card), plays a fixed list of actions
by their printed forms and asserts the exact state: the hands, the knocker's melds, the
scores and payoffs, the menus. Seats are 0-based: seat 0 is "player 1", the non-dealer,
who plays first.
"""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

import ruleforge
from ruleforge.runtime.engine import move_card
from ruleforge.testing import arrange, play, refresh

RULES = Path(__file__).resolve().parent.parent / "examples" / "gin_rummy.rules"
P1, P2 = 0, 1

# Player 1's three melds: a run of clubs, a set of sevens, a run of spades.
MELDS = ["A♣", "2♣", "3♣", "7♦", "7♥", "7♠", "9♠", "10♠", "J♠"]
LAY = ["lay_meld(m=[A♣, 2♣, 3♣])", "lay_meld(m=[7♦, 7♥, 7♠])"]


@functools.cache
def game(**params):
    return ruleforge.load(RULES, **params)


def deal(p1, p2, upcard="5♥", stock=(), **params):
    """A new game (seed 0): the two hands of ten, the upcard alone on the discard pile,
    `stock` the top cards of the stock, top card first."""
    st = game(**params).new(0, record=True)
    assert st.current_player == P1 and legal(st) == ["draw", "take_discard"]
    arrange(st, "hand", p1, owner=P1)
    arrange(st, "hand", p2, owner=P2)
    arrange(st, "discards", [upcard])
    arrange(st, "stock", list(reversed(stock)))
    assert sorted(st.cards_in("hand", P1)) == sorted(p1) and sorted(st.cards_in("hand", P2)) == sorted(p2)
    assert st.cards_in("discards") == [upcard]
    assert list(reversed(st.cards_in("stock")))[:len(stock)] == list(stock)
    return st


def legal(st) -> list[str]:
    return [str(a) for a in st.legal_actions()]


def in_card_order(st, cards) -> list[str]:
    """Menus list cards in card order: clubs, diamonds, hearts, spades, each ace to king."""
    return sorted(cards, key=st.game.card_index.__getitem__)


def melds(st) -> list[list[str]]:
    return [st.cards_in("spread", slot=k) for k in (1, 2, 3)]


def deadwood(st, cards) -> int:
    return st.definition("deadwood", list(cards))


def assert_invariants(st):
    assert st.game.check_invariants(st) == []


# ---- melds and deadwood -----------------------------------------------------------------


@pytest.mark.parametrize("cards, value", [
    (["A♣", "2♣", "3♣"], 0),                          # a run, the ace low
    (["Q♣", "K♣", "A♣"], 21),                         # never round the corner: Q-K-A is no run
    (["7♦", "7♥", "7♠", "7♣"], 0),                    # a set of four
    (["7♦", "7♥"], 14),                               # two cards are no meld
    (["4♥", "5♥", "7♥", "8♥"], 24),                   # a gap is no run
    (["6♣", "7♦", "8♣"], 21),                         # a run is of one suit
    (["3♦", "4♦", "5♦", "5♣", "5♠"], 7),              # the 5♦ in the set leaves 3 + 4, in the run 5 + 5
    (["3♦", "4♦", "5♦", "6♦", "6♣", "6♠"], 0),        # the run 3-4-5♦ and the set of sixes
    (["J♠", "Q♠", "K♠", "9♥", "A♥"], 10),             # court cards count 10, an ace 1
])
def test_deadwood_is_the_least_left_outside_melds(cards, value):
    assert deadwood(game().new(0), cards) == value


# ---- a turn ----------------------------------------------------------------------------------


def test_a_turn_is_a_draw_then_a_discard():
    st = deal(["A♣", "2♣", "3♣", "7♦", "7♥", "7♠", "9♠", "10♠", "K♦", "K♥"],
              ["2♦", "3♦", "4♦", "7♣", "5♠", "6♥", "8♣", "9♦", "Q♣", "K♣"], upcard="5♥", stock=["8♥", "2♠"])
    play(st, "draw")
    assert st.cards_in("hand", P1)[-1] == "8♥" and st.knows(P1, "8♥") and not st.knows(P2, "8♥")
    # deadwood 9 + 10 + 10 + 10 + 8: no knock
    assert legal(st) == [f"discard(card={c})" for c in in_card_order(st, st.cards_in("hand", P1))]
    play(st, "discard(card=K♥)")
    assert st.cards_in("discards") == ["5♥", "K♥"] and st.is_face_up("K♥")
    assert st.current_player == P2 and legal(st) == ["draw", "take_discard"]
    assert_invariants(st)


def test_the_card_taken_from_the_discard_pile_cannot_be_discarded_that_turn():
    st = deal(MELDS + ["4♥"], ["2♦", "3♦", "4♦", "7♣", "5♠", "6♥", "8♣", "9♦", "Q♣", "K♣"],
              upcard="5♥", stock=["K♦", "8♥"])
    play(st, "take_discard")
    assert st.cards_in("discards") == [] and st.cards_in("hand", P1)[-1] == "5♥"
    # every card of the hand may be discarded but the 5♥ just taken
    assert "discard(card=5♥)" not in legal(st)
    assert legal(st) == [f"discard(card={c})" for c in in_card_order(st, MELDS + ["4♥"])] + ["knock"]
    # knocking too: the 4♥ may go (the 5♥ is left, 5); the 5♥ would leave 4, but it was
    # just taken
    play(st, "knock")
    assert st.prompt == "to discard, knocking" and legal(st) == ["4♥"]
    # on a later turn the card may be discarded like any other
    st = deal(MELDS + ["4♥"], ["2♦", "3♦", "4♦", "7♣", "5♠", "6♥", "8♣", "9♦", "Q♣", "K♣"],
              upcard="5♥", stock=["K♦", "8♥"])
    play(st, "take_discard", "discard(card=4♥)", "draw", "discard(card=K♦)", "draw")
    assert st.current_player == P1 and "discard(card=5♥)" in legal(st)
    assert_invariants(st)


# ---- gin, a knock, an undercut -----------------------------------------------------------------


def test_gin_scores_25_and_the_defenders_deadwood_with_no_layoffs():
    # player 2: a run of diamonds, and deadwood 7 + 5 + 6 + 8 + 9 + 10 + 10 = 55 (the 7♣
    # would fit player 1's sevens, but nothing is laid off on gin)
    p2 = ["2♦", "3♦", "4♦", "7♣", "5♠", "6♥", "8♣", "9♦", "Q♣", "K♣"]
    st = deal(MELDS + ["K♥"], p2, stock=["Q♠"])
    play(st, "draw", "knock")
    # the discards that leave 10 or less: the K♥ (0 left), the 9♠ (10-J-Q♠ and the K♥,
    # 10) or the Q♠ (the K♥, 10)
    assert legal(st) == ["K♥", "9♠", "Q♠"]
    play(st, "K♥")
    assert st.cards_in("discards") == ["5♥", "K♥"]
    # the knocker lays down melds that keep the deadwood within 10: 9-10-J♠ would leave
    # the Q♠ (10), 10-J-Q♠ the 9♠ (9), the others nothing
    assert legal(st) == LAY + ["lay_meld(m=[9♠, 10♠, J♠])", "lay_meld(m=[9♠, 10♠, J♠, Q♠])",
                               "lay_meld(m=[10♠, J♠, Q♠])"]
    play(st, *LAY, "lay_meld(m=[9♠, 10♠, J♠, Q♠])")
    assert melds(st) == [["A♣", "2♣", "3♣"], ["7♦", "7♥", "7♠"], ["9♠", "10♠", "J♠", "Q♠"]]
    assert st.cards_in("hand", P1) == [] and sorted(st.cards_in("hand", P2)) == sorted(p2)
    assert st.is_over and st.result.ending == "gin"
    assert st.counter("score", P1) == 80 and st.counter("score", P2) == 0
    assert st.result.winners == (P1,) and st.result.payoffs == (80, -80)
    assert all(st.is_face_up(c) for c in p2)
    assert_invariants(st)


def test_the_knocker_may_keep_a_card_of_a_meld_as_deadwood():
    """9-10-J♠ laid down, the Q♠ kept: a knock with 10, not gin."""
    p2 = ["2♦", "3♦", "4♦", "7♣", "5♠", "6♥", "8♣", "9♦", "Q♣", "K♣"]
    st = deal(MELDS + ["K♥"], p2, stock=["Q♠"])
    play(st, "draw", "knock", "K♥", "lay_meld(m=[9♠, 10♠, J♠])", *LAY)
    assert st.cards_in("hand", P1) == ["Q♠"]
    # the defender lays off on the knocker's melds: the 7♣ on the sevens, the Q♠ taken
    assert st.current_player == P2 and st.prompt == "to lay off" and legal(st) == ["done", "7♣"]
    play(st, "7♣", "3")
    assert melds(st)[2] == ["7♦", "7♥", "7♠", "7♣"]
    # 55 - 7 = 48 against 10
    assert st.result.ending == "knocked" and st.result.payoffs == (38, -38)


def test_a_knock_scores_the_difference_after_layoffs():
    # player 1 knocks with the 3♥ (3); player 2 lays off 4♣ and then 5♣ on A-2-3♣, the
    # 7♣ on the sevens and the Q♠ on 9-10-J♠, keeps 2-3-4♦ and has 8 + 9 + 10 = 27 left
    p2 = ["4♣", "5♣", "7♣", "Q♠", "2♦", "3♦", "4♦", "8♥", "9♥", "K♣"]
    st = deal(MELDS + ["K♦"], p2, stock=["3♥"])
    play(st, "draw", "knock")
    # the K♦ (3 left) or the 3♥ (10 left)
    assert legal(st) == ["K♦", "3♥"]
    play(st, "K♦", "lay_meld(m=[9♠, 10♠, J♠])", *LAY)
    assert melds(st) == [["9♠", "10♠", "J♠"], ["A♣", "2♣", "3♣"], ["7♦", "7♥", "7♠"]]
    assert st.cards_in("hand", P1) == ["3♥"] and not st.is_over
    # the 5♣ fits only once the 4♣ is down
    assert st.current_player == P2 and legal(st) == ["done", "4♣", "7♣", "Q♠"]
    play(st, "4♣")
    assert st.prompt == "the meld to lay it off on" and legal(st) == ["2"]
    play(st, "2")
    assert legal(st) == ["done", "5♣", "7♣", "Q♠"]
    # once nothing more fits, player 2 is not asked again
    play(st, "5♣", "2", "7♣", "3", "Q♠", "1")
    assert melds(st) == [["9♠", "10♠", "J♠", "Q♠"], ["A♣", "2♣", "3♣", "4♣", "5♣"], ["7♦", "7♥", "7♠", "7♣"]]
    assert sorted(st.cards_in("hand", P2)) == sorted(["2♦", "3♦", "4♦", "8♥", "9♥", "K♣"])
    assert st.is_over and st.result.ending == "knocked"
    assert st.counter("score", P1) == 24 and st.counter("score", P2) == 0
    assert st.result.winners == (P1,) and st.result.payoffs == (24, -24)
    assert_invariants(st)


def test_an_undercut_gives_the_defender_the_difference_and_25():
    # player 1 knocks with the 8♥ (8); player 2 lays off the 4♣, and has no deadwood left
    p2 = ["4♣", "2♦", "3♦", "4♦", "6♥", "6♣", "6♠", "J♥", "Q♥", "K♥"]
    st = deal(MELDS + ["8♥"], p2, stock=["K♦"])
    play(st, "draw", "knock", "K♦", *LAY, "lay_meld(m=[9♠, 10♠, J♠])")
    assert st.cards_in("hand", P1) == ["8♥"]
    assert legal(st) == ["done", "4♣"]
    play(st, "4♣", "1")
    assert melds(st)[0] == ["A♣", "2♣", "3♣", "4♣"]
    assert st.is_over and st.result.ending == "undercut"
    # 8 - 0 + 25
    assert st.counter("score", P2) == 33 and st.counter("score", P1) == 0
    assert st.result.winners == (P2,) and st.result.payoffs == (-33, 33)
    assert_invariants(st)


def test_equal_deadwood_is_an_undercut():
    p2 = ["2♦", "3♦", "4♦", "6♥", "6♣", "6♠", "J♥", "Q♥", "K♥", "8♣"]
    st = deal(MELDS + ["8♥"], p2, stock=["K♦"])
    # nothing to lay off: 8 against 8
    play(st, "draw", "knock", "K♦", *LAY, "lay_meld(m=[9♠, 10♠, J♠])")
    assert st.result.ending == "undercut" and st.result.payoffs == (-25, 25)


# ---- the stock runs down ---------------------------------------------------------------------


def run_the_stock_down(st, left: int) -> None:
    """Scripted position: all but the top `left` cards of the stock go under the upcard."""
    g = st.game
    up = st.cards_in("discards")[-1]
    for card in st.cards_in("stock")[:-left] + [up]:
        move_card(st, g.card_index[card], g.zone_inst("discards").index)
    refresh(st)


def test_the_hand_is_dead_when_the_stock_is_down_to_two_cards():
    st = deal(MELDS + ["K♥"], ["2♦", "3♦", "4♦", "7♣", "5♠", "6♥", "8♣", "9♦", "Q♣", "K♣"],
              stock=["8♥", "2♥", "A♦", "Q♦"])
    run_the_stock_down(st, 4)
    assert list(reversed(st.cards_in("stock"))) == ["8♥", "2♥", "A♦", "Q♦"]
    play(st, "draw", "discard(card=K♥)")
    # three left: the hand goes on; player 2 takes the K♥ and the stock stays at three
    assert not st.is_over and len(st.cards_in("stock")) == 3
    play(st, "take_discard", "discard(card=K♣)", "draw")
    # two left after player 1's draw: still a knock may end it, but player 1 discards
    assert len(st.cards_in("stock")) == 2
    play(st, "discard(card=2♥)")
    assert st.is_over and st.result.ending == "dead_hand"
    assert st.result.winners == () and st.result.payoffs == (0, 0)
    assert st.counter("score", P1) == 0 and st.counter("score", P2) == 0
    assert_invariants(st)


def test_a_hand_where_both_players_keep_taking_the_discard_is_dead_after_turn_limit_turns():
    # `check --deep` found it: take the discard, discard another card, forever; the
    # stock never runs down, so without the limit the hand never ended.
    st = deal(MELDS + ["K♥"], ["2♦", "3♦", "4♦", "7♣", "5♠", "6♥", "8♣", "9♦", "Q♣", "K♣"], turn_limit=20)
    stock = st.cards_in("stock")
    for turn in range(20):
        assert not st.is_over and st.counter("turns_played") == turn
        taken = st.cards_in("discards")[-1]
        play(st, "take_discard")
        # the first card of the menu that is not the card just taken (which may not go back)
        out = next(a for a in legal(st) if a.startswith("discard(") and taken not in a)
        play(st, out)
    assert st.is_over and st.result.ending == "long_hand"
    assert st.result.winners == () and st.result.payoffs == (0, 0)
    assert st.cards_in("stock") == stock and st.decisions == 40
    assert_invariants(st)


def test_the_player_who_draws_the_stock_down_may_still_knock():
    st = deal(MELDS + ["K♥"], ["2♦", "3♦", "4♦", "7♣", "5♠", "6♥", "8♣", "9♦", "Q♣", "K♣"],
              stock=["2♥", "A♦", "Q♦"])
    run_the_stock_down(st, 3)
    play(st, "draw")
    assert len(st.cards_in("stock")) == 2 and legal(st)[-1] == "knock"
    play(st, "knock", "K♥", *LAY, "lay_meld(m=[9♠, 10♠, J♠])", "7♣", "2")
    assert st.result.ending == "knocked"
    # 2 against 5 + 6 + 8 + 9 + 10 + 10 = 48
    assert st.result.payoffs == (46, -46)


# ---- the bots' heuristic ------------------------------------------------------------------------


def heuristic(st, seat) -> int:
    return st.game.heuristic(st, seat)


def test_a_hand_of_eleven_is_judged_by_what_its_best_discard_leaves():
    # Judged as eleven cards, a drawn card always added its points to the deadwood and a
    # knock looked worse than a discard; judged after the best discard, neither does.
    st = deal(MELDS + ["K♥"], ["2♦", "3♦", "4♦", "7♣", "5♠", "6♥", "8♣", "9♦", "Q♣", "K♣"],
              upcard="5♥", stock=["4♥", "8♥"])
    # ten cards: their deadwood (player 2's 2♦ 3♦ 4♦ are a run)
    assert heuristic(st, P1) == -10 and heuristic(st, P2) == -(7 + 5 + 6 + 8 + 9 + 10 + 10)
    play(st, "draw")
    # K♥ 4♥ outside the melds: the K♥ goes, the 4♥ is left (not 14 for eleven cards)
    assert heuristic(st, P1) == -4 and deadwood(st, st.cards_in("hand", P1)) == 14
    play(st, "knock")
    assert st.prompt == "to discard, knocking" and heuristic(st, P1) == -4
    play(st, "K♥")
    assert heuristic(st, P1) == -4


def test_greedy_bots_end_a_hand_that_once_ran_to_the_decision_cap():
    # Seed 8238979999119454614 with greedy bots took the top discard back and forth
    # (2♣, 2♥, 3♦ in turn) until the 10,000-decision cap, with the eleven-card judgement.
    from ruleforge.drivers.agents import GreedyAgent
    from ruleforge.drivers.play import play_game
    st = play_game(game(), 8238979999119454614, [GreedyAgent(), GreedyAgent()])
    assert st.result.ending == "knocked" and st.result.winners == (1,) and st.result.payoffs == (-20, 20)
    assert st.decisions == 28  # six rounds
