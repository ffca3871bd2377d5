"""Hearts (examples/hearts.rules): scripted tests of its distinctive rules.

Each test deals a game, stacks all four hands with `arrange` (a hand is listed in the
order its cards lie, and all 52 cards are in the hands once dealt), plays a fixed list of
moves by their printed forms and asserts the exact state: hands, tricks, scores, whose
turn it is, what is offered, the result, and who knows which card.

Seats are 0-based: seat 0 is "player 1"; "to the left" is the next seat.
"""

from __future__ import annotations

import functools
from pathlib import Path

import ruleforge
from ruleforge.testing import arrange, play, set_number

RULES = Path(__file__).resolve().parent.parent / "examples" / "hearts.rules"
S0, S1, S2, S3 = 0, 1, 2, 3
SEATS = [S0, S1, S2, S3]
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def suit(sign: str, ranks=RANKS) -> list[str]:
    return [r + sign for r in ranks]


CLUBS, DIAMONDS, HEARTS, SPADES = suit("♣"), suit("♦"), suit("♥"), suit("♠")


@functools.cache
def _hearts(params: tuple):
    return ruleforge.load(RULES, **dict(params))


def hearts(**params):
    return _hearts(tuple(sorted(params.items())))


@functools.cache
def _seed_with_two_of_clubs(params: tuple, seat: int) -> int:
    g = _hearts(params)
    return next(s for s in range(200) if "2♣" in g.new(s).cards_in("hand", seat))


def deal(hands: dict, **params):
    """A new game whose four hands are exactly `hands` (seat -> 13 cards), dealt by a seed
    that gives the 2♣ to the seat that holds it in `hands` (it leads, or passes first)."""
    g = hearts(**params)
    holder = next(s for s, h in hands.items() if "2♣" in h)
    st = g.new(_seed_with_two_of_clubs(tuple(sorted(params.items())), holder))
    for seat, cards in hands.items():
        arrange(st, "hand", cards, owner=seat)
    for seat, cards in hands.items():
        assert st.cards_in("hand", seat) == list(cards)
    assert st.cards_in("deck") == []
    return st


def legal(st) -> list[str]:
    return sorted(str(a) for a in st.legal_actions())


def cards(moves: list[str]) -> list[str]:
    return sorted(moves)


def offered(st, verb: str, names) -> list[str]:
    return sorted(f"{verb}(card={c})" for c in names)


def trick(st, leader: int, *played: str) -> None:
    """Play one trick: the leader's card, then the next seats' in turn."""
    for i, c in enumerate(played):
        assert st.current_player == (leader + i) % 4, (c, st.current_player)
        play(st, f"{'lead' if i == 0 else 'follow'}(card={c})")


def knowers(st, card: str) -> list[int]:
    return [s for s in SEATS if st.knows(s, card)]


def assert_invariants(st):
    assert st.game.check_invariants(st) == []


# Each seat holds one suit: seat 0 leads its clubs from the 2 up and takes every trick.
ONE_SUIT_EACH = {S0: CLUBS, S1: DIAMONDS, S2: HEARTS, S3: SPADES}

# A hand that splits the 26 points between seats 0 and 1 (seats 2 and 3 hold only hearts
# and only spades, so they never win a trick). The 13 tricks: leader, then cards in turn.
SPLIT = {
    S0: ["2♣", "3♣", "4♣", "5♣", "6♣", "7♣", "A♣", "2♦", "3♦", "4♦", "5♦", "6♦", "A♦"],
    S1: ["8♣", "9♣", "10♣", "J♣", "Q♣", "K♣", "7♦", "8♦", "9♦", "10♦", "J♦", "Q♦", "K♦"],
    S2: HEARTS,
    S3: SPADES,
}
SPLIT_TRICKS = [
    (S0, "2♣", "8♣", "2♥", "2♠"),   # seat 1
    (S1, "K♦", "3♥", "Q♠", "2♦"),   # seat 1 takes the queen of spades
    (S1, "Q♦", "4♥", "3♠", "3♦"),
    (S1, "J♦", "5♥", "4♠", "4♦"),
    (S1, "10♦", "6♥", "5♠", "5♦"),
    (S1, "9♦", "7♥", "6♠", "6♦"),
    (S1, "8♦", "8♥", "7♠", "A♦"),   # seat 0: aces are high
    (S0, "A♣", "9♣", "9♥", "8♠"),   # seat 0
    (S0, "3♣", "10♣", "10♥", "9♠"),  # seat 1
    (S1, "7♦", "J♥", "10♠", "4♣"),  # seat 1; seat 0 has no diamonds left
    (S1, "J♣", "Q♥", "J♠", "5♣"),
    (S1, "Q♣", "K♥", "K♠", "6♣"),
    (S1, "K♣", "A♥", "A♠", "7♣"),
]


