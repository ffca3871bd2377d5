"""President (examples/climbing.rules): scripted tests of its distinctive rules.

Each test deals a game by a seed that gives the 3 of clubs (who leads the first trick)
to the seat wanted, stacks every hand with `arrange` (all 52 cards are in the hands once
dealt: 18, 17 and 17 to three players, 13 each to four), plays a fixed list of moves by
their printed forms and asserts the exact state: hands, the table, the counters, whose
turn it is, what is offered, who has finished and the result.

Seats are 0-based: seat 0 is "player 1". A set of cards prints in card order (clubs,
diamonds, hearts, spades; ace to king in each suit).
"""

from __future__ import annotations

import functools
from pathlib import Path

import ruleforge
from ruleforge.testing import arrange, play

RULES = Path(__file__).resolve().parent.parent / "examples" / "climbing.rules"
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
DECK = [r + s for s in "♣♦♥♠" for r in RANKS]


def suit(sign: str, ranks=RANKS) -> list[str]:
    return [r + sign for r in ranks]


@functools.cache
def president(players: int):
    return ruleforge.load(RULES, players=players)


@functools.cache
def _seed_with_three_of_clubs(players: int, seat: int) -> int:
    g = president(players)
    return next(s for s in range(200) if "3♣" in g.new(s).cards_in("hand", seat))


def deal(players: int, hands: dict):
    """A new game whose hands are exactly `hands` (seat -> its cards; one seat may be
    given as None: it gets every card left), dealt by a seed that gives the 3♣ to the
    seat that holds it in `hands` (it leads the first trick)."""
    rest = [c for c in DECK if not any(h and c in h for h in hands.values())]
    hands = {s: (h if h is not None else rest) for s, h in hands.items()}
    assert sorted(c for h in hands.values() for c in h) == sorted(DECK)
    holder = next(s for s, h in hands.items() if "3♣" in h)
    st = president(players).new(_seed_with_three_of_clubs(players, holder))
    for seat, cards in hands.items():
        arrange(st, "hand", cards, owner=seat)
    for seat, cards in hands.items():
        assert sorted(st.cards_in("hand", seat)) == sorted(cards)
    assert st.current_player == holder
    return st


def legal(st) -> list[str]:
    return sorted(str(a) for a in st.legal_actions())


def sets(verb: str, *plays: str) -> list[str]:
    return sorted(f"{verb}(chosen=[{p}])" for p in plays)


def state(st) -> dict:
    """What the tests look at after a move."""
    return {"table": st.cards_in("table"), "last_player": st.counter("last_player"),
            "low_rank": st.counter("low_rank"), "passes": st.counter("passes")}


def assert_invariants(st):
    assert st.game.check_invariants(st) == []


# ---- a play must beat the last ----------------------------------------------------------

# Seat 1 holds a lower pair (fives, in a triple), a higher pair (nines), a triple of
# jacks and single cards of other ranks.
BEATING = {
    0: ["3♣", "7♣", "7♦"] + ["4♣", "6♣", "8♣", "Q♣", "A♣", "2♣", "3♦", "4♦", "6♦", "8♦", "10♦", "Q♦", "K♦",
                             "A♦", "2♦"],
    1: ["5♣", "5♦", "5♥", "9♣", "9♦", "J♣", "J♦", "J♥", "K♣", "3♥", "4♥", "6♥", "8♥", "10♥", "Q♥", "A♥",
        "2♥"],
    2: None,
}


def test_a_pair_must_be_beaten_by_a_higher_pair():
    st = deal(3, BEATING)
    # The leader may play any single, pair or triple (or run), and may not pass.
    lead = legal(st)
    assert "pass" not in lead
    assert "play_set(chosen=[7♣, 7♦])" in lead and "play_set(chosen=[K♦])" in lead
    assert "play_set(chosen=[2♣, 2♦])" in lead and "play_set(chosen=[3♣, 3♦])" in lead
    # no four of a kind (none is held), and a triple only of one rank
    assert not any(a.startswith("play_set") and a.count(",") > 2 for a in lead)
    play(st, "play_set(chosen=[7♣, 7♦])")
    assert state(st) == {"table": ["7♣", "7♦"], "last_player": "player 1", "low_rank": 7, "passes": 0}
    # A higher pair is offered (every pair of the jacks too); the lower pair of fives is
    # refused, and so are plays of another size: the single K, the triple of jacks.
    assert st.current_player == 1
    assert legal(st) == ["pass"] + sets("play_set", "9♣, 9♦", "J♣, J♦", "J♣, J♥", "J♦, J♥")
    play(st, "play_set(chosen=[9♣, 9♦])")
    assert state(st) == {"table": ["9♣", "9♦"], "last_player": "player 2", "low_rank": 9, "passes": 0}
    assert st.cards_in("trick") == ["7♣", "7♦"]
    assert_invariants(st)


