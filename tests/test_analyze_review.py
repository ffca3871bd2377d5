"""`ruleforge analyze`, points an earlier reviewer noticed and left: each test names what
the report said before. Small known-answer games, written here."""

from __future__ import annotations

import html
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data" / "analyze"
LEAD = (DATA / "lead.rules").read_text(encoding="utf-8")


def write(tmp_path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def analyze(ruleforge_cmd, tmp_path, path, *args):
    """(result, the HTML page's text) of a small analyze run, seed 1, no skill trace unless told."""
    page = tmp_path / "page.html"
    args = args if "--rungs" in args else ("--rungs", "none", *args)
    r = ruleforge_cmd("analyze", path, "--seed", 1, "--html", page, *args)
    return r, page.read_text(encoding="utf-8") if page.exists() else ""


def text_of(r) -> str:
    """The terminal's text as one line, unwrapped where rich wrapped it at 120 columns."""
    return " ".join(line.rstrip() for line in r.lines).replace("  ", " ")


# ---- 1. the lead is judged by the heuristic, the score, or nothing -----------------------

# Lead race (tests/data/analyze/lead.rules) with its score kept apart: `counter points`,
# and a `quantity score` of it; or a declared heuristic that reverses the race (the seat
# with fewer points leads), whose lead changes twice a game where the score's changes
# three times: the line says which one the figures come from.
AS_QUANTITY = LEAD.replace("counter score per player = 0", "counter points per player = 0\n"
                           "quantity score of p: points of p").replace("increase score of", "increase points of")
REVERSED = LEAD + "\nheuristic of p: 0 - score of p\n"
BROKEN = LEAD + "\nheuristic of p: score of p / (moves - moves)\n"


@pytest.mark.parametrize("text, line", [
    (LEAD, "Lead changes: 3.0 a game [3.0, 3.0] (7.50 every 10 decisions), by each seat's score at each decision"),
    (AS_QUANTITY,
     "Lead changes: 3.0 a game [3.0, 3.0] (7.50 every 10 decisions), by each seat's score at each decision"),
    (REVERSED, "Lead changes: 2.0 a game [2.0, 2.0] (5.00 every 10 decisions), by the heuristic at each decision"),
])
def test_the_lead_line_names_what_judged_the_leader(ruleforge_cmd, tmp_path, text, line):
    # (a score standing for the heuristic was "by the heuristic at each decision":
    # UFO*logy at 4 players, which declares a score and no heuristic)
    r, page = analyze(ruleforge_cmd, tmp_path, write(tmp_path, "lead.rules", text), "--games", 5)
    assert r.code == 0, r.err
    assert line in [x.rstrip() for x in r.lines]
    assert f"<p>{html.escape(line)}.</p>" in page


def test_a_heuristic_that_fails_everywhere_is_not_said_to_be_missing(ruleforge_cmd, tmp_path):
    # (it said "the rule file declares no heuristic" of a file that declares one)
    r, page = analyze(ruleforge_cmd, tmp_path, write(tmp_path, "lead.rules", BROKEN), "--games", 5,
                      "--agents", "random")
    assert r.code == 0, r.err
    line = ("Decisiveness and lead changes: not measured: the heuristic stopped on a rule error at a decision of "
            "every game, so nothing told who led")
    assert line in text_of(r) and f"<p>{html.escape(line)}.</p>" in page
