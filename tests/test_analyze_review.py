"""`ruleforge analyze`, points an earlier reviewer noticed and left: each test names what
the report said before. Small known-answer games, written here."""

from __future__ import annotations

import html
import json
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data" / "analyze"
LEAD = (DATA / "lead.rules").read_text(encoding="utf-8")


def write(tmp_path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def analyze(ruleforge_cmd, tmp_path, path, *args):
    """(result, the HTML page's text) of a small analyze run, seed 1, no skill trace unless told."""
    page = tmp_path / "page.html"
    args = args if "--rungs" in args else ("--rungs", "none", *args)
    r = ruleforge_cmd("analyze", path, "--seed", 1, "--html", page, *args)
    return r, page.read_text(encoding="utf-8") if page.exists() else ""


def text_of(r) -> str:
    """The terminal's text as one line, unwrapped where rich wrapped it at 120 columns."""
    return " ".join(line.rstrip() for line in r.lines).replace("  ", " ")


# ---- 1. the lead is judged by the heuristic, the score, or nothing -----------------------

# Lead race (tests/data/analyze/lead.rules) with its score kept apart: `counter points`,
# and a `quantity score` of it; or a declared heuristic that reverses the race (the seat
# with fewer points leads), whose lead changes twice a game where the score's changes
# three times: the line says which one the figures come from.
AS_QUANTITY = LEAD.replace("counter score per player = 0", "counter points per player = 0\n"
                           "quantity score of p: points of p").replace("increase score of", "increase points of")
REVERSED = LEAD + "\nheuristic of p: 0 - score of p\n"
BROKEN = LEAD + "\nheuristic of p: score of p / (moves - moves)\n"


@pytest.mark.parametrize("text, line", [
    (LEAD, "Lead changes: 3.0 a game [3.0, 3.0] (7.50 every 10 decisions), by each seat's score at each decision"),
    (AS_QUANTITY,
     "Lead changes: 3.0 a game [3.0, 3.0] (7.50 every 10 decisions), by each seat's score at each decision"),
    (REVERSED, "Lead changes: 2.0 a game [2.0, 2.0] (5.00 every 10 decisions), by the heuristic at each decision"),
])
def test_the_lead_line_names_what_judged_the_leader(ruleforge_cmd, tmp_path, text, line):
    # (a score standing for the heuristic was "by the heuristic at each decision":
    # UFO*logy at 4 players, which declares a score and no heuristic)
    r, page = analyze(ruleforge_cmd, tmp_path, write(tmp_path, "lead.rules", text), "--games", 5)
    assert r.code == 0, r.err
    assert line in [x.rstrip() for x in r.lines]
    assert f"<p>{html.escape(line)}.</p>" in page


def test_a_heuristic_that_fails_everywhere_is_not_said_to_be_missing(ruleforge_cmd, tmp_path):
    # (it said "the rule file declares no heuristic" of a file that declares one)
    r, page = analyze(ruleforge_cmd, tmp_path, write(tmp_path, "lead.rules", BROKEN), "--games", 5,
                      "--agents", "random")
    assert r.code == 0, r.err
    line = ("Decisiveness and lead changes: not measured: the heuristic stopped on a rule error at a decision of "
            "every game, so nothing told who led")
    assert line in text_of(r) and f"<p>{html.escape(line)}.</p>" in page


# Shuffled, with a heuristic that divides by zero when the deck's top card is a 10 or a
# face card: in 2 of the 20 games with seed 1 (the rest give the race's 3 changes).
PARTIAL = (LEAD.replace('zone deck "the deck": pile, face down\n',
                        'zone deck "the deck": pile, face down\n\nsetup:\n    shuffle deck\n')
           + "\nheuristic of p: score of p / (if (top of deck).value > 9 then 0 else 1)\n")


def test_a_heuristic_that_fails_in_some_games_says_they_are_left_out(ruleforge_cmd, tmp_path):
    # (the figures came from the other games, unsaid)
    data = tmp_path / "partial.json"
    r, page = analyze(ruleforge_cmd, tmp_path, write(tmp_path, "lead.rules", PARTIAL), "--games", 20,
                      "--json", data)
    assert r.code == 0, r.err
    line = ("Lead changes: 3.0 a game [3.0, 3.0] (7.50 every 10 decisions), by the heuristic at each decision; "
            "decisiveness and lead changes are from 18 games: 2 games left out, where the heuristic stopped on a "
            "rule error at a decision (the first: in rule 'heuristic' (line 29): division by zero)")
    assert line in text_of(r) and f"<p>{html.escape(line)}.</p>" in page
    tension = json.loads(data.read_text(encoding="utf-8"))["tension"]
    assert (tension["games"], tension["untold"]) == (18, 2)


# Steps of 1 or 2, and a heuristic that reads the score only while player 1 is to move:
# judged after player 2's step (player 1 to move) it is 0 whatever the step, so greedy at
# player 2 finds both steps alike, as at a drafting game's last seat (a fresh reader's).
FLAT = (LEAD.replace('action step "Step":\n', 'action step "Step":\n    with n from 1 to 2\n')
        .replace("by first_gain\n", "by first_gain * n\n").replace("by second_gain\n", "by second_gain * n\n")
        + "\nheuristic of p: if current = player 1 then 0 else score of p\n")


def test_greedy_bots_that_find_every_move_alike_at_a_seat_are_said_to(ruleforge_cmd, tmp_path):
    data = tmp_path / "flat.json"
    r, page = analyze(ruleforge_cmd, tmp_path, write(tmp_path, "flat.rules", FLAT), "--games", 20, "--json", data)
    assert r.code == 0, r.err
    note = ("note: greedy bots found every move alike (the heuristic gave each the same value, so they chose at "
            "random) in 82.5% at player 2 of their choices (0.0% at player 1): there they play as random bots do. "
            "The decisions they could not judge (every move alike in most of their choices there): take an action "
            "82.5% at player 2. A heuristic that tells a seat's moves apart, the same way at every seat, gives them judgement "
            "(docs/language.md#heuristic-for-bots).")
    assert note in text_of(r) and f'<p class="sig">{html.escape(note)}</p>' in page
    assert json.loads(data.read_text(encoding="utf-8"))["greedy_alike"] == [
        {"seat": "player 1", "judged": 40, "alike": 0}, {"seat": "player 2", "judged": 40, "alike": 33}]
    # the race as it was (one step a turn): no choice, nothing judged, no note
    r, _ = analyze(ruleforge_cmd, tmp_path, write(tmp_path, "lead.rules", REVERSED), "--games", 5)
    assert r.code == 0 and "every move alike" not in r.out


# ---- 2. a game where nobody decides anything ---------------------------------------------

NOBODY = "nobody decides anything in this game (no rule asks a player a thing)"


def test_a_game_without_decisions_says_no_skill_can_matter_and_gets_no_bots_note(ruleforge_cmd, tmp_path):
    # War got the note that greedy bots without a heuristic play nearly at random, a
    # skill trace of 0.0 gains "at this step the games do not show that skill matters",
    # and "not measured: the rule file declares no heuristic" for its lead
    data = tmp_path / "war.json"
    r, page = analyze(ruleforge_cmd, tmp_path, "examples/war.rules", "--games", 20, "--rungs", "random,greedy",
                      "--json", data)
    assert r.code == 0, r.err
    text = text_of(r)
    assert r.lines[0] == "seed 1 (the same report again: --seed 1); playing 20 games: 20 with greedy"
    assert "Main games: 20 games with greedy at every seat. No skill trace: nobody decides anything." in r.lines
    assert "note:" not in r.out + r.err and "greedy bots" not in r.out + page
    skill = f"none to measure: {NOBODY}, so no skill can matter"
    lead = f"Decisiveness and lead changes: none to measure: {NOBODY}, so there is no decision to tell the lead at"
    cards = f"Card impact: nothing to test: {NOBODY}, so nobody uses a card by choice."
    decisions = "Nobody decides anything in this game (no rule asks a player a thing): the game plays itself"
    assert f"Skill · {skill}" in r.lines and lead in text and cards in text and decisions in r.lines
    assert "Step" not in r.out and "skill matters" not in r.out and "declares no heuristic" not in r.out
    assert f"<h2>Skill</h2><p>N{skill[1:]}.</p>" in page
    assert all(f"<p>{line}</p>" in page for line in (f"{lead}.", cards, f"{decisions}."))
    report = json.loads(data.read_text(encoding="utf-8"))
    assert (report["decides"], report["skill"], report["tension"], report["bots_note"]) == (False, None, None, None)


def test_run_gives_a_game_without_decisions_no_bots_note(ruleforge_cmd):
    r = ruleforge_cmd("run", "examples/war.rules", "--games", 5, "--agents", "greedy", "--seed", 1, "--jobs", 1)
    assert r.code == 0 and "note:" not in r.out + r.err
    # (a game that asks decisions, without a heuristic, still gets it)
    r = ruleforge_cmd("run", DATA / "chance.rules", "--games", 5, "--agents", "greedy", "--seed", 1, "--jobs", 1)
    assert r.code == 0 and r.err.startswith("note: Pure chance declares no heuristic (nor a score per player)")


# ---- 3. rule errors in the skill trace's games -------------------------------------------

# Two points win. Greedy steps every time, so player 1 wins at the third decision; a
# random seat rests half the time, and with a cap of 3 decisions most games with random
# bots stop on the decision cap: the main games (greedy) end, the skill trace's do not.
SHORT_RACE = """game "Short race"
players 2
cards: standard deck in deck
zone deck "the deck": pile, face down
counter score per player = 0

turn:
    current takes an action

action step "Step":
    increase score of current by 1

action rest "Rest":
    increase score of current by 0

ending won "two points": players where score of it >= 2 win when any p in players has score of p >= 2
"""


def test_rule_errors_in_the_skill_trace_are_counted_and_the_first_is_shown(ruleforge_cmd, tmp_path):
    # (the table's rows showed 3 games of 20 a seat, and nothing said why; the exit code was 0)
    from ruleforge.drivers.simulate import GameSpec, run_games
    path = write(tmp_path, "race.rules", SHORT_RACE)
    data = tmp_path / "race.json"
    r, page = analyze(ruleforge_cmd, tmp_path, path, "--games", 20, "--rungs", "random,greedy", "--skill-games", 40,
                      "--max-decisions", 3, "--json", data)
    assert r.code == 1  # a game stopped on a rule error: the rule file has a problem
    # the skill trace's own games: random at every seat, then each seat greedy among random
    runs = [run_games(GameSpec(str(path), {}, None, bots, 1, 3), 20) for bots in ("random", "1=greedy,2=random",
                                                                                  "1=random,2=greedy")]
    failed = [o for outcomes in runs for o in outcomes if o.error]
    first = failed[0]
    assert 0 < len(failed) < 60 and first.limit == "decisions"
    # (stopped by the cap, a long game: not "on a rule error")
    above = (f"{len(failed)} of the 60 games the skill trace played stopped at the decision cap: each is left out with the "
             "game on the same deal it is paired with (the first error is under the table)")
    below = (f"{len(failed)} games of the skill trace stopped at the decision cap; first: game {first.index} "
             f"(seed {first.seed}, bots random): {first.error}")
    text = text_of(r)
    assert first.error.startswith("the game was stopped after 3 decisions, the decision cap")
    assert text.index("Skill · the skill trace") < text.index(above) < text.index("Each seat played by")
    assert text.index("greedy among random:") < text.index(below) < text.index("Length and tension")
    assert f'<p class="sig">{html.escape(above)}</p>' in page and f'<p class="sig">{html.escape(below)}</p>' in page
    skill = json.loads(data.read_text(encoding="utf-8"))["skill"]
    assert (skill["games"], skill["errors"], skill["capped"]) == (60, len(failed), len(failed))
    assert skill["first_error"] == {"game": first.index, "seed": first.seed, "agents": "random",
                                    "message": first.error, "limit": "decisions"}
    # the main games ended: no word of an error outside the skill section
    assert "stopped at the decision cap" not in text[:text.index("Skill · ")] + text[text.index("Length and tension"):]


# ---- 4. each decision point its own row --------------------------------------------------

# Each turn asks three things: one of two actions, then one of three plays, then a
# number; two turns a game. Both menus prompt "take an action".
PHASES = """game "Two phases"
players 2
cards: standard deck in deck
zone deck "the deck": pile, face down
counter moves = 0

turn:
    current takes one of draw, wait
    current takes one of play
    let k = current chooses one of [1, 2] "to pick a number"
    increase moves by 1

action draw "Draw":
    increase moves by 0

action wait "Wait":
    increase moves by 0

action play "Play":
    with n from 1 to 3
    increase moves by 0

ending done "two turns": nobody wins when moves = 2
"""
# a variant whose Wait asks a number too: the turn's questions are in the base file
VARIANT = """extends "../phases.rules"

action wait "Wait":
    let j = current chooses one of [1, 2, 3] "to pick a number"
"""


def decision_rows(r) -> list[str]:
    lines = [line.rstrip() for line in r.lines]
    start = lines.index("By decision point") + 4  # (the title, the table's top, its head, a rule)
    return lines[start:lines.index(next(x for x in lines[start:] if x.startswith("└")))]


def test_each_take_an_action_of_a_game_is_a_row_of_its_own(ruleforge_cmd, tmp_path):
    # (one row "take an action", 4.00 a game, mean menu 2.5: the two menus lumped)
    data = tmp_path / "phases.json"
    r, page = analyze(ruleforge_cmd, tmp_path, write(tmp_path, "phases.rules", PHASES), "--games", 5, "--json", data)
    assert r.code == 0, r.err
    assert decision_rows(r) == [
        "│ take an action (turn, line 8) │ every seat │     2.00 │       2.0 │       0.0% │",
        "│ take an action (turn, line 9) │ every seat │     2.00 │       3.0 │       0.0% │",
        # (asked at one place: named as it was)
        "│ to pick a number              │ every seat │     2.00 │       2.0 │       0.0% │"]
    assert "<td>take an action (turn, line 9)</td><td>every seat</td>" in page
    rows = json.loads(data.read_text(encoding="utf-8"))["decisions"]["prompts"]
    assert [(x["prompt"], x["label"], x["line"], x["file"], x["rules"], x["mean_menu"]) for x in rows] == [
        ("take an action", "take an action (turn, line 8)", 8, None, ["turn"], 2.0),
        ("take an action", "take an action (turn, line 9)", 9, None, ["turn"], 3.0),
        ("to pick a number", "to pick a number", 10, None, ["turn"], 2.0)]


def test_a_decision_point_of_a_variant_s_base_names_the_base(ruleforge_cmd, tmp_path):
    write(tmp_path, "phases.rules", PHASES)
    (tmp_path / "v").mkdir()
    r, _ = analyze(ruleforge_cmd, tmp_path, write(tmp_path, "v/variant.rules", VARIANT), "--games", 5)
    assert r.code == 0, r.err
    assert [row.split(" │ ")[0].rstrip() for row in decision_rows(r)] == [
        "│ take an action (turn, line 8 of phases.rules)", "│ take an action (turn, line 9 of phases.rules)",
        "│ to pick a number (turn, line 10 of phases.rules)", "│ to pick a number (action wait, line 4)"]


NEVER = """game "Never asked"
players 2
cards: standard deck in deck
zone deck: pile, face down
zone pile: pile, face up
action take "take a card":
    move top of deck to pile
turn:
    if count of deck > 100:
        current takes an action
    move top of deck to pile
ending out "the deck ran out": nobody wins when deck is empty
"""


def test_rules_that_can_ask_but_never_did_are_not_said_to_play_themselves(ruleforge_cmd, tmp_path):
    # it said "No decision was ever asked: the game plays itself" of a game whose rules
    # can ask (a fresh look at the wording left by the review that split the rows)
    r, page = analyze(ruleforge_cmd, tmp_path, write(tmp_path, "never.rules", NEVER), "--games", 20)
    assert r.code == 0, r.err
    said = "No decision was asked in these games, though the rules can ask one: see the dead rules above"
    assert said in r.lines and "plays itself" not in r.out
    assert "Dead rules (never fired in 20 games): action take" in r.lines  # (where it points)
    assert f"<p>{said}.</p>" in page


def test_a_plot_label_cut_short_keeps_its_line():
    # (two rows read "to discard (The Contactee: on archive, ..." and the like: the line,
    # which tells the places apart, was cut off)
    from ruleforge.drivers.analysis_plots import text
    assert text("to discard (The Contactee: on archive, line 294)", 40) == "to discard (The Contactee: o…, line 294)"
    assert text("to discard (turn, line 82)", 40) == "to discard (turn, line 82)"
    assert text("x" * 50, 40) == "x" * 39 + "…" and text("a $5 bet") == r"a \$5 bet"
