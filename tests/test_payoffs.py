"""Numeric payoffs (issue 13, item 2): `payoff of p: EXPR`, worked out when the game ends,
recorded in the result and the log, reported by `run --games` and `compare` with
intervals, returned by the OpenSpiel adapter, and the bots' objective."""

from __future__ import annotations

import json

import pytest

import ruleforge
from ruleforge import RuleFileError
from ruleforge.drivers.agents import GreedyAgent, IsmctsAgent
from ruleforge.drivers.compare import paired_payoff_difference
from ruleforge.drivers.narrate import Narrator
from ruleforge.drivers.play import decide_for
from ruleforge.drivers.simulate import GameOutcome, GameSpec, run_games, summarize
from ruleforge.load import check_source
from ruleforge.runtime.rng import Random
from ruleforge.testing import arrange, play

# A one-bet showdown: player 1 bets 1 or 3 chips, the higher card takes the stake.
STAKE = """\
game "Stake"
players 2

cards: standard deck in deck
zone deck: pile, face down
zone hand per player: hand, private

parameter start_chips = 10
counter chips per player = start_chips, shown
counter stake = 0

define strength of p = (top of hand of p).value

setup:
    shuffle deck
    for each p in players:
        move top of deck to hand of p

turn:
    current takes an action

action small "bet 1":
    set stake to 1
    end the game with showdown

action big "bet 3":
    set stake to 3
    end the game with showdown

# "The higher card takes the stake from the other player; equal cards take nothing."
when the game ends:
    if count of (players with the highest strength) = 1:
        for each w in players with the highest strength:
            for each p in opponents of w:
                decrease chips of p by stake
                increase chips of w by stake

# The result is in chips won or lost.
payoff of p: chips of p - start_chips

ending showdown "the cards are shown": players with the highest strength win
"""


def load(tmp_path, text=STAKE, name="stake.rules"):
    path = tmp_path / name
    path.write_text(text)
    return ruleforge.load(path), path


def errors(text):
    with pytest.raises(RuleFileError) as e:
        check_source("t.rules", text.encode())
    return [(d.span.line, d.span.column, d.message) for d in e.value.diagnostics]


def test_a_stacked_showdown_pays_exactly(tmp_path):
    game, _ = load(tmp_path)
    st = game.new(1, record=True)
    arrange(st, "hand", ["K♠"], 0)
    arrange(st, "hand", ["2♥"], 1)
    st.record.clear()
    play(st, "big")
    assert st.result.winners == (0,) and st.result.payoffs == (3, -3)
    assert (st.counter("chips", 0), st.counter("chips", 1)) == (13, 7)
    assert Narrator(game).lines(st.record)[-1] == \
        "Game over: the cards are shown. Winner: player 1. Payoffs: player 1 +3, player 2 -3."


def test_a_tie_pays_nothing_and_says_winners(tmp_path):
    game, _ = load(tmp_path)
    st = game.new(1, record=True)
    arrange(st, "hand", ["9♠"], 0)
    arrange(st, "hand", ["9♥"], 1)
    st.record.clear()
    play(st, "small")
    assert st.result.winners == (0, 1) and st.result.payoffs == (0, 0)
    assert Narrator(game).lines(st.record)[-1] == \
        "Game over: the cards are shown. Winners: player 1 and player 2. Payoffs: player 1 0, player 2 0."


def test_a_game_without_a_payoff_records_none(tmp_path):
    game, _ = load(tmp_path, STAKE.replace("payoff of p: chips of p - start_chips\n", ""))
    st = game.new(1)
    play(st, "big")
    assert st.result.payoffs is None
    assert "PAYOFF" not in game.source  # compiled as before the construct existed


def test_the_payoff_is_a_number_of_a_player():
    base = STAKE.replace("payoff of p: chips of p - start_chips\n", "")
    line = base.count("\n") + 1  # the line added after the base
    assert line == 41
    assert errors(base + "payoff of p: p\n") == [
        (41, 14, "a payoff must be a number, not a player")]
    assert errors(base + "payoff of p: chips of q\n") == [
        (41, 23, "unknown player 'q'")]
    assert errors(base + "payoff of p: 1\npayoff of q: 2\n") == [
        (42, 1, "the payoff is already declared")]


def test_the_payoff_is_bounded(tmp_path):
    game, _ = load(tmp_path, STAKE.replace("chips of p - start_chips", "chips of p * 1000000000000000000"))
    st = game.new(1)
    with pytest.raises(ruleforge.RuleError) as e:
        play(st, "big")
    assert e.value.limit == "number"