def play_split_hand(st):
    for leader, *played in SPLIT_TRICKS:
        trick(st, leader, *played)


# ---- the first trick ------------------------------------------------------------------


def test_the_two_of_clubs_opens_and_followers_must_follow_suit():
    hands = {
        S0: ["2♣"] + DIAMONDS[:8] + HEARTS[:4],            # 2♣, 2♦-9♦, 2♥-5♥
        S1: ["Q♣", "K♣", "A♣"] + DIAMONDS[8:] + HEARTS[4:9],  # 10♦-A♦, 6♥-10♥
        S2: CLUBS[1:10] + HEARTS[9:],                        # 3♣-J♣, J♥-A♥
        S3: SPADES,
    }
    st = deal(hands, pass_count=0)
    # "The holder of the 2 of clubs leads it": nothing else is offered.
    assert st.current_player == S0 and st.prompt == "take an action"
    assert legal(st) == ["lead(card=2♣)"]
    play(st, "lead(card=2♣)")
    assert st.counter("led_suit") == "clubs"
    assert st.cards_in("played", S0) == ["2♣"] and st.is_face_up("2♣")
    # A player holding the suit led is offered only those cards.
    assert st.current_player == S1
    assert legal(st) == offered(st, "follow", ["Q♣", "K♣", "A♣"])
    play(st, "follow(card=A♣)")
    assert legal(st) == offered(st, "follow", CLUBS[1:10])
    play(st, "follow(card=3♣)")
    # Ruling: no points on the first trick: seat 3 has no club and may play any spade
    # but the queen.
    assert legal(st) == offered(st, "follow", [c for c in SPADES if c != "Q♠"])
    play(st, "follow(card=2♠)")
    # "The highest card of the suit led wins": the ace; its winner takes the trick and
    # leads the next.
    assert st.cards_in("tricks", S1) == ["2♣", "A♣", "3♣", "2♠"]
    assert all(st.cards_in("played", s) == [] for s in SEATS)
    assert all(st.cards_in("tricks", s) == [] for s in (S0, S2, S3))
    assert all(knowers(st, c) == SEATS for c in ["2♣", "A♣", "3♣", "2♠"])
    assert st.current_player == S1 and st.prompt == "take an action"
    # Hearts are not broken: seat 1 may lead anything but a heart.
    assert legal(st) == offered(st, "lead", ["Q♣", "K♣"] + DIAMONDS[8:])
    play(st, "lead(card=10♦)")
    assert st.counter("led_suit") == "diamonds"
    # Seat 2 has no diamond: after the first trick, every card is offered.
    assert legal(st) == offered(st, "follow", CLUBS[2:10] + HEARTS[9:])
    play(st, "follow(card=A♥)")                  # hearts are broken
    assert legal(st) == offered(st, "follow", SPADES[1:])
    play(st, "follow(card=Q♠)")
    assert legal(st) == offered(st, "follow", DIAMONDS[:8])
    play(st, "follow(card=9♦)")
    # Off-suit cards never win, however high: the 10♦ takes the ace of hearts and the
    # queen of spades.
    assert st.cards_in("tricks", S1) == ["2♣", "A♣", "3♣", "2♠", "9♦", "10♦", "A♥", "Q♠"]
    assert st.current_player == S1
    # Hearts are broken: seat 1 may lead them now.
    assert legal(st) == offered(st, "lead", ["Q♣", "K♣"] + DIAMONDS[9:] + HEARTS[4:9])
    assert_invariants(st)


