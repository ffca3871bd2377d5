"""The newest constructs under attack: rules called by name, variants' `without` lines,
kept values (runtime/derived.py), hand-edited logs. Each case is a failure a red-team
pass found (a traceback, a hang, a message without its place), reproduced as found; it
must now end cleanly, in time, with the message given here."""

from __future__ import annotations

import pytest

import ruleforge
from hostile import assert_clean, hostile_run
from ruleforge.runtime.derived import MAX_KEPT_CHAIN, TOO_DEEP

# A value of the turn built up in a loop, from the top card of a face-down deck, read
# after the decision that follows.
SUMMED_OF_THE_TURN = """game "k"
players 2
cards: standard deck in deck
zone deck: pile, face down
zone discard: pile, face up
setup:
    shuffle deck
turn:
    let t = 0 for the turn
    repeat TIMES times:
        let t = t + (top of deck).value for the turn
    let pick = current chooses a card in deck "toss"
    move pick to discard
    say "{t}"
ending e: nobody wins when count of deck < 4
"""


def _turn_record(tmp_path, times: int):
    path = tmp_path / "k.rules"
    path.write_text(SUMMED_OF_THE_TURN.replace("TIMES", str(times)), encoding="utf-8")
    game = ruleforge.load(path)
    return game.new(1).vars[game.kept_turn_names["t"]]


def test_a_value_of_the_turn_built_up_in_a_loop_keeps_a_bounded_record(tmp_path):
    # Each record copies the board, values of the turn and their records with it: the
    # chain through them was not counted, so 2,000 passes nested 2,000 records, and
    # `run` stopped on a RecursionError when it told the next status line.
    assert _turn_record(tmp_path, MAX_KEPT_CHAIN)[3] == MAX_KEPT_CHAIN
    assert _turn_record(tmp_path, MAX_KEPT_CHAIN + 1) is TOO_DEEP
    assert _turn_record(tmp_path, 2000) is TOO_DEEP


def test_a_told_game_of_a_long_built_up_value_of_the_turn(tmp_path):
    ran = hostile_run(["run", "k.rules", "--seed", "1", "--agents", "random"],
                      {"k.rules": SUMMED_OF_THE_TURN.replace("TIMES", "2000")}, cwd=tmp_path)
    assert_clean(ran, 0, "\nGame over: e. Winner: nobody.\n")


# ---- rules called by name ---------------------------------------------------------------

CALLED = """game "c"
players 2
cards: standard deck in deck
zone deck: pile, face down
zone hand per player: hand
turn:
    move top of deck to hand of current
    r3
ending e: nobody wins when deck is empty
"""


def test_the_texts_a_call_writes_out_count_toward_its_limit(tmp_path):
    # A `say` of 45,000 characters is one statement: 1,000 calls of it passed the check,
    # and `run` wrote out 45 MB of code (310 MB of memory); 10,000 calls ran the compiler
    # out of memory, said as "the rules nest too deeply to be compiled (MemoryError: )".
    rules = 'rule r0:\n    say "' + "x" * 45_000 + '"\n' + "".join(
        f"rule r{k}:\n" + f"    r{k - 1}\n" * 10 for k in range(1, 4))
    ran = hostile_run(["run", "c.rules"], {"c.rules": CALLED + rules}, cwd=tmp_path)
    assert_clean(ran, 1)
    assert ran.err.splitlines()[:2] == [
        "c.rules:8:5: error: calling 'r3' here writes out 45,003,220 parts of rules ('r3' and the rules it calls: "
        "statements, names, numbers, each character of a text...), 45,003,220 with the calls before it: the rules "
        "written out at their calls are limited to 100,000 parts", "        r3"]


# ---- logs edited by hand ----------------------------------------------------------------

GIVE = """game "g"
players 3
cards: standard deck in deck
zone deck: pile, face down
zone hand per player: hand
zone discard: pile, face up
rule give of player p, number k:
    let c = p chooses a card in hand of p "to give"
    move c to discard
setup:
    shuffle deck
    for each p in players:
        move top 5 cards of deck to hand of p
turn:
    for each p in players:
        give of (p, 2)
    for each p in players:
        move top of deck to hand of p
ending e: nobody wins when count of deck < 20
"""


