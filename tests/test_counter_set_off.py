"""check --deep follows a counter's change into the rules a statement sets off under a test
that read hidden cards (a card's effect, a `runs out` rule: codegen/setoff.py,
runtime/countertold.set_off), and warns of a counter chosen by such cards (`tally of (if
... then current else ...)`): every seat sees which counter changed."""

from __future__ import annotations

import pytest

from test_counter_told import FIX

# two boons and two duds, shuffled: a boon drawn is played for its effect
BOONS = """\
game "boons"
players 2
attribute kind: boon, dud
cards: listed in deck
zone deck "the deck": pile
zone hand per player: hand
zone played "played": pile, face up
counter n = 0
counter refills = 0
counter boons per player = 0, shown
card "Boon":
    kind: boon
    copies: 2
    on play:
        increase boons of owner by 1
card "Dud":
    kind: dud
    copies: 2
setup:
    shuffle deck
turn:
    move top of deck to hand of current
{line}
    increase n by 1
when deck runs out:
    increase refills by 1
    shuffle played into deck
ending done "three turns": nobody wins when n = 3
"""
TOP = "(top of hand of current)"
UNDER = ("'{name}' is changed here under the test at line {test}, which read cards {seat} did not know, then or by the "
         "next decision: " + FIX.format(tells="its change tells that seat something of them"))
WHICH = ("which counter '{name}' is changed here hangs on a value worked out at line {value} from cards {seat} did not "
         "know, then or by the next decision: every seat sees the counters, so the change tells that seat something "
         "of them (change it after a reveal, once the cards are known; keep it only if the rulebook has it announced)")


def deep(ruleforge_cmd, tmp_path, line):
    path = tmp_path / "boons.rules"
    path.write_text(BOONS.format(line=line))
    return path, ruleforge_cmd("check", "--deep", path, "--examples", 10)


@pytest.mark.parametrize("line, warning", [
    # the designer's report: the effect's counter told every seat the card drawn was a boon
    (f"    if {TOP}.kind = boon:\n        resolve play effect of {TOP} by current",
     "15:9: warning: " + UNDER.format(name="boons of player 2", test="23, column 8", seat="player 1")),
    # a `runs out` rule set off by a draw only a boon makes
    (f"    if {TOP}.kind = boon:\n        move top of deck to played",
     "27:5: warning: " + UNDER.format(name="refills", test="23, column 8", seat="player 2")),
    # the card chooses whose counter changes
    (f"    increase boons of (if {TOP}.kind = boon then current else the player after current) by 1",
     "23:5: warning: " + WHICH.format(name="boons of player 2", value="23, column 24", seat="player 2")),
])
def test_a_counter_changed_by_a_rule_set_off_under_a_hidden_test_is_warned_of(ruleforge_cmd, tmp_path, line, warning):
    path, r = deep(ruleforge_cmd, tmp_path, line)
    assert r.code == 0 and r.out.splitlines()[-1].endswith("views and replay: all hold, 1 warning")
    assert r.err == f"{path}:{warning}\n"


@pytest.mark.parametrize("line", [
    # set off under no test: every seat sees the effect run, whatever the card
    f"    resolve play effect of {TOP} by current",
    "    move top of deck to played",
    # under a test of a face-up card
    f"    reveal {TOP} to played\n    if (top of played).kind = boon:\n"
    f"        resolve play effect of top of played by current",
    # the counter chosen by what every seat sees
    "    increase boons of (if count of deck > 1 then current else the player after current) by 1",
])
def test_a_rule_set_off_where_every_seat_could_follow_is_not_warned_of(ruleforge_cmd, tmp_path, line):
    path, r = deep(ruleforge_cmd, tmp_path, line)
    assert r.code == 0 and r.err == "" and r.out.endswith("views and replay: all hold\n")


def test_only_check_deep_compiles_the_set_off_notes(ruleforge_cmd, tmp_path):
    from ruleforge.load import check_source
    from ruleforge.runtime.codegen import compile_game
    path = tmp_path / "boons.rules"
    path.write_text(BOONS.format(line=f"    if {TOP}.kind = boon:\n        resolve play effect of {TOP} by current"))
    plain = ruleforge_cmd("compile", path).out
    assert "set_off" not in plain and "counter_seen" not in plain and "cond_seen" not in plain
    _, checked = check_source(str(path), path.read_bytes(), {})
    deep = compile_game(checked, 2, str(path), deep=True).source
    # (in a game whose set-off rules change counters, every change of one is noted: the
    # frames it runs in are known only in play)
    n = "if st.observer is not None: counter_seen(st, lambda: 0, (25, 5), (), None, (), (25, 19), 'increase')"
    assert [line.strip() for line in deep.splitlines() if "set_off(st" in line or "counter_seen(st" in line] == [
        "if st.observer is not None: counter_seen(st, lambda: 2 + (by if by is not None else this_owner(st, this)), "
        "(15, 9), (), None, (), (15, 36), 'increase')",
        "if st.observer is not None: counter_seen(st, lambda: 1, (27, 5), (), None, (), (27, 25), 'increase')",
        "if st.observer is not None: set_off(st, ((1, 23, 8),))", n, n, n]
