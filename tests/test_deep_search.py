"""How `check --deep` picks its games and shrinks a failing one (ruleforge.drivers.deep)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from ruleforge.drivers import deep
from ruleforge.load import load

HERE = Path(__file__).parent
GAMES = HERE.parent / "games"
MUTANTS = HERE / "mutants"


def _seeds_played(monkeypatch, game, examples: int, seed: int = 0) -> list[int]:
    seeds: list[int] = []
    play = deep.play_checked

    def spy(g, s, choose, max_steps, turns=None):
        seeds.append(s)
        return play(g, s, choose, max_steps, turns)
    with monkeypatch.context() as m:
        m.setattr(deep, "play_checked", spy)
        assert deep.deep_check(game, examples, seed) is None
    return seeds


def test_every_game_is_a_new_deal(monkeypatch):
    # hypothesis, which drew the games before, played 100 games of gUFO on 29 deals
    # (it makes new examples by changing old ones) and cut 62 more short
    seeds = _seeds_played(monkeypatch, load(GAMES / "gufo.rules"), 60)
    assert len(seeds) == 60 and len(set(seeds)) == 60


def test_one_seed_one_set_of_games(monkeypatch):
    game = load(GAMES / "gufo.rules")
    first = _seeds_played(monkeypatch, game, 12, seed=3)
    assert _seeds_played(monkeypatch, game, 12, seed=3) == first
    assert set(_seeds_played(monkeypatch, game, 12, seed=4)).isdisjoint(first)
    # more games begin with the same ones
    assert _seeds_played(monkeypatch, game, 20, seed=3)[:12] == first


def test_the_choosers_lean_as_documented():
    import random
    at_random, first, last, sticky = (make(random.Random(1)) for make in deep._CHOOSERS)
    assert sorted({at_random(5) for _ in range(400)}) == [0, 1, 2, 3, 4]
    assert 330 <= sum(first(5) == 0 for _ in range(400)) < 400
    assert 330 <= sum(last(5) == 4 for _ in range(400)) < 400
    picks = [sticky(5) for _ in range(400)]
    assert 330 <= sum(a == b for a, b in zip(picks, picks[1:])) < 399
    assert sticky(1) == 0  # the last place is past this menu's end: chosen again


def test_shrinking_finds_the_shortest_game_on_another_deal():
    # the first failing game found is 38 decisions long; on the deal of seed 28 the 7th
    # action of the first decision leads to a decision whose first action sets the
    # event off
    game = load(MUTANTS / "trigger_loop.rules", players=2)
    found = deep.deep_check(game, 10, 0)
    assert found is not None and found.kind == "offered action"
    assert (found.seed, found.choices, found.taken) == (28, [6], 0)
    assert found.message.startswith("taking 'Scorched Earth (1)' at decision 2 stops the game on an error: ")


def test_shrinking_keeps_the_kind_and_place_of_the_failure():
    game = load(MUTANTS / "breaks_an_invariant.rules")
    found = deep.deep_check(game, 10, 0)
    assert (found.kind, found.span.line, found.seed, found.choices) == ("invariant", 180, 2, [0, 0, 0, 0])
    # within a budget of replays, what was found so far is kept
    again = deep._play(game, 2, lambda n: 0, 500)
    assert again is not None and (again.kind, again.choices) == ("invariant", [0, 0, 0, 0])
    assert deep.shrink(game, again, 500, replays=0) is again


def test_deep_check_needs_no_hypothesis():
    # hypothesis is a test dependency, not ruleforge's: `check --deep` gave a
    # ModuleNotFoundError traceback where it was not installed
    code = ("import sys; sys.modules['hypothesis'] = None\n"
            "from ruleforge.cli import main\n"
            f"main(['check', {str(GAMES / 'gufo.rules')!r}, '--deep', '--examples', '3'])\n")
    ran = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert (ran.returncode, ran.stderr) == (0, "")
    assert ran.stdout.splitlines()[-1].startswith("deep check: 3 games (seed 0): ")


def test_ctrl_c_while_shrinking_keeps_the_shortest_game_so_far(tmp_path):
    # shrinking a long game took 30 to 70 s with nothing shown, and Ctrl-C lost it all
    game = load(MUTANTS / "trigger_loop.rules", players=2)
    seen: list[int] = []

    def interrupt_at_40(n: int) -> None:
        seen.append(n)
        if n == 40:
            raise KeyboardInterrupt
    found = deep.deep_check(game, 10, 0, on_shrink=interrupt_at_40)
    assert seen == list(range(1, 41))  # one call a replay, counted from 1
    assert found.interrupted and found.shrunk and found.kind == "offered action"
    assert len(found.choices) < 38  # shorter than the game first found, not yet the shortest
    full = deep.deep_check(game, 10, 0)
    assert not full.interrupted and len(full.choices) <= len(found.choices)


def test_max_steps_must_be_below_the_decision_cap(tmp_path, capsys):
    # --max-steps 100000 let every long game run into the cap of 10,000 decisions, and the
    # error blamed whichever action was the 10,001st
    import pytest
    from ruleforge.cli import main
    with pytest.raises(SystemExit) as e:
        main(["check", str(GAMES / "gufo.rules"), "--deep", "--max-steps", "10000"])
    assert e.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        "Error: Invalid value for '--max-steps': 10,000 is not below the decision cap (10,000), where every game "
        "stops first; raise the cap for this run: RULEFORGE_LIMITS=decisions=10001 (docs/limits.md)")
    with pytest.raises(ValueError, match=r"max_steps=10,000 is not below the game's decision cap \(10,000\)"):
        deep.deep_check(load(GAMES / "gufo.rules"), 1, 0, 10_000)


def test_the_deep_flags_alone_are_a_usage_error(capsys):
    # `check FILE --examples 5` checked the file and ignored the flag, exit 0
    import pytest
    from ruleforge.cli import main
    for args, said in ((["--examples", "5"], "--examples is for --deep: add --deep, or leave it out"),
                       (["--seed", "3", "--max-steps", "9"], "--seed, --max-steps are for --deep: add --deep, or "
                                                             "leave them out")):
        with pytest.raises(SystemExit) as e:
            main(["check", str(GAMES / "gufo.rules"), *args])
        assert (e.value.code, capsys.readouterr().err.splitlines()[-1]) == (2, f"Error: {said}")
    with pytest.raises(SystemExit) as e:  # --players checks the file at that count: not --deep's alone
        main(["check", str(GAMES / "gufo.rules"), "--players", "2"])
    assert e.value.code in (0, None)


def test_a_counterexample_found_between_decisions_says_where_the_check_failed():
    # the telling stopped at "Invader's turn" with nothing to say the check failed there
    found = deep.deep_check(load(MUTANTS / "leaks_the_alien.rules"), 10, 0)
    assert found.kind == "invariant" and len(found.choices) == 1
    assert found.narration[-1] == "[the check fails here, as decision 2 is asked (Invader: to advance its UFO)]"
    # an action leak points at the decision that offers the actions
    leak = deep.deep_check(load(MUTANTS / "leaks_through_an_action.rules"), 10, 0)
    assert (leak.kind, leak.span.line, leak.span.column) == ("leak", 116, 5)
    assert leak.narration[-1].startswith("[the check fails here, as decision 4 is asked (Radar Operator: ")


QUICK = """\
game "Quick"
players 2
cards: standard deck in deck
zone deck "the deck": pile, face down
zone table "the table": pile, face up

