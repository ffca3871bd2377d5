"""bench/agreement.py: how often two bots choose alike, at positions of real games."""

import importlib.util
from pathlib import Path

import pytest

import ruleforge
from ruleforge.runtime.rng import derive

ROOT = Path(__file__).resolve().parent.parent


def _agreement():
    spec = importlib.util.spec_from_file_location("bench_agreement", ROOT / "bench" / "agreement.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_position_is_a_real_choice_of_a_game_played_to_its_end():
    agreement = _agreement()
    game = ruleforge.load(ROOT / "examples" / "courtiers.rules", players=2)
    st = agreement.position(game, "greedy", derive(2026, 0))
    assert st is not None and not st.is_over and len(st.legal_actions()) > 1
    again = agreement.position(game, "greedy", derive(2026, 0))  # the same seed, the same position
    assert again.decisions == st.decisions and again.legal_actions() == st.legal_actions()
    assert again.zones == st.zones


def test_an_agent_agrees_with_itself_and_the_report_counts_it(capsys):
    agreement = _agreement()
    # the same deterministic agent on both sides: every choice alike, with itself too
    agreement.main(["examples/courtiers.rules", "--players", "2", "--agents", "greedy,greedy", "--positions", "6"])
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Courtiers at 2 players: 6 positions of games greedy plays (seed 2026)"
    assert out[1].startswith("  the positions offer ") and "two random picks would agree" in out[1]
    assert out[2:] == ["  greedy and greedy choose alike: 6/6 = 100.0% [61.0, 100.0]",
                       "  greedy with itself (another seed): 6/6 = 100.0% [61.0, 100.0]",
                       "  greedy with itself (another seed): 6/6 = 100.0% [61.0, 100.0]"]


@pytest.mark.parametrize("argv, message", [
    (["--agents", "ismcts:10"], "--agents takes two agent specs, WEAK,STRONG"),
    (["--agents", "ismcts:10,wizard"], "unknown agent 'wizard'"),
    (["--agents", "greedy,greedy", "--positions", "0"], "--positions and --jobs take a positive number"),
])
def test_bad_arguments_are_refused_with_a_message(argv, message, capsys):
    with pytest.raises(SystemExit) as e:
        _agreement().main(["examples/courtiers.rules"] + argv)
    assert e.value.code == 2 and message in capsys.readouterr().err


def test_agents_that_choose_differently_are_told_apart(capsys):
    # random and greedy: alike at some positions only, and random unlike itself; the
    # counts are those of these seeds (the positions and both agents' draws are seeded)
    _agreement().main(["examples/courtiers.rules", "--players", "2", "--agents", "random,greedy", "--positions", "8"])
    out = capsys.readouterr().out.splitlines()
    assert out[1] == "  the positions offer 2 to 2 moves (2.0 on average): two random picks would agree 50.0% of the time"
    assert [line.split(":")[1].split("=")[0].strip() for line in out[2:]] == ["5/8", "4/8", "8/8"]


def test_a_file_it_cannot_use_is_reported_as_check_reports_it(capsys, tmp_path):
    with pytest.raises(SystemExit) as e:
        _agreement().main([str(tmp_path / "nosuch.rules"), "--agents", "greedy,greedy"])
    assert e.value.code == 2
    assert "nosuch.rules: error: cannot read the file: No such file or directory" in capsys.readouterr().err
    with pytest.raises(SystemExit) as e:
        _agreement().main(["games/gufo.rules", "--players", "5", "--agents", "greedy,greedy"])
    assert e.value.code == 1 and "this game is for 2 players, not 5" in capsys.readouterr().err
