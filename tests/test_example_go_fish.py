"""Go Fish (examples/go_fish.rules): scripted games of its distinctive rules.

Each test deals a game, stacks the hands and the top of the pool with `arrange` (the
LAST name given is the TOP card), or lays out a whole late position card by card with
`position`, plays a fixed list of asks by their printed forms and asserts the exact
state that results: hands, books, the pool, whose turn it is, the result, and who knows
which card. A value is asked for by number (A = 1, J = 11, Q = 12, K = 13).

Seats are 0-based: seat 0 is "player 1". Most tests play with 3 players (7 cards each),
so that a third player can witness what is handed over.
"""

from __future__ import annotations

import functools
from pathlib import Path

import ruleforge
from ruleforge.runtime.engine import move_card, place
from ruleforge.testing import arrange, play, refresh, set_number

RULES = Path(__file__).resolve().parent.parent / "examples" / "go_fish.rules"
P1, P2, P3 = 0, 1, 2
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
DECK = [r + s for s in "♣♦♥♠" for r in RANKS]


@functools.cache
def go_fish(players: int = 3, **params):
    return ruleforge.load(RULES, players=players, **params)


def ask(opponent: int, value: int) -> str:
    return f"ask(opponent=player {opponent + 1}, wanted={value})"


def of_value(rank: str) -> list[str]:
    return [rank + s for s in "♣♦♥♠"]


def deal(hands, pool_top=(), players=3, seed=1):
    """A new game, player 1 to ask: hands[seat] is that seat's whole hand; `pool_top`
    lists the top cards of the pool, top card first."""
    st = go_fish(players).new(seed)
    assert st.current_player == P1
    for seat, cards in hands.items():
        assert len(cards) == len(st.cards_in("hand", seat)), "give the whole hand"
        arrange(st, "hand", cards, owner=seat)
    if pool_top:
        arrange(st, "deck", list(reversed(pool_top)))
    for seat, cards in hands.items():
        assert sorted(st.cards_in("hand", seat)) == sorted(cards)
    assert top_of_pool(st, len(pool_top)) == list(pool_top)
    assert all(st.cards_in("books", s) == [] for s in range(players))
    return st


def position(players, hands, books, pool=(), seed=1):
    """A late position: every one of the 52 cards placed: hands[seat], books[seat] (as
    ranks: each makes a book), and the pool (bottom..top), each card as if dealt there.
    Player 1 is to ask."""
    st = go_fish(players).new(seed)
    g = st.game
    placed = []
    for seat, cards in hands.items():
        for c in cards:
            placed.append((c, g.zone_inst("hand", seat).index))
    for seat, ranks in books.items():
        for r in ranks:
            for c in of_value(r):
                placed.append((c, g.zone_inst("books", seat).index))
    for c in pool:
        placed.append((c, g.zone_inst("deck").index))
    assert sorted(c for c, _ in placed) == sorted(DECK), "place every card once"
    for c, zone in placed:
        i = g.card_index[c]
        move_card(st, i, zone)
        st.known[i] = 0          # as if dealt there: nobody remembers where it was
        place(st, i, zone)
    refresh(st)
    assert st.current_player == P1
    return st


def top_of_pool(st, n):
    return list(reversed(st.cards_in("deck")))[:n]


def hand(st, seat):
    return sorted(st.cards_in("hand", seat))


def assert_sound(st):
    assert st.game.check_invariants(st) == []
    assert sum(len(z) for z in st.zones) == 52


H1 = ["9♣", "2♣", "3♣", "4♣", "5♣", "6♣", "7♣"]
H2 = ["9♥", "9♠", "K♠", "K♥", "Q♠", "Q♥", "J♠"]
H3 = ["8♦", "8♥", "K♦", "Q♦", "J♦", "10♦", "3♦"]


# ---- the deal -------------------------------------------------------------------------


def test_seven_cards_each_to_two_or_three_players_five_to_more():
    for players, size in [(2, 7), (3, 7), (4, 5), (5, 5)]:
        st = go_fish(players).new(1)
        assert [len(st.cards_in("hand", p)) for p in range(players)] == [size] * players
        assert len(st.cards_in("deck")) == 52 - players * size
        for p in range(players):
            assert all(st.knows(p, c) for c in st.cards_in("hand", p))
            assert not any(st.knows(q, c) for q in range(players) if q != p for c in st.cards_in("hand", p))


