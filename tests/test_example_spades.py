"""Spades (examples/spades.rules): scripted tests of its distinctive rules.

Each test deals a hand, stacks all four hands with `arrange` (all 52 cards are in the
hands once dealt), scripts the bids and the thirteen tricks by their printed forms and
asserts the exact state: what is offered, who leads, the team scores and bags, the
result and the payoffs.

Seats are 0-based: seat 0 is "player 1". Partners sit opposite: seats 0 and 2 (players
1 and 3) against seats 1 and 3 (players 2 and 4). Player 4 deals the first hand, so
seat 0 bids and leads first; the deal passes to the left. The game is to 250 points
(-200 loses), 8 hands at most: tests of one hand's scoring set max_hands=1.
"""

from __future__ import annotations

import functools
from pathlib import Path

import ruleforge
from ruleforge.testing import arrange, play, set_number

RULES = Path(__file__).resolve().parent.parent / "examples" / "spades.rules"
S0, S1, S2, S3 = 0, 1, 2, 3
SEATS = [S0, S1, S2, S3]
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def suit(sign: str) -> list[str]:
    return [r + sign for r in RANKS]


CLUBS, DIAMONDS, HEARTS, SPADES = suit("♣"), suit("♦"), suit("♥"), suit("♠")


@functools.cache
def _spades(params: tuple):
    return ruleforge.load(RULES, **dict(params))


def new_hand(hands: dict, **params):
    """A new game whose first hand is exactly `hands` (seat -> 13 cards), waiting for the
    first bid."""
    st = _spades(tuple(sorted(params.items()))).new(0)
    stack(st, hands)
    return st


def stack(st, hands: dict) -> None:
    for seat, cards in hands.items():
        arrange(st, "hand", cards, owner=seat)
    for seat, cards in hands.items():
        assert st.cards_in("hand", seat) == list(cards)
    assert st.cards_in("deck") == []


def legal(st) -> list[str]:
    return sorted(str(a) for a in st.legal_actions())


def plays(names) -> list[str]:
    return sorted(f"play(card={c})" for c in names)


def bid(st, first: int, *tricks: int) -> None:
    """Each seat's bid, from `first` round the table."""
    for i, n in enumerate(tricks):
        assert st.current_player == (first + i) % 4 and st.prompt == "take an action"
        assert legal(st) == sorted(f"bid(tricks={k})" for k in range(14))
        play(st, f"bid(tricks={n})")
    assert [st.counter("tricks_bid", (first + i) % 4) for i in range(4)] == list(tricks)


def trick(st, leader: int, *cards: str) -> None:
    """One trick: the leader's card, then the next seats' in turn."""
    for i, c in enumerate(cards):
        assert st.current_player == (leader + i) % 4, (c, st.current_player)
        play(st, f"play(card={c})")


def team_scores(st) -> tuple:
    return tuple((st.counter("score", s), st.counter("bags", s)) for s in SEATS)


def assert_invariants(st):
    assert st.game.check_invariants(st) == []


# Each seat holds one suit. Seat 0 leads a club (it has nothing else), seat 3 trumps it
# with a spade and takes the trick, then leads its spades: seat 3 takes all 13 tricks.
ONE_SUIT_EACH = {S0: CLUBS, S1: DIAMONDS, S2: HEARTS, S3: SPADES}


def play_one_suit_each(st, leader: int = S0) -> None:
    for i in range(13):
        led = {S0: CLUBS, S1: DIAMONDS}[leader] if i == 0 else SPADES
        by_seat = {S0: CLUBS[i], S1: DIAMONDS[i], S2: HEARTS[i], S3: SPADES[i]}
        first = leader if i == 0 else S3
        assert led[i] == by_seat[first]
        trick(st, first, *(by_seat[(first + k) % 4] for k in range(4)))


