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
