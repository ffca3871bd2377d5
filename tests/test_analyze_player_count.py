"""A branch never taken because of the player count analyze played (`if count of players
> 2` in games of 2, the 2-player rule of a drafting game) is said dead at that count, and
that other counts may take it, not dead outright. Known answers on a tiny game."""

from __future__ import annotations

import html
import json

import ruleforge

GAME = """\
game "t"
players 2 to 4
cards: standard deck in box
zone box: pile, face down
zone hand per player: hand
counter score per player = 0
define crowded = count of players > 3
setup:
    deal 3 cards from box to hand of each player
turn:
    if count of players > 2:
        increase score of current by 2
    else:
        increase score of current by 1
    if crowded:
        increase score of current by 5
    if score of current > 1000:
        increase score of current by 1
    else if any p in players has score of p > 2000:
        increase score of current by 1
    move top of box to hand of current
ending over: players with the highest score win when box is empty
"""


def test_a_branch_knows_when_its_test_reads_the_player_count(tmp_path):
    path = tmp_path / "t.rules"
    path.write_text(GAME)
    sites = ruleforge.load(path).branch_sites
    assert [(s.line, s.text, s.players) for s in sites] == [
        (11, "if count of players > 2", True),
        (13, "else", True),                                   # the if before it reads it
        (15, "if crowded", True),                             # through the definition
        (17, "if score of current > 1000", False),
        (19, "else if any p in players has score of p > 2000", True)]
    # a game of one player count: no other count could take the branch
    path.write_text(GAME.replace("players 2 to 4", "players 2"))
    assert not any(s.players for s in ruleforge.load(path).branch_sites)


def test_analyze_says_such_a_branch_is_dead_at_the_count_played_only(ruleforge_cmd, tmp_path):
    path, data, page = tmp_path / "t.rules", tmp_path / "r.json", tmp_path / "r.html"
    path.write_text(GAME)
    r = ruleforge_cmd("analyze", path, "--games", 10, "--agents", "random", "--rungs", "none", "--seed", 1,
                      "--jobs", 1, "--html", page, "--json", data)
    assert r.code == 0, r.err
    b = json.loads(data.read_text(encoding="utf-8"))["branches"]
    assert (b["players"], b["dead"], b["dead_here"]) == (
        2, ["turn, line 17: if score of current > 1000"],
        ["turn, line 11: if count of players > 2", "turn, line 15: if crowded",
         "turn, line 19: else if any p in players has score of p > 2000"])
    dead = "Dead branches (never taken in 10 games): turn, line 17: if score of current > 1000"
    here = ("Dead at 2 players only (never taken in 10 games; their tests read the player count, so other "
            "counts may take them): turn, line 11: if count of players > 2; turn, line 15: if crowded; "
            "turn, line 19: else if any p in players has score of p > 2000")
    lines = [x.rstrip() for x in r.lines]
    at = lines.index(dead)
    assert " ".join(lines[at + 1:at + 4]).startswith(here)
    text = page.read_text(encoding="utf-8")
    assert f'<p class="dead">{html.escape(dead)}</p>\n<p class="dead">{html.escape(here)}</p>' in text


def test_one_branch_alone_is_said_in_the_singular(ruleforge_cmd, tmp_path):
    path, data = tmp_path / "t.rules", tmp_path / "r.json"
    path.write_text(GAME.replace("    if crowded:\n        increase score of current by 5\n", "")
                    .replace("    if score of current > 1000:\n        increase score of current by 1\n"
                             "    else if any p in players has score of p > 2000:\n"
                             "        increase score of current by 1\n", ""))
    r = ruleforge_cmd("analyze", path, "--games", 10, "--agents", "random", "--rungs", "none", "--seed", 1,
                      "--jobs", 1, "--no-html")
    assert r.code == 0, r.err
    lines = [x.rstrip() for x in r.lines]
    at = next(i for i, x in enumerate(lines) if x.startswith("Dead at"))
    assert " ".join(lines[at:at + 2]) == (
        "Dead at 2 players only (never taken in 10 games; its test reads the player count, so other counts "
        "may take it): turn, line 11: if count of players > 2")
    assert not any(x.startswith("Dead branches") for x in lines)
