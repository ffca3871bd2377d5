"""The work limit of a game (GAME_WORK, docs/limits.md): every decision within the step
and work limits, a game of 10,000 decisions could still run for minutes (a turn of
99,000 loop steps took 200 s a game, so `run --games 50` hours). Past the limit the game
stops in the rule that spends it, and is counted as stopped at a cap, as the decision
cap's games are: a long game, not a mistake in the rules."""

from random import Random

from hostile import assert_clean, hostile_run

import ruleforge
from ruleforge.drivers.report import why_stopped

LOOPING = '''game "L"
players 2
cards: standard deck in deck
zone deck: pile, face down
counter n per player = 0
turn:
    current takes an action
action spin "Spin":
    repeat 99000 times:
        increase n of current by 1
ending e: nobody wins when deck is empty
'''
OVER = ("more than {:,} steps and units of work in this game, the work limit of a game (each decision's steps and "
        "work, added up: does a loop run long at every turn? A longer game: RULEFORGE_LIMITS=game=N, docs/limits.md)")


def test_a_game_of_long_turns_stops_at_the_limit_in_bounded_time(tmp_path):
    # (25,000,000 steps: about 5 s of processor time; 200 s before the limit)
    ran = hostile_run(["run", "h.rules", "--games", "1", "--jobs", "1", "--seed", "1"], {"h.rules": LOOPING},
                      cwd=tmp_path, timeout=8)
    assert_clean(ran, 1, timeout=8)
    assert ("1 game stopped at the work limit of a game; first: game 0 (seed 16680956075996473660): in rule "
            "'action spin' (line 9): " + OVER.format(25_000_000)) in " ".join(ran.text.split())


def test_one_game_names_the_rule_and_the_limit_and_replays_to_it(tmp_path):
    env = {"RULEFORGE_LIMITS": "game=300000"}
    ran = hostile_run(["run", "h.rules", "--seed", "1", "--log", "h.jsonl"], {"h.rules": LOOPING}, cwd=tmp_path,
                      env=env)
    assert_clean(ran, 1, "h.rules:9:5: error: " + OVER.format(300_000) + "\n        repeat 99000 times:\n"
                 "        ^^^^^^^^^^^^\n  in rule 'action spin'\n  the same game again: ruleforge run h.rules --seed 1\n")
    again = hostile_run(["replay", "h.jsonl", "--quiet"], cwd=tmp_path, env=env)
    assert_clean(again, 1, "h.jsonl: reproduced exactly: the game, 4 decisions, the same deal, and it stops at the "
                 "same work limit of a game: in rule 'action spin' (line 9): " + OVER.format(300_000) + "\n")


def test_simulations_count_its_games_as_capped(tmp_path):
    ran = hostile_run(["run", "h.rules", "--games", "3", "--jobs", "1", "--seed", "1", "--out", "s.json"],
                      {"h.rules": LOOPING}, cwd=tmp_path, env={"RULEFORGE_LIMITS": "game=300000"})
    assert_clean(ran, 1, "3 games stopped at the work limit of a game; first: game 0")
    import json
    s = json.loads((tmp_path / "s.json").read_text())
    assert (s["errors"], s["capped"], s["capped_work"], s["first_error"]["limit"]) == (3, 3, 3, "game")
    compared = hostile_run(["compare", "h.rules", "h.rules", "--games", "2", "--seed", "1"], cwd=tmp_path,
                           env={"RULEFORGE_LIMITS": "game=300000"})
    assert_clean(compared, 1, "error: h.rules, greedy bots: 2 of 2 games stopped at the work limit of a game, left out of its "
                 "figures; first: game 0")


def test_a_summary_says_each_reason_with_its_count():
    assert why_stopped({"errors": 3, "capped": 0}) == "stopped on a rule error"
    assert why_stopped({"errors": 3, "capped": 3}) == "stopped at the decision cap"
    assert why_stopped({"errors": 3, "capped": 3, "capped_work": 3}) == "stopped at the work limit of a game"
    assert why_stopped({"errors": 3, "capped": 2, "capped_work": 1}) == (
        "stopped on a rule error (1), at the decision cap (1) or at the work limit of a game (1)")
    assert why_stopped({"errors": 2, "capped": 1}) == "stopped on a rule error (1) or at the decision cap (1)"


def test_a_clone_carries_the_games_total_so_the_same_moves_spend_the_same():
    """A clone is the game at that moment: the same moves from it spend what they spend
    in the game, and stop it where they stop the game (a search's own cost is bounded
    apart, at each decision)."""
    game = ruleforge.load("examples/war.rules")
    budget = game.game_budget
    st = game.new(7)
    rng, moves = Random(7), []
    while not st.is_over:
        acts = st.legal_actions()
        moves.append(rng.randrange(len(acts)))
        st.apply(acts[moves[-1]])
    spent = budget - st.game_left
    assert 1_000 < spent < budget // 100
    again = game.new(7)
    for i, k in enumerate(moves):
        if i % 3 == 0:
            copy = again.clone()
            assert copy.game_left == again.game_left
            again = copy
        again.apply(again.legal_actions()[k])
    assert (again.is_over, budget - again.game_left) == (True, spent)
