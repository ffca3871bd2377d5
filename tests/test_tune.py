"""`ruleforge tune`: targets and ranges read with clear messages, and a search that finds
a known best value, the same for one seed whatever the number of processes."""

from __future__ import annotations

import pytest

import ruleforge
from ruleforge.drivers.simulate import GameOutcome
from ruleforge.drivers.targets import Target, parse_target
from ruleforge.drivers.tune import ParamRange, parse_param, search

GUFO = "games/gufo.rules"

# The Hero wins when the top card's value is at most `low`: in low/13 of the deals,
# whatever the bots do (their one choice changes nothing).
CHANCE = '''\
game "Chance"
role hero "Hero"
role foe "Foe"

parameter low = 3 in 0 to 13

cards: standard deck in deck
zone deck: pile, face down
zone shown: pile, face up

setup:
    shuffle deck

turn:
    current takes an action

action look "Turn the top card":
    move top of deck to shown

ending low_card "a low card": hero wins when count of shown = 1 and (top of shown).value <= low
ending high_card "a high card": foe wins when count of shown = 1 and (top of shown).value > low
'''

STAKE = '''\
game "Stake"
players 2 to 4

cards: standard deck in deck
zone deck: pile, face down

turn:
    move top of deck to deck

payoff of p: 0

ending done "over": nobody wins when count of deck = 52
'''


@pytest.fixture(scope="module")
def gufo():
    return ruleforge.load(GUFO)


@pytest.mark.parametrize("text, target", [
    ("radar wins 50%", Target("wins", 0.5, 1, "radar wins 50%")),
    ("the Radar Operator  wins 12.5%", Target("wins", 0.125, 1, "radar wins 12.5%")),
    ("INVADER WINS 100%", Target("wins", 1.0, 0, "invader wins 100%")),
    ("player 1 wins 0%", Target("wins", 0.0, 0, "invader wins 0%")),
    ("mean length 30 rounds", Target("rounds", 30.0, None, "mean length 30 rounds")),
    ("Mean length 12.5 Decisions", Target("decisions", 12.5, None, "mean length 12.5 decisions")),
])
def test_targets_read(gufo, text, target):
    assert parse_target(text, gufo) == target


def test_a_payoff_target_names_a_seat_of_a_game_that_declares_one(tmp_path):
    path = tmp_path / "stake.rules"
    path.write_text(STAKE, encoding="utf-8")
    game = ruleforge.load(path, players=3)
    assert parse_target("mean payoff of player 3 -2", game) == Target("payoff", -2.0, 2, "mean payoff of player 3 -2")
    with pytest.raises(ValueError) as e:
        parse_target("player 4 wins 25%", game)
    assert str(e.value) == "'player 4 wins 25%': there is no player 4: this game of Stake has 3 players"


FORMS = ("write one of 'ROLE wins 50%', 'player 1 wins 25%', 'mean length 30 rounds', 'mean length 30 decisions', "
         "'mean payoff of ROLE 0'")


@pytest.mark.parametrize("text, message", [
    ("radr wins 50%", "'radr wins 50%': there is no role 'radr' in gUFO; did you mean 'radar'?"),
    ("alien wins 50%", "'alien wins 50%': there is no role 'alien' in gUFO; the roles are invader, radar"),
    ("radar wins 150%", "'radar wins 150%': 150% is not a win rate: a win rate is from 0% to 100%"),
    ("radar wins 50", "'radar wins 50': a win rate is a percentage, such as 50%"),
    ("radar wins 0.5", "'radar wins 0.5': a win rate is a percentage, such as 0.5%"),
    ("radar wins half%", "'radar wins half%': 'half%' is not a percentage, such as 50%"),
    ("player 3 wins 20%", "'player 3 wins 20%': there is no player 3: this game of gUFO has 2 players"),
    ("mean length 30 turns", "'mean length 30 turns': a length is in rounds or decisions: write "
                             "'mean length 30 rounds' or 'mean length 30 decisions'"),
    ("mean length thirty rounds", "'mean length thirty rounds': 'thirty' is not a number; a length is written as "
                                  "a number, such as 30"),
    ("mean length -3 rounds", "'mean length -3 rounds': a length is not negative"),
    ("mean payoff of radar 0", "'mean payoff of radar 0': gUFO declares no payoff ('payoff of p: ...'); aim at a "
                               "win rate instead, such as 'radar wins 50%'"),
    ("radar loses", f"'radar loses' is not a target: {FORMS}"),
    ("  ", f"the target is empty: {FORMS}"),
])
def test_bad_targets_say_what_to_write(gufo, text, message):
    with pytest.raises(ValueError) as e:
        parse_target(text, gufo)
    assert str(e.value) == message