def test_the_log_records_the_payoffs_and_replays(tmp_path, ruleforge_cmd):
    _, path = load(tmp_path)
    log = tmp_path / "game.jsonl"
    ran = ruleforge_cmd("run", path, "--seed", 3, "--log", log)
    assert ran.code == 0
    result = [json.loads(line) for line in log.read_text().splitlines()][-1]
    assert result["type"] == "result" and result["payoffs"] == [-1, 1]
    assert ruleforge_cmd("replay", log).code == 0
    # a log whose payoffs differ does not replay
    lines = log.read_text().splitlines()
    lines[-1] = lines[-1].replace("[-1, 1]", "[1, -1]")
    log.write_text("\n".join(lines) + "\n")
    ran = ruleforge_cmd("replay", log)
    assert ran.code == 1 and "the result differs" in ran.out + ran.err


def test_run_games_reports_mean_payoffs_with_intervals(tmp_path, ruleforge_cmd):
    game, path = load(tmp_path)
    outcomes = run_games(GameSpec(str(path), {}, None, None, 1), 200)
    s = summarize(game, outcomes)
    pays = [o.payoffs for o in outcomes]
    assert all(p[0] == -p[1] for p in pays)
    p1 = s["payoffs"][0]
    assert p1["games"] == 200
    assert p1["mean"] == pytest.approx(sum(p[0] for p in pays) / 200) == pytest.approx(0.08)
    assert p1["ci95"] == pytest.approx([-0.227966, 0.387966], abs=1e-6)  # ± t95(200) = 1.9720 se
    ran = ruleforge_cmd("run", path, "--games", 200, "--seed", 1, "--jobs", 1)
    assert ran.code == 0
    assert "│ player 1 │       +0.08 │ [-0.23, +0.39] │" in ran.out
    assert "│ player 2 │       -0.08 │ [-0.39, +0.23] │" in ran.out
    assert "The first player's payoff: +0.08 on average [-0.23, +0.39]" in ran.out


def test_one_game_gives_a_mean_payoff_but_no_interval(tmp_path, ruleforge_cmd):
    # One game printed its payoff as the interval, '+2.00 [+2.00, +2.00]': a certainty
    # read from a sample that shows no spread at all.
    game, path = load(tmp_path)
    ran = ruleforge_cmd("run", path, "--games", 1, "--seed", 1, "--jobs", 1)
    assert ran.code == 0
    rows = [line for line in ran.out.splitlines() if line.startswith("│ player")]
    pays = run_games(GameSpec(str(path), {}, None, None, 1), 1)[0].payoffs
    assert f"│ player 1 │ {pays[0]:+11.2f} │ — (1 game) │" in rows
    assert "The first player's payoff: " + f"{pays[0]:+.2f} on average — (1 game)" in ran.out


def test_compare_reports_the_paired_payoff_difference(tmp_path, ruleforge_cmd):
    _, path = load(tmp_path)
    # the variant's stakes are twice as high: every payoff doubles
    variant = tmp_path / "double.rules"
    variant.write_text('extends "stake.rules"\n\naction big "bet 3":\n    set stake to 6\n'
                       '    end the game with showdown\n\naction small "bet 1":\n    set stake to 2\n'
                       '    end the game with showdown\n')
    out = tmp_path / "cmp.json"
    ran = ruleforge_cmd("compare", path, variant, "--games", 200, "--seed", 1, "--jobs", 1, "--out", out,
                        "--agents", "random")
    assert ran.code == 0, ran.err
    doc = json.loads(out.read_text())
    d1 = doc["payoff_differences"][0]
    assert (d1["seat"], d1["games"]) == (1, 200)
    assert d1["difference"] == pytest.approx(0.08)
    assert d1["ci95"] == pytest.approx([-0.227966, 0.387966], abs=1e-6)  # ± t95(200) = 1.9720 se
    assert not d1["significant"]
    assert "Payoff difference from" in ran.out


