"""`compare` of a variant that changes only what the bots read (its heuristic): the rules
are the same game, so it says that a difference measures the bots, in place of the rungs'
"the bots decide the verdict" (random bots read no heuristic: they play the same games)."""

from __future__ import annotations

import json

from ruleforge.drivers.compare import bots_only, rule_changes
from ruleforge.load import read_source, check_source

# Three moves; three steps up reach the summit. Without a heuristic, greedy bots rest or
# climb at random until the last move; with one that counts the height, they always climb.
CLIMB = '''\
game "Steps"
players 1
cards: standard deck in deck
zone deck: pile
counter height = 0
counter moves = 0
parameter eagerness = 1
turn:
    current takes an action
    if moves = 3 and height = 3:
        end the game with summit
    if moves = 3:
        end the game with short
action up "Step up":
    increase height by 1
    increase moves by 1
action rest "Rest":
    increase moves by 1
ending summit "reached the summit": player 1 wins
ending short "fell short": nobody wins
'''

EAGER = 'extends "climb.rules"\n\nheuristic of p: eagerness * height\n'


def checked(path):
    return check_source(str(path), read_source(path)[1])[1]


def test_compare_says_a_heuristic_alone_measures_the_bots(ruleforge_cmd, tmp_path):
    base, eager = tmp_path / "climb.rules", tmp_path / "eager.rules"
    base.write_text(CLIMB, encoding="utf-8")
    eager.write_text(EAGER, encoding="utf-8")
    out = tmp_path / "cmp.json"
    ran = ruleforge_cmd("compare", base, eager, "--games", 40, "--seed", 1, "--jobs", 1, "--out", out)
    assert ran.code == 0, ran.err
    assert "│ eager.rules │ player 1 │ +72.5 [+58.0, +87.0] │ higher  │ +0.0 [-8.8, +8.8] │ not significant │" in ran.out
    warnings = [line for line in ran.lines if line.startswith("warning:")]
    assert warnings == [
        f"warning: {eager}: the same game as {base}: only what the bots read differs (the heuristic), and random "
        "bots, which read none, play the very same games in both; a difference measures the bots' judgement, not "
        "the design"]
    assert [(w["kind"], w["variant"]) for w in json.loads(out.read_text())["warnings"]] == [("bots only", str(eager))]


def test_a_parameter_only_the_heuristic_reads_is_the_bots_too(tmp_path):
    (tmp_path / "climb.rules").write_text(CLIMB.replace("parameter eagerness = 1\n", ""), encoding="utf-8")
    (tmp_path / "eager.rules").write_text(EAGER.replace("eagerness * ", ""), encoding="utf-8")
    (tmp_path / "keen.rules").write_text(CLIMB.replace("eagerness = 1", "eagerness = 2") + EAGER.split("\n\n")[1],
                                         encoding="utf-8")
    (tmp_path / "base.rules").write_text(CLIMB + EAGER.split("\n\n")[1], encoding="utf-8")
    (tmp_path / "higher.rules").write_text('extends "base.rules"\n\naction up "Step up":\n    increase height by 2\n'
                                           "    increase moves by 1\n", encoding="utf-8")
    base = checked(tmp_path / "base.rules")
    assert bots_only(rule_changes(base, checked(tmp_path / "keen.rules")))          # parameter eagerness, 1 → 2
    assert bots_only(rule_changes(checked(tmp_path / "climb.rules"), checked(tmp_path / "eager.rules")))
    assert not bots_only(rule_changes(base, checked(tmp_path / "higher.rules")))     # a rule changed
    assert not bots_only(rule_changes(base, base))                                   # nothing differs
