"""`ruleforge analyze` (issue 14, part 2): the design report's figures on small games
whose answers are known exactly (tests/data/analyze/), the traces behind them, the HTML
page's escaping, and the command's usage errors."""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest

import ruleforge
from ruleforge.drivers import analysis, skill
from ruleforge.drivers.simulate import GameSpec, play_one, run_games
from ruleforge.drivers.traces import play_traced, tension

DATA = Path(__file__).parent / "data" / "analyze"
CHANCE, SEAT_ONE, LEAD, CROWN, CLAIM = (DATA / f"{n}.rules" for n in ("chance", "seat_one", "lead", "crown", "claim"))


def report_of(path, games=60, agents="greedy", players=None, **params):
    game = ruleforge.load(path, players=players, **params)
    spec = GameSpec(str(path), {k: str(v) for k, v in params.items()}, players, agents, 11)
    return analysis.report(game, run_games(spec, games, play=play_traced), agents)


# ---- traces ----------------------------------------------------------------------------

def test_a_traced_game_is_the_game_simulate_plays_with_any_number_of_processes():
    spec = GameSpec("games/ufology.rules", {}, 3, "greedy", 5)
    one = run_games(spec, 6, jobs=1, play=play_traced)
    assert [t.outcome for t in one] == [play_one(spec, i) for i in range(6)]
    assert run_games(spec, 6, jobs=2, play=play_traced) == one


@pytest.mark.parametrize("points, winners, expected", [
    ([(0, 0), (2, 0), (2, 3), (4, 3)], (1,), (3, 4)),     # 1 leads, 2, 1, then 2 wins: decided by the win
    ([(0, 0), (3, 0), (3, 2), (6, 2)], (0,), (0, 1)),     # 1 leads from its first move on
    ([(5, 1), (5, 5), (6, 5)], (0,), (0, 2)),             # ahead, tied, ahead: no change; for good from 2
    ([(5, 1), (5, 5), (5, 6)], (0,), (2, 3)),             # 1, then 2, then 1 wins at the end
    ([(1, 0), (0, 1)], (0, 1), (1, None)),                # a shared win: no one winner to lead
])
def test_lead_changes_and_when_the_winner_led_for_good(points, winners, expected):
    assert tension(points, winners) == expected


# ---- balance ---------------------------------------------------------------------------

def test_a_game_seat_one_always_wins_is_maximally_unbalanced():
    r = report_of(SEAT_ONE, games=40)
    assert [(s["wins"], s["win_rate"]) for s in r["summary"]["seats"]] == [(40, 1.0), (0, 0.0)]
    assert r["balance"] == {"gap": 1.0, "best": 1, "worst": 2, "significant": True, "fair": 0.5}
    assert r["draws"]["rate"] == 0.0


def test_a_fair_game_of_chance_has_no_significant_gap():
    b = report_of(CHANCE, games=200)["balance"]
    assert b["gap"] < 0.15 and not b["significant"]


def test_the_gap_of_seats_with_equal_rates_is_between_two_seats():
    # (it named the first seat twice: "between Invader (50.0%) and Invader (50.0%)")
    seat = lambda n, rate: {"seat": n, "win_rate": rate, "ci95": (rate - 0.1, rate + 0.1)}  # noqa: E731
    b = analysis.balance({"seats": [seat(1, 0.5), seat(2, 0.5)]})
    assert (b["gap"], b["best"], b["worst"], b["significant"]) == (0.0, 1, 2, False)
    b = analysis.balance({"seats": [seat(1, 0.3), seat(2, 0.3), seat(3, 0.3)]})
    assert (b["best"], b["worst"]) == (1, 2)
    assert analysis.balance({"seats": [seat(1, 0.2), seat(2, 0.5), seat(3, 0.2)]})["worst"] == 1