# A hand in which every seat takes tricks: seat 0 four, seat 1 three, seat 2 two and
# seat 3 four. The first nine tricks follow suit; no spade is played until seat 3, left
# with nothing but spades, leads one to the tenth. Each trick: its leader, then the
# cards in turn.
SPLIT_TRICKS = [
    (S0, "A♣", "2♣", "3♣", "4♣"),    # seat 0: aces are high
    (S0, "K♣", "5♣", "6♣", "7♣"),    # seat 0
    (S0, "2♦", "A♦", "3♦", "4♦"),    # seat 1
    (S1, "K♦", "5♦", "6♦", "7♦"),    # seat 1
    (S1, "2♥", "A♥", "3♥", "4♥"),    # seat 2
    (S2, "K♥", "5♥", "6♥", "7♥"),    # seat 2
    (S2, "8♣", "Q♣", "9♣", "10♣"),   # seat 3
    (S3, "Q♦", "8♦", "9♦", "10♦"),   # seat 3
    (S3, "Q♥", "8♥", "9♥", "10♥"),   # seat 3
    (S3, "3♠", "A♠", "4♠", "5♠"),    # seat 0: seat 3 holds only spades and may lead one
    (S0, "K♠", "6♠", "7♠", "8♠"),    # seat 0: spades are broken
    (S0, "J♣", "Q♠", "J♥", "9♠"),    # seat 1: no club left, seats 1 and 3 trump
    (S1, "J♦", "10♠", "J♠", "2♠"),   # seat 3: the highest spade
]


def hands_of(tricks) -> dict:
    hands = {s: [] for s in SEATS}
    for leader, *cards in tricks:
        for k, c in enumerate(cards):
            hands[(leader + k) % 4].append(c)
    return hands


SPLIT = hands_of(SPLIT_TRICKS)


# ---- bidding --------------------------------------------------------------------------


def test_bids_go_round_from_the_dealers_left_and_a_team_bids_the_sum_of_its_bids():
    st = new_hand(SPLIT)
    assert [len(st.cards_in("hand", s)) for s in SEATS] == [13] * 4
    bid(st, S0, 2, 4, 3, 4)
    # the partners' bids add up: 2 + 3 for players 1 and 3, 4 + 4 for players 2 and 4
    assert [st.definition("contract", s) for s in SEATS] == [5, 8, 5, 8]
    assert st.current_player == S0 and legal(st) == plays(c for c in SPLIT[S0] if "♠" not in c)
    assert_invariants(st)


# ---- the play -------------------------------------------------------------------------


def test_following_suit_and_spades_not_led_before_they_are_broken():
    st = new_hand(SPLIT)
    bid(st, S0, 2, 4, 3, 4)
    # Seat 0 leads: anything but its three spades.
    assert legal(st) == plays(c for c in SPLIT[S0] if "♠" not in c)
    play(st, "play(card=A♣)")
    assert st.counter("led_suit") == "clubs"
    # "Each player must follow suit if they can": the followers are offered their clubs.
    assert legal(st) == plays(["2♣", "5♣", "10♣"])
    play(st, "play(card=2♣)")
    assert legal(st) == plays(["3♣", "6♣", "8♣"])
    play(st, "play(card=3♣)")
    assert legal(st) == plays(["4♣", "7♣", "Q♣"])
    play(st, "play(card=4♣)")
    assert st.cards_in("won", S0) == ["A♣", "2♣", "3♣", "4♣"] and st.cards_in("trick") == []
    assert st.current_player == S0
    for leader, *cards in SPLIT_TRICKS[1:3]:
        trick(st, leader, *cards)
    # Seat 1 took the third trick: its spades are not offered to lead either.
    assert st.current_player == S1
    assert sorted(st.cards_in("hand", S1)) == sorted(
        ["10♣", "K♦", "9♦", "J♦", "2♥", "7♥", "9♥", "4♠", "6♠", "Q♠"])
    assert legal(st) == plays(["10♣", "K♦", "9♦", "J♦", "2♥", "7♥", "9♥"])
    for leader, *cards in SPLIT_TRICKS[3:9]:
        trick(st, leader, *cards)
    # No spade has been played, but seat 3 holds nothing else: it may lead one.
    assert st.current_player == S3 and st.cards_in("hand", S3) == ["3♠", "8♠", "9♠", "J♠"]
    assert legal(st) == plays(["3♠", "8♠", "9♠", "J♠"])
    trick(st, *SPLIT_TRICKS[9])
    # Spades are broken: seat 0 may lead them now.
    assert st.current_player == S0
    assert legal(st) == plays(["J♣", "K♠", "2♠"])
    trick(st, *SPLIT_TRICKS[10])
    play(st, "play(card=J♣)")
    # A player who cannot follow may play any card, a spade included; the highest spade
    # takes the trick.
    assert legal(st) == plays(["J♦", "Q♠"])
    play(st, "play(card=Q♠)")
    assert (st.counter("best"), st.counter("winner")) == ("Q♠", "player 2")
    assert legal(st) == plays(["J♥", "10♠"])
    play(st, "play(card=J♥)")
    play(st, "play(card=9♠)")
    assert st.cards_in("won", S1)[-4:] == ["J♣", "Q♠", "J♥", "9♠"]
    assert st.current_player == S1
    assert_invariants(st)


