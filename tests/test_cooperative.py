"""Cooperative games (`cooperative`): the players are one team, who win or lose together.
A fresh reader who wrote Hanabi from the docs found no way to say so: the bots ranked each
seat's heuristic against its partners', and the reports gave seat balance and "seat N
wins X%". Now an ending says `everyone wins` or `nobody wins`, the heuristic and the
payoff are the team's, the bots credit every seat the team's value, and run, compare,
analyze, tune and the narration speak of the team."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import ruleforge
from ruleforge import RuleFileError
from ruleforge.drivers import analysis
from ruleforge.drivers.agents import GreedyAgent, IsmctsAgent
from ruleforge.drivers.evaluators import heuristic_value, rank_values
from ruleforge.drivers.narrate import ending_line
from ruleforge.drivers.play import decide_for
from ruleforge.drivers.simulate import GameSpec, run_games, summarize, wilson
from ruleforge.drivers.targets import Target, parse_target
from ruleforge.drivers.traces import play_traced
from ruleforge.load import check_source
from ruleforge.runtime.rng import Random

CLIMB = Path(__file__).parent / "data" / "the_climb.rules"

# Two partners each move in turn: Grab takes 2 points and costs the partner 3, Share
# gives each 1. Played as a team, Share is better (+2 against -1); a seat ranked against
# the other by its own points grabs.
GIVE = """game "Give"
players 2
cooperative

cards: standard deck in deck
zone deck: pile

counter points per player = 0
counter moves = 0

turn:
    current takes an action

action grab "Grab":
    increase points of current by 2
    decrease points of (the player after current) by 3
    increase moves by 1

action share "Share":
    increase points of current by 1
    increase points of (the player after current) by 1
    increase moves by 1

heuristic: sum of points of p for each p in players