def test_passing_round_clears_the_trick_to_the_last_player_to_play():
    st = deal(3, BEATING)
    play(st, "play_set(chosen=[7♣, 7♦])", "play_set(chosen=[9♣, 9♦])")
    # Seat 2 passes; seat 0 plays again (a pass does not keep a player out of the trick).
    play(st, "pass")
    assert state(st)["passes"] == 1 and st.current_player == 0
    play(st, "play_set(chosen=[Q♣, Q♦])")
    assert state(st) == {"table": ["Q♣", "Q♦"], "last_player": "player 1", "low_rank": 12, "passes": 0}
    # Seat 1 holds no higher pair: only the jacks, lower.
    assert legal(st) == ["pass"]
    play(st, "pass")
    assert st.current_player == 2 and state(st)["passes"] == 1
    play(st, "pass")
    # "When all the others have passed, the trick goes to the last player to play, who
    # leads the next": seat 0, to an empty table.
    assert state(st) == {"table": [], "last_player": None, "low_rank": 0, "passes": 0}
    assert st.cards_in("trick") == []
    assert sorted(st.cards_in("cleared")) == sorted(["7♣", "7♦", "9♣", "9♦", "Q♣", "Q♦"])
    assert st.current_player == 0
    assert "pass" not in legal(st) and "play_set(chosen=[K♦])" in legal(st)
    assert_invariants(st)


# ---- runs ---------------------------------------------------------------------------------

