"""A game stopped by a cap (the decision cap, the work limit of a game) is told as that
cap at every seat, whatever its cards are called, and a log stopped at the work limit of
a game goes on with `play --resume` under a higher limit, as one stopped at the decision
cap goes on under a higher cap."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from ruleforge.runtime.values import RuleError
from ruleforge.runtime.view import _named_in
from test_told_bounds import LOOPS  # (every turn runs 900 loop steps, then asks a question)

ROOT = Path(__file__).resolve().parents[1]

LIMIT_20000 = ("in rule 'turn' (line 12): more than 20,000 steps and units of work in this game, the work limit of "
               "a game (each decision's steps and work, added up: does a loop run long at every turn? A longer game: "
               "RULEFORGE_LIMITS=game=N, docs/limits.md)")


def ruleforge(cwd: Path, *args, keys: str = "", limits: str = "") -> subprocess.CompletedProcess:
    env = dict(os.environ, COLUMNS="120", NO_COLOR="1", PYTHONPATH=str(ROOT))
    env.pop("RULEFORGE_LIMITS", None)
    if limits:
        env["RULEFORGE_LIMITS"] = limits
    return subprocess.run([sys.executable, "-m", "ruleforge", *map(str, args)], cwd=cwd, env=env, input=keys,
                          capture_output=True, text=True, timeout=120)


def test_a_card_named_by_a_number_is_not_named_by_the_numbers_of_a_message():
    assert _named_in("3", "card 3 is face down") and _named_in("3", "3, 4 and 5") and _named_in("3", "(3)")
    assert not _named_in("2", "in rule 'turn' (line 12)")
    assert not _named_in("20", "more than 20,000 steps") and not _named_in("000", "more than 20,000 steps")
    assert not _named_in("5", "1.5 points") and not _named_in("3", "x3")
    assert _named_in("Ace", "the Ace has no goal") and _named_in("Ace", "Aces")  # (other names: anywhere)


def test_the_decision_cap_is_told_to_a_seat_of_a_game_whose_cards_are_numbers(tmp_path):
    # The Climb's cards are "1" to "20": the cap's "after 2 decisions" named card "2",
    # hidden in the deck, so play told player 1 only that a hidden card's rule failed.
    shutil.copy(ROOT / "tests" / "data" / "the_climb.rules", tmp_path)
    ran = ruleforge(tmp_path, "play", "the_climb.rules", "--as", "1", "--seed", "1", "--delay", "0",
                    "--max-decisions", "2", keys="6\n10\n13\n")
    assert ran.returncode == 1
    # (after the file's warning: the last life lost ends the game before its card is laid)
    warned, _, error = ran.stderr.partition("skip before this one\n")
    assert warned.startswith("the_climb.rules:33:9: warning: this can end the game before the rest of action 'play'")
    assert error == ("error: the game was stopped after 2 decisions, the decision cap, before any ending held "
                     "(an ending that never holds? A longer game: --max-decisions N, or "
                     "RULEFORGE_LIMITS=decisions=N)\n"
                     "  the same game again: ruleforge play the_climb.rules --seed 1 --as 1 --max-decisions 2\n")


def test_a_limit_that_names_no_card_is_told_though_a_card_shares_its_numbers():
    from ruleforge import load
    from ruleforge.runtime.view import names_hidden_cards
    game = load(str(ROOT / "tests" / "data" / "the_climb.rules"), players=2)
    st = game.new(1)
    cap = RuleError.over("decisions", "the game was stopped after 2 decisions, the decision cap")
    assert not names_hidden_cards(st, cap, 0)
    # the same words from a rule (not a limit) are looked at: card 2 lies hidden
    assert names_hidden_cards(st, RuleError("the game was stopped after 2 decisions"), 0)


def _stopped_log(tmp_path: Path) -> Path:
    (tmp_path / "loops.rules").write_text(LOOPS, encoding="utf-8")
    ran = ruleforge(tmp_path, "play", "loops.rules", "--as", "1", "--seed", "5", "--delay", "0", "--log", "base.jsonl",
                    keys="1\n" * 40, limits="game=20000")
    assert ran.returncode == 1
    records = [json.loads(x) for x in (tmp_path / "base.jsonl").read_text().splitlines()]
    assert records[-1] == {"type": "error", "message": LIMIT_20000}
    assert sum(r["type"] == "decision" for r in records) == 22
    return tmp_path / "base.jsonl"


def test_a_log_stopped_at_the_work_limit_of_a_game_is_refused_under_the_same_limit(tmp_path):
    log = _stopped_log(tmp_path)
    before = log.read_bytes()
    ran = ruleforge(tmp_path, "play", "loops.rules", "--resume", "base.jsonl", keys="1\n", limits="game=20000")
    assert ran.returncode == 2
    assert ran.stderr.splitlines()[-1] == (
        "Error: Invalid value for '--resume': the game in base.jsonl was stopped at the work limit of a game (20,000 "
        "steps and units of work): resumed, it would stop there again; a higher limit goes on with it: "
        "RULEFORGE_LIMITS=game=N with N above 20,000 (docs/limits.md)")
    assert log.read_bytes() == before  # (the log as it was)


def test_a_log_stopped_at_the_work_limit_of_a_game_goes_on_under_a_higher_one(tmp_path):
    _stopped_log(tmp_path)
    ran = ruleforge(tmp_path, "play", "loops.rules", "--resume", "base.jsonl", "--log", "more.jsonl",
                    keys="1\n" * 40, limits="game=30000")
    assert ran.returncode == 1
    records = [json.loads(x) for x in (tmp_path / "more.jsonl").read_text().splitlines()]
    # the 22 decisions of the log again, then more until the higher limit stops it
    assert sum(r["type"] == "decision" for r in records) == 33
    assert records[-1] == {"type": "error", "message": LIMIT_20000.replace("20,000", "30,000")}
