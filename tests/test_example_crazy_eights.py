"""Crazy Eights (examples/crazy_eights.rules): scripted tests of its distinctive rules.

Each test deals a game from seed 0 (player 1 can play at once, so nothing was drawn
before the first decision), stacks the starter, the hands and the stock with `arrange`
(the LAST name given is the TOP card), plays a fixed list of actions by their printed
forms and asserts the exact state: zones, counters, whose turn it is, the menu, the
result, and who knows which card. Seats are 0-based: seat 0 is "player 1".
"""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

import ruleforge
from ruleforge.runtime.engine import move_card
from ruleforge.drivers.narrate import Narrator
from ruleforge.testing import arrange, play, refresh, set_number

RULES = Path(__file__).resolve().parent.parent / "examples" / "crazy_eights.rules"
P1, P2, P3 = 0, 1, 2
SUITS = ["clubs", "diamonds", "hearts", "spades"]
SUIT_OF = {"♣": "clubs", "♦": "diamonds", "♥": "hearts", "♠": "spades"}


@functools.cache
def _game(players: int, params: tuple):
    return ruleforge.load(RULES, players=players, **dict(params))


def game(players=2, **params):
    return _game(players, tuple(sorted(params.items())))


def suit(card: str) -> str:
    return SUIT_OF[card[-1]]


def top_first(cards):
    """`cards` listed top card first, in arrange's bottom..top order."""
    return list(reversed(cards))


def deal(players=2, starter=None, hands=None, stock=(), **params):
    """A new game (seed 0): `starter` alone on the discard pile (the suit to follow is its
    suit), hands[seat] that seat's whole hand, `stock` the top cards of the stock, top
    card first."""
    st = game(players, **params).new(0, record=True)
    assert st.current_player == P1 and st.prompt == "take an action"
    if starter is not None:
        arrange(st, "discard", [starter])
        set_number(st, "declared_suit", suit(starter))
    for seat, cards in (hands or {}).items():
        assert len(cards) == len(st.cards_in("hand", seat)), "give the whole hand"
        arrange(st, "hand", cards, owner=seat)
    if stock:
        arrange(st, "stock", top_first(stock))
    if starter is not None:
        assert st.cards_in("discard") == [starter]
    for seat, cards in (hands or {}).items():
        assert sorted(st.cards_in("hand", seat)) == sorted(cards)
    assert stock_top(st, len(stock)) == list(stock)
    return st


def put(st, cards, zone: str, seat=None) -> None:
    """Move cards straight onto a zone, one by one (a scripted position), then ask the
    pending decision again."""
    g = st.game
    for card in cards:
        move_card(st, g.card_index[card], g.zone_inst(zone, seat).index)
    refresh(st)


def stock_top(st, n: int) -> list[str]:
    return list(reversed(st.cards_in("stock")))[:n]


def said(st) -> list[str]:
    """The lines the rules said (`say`), in order."""
    return [line.strip()[2:] for line in Narrator(st.game).lines(st.record) if line.strip().startswith("— ")]


def legal(st) -> list[str]:
    return sorted(str(a) for a in st.legal_actions())


def assert_invariants(st):
    assert st.game.check_invariants(st) == []


def assert_secret_hands(st, players=2):
    """Each hand is known to its owner only."""
    for seat in range(players):
        for c in st.cards_in("hand", seat):
            assert not st.is_face_up(c)
            assert [st.knows(q, c) for q in range(players)] == [q == seat for q in range(players)]


# ---- the deal ---------------------------------------------------------------------------


@pytest.mark.parametrize("players, size", [(2, 7), (3, 5), (4, 5), (5, 5)])
def test_seven_each_to_two_players_five_each_to_more(players, size):
    st = game(players).new(0)
    for seat in range(players):
        assert len(st.cards_in("hand", seat)) == size
    starter = st.cards_in("discard")
    assert len(starter) == 1 and st.is_face_up(starter[0])
    assert st.counter("declared_suit") == suit(starter[0])
    assert len(st.cards_in("stock")) == 52 - players * size - 1
    assert not any(st.knows(q, c) for q in range(players) for c in st.cards_in("stock"))
    assert_secret_hands(st, players)
    assert_invariants(st)


