"""The match for any number of players (a designer's Love Letter: 7 tokens at 2 players,
5 at 3, 4 at 4, the round's winner starts the next): `wins needed` worked out from the
player count, `next game: winner starts` / `loser starts`, and `run --match --games N`.
Each game here has a known answer, so each match's course is exact."""

from __future__ import annotations

import pytest

import ruleforge
from ruleforge import RuleFileError
from ruleforge.cli import main
from ruleforge.drivers.agents import RandomAgent
from ruleforge.drivers.matches import MatchGame, match_rule, play_match
from ruleforge.drivers.matchstats import match_lines, play_one_match, summarize_matches
from ruleforge.drivers.play import deal_snapshot
from ruleforge.drivers.replay import read_log
from ruleforge.drivers.simulate import GameSpec, run_games
from ruleforge.load import check_source
from ruleforge.runtime.rng import derive

BASE = """game "Known"
players 2 to 4
cards: standard deck in deck
zone deck: pile
zone hand per player: hand
turn:
    move top of deck to hand of current
ending e "the first card is drawn": {winners} when count of cards in deck = 51
match:
{match}"""

LOVE_LETTER = "    wins needed: (if count of players = 2 then 7 else if count of players = 3 then 5 else 4) in all\n"


def game_file(tmp_path, winners: str, match: str, players: str = "2 to 4"):
    f = tmp_path / "known.rules"
    f.write_text(BASE.format(winners=winners, match=match).replace("players 2 to 4", f"players {players}"))
    return f


def bots(n: int) -> list:
    return [RandomAgent() for _ in range(n)]


@pytest.mark.parametrize("players, needed", [(2, 7), (3, 5), (4, 4)])
def test_seat_1_always_winning_wins_every_match_in_exactly_the_wins_needed(tmp_path, players, needed):
    game = ruleforge.load(game_file(tmp_path, "player 1 wins", LOVE_LETTER), players=players)
    assert match_rule(game).total == needed
    lines = []
    winner, tally, games = play_match(game, 11, bots(players), lines.append)
    seats = tuple(range(players))
    assert (winner, tally.wins, games) == (0, [needed] + [0] * (players - 1),
                                           [MatchGame(seats, 0, 0)] * needed)
    assert lines[-1] == f"player 1 wins the match with {needed} wins in all."
    assert lines[-2] == "Score: " + ", ".join(f"player {w + 1} {needed if w == 0 else 0}" for w in range(players)) + \
        f"; player 1 has won {needed} in a row"


def test_loser_starts_gives_the_first_turn_to_the_loser_of_the_last_game(tmp_path):
    # whoever plays first wins: with the loser starting, the two take turns winning
    game = ruleforge.load(game_file(tmp_path, "current wins", "    wins needed: 3 in all\n    next game: loser starts\n", "2"))
    lines = []
    winner, tally, games = play_match(game, 3, bots(2), lines.append)
    assert winner == 0 and tally.wins == [3, 2]
    assert [(g.winner, g.first) for g in games] == [(0, 0), (1, 1), (0, 0), (1, 1), (0, 0)]
    heads = [line.split(": ", 1)[1] for line in lines if line.startswith("━━ Game")]
    assert heads == ["player 1 takes seat 1, player 2 takes seat 2"] + [
        f"player 1 takes seat 1, player 2 takes seat 2; player {k} starts" for k in (2, 1, 2, 1)]


def test_winner_starts_at_three_players_follows_each_winner(tmp_path):
    # the player after the one who starts wins: 2, 3, 1, 2 win, each starting the next
    game = ruleforge.load(game_file(tmp_path, "the player after current wins",
                                    "    wins needed: 2 in all\n    next game: winner starts\n"), players=3)
    winner, tally, games = play_match(game, 3, bots(3))
    assert winner == 1 and tally.wins == [1, 2, 1]
    assert [(g.winner, g.first) for g in games] == [(1, 0), (2, 1), (0, 2), (1, 0)]


def test_a_shared_win_counts_for_nobody_and_the_match_stops_at_the_cap(tmp_path):
    game = ruleforge.load(game_file(tmp_path, "players win", "    wins needed: 1 in all\n    next game: winner starts\n"),
                          players=3)
    lines = []
    winner, tally, games = play_match(game, 2, bots(3), lines.append)
    # nobody won one alone, so nobody started a game but the turn order's first
    assert (winner, tally.wins, len(games), {(g.winner, g.first) for g in games}) == (None, [0, 0, 0], 99, {(None, 0)})
    assert lines[-1] == "Nobody has won the match after 99 games: it stops here."


