"""`run --games`'s length line says what `analyze`'s says, the same way (one function,
report.length_line): decisions, turns and rounds, with what a round is; its --out
figures count turns beside rounds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

# three seats, seven turns (three rounds, the last cut short by the ending), a decision in
# player 1's turns but the last (the ending holds before it is asked): 2 decisions
COUNTED = """game "Counted"
players 3

cards "{n}" for each n from 1 to 4:
    value: n
cards: listed in deck
zone deck: pile

counter moves = 0

turn:
    increase moves by 1
    if current = player 1:
        if current chooses "go on" over "wait":
            increase moves by 0

ending done "seven turns": player 1 wins when moves = 7
"""

LINE = ("Length: 2.0 decisions on average (median 2, 10%-90% 2-2); 7.0 turns (median 7, 10%-90% 7-7); 3.0 rounds "
        "(median 3, 10%-90% 3-3), a round being a turn for each player round the table, not a hand")
SPREAD = {"decisions": (2, 2.0), "rounds": (3, 3.0), "turns": (7, 7.0)}


@pytest.fixture
def counted(tmp_path: Path) -> Path:
    path = tmp_path / "counted.rules"
    path.write_text(COUNTED)
    return path


def test_runs_length_line_counts_turns_and_says_what_a_round_is(counted, ruleforge_cmd, tmp_path):
    out = tmp_path / "r.json"
    ran = ruleforge_cmd("run", counted, "--games", 3, "--seed", 1, "--out", out)
    assert ran.code == 0, ran.err
    i = next(k for k, line in enumerate(ran.lines) if line.startswith("Length: "))
    assert " ".join(ran.lines[i:i + 2]) == LINE  # (wrapped at 120 columns)
    doc = json.loads(out.read_text())
    assert doc["length"] == {k: {"mean": mean, "median": n, "p10": mean, "p90": mean, "min": n, "max": n}
                             for k, (n, mean) in SPREAD.items()}
    assert [(o["decisions"], o["rounds"], o["turns"]) for o in doc["outcomes"]] == [(2, 3, 7)] * 3


def test_runs_csv_has_a_turns_column(counted, ruleforge_cmd, tmp_path):
    out = tmp_path / "r.csv"
    assert ruleforge_cmd("run", counted, "--games", 2, "--seed", 1, "--out", out).code == 0
    rows = out.read_text().splitlines()
    assert rows[0] == "game,seed,winners,ending,decisions,rounds,turns"
    assert [row.split(",")[3:] for row in rows[1:]] == [["done", "2", "3", "7"]] * 2


def test_a_run_logs_result_record_counts_turns_beside_rounds(counted, ruleforge_cmd, tmp_path):
    # the record had the rounds only, though run's length line and its --out have turns
    log = tmp_path / "g.jsonl"
    assert ruleforge_cmd("run", counted, "--seed", 1, "--log", log).code == 0
    assert json.loads(log.read_text().splitlines()[-1]) == {
        "type": "result", "ending": "done", "reason": "seven turns", "winners": ["player 1"],
        "decisions": 2, "rounds": 3, "turns": 7}
    assert ruleforge_cmd("replay", log).code == 0


def test_a_log_from_before_turns_were_recorded_still_replays(counted, ruleforge_cmd, tmp_path):
    log = tmp_path / "g.jsonl"
    assert ruleforge_cmd("run", counted, "--seed", 1, "--log", log).code == 0
    lines = log.read_text().splitlines()
    result = json.loads(lines[-1])
    result.pop("turns")
    log.write_text("\n".join(lines[:-1] + [json.dumps(result)]) + "\n")
    ran = ruleforge_cmd("replay", log)
    assert (ran.code, ran.err) == (0, "")


def test_a_result_records_turns_must_be_a_whole_number(counted, ruleforge_cmd, tmp_path):
    log = tmp_path / "g.jsonl"
    assert ruleforge_cmd("run", counted, "--seed", 1, "--log", log).code == 0
    lines = log.read_text().splitlines()
    log.write_text("\n".join(lines[:-1] + [lines[-1].replace('"turns": 7', '"turns": "7"')]) + "\n")
    ran = ruleforge_cmd("replay", log)
    assert ran.code != 0
    assert f"{log}:{len(lines)}: the 'result' record's field 'turns' should be a whole number, not a text" in ran.err