def test_a_starter_eight_sets_its_own_suit():
    """Ruling: a starter eight stays; its own suit is the suit to follow."""
    g = game(3)
    seed = next(s for s in range(500) if g.new(s).cards_in("discard")[0].startswith("8"))
    st = g.new(seed)
    starter = st.cards_in("discard")[0]
    assert st.counter("declared_suit") == suit(starter)
    for a in st.legal_actions():
        card = str(a)[len("play(card="):-1]
        assert card.startswith("8") or suit(card) == suit(starter)


# ---- matching -----------------------------------------------------------------------------


def test_matching_by_rank_changes_the_suit_to_follow():
    st = deal(starter="7♣",
              hands={P1: ["7♦", "7♥", "2♠", "3♠", "4♥", "K♦", "J♦"],
                     P2: ["7♠", "9♦", "K♣", "2♥", "3♥", "4♠", "5♠"]})
    # same rank (7) or same suit (clubs): only the two sevens
    assert legal(st) == ["play(card=7♥)", "play(card=7♦)"]
    play(st, "play(card=7♦)")
    assert st.cards_in("discard") == ["7♣", "7♦"]
    assert st.counter("declared_suit") == "diamonds"
    # player 2: a seven or a diamond; the king of clubs no longer follows
    assert st.current_player == P2
    assert legal(st) == ["play(card=7♠)", "play(card=9♦)"]
    play(st, "play(card=9♦)")
    assert st.counter("declared_suit") == "diamonds"
    # player 1: a nine or a diamond
    assert st.current_player == P1
    assert legal(st) == ["play(card=J♦)", "play(card=K♦)"]
    assert_invariants(st)


def test_an_eight_is_wild_and_names_the_suit_to_follow():
    st = deal(starter="5♣",
              hands={P1: ["8♠", "2♦", "3♦", "4♦", "6♦", "7♦", "9♦"],
                     P2: ["K♥", "2♥", "8♦", "3♠", "9♣", "J♣", "5♦"]})
    # no club and no five: the eight is player 1's only card
    assert legal(st) == ["play(card=8♠)"]
    play(st, "play(card=8♠)")
    assert st.current_player == P1 and st.prompt == "to name the suit to follow"
    assert legal(st) == sorted(SUITS)
    play(st, "hearts")
    assert st.counter("declared_suit") == "hearts"
    assert st.cards_in("discard") == ["5♣", "8♠"]
    # player 2 must follow hearts, or play an eight: not the spade, the clubs or the five
    assert st.current_player == P2 and st.prompt == "take an action"
    assert legal(st) == ["play(card=2♥)", "play(card=8♦)", "play(card=K♥)"]
    # an eight on an eight: player 2 names clubs
    play(st, "play(card=8♦)", "clubs")
    assert st.counter("declared_suit") == "clubs"
    assert st.current_player == P1
    assert st.cards_in("hand", P2) == ["K♥", "2♥", "3♠", "9♣", "J♣", "5♦"]
    assert_secret_hands(st)
    assert_invariants(st)


# ---- drawing --------------------------------------------------------------------------------


def test_a_player_who_cannot_play_draws_until_able():
    stock = ["2♠", "4♠", "9♥", "K♥", "Q♣"]
    st = deal(starter="9♣",
              hands={P1: ["10♣", "2♦", "3♦", "4♦", "6♦", "7♦", "9♦"],
                     P2: ["K♦", "2♥", "3♥", "5♥", "6♥", "7♥", "J♦"]},
              stock=stock)
    before = len(st.cards_in("stock"))
    play(st, "play(card=10♣)")
    # player 2 holds no club, no ten, no eight: draws 2♠, 4♠, 9♥, K♥ (none of them a
    # club, a ten or an eight), then Q♣, which follows clubs, and stops there
    assert st.current_player == P2
    assert st.cards_in("hand", P2)[7:] == stock
    assert len(st.cards_in("stock")) == before - 5
    assert legal(st) == ["play(card=Q♣)"]
    # the cards drawn are player 2's secret
    for c in stock:
        assert st.knows(P2, c) and not st.knows(P1, c) and not st.is_face_up(c)
    play(st, "play(card=Q♣)")
    assert st.counter("declared_suit") == "clubs"
    assert st.current_player == P1
    assert_invariants(st)