def test_fair_is_a_sole_win_rate_when_some_games_are_shared():
    # equal cards share the win: those games are no seat's alone, so an even game's
    # seats each win half of the others, not half of all
    r = report_of(CHANCE, games=200)
    shared = r["draws"]["shared"]
    assert shared > 0 and r["draws"]["no_winner"] == 0
    assert r["balance"]["fair"] == pytest.approx((1 - shared / 200) / 2)
    assert sum(s["win_rate"] for s in r["summary"]["seats"]) == pytest.approx(1 - shared / 200)
    from ruleforge.drivers.analysis_text import fair_note
    assert fair_note(r) == f" (50.0% of the {100 * (1 - shared / 200):.1f}% of the games some seat won alone)"
    assert fair_note(report_of(SEAT_ONE, games=20)) == ""


# ---- decisions -------------------------------------------------------------------------

def test_menu_sizes_and_one_choice_shares_of_a_scripted_game():
    d = report_of(SEAT_ONE, games=10)["decisions"]
    assert d["overall"] == {"decisions": 40, "mean_menu": 2.0, "one_choice": 0.5, "per_game": 4.0}
    assert [(s["title"], s["decisions"], s["mean_menu"], s["one_choice"]) for s in d["seats"]] == [
        ("First", 20, 3.0, 0.0), ("Second", 20, 1.0, 1.0)]
    # each role's turn asks its own "take an action": a row each, told apart by rule and line
    assert [(p["label"], p["seats"], p["per_game"], p["mean_menu"], p["one_choice"]) for p in d["prompts"]] == [
        ("take an action (turn of first, line 15)", ["First"], 2.0, 3.0, 0.0),
        ("take an action (turn of second, line 18)", ["Second"], 2.0, 1.0, 1.0)]


# ---- length and tension ----------------------------------------------------------------

def test_a_lead_that_changes_hands_at_every_move_and_a_win_decided_at_the_end():
    r = report_of(LEAD, games=5)
    t = r["tension"]
    assert t["measured"] and t["lead_changes"]["mean"] == 3.0 and t["lead_changes"]["ci95"] == [3.0, 3.0]
    assert t["lead_changes_list"] == [3] * 5
    assert (t["decided"]["median"], t["decided"]["from_start"], t["decided"]["at_the_end"]) == (1.0, 0, 5)
    assert r["summary"]["length"]["decisions"]["mean"] == 4


def test_a_winner_that_leads_from_its_first_move():
    t = report_of(LEAD, games=5, first_gain=3, second_gain=2)["tension"]
    assert t["lead_changes"]["mean"] == 0.0
    assert (t["decided"]["median"], t["decided"]["shares"]) == (0.25, [0.25] * 5)


def test_without_a_heuristic_or_score_tension_is_not_measured():
    assert report_of(CHANCE, games=5)["tension"] == {"measured": False, "games": 0, "by": None}


# ---- rules and cards -------------------------------------------------------------------

def test_a_card_that_wins_the_game_outright_has_maximal_impact():
    c = report_of(CROWN, games=300, agents="random")["cards"]
    crown = next(row for row in c["rows"] if row["card"] == "Crown")
    assert crown["with"]["win_rate"] == 1.0 and crown["impact"] == 1.0 - crown["without"]["win_rate"]
    assert crown["seats"] == ["player 1", "player 2"] and c["tested"] == 2
    # its holder always plays it (nothing else ends the game first): the impact is the deal's,
    # not flagged as a strong play (tests/test_analyze_held.py)
    assert (crown["use"], crown["luck"], crown["significant"]) == ("play", True, False)
    held = c["held"]["rows"][0]
    assert (held["card"], held["held"]["win_rate"], held["played"], held["significant"]) == ("Crown", 1.0, 1.0, True)


def test_a_card_is_significant_exactly_when_its_shown_interval_leaves_out_0():
    c = report_of(CROWN, games=300, agents="random")["cards"]
    assert c["rows"]
    for row in c["rows"]:
        lo, hi = row["ci_all"]
        assert lo <= row["ci95"][0] and row["ci95"][1] <= hi  # widened for the uses tested at once
        assert row["significant"] == ((lo > 0 or hi < 0) and not row["luck"])