# ---- asking -----------------------------------------------------------------------------


def test_asks_only_for_values_you_hold():
    st = deal({P1: H1, P2: H2, P3: H3})
    offered = {str(a) for a in st.legal_actions()}
    assert offered == {ask(q, v) for q in (P2, P3) for v in (9, 2, 3, 4, 5, 6, 7)}


def test_a_successful_ask_hands_over_every_card_of_the_value_publicly():
    """Player 2 holds two 9s: both are handed over, shown to everyone; they stay known
    to all in player 1's hand, and player 1 asks again."""
    st = deal({P1: H1, P2: H2, P3: H3}, pool_top=["A♦"])
    pool = len(st.cards_in("deck"))
    play(st, ask(P2, 9))
    assert hand(st, P1) == sorted(H1 + ["9♥", "9♠"])
    assert hand(st, P2) == sorted(["K♠", "K♥", "Q♠", "Q♥", "J♠"])
    assert hand(st, P3) == sorted(H3)
    assert len(st.cards_in("deck")) == pool and top_of_pool(st, 1) == ["A♦"]
    assert st.cards_in("books", P1) == []
    # everyone saw them handed over: now face down in a hand, known to all
    for c in ["9♥", "9♠"]:
        assert not st.is_face_up(c)
        assert all(st.knows(p, c) for p in (P1, P2, P3))
    assert "9♥" in st.view(P3).zone("hand", "player 1").cards
    # what player 1 held already stays secret
    assert not st.knows(P2, "9♣") and not st.knows(P3, "9♣")
    assert st.view(P3).zone("hand", "player 1").hidden == 7
    # and player 1 asks again, now with the 9s as well
    assert st.current_player == P1
    assert ask(P3, 9) in {str(a) for a in st.legal_actions()}
    assert_sound(st)


def test_go_fish_draws_a_card_and_ends_the_turn():
    """Player 3 has no 2: player 1 draws the top of the pool (a 7, not the 2 asked for),
    nobody else learns it, and it is player 2's turn."""
    st = deal({P1: H1, P2: H2, P3: H3}, pool_top=["7♦", "A♦"])
    pool = len(st.cards_in("deck"))
    play(st, ask(P3, 2))
    assert hand(st, P1) == sorted(H1 + ["7♦"])
    assert hand(st, P3) == sorted(H3)
    assert len(st.cards_in("deck")) == pool - 1 and top_of_pool(st, 1) == ["A♦"]
    assert st.knows(P1, "7♦") and not st.knows(P2, "7♦") and not st.knows(P3, "7♦")
    assert st.current_player == P2
    assert_sound(st)


def test_fishing_the_value_asked_for_shows_it_and_asks_again():
    st = deal({P1: H1, P2: H2, P3: H3}, pool_top=["2♦", "A♦"])
    play(st, ask(P3, 2))
    assert hand(st, P1) == sorted(H1 + ["2♦"])
    assert not st.is_face_up("2♦")
    assert all(st.knows(p, "2♦") for p in (P1, P2, P3))
    assert st.current_player == P1
    # the lucky draw continues the turn: a miss now ends it
    play(st, ask(P2, 3))
    assert hand(st, P1) == sorted(H1 + ["2♦", "A♦"])
    assert not st.knows(P2, "A♦")
    assert st.current_player == P2
    assert_sound(st)


# ---- books ------------------------------------------------------------------------------


def test_a_book_is_laid_face_up_at_once():
    """Player 1 holds two 9s and gets the other two: the book of 9s is laid face up;
    player 1 goes on asking."""
    h1 = ["9♣", "9♦", "2♣", "3♣", "4♣", "5♣", "6♣"]
    st = deal({P1: h1, P2: H2, P3: H3})
    play(st, ask(P2, 9))
    assert sorted(st.cards_in("books", P1)) == sorted(of_value("9"))
    assert all(st.is_face_up(c) for c in of_value("9"))
    assert hand(st, P1) == sorted(["2♣", "3♣", "4♣", "5♣", "6♣"])
    assert st.current_player == P1
    assert ask(P2, 9) not in {str(a) for a in st.legal_actions()}
    assert_sound(st)


