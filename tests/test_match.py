"""The match rule of gUFO: the loser picks the next Invader; first to two wins in a row
or three in all wins the match."""

import pytest

import ruleforge
from ruleforge.drivers.agents import RandomAgent
from ruleforge.drivers.matches import MatchTally, play_match


def test_two_in_a_row_wins():
    tally = MatchTally(total=3, streak=2)
    assert tally.add(0) is None
    assert tally.add(1) is None
    assert tally.add(1) == 1
    assert tally.wins == [1, 2] and tally.how(1) == "2 wins in a row"


def test_three_in_all_wins_without_a_streak():
    tally = MatchTally(total=3, streak=2)
    for winner in (0, 1, 0, 1):
        assert tally.add(winner) is None
    assert tally.add(0) == 0
    assert tally.wins == [3, 2] and tally.how(0) == "3 wins in all"


def test_a_game_without_a_single_winner_breaks_the_streak():
    tally = MatchTally(total=3, streak=2)
    assert tally.add(0) is None
    assert tally.add(None) is None
    assert tally.add(0) is None
    assert tally.run == 1 and tally.wins == [2, 0]


@pytest.fixture(scope="module")
def game():
    return ruleforge.load("games/gufo.rules")


def test_match_played_by_bots_is_exact_and_follows_the_rule(game):
    lines = []
    winner, tally, results = play_match(game, 5, [RandomAgent(), RandomAgent()], lines.append)
    again = play_match(game, 5, [RandomAgent(), RandomAgent()], None)
    assert (again[0], again[2]) == (winner, results)
    # The match stops at the first game that satisfies the rule, and not before.
    check = MatchTally(3, 2)
    outcomes = [check.add(g.winner) for g in results]
    assert outcomes[:-1] == [None] * (len(results) - 1) and outcomes[-1] == winner
    assert lines[-1].startswith(f"player {winner + 1} wins the match with ")
    # After a game with a winner, the loser's choice decides who is the Invader next.
    for g in results:
        assert sorted(g.seats) == [0, 1]
    assert sum(1 for line in lines if line.startswith("━━ Game")) == len(results)


def test_match_over_many_seeds_always_ends_by_the_rule(game):
    for seed in range(30):
        winner, tally, results = play_match(game, seed, [RandomAgent(), RandomAgent()], None)
        assert winner in (0, 1)
        assert tally.wins[winner] == 3 or tally.run == 2
        assert 2 <= len(results) <= 5
