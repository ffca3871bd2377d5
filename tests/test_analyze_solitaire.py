"""`ruleforge analyze` on a game for one player: a game nobody wins is a loss, not a draw,
and with one seat nobody takes or changes the lead, so the report shows losses and no
drawishness, decisiveness or lead changes (it printed "Drawishness: 52.0% ... had no
single winner" and "Lead changes: 0.0 a game" for blackjack at one player). Games for
two players or more keep their lines."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import ruleforge
from ruleforge.drivers import analysis
from ruleforge.drivers.simulate import GameSpec, run_games, wilson
from ruleforge.drivers.traces import play_traced

DATA = Path(__file__).parent / "data" / "analyze"

# Two decisions, Step or Rest; Step scores a point (the heuristic greedy follows), and the
# player wins with `goal` points after two moves. Greedy steps twice: it always wins at
# goal 2 and always loses at goal 3; a random player wins when it steps twice.
SOLO = """game "Solo"
players 1
parameter goal = 2
cards: standard deck in deck
zone deck "the deck": pile, face down
counter score per player = 0
counter moves = 0

turn:
    current takes an action

action step "Step":
    increase score of current by 1
    increase moves by 1

action rest "Rest":
    increase moves by 1

ending done "two moves made": players where score of it >= goal win when moves = 2
"""

NONE = "Decisiveness and lead changes: none to measure, in a game for one player"
CLAIMED = ("Drawishness", "Decisiveness:", "Lead changes", "Decisiveness and lead changes: not measured")


@pytest.fixture
def solo(tmp_path) -> Path:
    path = tmp_path / "solo.rules"
    path.write_text(SOLO, encoding="utf-8")
    return path


def analyze(ruleforge_cmd, tmp_path, path, *args):
    page, data = tmp_path / "solo.html", tmp_path / "solo.json"
    r = ruleforge_cmd("analyze", path, "--seed", 1, "--html", page, "--json", data, "--plots", tmp_path / "p", *args)
    assert r.code == 0, r.err
    return r, page.read_text(), json.loads(data.read_text())


def test_a_solitaire_always_lost_shows_its_losses_and_no_draws_or_leads(ruleforge_cmd, tmp_path, solo):
    r, page, data = analyze(ruleforge_cmd, tmp_path, solo, "--games", 10, "--rungs", "none", "--set", "goal=3")
    losses = "Losses: 100.0% [72.2, 100.0] of the games (10 of 10) were won by nobody: a loss, in a game for one player"
    assert losses in r.lines and NONE in r.lines
    assert r.lines.index(losses) + 1 == r.lines.index(NONE)
    assert not [line for line in r.lines if line.startswith(CLAIMED)]
    assert (data["draws"], data["tension"]) == (None, None)
    assert data["losses"] == {"games": 10, "losses": 10, "rate": 1.0, "ci95": list(wilson(10, 10))}
    assert f"<p>{losses}.</p>" in page and f"<p>{NONE}.</p>" in page
    assert "Drawishness" not in page and "Lead changes:" not in page and ", 1 player, seed 1" in page
    assert sorted(p.name for p in tmp_path.glob("p-*")) == ["p-balance.png", "p-decisions.png", "p-length.png",
                                                            "p-rules.png"]  # no tension plot


def test_a_solitaire_always_won_has_no_losses_and_draws_its_plots(ruleforge_cmd, tmp_path, solo):
    # (at 10 games the Wilson interval of 10 wins ends at 0.9999999999999999: the
    # balance plot's error bar came out negative and matplotlib refused it)
    r, page, data = analyze(ruleforge_cmd, tmp_path, solo, "--games", 10, "--rungs", "none")
    assert "Losses: 0.0% [0.0, 27.8] of the games (0 of 10) were won by nobody: a loss, in a game for one player" \
        in r.lines
    assert NONE in r.lines and not [line for line in r.lines if line.startswith(CLAIMED)]
    assert data["losses"] == {"games": 10, "losses": 0, "rate": 0.0, "ci95": list(wilson(0, 10))}
    assert (data["draws"], data["tension"]) == (None, None)
    assert page.count('src="data:image/png;base64,') == 4


def report_of(path, games, agents="greedy", players=None, **params):
    game = ruleforge.load(path, players=players, **params)
    spec = GameSpec(str(path), {k: str(v) for k, v in params.items()}, players, agents, 11)
    return analysis.report(game, run_games(spec, games, play=play_traced), agents)


def test_a_random_player_s_losses_are_the_games_it_did_not_win(solo):
    r = report_of(solo, 60, agents="random")
    seat, lost = r["summary"]["seats"][0], r["losses"]
    assert 0 < lost["losses"] < 60 and lost["losses"] == 60 - seat["wins"]
    assert (lost["games"], lost["rate"], lost["ci95"]) == (60, lost["losses"] / 60, list(wilson(lost["losses"], 60)))
    assert r["draws"] is None and r["tension"] is None


def test_a_game_for_two_players_has_no_losses_figure():
    r = report_of(DATA / "lead.rules", 5)
    assert "losses" not in r and r["draws"]["games"] == 5 and r["tension"]["measured"]


def test_the_skill_trace_of_a_solitaire_has_no_every_seat_row(ruleforge_cmd, tmp_path, solo):
    r, page, data = analyze(ruleforge_cmd, tmp_path, solo, "--games", 20, "--rungs", "random,greedy",
                            "--skill-games", 40)
    assert "The one seat played by the stronger bot: its win rate against the same deals with the weaker bot" in r.out
    assert "every seat" not in r.out.replace("greedy at every seat", "")
    verdicts = [line for line in r.lines if line.startswith("greedy ")]
    assert len(verdicts) == 1 and verdicts[0].startswith("greedy over random: wins +")
    assert verdicts[0].endswith(": skill pays at this step")
    assert "<td>every seat</td>" not in page and "<li>greedy over random: wins +" in page
    step = data["skill"]["steps"][0]
    assert step["seats"][0]["stronger_rate"] == 1.0 and step["overall"]["gain"] == step["seats"][0]["gain"]


def test_the_skill_verdict_of_a_solitaire_names_no_other_seats():
    from ruleforge.drivers.analysis_text import skill_verdicts
    row = {"title": "player 1", "gain": 0.05, "ci95": [-0.05, 0.15], "significant": False}
    k = {"steps": [{"weaker": "greedy", "stronger": "ismcts:100", "seats": [row],
                    "overall": {"gain": 0.05, "ci95": [-0.05, 0.15], "significant": False}}]}
    assert skill_verdicts(k) == ["ismcts:100 over greedy: no significant gain (+5.0 [-5.0, +15.0]): at this step "
                                 "the games do not show that skill matters"]


# ---- games for two players keep their lines ---------------------------------------------

@pytest.mark.parametrize("rules, games, expected", [
    ("lead.rules", 5, [
        "Drawishness: 0.0% [0.0, 43.4] of the games had no single winner (0 won by nobody, 0 shared)",
        "Decisiveness: the eventual winner took the lead for good after 100.0% of the game's decisions (median; "
        "quartiles",
        "100.0%-100.0%, 5 games with one winner); it led from the first decision in 0.0% of them and only by "
        "winning in 100.0%",
        "Lead changes: 3.0 a game [3.0, 3.0] (7.50 every 10 decisions), by each seat's score at each decision"]),
    ("chance.rules", 40, [
        "Drawishness: 10.0% [4.0, 23.1] of the games had no single winner (0 won by nobody, 4 shared)",
        "Decisiveness and lead changes: not measured: the rule file declares no heuristic (heuristic of p: ...) "
        "and no per-player",
        "score to tell who leads"]),
])
def test_a_game_for_two_players_keeps_its_drawishness_and_lead_lines(ruleforge_cmd, rules, games, expected):
    r = ruleforge_cmd("analyze", DATA / rules, "--games", games, "--rungs", "none", "--seed", 1, "--no-html")
    assert r.code == 0, r.err
    lines = [line.rstrip() for line in r.lines]  # (rich pads a table's title, and wraps at 120 columns)
    start = lines.index(expected[0])
    assert lines[start:start + len(expected) + 1] == expected + ["How games ended"]
    assert not [line for line in r.lines if line.startswith(("Losses", NONE))]
