"""`ruleforge tune`: targets and ranges read with clear messages (a range past the file's
is cut to it, with a note), a race that drops the value sets clearly off the target and
confirms its finalists on fresh seeds until one holds, and a search that finds a known
best value, the same for one seed whatever the number of processes."""

from __future__ import annotations

import pytest

import ruleforge
from ruleforge.drivers.simulate import GameOutcome
from ruleforge.drivers.targets import Target, parse_target
from ruleforge.drivers.race import Entry, confirm, race, rounds, worst_case
from ruleforge.drivers.tune import ParamRange, choose, clip, parse_param

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
         "'mean payoff of ROLE 0', 'the team wins 50%' (a cooperative game)")


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
     "Error: Invalid value for '--budget': 1,000 games do not pay for one value set's 320 games and its "
     "confirmation's 800: give at least 1,120, or fewer --games or --confirm"),
    (["--param", "reveal_count=1..3", "--target", "radr wins 50%"],
     "Error: Invalid value for '--target': 'radr wins 50%': there is no role 'radr' in gUFO; did you mean 'radar'?"),
])
def test_usage_mistakes_exit_2_before_any_game(ruleforge_cmd, args, message):
    if "--target" not in args:
        args = args + ["--target", "radar wins 50%"]
    ran = ruleforge_cmd("tune", GUFO, *args)
    assert (ran.code, ran.out) == (2, "")
    assert ran.err.splitlines()[-1] == message


# low=4 gives 4/13 = 30.8%, the nearest to 31%; 3/13 = 23.1% misses it after 200 games
EXPECTED_CHANCE_RACE = """\
Chance: tuning low=0..13 toward 'hero wins 31%'
bots: greedy for every seat, rung 2 of the ladder (random < greedy < ismcts:100 < ismcts:1000 < ismcts:5000)
race: all 14 value sets in the range, on the same seeds (seed 1): 25 games each, then the closest half plays on to 50, 100 and 200 games (the closest 3 at the end); a value set whose 95% interval leaves 31.0% out is dropped at once
confirmation: the finalists, closest first, each on the same 400 fresh seeds (seed 1401764460), until one's interval holds 31.0%
Race: greedy bots, the same seeds for every value set (seed 1)
┏━━━━━┳━━━━━━━┳━━━━━━━━━━━┳━━━━━━━━━━━━━━━┳━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━━━━━┓
┃ low ┃ games ┃ Hero wins ┃        95% CI ┃   off by ┃ race                  ┃
┡━━━━━╇━━━━━━━╇━━━━━━━━━━━╇━━━━━━━━━━━━━━━╇━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━━━━━┩
│   0 │    25 │      0.0% │   [0.0, 13.3] │ 31.0 pts │ dropped: misses 31.0% │
│   1 │    25 │      8.0% │   [2.2, 25.0] │ 23.0 pts │ dropped: misses 31.0% │
│   2 │    50 │     18.0% │   [9.8, 30.8] │ 13.0 pts │ dropped: misses 31.0% │
│   3 │   200 │     23.5% │  [18.2, 29.8] │  7.5 pts │ dropped: misses 31.0% │
│   4 │   200 │     30.5% │  [24.5, 37.2] │  0.5 pts │ finalist 1            │
│   5 │    50 │     44.0% │  [31.2, 57.7] │ 13.0 pts │ dropped: misses 31.0% │
│   6 │    25 │     56.0% │  [37.1, 73.3] │ 25.0 pts │ dropped: misses 31.0% │
│   7 │    25 │     80.0% │  [60.9, 91.1] │ 49.0 pts │ dropped: misses 31.0% │
│   8 │    25 │     84.0% │  [65.3, 93.6] │ 53.0 pts │ dropped: misses 31.0% │
│   9 │    25 │     88.0% │  [70.0, 95.8] │ 57.0 pts │ dropped: misses 31.0% │
│  10 │    25 │     88.0% │  [70.0, 95.8] │ 57.0 pts │ dropped: misses 31.0% │
│  11 │    25 │     96.0% │  [80.5, 99.3] │ 65.0 pts │ dropped: misses 31.0% │
│  12 │    25 │     96.0% │  [80.5, 99.3] │ 65.0 pts │ dropped: misses 31.0% │
│  13 │    25 │    100.0% │ [86.7, 100.0] │ 69.0 pts │ dropped: misses 31.0% │
└─────┴───────┴───────────┴───────────────┴──────────┴───────────────────────┘
Confirmation: greedy bots, fresh seeds (seed 1401764460)
┏━━━━━━━━━━┳━━━━━┳━━━━━━━┳━━━━━━━━━━━┳━━━━━━━━━━━━━━┳━━━━━━━━━┳━━━━━━━━━━━━━┓
┃ finalist ┃ low ┃ games ┃ Hero wins ┃       95% CI ┃  off by ┃ holds 31.0% ┃
┡━━━━━━━━━━╇━━━━━╇━━━━━━━╇━━━━━━━━━━━╇━━━━━━━━━━━━━━╇━━━━━━━━━╇━━━━━━━━━━━━━┩
│        1 │   4 │   400 │     30.5% │ [26.2, 35.2] │ 0.5 pts │ yes         │
└──────────┴─────┴───────┴───────────┴──────────────┴─────────┴─────────────┘
answer: low=4: Hero wins 30.5% [26.2, 35.2] on 400 fresh seeds, greedy bots: the interval holds 31.0% (on the search's seeds, Hero wins went from 0.0% to 100.0% across the 14 value sets)
(the same figures again: ruleforge run {path} --seed 1401764460 --games 400 --agents greedy --set low=4)
games played: 750 in the race and 400 to confirm, 1,150 in all, greedy bots
plot written to {plot}
"""


