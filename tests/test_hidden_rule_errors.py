"""A rule error names the rule it happened in, and a card's own rule ('Bomb: value') is
named after its card: told to a seat that cannot see that card, the error would say which
card lies hidden. serve already told such a page only that a hidden card's rule failed
(tests/test_serve.py); `play` and `replay --as` printed the whole error to the seat at the
terminal. Each channel now tells the seat what it may know, and where the whole message is."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from test_serve import HIDDEN_BOMB

ROOT = Path(__file__).resolve().parents[1]
MASKED = "the rules failed, and where and how would name a card hidden from you"
WHOLE = ("in rule 'Bomb: value' (line 10), reached from 'ending done: when' (line 23) in 'action go' (line 20): "
         "division by zero")


def ruleforge(tmp_path: Path, *args, keys: str = "") -> subprocess.CompletedProcess:
    env = dict(os.environ, COLUMNS="120", NO_COLOR="1", PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "ruleforge", *map(str, args)], cwd=tmp_path, env=env, input=keys,
                          capture_output=True, text=True, timeout=120)


@pytest.fixture
def bomb(tmp_path) -> Path:
    # The Bomb is dealt to player 2's hand; player 1's Go makes the ending's test read
    # its value, which divides by zero.
    path = tmp_path / "bomb.rules"
    # (titled otherwise: the card's name must not appear for any other reason)
    path.write_text(HIDDEN_BOMB.replace('game "Bomb"', 'game "Fuse"'), encoding="utf-8")
    return path


def test_play_does_not_name_a_hidden_cards_rule_to_the_seat_at_the_terminal(bomb, tmp_path):
    ran = ruleforge(tmp_path, "play", bomb, "--as", "1", "--seed", "1", "--delay", "0", "--log", "b.jsonl", keys="1\n")
    assert ran.returncode == 1
    assert ran.stderr == (f"error: {MASKED}; `ruleforge replay b.jsonl` shows where\n"
                          f"  the same game again: ruleforge play {bomb} --seed 1 --as 1\n")
    assert "Bomb" not in ran.stdout + ran.stderr
    # the log keeps the whole error, and replay for every seat shows it
    assert json.loads((tmp_path / "b.jsonl").read_text().splitlines()[-1]) == {"type": "error", "message": WHOLE}
    again = ruleforge(tmp_path, "replay", "b.jsonl", "--quiet")
    assert (again.returncode, again.stdout) == (1, "b.jsonl: reproduced exactly: the game, 1 decision, the same deal, "
                                                   f"and the same error it stopped on: {WHOLE}\n")


def test_play_without_a_log_says_how_to_keep_one(bomb, tmp_path):
    ran = ruleforge(tmp_path, "play", bomb, "--as", "1", "--seed", "1", "--delay", "0", keys="1\n")
    assert ran.returncode == 1
    assert ran.stderr.splitlines()[0] == (f"error: {MASKED}; play the same game again with --log FILE, and "
                                          "`ruleforge replay FILE` shows where")


def test_play_names_the_rule_to_a_seat_that_holds_the_card(bomb, tmp_path):
    # player 2 holds the Bomb: the error is told whole, at its line (player 1's random bot goes)
    ran = ruleforge(tmp_path, "play", bomb, "--as", "2", "--seed", "1", "--delay", "0")
    assert ran.returncode == 1
    assert ran.stderr.splitlines()[0] == f"{bomb}:10:12: error: division by zero"
    assert "in rule 'Bomb: value'" in ran.stderr


def test_play_at_a_hot_seat_hides_the_rule_if_any_person_at_the_screen_cannot_see_the_card(bomb, tmp_path):
    ran = ruleforge(tmp_path, "play", bomb, "--as", "1,2", "--seed", "1", "--delay", "0", keys="\n1\n")
    assert ran.returncode == 1
    assert ran.stderr.startswith(f"error: {MASKED}; play the same game again")
    assert "Bomb" not in ran.stdout + ran.stderr


def test_replay_as_a_seat_does_not_name_a_hidden_cards_rule(bomb, tmp_path):
    assert ruleforge(tmp_path, "run", bomb, "--seed", "1", "--log", "b.jsonl").returncode == 1
    told = {}
    for seat in ("1", "2", None):
        ran = ruleforge(tmp_path, "replay", "b.jsonl", *(("--as", seat) if seat else ()))
        assert ran.returncode == 1
        told[seat] = ran.stdout.splitlines()[-1]
    head = "b.jsonl: reproduced exactly: the game, 1 decision, the same deal, and the same error it stopped on: "
    assert told == {"1": f"{head}{MASKED}; replay without --as shows where", "2": head + WHOLE, None: head + WHOLE}


GOAL = '''game "Goal"
players 2
role alice "Alice"
role bob "Bob"
attribute kind: agenda, plain
cards: listed in deck
zone deck "the deck": pile, face down
zone hand per player: hand
counter n = 0
card "Plan":
    kind: agenda
    goal: 3
card "Rock":
    kind: plain
card "Paper":
    kind: plain
setup:
    shuffle deck
    deal 1 cards from deck to hand of each player
turn order: alice, bob
turn:
    current takes an action
action peek "Score the top card's goal":
    increase n by (top of deck).goal
ending done "scored": nobody wins when n > 0
'''


def test_an_error_that_names_a_hidden_card_is_not_told_to_a_seat_that_cannot_see_it(tmp_path):
    # (top of deck).goal failed on a face-down card without a goal: 'Paper has no goal'
    # told Alice the deck's face-down top card
    path = tmp_path / "goal.rules"
    path.write_text(GOAL, encoding="utf-8")
    ran = ruleforge(tmp_path, "play", path, "--as", "alice", "--seed", "2", "--delay", "0", keys="1\n")
    assert ran.returncode == 1
    assert ran.stderr.splitlines()[0].startswith(f"error: {MASKED}; play the same game again")
    assert "Paper" not in ran.stdout + ran.stderr
    whole = ruleforge(tmp_path, "run", path, "--seed", "2")
    assert "Paper has no goal" in whole.stderr
