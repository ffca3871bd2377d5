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
