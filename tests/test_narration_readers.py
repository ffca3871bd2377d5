"""The play screen and the narration as fresh readers found them (Love Letter, Sushi Go,
cribbage and 6 nimmt!, written from the docs alone): each finding reproduced with its
exact text, on every channel that tells a seat the game (a seat's narrator, `replay
--as`, `play`, `serve`)."""

from __future__ import annotations

import json
import warnings

from click.testing import CliRunner

import ruleforge
from ruleforge.cli import cli
from ruleforge.drivers.agents import parse_agents
from ruleforge.drivers.narrate import Narrator
from ruleforge.testing import play

with warnings.catch_warnings():  # (as tests/test_serve.py: Starlette would rather have httpx2)
    warnings.simplefilter("ignore")
    from ruleforge.drivers.serve.table import Table


def load(tmp_path, text: str, name: str = "t.rules"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return ruleforge.load(path), path


def decisions(lines: list[str]) -> list[str]:
    return [line for line in lines if line.startswith("  ▸ ")]


# ---- 1. a face-up play names its card at once --------------------------------------------

PLAYS = """game "Plays"
players 3
cards: standard deck in deck
zone deck "the deck": pile, face down
zone hand per player "hand": hand
zone table "the table": pile, face up
zone box "the box": pile, face down

setup:
    deal 2 cards from deck to hand of each player

turn:
    current takes an action

action show "Show a card":
    with card in hand of current
    move card to table

action hide "Hide a card":
    with card in hand of current
    move card to box

action throw "Throw your hand":
    with card in hand of current
    move cards in hand of current to table

ending done "three plays": nobody wins when count of table + count of box >= 3
"""
# seed 0 deals K♠ 10♠ to player 1, Q♠ 9♠ to player 2, J♠ 8♠ to player 3
MOVES = ("show(card=K♠)", "hide(card=Q♠)", "throw(card=8♠)")
# what player 2 is told: the card shown is named on the decision's line (it read
# "Show a card: a card", then "K♠: hand of player 1 → the table"); player 3's choice is
# not, as its whole hand went face up together: which one was chosen does not show
TOLD_TO_2 = ["  ▸ player 1: Show a card: card K♠", "  ▸ player 2: Hide a card: card Q♠",
             "  ▸ player 3: Throw your hand: a card"]


def test_a_face_up_play_names_its_card_at_once_and_a_face_down_one_does_not(tmp_path):
    game, _ = load(tmp_path, PLAYS)
    st = play(game.new(0, record=True), *MOVES)
    told = {seat: decisions(Narrator(game, seat, st).lines(st.record)) for seat in range(3)}
    assert told[1] == TOLD_TO_2
    # the card laid face down is named to its owner only
    assert told[0] == ["  ▸ player 1: Show a card: card K♠", "  ▸ player 2: Hide a card: a card",
                       "  ▸ player 3: Throw your hand: a card"]
    assert told[2] == ["  ▸ player 1: Show a card: card K♠", "  ▸ player 2: Hide a card: a card",
                       "  ▸ player 3: Throw your hand: card 8♠"]
    assert decisions(Narrator(game, None, st).lines(st.record)) == [
        "  ▸ player 1: Show a card: card K♠", "  ▸ player 2: Hide a card: card Q♠",
        "  ▸ player 3: Throw your hand: card 8♠"]


def test_every_channel_tells_a_face_up_play_at_once(tmp_path, ruleforge_cmd):
    game, path = load(tmp_path, PLAYS)
    # serve: every seat a person's, each move clicked
    log: list = []
    table = Table(game, 0, [0, 1, 2], parse_agents(None, game), log)
    for move in MOVES:
        actions = table.st.legal_actions()
        table.act(table.st.current_player, {"type": "act", "n": table.n,
                                            "id": [str(a) for a in actions].index(move)})
    assert decisions(table.story[1]) == TOLD_TO_2
    assert decisions(table.story[None]) == [  # a spectator: what every seat knows
        "  ▸ player 1: Show a card: card K♠", "  ▸ player 2: Hide a card: a card",
        "  ▸ player 3: Throw your hand: a card"]
    # replay --as, of the game the server logged
    logged = tmp_path / "g.jsonl"
    logged.write_text("".join(json.dumps(r) + "\n" for r in log), encoding="utf-8")
    r = ruleforge_cmd("replay", logged, "--as", 2)
    assert r.code == 0, r.err
    assert decisions(r.lines) == TOLD_TO_2
    # play, at a hot seat: player 2 reads player 1's move, player 3 reads player 2's
    result = CliRunner().invoke(cli, ["play", str(path), "--as", "1,2,3", "--seed", "0", "--delay", "0"],
                                input="\nshow k\n\nhide q\n\nquit\n", env={"NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    assert "│   ▸ player 1: Show a card: card K♠" in result.output
    assert "│   ▸ player 2: Hide a card: a card" in result.output
    assert "Hide a card: card Q♠" not in result.output
