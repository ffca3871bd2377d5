"""`compare` says what differs between the files, how often each differing rule fired,
and when a changed rule never fired or every paired game came out the same."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from ruleforge.drivers.compare import RuleChange, firings, rule_changes, same_outcomes
from ruleforge.drivers.simulate import GameOutcome
from ruleforge.load import check_source, read_source

ROOT = Path(__file__).parents[1]
GUFO = ROOT / "games" / "gufo.rules"
UFOLOGY = ROOT / "games" / "ufology.rules"
VARIANTS = ROOT / "games" / "variants"

SIGNAL = '''extends "gufo.rules"

# A signal the Radar Operator could send with a full hand of five: she never holds five.
action signal "Signal" by radar:
    allowed if count of hand of radar = 5
    say "the Radar Operator signals"
'''


def checked(path):
    return check_source(*read_source(path))[1]


@pytest.mark.parametrize("base, variant, changes", [
    (GUFO, "gufo-sudden-exhaustion.rules",
     [RuleChange("parameter exhaustions_to_lose", "2 → 1", ("when deck runs out",), ("when deck runs out",))]),
    (GUFO, "gufo-three-reveals.rules", [RuleChange("parameter reveal_count", "2 → 3", (), ("turn of invader",))]),
    (UFOLOGY, "ufology-big-hands.rules",
     [RuleChange("parameter hand_size", "5 → 6", (), ("parameter deal_size", "quantity hand_limit")),
      RuleChange("parameter deal_size", "5 → 6", (), ("setup",))]),
    (UFOLOGY, "ufology-open-play.rules", [RuleChange("action play", "changed", ("action play",))]),
])
def test_what_differs_between_each_shipped_variant_and_its_base(base, variant, changes):
    assert rule_changes(checked(base), checked(VARIANTS / variant)) == changes


def test_a_file_compared_with_itself_differs_in_nothing():
    assert rule_changes(checked(GUFO), checked(GUFO)) == []


def test_firings_and_same_outcomes_count_games():
    a = GameOutcome(0, 1, (0,), "e", 10, 2, {"action x": 2})
    b = GameOutcome(1, 2, (1,), "e", 12, 3, {})
    assert firings([a, b], ("action x", "action y")) == (2, 1)
    changed = GameOutcome(1, 2, (1,), "e", 12, 3, {"action x": 1})
    assert same_outcomes([a, b], [a, b]) == 2 and same_outcomes([a, b], [a, changed]) == 1


def test_compare_shows_how_often_the_differing_rules_fired(ruleforge_cmd, tmp_path):
    out = tmp_path / "cmp.json"
    ran = ruleforge_cmd("compare", GUFO, VARIANTS / "gufo-sudden-exhaustion.rules", VARIANTS / "gufo-three-reveals.rules",
                        "--games", 40, "--seed", 3, "--jobs", 1, "--out", out, "--agents", "random")
    assert ran.code == 0, ran.err
    assert f"What differs from {GUFO}, and how often it fired" in ran.out
    assert "│ 6 times in 4 games │ 4 times in 4 games │" in ran.out
    assert ran.lines[-3:] == [
        f"{VARIANTS / 'gufo-sudden-exhaustion.rules'}: 4 of 40 paired games came out differently from {GUFO}",
        f"{VARIANTS / 'gufo-three-reveals.rules'}: 32 of 40 paired games came out differently from {GUFO}",
        f"results written to {out}"]
    doc = json.loads(out.read_text())
    assert doc["changes"] == {
        str(VARIANTS / "gufo-sudden-exhaustion.rules"): [
            {"rule": "parameter exhaustions_to_lose", "change": "2 → 1", "readers": ["when deck runs out"],
             "fired": {"base": {"times": 6, "games": 4}, "variant": {"times": 4, "games": 4}}}],
        str(VARIANTS / "gufo-three-reveals.rules"): [
            {"rule": "parameter reveal_count", "change": "2 → 3", "readers": ["turn of invader"],
             "fired": {"base": None, "variant": None}}]}
    # every game of each file, paired by seed: 4 of 40 pairs differ in the first variant
    games = doc["outcomes"]
    assert list(games) == [str(GUFO), str(VARIANTS / "gufo-sudden-exhaustion.rules"),
                           str(VARIANTS / "gufo-three-reveals.rules")]
    base, sudden = games[str(GUFO)], games[str(VARIANTS / "gufo-sudden-exhaustion.rules")]
    assert len(base) == len(sudden) == 40 and [g["seed"] for g in base] == [g["seed"] for g in sudden]
    key = ("winners", "ending", "decisions", "rounds")
    assert sum(any(a[k] != b[k] for k in key) for a, b in zip(base, sudden)) <= 4


def test_compare_says_when_the_changed_rule_never_fired_and_nothing_changed(ruleforge_cmd, tmp_path):
    shutil.copy(GUFO, tmp_path / "gufo.rules")
    (tmp_path / "signal.rules").write_text(SIGNAL, encoding="utf-8")
    ran = ruleforge_cmd("compare", tmp_path / "gufo.rules", tmp_path / "signal.rules",
                        "--games", 30, "--seed", 1, "--jobs", 1, "--agents", "random")
    assert ran.code == 0, ran.err
    assert "│ signal.rules │ action signal │ added  │ -             │ never            │" in ran.out
    assert ran.lines[-2:] == [
        f"{tmp_path / 'signal.rules'}: all 30 paired games came out exactly as in {tmp_path / 'gufo.rules'} "
        "(the same winners and payoffs, ending, length and rules fired)",
        f"warning: {tmp_path / 'signal.rules'}: action signal (added) never fired in these 30 games with random "
        "bots: they say nothing about it"]


def test_compare_says_when_nothing_differs(ruleforge_cmd, tmp_path):
    shutil.copy(GUFO, tmp_path / "gufo.rules")
    (tmp_path / "same.rules").write_text('extends "gufo.rules"\n', encoding="utf-8")
    ran = ruleforge_cmd("compare", tmp_path / "gufo.rules", tmp_path / "same.rules", "--games", 10, "--seed", 1,
                        "--jobs", 1, "--agents", "random")  # (random, as before compare ran at a rung: cheaper)
    assert ran.code == 0, ran.err
    assert "What differs" not in ran.out
    assert ran.lines[-2:] == [
        f"{tmp_path / 'same.rules'}: nothing differs from {tmp_path / 'gufo.rules'}: no rule, card or parameter",
        f"{tmp_path / 'same.rules'}: all 10 paired games came out exactly as in {tmp_path / 'gufo.rules'} "
        "(the same winners and payoffs, ending, length and rules fired)"]


def test_a_set_that_overrides_a_variants_own_change_is_warned_before_play(ruleforge_cmd, tmp_path):
    # --set applies to every file: the three-reveals variant's only change (reveal_count
    # = 3) was set back to 2 in it as in the base, and compare said only, after every
    # game, "nothing differs".
    three = VARIANTS / "gufo-three-reveals.rules"
    ran = ruleforge_cmd("compare", GUFO, three, VARIANTS / "gufo-sudden-exhaustion.rules", "--set", "reveal_count=2",
                        "--games", 4, "--seed", 1, "--jobs", 1, "--agents", "random")
    assert ran.code == 0, ran.err
    assert ran.err.splitlines()[0] == (
        f"warning: --set reveal_count=2 applies to every file, {GUFO} too: {three}'s own change, reveal_count = 3 "
        f"(2 in {GUFO}), is compared no more; to compare values of reveal_count, write a variant for each, or try "
        f"`ruleforge run {GUFO} --sweep reveal_count=2,3`")
    assert ran.err.count("--set reveal_count") == 1  # (the other variant does not change it)
    assert f"{three}: nothing differs from {GUFO}: no rule, card or parameter" in ran.lines
    # a --set of a parameter no variant changes on its own is not warned of
    quiet = ruleforge_cmd("compare", GUFO, three, "--set", "radar_hand_size=4", "--games", 2, "--seed", 1, "--jobs", 1,
                          "--agents", "random", "--no-rung-check")
    assert quiet.code == 0 and "applies to every file" not in quiet.err


def test_a_misspelt_parameter_is_a_warning_an_unread_addition_and_changes_nothing(ruleforge_cmd, tmp_path):
    shutil.copy(GUFO, tmp_path / "gufo.rules")
    v = tmp_path / "wide.rules"
    v.write_text('extends "gufo.rules"\n\nparameter reveal_cuont = 3\n', encoding="utf-8")
    ran = ruleforge_cmd("compare", tmp_path / "gufo.rules", v, "--games", 20, "--seed", 2, "--jobs", 1,
                        "--agents", "random")
    assert ran.code == 0
    assert ran.err.startswith(f"{v}:3:11: warning: parameter 'reveal_cuont' replaces nothing in gufo.rules")
    assert ran.err.count("warning:") == 1
    assert "│ wide.rules │ parameter reveal_cuont │ added, read by nothing │ -             │ not counted      │" \
        in ran.out
    assert ran.lines[-1] == (f"{v}: all 20 paired games came out exactly as in {tmp_path / 'gufo.rules'} "
                             "(the same winners and payoffs, ending, length and rules fired)")


def test_a_parameter_read_by_pieces_is_said_as_the_rule_file_writes_them(ruleforge_cmd, tmp_path):
    # the change read "8 → 7, read by set of pieces ufo"
    variant = tmp_path / "lower.rules"
    variant.write_text(f'extends "{GUFO}"\nparameter start_altitude = 7\n', encoding="utf-8")
    out = tmp_path / "cmp.json"
    ran = ruleforge_cmd("compare", GUFO, variant, "--games", 4, "--seed", 1, "--jobs", 1, "--agents", "random",
                        "--out", out)
    assert ran.code == 0, ran.err
    assert json.loads(out.read_text())["changes"][str(variant)] == [
        {"rule": "parameter start_altitude", "change": "8 → 7", "readers": ["pieces ufo"],
         "fired": {"base": None, "variant": None}}]


def test_compare_warns_when_games_stop_on_other_seeds_in_a_variant(ruleforge_cmd):
    # A fresh reader's Lost Cities variant stalled in 11 of 60 games against 1 of 60 in
    # its base: each file's stopped games were only counted apart, and the paired
    # differences, over the pairs where both ended, said nothing of it.
    three = VARIANTS / "gufo-three-reveals.rules"
    ran = ruleforge_cmd("compare", GUFO, three, "--games", 20, "--seed", 1, "--jobs", 1, "--agents", "random",
                        "--max-decisions", 40)
    assert ran.code == 1
    assert (f"warning: {three}: 5 of its games stopped before an end with random bots, against 6 in {GUFO}; the "
            "differences are over the 13 pairs where both games ended, and how often a file's games stop is itself "
            "a difference they leave out") in ran.lines
