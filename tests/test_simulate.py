"""Simulation: exact, reproducible results whatever the number of processes; honest
intervals; variants and comparisons on paired seeds."""

import csv
import json
import math

import pytest

import ruleforge
from ruleforge.cli import main
from ruleforge.drivers.compare import paired_difference
from ruleforge.drivers.simulate import GameOutcome, GameSpec, mean_interval, run_games, summarize, t95, wilson


def run_cli(capsys, *args):
    with pytest.raises(SystemExit) as e:
        main([str(a) for a in args])
    out = capsys.readouterr()
    return e.value.code, out.out, out.err


def test_wilson_known_values():
    lo, hi = wilson(50, 100)
    assert (round(lo, 4), round(hi, 4)) == (0.4038, 0.5962)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and round(hi, 4) == 0.2775
    assert wilson(0, 0) == (0.0, 1.0)


def _t_cdf(t: float, df: int, steps: int = 4000) -> float:
    """P(T <= t) for Student's t with df degrees of freedom: Simpson's rule on its density,
    an account independent of the table and the series t95 uses."""
    c = math.exp(math.lgamma((df + 1) / 2) - math.lgamma(df / 2)) / math.sqrt(df * math.pi)

    def f(x):
        return c * (1 + x * x / df) ** (-(df + 1) / 2)
    h = t / steps
    inner = sum((4 if i % 2 else 2) * f(i * h) for i in range(1, steps))
    return 0.5 + (f(0) + f(t) + inner) * h / 3


@pytest.mark.parametrize("n", [2, 3, 4, 5, 11, 30, 31, 32, 41, 121, 1001])
def test_a_mean_of_n_values_has_students_t_interval(n):
    assert abs(_t_cdf(t95(n), n - 1) - 0.975) < 2e-5


def test_a_mean_of_few_values_is_not_given_a_normal_interval():
    # four games of 10, 20, 30, 40 rounds: sd 12.91; t with 3 degrees of freedom (3.1824),
    # where the normal 1.96 gave [12.3, 37.7] and called a target of 40 rounds missed
    m = mean_interval([10, 20, 30, 40])
    assert m["mean"] == 25 and [round(x, 2) for x in m["ci95"]] == [4.46, 45.54]
    assert mean_interval([7])["ci95"] == [7, 7] and t95(1) == 0.0


def test_a_paired_difference_of_rates_stays_within_a_hundred_points():
    won = GameOutcome(0, 0, (0,), "e", 1, 1)
    lost = GameOutcome(0, 0, (1,), "e", 1, 1)
    d = paired_difference([lost, lost, lost, won], [won, won, won, won], 0)
    assert d["difference"] == 0.75 and d["ci95"][1] == 1.0 and round(d["ci95"][0], 4) == -0.0456


def test_results_do_not_depend_on_the_number_of_processes():
    spec = GameSpec("games/ufology.rules", {}, 3, "1=greedy", 11)
    one = run_games(spec, 60, jobs=1)
    two = run_games(spec, 60, jobs=2)
    assert [o.to_json() for o in one] == [o.to_json() for o in two]
    assert [o.index for o in one] == list(range(60))


def test_summary_counts_every_game_and_rule():
    game = ruleforge.load("games/gufo.rules")
    outcomes = run_games(GameSpec("games/gufo.rules", {}, None, None, 3), 200)
    s = summarize(game, outcomes)
    assert s["games"] == 200 and s["errors"] == 0
    assert sum(x["wins"] for x in s["seats"]) == 200
    assert sum(s["endings"].values()) == 200
    assert set(s["endings"]) <= {f"{e}" for e in game.endings}
    for x in s["seats"]:
        assert x["ci95"][0] <= x["win_rate"] <= x["ci95"][1]
    assert s["coverage"]["ending alien_shot"] == s["endings"].get("alien_shot", 0)
    assert s["coverage"]["when the game ends"] == 200
    assert s["never_fired"] == [r for r, n in s["coverage"].items() if n == 0]
    assert "first_seat" not in s  # gUFO has roles: no first-seat advantage to report