# ---- scoring --------------------------------------------------------------------------


def test_a_team_score_combines_both_partners_bids_and_tricks():
    st = new_hand(SPLIT, max_hands=1)
    bid(st, S0, 2, 4, 3, 4)
    for leader, *cards in SPLIT_TRICKS:
        trick(st, leader, *cards)
    # Players 1 and 3 bid 2 + 3 = 5 and took 4 + 2 = 6 (player 3 fell one short, player 1
    # made it up): 10 x 5 + 1 bag. Players 2 and 4 bid 4 + 4 = 8 and took 3 + 4 = 7:
    # they lose 10 x 8, and a team that fails has no bags.
    assert team_scores(st) == ((51, 1), (-80, 0), (51, 1), (-80, 0))
    assert st.counter("hands_played") == 1 and len(st.cards_in("deck")) == 52
    # A game of one hand: the higher team wins, both partners; the payoff is the team's
    # score.
    assert st.is_over and st.result.ending == "game_over"
    assert st.result.winners == (S0, S2)
    assert st.result.payoffs == (51, -80, 51, -80)


def test_a_nil_made_scores_100_and_the_partners_tricks_make_their_bid():
    st = new_hand(ONE_SUIT_EACH, max_hands=1)
    bid(st, S0, 3, 0, 2, 4)
    play_one_suit_each(st)
    # Player 2 bid nil and took no trick: +100. Player 4 bid 4 and took all 13: 10 x 4
    # and 9 bags. Players 1 and 3 bid 3 + 2 and took nothing: -50.
    assert team_scores(st) == ((-50, 0), (149, 9), (-50, 0), (149, 9))
    assert st.result.winners == (S1, S3)
    assert st.result.payoffs == (-50, 149, -50, 149)


def test_a_nil_failed_loses_100_and_its_tricks_do_not_make_the_partners_bid():
    st = new_hand(ONE_SUIT_EACH, max_hands=1)
    bid(st, S0, 3, 2, 2, 0)
    play_one_suit_each(st)
    # Player 4 bid nil and took all 13 tricks: -100. Ruling: those tricks do not count
    # towards player 2's bid of 2, who took none: the team fails it, -20, and has no
    # bags.
    assert team_scores(st) == ((-50, 0), (-120, 0), (-50, 0), (-120, 0))
    assert st.result.winners == (S0, S2)