def test_ranges_read():
    assert parse_param("radar_hand_size = 1..5") == ParamRange("radar_hand_size", 1, 5, "radar_hand_size=1..5")
    assert parse_param("x=-2..+2").values == [-2, -1, 0, 1, 2]


@pytest.mark.parametrize("text, message", [
    ("reveal_count", "'reveal_count' is not NAME=LO..HI, such as hand_size=1..6"),
    ("=1..3", "'=1..3' is not NAME=LO..HI, such as hand_size=1..6"),
    ("reveal_count=1-4", "'reveal_count=1-4': a range is written LO..HI, such as reveal_count=1..6"),
    ("reveal_count=1..", "'reveal_count=1..': a range needs both ends, such as reveal_count=1..6"),
    ("reveal_count=a..4", "'reveal_count=a..4': 'a' is not a number"),
    ("reveal_count=0.5..2", "'reveal_count=0.5..2': 0.5 is not a whole number, and a rule file's numbers are "
                            "whole: write a range of whole numbers, such as reveal_count=1..6"),
    ("reveal_count=4..1", "'reveal_count=4..1': the low end comes first: reveal_count=1..4"),
    ("reveal_count=3..3", "'reveal_count=3..3' is a single value: to fix a parameter, use --set reveal_count=3"),
])
def test_bad_ranges_say_what_to_write(text, message):
    with pytest.raises(ValueError) as e:
        parse_param(text)
    assert str(e.value) == message


@pytest.mark.parametrize("args, message", [
    (["--param", "reveal_cuont=1..4"], "Error: Invalid value for '--param': there is no parameter 'reveal_cuont' in "
                                       "games/gufo.rules; did you mean 'reveal_count'?"),
    (["--param", "cloudy_altitudes=1..3"], "Error: Invalid value for '--param': 'cloudy_altitudes' takes a list of "
                                           "numbers: tune searches numbers"),
    (["--param", "reveal_count=1..3", "--set", "reveal_count=2"],
     "Error: Invalid value for '--param': reveal_count is both --set and searched: give one"),
    (["--param", "reveal_count=1..3", "--param", "reveal_count=2..3"],
     "Error: Invalid value for '--param': reveal_count is searched twice: give one range for it"),
    (["--param", "reveal_count=1..3", "--trials", "3", "--budget", "3000"],
     "Error: --trials and --budget both say how long to search: give one"),
    (["--param", "reveal_count=1..3", "--budget", "1000"],
     "Error: Invalid value for '--budget': 1,000 games leave no trial of 500 games once 1,000 confirm the best: "
     "give at least 1,500, or fewer --games or --confirm"),
    (["--param", "reveal_count=1..3", "--target", "radr wins 50%"],
     "Error: Invalid value for '--target': 'radr wins 50%': there is no role 'radr' in gUFO; did you mean 'radar'?"),
])
def test_usage_mistakes_exit_2_before_any_game(ruleforge_cmd, args, message):
    if "--target" not in args:
        args = args + ["--target", "radar wins 50%"]
    ran = ruleforge_cmd("tune", GUFO, *args)
    assert (ran.code, ran.out) == (2, "")
    assert ran.err.splitlines()[-1] == message


def test_a_range_outside_the_files_is_the_files_own_error(ruleforge_cmd):
    ran = ruleforge_cmd("tune", GUFO, "--param", "radar_hand_size=1..6", "--target", "radar wins 50%")
    assert (ran.code, ran.out) == (2, "")
    assert ran.err.splitlines() == [
        "games/gufo.rules:23:34: error: --param radar_hand_size=1..6: 'radar_hand_size' is from 0 to 5, "
        "as declared here",
        "    parameter radar_hand_size = 3 in 0 to 5",
        "                                     ^^^^^^",
        "  hint: give a value from 0 to 5, or widen the range in the rule file",
        "1 error in games/gufo.rules"]