def test_first_seat_advantage_reported_for_symmetric_games():
    game = ruleforge.load("games/ufology.rules", players=3)
    s = summarize(game, run_games(GameSpec("games/ufology.rules", {}, 3, None, 5), 90))
    f = s["first_seat"]
    assert f["fair_share"] == pytest.approx(1 / 3)
    outcomes = run_games(GameSpec("games/ufology.rules", {}, 3, None, 5), 90)
    share = sum(1 / len(o.winners) for o in outcomes if 0 in o.winners) / 90
    assert f["win_share"] == pytest.approx(share)
    assert f["ci95"][0] <= share <= f["ci95"][1]
    # not reported when the seats play different bots
    assert "first_seat" not in summarize(game, outcomes, "1=greedy")


def test_first_seat_share_leaves_out_games_nobody_won():
    game = ruleforge.load("games/ufology.rules", players=2)

    def outcome(i, winners):
        return GameOutcome(i, i, winners, "x", 1, 1)
    # seat 1 wins 3, shares 1, loses 2 of the 6 won games; 4 games have no winner
    games = [outcome(0, (0,)), outcome(1, (0,)), outcome(2, (0,)), outcome(3, (0, 1)),
             outcome(4, (1,)), outcome(5, (1,))] + [outcome(i, ()) for i in range(6, 10)]
    f = summarize(game, games)["first_seat"]
    assert f["win_share"] == pytest.approx(3.5 / 6) and f["fair_share"] == 0.5


def test_paired_difference():
    def outcome(i, winners):
        return GameOutcome(i, i, winners, "x", 1, 1)
    base = [outcome(i, (0,)) for i in range(10)]
    same = paired_difference(base, base, 0)
    assert same["difference"] == 0 and not same["significant"]
    variant = [outcome(i, (1,)) if i < 8 else outcome(i, (0,)) for i in range(10)]
    d = paired_difference(base, variant, 0)
    assert d["difference"] == pytest.approx(-0.8) and d["significant"] and d["ci95"][1] < 0


def test_run_games_cli_writes_json_csv_and_png(capsys, tmp_path):
    out_json, out_csv, png = tmp_path / "r.json", tmp_path / "r.csv", tmp_path / "r.png"
    code, out, err = run_cli(capsys, "run", "games/gufo.rules", "--games", 120, "--seed", 4, "--jobs", 2,
                             "--out", out_json, "--plot", png)
    assert code == 0, err
    assert "Win rate" in out and "How games ended" in out and "Rule coverage" in out
    doc = json.loads(out_json.read_text())
    assert doc["games"] == 120 and len(doc["outcomes"]) == 120 and doc["seed"] == 4
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    code, _, err = run_cli(capsys, "run", "games/gufo.rules", "--games", 120, "--seed", 4, "--jobs", 1,
                           "--out", out_csv)
    rows = list(csv.DictReader(out_csv.open()))
    assert len(rows) == 120
    assert [r["ending"] for r in rows] == [o["ending"] for o in doc["outcomes"]]


@pytest.mark.parametrize("args, message", [
    (["--games", 5, "--agents", "radr=random"], "did you mean 'radar'"),
    (["--games", 5, "--out", "results.txt"], "should end in .json or .csv"),
    (["--games", 5, "--plot", "x/y/z.png"], "there is no folder"),
    (["--games", 0], "0 is not in the range"),
    (["--games", 5, "--sweep", "reveal_cnt=1,2"], "did you mean 'reveal_count'"),
    (["--jobs", 2], "go with --games"),
])
def test_simulation_flags_are_checked(capsys, args, message):
    code, out, err = run_cli(capsys, "run", "games/gufo.rules", *args)
    assert code == 2 and message in err and "Traceback" not in err