def test_points_allowed_on_the_first_trick_to_a_hand_of_only_points():
    # Seat 2 holds nothing but hearts: it must play one on the first trick. And with
    # --set clean_first_trick=no, the queen of spades may be played on it too.
    st = deal(ONE_SUIT_EACH, pass_count=0)
    trick(st, S0, "2♣", "2♦")
    assert legal(st) == offered(st, "follow", HEARTS)
    st = deal(ONE_SUIT_EACH, pass_count=0, clean_first_trick=False)
    trick(st, S0, "2♣", "2♦", "2♥")
    assert legal(st) == offered(st, "follow", SPADES)


def test_hearts_may_be_led_unbroken_by_a_player_holding_only_hearts():
    hands = {
        S0: ["2♣", "2♥"] + DIAMONDS[:11],
        S1: ["A♣"] + HEARTS[1:],
        S2: CLUBS[1:12] + ["K♦", "A♦"],
        S3: SPADES,
    }
    st = deal(hands, pass_count=0)
    trick(st, S0, "2♣", "A♣", "3♣", "2♠")
    assert all(st.cards_in("tricks", s) == [] for s in (S0, S2, S3))
    assert st.current_player == S1
    assert legal(st) == offered(st, "lead", HEARTS[1:])
    trick(st, S1, "3♥", "4♣", "3♠", "2♥")
    # seat 0 followed with its one heart; the 3♥ wins (the clubs and spades are off-suit)
    assert st.cards_in("tricks", S1) == ["2♣", "A♣", "3♣", "2♠", "2♥", "3♥", "4♣", "3♠"]
    assert st.current_player == S1
    assert_invariants(st)


# ---- scoring --------------------------------------------------------------------------


def test_penalty_points_one_per_heart_and_13_for_the_queen_of_spades():
    st = deal(SPLIT, pass_count=0)
    trick(st, S0, "2♣", "8♣", "2♥")
    # the queen is held back on the first trick, though seat 3 has no club
    assert "follow(card=Q♠)" not in legal(st)
    play(st, "follow(card=2♠)")
    for leader, *played in SPLIT_TRICKS[1:7]:
        trick(st, leader, *played)
    # the A♦ took the 7th trick: seat 0 leads the 8th
    assert st.cards_in("tricks", S0) == ["A♦", "8♦", "8♥", "7♠"]
    assert st.current_player == S0
    for leader, *played in SPLIT_TRICKS[7:]:
        trick(st, leader, *played)
    # seat 0 took 2 hearts; seat 1 the other 11 and the queen of spades
    assert [st.counter("score", s) for s in SEATS] == [2, 24, 0, 0]
    assert st.counter("hands_played") == 1
    assert len(st.cards_in("deck")) == 52
    # The default target (0) plays one hand: the lowest score wins; a tie shares.
    assert st.is_over and st.result.ending == "game_over"
    assert sorted(st.result.winners) == [S2, S3]


def test_shooting_the_moon():
    st = deal(ONE_SUIT_EACH, pass_count=0)
    for i in range(13):
        trick(st, S0, CLUBS[i], DIAMONDS[i], HEARTS[i], SPADES[i])
        if i < 12:
            assert st.current_player == S0
    # seat 0 took all 26 points: it scores nothing, every other player 26
    assert [st.counter("score", s) for s in SEATS] == [0, 26, 26, 26]
    assert st.is_over and st.result.winners == (S0,)


# ---- a game to 100 --------------------------------------------------------------------


def test_the_game_goes_on_until_a_player_reaches_the_target():
    st = deal(SPLIT, pass_count=0, target=100)
    for seat, score in zip(SEATS, [10, 70, 5, 2]):
        set_number(st, "score", score, owner=seat)
    play_split_hand(st)
    assert [st.counter("score", s) for s in SEATS] == [12, 94, 5, 2]
    # nobody reached 100: the next hand is dealt; the holder of the 2♣ leads it
    assert not st.is_over and st.counter("hands_played") == 1
    assert [len(st.cards_in("hand", s)) for s in SEATS] == [13] * 4
    assert st.cards_in("deck") == [] and all(st.cards_in("tricks", s) == [] for s in SEATS)
    assert "2♣" in st.cards_in("hand", st.current_player)
    assert legal(st) == ["lead(card=2♣)"]
    assert_invariants(st)

    for ties, winners in ((False, [S3]), (True, [S2, S3])):
        st = deal(SPLIT, pass_count=0, target=100)
        for seat, score in zip(SEATS, [10, 80, 2 if ties else 5, 2]):
            set_number(st, "score", score, owner=seat)
        play_split_hand(st)
        assert st.counter("score", S1) == 104
        assert st.is_over and sorted(st.result.winners) == winners