def _chance(tmp_path):
    path = tmp_path / "chance.rules"
    path.write_text(CHANCE, encoding="utf-8")
    return path


def test_a_range_past_the_files_is_cut_to_it_with_a_note(ruleforge_cmd, tmp_path):
    path = _chance(tmp_path)
    ran = ruleforge_cmd("tune", path, "--param", "low=10..20", "--target", "hero wins 31%", "--games", 16,
                        "--confirm", 16, "--seed", 1, "--jobs", 1)
    assert ran.code == 0, ran.err
    assert ran.lines[:2] == [
        "Chance: tuning low=10..13 toward 'hero wins 31%'",
        f"note: --param low=10..20 goes past the range {path}:5:22 declares for low, 0 to 13: searching low=10..13"]
    # 10/13 and more: every value set is off at once, and the search says none holds
    assert ran.lines[-2:] == [
        "no value set in the range holds 31.0%: each one's interval left it out (on the search's seeds, Hero wins "
        "went from 100.0% to 100.0% across the 4 value sets); widen a range, search other parameters, or try "
        "other bots",
        "games played: 8 in the race and 0 to confirm, 8 in all, greedy bots"]


def test_a_range_that_misses_the_files_is_its_own_error(ruleforge_cmd):
    ran = ruleforge_cmd("tune", GUFO, "--param", "radar_hand_size=6..9", "--target", "radar wins 50%")
    assert (ran.code, ran.out) == (2, "")
    assert ran.err.splitlines() == [
        "games/gufo.rules:23:34: error: --param radar_hand_size=6..9: 'radar_hand_size' is from 0 to 5, "
        "as declared here",
        "    parameter radar_hand_size = 3 in 0 to 5",
        "                                     ^^^^^^",
        "  hint: give a range that meets 0 to 5, or widen the range in the rule file",
        "1 error in the command line"]
    # a value fixed with --set is not cut: outside the range, it is the file's error, as for run
    ran = ruleforge_cmd("tune", GUFO, "--param", "reveal_count=1..3", "--set", "radar_hand_size=6",
                        "--target", "radar wins 50%")
    assert (ran.code, ran.out) == (2, "")
    assert ran.err.splitlines()[0] == ("games/gufo.rules:23:34: error: --set radar_hand_size=6: 'radar_hand_size' "
                                       "is from 0 to 5, as declared here")