def test_rules_fired_and_the_dead_ones():
    r = report_of(CROWN, games=50, agents="random")["rules"]
    rows = {x["rule"]: x for x in r["rows"]}
    assert {k: x["kind"] for k, x in rows.items()} == {
        "action play": "action", "ending crowned": "ending", "ending emptied": "ending"}
    assert rows["ending crowned"]["games"] + rows["ending emptied"]["games"] == 50
    assert r["dead"] == []
    r = report_of(SEAT_ONE, games=20, agents="random")["rules"]
    assert r["dead"] == [] and {x["rule"]: x["fired"] for x in r["rows"]}["action d"] == 40


# ---- skill -----------------------------------------------------------------------------

def test_a_game_of_pure_chance_has_no_skill():
    titles = ruleforge.load(CHANCE).seat_titles
    k = skill.run(GameSpec(str(CHANCE), {}, None, None, 3), ["random", "greedy", "ismcts:100"], 40, titles)
    assert k["games_per_seat"] == 20
    for st in k["steps"]:
        assert [(s["gain"], s["significant"]) for s in st["seats"]] == [(0.0, False)] * 2
        assert (st["overall"]["gain"], st["overall"]["games"]) == (0.0, 40)
        # no pair differed, and the interval still has a width: 20 games that found no
        # difference leave room for a small one (it read '0.0 [0.0, 0.0]', as proof)
        for s in st["seats"] + [st["overall"]]:
            lo, hi = s["ci95"]
            assert lo == -hi and 0.02 < hi < 0.2, s


def test_a_stronger_bot_gains_where_choices_matter_and_only_there():
    # player 1 wins by claiming at once, as greedy does; player 2 wins whatever it does
    titles = ruleforge.load(CLAIM).seat_titles
    k = skill.run(GameSpec(str(CLAIM), {}, None, None, 3), ["random", "greedy"], 80, titles)
    first, second = k["steps"][0]["seats"]
    assert first["stronger_rate"] == 1.0 and 0.3 < first["weaker_rate"] < 0.7
    assert first["gain"] == pytest.approx(1.0 - first["weaker_rate"]) and first["significant"]
    # player 2's games came out the same with either bot: no gain, and a range with a width
    assert second["gain"] == 0.0 and not second["significant"]
    assert second["ci95"][0] == -second["ci95"][1] and 0.02 < second["ci95"][1] < 0.1
    assert second["weaker_rate"] == pytest.approx(1.0 - first["weaker_rate"])


@pytest.mark.parametrize("text, message", [
    ("greedy,random", "'greedy,random': give the rungs once each, weakest first, as the ladder orders them: "
                      "random < greedy < ismcts:100 < ismcts:1000 < ismcts:5000"),
    ("greedy", "a skill trace needs two rungs or more, weakest first, such as random,greedy (or 'none' for no "
               "skill trace)"),
    ("random,ismcts:77", "'ismcts:77' is not a rung of the ladder; the rungs are: random, greedy, ismcts:100, "
                         "ismcts:1000, ismcts:5000"),
])
def test_rungs_are_the_ladder_s_in_order(text, message):
    with pytest.raises(ValueError) as e:
        skill.parse_rungs(text)
    assert str(e.value) == message


# ---- the command -----------------------------------------------------------------------

HOSTILE = CROWN.read_text().replace('game "Crown"', 'game "<b>Crown</b> [red]x[/]"').replace(
    '"Crown":', '"<img src=x onerror=alert(1)>":')


def test_the_page_and_the_terminal_escape_a_hostile_card_name(ruleforge_cmd, tmp_path):
    rules = tmp_path / "hostile.rules"
    rules.write_text(HOSTILE)
    page, data = tmp_path / "r.html", tmp_path / "r.json"
    r = ruleforge_cmd("analyze", rules, "--games", 60, "--rungs", "none", "--seed", 1, "--agents", "random",
                      "--html", page, "--json", data)
    assert r.code == 0, r.err
    html = page.read_text()
    assert "<img src=x" not in html and "<b>Crown" not in html and "<script" not in html
    assert "&lt;img src=x onerror=alert(1)&gt;" in html and "&lt;b&gt;Crown&lt;/b&gt; [red]x[/]" in html
    assert html.count('src="data:image/png;base64,') == 5  # balance, length, rules, cards, decisions: no file beside it
    assert "<b>Crown</b> [red]x[/]: design report" in r.out  # rich markup shown, not obeyed
    assert f"HTML report written to {page}" in r.out
    cards = json.loads(data.read_text())["cards"]
    # (the luck of the deal, now below the Pebble, whose holders keep it when the Crown ends the game)
    assert [row["card"] for row in cards["rows"]] == ["Pebble", "<img src=x onerror=alert(1)>"]
    assert cards["held"]["rows"][0]["card"] == "<img src=x onerror=alert(1)>"