ending done "six moves were made": everyone wins when moves = 6
"""

# the same game played for oneself: the seat with the most points wins
RIVALS = GIVE.replace("cooperative\n", "").replace(
    "heuristic: sum of points of p for each p in players", "heuristic of p: points of p").replace(
    "everyone wins when", "players with the highest points win when")


def load(tmp_path, text: str, name: str = "t.rules", **params):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return ruleforge.load(path, **params)


def errors(text: str) -> list:
    with pytest.raises(RuleFileError) as e:
        check_source("t.rules", text.encode())
    return [(d.span.line, d.span.column, d.message, d.hint) for d in e.value.diagnostics]


# ---- the check

def test_the_climb_checks_as_a_cooperative_game():
    checked = ruleforge.load(CLIMB)
    assert checked.cooperative and checked.heuristic_source == "heuristic" and checked.payoff is not None


def test_an_ending_that_names_a_player_in_a_cooperative_game_is_an_error():
    text = GIVE.replace("everyone wins when moves = 6", "player 1 wins when moves = 6")
    assert errors(text) == [(26, 36, "in a cooperative game the players win or lose together, so an ending says "
                                     "'everyone wins' or 'nobody wins'",
                             "the game is cooperative (line 3): the team wins or loses as one, so name no player "
                             "here")]
    shared = GIVE.replace("everyone wins when", "[player 1, player 2] win when")
    assert [e[:2] for e in errors(shared)] == [(26, 36)]


@pytest.mark.parametrize("winners", ["everyone wins", "all players win", "players win", "nobody wins"])
def test_everyone_all_players_players_and_nobody_are_the_team_s_endings(winners):
    check_source("t.rules", GIVE.replace("everyone wins", winners).encode())


def test_everyone_is_every_player_in_a_competitive_game_too():
    text = RIVALS.replace("players with the highest points win when", "everyone wins when")
    check_source("t.rules", text.encode())


def test_a_heuristic_of_p_in_a_cooperative_game_is_an_error():
    text = GIVE.replace("heuristic: sum of", "heuristic of q: sum of")
    assert errors(text) == [(24, 14, "in a cooperative game the heuristic is the team's: one value, not one for "
                                     "each player",
                             "write 'heuristic: EXPRESSION', with no 'of q' (the game is cooperative: line 3)")]


def test_a_payoff_of_p_in_a_cooperative_game_is_an_error():
    text = GIVE + "payoff of p: points of p\n"
    assert errors(text) == [(27, 11, "in a cooperative game the payoff is the team's: one value, not one for each "
                                     "player",
                             "write 'payoff: EXPRESSION', with no 'of p' (the game is cooperative: line 3)")]


def test_a_team_heuristic_or_payoff_in_a_competitive_game_is_an_error():
    text = RIVALS.replace("heuristic of p: points of p", "heuristic: points of player 1") + "payoff: moves\n"
    assert errors(text) == [
        (23, 1, "a heuristic without 'of p' is a team's, for a cooperative game",
         "write 'heuristic of p: EXPRESSION' (how well p is doing), or add a line 'cooperative' if the players "
         "win or lose together"),
        (26, 1, "a payoff without 'of p' is a team's, for a cooperative game",
         "write 'payoff of p: EXPRESSION' (what p gets), or add a line 'cooperative' if the players win or lose "
         "together")]


def test_cooperative_twice_and_a_match_are_errors():
    text = GIVE.replace("cooperative\n", "cooperative\ncooperative\n") + "match:\n    wins needed: 3 in all\n"
    assert errors(text) == [
        (4, 1, "the game is already declared cooperative (line 3)", None),
        (28, 1, "a match is between two opponents, but in a cooperative game the players are one team",
         "leave out 'match:', or the line 'cooperative' (line 3)")]


# ---- the result and the narration

def test_the_team_wins_as_one_and_the_narration_says_so(tmp_path):
    game = ruleforge.load(CLIMB)
    res = _finish_random(game, 1)
    assert (res.winners, res.payoffs) == ((), (4, 4))
    assert ending_line(res, game.seat_titles.__getitem__, True) == \
        "Game over: the lives ran out. The team loses. Payoff: +4."
    won = _finish_random(ruleforge.load(CLIMB, lives=7), 1)
    assert (won.winners, won.payoffs) == ((0, 1), (6, 6))
    assert ending_line(won, game.seat_titles.__getitem__, True) == \
        "Game over: every card was laid. The team wins. Payoff: +6."


def _finish_random(game, seed):
    from ruleforge.drivers.agents import RandomAgent
    st = game.new(seed)
    rng = Random(seed)
    while not st.is_over:
        actions = st.legal_actions()
        st.apply(decide_for(RandomAgent(), st, st.current_player, actions, rng))
    return st.result


def test_run_narrates_the_team_s_result(ruleforge_cmd):
    r = ruleforge_cmd("run", CLIMB, "--seed", 1)
    assert r.code == 0
    assert "Game over: the lives ran out. The team loses. Payoff: +2." in r.out.splitlines()


# ---- the bots

def test_bots_credit_every_seat_the_team_s_value(tmp_path):
    game = load(tmp_path, GIVE)
    st = game.new(1)
    st.apply(st.legal_actions()[0])  # player 1 grabs: +2 for them, -3 for player 2
    assert [heuristic_value(st, s) for s in (0, 1)] == [-1.0, -1.0]
    assert rank_values(st, "rank") == rank_values(st, "win") == [0.5 - 1 / 2000] * 2
    rivals = load(tmp_path, RIVALS, "rivals.rules")
    st = rivals.new(1)
    st.apply(st.legal_actions()[0])
    assert rank_values(st, "rank") == [1.0, 0.0]


@pytest.mark.parametrize("agent", [GreedyAgent(), IsmctsAgent(iterations=40, rollout_depth=0)],
                         ids=["greedy", "ismcts"])
def test_a_team_bot_shares_where_a_rival_grabs(tmp_path, agent):
    team, rivals = load(tmp_path, GIVE), load(tmp_path, RIVALS, "rivals.rules")
    for seed in range(3):
        st = team.new(seed)
        assert str(decide_for(agent, st, 0, st.legal_actions(), Random(seed))) == "share"
        st = rivals.new(seed)
        assert str(decide_for(agent, st, 0, st.legal_actions(), Random(seed))) == "grab"


def test_a_won_game_is_a_whole_win_to_each_seat(tmp_path):
    game = load(tmp_path, GIVE)
    st = game.new(1)
    while not st.is_over:
        st.apply(st.legal_actions()[1])
    assert st.result.winners == (0, 1)
    assert [heuristic_value(st, s) for s in (0, 1)] == [1000.0, 1000.0]


def test_a_team_score_stands_for_a_heuristic(tmp_path):
    text = GIVE.replace("heuristic: sum of points of p for each p in players\n", "").replace(
        "counter moves = 0", "counter moves = 0\ncounter score = 0")
    game = load(tmp_path, text + "when the game ends:\n    set score to 4\n", "score.rules")
    assert game.heuristic_source == "score counter"
    per_player = load(tmp_path, text.replace("counter points per player", "counter score per player").replace(
        "counter score = 0\n", "").replace("points of", "score of"), "per_player.rules")
    st = per_player.new(1)
    st.apply(st.legal_actions()[1])  # share: 1 each, 2 for the team
    assert [per_player.heuristic(st, s) for s in (0, 1)] == [2, 2]


# ---- the reports

def test_a_team_that_always_wins_wins_every_game():
    game = ruleforge.load(CLIMB, lives=7)  # 6 cards, 7 lives: the team cannot lose
    outcomes = run_games(GameSpec(str(CLIMB), {"lives": "7"}, None, "random", 5), 40)
    s = summarize(game, outcomes, "random")
    assert s["cooperative"] and s["no_winner"] == 0 and "first_seat" not in s
    assert s["seats"] == [{"seat": 1, "name": "team", "title": "the team", "wins": 40, "ties": 0, "win_rate": 1.0,
                           "ci95": list(wilson(40, 40)), "tie_rate": 0.0}]
    assert s["payoffs"] == [{"seat": 1, "name": "team", "title": "the team", "mean": 6.0, "ci95": [6.0, 6.0],
                             "games": 40}]
    assert s["endings"] == {"climbed": 40}


def test_run_reports_the_team_not_the_seats(ruleforge_cmd):
    r = ruleforge_cmd("run", CLIMB, "--games", 40, "--seed", 5, "--set", "lives=7")
    assert r.code == 0
    lines = r.out.splitlines()
    assert "│ the team │   40 │      0 │   100.0% │ [91.2, 100.0] │" in lines
    assert "│ the team │       +6.00 │ [+6.00, +6.00] │" in lines
    assert "Starting-seat advantage" not in r.out and "player 1" not in r.out


def test_analyze_reports_the_team_and_its_skill(ruleforge_cmd, tmp_path):
    page, data = tmp_path / "climb.html", tmp_path / "climb.json"
    r = ruleforge_cmd("analyze", CLIMB, "--seed", 1, "--games", 20, "--rungs", "random,greedy", "--skill-games", 20,
                      "--set", "lives=7", "--html", page, "--json", data)
    assert r.code == 0, r.err
    lines = r.out.splitlines()
    none = "none to measure: the players win or lose together, as one team"
    assert f"Balance and starting-seat advantage: {none}" in lines
    assert "Losses: 0.0% [0.0, 16.1] of the games (0 of 20) were won by nobody: the team's loss" in lines
    assert f"Decisiveness and lead changes: {none}" in lines
    assert "Balance gap" not in r.out and "Starting-seat" not in r.out and "Drawishness" not in r.out
    report = json.loads(data.read_text())
    assert report["cooperative"] and (report["draws"], report["tension"]) == (None, None)
    step = report["skill"]["steps"][0]
    assert report["skill"]["games_per_seat"] == 20 and len(step["seats"]) == 1
    assert (step["seats"][0]["title"], step["seats"][0]["weaker_rate"], step["seats"][0]["stronger_rate"],
            step["seats"][0]["gain"]) == ("the team", 1.0, 1.0, 0.0)
    assert "<h2>The team</h2>" in page.read_text()
    # the skill table's one row is the team: it was headed "Seat"
    at = lines.index("Every seat played by the stronger bot: the team's win rate against the same deals with the weaker")
    assert lines[at + 3].split("┃")[1:3] == [" Step               ", " Team     "]
    assert ("<table><tr><th>Step</th><th>Team</th><th>Games</th><th>Weaker</th><th>Stronger</th><th>Gain (points)</th>"
            "<th>95% CI</th><th></th></tr>") in page.read_text()


def test_a_stronger_team_wins_more_often():
    game = ruleforge.load(CLIMB)
    spec = GameSpec(str(CLIMB), {}, None, "random", 1)
    from ruleforge.drivers import skill
    k = skill.run(spec, ["random", "greedy"], 100, ["the team"], team=True)
    row = k["steps"][0]["seats"][0]
    assert (row["games"], row["weaker_rate"], row["stronger_rate"], row["significant"]) == (100, 0.0, 0.24, True)
    assert game.cooperative


def test_the_card_impact_credits_the_team_s_win(tmp_path):
    game = ruleforge.load(CLIMB, lives=7)
    traces = run_games(GameSpec(str(CLIMB), {"lives": "7"}, None, "random", 3), 30, play=play_traced)
    rows = analysis.cards(game, traces, team=True)["rows"]
    assert rows and all(r["with"]["win_rate"] == r["without"]["win_rate"] == 1.0 for r in rows)


def test_compare_says_a_cooperative_and_a_competitive_game_cannot_be_compared(ruleforge_cmd, tmp_path):
    (tmp_path / "give.rules").write_text(GIVE)
    (tmp_path / "rivals.rules").write_text(RIVALS)
    r = ruleforge_cmd("compare", tmp_path / "give.rules", tmp_path / "rivals.rules", "--games", 2)
    assert r.code == 2
    assert (f"{tmp_path / 'give.rules'} is a cooperative game and {tmp_path / 'rivals.rules'} is not: a team's win "
            "rate and each seat's cannot be compared") in " ".join(r.err.split())


def test_tune_aims_at_the_team(tmp_path):
    game = ruleforge.load(CLIMB)
    assert parse_target("the team wins 60%", game) == Target("wins", 0.6, None, "the team wins 60%")
    assert parse_target("mean payoff of the team 5", game) == Target("payoff", 5.0, None, "mean payoff of the team 5")
    with pytest.raises(ValueError) as e:
        parse_target("player 1 wins 50%", game)
    assert str(e.value) == ("'player 1 wins 50%': The Climb is a cooperative game, whose players win or lose "
                            "together: aim at the team, such as 'the team wins 50%'")
    outcomes = run_games(GameSpec(str(CLIMB), {"lives": "7"}, None, "random", 5), 10)
    assert parse_target("the team wins 60%", game).measure(outcomes)["value"] == 1.0


def test_openspiel_gives_the_team_one_return(tmp_path):
    pytest.importorskip("pyspiel")
    import pyspiel
    from ruleforge.drivers.openspiel import load_game
    path = tmp_path / "give.rules"
    path.write_text(GIVE)
    g = load_game(path)
    assert g.get_type().utility == pyspiel.GameType.Utility.IDENTICAL


def test_the_language_reference_s_example_checks_and_plays(tmp_path):
    # (a whole game in docs/language.md is not tried by test_language_examples.py)
    import re
    page = (Path(__file__).parents[1] / "docs" / "language.md").read_text(encoding="utf-8")
    section = page[page.index("## Cooperative games\n"):page.index("## Invariants\n")]
    (example,) = re.findall(r"```rules\n(.*?)```", section, re.S)
    game = load(tmp_path, example, "climb.rules")
    assert game.cooperative and game.nplayers == 2
    res = _finish_random(game, 1)
    assert res.winners in ((), (0, 1)) and res.payoffs[0] == res.payoffs[1]


def test_the_note_on_blind_greedy_bots_names_the_team_s_heuristic(tmp_path):
    from ruleforge.drivers.agents import blind_greedy_note
    game = load(tmp_path, GIVE.replace("heuristic: sum of points of p for each p in players\n", ""))
    assert blind_greedy_note("greedy", game) == (
        "note: Give declares no heuristic (nor a score for the team), so greedy bots judge a move only by whether "
        "it ends the game at once, won or lost, and choose at random among the others: where few moves end the "
        "game, they play nearly as random bots do. A `heuristic: ...` gives them judgement "
        "(docs/language.md#heuristic-for-bots).")


# ---- `everyone`, a word of the language since cooperative games: a file that named something so

EVERYONE = "'everyone' is a word of the language (every player): pick another name"


@pytest.mark.parametrize("old, new, line, column, kind", [
    # every use of the counter reads as the word: they said "this cannot be changed" and
    # "each side of '=' must be a number, not a list of players"
    ("moves", "everyone", 8, 9, "a counter"),
    # (and `cards: standard deck in everyone` said "unknown zone 'everyone'")
    ("standard deck in deck\nzone deck: pile", "standard deck in everyone\nzone everyone: pile", 5, 6, "a zone"),
    ("heuristic of p: points of p", "define everyone = 2\nheuristic of p: points of p", 23, 8, "a definition"),
    ("counter moves = 0", "counter moves = 0\nparameter everyone = 2", 9, 11, "a parameter"),
    ("counter moves = 0", "counter moves = 0\ncounter everyone per card = 0", 9, 9, "a counter"),
    ('action share "Share":\n', 'action share "Share":\n    let everyone = 1\n', 19, 9, "a value"),
    ('action share "Share":\n', 'action share "Share":\n    let everyone = 1 for the turn\n', 19, 9, "a value"),
])
def test_everyone_as_a_name_is_said_once_where_it_is_named(old, new, line, column, kind):
    assert old in RIVALS
    assert errors(RIVALS.replace(old, new)) == [
        (line, column, EVERYONE, f"it cannot name {kind}: written alone, 'everyone' is read as the word")]


def test_another_word_of_the_language_as_a_name_is_said_as_before():
    assert errors(RIVALS.replace("counter moves = 0", "counter moves = 0\nparameter owner = 2")) == [
        (9, 11, "'owner' is a word of the language and cannot name a parameter", "choose another name")]