# ---- passing --------------------------------------------------------------------------


def test_passing_three_cards_to_the_left():
    st = deal(ONE_SUIT_EACH)
    passes = {S0: ["2♣", "3♣", "4♣"], S1: ["2♦", "3♦", "A♦"], S2: ["2♥", "3♥", "Q♥"],
              S3: ["2♠", "3♠", "Q♠"]}
    for seat in SEATS:
        for i, c in enumerate(passes[seat]):
            assert st.current_player == seat and st.prompt == "to pass"
            # chosen from the player's own hand, before receiving anything
            assert legal(st) == sorted(c for c in ONE_SUIT_EACH[seat] if c not in passes[seat][:i])
            play(st, c)
            if (seat, i) != (S3, 2):    # the last choice sends every pass on its way
                assert st.cards_in("passing", seat) == passes[seat][:i + 1]
                assert knowers(st, c) == [seat] and not st.is_face_up(c)
                assert_invariants(st)
    # the cards reach the hand on the left: the 2♣ passes to seat 1, which leads it
    for seat in SEATS:
        giver = (seat - 1) % 4
        kept = [c for c in ONE_SUIT_EACH[seat] if c not in passes[seat]]
        assert st.cards_in("hand", seat) == kept + passes[giver]
        assert st.cards_in("passing", seat) == []
        for c in passes[giver]:
            assert knowers(st, c) == sorted([giver, seat]) and not st.is_face_up(c)
        for c in kept:
            assert knowers(st, c) == [seat]
    assert st.current_player == S1 and legal(st) == ["lead(card=2♣)"]
    for seat in SEATS:
        view = st.view(seat).zone("hand", owner=st.game.seat_names[(seat + 2) % 4]).cards
        assert view == (None,) * 13         # across: nothing known
    assert_invariants(st)


def play_out_hand(st, passes: dict) -> None:
    """Play the passes (each seat the first cards offered, recorded in `passes`) and the
    hand's tricks (the first card offered each time), up to the next hand's first
    decision."""
    hands_played = st.counter("hands_played")
    while st.prompt == "to pass":
        passes.setdefault(st.current_player, []).append(str(st.legal_actions()[0]))
        st.apply(st.legal_actions()[0])
    while not st.is_over and st.counter("hands_played") == hands_played:
        st.apply(st.legal_actions()[0])


def test_the_passing_direction_rotates_left_right_across_then_none():
    st = hearts(target=100).new(3)
    for receiver in (lambda s: (s + 1) % 4, lambda s: (s - 1) % 4, lambda s: (s + 2) % 4):
        assert st.prompt == "to pass"
        passes: dict = {}
        hands = {s: st.cards_in("hand", s) for s in SEATS}
        # stop right after the passes to look at the hands
        while st.prompt == "to pass":
            passes.setdefault(st.current_player, []).append(str(st.legal_actions()[0]))
            st.apply(st.legal_actions()[0])
        assert sorted(passes) == SEATS and all(len(p) == 3 for p in passes.values())
        for s in SEATS:
            r = receiver(s)
            assert set(passes[s]) <= set(st.cards_in("hand", r))
            assert all(knowers(st, c) == sorted([s, r]) for c in passes[s])
            assert set(hands[s]) - set(passes[s]) <= set(st.cards_in("hand", s))
        assert_invariants(st)
        play_out_hand(st, passes)
        assert not st.is_over
    # the fourth hand: no passing; the holder of the 2♣ leads at once
    assert st.counter("hands_played") == 3
    assert st.prompt == "take an action" and legal(st) == ["lead(card=2♣)"]
    assert all(knowers(st, c) == [s] for s in SEATS for c in st.cards_in("hand", s))
    play_out_hand(st, {})
    if not st.is_over:
        assert st.prompt == "to pass"   # the fifth hand passes to the left again