def test_the_command_reports_each_section_with_its_bots_and_games(ruleforge_cmd, tmp_path):
    r = ruleforge_cmd("analyze", SEAT_ONE, "--games", 20, "--skill-games", 4, "--rungs", "random,greedy",
                      "--seed", 2, "--plots", tmp_path / "p", "--no-html")
    assert r.code == 0, r.err
    assert r.lines[0] == "seed 2 (the same report again: --seed 2); playing 26 games: 20 with greedy, 6 for the skill trace"
    headings = [line for line in r.lines if " · " in line and line.split(" · ")[0] in
                ("Balance", "Length and tension", "Rules", "Cards", "Decisions")]
    assert headings == [f"{h} · greedy at every seat · 20 games" for h in
                        ("Balance", "Length and tension", "Rules", "Cards", "Decisions")]
    assert "Skill · the skill trace · random < greedy · 2 games a seat at each step, on the same deals" in r.lines
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p-balance.png", "p-decisions.png", "p-length.png",
                                                          "p-rules.png", "p-skill.png"]


@pytest.mark.parametrize("args, error", [
    (["--rungs", "greedy,random"], "Invalid value for '--rungs': 'greedy,random': give the rungs once each"),
    (["--rungs", "ismcts:77,ismcts:100"], "Invalid value for '--rungs': 'ismcts:77' is not a rung of the ladder"),
    (["--agents", "clever"], "Invalid value for '--agents': unknown agent 'clever'; the agents are: "
                             "random, greedy, ismcts"),
    (["--html", "report.txt"], "Invalid value for '--html': 'report.txt' should end in .html or .htm"),
    (["--json", "r.csv"], "Invalid value for '--json': 'r.csv' should end in .json"),
    (["--html", "r.html", "--no-html"], "Error: --html and --no-html say opposite things: give one"),
    (["--games", "0"], "Invalid value for '--games': 0 is not in the range 1<=x<=100000."),
    (["--plots", "/no/such/folder/p"], "Invalid value for '--plots': there is no folder '/no/such/folder'"),
    # a folder: it wrote '/tmp/-balance.png' and the others, hidden files
    (["--plots", "/tmp/"], "Invalid value for '--plots': '/tmp/' is a folder: give the start of the files' names, "
                           "such as /tmp/seat_one (which writes /tmp/seat_one-balance.png and the others)"),
])
def test_bad_flags_exit_2_with_a_clear_message(ruleforge_cmd, args, error):
    r = ruleforge_cmd("analyze", SEAT_ONE, *args)
    assert (r.code, r.out) == (2, "")
    assert error in " ".join(r.err.split()), r.err


def test_a_rule_file_refused_as_the_page(ruleforge_cmd, tmp_path):
    r = ruleforge_cmd("analyze", SEAT_ONE, "--html", SEAT_ONE)
    assert r.code == 2 and "should end in .html or .htm" in r.err


def test_the_skill_verdict_names_a_seat_whose_gain_differs_from_the_whole():
    from ruleforge.drivers.analysis_text import skill_verdicts
    seats = [{"title": "Seeker", "gain": 0.2, "ci95": [0.05, 0.35], "significant": True},
             {"title": "Hider", "gain": -0.1, "ci95": [-0.25, 0.05], "significant": False}]
    k = {"steps": [{"weaker": "greedy", "stronger": "ismcts:100", "seats": seats,
                    "overall": {"gain": 0.05, "ci95": [-0.05, 0.15], "significant": False}}]}
    assert skill_verdicts(k) == ["ismcts:100 among greedy: no significant gain over every seat (+5.0 [-5.0, +15.0]); "
                                 "but as Seeker it gains 20.0 points [+5.0, +35.0]"]


