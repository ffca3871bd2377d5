"""`ruleforge play` after a fresh reader of docs/play.md: a runaway loop's panel ends
where the rules failed, a role titled as a person ("Bob") gets no article, role names
match in any case, and help's examples come from the game being played."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

import ruleforge
from ruleforge.cli import cli, main
from ruleforge.drivers.agents import _seat, seat_specs

ROOT = Path(__file__).parents[1]
GUFO = str(ROOT / "games" / "gufo.rules")
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def play(args, text: str):
    result = CliRunner().invoke(cli, ["play", *map(str, args), "--delay", "0"], input=text,
                                env={"FORCE_COLOR": None, "NO_COLOR": "1"})
    return result, ANSI.sub("", result.output)


# ---- role names in any case -------------------------------------------------------------------

def test_a_role_name_matches_in_any_case(tmp_path):
    # '--as INVADER' and '--as Radar Operator' matched (the titles, without regard to case),
    # but '--as Radar' was refused: "no seat or role 'Radar'; did you mean 'radar'?"
    gufo = ruleforge.load(GUFO)
    assert [_seat(w, gufo) for w in ("Radar", "RADAR", "radar", "Invader", "INVADER", "radar operator")] == [
        1, 1, 1, 0, 0, 1]
    eights = ruleforge.load(ROOT / "examples" / "crazy_eights.rules", players=3)
    assert _seat("Player 2", eights) == 1
    assert seat_specs("Radar=greedy", gufo) == ["random", "greedy"]
    result, out = play([GUFO, "--as", "Radar", "--seed", 5], "quit\n")
    assert result.exit_code == 0, out
    assert out.splitlines()[0] == "gUFO · you play: Radar Operator  (type help for help)"
    result, out = play([GUFO, "--as", "Invader", "--agents", "RADAR=greedy", "--seed", 5], "quit\n")
    assert result.exit_code == 0, out
    log = tmp_path / "g.jsonl"
    assert CliRunner().invoke(cli, ["run", GUFO, "--seed", "5", "--log", str(log)]).exit_code == 0
    replayed = CliRunner().invoke(cli, ["replay", str(log), "--as", "Radar"])
    assert replayed.exit_code == 0 and "Invader chooses a card (to be the Alien)" in replayed.output


@pytest.mark.parametrize("args, message", [
    (["--as", "Radar", "--agents", "Radar=greedy"],
     "the Radar Operator is played by a person here, not a bot: --agents names the bots' seats"),
    (["--as", "radar", "--agents", "Invader=greedy,INVADER=random"],
     "the Invader is given two bots ('Invader=greedy' and 'INVADER=random'): name each seat once"),
    (["--as", "Radar,RADAR"], "name each seat once, such as --as north or --as north,south"),
    (["--as", "Radr"], "no seat or role 'Radr'; did you mean 'radar'?"),
])
def test_a_role_name_in_any_case_is_the_same_seat_in_every_flag(args, message, capsys):
    with pytest.raises(SystemExit) as exc:
        main(["play", GUFO, *args])
    assert exc.value.code == 2
    assert message in " ".join(capsys.readouterr().err.split())


# ---- "the" before a role's title only where the rule file says it so ---------------------------

DUEL = """game "Duel"
role bob "Bob"
role guard "Guard"
cards: standard deck in deck
zone deck: pile
zone hand per player: hand
turn:
    current takes an action
action draw "Draw a card":
    move top of deck to hand of current
action wait "Wait":
    move top of deck to hand of current
ending e "the Guard keeps watch": guard wins when count of deck < 50
"""


def test_the_article_comes_before_a_title_only_where_the_rule_file_writes_it(tmp_path):
    # A role titled 'Bob' was 'Pass the screen to the Bob.' and 'you are the Bob': the
    # article went before every title. The file's own texts now decide: 'the Guard' (its
    # ending 'the Guard keeps watch'), gUFO's 'the Invader' (its zone "the Invader's
    # aces"), Hold'em's 'the button' (a title with its article), and 'Bob' as written.
    from ruleforge.drivers.table import the_seat
    rules = tmp_path / "duel.rules"
    rules.write_text(DUEL, encoding="utf-8")
    duel = ruleforge.load(rules)
    assert [the_seat(duel, s) for s in range(2)] == ["Bob", "the Guard"]
    gufo = ruleforge.load(GUFO)
    assert [the_seat(gufo, s) for s in range(2)] == ["the Invader", "the Radar Operator"]
    holdem = ruleforge.load(ROOT / "examples" / "holdem.rules")
    assert [the_seat(holdem, s) for s in range(2)] == ["the button", "the big blind"]
    result, out = play([rules, "--as", "bob,guard", "--seed", 1], "\n1\n\n1\nquit\n")
    assert result.exit_code == 0, out
    said = [" ".join(line.strip("│ ").split()) for line in out.splitlines()
            if "Pass the screen" in line or "you are" in line or "pressed when" in line]
    assert said == ["Pass the screen to Bob.", "Duel · round 1 · you are Bob",
                    "Pass the screen to the Guard.", "Duel · round 1 · you are the Guard", "Pass the screen to Bob."]
    with pytest.raises(SystemExit) as exc:
        main(["play", str(rules), "--as", "bob", "--agents", "bob=greedy"])
    assert exc.value.code == 2