def test_the_race_drops_the_value_sets_clearly_off_and_confirms_the_one_that_holds(ruleforge_cmd, tmp_path):
    path = _chance(tmp_path)
    plot = tmp_path / "tune.png"
    ran = ruleforge_cmd("tune", path, "--param", "low=0..13", "--target", "the Hero wins 31%", "--games", 200,
                        "--confirm", 400, "--seed", 1, "--jobs", 1, "--plot", plot)
    assert ran.code == 0, ran.err
    assert [line.rstrip() for line in ran.lines] == EXPECTED_CHANCE_RACE.format(path=path, plot=plot).splitlines()
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_no_answer_when_no_finalist_holds_on_fresh_seeds(ruleforge_cmd, tmp_path):
    path = _chance(tmp_path)
    # 27% lies between 3/13 = 23.1% and 4/13 = 30.8%: on 200 games both hold it, on 2,000 neither
    args = ("tune", path, "--param", "low=2..6", "--target", "hero wins 27%", "--games", 200, "--seed", 1, "--jobs", 1)
    ran = ruleforge_cmd(*args, "--confirm", 2000)
    assert ran.code == 0, ran.err
    assert ran.lines[-8:-1] == [
        "┃ finalist ┃ low ┃ games ┃ Hero wins ┃       95% CI ┃  off by ┃ holds 27.0% ┃",
        "┡━━━━━━━━━━╇━━━━━╇━━━━━━━╇━━━━━━━━━━━╇━━━━━━━━━━━━━━╇━━━━━━━━━╇━━━━━━━━━━━━━┩",
        "│        1 │   4 │ 2,000 │     31.1% │ [29.1, 33.2] │ 4.1 pts │ no          │",
        "│        2 │   3 │ 2,000 │     23.8% │ [22.0, 25.7] │ 3.2 pts │ no          │",
        "└──────────┴─────┴───────┴───────────┴──────────────┴─────────┴─────────────┘",
        "no answer confirmed: the 2 finalists held 27.0% on the search's 200 seeds but none did on 2000 fresh seeds; "
        "the nearest there, low=3, Hero wins 23.8% [22.0, 25.7]: more --games tell the value sets apart better, or "
        "none in the range is at the target (on the search's seeds, Hero wins went from 14.0% to 56.0% across the 5 "
        "value sets)",
        f"(the same figures again: ruleforge run {path} --seed 1401764460 --games 2000 --agents greedy --set low=3)"]
    assert ran.lines[-1] == "games played: 550 in the race and 4,000 to confirm, 4,550 in all, greedy bots"
    unconfirmed = ruleforge_cmd(*args, "--confirm", 0)
    assert unconfirmed.lines[-2:] == [
        "answer, not confirmed (--confirm 0): low=4: Hero wins 30.5% [24.5, 37.2] on the search's 200 seeds, greedy "
        "bots: the interval holds 27.0%, but the best of many figures on the same seeds flatters itself; give "
        "--confirm to play it again on fresh seeds (on the search's seeds, Hero wins went from 14.0% to 56.0% across "
        "the 5 value sets)",
        "games played: 550 in the race, greedy bots"]


def test_one_seed_one_search_on_any_number_of_processes(ruleforge_cmd, tmp_path):
    path = _chance(tmp_path)
    for how in (("--games", 80), ("--games", 40, "--budget", 700)):  # every value set; the sampler's choice
        args = ("tune", path, "--param", "low=0..13", "--target", "hero wins 35%", *how, "--confirm", 100,
                "--seed", 3)
        one, two = ruleforge_cmd(*args, "--jobs", 1), ruleforge_cmd(*args, "--jobs", 2)
        assert one.code == two.code == 0
        assert one.out == two.out and "answer: low=" in one.out


