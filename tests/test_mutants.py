"""`ruleforge check --deep` against deliberately broken games (tests/mutants/).

Each mutant is a full copy of games/gufo.rules or games/ufology.rules with one small
change, described on its first line. The deep check must reject each one with the right
message (the invariant, rule or action it names), shrink the failing game to a few
decisions, and write a log that `ruleforge replay` reproduces. The real games pass.
"""

from __future__ import annotations

import difflib
import json
import re
from pathlib import Path

import pytest

from ruleforge.lang.plural import count

from ruleforge.cli import main
from ruleforge.load import load
from ruleforge.drivers.replay import read_log, replay_game
from ruleforge.runtime.values import RuleError

HERE = Path(__file__).parent
MUTANTS = HERE / "mutants"
GAMES = HERE.parent / "games"

# name: (original game, extra arguments, the first error line after the file's name,
#        the most decisions the shrunk counterexample may have, what catches it)
CASES = {
    "creates_a_card": ("gufo", [], ":186:1: error: invariant 'full_sky' (every altitude holds exactly one card) "
                       "does not hold, after 1 decision", 2, "invariant"),
    "loses_a_card": ("gufo", [], ":183:1: error: invariant 'all_cards' (the 52 cards stay where the rules put them) "
                     "does not hold after turn 1 (round 1), after 4 decisions", 6, "invariant"),
    "leaks_the_alien": ("gufo", [], ":184:1: error: invariant 'alien_is_secret' (the Radar Operator does not know "
                        "the Alien until the game is over) does not hold, after 1 decision",
                        2, "invariant"),
    "shows_a_hand": ("ufology", [], ":183:1: error: invariant 'hands_are_hidden' (no hand is ever shown) does not "
                     "hold, after 0 decisions", 0, "invariant"),
    "breaks_an_invariant": ("gufo", [], ":180:1: error: invariant 'radar_hand_limit' (the Radar Operator never holds "
                            "more than her starting hand) does not hold after turn 2 (round 1), "
                            "after 4 decisions", 8, "invariant"),
    "unappliable_action": ("gufo", [], (":144:32: error: taking 'scan(card=9♥, altitude=8)' at decision 4 stops "
                                        "the game on an error: altitude has no slot 9 (it has slots 1 to 8)",
                                        "  in rule 'action scan', after 3 decisions"), 8, "offered action"),
    "trigger_loop": ("ufology", [], (":210:9: error: taking 'Scorched Earth (1)' at decision 2 stops the game on "
                                     "an error: rules call each other more than 200 deep: an event that triggers "
                                     "itself?", "  in rule 'Scorched Earth: on discard', after 1 decision"),
                     12, "offered action"),
    "never_ends_loop": ("gufo", [], (":94:5: error: taking '6♣' at decision 2 stops the game on an error: more "
                                    "than 100,000 steps without a decision: does a loop never end? (a game that "
                                    "needs more: RULEFORGE_LIMITS=steps=N, docs/limits.md)",
                                    "  in rule 'turn of invader', after 1 decision"), 4, "offered action"),
    # The shots offered tell the Radar Operator which UFO is the Alien: only re-dealing
    # her hidden cards and asking again shows it (the actions are named honestly).
    "leaks_through_an_action": ("gufo", [], ":116:5: error: the actions offered to Radar Operator depend on cards that "
                                "seat cannot see: when they are re-dealt, 'shoot(target=spades ufo)' is no longer "
                                "offered and 'shoot(target=clubs ufo)' is offered instead, after 3 decisions",
                                4, "leak"),
    # A game that goes on forever is cut at --max-steps, so its counterexample is exactly
    # that long; 150 is a bound the real gUFO passes (test_real_games_pass).
    "never_ends": ("gufo", ["--max-steps", "150"], ": error: the game did not end within 150 decisions: the rules may let "
                   "it go on forever (the counterexample shows how), or its games are longer than that (raise the "
                   "bound with --max-steps)", 150, "termination"),
}