def test_tune_finds_the_value_that_sets_the_win_rate(ruleforge_cmd, tmp_path):
    path = tmp_path / "chance.rules"
    path.write_text(CHANCE, encoding="utf-8")
    plot = tmp_path / "tune.png"
    args = ("tune", path, "--param", "low=0..13", "--target", "the Hero wins 31%", "--games", 200, "--confirm", 400,
            "--seed", 1)
    ran = ruleforge_cmd(*args, "--jobs", 1, "--plot", plot)
    assert ran.code == 0, ran.err
    assert ran.lines[:4] == [
        "Chance: tuning low=0..13 toward 'hero wins 31%'",
        "bots: greedy for every seat, rung 2 of the ladder (random < greedy < ismcts:100 < ismcts:1000 < ismcts:5000)",
        "search: every value set in the range, in a seeded order; 200 games a trial, the same seeds in every trial "
        "(seed 1)",
        "the best values are then played again on 400 fresh seeds (seed 1401764460)"]
    # 4/13 = 30.8%: the nearest value to 31%; 3/13 and 5/13 are 23.1% and 38.5%
    assert "│     6 │   4 │     30.5% │  [24.5, 37.2] │  0.5 pts │ yes         │" in ran.out
    assert ran.lines[-6:] == [
        "best: low=4 (trial 6)",
        "  on the search's 200 seeds: Hero wins 30.5% [24.5, 37.2]",
        "  on 400 fresh seeds: Hero wins 30.5% [26.2, 35.2]: the interval holds 31.0%",
        "the best values meet the target: on fresh seeds, the interval holds 31.0% (Hero wins went from 0.0% to "
        "100.0% over the 14 trials)",
        f"(the same figures again: ruleforge run {path} --games 400 --seed 1401764460 --agents greedy --set low=4)",
        f"plot written to {plot}"]
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_one_seed_one_search_on_any_number_of_processes(ruleforge_cmd, tmp_path):
    path = tmp_path / "chance.rules"
    path.write_text(CHANCE, encoding="utf-8")
    args = ("tune", path, "--param", "low=2..5", "--target", "hero wins 31%", "--games", 60, "--confirm", 60,
            "--seed", 3)
    one, two = ruleforge_cmd(*args, "--jobs", 1), ruleforge_cmd(*args, "--jobs", 2)
    assert one.code == two.code == 0
    assert one.out == two.out and "best: low=4 (trial 4)" in one.out


def test_a_budget_buys_trials_and_the_sampler_then_chooses(ruleforge_cmd, tmp_path):
    path = tmp_path / "chance.rules"
    path.write_text(CHANCE, encoding="utf-8")
    ran = ruleforge_cmd("tune", path, "--param", "low=0..13", "--target", "hero wins 31%", "--games", 100,
                        "--confirm", 200, "--budget", 700, "--seed", 1, "--jobs", 1)
    assert ran.code == 0, ran.err
    assert ran.lines[2] == ("search: 5 of the 14 value sets in the range, chosen by Optuna's TPE sampler; 100 games "
                            "a trial, the same seeds in every trial (seed 1)")
    assert sum(line.startswith("│ ") for line in ran.lines) == 5


class _Figure:
    """A target whose figure is the parameter itself (a win rate of x/10), measured exactly."""
    kind, value, text = "wins", 0.3, "x wins 30%"

    def distance(self, v):
        return abs(v - self.value) * 100


def test_tpe_is_seeded_and_never_measures_a_value_set_twice():
    space = [ParamRange("a", 0, 9, "a=0..9"), ParamRange("b", 0, 9, "b=0..9")]
    calls = []

    def evaluate(params):
        calls.append(tuple(params.values()))
        v = (params["a"] + params.get("b", 0)) / 20
        return {"value": v, "ci95": [v - 0.02, v + 0.02], "games": 100}
    first, sampler = search(space, _Figure(), 12, 5, evaluate)
    assert sampler == "TPE" and len(first) == 12 and len(set(calls)) == len(calls) == 12
    calls.clear()
    second, _ = search(space, _Figure(), 12, 5, evaluate)
    assert [t.params for t in second] == [t.params for t in first]
    grid, sampler = search([ParamRange("a", 0, 3, "a=0..3")], _Figure(), 12, 5, evaluate)
    assert sampler.startswith("grid") and sorted(t.params["a"] for t in grid) == [0, 1, 2, 3]


def test_targets_measure_their_figure_with_an_interval():
    def o(i, winners, decisions, rounds, payoffs=None):
        return GameOutcome(i, i, winners, "e", decisions, rounds, payoffs=payoffs)
    games = [o(0, (0,), 10, 2, (1, -1)), o(1, (1,), 20, 4, (-1, 1)), o(2, (0, 1), 30, 6, (0, 0)),
             GameOutcome(3, 3, (), "error", 0, 0, error="boom")]
    wins = Target("wins", 0.5, 0, "p wins 50%").measure(games)
    assert (wins["value"], wins["games"]) == (1 / 3, 3)  # a shared win is no sole win; an error is no game
    assert wins["ci95"] == pytest.approx([0.0615, 0.7923], abs=1e-4)
    rounds = Target("rounds", 4, None, "").measure(games)
    assert rounds["value"] == 4 and rounds["ci95"] == pytest.approx([4 - 1.959964 * 2 / 3 ** 0.5,
                                                                      4 + 1.959964 * 2 / 3 ** 0.5])
    assert Target("decisions", 0, None, "").measure(games)["value"] == 20
    assert Target("payoff", 0, 1, "").measure(games)["value"] == 0
    assert Target("wins", 0.5, 0, "").distance(0.4) == pytest.approx(10)
