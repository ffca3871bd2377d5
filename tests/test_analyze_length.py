"""`analyze`'s length line: decisions, turns and rounds, with what a round is (a designer
of a trick game read "rounds" as hands), the same words in the terminal and the page."""

from __future__ import annotations

import json
from pathlib import Path

from ruleforge.drivers.simulate import GameSpec, play_one
from ruleforge.drivers.traces import play_traced

SEAT_ONE = Path(__file__).parent / "data" / "analyze" / "seat_one.rules"

# seat_one: two rounds of a turn each, one decision a turn
LINE = ("Length: 4.0 decisions on average (median 4, 10%-90% 4-4); 4.0 turns (median 4, 10%-90% 4-4); 2.0 rounds "
        "(median 2, 10%-90% 2-2), a round being a turn for each player round the table, not a hand")


def test_a_game_counts_its_turns_the_same_traced_or_not():
    spec = GameSpec(str(SEAT_ONE), {}, None, "greedy", 1)
    traced, plain = play_traced(spec, 0).outcome, play_one(spec, 0)
    assert (traced.decisions, traced.turns, traced.rounds) == (4, 4, 2)
    assert traced == plain


def test_the_length_line_says_turns_and_what_a_round_is_in_the_terminal_and_the_page(ruleforge_cmd, tmp_path):
    page, data = tmp_path / "r.html", tmp_path / "r.json"
    r = ruleforge_cmd("analyze", SEAT_ONE, "--games", 5, "--rungs", "none", "--seed", 1, "--html", page,
                      "--json", data)
    assert r.code == 0, r.err
    i = next(k for k, line in enumerate(r.lines) if line.startswith("Length: "))
    assert " ".join(r.lines[i:i + 2]) == LINE  # (wrapped at 120 columns)
    assert f"<p>{LINE}.</p>" in page.read_text()
    doc = json.loads(data.read_text())
    assert doc["lengths"]["turns"] == [4] * 5
    assert doc["summary"]["length"]["turns"] == {"mean": 4, "median": 4, "p10": 4, "p90": 4, "min": 4, "max": 4}