def test_a_book_completed_by_a_draw_is_laid_and_the_turn_ends():
    h1 = ["5♦", "5♥", "5♠", "2♣", "3♣", "4♣", "6♣"]
    h3 = ["8♦", "8♥", "K♦", "Q♦", "J♦", "10♦", "3♦"]
    st = deal({P1: h1, P2: H2, P3: h3}, pool_top=["5♣"])
    play(st, ask(P3, 2))
    assert sorted(st.cards_in("books", P1)) == sorted(of_value("5"))
    assert hand(st, P1) == sorted(["2♣", "3♣", "4♣", "6♣"])
    assert st.current_player == P2
    assert_sound(st)


def test_a_player_with_no_cards_draws_one():
    """Player 1 lays a book with the last cards of the hand and draws one to go on."""
    st = position(3, hands={P1: ["9♣", "9♦", "9♥"], P2: ["9♠", "K♠"], P3: ["K♦"]},
                  books={P1: ["A", "2"], P2: ["3", "4", "5"], P3: ["6", "7", "8", "10"]},
                  pool=["K♥", "K♣"] + of_value("Q") + of_value("J"))
    play(st, ask(P2, 9))
    assert len(st.cards_in("books", P1)) == 12
    assert hand(st, P1) == ["J♠"]          # the top of the pool
    assert st.current_player == P1
    assert_sound(st)


# ---- the end ----------------------------------------------------------------------------


def test_the_last_book_ends_the_game_and_the_most_books_win():
    st = position(2, hands={P1: ["K♣", "K♦", "K♥", "Q♣"], P2: ["K♠", "Q♦", "Q♥", "Q♠"]},
                  books={P1: ["A", "2", "3", "4", "5"], P2: ["6", "7", "8", "9", "10", "J"]})
    play(st, ask(P2, 13))
    assert not st.is_over and st.current_player == P1
    play(st, ask(P2, 12))
    assert st.is_over
    assert st.result.ending == "all_books"
    assert st.result.winners == (P1,)
    assert len(st.cards_in("books", P1)) == 28 and len(st.cards_in("books", P2)) == 24
    assert_sound(st)


def test_equal_books_share_the_win():
    st = position(3, hands={P1: ["K♣", "K♦", "K♥"], P3: ["K♠"]},
                  books={P1: ["A", "2", "3", "4", "5"], P2: ["6", "7", "8", "9", "10", "J"], P3: ["Q"]})
    play(st, ask(P3, 13))
    assert st.is_over
    assert st.result.ending == "all_books"
    assert st.result.winners == (P1, P2)
    assert_sound(st)


def test_an_empty_hand_with_an_empty_pool_sits_out():
    """Player 1 asks in vain and the pool is empty: no card is drawn and the turn ends;
    player 2 has no cards and sits out: player 3 plays next."""
    st = position(3, hands={P1: ["K♣", "Q♣"], P3: ["K♦", "Q♦", "K♥", "Q♥", "K♠", "Q♠"]},
                  books={P1: ["A", "2", "3", "4", "5"], P2: ["6", "7", "8", "9", "10", "J"]})
    play(st, ask(P2, 13))
    assert hand(st, P1) == ["K♣", "Q♣"] and hand(st, P2) == []
    assert st.counter("vain_asks") == 1
    assert st.current_player == P3
    assert {str(a) for a in st.legal_actions()} == {ask(q, v) for q in (P1, P2) for v in (12, 13)}
    # a successful ask resets the count of vain asks
    play(st, ask(P1, 13))
    assert sorted(st.cards_in("books", P3)) == sorted(of_value("K"))
    assert st.counter("vain_asks") == 0
    assert_sound(st)


def test_asking_in_vain_with_an_empty_pool_ends_in_a_stalemate():
    st = position(3, hands={P1: ["K♣", "Q♣"], P2: ["K♦", "K♥"], P3: ["Q♦", "Q♥", "K♠", "Q♠"]},
                  books={P1: ["A", "2", "3", "4", "5"], P2: ["6", "7", "8", "9", "10", "J"]})
    set_number(st, "vain_asks", 19)
    play(st, ask(P2, 12))                   # player 2 has no queen; the pool is empty
    assert st.is_over
    assert st.result.ending == "stalemate"
    assert st.result.winners == (P2,)
    assert st.counter("vain_asks") == 20
