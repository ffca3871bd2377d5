"""ruleforge.testing's property-testing helpers: seeds(), action_choices(), play_choices(),
games() and check_properties()."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, find, given, settings
from hypothesis import strategies as s

from ruleforge.cli import cli
from ruleforge.drivers.deep import check_state, game_log
from ruleforge.load import load
from ruleforge.drivers.replay import read_log, replay_game
from ruleforge.testing import (MAX_SEED, PropertyFailure, action_choices, check_properties, games, play_choices,
                               seeds)

ROOT = Path(__file__).parent.parent
GUFO = load(ROOT / "games" / "gufo.rules")
MUTANTS = Path(__file__).parent / "mutants"
fast = settings(max_examples=25, deadline=None, database=None, suppress_health_check=list(HealthCheck))


@fast
@given(seeds())
def test_seeds_are_game_seeds(seed):
    assert 0 <= seed <= MAX_SEED
    assert GUFO.new(seed).legal_actions()


def test_seeds_and_choices_shrink_to_the_simplest_game():
    assert find(seeds(), lambda x: True) == 0
    assert find(action_choices(), lambda c: len(c) >= 3) == [0, 0, 0]
    assert find(action_choices(max_size=4), lambda c: True) == []


@fast
@given(action_choices(max_size=10))
def test_action_choices_are_lists_of_indexes(choices):
    assert len(choices) <= 10
    assert all(isinstance(i, int) and i >= 0 for i in choices)


def test_play_choices_takes_each_index_modulo_the_legal_actions():
    st = GUFO.new(5)
    by_hand = GUFO.new(5)
    for i in [7, 1, 0, 3]:
        actions = by_hand.legal_actions()
        by_hand.apply(actions[i % len(actions)])
    st = play_choices(GUFO, 5, [7, 1, 0, 3])
    assert st.zones == by_hand.zones and st.decisions == 4
    # stops when the game is over, or at max_steps
    assert play_choices(GUFO, 5, [0] * 10_000).is_over
    assert play_choices(GUFO, 5, [0] * 10_000, max_steps=3).decisions == 3
    assert play_choices(GUFO, 5, []).decisions == 0


@fast
@given(games(GUFO))
def test_games_gives_partly_played_or_finished_states_that_hold(st):
    check_state(st, st.decisions)  # invariants, conservation, views: raises if not
    assert st.is_over or st.legal_actions()


@fast
@given(games(GUFO, finished=True))
def test_finished_games_are_over(st):
    assert st.is_over and st.result is not None


def test_games_reach_both_finished_and_partly_played_states():
    assert find(games(GUFO), lambda st: st.is_over).is_over
    partial = find(games(GUFO), lambda st: not st.is_over and st.decisions >= 3)
    assert partial.decisions == 3  # shrunk: the fewest decisions asked for


def test_games_accepts_a_rule_files_path():
    st = find(games(str(ROOT / "games" / "ufology.rules")), lambda st: st.decisions >= 2)
    assert st.game.title == "UFO*logy"


def test_games_that_never_finish_fail_and_say_how_to_play_them_again():
    never = load(MUTANTS / "never_ends.rules")

    @settings(max_examples=5, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(games(never, finished=True, max_steps=30))
    def finishes(st):
        pass
    with pytest.raises(AssertionError, match="did not end within 30 decisions") as e:
        finishes()
    notes = "\n".join(getattr(e.value, "__notes__", []))
    assert "seed " in notes and "choices [" in notes
    # how to play it again, as every other failure says (it was missing here)
    m = re.search(r"gUFO: seed (\d+), choices (\[[\d, ]*\]) \(again: ruleforge\.testing\.play_choices\(game, \1, \2\)\)",
                  notes)
    assert m, notes
    assert not play_choices(never, int(m.group(1)), json.loads(m.group(2))).is_over


def test_a_failing_property_notes_the_seed_and_choices():
    @settings(max_examples=50, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(games(GUFO))
    def never_past_two_decisions(st):
        assert st.decisions < 2
    with pytest.raises(AssertionError) as e:
        never_past_two_decisions()
    notes = "\n".join(getattr(e.value, "__notes__", []))
    assert "gUFO: seed 0, choices [0, 0] (again: ruleforge.testing.play_choices(game, 0, [0, 0]))" in notes


def test_check_properties_passes_on_the_real_games():
    assert check_properties(GUFO, examples=10) is None
    assert check_properties(str(ROOT / "games" / "ufology.rules"), examples=3, players=3) is None


def test_check_properties_raises_with_the_narrated_counterexample(tmp_path):
    path = MUTANTS / "loses_a_card.rules"
    log = tmp_path / "loses.jsonl"
    with pytest.raises(PropertyFailure) as e:
        check_properties(str(path), examples=10, log=str(log))
    assert isinstance(e.value, AssertionError)
    lines = str(e.value).splitlines()
    assert lines[0] == (f"{path}:183:1: error: invariant 'all_cards' (the 52 cards stay where the rules put them) "
                        "does not hold after turn 1 (round 1), after 4 decisions")
    found = e.value.counterexample
    assert found.kind == "invariant" and len(found.choices) == 4
    # what the invariant read there: its sum, and each term (the box holds the lost card)
    assert lines[1:4] == ["  what the invariant reads there:",
                          "    count of box + count of deck + count of revealed + count of discard + c… = 51",
                          "      count of box = 3"]
    at = lines.index("      count of alien of invader = 1") + 1
    assert lines[at] == f"counterexample at 2 players (seed {found.seed}, 4 decisions, choices {found.choices}):"
    assert lines[at + 1] == "  Setup"
    assert sum(line.startswith("  [decision ") for line in lines) == 4
    assert lines[-1] == f"the counterexample's log: {log} (ruleforge replay {log})"
    # the log replays to the failing position
    records = read_log(str(log))
    game, st, n = replay_game(records)
    assert n == 4 and "all_cards" in [name for name, _, _ in game.check_invariants(st)]
    logged = json.loads(json.dumps(game_log(game, found.seed, found.choices)))
    assert records == [dict(logged[0], counterexample=found.message)] + logged[1:]
    # `ruleforge replay` of it says it stopped where the check failed (without the
    # note in its start record it said "incomplete: ... was it cut short?" and exited 1)
    ran = CliRunner().invoke(cli, ["replay", str(log), "--quiet"])
    assert (ran.exit_code, ran.output) == (0, f"{log}: reproduced exactly: the game, 4 decisions, the same deal, up to "
                                              f"the step where the deep check failed ({found.message})\n")
    # and play_choices gets there too
    again = play_choices(game, found.seed, found.choices)
    assert again.zones == st.zones


@pytest.mark.parametrize("name, first", [
    ("unappliable_action", r"taking 'scan\(card=9♥, altitude=8\)' at decision 4 stops the game on an error"),
    ("never_ends", "the game did not end within 40 decisions"),
])
def test_check_properties_on_other_mutants(name, first):
    with pytest.raises(PropertyFailure, match=first):
        check_properties(load(MUTANTS / f"{name}.rules"), examples=5, max_steps=40)


def test_the_module_imports_without_hypothesis():
    """hypothesis is imported only when a strategy or check_properties is called, so
    arrange/refresh/set_number/find/play work without it."""
    import subprocess
    import sys
    code = ("import sys; sys.modules['hypothesis'] = None\n"
            "from ruleforge.load import load\n"
            "from ruleforge.testing import play\n"
            f"g = load({str(ROOT / 'games' / 'gufo.rules')!r})\n"
            "st = play(g.new(0), str(g.new(0).legal_actions()[0]))\n"
            "assert st.decisions == 1\n"
            "try:\n    import ruleforge.testing as t; t.seeds()\nexcept ImportError: print('needs hypothesis')\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert (r.returncode, r.stdout, r.stderr) == (0, "needs hypothesis\n", "")


def test_the_designers_example_in_docs_testing_md_passes(tmp_path):
    """docs/testing.md shows a designer's own property-test file: it must pass as shown."""
    import subprocess
    import sys
    doc = (ROOT / "docs" / "testing.md").read_text(encoding="utf-8")
    marker = "<!-- the designer's example: tests/test_testing.py runs this block -->\n```python\n"
    assert marker in doc
    code = doc.split(marker, 1)[1].split("\n```\n", 1)[0] + "\n"
    (tmp_path / "test_gufo_properties.py").write_text(code, encoding="utf-8")
    (tmp_path / "games").symlink_to(ROOT / "games")
    r = subprocess.run([sys.executable, "-m", "pytest", "test_gufo_properties.py", "-q", "-p", "no:cacheprovider"],
                       cwd=tmp_path, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "4 passed" in r.stdout