@pytest.mark.parametrize("args, message", [
    # a designer who gave `--match --games 50` was told about a --log they never wrote
    (["--match", "--log", "g.jsonl", "--games", 50],
     "--log and --match record one narrated match; they cannot be used with --games"),
    (["--match", "--games", 50, "--out", "m.json"],
     "--out and --plot write the results of games; --match --games prints its summary only"),
    (["--match", "--sweep", "reveal_count=2,3"], "--match cannot be used with --sweep: matches are played at one "
     "setting of the parameters (run --match --games N once a value, with --set NAME=VALUE)"),
    (["--match", "--games", 5, "--sweep", "reveal_count=2,3"], "--match cannot be used with --sweep: matches are "
     "played at one setting of the parameters (run --match --games N once a value, with --set NAME=VALUE)"),
    (["--games", 5, "--log", "g.jsonl"], "--log records one narrated game; it cannot be used with --games"),
    (["--log", "g.jsonl", "--sweep", "reveal_count=2,3"],
     "--log records one narrated game; it cannot be used with --sweep"),
    (["--match", "--log", "g.jsonl", "--games", 5, "--sweep", "reveal_count=2,3"],
     "--log and --match record one narrated match; they cannot be used with --games and --sweep"),
])
def test_one_game_options_name_only_what_was_given(capsys, tmp_path, args, message):
    args = [str(tmp_path / a) if a == "g.jsonl" else a for a in args]
    code, out, err = run_cli(capsys, "run", "games/gufo.rules", *args)
    assert code == 2 and err.splitlines()[-1] == f"Error: {message}"
    assert not (tmp_path / "g.jsonl").exists()


def test_sweep_table_has_a_row_per_value(capsys, tmp_path):
    out = tmp_path / "sweep.json"
    code, text, err = run_cli(capsys, "run", "games/gufo.rules", "--games", 40, "--seed", 2,
                              "--sweep", "reveal_count=2,3,4", "--out", out)
    assert code == 0, err
    doc = json.loads(out.read_text())
    assert doc["values"] == ["2", "3", "4"] and [r["params"]["reveal_count"] for r in doc["results"]] == [2, 3, 4]
    # the same seeds at reveal_count=2 as a plain run
    plain = summarize(ruleforge.load("games/gufo.rules"),
                      run_games(GameSpec("games/gufo.rules", {}, None, None, 2), 40))
    assert doc["results"][0]["seats"] == plain["seats"]


def test_a_sweep_of_a_list_parameter_writes_a_csv_a_spreadsheet_reads(capsys, tmp_path):
    # `5,7` went into the row unquoted: a 4-column header over rows of 5, 7 and 4 fields
    import csv
    out = tmp_path / "sweep.csv"
    code, text, err = run_cli(capsys, "run", "games/gufo.rules", "--games", 10, "--seed", 1,
                              "--sweep", "cloudy_altitudes=5,7;2,4,6,8;[]", "--out", out)
    assert code == 0, err
    rows = list(csv.reader(out.read_text().splitlines()))
    assert rows[0] == ["cloudy_altitudes", "games", "invader win rate", "invader 95% low", "invader 95% high",
                       "radar win rate", "radar 95% low", "radar 95% high", "mean decisions"]
    assert [r[0] for r in rows[1:]] == ["5,7", "2,4,6,8", "[]"] and {len(r) for r in rows} == {9}
    # each rate with its interval, as the table shows it
    code, _, err = run_cli(capsys, "run", "games/gufo.rules", "--games", 10, "--seed", 1, "--sweep",
                           "cloudy_altitudes=5,7;2,4,6,8;[]", "--out", tmp_path / "sweep.json")
    assert code == 0, err
    doc = json.loads((tmp_path / "sweep.json").read_text())
    for row, s in zip(rows[1:], doc["results"]):
        assert row[1] == "10" and [float(x) for x in row[2:8]] == [
            round(f, 4) for x in s["seats"] for f in (x["win_rate"], *x["ci95"])]


@pytest.mark.parametrize("args, message", [
    # each was dropped without a word: the last --sweep won, the sweep overrode --set, an
    # empty value vanished
    (["--sweep", "reveal_count=1,2", "--sweep", "radar_hand_size=1,2"],
     "Error: one --sweep at a time: a sweep varies one parameter"),
    (["--sweep", "reveal_count=1,2", "--set", "reveal_count=3"],
     "Error: --set reveal_count=3 and --sweep reveal_count=... both give 'reveal_count': leave one out"),
    (["--sweep", "reveal_count=1,,2"],
     "Error: Invalid value for '--sweep': 'reveal_count=1,,2' has an empty value: write NAME=V1,V2,..."),
])
def test_a_sweep_given_what_it_cannot_use_says_so(capsys, args, message):
    code, out, err = run_cli(capsys, "run", "games/gufo.rules", "--games", 2, *args)
    assert (code, err.splitlines()[-1]) == (2, message)


