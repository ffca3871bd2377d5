"""The play screen and the narration as fresh readers found them (Love Letter, Sushi Go,
cribbage and 6 nimmt!, written from the docs alone): each finding reproduced with its
exact text, on every channel that tells a seat the game (a seat's narrator, `replay
--as`, `play`, `serve`)."""

from __future__ import annotations

import io
import json
import warnings
from pathlib import Path

from click.testing import CliRunner
from rich.console import Console

import ruleforge
from ruleforge.cli import cli
from ruleforge.drivers.agents import parse_agents
from ruleforge.drivers.narrate import Narrator
from ruleforge.testing import play

with warnings.catch_warnings():  # (as tests/test_serve.py: Starlette would rather have httpx2)
    warnings.simplefilter("ignore")
    from ruleforge.drivers.serve.table import Table


ROOT = Path(__file__).resolve().parents[1]


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


# ---- 2. the title counts turns, not the engine's rounds -----------------------------------

OWN_ROUNDS = """game "Own rounds"
players 2
cards: standard deck in deck
zone deck "the deck": pile, face down
zone hand per player "hand": hand
counter rounds = 1, shown

turn:
    current takes an action

action draw "Draw":
    move top of deck to hand of current

# the game's own round: won at the third draw (three turns, two passes of the turn order)
action win "Win the round":
    increase rounds by 1

ending done "a second round won": nobody wins when rounds = 3
"""


def test_the_title_counts_turns_not_the_passes_of_the_turn_order(tmp_path):
    # Love Letter's 7th round (a counter of its own) was titled "round 28" (passes of the
    # turn order): the title counts turns now, and the game's rounds are its counter's
    from ruleforge.drivers.table import table_parts
    game, _ = load(tmp_path, OWN_ROUNDS)
    st = play(game.new(0, record=True), "draw", "draw", "win")
    assert (st.round, st.turns) == (2, 4)
    parts = [str(p) for p in table_parts(game, st, 1)]
    assert parts[0] == "Own rounds · turn 4 · you are player 2"
    assert parts[-1] == "  rounds 2"
    # serve's page says it the same way (its state message gives the turns, not the round)
    table = Table(game, 0, [0, 1], parse_agents(None, game))
    for move in ("draw", "draw", "win"):
        table.act(table.st.current_player, {"type": "act", "n": table.n,
                                            "id": [str(a) for a in table.st.legal_actions()].index(move)})
    message = table.message(0)
    assert message["turns"] == 4 and "round" not in message


# ---- 3. a player out of the round has no empty turn in the story -------------------------

SIT_OUT = """game "Sit out"
players 3
cards: standard deck in deck
zone deck "the deck": pile, face down
zone hand per player "hand": hand
counter out per player = 0

setup:
    set out of player 2 to 1

turn:
    # out of one round (docs/language.md): the turn ends at once
    if out of current = 1:
        end turn
    move top of deck to hand of current

ending done "four cards drawn": nobody wins when count of deck = 48
"""


def test_a_turn_in_which_nothing_is_told_is_left_out(tmp_path, ruleforge_cmd):
    # Love Letter told "player 1's turn" and nothing under it, each turn player 1 sat out
    game, path = load(tmp_path, SIT_OUT)
    st = game.new(0, record=True)
    assert Narrator(game, 1, st).lines(st.record) == [
        "    out of player 2: 0 → 1", "    = out of player 1 0 · out of player 2 1 · out of player 3 0",
        "Round 1", "  player 1's turn", "    a card: the deck → hand of player 1",
        "  player 3's turn", "    a card: the deck → hand of player 3",
        "Round 2", "  player 1's turn", "    a card: the deck → hand of player 1",
        "  player 3's turn", "    a card: the deck → hand of player 3",
        # (the last standing again: the story went on since it was told)
        "    = out of player 1 0 · out of player 2 1 · out of player 3 0",
        "Game over: four cards drawn. Winner: nobody."]
    r = ruleforge_cmd("run", path, "--seed", 0)
    assert r.code == 0, r.err
    assert r.lines[2:] == [
        "Setup", "    out of player 2: 0 → 1", "    = out of player 1 0 · out of player 2 1 · out of player 3 0",
        "Round 1", "  player 1's turn", "    K♠ (face down): the deck → hand of player 1",
        "  player 3's turn", "    Q♠ (face down): the deck → hand of player 3",
        "Round 2", "  player 1's turn", "    J♠ (face down): the deck → hand of player 1",
        "  player 3's turn", "    10♠ (face down): the deck → hand of player 3",
        "    = out of player 1 0 · out of player 2 1 · out of player 3 0",
        "Game over: four cards drawn. Winner: nobody.", f"(the same game again: ruleforge run {path} --seed 0)"]


def test_a_turn_that_goes_on_at_the_next_decision_is_told_before_it(tmp_path):
    # (play tells a game a decision at a time: the turn's line ends one telling, its
    # decision starts the next)
    game, _ = load(tmp_path, PLAYS)
    st = game.new(0, record=True)
    teller = Narrator(game, 1, st)
    assert teller.lines(st.record)[-2:] == ["Round 1", "  player 1's turn"]
    st.record.clear()
    play(st, MOVES[0])
    assert teller.lines(st.record) == ["  ▸ player 1: Show a card: card K♠", "    K♠: hand of player 1 → the table",
                                       "  player 2's turn"]


# ---- 4. a move of many cards is named to a seat that knows them all -----------------------

