"""`compare` runs at a rung of the ladder, says which, plays the same seeds again at the
rung below, and warns when the verdict is not the same there (the bots decide it), or
when a rule that differs never fired."""

from __future__ import annotations

import json
import re

import pytest

from ruleforge.drivers.compare import verdict, verdicts_differ

# Two paths, both won on a red top card: whatever anyone chooses, the Hero wins the games
# dealt a red card (so these figures hold for any bots).
FORK = '''\
game "Fork"
role hero "Hero"
role foe "Foe"

cards: standard deck in deck
zone deck: pile, face down
zone shown: pile, face up

setup:
    shuffle deck

turn:
    current takes an action

action left "Go left":
    move top of deck to shown
    if (top of shown).color = red:
        end the game with hero_won
    end the game with foe_won

action right "Go right":
    move top of deck to shown
    if (top of shown).color = red:
        end the game with hero_won
    end the game with foe_won

action wait "Wait for an empty deck":
    allowed if deck is empty
    end the game with foe_won

ending hero_won "the hero found the way": hero wins
ending foe_won "the foe stopped the hero": foe wins
'''

# A signpost: left always wins, right always loses. A Hero who picks at random still wins
# half the games; one who looks one step ahead (greedy) wins them all. The change matters
# only when the bot chooses well.
SIGNPOSTED = '''\
extends "fork.rules"

action left "Go left":
    end the game with hero_won

action right "Go right":
    end the game with foe_won
'''

# Waiting would now win, but the deck is never empty when the Hero chooses.
PATIENT = '''\
extends "fork.rules"

action wait "Wait for an empty deck":
    allowed if deck is empty
    end the game with hero_won
'''

LADDER_LINE = "random < greedy < ismcts:100 < ismcts:1000 < ismcts:5000"


@pytest.fixture
def files(tmp_path):
    for name, text in (("fork", FORK), ("signposted", SIGNPOSTED), ("patient", PATIENT)):
        (tmp_path / f"{name}.rules").write_text(text, encoding="utf-8")
    return tmp_path


def test_compare_states_its_rung_and_warns_when_the_bots_decide_or_a_changed_rule_never_fired(ruleforge_cmd, files):
    out = files / "cmp.json"
    base, sign, patient = files / "fork.rules", files / "signposted.rules", files / "patient.rules"
    ran = ruleforge_cmd("compare", base, sign, patient, "--games", 200, "--seed", 1, "--jobs", 1, "--out", out)
    assert ran.code == 0, ran.err
    assert ran.lines[1] == (f"bots: greedy for every seat, rung 2 of the ladder ({LADDER_LINE}); the verdicts are "
                            "checked at random, the rung below, on the same seeds")
    assert "│ signposted.rules │ Hero │ +47.5 [+40.5, +54.5] │ higher          │ +0.0 [-9.4, +9.4] │ not significant │" \
        in ran.out
    assert ran.lines[-3:-1] == [
        f"warning: {sign}: the bots decide the verdict, on the same 200 seeds: Hero +47.5 pts (significant) with "
        "greedy bots, +0.0 pts (not significant) with random bots; Foe -47.5 pts (significant) with greedy bots, "
        "+0.0 pts (not significant) with random bots; stronger bots may change it again (try --agents ismcts:100)",
        f"warning: {patient}: action wait (changed) never fired in these 200 games with greedy bots: they say "
        "nothing about it"]
    doc = json.loads(out.read_text())
    assert (doc["agents"], doc["rung"], doc["check_rung"]) == ("greedy", "greedy", "random")
    assert [(w["kind"], w["variant"]) for w in doc["warnings"]] == [("bots decide", str(sign)),
                                                                    ("never fired", str(patient))]
    assert doc["warnings"][0]["seats"] == ["Hero", "Foe"]
    # the check's figures, on the same seeds at the rung below
    hero = doc["check_differences"][0]
    assert (hero["variant"], hero["title"], hero["rung"], hero["games"]) == (str(sign), "Hero", "random", 200)
    assert hero["difference"] == 0 and not hero["significant"]
    # the base's Hero wins the 105 games of the 200 dealt a red card; the signposted one, all
    assert [s["seats"][0]["wins"] for s in doc["summaries"].values()] == [105, 200, 105]
    assert [d["difference"] for d in doc["differences"][:2]] == pytest.approx([0.475, -0.475])


def test_a_verdict_the_same_at_both_rungs_gives_no_warning(ruleforge_cmd, files):
    # at ISMCTS's lowest rung and at greedy below it, the signpost helps the Hero alike
    out = files / "cmp.json"
    ran = ruleforge_cmd("compare", files / "fork.rules", files / "signposted.rules", "--games", 30, "--seed", 2,
                        "--jobs", 1, "--agents", "ismcts:100", "--out", out)
    assert ran.code == 0, ran.err
    assert ran.lines[1].endswith("the verdicts are checked at greedy, the rung below, on the same seeds")
    doc = json.loads(out.read_text())
    assert [(d["title"], verdict(d)) for d in doc["differences"]] == [("Hero", "higher"), ("Foe", "lower")]
    assert [(d["title"], verdict(d)) for d in doc["check_differences"]] == [("Hero", "higher"), ("Foe", "lower")]
    assert not [line for line in ran.lines if line.startswith("warning:")]