def test_the_seat_that_starts_changes_no_card_of_the_deal(tmp_path):
    game = ruleforge.load(game_file(tmp_path, "player 1 wins", LOVE_LETTER), players=3)
    st = game.new(5, first=2)
    assert st.first_seat == 2
    # the game is over at the first card drawn: the same card, to another hand
    assert deal_snapshot(game.new(5)) == {"deck": deal_snapshot(st)["deck"], "hand of player 1": ["K♠"]}
    assert deal_snapshot(st)["hand of player 3"] == ["K♠"]
    with pytest.raises(ValueError, match="seat 7 has no place in the turn order"):
        game.new(5, first=7)


def test_a_match_log_with_a_starting_seat_replays(tmp_path, capsys):
    f = game_file(tmp_path, "current wins", "    wins needed: 2 in all\n    next game: loser starts\n", "2")
    log = tmp_path / "m.jsonl"
    assert _cli(capsys, "run", f, "--match", "--seed", 4, "--log", log)[0] == 0
    starts = [r for r in read_log(log) if r["type"] == "start"]
    assert [r.get("first") for r in starts] == [None, 1, 0]
    code, out, err = _cli(capsys, "replay", log)
    assert (code, err) == (0, "") and out.splitlines()[-1] == f"{log}: reproduced exactly: 3 games, 0 decisions, " \
                                                               "the same deal and result"


def _cli(capsys, *args):
    with pytest.raises(SystemExit) as e:
        main([str(a) for a in args])
    out = capsys.readouterr()
    return e.value.code, out.out, out.err


# ---- the check

def errors(match: str, players: str = "2 to 4", extra: str = "") -> list:
    text = BASE.format(winners="current wins", match=match).replace("players 2 to 4", f"players {players}{extra}")
    with pytest.raises(RuleFileError) as e:
        check_source("t.rules", text.encode())
    return [(d.span.line, d.span.column, d.message, d.hint) for d in e.value.diagnostics]


WINS_HINT = ("write a number, a parameter, or a number worked out from the player count, in brackets: "
             "'(if count of players = 2 then 7 else 5) in all'")


def test_loser_starts_needs_two_players():
    assert errors("    wins needed: 3 in all\n    next game: loser starts\n") == [
        (11, 5, "'loser starts' needs a two-player game, not one for 2 to 4 players: a game of more players "
                "has no one loser", "write 'next game: winner starts', or 'players 2'")]


def test_wins_needed_must_be_at_least_one_at_every_player_count():
    assert errors("    wins needed: 4 - count of players in all\n") == [
        (10, 18, "the wins needed in all must be from 1 to 99 with 4 players, not 0",
         "the value must be at least 1 at every player count the game allows (2 to 4)")]
    assert errors("    wins needed: 100 in a row\n", players="3") == [
        (10, 18, "the wins needed in a row must be from 1 to 99, not 100", "a match stops after 99 games")]


def test_wins_needed_is_a_number_known_before_the_match():
    extra = "\ndefine left = count of cards in deck"
    assert errors("    wins needed: left in all, true in a row, 2 in all\n", extra=extra) == [
        (11, 18, "'left' is not a parameter", WINS_HINT),
        (11, 31, "the wins needed must be a number, not a yes/no condition", WINS_HINT),
        (11, 46, "the match's wins needed 'in all' are given twice", "keep one 'N in all' on the 'wins needed' lines")]


def test_a_parameter_and_set_give_the_wins_needed(tmp_path):
    f = game_file(tmp_path, "player 1 wins", "    wins needed: goal + 1 - count of players in all\n")
    # (no range: one from 1 would hold values too small for 4 players, below)
    f.write_text(f.read_text().replace("players 2 to 4\n", "players 2 to 4\nparameter goal = 5\n"))
    assert match_rule(ruleforge.load(f, players=3)).total == 3
    assert match_rule(ruleforge.load(f, players=3, goal=8)).total == 6
    with pytest.raises(RuleFileError) as e:
        ruleforge.load(f, goal=3)
    assert [(d.message, d.hint) for d in e.value.diagnostics] == [
        ("the wins needed in all must be from 1 to 99 with 4 players, not 0", "goal is 3 from ruleforge.load's goal=3")]


def ranged(match: str, declared: str, players: str = "2 to 4") -> list:
    """The diagnostics of a game whose match reads `parameter goal = ...` (`declared`)."""
    return errors(match, players=players, extra=f"\nparameter goal = {declared}")