# What the failing invariant read at the failure, shown under its error (codegen/explain.py).
VALUES = {
    "creates_a_card": ["where it is 8:", "  count of sky slot it = 2"],
    "loses_a_card": ["count of box + count of deck + count of revealed + count of discard + c… = 51",
                     "  count of box = 3", "  count of deck = 31", "  count of revealed = 0", "  count of discard = 1",
                     "  count of removed = 0", "  count of unseen = 4", "  count of heap = 0", "  count of sky = 8",
                     "  count of hand of radar = 3", "  count of aces of invader = 0",
                     "  count of alien of invader = 1"],
    "leaks_the_alien": ["the game is over = no", "radar knows the card in alien of invader = yes",
                        "the card in alien of invader = A♣"],
    "shows_a_hand": ["where p is player 1:", "  where c is Swamp Gas (2):", "    c is face up = yes"],
    "breaks_an_invariant": ["count of hand of radar = 4", "radar_hand_size = 3"],
}


def deep(capsys, path, *args) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as e:
        main(["check", str(path), "--deep", *args])
    out, err = capsys.readouterr()
    return e.value.code, out, err


def replay(capsys, log, *args) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as e:
        main(["replay", str(log), *args])
    out, err = capsys.readouterr()
    return e.value.code, out, err


@pytest.mark.parametrize("name", sorted(CASES))
def test_mutant_is_one_small_change(name):
    original, *_ = CASES[name]
    lines = (MUTANTS / f"{name}.rules").read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("# MUTANT (broken on purpose): ")
    body = lines[lines.index("#") + 1:]  # the header ends with a lone '#'
    source = (GAMES / f"{original}.rules").read_text(encoding="utf-8").splitlines()
    changed = [d for d in difflib.unified_diff(source, body, lineterm="", n=0)
               if d[:1] in "+-" and not d.startswith(("+++", "---"))]
    assert 1 <= len(changed) <= 5, changed
    assert any("BROKEN" in d for d in changed if d.startswith("+"))