setup:
    move top of deck to table

turn:
    current takes an action

action draw "Draw":
    move top of deck to table

ending over "one card is out": nobody wins when count of table >= 1
"""


def test_a_deep_check_whose_games_all_end_in_setup_says_it_tested_setup_alone(tmp_path, capsys):
    # it passed in silence: "all hold", though no game came to a decision
    import pytest
    from ruleforge.cli import main
    path = tmp_path / "quick.rules"
    path.write_text(QUICK, encoding="utf-8")
    with pytest.raises(SystemExit) as e:
        main(["check", str(path), "--deep", "--examples", "4"])
    assert e.value.code == 0
    assert capsys.readouterr().err.splitlines()[-1] == (
        f"{path}: warning: every one of the 4 games ended before its first decision, so only setup was tested: "
        "does an ending hold from the start? (`ruleforge run FILE` tells one game)")
    # a game that comes to decisions says nothing of the kind
    lengths: list = []
    assert deep.deep_check(load(GAMES / "gufo.rules"), 3, 0, 500, lengths=lengths) is None
    assert len(lengths) == 3 and all(n > 0 for n in lengths) and deep.untested_note(lengths) is None
    # nor a game of turns without decisions (War: it said "only setup was tested" of games
    # of some 275 battles, each checked)
    lengths = []
    assert deep.deep_check(load(HERE.parent / "examples" / "war.rules"), 3, 0, 500, lengths=lengths) is None
    assert len(lengths) == 3 and all(n > 20 for n in lengths) and deep.untested_note(lengths) is None