def test_drawing_stops_at_the_first_playable_card():
    st = deal(starter="9♣",
              hands={P1: ["10♣", "2♦", "3♦", "4♦", "6♦", "7♦", "9♦"],
                     P2: ["K♦", "2♥", "3♥", "5♥", "6♥", "7♥", "J♦"]},
              stock=["2♠", "10♥", "3♣", "8♥"])
    play(st, "play(card=10♣)")
    # 2♠ cannot be played; 10♥ matches the ten: drawing stops there
    assert st.cards_in("hand", P2)[7:] == ["2♠", "10♥"]
    assert stock_top(st, 2) == ["3♣", "8♥"]
    assert legal(st) == ["play(card=10♥)"]


@pytest.mark.parametrize("playable", ["K♣", "10♥", "8♠"])  # the suit, the rank, an eight
def test_a_player_who_can_play_does_not_draw(playable):
    st = deal(starter="9♣",
              hands={P1: ["10♣", "2♦", "3♦", "4♦", "6♦", "7♦", "9♦"],
                     P2: [playable, "2♥", "3♥", "5♥", "6♥", "7♥", "J♦"]},
              stock=["2♠"])
    play(st, "play(card=10♣)")
    assert len(st.cards_in("hand", P2)) == 7 and stock_top(st, 1) == ["2♠"]
    assert legal(st) == [f"play(card={playable})"]


# ---- the stock runs out -----------------------------------------------------------------


def empty_the_stock_into_discard(st, keep: int):
    """Scripted position: all but the top `keep` stock cards go onto the discard pile
    (under its top card, which stays on top)."""
    top = st.cards_in("discard")[-1]
    put(st, (st.cards_in("stock")[:-keep] if keep else st.cards_in("stock")) + [top], "discard")


def test_the_discard_pile_but_its_top_card_is_shuffled_into_a_new_stock():
    st = deal(starter="9♣",
              hands={P1: ["10♣", "2♦", "3♦", "4♦", "6♦", "7♦", "9♦"],
                     P2: ["K♦", "2♥", "3♥", "5♥", "6♥", "7♥", "J♦"]},
              stock=["2♠"])
    empty_the_stock_into_discard(st, keep=1)
    assert st.cards_in("stock") == ["2♠"]
    under = st.cards_in("discard")  # 9♣ on top of the 36 cards from the stock
    assert len(under) == 37 and under[-1] == "9♣"
    assert_invariants(st)
    play(st, "play(card=10♣)")
    # player 2 draws 2♠, the last card of the stock; the stock runs out: the discard pile
    # but the 10♣ on top becomes the new stock, shuffled; player 2 draws on until able
    assert st.cards_in("discard") == ["10♣"]
    drawn = st.cards_in("hand", P2)[7:]
    assert drawn[0] == "2♠"
    assert sorted(drawn[1:] + st.cards_in("stock")) == sorted(under)
    assert len(drawn) >= 2
    last = drawn[-1]
    assert last.startswith("8") or last.startswith("10") or suit(last) == "clubs"
    for c in drawn[1:-1]:
        assert not (c.startswith("8") or c.startswith("10") or suit(c) == "clubs")
    # the new stock is face down, and nobody can follow a card through the shuffle
    for c in st.cards_in("stock"):
        assert not st.is_face_up(c) and not st.knows(P1, c) and not st.knows(P2, c)
    assert st.current_player == P2 and st.prompt == "take an action"
    assert_secret_hands(st)
    assert_invariants(st)