def test_wins_needed_read_from_a_parameter_are_checked_over_its_whole_range():
    # only the default (3) was tried: --set goal=0, or a sweep over the range, met it first
    assert ranged("    wins needed: goal in all\n", "3 in 0 to 9") == [
        (11, 18, "'goal' may be 0 (its range is 0 to 9, line 3), but then the wins needed in all must be from 1 to "
                 "99, not 0", "narrow its range to 1 to 9")]
    assert ranged("    wins needed: goal * 2 in a row\n", "3 in 1 to 60") == [
        (11, 18, "'goal' may be 50 (its range is 1 to 60, line 3), but then the wins needed in a row must be from 1 "
                 "to 99, not 100", "narrow its range to 1 to 49")]
    text = BASE.format(winners="current wins", match="    wins needed: goal in all\n").replace(
        "players 2 to 4", "players 2 to 4\nparameter goal = 3 in 1 to 9")
    assert check_source("t.rules", text.encode())[1].warnings == []


def test_a_parameters_bad_value_at_one_player_count_names_the_count():
    assert ranged("    wins needed: goal + 1 - count of players in all\n", "5 in 2 to 9") == [
        (11, 18, "'goal' may be 2 (its range is 2 to 9, line 3), but then the wins needed in all with 3 players "
                 "must be from 1 to 99, not 0", "narrow its range to 4 to 9")]


def test_a_parameter_that_makes_the_wins_needed_fail_to_work_out_says_why():
    assert ranged("    wins needed: 12 / goal in all\n", "3 in 0 to 4") == [
        (11, 18, "'goal' may be 0 (its range is 0 to 4, line 3), but then the wins needed in all cannot be worked "
                 "out: division by zero", "narrow its range to 1 to 4")]


def test_a_wide_range_is_tried_near_its_ends():
    assert ranged("    wins needed: goal in all\n", "3 in 1 to 1000000") == [
        (11, 18, "'goal' may be 100 (its range is 1 to 1,000,000, line 3), but then the wins needed in all must be "
                 "from 1 to 99, not 100", "narrow the range of 'goal' to the values that make a match")]


def test_a_range_checked_with_a_set_value_is_still_checked_whole(tmp_path):
    f = game_file(tmp_path, "player 1 wins", "    wins needed: goal in all\n")
    f.write_text(f.read_text().replace("players 2 to 4\n", "players 2 to 4\nparameter goal = 5 in 0 to 9\n"))
    with pytest.raises(RuleFileError) as e:
        ruleforge.load(f, goal=4)
    assert [(d.message, d.hint) for d in e.value.diagnostics] == [
        ("'goal' may be 0 (its range is 0 to 9, line 3), but then the wins needed in all must be from 1 to 99, "
         "not 0", "narrow its range to 1 to 9")]


# ---- many matches

def test_many_matches_of_a_game_seat_1_always_wins(tmp_path, capsys):
    f = game_file(tmp_path, "player 1 wins", LOVE_LETTER)
    spec = GameSpec(str(f), {}, 3, None, 9)
    outcomes = run_games(spec, 12, 1, play=play_one_match)
    assert [(o.winner, o.games) for o in outcomes] == [(0, 5)] * 12
    s = summarize_matches(ruleforge.load(f, players=3), outcomes)
    assert match_lines(s) == [
        "Known, 3 players: 12 matches · agents random",
        "Player    Matches won  Win rate  95% CI",
        "player 1           12    100.0%  [75.8, 100.0]",
        "player 2            0      0.0%  [0.0, 24.2]",
        "player 3            0      0.0%  [0.0, 24.2]",
        "Games a match: 5.00 on average [5.00, 5.00]",
        "Stopped at the cap (99 games) with no winner: 0 matches"]
    code, out, err = _cli(capsys, "run", f, "--match", "--games", 12, "--players", 3, "--seed", 9, "--jobs", 1)
    assert (code, err) == (0, "")
    assert out.splitlines() == ["seed 9 (the same results again: --seed 9)"] + match_lines(s)


def test_many_matches_are_the_same_on_any_number_of_processes_and_each_is_run_match_s():
    spec = GameSpec("games/gufo.rules", {}, None, None, 21)
    one, two = run_games(spec, 16, 1, play=play_one_match), run_games(spec, 16, 2, play=play_one_match)
    assert one == two
    game = ruleforge.load("games/gufo.rules")
    for o in one[:4]:
        winner, _, games = play_match(game, derive(21, o.index), bots(2))
        assert (o.winner, o.games) == (winner, len(games))
    s = summarize_matches(game, one)
    assert sum(p["wins"] for p in s["match_wins"]) + s["at_the_cap"] == 16