def test_a_bad_sweep_value_is_named_as_the_sweep_gave_it(capsys):
    code, out, err = run_cli(capsys, "run", "games/gufo.rules", "--games", 2, "--sweep", "reveal_count=1,x")
    assert code == 2 and ": error: --sweep reveal_count=x: 'reveal_count' takes a number" in err  # not "--set"


def test_whole_number_histograms_bin_whole_numbers_alike():
    # 30 bins over 1..69 held 3 whole numbers in some and 2 in others: striped bars
    from ruleforge.drivers.report import whole_bins
    edges = whole_bins(list(range(1, 70)))
    widths = {round(b - a, 9) for a, b in zip(edges, edges[1:])}
    assert widths == {3} and edges[0] == 0.5 and edges[-1] >= 69.5 and len(edges) - 1 <= 30
    assert whole_bins([5]) == [4.5, 5.5] and whole_bins([]) == [0, 1]


def test_a_paired_difference_where_every_pair_agrees_is_not_certain():
    # 2 games the variant won and the base lost read "+100.0 [+100.0, +100.0] significant",
    # and 6 games with one winner in both "+0.0 [+0.0, +0.0]": the t interval of values
    # that are all alike has no width
    from ruleforge.drivers.compare import newcombe_paired

    def game(winners):
        return GameOutcome(0, 0, winners, "e", 1, 1)
    two = paired_difference([game((1,))] * 2, [game((0,))] * 2, 0)
    assert two["difference"] == 1.0 and [round(x, 4) for x in two["ci95"]] == [0.07, 1.0]
    six = paired_difference([game((0,))] * 3 + [game((1,))] * 3, [game((0,))] * 3 + [game((1,))] * 3, 0)
    assert six["difference"] == 0.0 and [round(x, 4) for x in six["ci95"]] == [-0.2551, 0.2551]
    assert not six["significant"]
    # Newcombe's method 10 as published implementations give it (Altman et al. 2000, table 6.2)
    assert [round(x, 4) for x in newcombe_paired(14, 5, 0, 22)] == [0.0115, 0.2265]


def test_compare_base_with_variants(capsys, tmp_path):
    out = tmp_path / "cmp.json"
    code, text, err = run_cli(capsys, "compare", "games/gufo.rules", "games/variants/gufo-three-reveals.rules",
                              "--games", 150, "--seed", 9, "--jobs", 2, "--agents", "random", "--out", out)
    assert code == 0, err
    assert "Difference from games/gufo.rules" in text and "significant" in text
    doc = json.loads(out.read_text())
    assert [(d["seat"], d["name"], d["title"]) for d in doc["differences"]] == [
        (1, "invader", "Invader"), (2, "radar", "Radar Operator")]  # seats from 1, as in "seats"
    # two seats, no ties: one seat's gain is the other's loss
    a, b = doc["differences"]
    assert a["difference"] == pytest.approx(-b["difference"])


def test_compare_refuses_games_with_other_seats(capsys):
    code, out, err = run_cli(capsys, "compare", "games/gufo.rules", "games/ufology.rules", "--games", 5)
    assert code == 2 and "same seats" in err


def test_variant_replaces_parameters_and_rules(tmp_path):
    three = ruleforge.load("games/variants/gufo-three-reveals.rules")
    assert three.params["reveal_count"] == 3 and three.params["exhaustions_to_lose"] == 2
    st = three.new(1)
    st.apply(st.legal_actions()[0])
    assert len(st.cards_in("revealed")) == 3
    open_play = ruleforge.load("games/variants/ufology-open-play.rules", players=2)
    st = open_play.new(1)
    plays = [str(a) for a in st.legal_actions() if a.name == "play"]
    assert len(plays) == 6  # every card of the hand may now be Played


