"""Greedy bots in a game with no heuristic judge a move only by whether it ends the game:
`run`, `compare` and `analyze` say so (agents.blind_greedy_note). A designer who copied
the tutorial's loop onto their own game found greedy winning 52.7% against random, where
random against random won 51.6%, and nothing told them why."""

from __future__ import annotations

import html
import json
import textwrap

NOTE = ("note: Pairs declares no heuristic (nor a score per player), so greedy bots judge a move only by whether "
        "it ends the game at once, won or lost, and choose at random among the others: where few moves end the "
        "game, they play nearly as random bots do. A `heuristic of p: ...` gives them judgement "
        "(docs/language.md#heuristic-for-bots).")

RULES = textwrap.dedent("""\
    game "Pairs"
    players 2
    cards: standard deck in deck
    zone deck "the deck": pile, face down
    zone hand per player "hand": hand
    counter taken per player = 0

    setup:
        shuffle deck

    turn:
        current takes one of draw, rest

    action draw "Draw":
        move top of deck to hand of current

    action rest "Rest":
        increase taken of current by 1

    ending out "the deck ran out": current wins when deck is empty
    """)


def write(tmp_path, text=RULES, name="pairs.rules"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_run_with_greedy_bots_says_they_cannot_judge(tmp_path, ruleforge_cmd):
    path = write(tmp_path)
    ran = ruleforge_cmd("run", path, "--games", 6, "--seed", 1, "--jobs", 1, "--agents", "greedy")
    assert ran.code == 0 and ran.err.strip() == NOTE
    # per seat too: one greedy seat is enough
    ran = ruleforge_cmd("run", path, "--games", 6, "--seed", 1, "--jobs", 1, "--agents", "1=greedy,2=random")
    assert ran.err.strip() == NOTE
    # random bots judge nothing, and say nothing
    ran = ruleforge_cmd("run", path, "--games", 6, "--seed", 1, "--jobs", 1)
    assert ran.err == ""


def test_a_heuristic_or_a_score_silences_it(tmp_path, ruleforge_cmd):
    judged = write(tmp_path, RULES + "heuristic of p: count of hand of p\n", "judged.rules")
    # (a score the bots raise by drawing: resting for ever would not end the game)
    scored = write(tmp_path, RULES.replace("counter taken per player", "counter score per player")
                   .replace("move top of deck to hand of current", "move top of deck to hand of current\n"
                            "    increase score of current by 1")
                   .replace("increase taken of current by 1", "say \"{current} rests\""), "scored.rules")
    for path in (judged, scored):
        ran = ruleforge_cmd("run", path, "--games", 6, "--seed", 1, "--jobs", 1, "--agents", "greedy")
        assert ran.code == 0 and ran.err == "", path


def test_compare_and_analyze_say_it_too(tmp_path, ruleforge_cmd):
    base = write(tmp_path)
    variant = write(tmp_path, 'extends "pairs.rules"\ngame "Pairs, faster"\n', "faster.rules")
    ran = ruleforge_cmd("compare", base, variant, "--games", 6, "--seed", 1, "--jobs", 1)
    assert ran.code == 0 and NOTE in ran.err.splitlines()
    out = tmp_path / "report.json"
    ran = ruleforge_cmd("analyze", base, "--games", 6, "--rungs", "random,greedy", "--skill-games", 2, "--seed", 1, "--jobs", 1,
                        "--html", tmp_path / "report.html", "--json", out)
    assert ran.code == 0 and NOTE in " ".join(ran.out.split())
    assert json.loads(out.read_text(encoding="utf-8"))["bots_note"] == NOTE
    assert f'<p class="sig">{html.escape(NOTE)}</p>' in (tmp_path / "report.html").read_text(encoding="utf-8")