def _edited_log(tmp_path, edit) -> list[str]:
    ran = hostile_run(["run", "g.rules", "--seed", "3", "--log", "g.jsonl"], {"g.rules": GIVE}, cwd=tmp_path)
    assert_clean(ran, 0)
    lines = (tmp_path / "g.jsonl").read_text(encoding="utf-8").splitlines()
    (tmp_path / "e.jsonl").write_text("\n".join(edit(lines)) + "\n", encoding="utf-8")
    return lines


def test_a_decision_given_to_another_seat_number_says_the_numbers(tmp_path):
    # the record keeps its seat's name: "player 1 decides here, the log says player 1"
    _edited_log(tmp_path, lambda lines: [*lines[:2], lines[2].replace('"player": 1,', '"player": 7,'), *lines[3:]])
    ran = hostile_run(["replay", "e.jsonl"], cwd=tmp_path)
    assert_clean(ran, 1)
    assert ran.err == ("e.jsonl: does not reproduce: decision 1: player 1 (seat 1) decides here, the log says "
                       "seat 7 (line 3 of the log)\n")


def test_a_quit_inside_a_log_is_where_it_ends(tmp_path):
    # a quit record moved into the game was passed over: "reproduced exactly", 18 decisions
    _edited_log(tmp_path, lambda lines: [*lines[:5], '{"type": "quit"}', *lines[5:]])
    ran = hostile_run(["replay", "e.jsonl"], cwd=tmp_path)
    assert_clean(ran, 1)
    assert ran.err == ("e.jsonl: does not reproduce: the log's game was left at line 6 (quit), but the log goes "
                       "on (line 7 of the log)\n")


@pytest.mark.parametrize("heading, use, column", [
    ("rule r of bool b:\n    say \"x\"", "    r of true", 16),
    ("rule r of player p, bool b:\n    say \"x\"", "    r of (current, true)", 26),
    ("define r of bool b = 1", "    say \"{r of true}\"", 18),
    ("define r of number k, bool b = k", "    say \"{r of (1, true)}\"", 28),
])
def test_a_call_of_a_parameter_of_no_kind(tmp_path, heading, use, column):
    # The heading's kind was said ("'bool' is not a kind of value"), then each call held
    # its value to no type: AttributeError: 'NoneType' object has no attribute 'describe'
    text = CALLED.replace("    r3\n", use + "\n") + heading + "\n"
    ran = hostile_run(["check", "c.rules"], {"c.rules": text}, cwd=tmp_path)
    assert_clean(ran, 1)
    assert ran.err.splitlines()[0] == f"c.rules:10:{column}: error: 'bool' is not a kind of value, so 'b' cannot be one"
    assert ran.err.splitlines()[-1] == "1 error in c.rules"


@pytest.mark.parametrize("use, column, hint", [
    ("heuristic of p: r of p", 17, "write 'r of ...' alone on a line to run it"),
    ("invariant i: r of current > 1", 14, "write 'r of ...' alone on a line to run it"),
    ("define d = r of (current, 1)", 12, "write 'r of (...)' alone on a line to run it"),
])
def test_a_rule_used_as_a_value_with_of_is_said_to_be_a_rule(tmp_path, use, column, hint):
    # said as "'r' is not a zone, a set of pieces, a counter, a quantity or a definition
    # with a parameter, so it has no 'of'" (or "not a definition of several values")
    text = CALLED.replace("    r3\n", "    r of current\n") + "rule r of p:\n    say \"x\"\n" + use + "\n"
    ran = hostile_run(["check", "c.rules"], {"c.rules": text}, cwd=tmp_path)
    assert_clean(ran, 1)
    assert ran.err.splitlines() == [f"c.rules:12:{column}: error: 'r' is a rule: it runs statements and has no value",
                                    "    " + use, " " * (3 + column) + "^", f"  hint: {hint}", "1 error in c.rules"]