def test_the_lowest_rung_other_bots_and_no_check_say_so(ruleforge_cmd, files):
    args = ("compare", files / "fork.rules", files / "signposted.rules", "--games", 20, "--seed", 1, "--jobs", 1)
    ran = ruleforge_cmd(*args, "--agents", "random")
    assert ran.lines[1] == (f"bots: random for every seat, rung 1 of the ladder ({LADDER_LINE}); random is the "
                            "lowest rung: there is none below to check the verdicts at")
    ran = ruleforge_cmd(*args, "--agents", "hero=greedy,foe=random")
    assert ran.lines[1] == (f"bots: hero=greedy,foe=random, not a rung of the ladder ({LADDER_LINE}): the verdicts "
                            "are not checked against other bots")
    ran = ruleforge_cmd(*args, "--no-rung-check")
    assert ran.lines[1].endswith("; the verdicts are not checked at another rung (--no-rung-check)")
    assert "Verdict by rung" not in ran.out and "the bots decide" not in ran.out


def test_verdicts_are_a_sign_when_significant():
    up = {"difference": 0.1, "significant": True}
    down = {"difference": -0.1, "significant": True}
    none = {"difference": 0.1, "significant": False}
    assert [verdict(d) for d in (up, down, none)] == ["higher", "lower", "not significant"]
    assert verdicts_differ([up, down, none], [up, none, down]) == [(down, none), (none, down)]


def test_two_unrelated_games_are_compared_with_a_warning(ruleforge_cmd):
    """`compare` of two games that share only their seats ran and gave paired verdicts
    without a word; a variant (it extends the base, or has its title) gets none."""
    ran = ruleforge_cmd("compare", "examples/gin_rummy.rules", "examples/war.rules", "--games", 4, "--seed", 1,
                        "--jobs", 1, "--agents", "random")
    assert ran.code == 0
    assert ran.err.splitlines()[0] == (
        "warning: examples/war.rules (War) neither extends examples/gin_rummy.rules nor has its title (Gin Rummy): "
        "two different games dealt by the same seeds, whose paired differences say little about either")
    ran = ruleforge_cmd("compare", "games/gufo.rules", "games/variants/gufo-three-reveals.rules", "--games", 4,
                        "--seed", 1, "--jobs", 1, "--agents", "random")
    assert ran.code == 0 and "warning" not in ran.err


def test_long_file_names_fold_and_are_never_cut(tmp_path):
    """At 120 columns, two variants in games/variants/ were both shown as
    'games/variants/ufology-…' in the win-rate table: which row was which could not be told."""
    from pathlib import Path

    from hostile import hostile_run
    root = Path(__file__).resolve().parents[1]
    ran = hostile_run(["compare", "games/ufology.rules", "games/variants/ufology-big-hands.rules",
                       "games/variants/ufology-open-play.rules", "--players", "3", "--games", "20", "--seed", "1",
                       "--jobs", "1", "--agents", "random"], cwd=root)
    assert ran.code == 0 and "…" not in ran.out
    rows = [line.split("│")[1].strip() for line in ran.out.splitlines() if line.startswith("│")]
    assert "games/variants/ufology-b" in rows and "ig-hands.rules" in rows
    assert "games/variants/ufology-o" in rows and "pen-play.rules" in rows


def test_file_names_keep_a_readable_width_in_an_80_column_terminal(ruleforge_cmd, files, monkeypatch):
    """At 80 columns the table by rung squeezed its Variant column to 2 characters (the
    other columns may not wrap): 'equal-turns.rules' was printed down 9 lines."""
    import sys
    monkeypatch.chdir(files)
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("NO_COLOR", "1")
    for var in ("FORCE_COLOR", "TTY_COMPATIBLE"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)  # (a terminal's width, from COLUMNS)
    ran = ruleforge_cmd("compare", "fork.rules", "signposted.rules", "--games", 20, "--seed", 1, "--jobs", 1)
    assert ran.code == 0, ran.err
    tables = re.sub(r"\x1b\[[0-9;]*m", "", ran.out).split("warning:")[0].splitlines()
    assert max(len(line) for line in tables if line[:1] in "┏┃┡│└") <= 80
    assert "…" not in ran.out  # (the other columns wrap rather than be cut)
    rung = tables[tables.index(next(line for line in tables if line.startswith("Verdict by rung"))):]
    rung = rung[:rung.index(next(line for line in rung if line.startswith("└")))]
    assert [line.split("│")[1] for line in rung if line.startswith("│")] == [
        " signposted.r ", " ules         ", " signposted.r ", " ules         "]