@pytest.mark.parametrize("name", sorted(CASES))
def test_deep_check_catches_the_mutant(name, tmp_path, capsys):
    original, extra, first, most, kind = CASES[name]
    path = MUTANTS / f"{name}.rules"
    log = tmp_path / f"{name}.jsonl"
    code, out, err = deep(capsys, path, "--examples", "10", "--out", str(log), *extra)
    assert code == 1  # issue 12: a failed deep check is a problem with the rule file
    assert out.startswith(f"{path}: ok: ")  # the file itself is a correct rule file
    lines = err.splitlines()
    # a rule error is shown as `run` shows it: the line and a caret, then its rule (first[1])
    first, rule = first if isinstance(first, tuple) else (first, None)
    assert lines[0] == f"{path}{first}"
    if rule is not None:
        assert lines[3] == rule
    if kind == "invariant":  # under the line and its caret, what the invariant read there
        header = next(k for k, line in enumerate(lines) if line.startswith("counterexample"))
        assert lines[3:header] == ["  what the invariant reads there:"] + ["    " + v for v in VALUES[name]]

    # the shrunk counterexample: a few decisions, each narrated
    header = next(line for line in lines if line.startswith("counterexample"))
    m = re.fullmatch(r"counterexample(?: at (\d) players)? \(seed (\d+), (\d+) decisions?, (shrunk|"
                     r"as found: a game that does not end is --max-steps long, however it is shrunk|"
                     r"as found: each replay would run to the limit, too slow to shrink)\):", header)
    assert m, header
    # a game that a limit or the bound stops is not shrunk, and says so
    assert (m.group(4) == "shrunk") == (name not in ("never_ends", "never_ends_loop")), header
    decisions = int(m.group(3))
    assert decisions <= most
    if kind == "termination":  # its message says how long it went, once
        assert f"within {decisions} decisions" in lines[0] and "after" not in lines[0]
    else:
        assert f"after {decisions} decision" in (lines[0] if rule is None else lines[3])
    narrated = [line for line in lines if line.startswith("  [decision ")]
    if name == "never_ends":  # a game that does not end: only its last 200 lines are told
        told = lines[lines.index(header) + 1:-1]
        assert len(told) == 201 and re.fullmatch(r"  \.\.\. \([\d,]+ earlier lines not shown\)", told[0])
        first = decisions - len(narrated) + 1
        assert all(line.startswith(f"  [decision {k} of {decisions}: choice ")
                   for k, line in enumerate(narrated, first))
    else:
        assert len(narrated) == decisions
        assert all(line.startswith(f"  [decision {k} of {decisions}: choice ") for k, line in enumerate(narrated, 1))
        assert "  Setup" in lines
    assert lines[-1] == f"the counterexample's log: {log} (ruleforge replay {log})"

    # the log is the counterexample: the deal and exactly those decisions, stopped at the
    # failure (no result, no error record: the failing step is not in it)
    records = read_log(str(log))
    assert [r["type"] for r in records] == ["start", "setup"] + ["decision"] * decisions
    assert records[0]["seed"] == int(m.group(2))

    # `ruleforge replay` reproduces it exactly...
    code, out, err = replay(capsys, log, "--quiet")
    assert (code, err) == (0, "")
    assert out == (f"{log}: reproduced exactly: the game, {count(decisions, 'decision')}, the same deal, up to the "
                   f"step where the deep check failed ({records[0]['counterexample']})\n")

    # ... and the replayed position shows the failure again
    game, st, n = replay_game(records)
    assert n == decisions
    if kind == "invariant":
        invariant = re.search(r"invariant '(\w+)'", lines[0]).group(1)
        assert invariant in [broken for broken, _, _ in game.check_invariants(st)]
        # found as a turn ended: the narration stops there, not at the next decision
        turn = re.search(r"does not hold after turn (\d+) ", lines[0])
        if turn:
            assert lines[-2] == f"  [turn {turn.group(1)} is over: the check fails here]"
            assert lines[-3].startswith("      = ")  # the numbers as the check saw them
            assert "'s turn" not in lines[-4]
    elif kind == "offered action":
        # the action the message names is offered here, and applying it raises the error
        action_text, message = re.search(r"error: taking '(.+?)' at decision \d+ stops the game on an error: (.+)$",
                                          lines[0]).groups()
        action = next(a for a in st.legal_actions() if str(a) == action_text)
        with pytest.raises(RuleError) as e:
            st.apply(action)
        assert e.value.message == message
        assert rule.startswith(f"  in rule '{e.value.rule}', after ")
        # the narration ends with that action taken and what followed, up to the error
        taken = [line for line in lines if line.startswith(f"  [then decision {decisions + 1}: ")]
        assert len(taken) == 1 and taken[0].startswith(f"  [then decision {decisions + 1}: {action_text}, choice ")
        assert lines[-2] == f"  error: {e.value.describe()}"
    elif kind == "leak":
        # the same re-deal of the same position makes the decision offer other actions
        from ruleforge.drivers.deep import DeepFailure, check_state
        with pytest.raises(DeepFailure) as e:
            check_state(st, n)
        assert f"{e.value.message}, after {count(n, 'decision')}" in lines[0]
    else:
        assert not st.is_over and n == 150


def test_a_counterexample_is_the_same_every_time(tmp_path, capsys):
    """--seed fixes the games, so a report can be reproduced; another seed may find
    another counterexample, but the same bug."""
    path = MUTANTS / "loses_a_card.rules"
    runs = [deep(capsys, path, "--examples", "5", "--out", str(tmp_path / f"{k}.jsonl"), "--seed", "7")
            for k in range(2)]
    assert runs[0][0] == runs[1][0] == 1
    assert runs[0][2].replace("0.jsonl", "N") == runs[1][2].replace("1.jsonl", "N")
    assert "invariant 'all_cards'" in runs[0][2].splitlines()[0]


