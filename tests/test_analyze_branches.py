"""`ruleforge analyze` sees the branches of the rules' `if`s (a fresh reader writing Cribbage
could not learn whether "his heels" ever happened), counted by an instrumented compile
only; and greedy's "every move alike" note names the decision points it could not
judge. Known answers on tests/data/analyze/branches.rules."""

from __future__ import annotations

import html
import json
from pathlib import Path

import ruleforge
from ruleforge.drivers.simulate import GameSpec, play_one
from ruleforge.load import load_with_sets
from ruleforge.runtime.rng import derive
from ruleforge.testing import new_arranged, play

DATA = Path(__file__).parent / "data" / "analyze"
BRANCHES = DATA / "branches.rules"
TEXT = BRANCHES.read_text(encoding="utf-8")
COUNT_LINE = "if st.observer is not None: st.observer.branches["

SITES = [("turn", 18, "if moves = 0"), ("turn", 20, "if (top of table).color = red"),
         ("turn", 22, 'if current chooses "wave" over "nod"'), ("when the game ends", 27, "if moves = 4"),
         ("when the game ends", 29, "else if moves > 4"), ("when the game ends", 31, "else")]


def write(tmp_path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def taken(st) -> dict:
    return {site.text: n for site, n in zip(st.game.branch_sites, st.observer.branches)}


# ---- the instrumented compile -------------------------------------------------------------

def test_every_branch_is_a_site_with_its_rule_line_and_condition():
    game = ruleforge.load(BRANCHES)
    assert [(s.rules, s.line, s.file, s.text) for s in sorted(game.branch_sites, key=lambda s: s.line)] == [
        ((rule,), line, None, text) for rule, line, text in SITES]


def test_a_scripted_game_counts_the_branches_it_took():
    game = load_with_sets(BRANCHES, coverage=True)
    st = play(new_arranged(game, 3, [("deck", ["K♥"])]), "wave", "nod", "wave", "wave")
    assert st.is_over and taken(st) == {
        "if moves = 0": 1, "if (top of table).color = red": 1, 'if current chooses "wave" over "nod"': 3,
        "if moves = 4": 1, "else if moves > 4": 0, "else": 0}
    # a black card on the table: its branch is not taken
    st = play(new_arranged(game, 3, [("deck", ["K♠"])]), "nod", "nod", "nod", "wave")
    assert taken(st)["if (top of table).color = red"] == 0
    assert taken(st)['if current chooses "wave" over "nod"'] == 1


def test_the_normal_compile_writes_no_count_and_plays_the_same_games():
    normal, counting = ruleforge.load(BRANCHES), load_with_sets(BRANCHES, coverage=True)
    assert COUNT_LINE not in normal.source and not normal.covered
    assert counting.source.count(COUNT_LINE) == len(SITES)
    # the counts sit in the observer alone: the same games, whatever the compile
    spec = GameSpec(str(BRANCHES), {}, None, "random", 5)
    assert [play_one(spec, i) for i in range(20)] == [play_one(GameSpec(str(BRANCHES), {}, None, "random", 5,
                                                                        coverage=True), i) for i in range(20)]
    # a game nobody watches has no observer, and counts nothing (nor fails)
    st = counting.new(7)
    while not st.is_over:
        st.apply(st.legal_actions()[0])
    assert st.observer is None


def test_a_bots_trial_moves_are_not_counted(ruleforge_cmd, tmp_path):
    # greedy tries both answers in copies at every decision, and always waves (the
    # heuristic counts waves): 4 waves a game, not the copies' 8
    path = write(tmp_path, "branches.rules", TEXT + "\nheuristic of p: waves of p\n")
    data = tmp_path / "report.json"
    r = ruleforge_cmd("analyze", path, "--games", 10, "--rungs", "none", "--seed", 1, "--no-html", "--json", data)
    assert r.code == 0, r.err
    rows = json.loads(data.read_text(encoding="utf-8"))["branches"]["rows"]
    assert [(x["taken"], x["games"]) for x in rows if "wave" in x["branch"]] == [(40, 10)]


# ---- the report -------------------------------------------------------------------------------

def red_deals(seed: int, games: int) -> int:
    """How many of a run's deals put a red card on the table, seen from the deals
    themselves: the deck's top card once setup is over (game i is dealt from
    derive(seed, i), as every run deals it)."""
    game = ruleforge.load(BRANCHES)
    red = 0
    for i in range(games):
        tops = []
        game.new(derive(seed, i), watch=lambda st: tops.append(st.zones[st.game.zone_inst("deck").index][-1])
                 if st.turns == 0 and not tops else None)
        red += game.cards[tops[0]].attrs["color"] == "red"
    return red


def test_analyze_reports_each_branch_and_the_dead_ones(ruleforge_cmd, tmp_path):
    data, page = tmp_path / "report.json", tmp_path / "report.html"
    r = ruleforge_cmd("analyze", BRANCHES, "--games", 40, "--agents", "random", "--rungs", "none", "--seed", 1,
                      "--jobs", 2, "--html", page, "--json", data)
    assert r.code == 0, r.err
    assert red_deals(1, 40) == 19
    b = json.loads(data.read_text(encoding="utf-8"))["branches"]
    assert b["games"] == 40
    assert [(x["place"], x["branch"], x["taken"], x["games"]) for x in b["rows"]] == [
        ("turn, line 18", "if moves = 0", 40, 40),                        # once a game
        ("turn, line 20", "if (top of table).color = red", 19, 19),       # the red deals
        ("turn, line 22", 'if current chooses "wave" over "nod"', 74, 35),  # the random bots' waves
        ("when the game ends, line 27", "if moves = 4", 40, 40),          # always
        ("when the game ends, line 29", "else if moves > 4", 0, 0),       # never
        ("when the game ends, line 31", "else", 0, 0)]
    assert b["rows"][1]["share"] == 19 / 40 and b["rows"][1]["rules"] == ["turn"]
    assert b["dead"] == ["when the game ends, line 29: else if moves > 4", "when the game ends, line 31: else"]
    lines = [x.rstrip() for x in r.lines]
    table = lines.index("How often each branch of an if was taken")
    assert lines[table + 4:table + 11] == [
        "│ if moves = 0                         │ turn, line 18               │    40 │   100.0% │",
        "│ if (top of table).color = red        │ turn, line 20               │    19 │    47.5% │",
        '│ if current chooses "wave" over "nod" │ turn, line 22               │    74 │    87.5% │',
        "│ if moves = 4                         │ when the game ends, line 27 │    40 │   100.0% │",
        "│ else if moves > 4                    │ when the game ends, line 29 │ never │     0.0% │",
        "│ else                                 │ when the game ends, line 31 │ never │     0.0% │",
        "└──────────────────────────────────────┴─────────────────────────────┴───────┴──────────┘"]
    dead = ("Dead branches (never taken in 40 games): when the game ends, line 29: else if moves > 4; "
            "when the game ends, line 31: else")
    assert dead in " ".join(lines[table + 11:table + 13])
    text = page.read_text(encoding="utf-8")
    assert f'<p class="dead">{html.escape(dead)}</p>' in text
    assert "<td>if (top of table).color = red</td><td>turn, line 20</td>" in text


def test_a_branch_of_a_base_file_a_rule_file_text_and_a_file_without_ifs(ruleforge_cmd, tmp_path):
    # a variant's branches are named by the file they are in; a condition's text is shown,
    # never obeyed (rich markup, HTML); a file without an if says so
    write(tmp_path, "branches.rules", TEXT.replace('"wave" over "nod"', '"[red]<b>wave" over "nod"'))
    variant = write(tmp_path, "again.rules", 'extends "branches.rules"\ngame "Branches, again"\n')
    data, page = tmp_path / "again.json", tmp_path / "again.html"
    r = ruleforge_cmd("analyze", variant, "--games", 4, "--agents", "random", "--rungs", "none", "--seed", 1,
                      "--html", page, "--json", data)
    assert r.code == 0, r.err
    rows = json.loads(data.read_text(encoding="utf-8"))["branches"]["rows"]
    assert [x["place"] for x in rows][:3] == ["turn, line 18 of branches.rules", "turn, line 20 of branches.rules",
                                              "turn, line 22 of branches.rules"]
    assert rows[2]["branch"] == 'if current chooses "[red]<b>wave" over "no…'
    assert '│ if current chooses "[red]<b>wave" over "no… │' in r.out
    assert "<td>if current chooses &quot;[red]&lt;b&gt;wave&quot; over &quot;no…</td>" in page.read_text(encoding="utf-8")
    r = ruleforge_cmd("analyze", DATA / "chance.rules", "--games", 4, "--rungs", "none", "--seed", 1, "--no-html")
    assert r.code == 0 and "No rule has an if: no branch to count." in r.lines


# ---- greedy's blind decisions --------------------------------------------------------------

# Greedy judges a wave (the heuristic counts them) but not a smile, which changes nothing:
# every smile-or-frown choice is a choice at random, half of each seat's choices.
SMILES = (TEXT.replace("    increase moves by 1\n", '    if current chooses "smile" over "frown":\n'
                       '        say "{current} smiles"\n    increase moves by 1\n')
          + "\nheuristic of p: waves of p\n")
NOTE = ("note: greedy bots found every move alike (the heuristic gave each the same value, so they chose at random) "
        "{where}: there they play as random bots do. The decisions they could not judge (every move alike in most "
        "of their choices there): smile or frown? 100.0%. A heuristic that tells a seat's moves apart, the same way "
        "at every seat, gives them judgement (docs/language.md#heuristic-for-bots).")


def test_the_note_names_the_decision_points_greedy_could_not_judge(ruleforge_cmd, tmp_path):
    data = tmp_path / "smiles.json"
    r = ruleforge_cmd("analyze", write(tmp_path, "smiles.rules", SMILES), "--games", 20, "--rungs", "none",
                      "--seed", 1, "--no-html", "--json", data)
    assert r.code == 0, r.err
    note = NOTE.format(where="in 50.0% at player 1 and 50.0% at player 2 of their choices")
    assert note in " ".join(x.rstrip() for x in r.lines)
    report = json.loads(data.read_text(encoding="utf-8"))
    assert report["bots_note"] == note
    points = {x["label"]: x["greedy"] for x in report["decisions"]["prompts"]}
    assert points == {
        "wave or nod?": {"judged": 80, "alike": 0, "seats": [{"seat": "player 1", "judged": 40, "alike": 0},
                                                             {"seat": "player 2", "judged": 40, "alike": 0}]},
        "smile or frown?": {"judged": 80, "alike": 80, "seats": [{"seat": "player 1", "judged": 40, "alike": 40},
                                                                 {"seat": "player 2", "judged": 40, "alike": 40}]}}


def test_a_blind_decision_point_is_named_when_no_seat_is_mostly_blind(ruleforge_cmd, tmp_path):
    # two judged questions a turn for one blind one: a third of each seat's choices are
    # alike, under the seats' threshold, all of one point's: the note names the point
    text = SMILES.replace('    if current chooses "wave" over "nod":\n        increase waves of current by 1\n',
                          '    if current chooses "wave" over "nod":\n        increase waves of current by 1\n' * 2)
    r = ruleforge_cmd("analyze", write(tmp_path, "smiles.rules", text), "--games", 20, "--rungs", "none",
                      "--seed", 1, "--no-html")
    assert r.code == 0, r.err
    assert NOTE.format(where="in most of their choices at some decisions") in " ".join(x.rstrip() for x in r.lines)


def test_random_bots_judge_nothing_at_any_point(ruleforge_cmd, tmp_path):
    data = tmp_path / "random.json"
    r = ruleforge_cmd("analyze", write(tmp_path, "smiles.rules", SMILES), "--games", 4, "--agents", "random",
                      "--rungs", "none", "--seed", 1, "--no-html", "--json", data)
    assert r.code == 0 and "every move alike" not in r.out
    assert [x["greedy"] for x in json.loads(data.read_text(encoding="utf-8"))["decisions"]["prompts"]] == [None, None]