def test_paired_payoff_difference_is_exact():
    def o(i, pay):
        return GameOutcome(i, i, (), "x", 1, 1, payoffs=pay)
    base = [o(0, (1, -1)), o(1, (0, 0)), o(2, (-2, 2))]
    variant = [o(0, (3, -3)), o(1, (2, -2)), o(2, (0, 0))]
    d = paired_payoff_difference(base, variant, 0)
    # every pair differs alike: no interval for the mean, and the sign test's verdict,
    # which 3 pairs cannot give (one game read '+3.00 [+3.00, +3.00] significant')
    assert d["difference"] == 2 and d["ci95"] == [2, 2] and not d["significant"]
    assert paired_payoff_difference(base, variant, 1)["difference"] == -2
    assert not paired_payoff_difference(base[:1], variant[:1], 0)["significant"]
    five, six = (paired_payoff_difference(base * k, variant * k, 0) for k in (5, 6))  # 15 and 18 pairs
    assert five["significant"] and six["significant"]
    assert not paired_payoff_difference(base[:1] * 5, variant[:1] * 5, 0)["significant"]  # 5 pairs
    assert paired_payoff_difference(base[:1] * 6, variant[:1] * 6, 1)["significant"]  # 6 pairs, each -2


# Player 1 takes one of three ways to end: a win worth 1 or 5 chips alone, or a split
# that both players win, worth 8 chips each. Win/loss prefers winning alone; the payoff
# prefers the split.
SPLIT = """\
game "Split"
players 2
cards: standard deck in deck
zone deck: pile, face down
counter gain per player = 0

turn:
    current takes an action

action one "take one":
    set gain of current to 1
    end the game with alone
action five "take five":
    set gain of current to 5
    end the game with alone
action split "split":
    for each p in players:
        set gain of p to 8
    end the game with shared

payoff of p: gain of p

ending alone "taken": current wins
ending shared "split": players win
"""


@pytest.mark.parametrize("agent", [IsmctsAgent(iterations=60), GreedyAgent()])
def test_the_bots_seek_the_higher_payoff(tmp_path, agent):
    game, _ = load(tmp_path, SPLIT, "split.rules")
    plain, _ = load(tmp_path, SPLIT.replace("payoff of p: gain of p\n", ""), "plain.rules")
    for seed in range(3):
        st = game.new(seed)
        assert str(decide_for(agent, st, 0, st.legal_actions(), Random(seed))) == "split"
        st = plain.new(seed)
        assert str(decide_for(agent, st, 0, st.legal_actions(), Random(seed))) in ("one", "five")


def test_openspiel_returns_the_payoffs(tmp_path):
    pytest.importorskip("pyspiel")
    from ruleforge.drivers.openspiel import load_game
    _, path = load(tmp_path, SPLIT, "split.rules")
    game = load_game(str(path))
    state = game.new_initial_state()
    state.apply_action(0)  # the deal
    for a in state.legal_actions():
        if state.action_to_string(a).startswith("split"):
            state.apply_action(a)
            break
    assert state.is_terminal() and state.returns() == [8.0, 8.0]


def test_the_csv_has_a_payoffs_column_only_for_a_game_with_a_payoff(tmp_path, ruleforge_cmd):
    _, path = load(tmp_path)
    out = tmp_path / "r.csv"
    assert ruleforge_cmd("run", path, "--games", 3, "--seed", 1, "--jobs", 1, "--out", out).code == 0
    rows = out.read_text().splitlines()
    assert rows[0] == "game,seed,winners,ending,decisions,rounds,turns,payoffs"
    assert [r.split(",")[-1] for r in rows[1:]] == [
        " ".join(str(v) for v in o.payoffs) for o in run_games(GameSpec(str(path), {}, None, None, 1), 3)]
    plain, plain_path = load(tmp_path, STAKE.replace("payoff of p: chips of p - start_chips\n", ""), "plain.rules")
    assert ruleforge_cmd("run", plain_path, "--games", 3, "--seed", 1, "--jobs", 1, "--out", out).code == 0
    assert out.read_text().splitlines()[0] == "game,seed,winners,ending,decisions,rounds,turns"


def test_play_game_returns_the_payoffs_in_its_state_and_log(tmp_path):
    from ruleforge.drivers.agents import RandomAgent
    from ruleforge.drivers.play import play_game
    game, _ = load(tmp_path)
    log: list = []
    st = play_game(game, 3, [RandomAgent(), RandomAgent()], log=log)
    assert st.result.payoffs == (-1, 1)
    assert log[-1] == {"type": "result", "ending": "showdown", "reason": "the cards are shown",
                       "winners": ["player 2"], "decisions": 1, "rounds": 1, "turns": 1, "payoffs": [-1, 1]}


def test_a_sweep_shows_the_mean_payoffs(tmp_path, ruleforge_cmd):
    _, path = load(tmp_path)
    ran = ruleforge_cmd("run", path, "--games", 50, "--seed", 1, "--jobs", 1, "--sweep", "start_chips=10,20")
    assert ran.code == 0
    assert "player 1 payoff" in ran.out and "-0.20 [-0.90," in ran.out
