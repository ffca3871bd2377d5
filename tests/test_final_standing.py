"""The story's last standing: every channel tells the final numbers before the result.

A fresh designer's No Thanks! ended "Game over: ... Winner: player 3." under a line of
scores from before the last move (it changed no number, so the narrator did not repeat
the line): nothing to check the winner against. Each channel now tells the game's last
standing, as its reader may know it, once."""

from __future__ import annotations

from click.testing import CliRunner

import ruleforge
from ruleforge.cli import cli
from ruleforge.drivers.narrate import Narrator
from ruleforge.testing import play

# `score` reads the hand: a seat that cannot see the other's hand reads its score as `?`
LAST = """game "Last standing"
players 2
cards: standard deck in deck
zone deck "the deck": pile, face down
zone hand per player "hand": hand
zone table "the table": pile, face up
counter chips per player = 2

setup:
    deal 1 card from deck to hand of each player

quantity score of p: chips of p + sum of c.value for each c in hand of p

turn:
    current takes an action

action pay "Pay a chip":
    decrease chips of current by 1

action lay "Lay a card":
    move top of deck to table

action both "Pay and lay":
    decrease chips of current by 1
    move top of deck to table

ending done "a card is laid": players with the highest score win when count of table = 1
"""


def load(tmp_path):
    path = tmp_path / "last.rules"
    path.write_text(LAST, encoding="utf-8")
    return ruleforge.load(path), path


def test_a_last_move_that_changes_no_number_still_ends_on_the_final_standing(tmp_path):
    game, _ = load(tmp_path)
    st = play(game.new(0, record=True), "pay", "lay")  # (seed 0: K♠ to player 1, Q♠ to player 2)
    assert Narrator(game).lines(st.record)[-6:] == [
        "    = chips of player 1 1 · chips of player 2 2 · score of player 1 14 · score of player 2 14",
        "  player 2's turn",
        "  ▸ player 2: Lay a card",
        "    J♠: the deck → the table",
        "    = chips of player 1 1 · chips of player 2 2 · score of player 1 14 · score of player 2 14",
        "Game over: a card is laid. Winners: player 1 and player 2."]
    # a seat is told the standing as it was told it all game: the other's hidden score is `?`
    assert Narrator(game, 1, st).lines(st.record)[-2:] == [
        "    = chips of player 1 1 · chips of player 2 2 · score of player 1 ? · score of player 2 14",
        "Game over: a card is laid. Winners: player 1 and player 2."]


def test_a_final_standing_that_changed_is_told_once(tmp_path):
    game, _ = load(tmp_path)
    st = play(game.new(0, record=True), "pay", "both")
    lines = Narrator(game).lines(st.record)
    final = "    = chips of player 1 1 · chips of player 2 1 · score of player 1 14 · score of player 2 13"
    assert lines[-5:] == ["  ▸ player 2: Pay and lay", "    chips of player 2: 2 → 1", "    J♠: the deck → the table",
                          final, "Game over: a card is laid. Winner: player 1."]
    assert lines.count(final) == 1


def test_a_story_told_a_decision_at_a_time_ends_on_it_too(tmp_path):
    # (play and serve tell each decision's events as they come)
    game, _ = load(tmp_path)
    st = game.new(0, record=True)
    teller = Narrator(game)
    told = teller.lines(st.record)
    for move in ("pay", "lay"):
        st.record.clear()
        play(st, move)
        told += teller.lines(st.record)
    whole = play(game.new(0, record=True), "pay", "lay")
    assert told == Narrator(game).lines(whole.record)
    assert told[-2:] == [
        "    = chips of player 1 1 · chips of player 2 2 · score of player 1 14 · score of player 2 14",
        "Game over: a card is laid. Winners: player 1 and player 2."]


def test_run_and_replay_as_a_seat_end_on_the_final_standing(tmp_path, ruleforge_cmd):
    _, path = load(tmp_path)
    log = tmp_path / "g.jsonl"
    r = ruleforge_cmd("run", path, "--seed", 1, "--log", log)
    assert r.code == 0, r.err
    # (seed 1: player 1's bot lays a card at once)
    assert r.out.splitlines()[-6:-2] == [
        "  ▸ player 1: Lay a card",
        "    J♠: the deck → the table",
        "    = chips of player 1 2 · chips of player 2 2 · score of player 1 15 · score of player 2 14",
        "Game over: a card is laid. Winner: player 1."]
    r = ruleforge_cmd("replay", log, "--as", "2")
    assert r.code == 0, r.err
    assert r.out.splitlines()[-4:-1] == [
        "    J♠: the deck → the table",
        "    = chips of player 1 2 · chips of player 2 2 · score of player 1 ? · score of player 2 14",
        "Game over: a card is laid. Winner: player 1."]


def test_a_hot_seats_last_screen_shows_the_final_standing_as_every_person_may_know_it(tmp_path):
    # one person's last screen shows the table (its score row); a hot seat's shows the
    # story told to all of them, whose status lines the table used to stand for
    _, path = load(tmp_path)
    result = CliRunner().invoke(cli, ["play", str(path), "--as", "1,2", "--seed", 1, "--delay", "0"],
                                input="\n2\n", env={"FORCE_COLOR": None, "NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    end = result.output.split("What happened")[1]
    told = [line.strip("│ ") for line in end.splitlines()]
    # neither person sees the other's hand, so neither score is told to both
    assert told[told.index("▸ player 1: Lay a card"):told.index("▸ player 1: Lay a card") + 3] == [
        "▸ player 1: Lay a card", "J♠: the deck → the table",
        "= chips of player 1 2 · chips of player 2 2 · score of player 1 ? · score of player 2 ?"]
    assert "Game over: a card is laid. Winner: player 1." in end