MANY = """game "Many"
players 2
cards: standard deck in deck
zone deck "the deck": pile, face down
zone hand per player "hand": hand
zone stash per player "stash": hand

setup:
    move top 21 cards of deck to hand of player 1
    move top 9 cards of deck to hand of player 2

turn:
    current takes an action

action keep "Stash your hand":
    move cards in hand of current to stash of current

ending done "both stashed": nobody wins when count of stash of player 2 = 9
"""


def test_a_move_of_many_cards_is_named_to_a_seat_that_knows_them_all(tmp_path):
    # Sushi Go told a player passing their own nine cards "9 cards (9 face down)"
    game, _ = load(tmp_path, MANY)
    st = game.new(0, record=True)
    play(st, "keep", "keep")
    stashed = {seat: [line for line in Narrator(game, seat, st).lines(st.record) if "→ stash of" in line]
               for seat in (None, 0, 1)}
    nine = "5♥, 4♥, 3♥, 2♥, A♥, K♦, Q♦, J♦, 10♦"
    # past 20 cards, a move is counted whoever reads it
    assert stashed[1] == ["    21 cards (21 face down): hand of player 1 → stash of player 1",
                          f"    {nine}: hand of player 2 → stash of player 2"]
    assert stashed[0] == ["    21 cards (21 face down): hand of player 1 → stash of player 1",
                          "    9 cards (9 face down): hand of player 2 → stash of player 2"]
    assert stashed[None] == ["    21 cards (21 face down): hand of player 1 → stash of player 1",
                             "    " + ", ".join(f"{c} (face down)" for c in nine.split(", "))
                             + ": hand of player 2 → stash of player 2"]


FEW = """game "Few"
players 2
cards: standard deck in deck
zone deck "the deck": pile, face down
zone hand per player "hand": hand
zone stash "the stash": pile, face down

setup:
    player 1 looks at top of deck
    move top 3 cards of deck to hand of player 2
    move top 2 cards of deck to hand of player 1

turn:
    current takes an action

action keep "Stash a hand":
    move cards in hand of player 1 to stash
    move cards in hand of player 2 to stash

ending done "stashed": nobody wins when count of stash = 5
"""


def test_a_move_of_several_cards_a_seat_does_not_know_is_counted(tmp_path):
    # it told each seat "a card, a card, a card" for the other's cards, and player 1, who
    # looked at the top of the deck, "K♠, a card, a card"
    game, _ = load(tmp_path, FEW)
    st = game.new(0, record=True)
    play(st, "keep")
    told = {seat: [line for line in Narrator(game, seat, st).lines(st.record) if "→" in line] for seat in (0, 1)}
    assert told[0] == ["    K♠, 2 other cards (2 face down): the deck → hand of player 2",
                       "    10♠, 9♠: the deck → hand of player 1",
                       "    10♠, 9♠: hand of player 1 → the stash",
                       "    3 cards (3 face down): hand of player 2 → the stash"]
    assert told[1] == ["    K♠, Q♠, J♠: the deck → hand of player 2",
                       "    2 cards (2 face down): the deck → hand of player 1",
                       "    2 cards (2 face down): hand of player 1 → the stash",
                       "    K♠, Q♠, J♠: hand of player 2 → the stash"]


# ---- 5. the empty zones of every player are one line -------------------------------------

def table_lines(game, st, seat) -> list[str]:
    from ruleforge.drivers.table import table_parts
    console = Console(width=100, record=True, file=io.StringIO(), color_system=None)
    for part in table_parts(game, st, seat):
        console.print(part)
    return [line.rstrip() for line in console.export_text().splitlines()]


def test_a_zone_empty_at_every_seat_is_one_line_and_an_empty_hand_among_full_ones_its_own(tmp_path):
    # Sushi Go's table had `picked of player 1  -` and `picked of player 2  -`, and so on,
    # at every decision: a zone the rules fill now and then, empty everywhere
    game, _ = load(tmp_path, MANY)
    st = game.new(0, record=True)
    assert table_lines(game, st, 1) == [
        "Many · turn 1 · you are player 2",
        "the deck               22 cards",
        # (the seat's own zones first, the folded line where its own stash would be)
        "hand of player 2       10♦ J♦ Q♦ K♦ A♥ 2♥ 3♥ 4♥ 5♥",
        "stash of every player  -",
        "hand of player 1       ▒ ▒ ▒ ▒ ▒ ▒ ▒ ▒ ▒ ▒ ▒ ▒ ▒ ▒ ▒ ▒ ▒ ▒ ▒ ▒ ▒"]
    play(st, "keep")
    # player 1's hand is empty, player 2's is not: that is worth a line each
    assert table_lines(game, st, 1)[2:] == [
        "hand of player 2   10♦ J♦ Q♦ K♦ A♥ 2♥ 3♥ 4♥ 5♥",
        "stash of player 2  -",
        "hand of player 1   -",
        "stash of player 1  ▒ ▒ ▒ ▒ ▒ ▒ ▒ ▒ ▒ ▒ ▒ ▒ ▒ ▒ ▒ ▒ ▒ ▒ ▒ ▒ ▒"]
    play(st, "keep")
    assert table_lines(game, st, 0)[2:4] == ["hand of every player  -", "stash of player 1     " + " ".join(
        sorted(st.cards_in("stash", "player 1"), key=lambda c: game.card_index[c]))]