def test_without_the_reshuffle_a_player_who_cannot_play_passes_and_a_blocked_game_goes_to_the_lowest_penalty():
    """--set reshuffle=no: "when the stock is exhausted, a player who cannot play passes";
    Ruling: when everyone has passed in a row, the lowest penalty wins (an eight 50, a
    court card 10, any other card its face value)."""
    st = deal(starter="9♣", reshuffle=False,
              hands={P1: ["9♦", "K♠", "Q♠", "J♠", "10♠", "5♠", "7♠"],
                     P2: ["A♥", "2♥", "3♥", "4♥", "6♥", "7♥", "10♥"]})
    empty_the_stock_into_discard(st, keep=0)
    assert st.cards_in("stock") == []
    play(st, "play(card=9♦)")
    # player 2 can neither follow diamonds nor match the nine, and cannot draw: passes;
    # player 1 cannot play either: everyone has passed, and nobody will ever play again
    assert said(st) == ["player 2 cannot play and passes", "player 1 cannot play and passes",
                        "player 1's penalty: 52 (K♠, Q♠, J♠, 10♠, 5♠, 7♠)",
                        "player 2's penalty: 33 (A♥, 2♥, 3♥, 4♥, 6♥, 7♥, 10♥)"]
    assert len(st.cards_in("hand", P2)) == 7 and len(st.cards_in("hand", P1)) == 6
    assert st.is_over
    assert st.counter("passes") == 2
    assert st.result.ending == "blocked"
    # player 1's penalty: 10 + 10 + 10 + 10 + 5 + 7 = 52; player 2's: 1+2+3+4+6+7+10 = 33
    assert st.result.winners == (P2,)
    for c in st.cards_in("hand", P1) + st.cards_in("hand", P2):
        assert st.is_face_up(c)


def test_a_blocked_game_with_equal_penalties_is_a_shared_win():
    st = deal(starter="9♣", reshuffle=False,
              hands={P1: ["9♦", "K♠", "2♠", "3♠", "4♠", "5♠", "6♠"],
                     P2: ["J♥", "A♥", "2♥", "3♥", "4♥", "6♥", "4♣"]})
    empty_the_stock_into_discard(st, keep=0)
    play(st, "play(card=9♦)")
    # player 1 holds 10 + 2 + 3 + 4 + 5 + 6 = 30; player 2 holds 10 + 1 + 2 + 3 + 4 + 6 + 4 = 30
    assert st.is_over and st.result.ending == "blocked"
    assert st.result.winners == (P1, P2)


# ---- going out ----------------------------------------------------------------------------


def test_the_first_player_to_empty_their_hand_wins_at_once():
    st = deal(starter="9♣",
              hands={P1: ["8♥", "2♦", "3♦", "4♦", "6♦", "7♦", "5♦"],
                     P2: ["K♦", "2♥", "3♥", "5♥", "6♥", "7♥", "J♦"]})
    # scripted: six of player 1's cards go under the top discard
    put(st, ["2♦", "3♦", "4♦", "6♦", "7♦", "5♦", "9♣"], "discard")
    assert st.cards_in("hand", P1) == ["8♥"]
    play(st, "play(card=8♥)")
    # the game ends the moment the last card is down: no suit is named
    assert st.is_over and st.current_player is None
    assert st.result.ending == "went_out" and st.result.winners == (P1,)
    assert st.counter("declared_suit") == "clubs"
    assert st.cards_in("discard")[-2:] == ["9♣", "8♥"]
    # the loser's hand is shown at the end
    assert all(st.is_face_up(c) for c in st.cards_in("hand", P2))
    assert_invariants(st)


def test_three_players_play_in_seat_order():
    st = deal(players=3, starter="9♣",
              hands={P1: ["9♦", "2♠", "3♠", "4♠", "6♠"],
                     P2: ["9♥", "2♣", "3♣", "4♣", "6♣"],
                     P3: ["J♥", "2♦", "3♦", "4♦", "6♦"]})
    play(st, "play(card=9♦)")
    assert st.current_player == P2
    play(st, "play(card=9♥)")
    assert st.current_player == P3
    assert legal(st) == ["play(card=J♥)"]
    play(st, "play(card=J♥)")
    assert st.current_player == P1 and st.round == 2
    assert st.cards_in("discard") == ["9♣", "9♦", "9♥", "J♥"]
    assert_secret_hands(st, 3)
    assert_invariants(st)