def test_the_page_goes_by_default_to_the_rule_file_s_name_in_the_current_folder(ruleforge_cmd, tmp_path,
                                                                               monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = ruleforge_cmd("analyze", LEAD, "--games", 5, "--rungs", "none", "--seed", 1, "--players", 2)
    assert r.code == 0, r.err
    assert "HTML report written to lead-2p-analysis.html" in r.lines
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lead-2p-analysis.html"]


def test_a_game_without_decisions_says_so(ruleforge_cmd):
    r = ruleforge_cmd("analyze", "examples/war.rules", "--games", 3, "--rungs", "none", "--seed", 1, "--no-html")
    assert r.code == 0, r.err
    assert r.lines[-1] == ("Nobody decides anything in this game (no rule asks a player a thing): the game plays "
                           "itself")
    # (with or without --rungs: no skill can matter where nobody decides)
    assert ("Skill · none to measure: nobody decides anything in this game (no rule asks a player a thing), so no "
            "skill can matter") in r.lines


def test_games_stopped_by_an_error_are_counted_apart_in_every_heading(ruleforge_cmd, tmp_path):
    # Every heading said "100 games" of figures made from the 31 that ended, and the
    # errors came only as the report's last line (analyze reader).
    buggy = tmp_path / "crown_bug.rules"
    buggy.write_text(CROWN.read_text().replace(
        "    with card in hand of current\n",
        "    with card in hand of current\n    allowed if card.kind = crown or current = player 2\n"), encoding="utf-8")
    json_out = tmp_path / "r.json"
    r = ruleforge_cmd("analyze", buggy, "--agents", "random", "--games", 40, "--rungs", "none", "--seed", 1,
                      "--no-html", "--json", json_out, "--max-decisions", 50)
    assert r.code == 1  # a game stopped on a rule error: the rule file has a problem
    doc = json.loads(json_out.read_text())
    errors, ended = doc["summary"]["errors"], 40 - doc["summary"]["errors"]
    assert 0 < errors < 40
    games = f"40 games ({ended} ended: {errors} stopped on a rule error, left out)"
    assert r.lines[2] == f"Main games: {games} with random at every seat. No skill trace."
    assert r.lines[3].startswith(f"{errors} of 40 games stopped on a rule error: the figures below are of the {ended} ")
    assert f"Balance · random at every seat · {games}" in r.lines
    # the same report again, --max-decisions too
    assert doc["command"] == (f"ruleforge analyze {buggy} --seed 1 --games 40 --agents random --rungs none "
                              "--max-decisions 50")


def test_the_cards_left_out_are_pointed_to_where_this_run_writes_them(ruleforge_cmd, tmp_path, monkeypatch):
    # "(78 more in the HTML page and --json)" was printed with --no-html and no --json
    from ruleforge.drivers import analysis_text
    monkeypatch.setattr(analysis_text, "CARD_ROWS", 1)
    args = ("analyze", CROWN, "--games", 20, "--rungs", "none", "--seed", 1)
    ran = ruleforge_cmd(*args, "--no-html")
    more = [line for line in ran.lines if line.startswith("(") and " more" in line]
    # (and not "the HTML page and --json list every card": this run writes neither; a
    # fresh reader looked for the page --no-html had not written)
    assert more == ["(1 more: --json FILE lists every card, as the HTML page does)"]
    ran = ruleforge_cmd(*args, "--no-html", "--json", tmp_path / "r.json")
    assert [line for line in ran.lines if line.startswith("(") and " more" in line] == ["(1 more in --json)"]


def test_the_page_says_what_the_terminal_says(ruleforge_cmd, tmp_path):
    # The page left out the seats' rates behind the balance gap, who started, the rounds'
    # 10%-90%, the lead changes every 10 decisions and the games with one winner
    # (analyze reader): its sentences are the terminal's now.
    import html
    import re
    page = tmp_path / "r.html"
    ran = ruleforge_cmd("analyze", LEAD, "--games", 30, "--rungs", "none", "--seed", 1, "--html", page)
    assert ran.code == 0, ran.err
    text = html.unescape(re.sub(r"<[^>]+>", "", page.read_text(encoding="utf-8")))
    page_text = " ".join(text.split())
    for start in ("Balance gap:", "Starting-seat advantage:", "Length:", "Decisiveness:", "Lead changes:"):
        i = next(k for k, line in enumerate(ran.lines) if line.startswith(start))
        said = [ran.lines[i]]
        for line in ran.lines[i + 1:]:  # the lines the terminal wrapped it onto
            if not line or not re.match(r"[a-z0-9(\[]", line):
                break
            said.append(line)
        sentence = " ".join(" ".join(said).split())
        assert sentence in page_text, (start, sentence)


def test_bots_named_per_seat_are_named_for_every_seat(ruleforge_cmd):
    # 'bots 1=greedy' did not say that seat 2 plays random
    ran = ruleforge_cmd("analyze", CROWN, "--agents", "1=greedy", "--games", 10, "--rungs", "none", "--seed", 1,
                        "--no-html")
    assert ran.code == 0, ran.err
    assert "Main games: 10 games with bots: player 1 greedy, player 2 random. No skill trace." in ran.lines
    ran = ruleforge_cmd("analyze", CROWN, "--agents", "1=random,2=random", "--games", 10, "--rungs", "none",
                        "--seed", 1, "--no-html")
    assert "Main games: 10 games with random at every seat. No skill trace." in ran.lines


def test_card_impact_with_no_use_tested_says_why_rather_than_0_tested(ruleforge_cmd):
    # "0 uses tested, 0 significant, 0 too rare to judge (...). Each interval allows for
    # the 0 tested at once" was printed for a game whose actions name no card (analyze
    # reader): the intro says why nothing is tested.
    from ruleforge.drivers.analysis_text import card_impact_intro
    none = {"tested": 0, "too_rare": 0, "significant": 0, "min_group": 10, "rows": []}
    # (and how to make an action a use of a card: a fresh reader's take-the-card-on-offer
    # action named none)
    assert card_impact_intro(none) == ("Card impact: nothing to test: no action named a card and no choice was of a "
                                       "card in these games. An action over a card names it ('with card in ZONE'), "
                                       "and its uses are then tested.")
    rare = {**none, "too_rare": 34}
    assert card_impact_intro(rare) == ("Card impact: nothing tested: each of the 34 uses of a card was made in fewer "
                                       "than 10 games, or left out of fewer than 10, too few to judge; more --games "
                                       "would judge them.")
    assert card_impact_intro({**none, "too_rare": 1}).startswith(
        "Card impact: nothing tested: the one use of a card was made in fewer than 10 games, or left out of fewer "
        "than 10, too few to judge; more --games would judge it.")
    r = ruleforge_cmd("analyze", CHANCE, "--games", 5, "--rungs", "none", "--seed", 1, "--no-html")
    assert r.code == 0, r.err
    i = r.lines.index("Cards · greedy at every seat · 5 games")
    assert " ".join(r.lines[i + 1:i + 3]) == (
        "Card impact: nothing to test: no action named a card and no choice was of a card in these games. An action "
        "over a card names it ('with card in ZONE'), and its uses are then tested.")


def test_a_run_where_no_game_ended_gives_no_report(ruleforge_cmd, tmp_path):
    # Every game stopped on a rule error; the report still printed "fair is 0.0% each
    # (50.0% of the 0.0% of the games some seat won alone)", a drawishness of
    # "0.0% [0.0, 100.0]", "No decision was ever asked: the game plays itself", and
    # played the skill trace (analyze reader). `run` says "no game ended".
    buggy = tmp_path / "chance_bug.rules"
    # (both actions divide by zero)
    buggy.write_text(CHANCE.read_text().replace("increase moves by 1\n", "increase moves by 1 / (moves - moves)\n"),
                     encoding="utf-8")
    page, data = tmp_path / "r.html", tmp_path / "r.json"
    r = ruleforge_cmd("analyze", buggy, "--games", 4, "--rungs", "random,greedy", "--skill-games", 4, "--seed", 1,
                      "--html", page, "--json", data)
    assert r.code == 1
    assert r.lines[1:3] == ["Pure chance: design report · seed 1",
                            "No game ended: all 4 stopped on a rule error, so there is no report (nothing written)"]
    error = " ".join(r.lines[3:])  # (the terminal wraps it)
    assert error.startswith("4 games stopped on a rule error; first: game 0 (seed ")
    assert error.endswith("division by zero")
    assert not page.exists() and not data.exists()



def test_a_decision_point_that_came_up_is_not_shown_as_0_00_a_game():
    # UFO*logy's "to clear from the table" came up once in 1,000 games, shown as "0.00"
    # a game, read as never (analyze reader).
    from ruleforge.drivers.analysis_text import per_game
    assert [per_game(x) for x in (0.001, 0.004, 0.005, 0.0, 1.83, 21.72)] == [
        "<0.01", "<0.01", "0.01", "0.00", "1.83", "21.72"]


def test_a_skill_step_whose_every_game_stopped_on_a_rule_error_says_so():
    # Its rows read "0 games" and "-", and no sentence said why (analyze reader).
    from ruleforge.drivers.analysis_text import skill_verdicts
    baseline = [play_one(GameSpec(str(CHANCE), {}, None, "random", 1), i) for i in range(3)]
    broken = [attrs.evolve(o, error="in rule 'turn' (line 9): division by zero") for o in baseline]
    st = skill.step("random", "greedy", broken, [baseline, baseline], ["player 1", "player 2"])
    assert [(row["games"], row["errors"]) for row in st["seats"]] == [(0, 3), (0, 3)] and "overall" not in st
    assert skill_verdicts({"steps": [st]}) == [
        "greedy among random: not measured: no game of this step ended (why: below)"]


def test_the_page_escapes_a_decision_point_shown_as_less_than_0_01_a_game():
    from ruleforge.drivers.analysis_html import decisions
    d = {"games": 1000, "overall": {"decisions": 1, "per_game": 0.001, "mean_menu": 1.0, "one_choice": 1.0},
         "seats": [{"title": "player 1", "decisions": 1, "mean_menu": 1.0, "one_choice": 1.0}],
         "prompts": [{"prompt": "to clear", "label": "to clear", "seats": ["player 1"], "every_seat": False,
                      "per_game": 0.001, "mean_menu": 1.0, "one_choice": 1.0}]}
    page = "\n".join(decisions({"decisions": d}, {}, ""))
    assert '<td class="n">&lt;0.01</td>' in page and "<0.01" not in page


def test_ctrl_c_in_the_skill_trace_still_gives_the_main_games_report(ruleforge_cmd, tmp_path, monkeypatch):
    # A fresh designer's Ctrl-C eleven minutes into a slow skill trace left "interrupted:
    # no report": the main games' report was lost with it.
    from ruleforge.drivers import skill

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt
    monkeypatch.setattr(skill, "run", interrupted)
    page = tmp_path / "r.html"
    r = ruleforge_cmd("analyze", SEAT_ONE, "--games", 20, "--skill-games", 4, "--rungs", "random,greedy",
                      "--seed", 2, "--html", page)
    assert r.code == 130
    assert "interrupted during the skill trace: the report of the main games follows, without it" in r.err
    assert "Balance · greedy at every seat · 20 games" in r.lines
    assert ("Skill · not measured: the skill trace was interrupted (Ctrl-C); the same command plays it again, "
            "or --skill-games N plays a shorter one") in " ".join(r.out.split())  # (the terminal wraps it)
    assert ("<h2>Skill</h2><p>Not measured: the skill trace was interrupted (Ctrl-C); the same command plays it "
            "again, or --skill-games N plays a shorter one.</p>") in page.read_text(encoding="utf-8")


def test_ctrl_c_in_the_main_games_gives_no_report(ruleforge_cmd, tmp_path, monkeypatch):
    from ruleforge.cli import analyze

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt
    monkeypatch.setattr("ruleforge.drivers.simulate.run_games", interrupted)
    r = ruleforge_cmd("analyze", SEAT_ONE, "--games", 20, "--rungs", "none", "--seed", 2, "--html", tmp_path / "r.html")
    assert analyze.EXIT_INTERRUPTED == r.code == 130
    assert r.err.splitlines()[-1] == "interrupted: no report"
    assert not (tmp_path / "r.html").exists()