def test_variant_errors_point_at_the_right_file(tmp_path):
    (tmp_path / "base.rules").write_text(open("games/gufo.rules", encoding="utf-8").read(), encoding="utf-8")
    v = tmp_path / "v.rules"
    v.write_text('extends "base.rules"\n\naction shoot "Shoot" by radar:\n    with target in ufos\n'
                 '    end the game with owl_shot\n', encoding="utf-8")
    with pytest.raises(ruleforge.RuleFileError) as e:
        ruleforge.load(v)
    text = e.value.render()
    assert f"{v}:4:20: error: unknown name 'ufos'" in text
    missing = tmp_path / "w.rules"
    missing.write_text('extends "nowhere.rules"\n', encoding="utf-8")
    with pytest.raises(ruleforge.RuleFileError) as e:
        ruleforge.load(missing)
    assert f"{missing}:1:1: error: cannot read 'nowhere.rules'" in e.value.render()
    loop = tmp_path / "loop.rules"
    loop.write_text('extends "loop.rules"\n', encoding="utf-8")
    with pytest.raises(ruleforge.RuleFileError) as e:
        ruleforge.load(loop)
    assert "extends this file again" in e.value.render()


def test_no_more_worker_processes_than_tasks_or_four_a_core(monkeypatch):
    # `--jobs 512` on two cores once started 512 processes (15 GB) for 40 games
    from ruleforge.drivers.simulate import local_jobs
    monkeypatch.setattr("os.cpu_count", lambda: 2)
    assert local_jobs(512) == 8 and local_jobs(512, 5) == 5 and local_jobs(3, 100) == 3
    assert local_jobs(0) == 1 and local_jobs(4, 0) == 1


SOLITAIRE = """game "Patience"
players 1
cards: standard deck in deck
zone deck: pile
zone pile: pile, face up
counter drawn = 0
setup:
    shuffle deck
turn:
    if current chooses "draw" over "stop":
        move top of deck to pile
        increase drawn by 1
    else:
        end the game with quit
ending quit "stopped": nobody wins
ending lucky "drew a seven": player 1 wins when any c in pile has c.value = 7
"""


def test_a_game_for_one_player_compares_no_seats(tmp_path, ruleforge_cmd):
    # "Starting-seat advantage: seat 1 takes 100.0% ... against a fair 100.0%", and a
    # balance gap "between player 1 and player 1"
    path = tmp_path / "patience.rules"
    path.write_text(SOLITAIRE, encoding="utf-8")
    game = ruleforge.load(path)
    s = summarize(game, run_games(GameSpec(str(path), {}, None, None, 1), 60))
    assert "first_seat" not in s and s["seats"][0]["wins"] > 0
    ran = ruleforge_cmd("analyze", path, "--games", 40, "--rungs", "none", "--no-html")
    assert ran.code == 0
    assert "Balance gap: none to measure, in a game for one player" in ran.lines
    assert not [line for line in ran.lines if "seat advantage" in line]


def test_a_report_ends_no_line_with_spaces(capsys):
    """rich centres a table's title in the table's width; the spaces it pads the title's
    line with were written out ('How games ended               ')."""
    code, out, err = run_cli(capsys, "run", "games/gufo.rules", "--games", 3, "--seed", 1, "--jobs", 1)
    assert code == 0 and "How games ended\n" in out and "Rule coverage\n" in out
    assert [line for line in out.splitlines() if line != line.rstrip()] == []


def test_a_run_with_searches_by_time_does_not_promise_the_same_results(ruleforge_cmd):
    """`--agents radar=ismcts:50ms --seed 1` said '(the same results again: --seed 1)',
    though a search by time does what the machine's speed lets it."""
    timed = ruleforge_cmd("run", "games/gufo.rules", "--games", 2, "--jobs", 1, "--seed", 1, "--agents",
                          "radar=ismcts:1ms,invader=random")
    assert timed.code == 0
    assert timed.out.splitlines()[0] == (
        "seed 1 (the same deals again: --seed 1; not the same results: a search by time, ismcts:Nms, does what the "
        "machine's speed lets it, so give iterations, ismcts:N, for results that repeat)")
    counted = ruleforge_cmd("run", "games/gufo.rules", "--games", 2, "--jobs", 1, "--seed", 1, "--agents", "radar=ismcts:5")
    assert counted.out.splitlines()[0] == "seed 1 (the same results again: --seed 1)"