def test_a_budget_buys_value_sets_and_the_sampler_then_chooses(ruleforge_cmd, tmp_path):
    path = _chance(tmp_path)
    # rounds of 13, 25, 50 and 100 games: 4 value sets cost at most 52 + 3 x (12 + 25 + 50) = 313 games,
    # and 3 confirmations 600: 913 of the 920; a fifth would cost 13 more
    ran = ruleforge_cmd("tune", path, "--param", "low=0..13", "--target", "hero wins 31%", "--games", 100,
                        "--confirm", 200, "--budget", 920, "--seed", 1, "--jobs", 1)
    assert ran.code == 0, ran.err
    # and what the budget leaves out, with what would pay for the whole range (analyze reader:
    # 'raced 2 of 14 value sets, played 120 games' and nothing said why)
    assert ran.lines[1] == ("note: --budget 920 pays for racing 4 of the 14 value sets: it keeps room for the worst "
                            "case, every finalist confirmed on 200 games (913 games at most); the whole range needs "
                            "--budget 1,116")
    assert ran.lines[3] == ("race: 4 of the 14 value sets in the range, chosen by Optuna's TPE sampler from their "
                            "first 13 games, on the same seeds (seed 1): 13 games each, then the closest half plays "
                            "on to 25, 50 and 100 games (the closest 3 at the end); a value set whose 95% interval "
                            "leaves 31.0% out is dropped at once")
    race_rows = ran.lines[:next(i for i, line in enumerate(ran.lines) if line.startswith("└"))]
    assert [line for line in race_rows if line.startswith("│")] == [
        "│   0 │    13 │      0.0% │  [0.0, 22.8] │ 31.0 pts │ dropped: misses 31.0% │",
        "│   4 │   100 │     32.0% │ [23.7, 41.7] │  1.0 pts │ finalist 1            │",
        "│   5 │    50 │     44.0% │ [31.2, 57.7] │ 13.0 pts │ dropped: misses 31.0% │",
        "│   9 │    13 │     92.3% │ [66.7, 98.6] │ 61.3 pts │ dropped: misses 31.0% │"]


def test_rounds_and_the_most_a_race_can_cost():
    assert rounds(400) == [50, 100, 200, 400] and rounds(100) == [13, 25, 50, 100] and rounds(2) == [1, 2]
    # 20 x 50, then 10 x 50, 5 x 100 and 3 x 200 more; and three confirmations
    assert worst_case(20, rounds(400), 1000) == 2600 + 3000
    assert worst_case(2, rounds(400), 0) == 800


class _Given:
    """A target whose figure is given by value set and seed, its interval half as wide as
    1/sqrt(games): the race's rules, without the noise of games."""
    kind, value = "wins", 0.5
    SEARCH = {0: 0.05, 1: 0.30, 2: 0.45, 3: 0.52, 4: 0.56, 5: 0.60, 6: 0.80, 7: 0.95}
    FRESH = {2: 0.49, 3: 0.65, 4: 0.50}

    def measure(self, outcomes):
        (x, seed), n = outcomes[0], len(outcomes)
        v = (self.FRESH if seed == 99 else self.SEARCH)[x]
        return {"value": v, "ci95": [v - 0.5 / n ** 0.5, v + 0.5 / n ** 0.5], "games": n}

    def distance(self, v):
        return abs(v - self.value) * 100