def test_the_default_log_name(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, _, err = deep(capsys, MUTANTS / "leaks_the_alien.rules", "--examples", "3")
    assert code == 1
    assert err.splitlines()[-1] == ("the counterexample's log: leaks_the_alien.counterexample.jsonl "
                                    "(ruleforge replay leaks_the_alien.counterexample.jsonl)")
    assert json.loads((tmp_path / "leaks_the_alien.counterexample.jsonl").read_text().splitlines()[0])["type"] == "start"


def test_real_games_pass(capsys):
    # gUFO within the bound that never_ends.rules breaks
    with pytest.raises(SystemExit) as e:
        main(["check", str(GAMES / "gufo.rules"), "--deep", "--examples", "20", "--max-steps", "150"])
    out, err = capsys.readouterr()
    assert (e.value.code, err) == (0, "")
    assert out.splitlines()[-1] == ("deep check: 20 games (seed 0): invariants, card conservation, termination "
                                    "within 150 decisions, offered actions, views and replay: all hold")
    # UFO*logy at every player count
    with pytest.raises(SystemExit) as e:
        main(["check", str(GAMES / "ufology.rules"), "--deep", "--examples", "3"])
    out, err = capsys.readouterr()
    assert (e.value.code, err) == (0, "")
    held = [line for line in out.splitlines() if line.startswith("deep check at ")]
    assert [line.split(":")[0] for line in held] == [f"deep check at {n} players" for n in range(2, 7)]
    assert all(line.endswith("views and replay: all hold") for line in held)


def test_mutants_load_and_the_originals_keep_their_invariants():
    """Each mutant is a correct rule file: only playing it shows the bug."""
    for name, (original, *_) in CASES.items():
        mutant = load(MUTANTS / f"{name}.rules")
        game = load(GAMES / f"{original}.rules")
        assert [i[0] for i in mutant.invariants] == [i[0] for i in game.invariants], name


def test_a_game_without_decisions_is_checked_at_every_turn(tmp_path):
    """War never asks anything: the deep check looks at the end of every turn, so an
    invariant broken between two battles is caught although no decision comes."""
    from ruleforge.testing import PropertyFailure, check_properties
    broken = tmp_path / "lopsided_war.rules"
    broken.write_text(f'extends "{HERE.parent / "examples" / "war.rules"}"\n'
                      'invariant balanced "nobody holds 40 cards before the end": '
                      'the game is over or every p in players has count of pile of p < 40\n')
    with pytest.raises(PropertyFailure) as e:
        check_properties(str(broken), examples=5)
    first = str(e.value).splitlines()[0]
    assert re.fullmatch(r".*lopsided_war\.rules:2:1: error: invariant 'balanced' \(nobody holds 40 cards before "
                        r"the end\) does not hold after turn \d+ \(round \d+\), after 0 decisions", first)
    check_properties(str(HERE.parent / "examples" / "war.rules"), examples=5)  # the real War passes


def test_two_kinds_of_failure_in_one_search_give_one_counterexample(tmp_path, capsys):
    # hypothesis found both faults of tests/data/two_failures.rules in one search and
    # raised an ExceptionGroup: a traceback, after "ok"
    path = HERE / "data" / "two_failures.rules"
    code, out, err = deep(capsys, path, "--set", "lives_start=0", "--examples", "400", "--seed", "0",
                          "--out", str(tmp_path / "c.jsonl"))
    assert code == 1 and "Traceback" not in err and "ExceptionGroup" not in err
    assert re.match(rf"{re.escape(str(path))}:\d+:\d+: error: ", err.splitlines()[0])
    assert err.splitlines()[-1] == f"the counterexample's log: {tmp_path / 'c.jsonl'} (ruleforge replay {tmp_path / 'c.jsonl'})"