def test_two_nils_and_an_empty_contract():
    # Both partners bid nil: the team's bid is 0, made whatever happens; player 2's nil
    # is made (+100), player 4's fails (-100), and the 13 tricks are all bags: 13, of
    # which 10 cost 100 at once, and 3 carry over.
    st = new_hand(ONE_SUIT_EACH)
    bid(st, S0, 1, 0, 1, 0)
    play_one_suit_each(st)
    assert team_scores(st) == ((-20, 0), (13 - 100, 3), (-20, 0), (13 - 100, 3))
    assert_invariants(st)


def test_bags_accumulate_from_hand_to_hand_and_ten_cost_100():
    st = new_hand(ONE_SUIT_EACH, max_hands=2)
    bid(st, S0, 1, 3, 1, 4)
    play_one_suit_each(st)
    # Players 2 and 4 bid 7 and took 13: 70 + 6 bags.
    assert team_scores(st) == ((-20, 0), (76, 6), (-20, 0), (76, 6))
    # The next hand: player 1 deals, player 2 bids first and leads.
    assert not st.is_over and st.counter("dealer") == "player 1"
    assert st.current_player == S1
    stack(st, ONE_SUIT_EACH)
    bid(st, S1, 4, 0, 4, 2)
    assert legal(st) == plays(DIAMONDS)
    play_one_suit_each(st, leader=S1)
    # Players 2 and 4 bid 8 and took 13: 80 + 5 bags, 11 in all: the tenth bag costs
    # 100 and one carries over. 76 + 85 - 100 = 61. Player 3's nil is made: 100 - 20
    # for player 1's bid of 2, failed: -20 + 80 = 60.
    assert team_scores(st) == ((60, 0), (61, 1), (60, 0), (61, 1))
    assert st.counter("hands_played") == 2
    assert st.is_over and st.result.winners == (S1, S3)


def play_split_hand(st, scores) -> None:
    for seat, score in zip(SEATS, scores):
        set_number(st, "score", score, owner=seat)
    bid(st, S0, 2, 4, 3, 4)
    for leader, *cards in SPLIT_TRICKS:
        trick(st, leader, *cards)


def test_the_game_ends_when_a_team_reaches_the_target_ahead_or_falls_to_the_floor():
    # The defaults: to 250, -200 loses, 8 hands at most. The split hand scores 51 for
    # players 1 and 3 and -80 for players 2 and 4.
    st = new_hand(SPLIT)
    play_split_hand(st, [0, 0, 0, 0])
    assert team_scores(st) == ((51, 1), (-80, 0), (51, 1), (-80, 0))
    assert not st.is_over and st.counter("hands_played") == 1
    # the next hand is dealt: player 2 bids first
    assert st.current_player == S1 and st.counter("dealer") == "player 1"
    assert [len(st.cards_in("hand", s)) for s in SEATS] == [13] * 4
    assert_invariants(st)
    # Players 1 and 3 reach the target, ahead.
    st = new_hand(SPLIT)
    play_split_hand(st, [200, 90, 200, 90])
    assert team_scores(st) == ((251, 1), (10, 0), (251, 1), (10, 0))
    assert st.is_over and st.result.winners == (S0, S2)
    # Players 2 and 4 fall to -200: players 1 and 3 win, though below the target.
    st = new_hand(SPLIT)
    play_split_hand(st, [-100, -120, -100, -120])
    assert team_scores(st) == ((-49, 1), (-200, 0), (-49, 1), (-200, 0))
    assert st.is_over and st.result.winners == (S0, S2)
    # Level at the target, another hand is played.
    st = new_hand(SPLIT)
    play_split_hand(st, [200, 331, 200, 331])
    assert team_scores(st) == ((251, 1), (251, 0), (251, 1), (251, 0))
    assert not st.is_over and st.current_player == S1
    assert_invariants(st)


def test_the_game_ends_after_max_hands():
    st = new_hand(SPLIT, max_hands=3)
    set_number(st, "hands_played", 2)
    play_split_hand(st, [0, 0, 0, 0])
    assert st.counter("hands_played") == 3
    assert st.is_over and st.result.winners == (S0, S2)