def test_the_race_keeps_the_closest_half_and_confirms_until_one_holds():
    calls = []

    def play(batch):
        calls.append([(params["x"], seed, (ix.start, ix.stop)) for params, seed, ix in batch])
        return [[(params["x"], seed)] * len(ix) for params, seed, ix in batch]
    entries = [Entry({"x": x}, x) for x in range(8)]
    finalists = race(entries, _Given(), rounds(40), 1, play)
    # 5 games (interval +-22 points): 0.05, 0.80 and 0.95 are off; of the five left, the closest
    # four play on (half of eight): 0.30 is farther. 10 games: three of four (never fewer than 3).
    assert [(e.params["x"], e.fate, e.games) for e in entries] == [
        (0, "off", 5), (1, "farther", 5), (2, "finalist", 40), (3, "finalist", 40), (4, "finalist", 40),
        (5, "farther", 10), (6, "off", 5), (7, "off", 5)]
    assert [e.params["x"] for e in finalists] == [3, 2, 4]  # closest first
    assert calls[1] == [(3, 1, (5, 10)), (2, 1, (5, 10)), (4, 1, (5, 10)), (5, 1, (5, 10))]  # the same seeds, on
    calls.clear()
    held = confirm(finalists, _Given(), 40, 99, play)
    # the closest on the search's seeds is 65% on fresh ones; the next holds, and the third is not played
    assert [(c.entry.params["x"], c.figure["value"], c.holds) for c in held] == [(3, 0.65, False), (2, 0.49, True)]
    assert calls == [[(3, 99, (0, 40))], [(2, 99, (0, 40))]]


def test_a_range_is_cut_to_the_declared_one():
    p = ParamRange("n", 1, 6, "n=1..6")
    assert clip(p, 0, 5) == ParamRange("n", 1, 5, "n=1..5")
    assert clip(p, 6, 9) == ParamRange("n", 6, 6, "n=6")
    assert clip(p, 0, 9) == p and clip(p, 7, 9) is None


def test_tpe_is_seeded_and_never_measures_a_value_set_twice():
    space = [ParamRange("a", 0, 9, "a=0..9"), ParamRange("b", 0, 9, "b=0..9")]
    calls = []

    def distance(params):
        calls.append(tuple(params.values()))
        return abs((params["a"] + params["b"]) / 20 - 0.3) * 100
    first = choose(space, 12, 5, distance)
    assert len(first) == 12 and len(set(calls)) == len(calls) == 12
    calls.clear()
    assert choose(space, 12, 5, distance) == first


def test_targets_measure_their_figure_with_an_interval():
    def o(i, winners, decisions, rounds, payoffs=None):
        return GameOutcome(i, i, winners, "e", decisions, rounds, payoffs=payoffs)
    games = [o(0, (0,), 10, 2, (1, -1)), o(1, (1,), 20, 4, (-1, 1)), o(2, (0, 1), 30, 6, (0, 0)),
             GameOutcome(3, 3, (), "error", 0, 0, error="boom")]
    wins = Target("wins", 0.5, 0, "p wins 50%").measure(games)
    assert (wins["value"], wins["games"]) == (1 / 3, 3)  # a shared win is no sole win; an error is no game
    assert wins["ci95"] == pytest.approx([0.0615, 0.7923], abs=1e-4)
    rounds = Target("rounds", 4, None, "").measure(games)
    # Student's t with 2 degrees of freedom (4.3027), and no length below 0
    assert rounds["value"] == 4 and rounds["ci95"] == pytest.approx([0.0, 4 + 4.3027 * 2 / 3 ** 0.5])
    assert Target("decisions", 0, None, "").measure(games)["value"] == 20
    assert Target("payoff", 0, 1, "").measure(games)["value"] == 0
    assert Target("wins", 0.5, 0, "").distance(0.4) == pytest.approx(10)


def test_an_interval_is_shown_with_the_digits_that_keep_its_verdict():
    # a designer's case: [8.2, 9.96] against 10 rounds was shown as [8.2, 10.0], "misses"
    rounds = Target("rounds", 10, None, "mean length 10 rounds")
    assert rounds.show_interval((8.21, 9.96)) == "[8.21, 9.96]"
    assert rounds.show_interval((8.21, 9.5)) == "[8.2, 9.5]"
    assert rounds.show_interval((10.04, 11.0)) == "[10.04, 11.00]"
    assert rounds.show_interval((9.5, 10.0)) == "[9.5, 10.0]"  # holds, and looks it
    wins = Target("wins", 0.5, 0, "p wins 50%")
    assert wins.show_interval((0.5004, 0.6)) == "[50.04, 60.00]"
    assert wins.show_interval((0.41, 0.52)) == "[41.0, 52.0]"