# Seat 1 holds nine hearts (3 to 7, and Q, K, A, 2) and cards of other suits that make
# no run.
RUNS = {
    0: ["3♣", "4♣", "5♣"] + suit("♣", ["6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]) + ["2♦", "3♦", "4♦",
                                                                                              "5♦", "7♦"],
    1: ["3♥", "4♥", "5♥", "6♥", "7♥", "Q♥", "K♥", "A♥", "2♥", "8♦", "9♠", "10♦", "J♠", "6♦", "8♠", "Q♦", "4♠"],
    2: None,
}


def test_a_run_is_of_one_suit_in_sequence_two_high_and_must_be_beaten_by_a_higher_run():
    st = deal(3, RUNS)
    play(st, "play_run(chosen=[3♣, 4♣, 5♣])")
    assert state(st) == {"table": ["3♣", "4♣", "5♣"], "last_player": "player 1", "low_rank": 3, "passes": 0}
    # Runs of three hearts whose lowest card is higher than the 3: 4-5-6, 5-6-7, Q-K-A and
    # K-A-2 (2 is high). Not 3-4-5 (not higher), nor A-2-3 or 2-3-4 (the 3 is low), nor
    # cards of several suits; no single, pair or triple may follow a run.
    assert st.current_player == 1
    assert legal(st) == ["pass"] + sets("play_run", "4♥, 5♥, 6♥", "5♥, 6♥, 7♥", "A♥, Q♥, K♥", "A♥, 2♥, K♥")
    play(st, "play_run(chosen=[A♥, 2♥, K♥])")
    assert state(st) == {"table": ["A♥", "2♥", "K♥"], "last_player": "player 2", "low_rank": 13, "passes": 0}
    play(st, "pass", "pass")
    # Seat 1 leads: runs of any length from three, of one suit.
    assert st.current_player == 1
    lead = legal(st)
    assert "play_run(chosen=[3♥, 4♥, 5♥, 6♥, 7♥])" in lead and "play_run(chosen=[4♥, 5♥, 6♥])" in lead
    assert "play_run(chosen=[3♥, 4♥])" not in lead and "play_run(chosen=[8♦, 9♠, 10♦])" not in lead
    assert [a for a in lead if a.startswith("play_run")] == sets(
        "play_run", "3♥, 4♥, 5♥", "3♥, 4♥, 5♥, 6♥", "3♥, 4♥, 5♥, 6♥, 7♥", "4♥, 5♥, 6♥", "4♥, 5♥, 6♥, 7♥",
        "5♥, 6♥, 7♥")
    play(st, "play_run(chosen=[3♥, 4♥, 5♥, 6♥])")
    # A run of four is beaten by a higher run of four only.
    assert st.current_player == 2
    assert all(a == "pass" or (a.startswith("play_run") and a.count(",") == 3) for a in legal(st))
    assert_invariants(st)


# ---- players finish -------------------------------------------------------------------------

def test_a_player_who_goes_out_leaves_the_order_and_the_lead_passes_on():
    # Four players, 13 cards each: seat 0 holds the clubs, seat 1 the diamonds, seat 2
    # the hearts, seat 3 the spades.
    st = deal(4, {0: suit("♣"), 1: suit("♦"), 2: suit("♥"), 3: suit("♠")})
    # Seat 0 leads the run 3 to A; seat 1 beats it with 4 to 2; nobody beats that.
    play(st, "play_run(chosen=[A♣, 3♣, 4♣, 5♣, 6♣, 7♣, 8♣, 9♣, 10♣, J♣, Q♣, K♣])")
    assert st.current_player == 1
    assert legal(st) == ["pass", "play_run(chosen=[A♦, 2♦, 4♦, 5♦, 6♦, 7♦, 8♦, 9♦, 10♦, J♦, Q♦, K♦])"]
    play(st, "play_run(chosen=[A♦, 2♦, 4♦, 5♦, 6♦, 7♦, 8♦, 9♦, 10♦, J♦, Q♦, K♦])")
    play(st, "pass", "pass", "pass")
    assert st.current_player == 1 and st.cards_in("table") == []
    # Seat 1 leads its last card and goes out, first: the turn goes on to seat 2.
    play(st, "play_set(chosen=[3♦])")
    assert st.fin == (1,) and st.cards_in("hand", 1) == []
    assert st.current_player == 2 and not st.is_over
    play(st, "play_set(chosen=[5♥])", "pass")
    # Seat 0 goes out second with its 2, after seat 3's pass; the turn skips seat 1.
    assert st.current_player == 0
    play(st, "play_set(chosen=[2♣])")
    assert st.fin == (1, 0) and st.current_player == 2
    assert state(st) == {"table": ["2♣"], "last_player": "player 1", "low_rank": 15, "passes": 0}
    # The two left pass: the trick goes to seat 0, who is out, so the lead goes to the
    # next player after seat 0 who still has cards: seat 2 (seat 1 is out too).
    play(st, "pass", "pass")
    assert state(st) == {"table": [], "last_player": None, "low_rank": 0, "passes": 0}
    assert st.current_player == 2 and "pass" not in legal(st)
    assert not st.is_over
    assert_invariants(st)


def test_a_scripted_game_ranks_the_players_in_finishing_order():
    st = deal(3, {0: suit("♣") + ["3♦", "4♦", "5♦", "6♦", "7♦"],
                  1: suit("♥") + ["8♦", "9♦", "10♦", "J♦"],
                  2: suit("♠") + ["Q♦", "K♦", "A♦", "2♦"]})
    # Seat 0 leads the thirteen clubs: nobody holds a run of thirteen above the 3.
    play(st, "play_run(chosen=[A♣, 2♣, 3♣, 4♣, 5♣, 6♣, 7♣, 8♣, 9♣, 10♣, J♣, Q♣, K♣])")
    assert legal(st) == ["pass"]
    play(st, "pass", "pass")
    # Seat 0 leads its five diamonds and goes out, first; seat 1 beats them, seat 2 can't.
    play(st, "play_run(chosen=[3♦, 4♦, 5♦, 6♦, 7♦])")
    assert st.fin == (0,) and st.current_player == 1
    play(st, "play_run(chosen=[A♥, 2♥, J♥, Q♥, K♥])")
    assert st.current_player == 2 and legal(st) == ["pass"]
    play(st, "pass")
    # Seat 1 takes the trick and leads a run of eight; seat 2 beats it, seat 1 passes.
    assert st.current_player == 1 and st.cards_in("table") == []
    play(st, "play_run(chosen=[3♥, 4♥, 5♥, 6♥, 7♥, 8♥, 9♥, 10♥])")
    play(st, "play_run(chosen=[A♠, 7♠, 8♠, 9♠, 10♠, J♠, Q♠, K♠])", "pass")
    # Seat 2 leads a pair of twos, then a run of four when nobody can answer.
    assert st.current_player == 2
    play(st, "play_set(chosen=[2♦, 2♠])", "pass")
    play(st, "play_run(chosen=[3♠, 4♠, 5♠, 6♠])")
    assert sorted(st.cards_in("hand", 2)) == ["A♦", "K♦", "Q♦"]
    # Seat 1 goes out second with its four diamonds: one player is left, and is last.
    play(st, "play_run(chosen=[8♦, 9♦, 10♦, J♦])")
    assert st.is_over
    assert st.fin == (0, 1, 2)
    assert st.result.ending == "last_one"
    assert st.result.winners == (0,)
    assert st.result.payoffs == (2, 1, 0)
    assert_invariants(st)
