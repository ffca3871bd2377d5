"""Quantities on the screens: the play table, the served page, the narration's line of
where things stand, `replay --as`. A quantity named `score` and every one marked
`, shown` are shown, each to a seat only when it knew every card the value was worked
out from at that moment, else as `?`.

Tally: a score from the face-up tableau (every seat sees it), the value of a private
hand (its owner's alone, until the hand is empty: an empty hand reads no card), a helper
quantity that is not shown, and a shared one that reads no card."""

from __future__ import annotations

import importlib.util
import io
import re
from pathlib import Path

import pytest
from rich.console import Console

import ruleforge
from ruleforge.drivers.agents import parse_agents
from ruleforge.drivers.narrate import Narrator
from ruleforge.drivers.serve.table import HOT, Table
from ruleforge.drivers.table import table_parts
from ruleforge.drivers.terminal import AllOf
from ruleforge.testing import arrange, new_arranged, play

ROOT = Path(__file__).parents[1]

TALLY = """\
game "Tally"
players 2
cards: standard deck in deck
zone deck "the deck": pile, face down
zone hand per player: hand
zone tableau per player: pile, face up
counter plays = 0, shown
quantity score of p: sum of c.value for each c in tableau of p
quantity held of p: sum of c.value for each c in hand of p, shown
quantity hand_limit of p: 3
quantity left: count of deck, shown
setup:
    shuffle deck
    deal 2 cards from deck to hand of each player
action lay "Lay":
    with card in hand of current
    move card to tableau of current
turn:
    current takes an action
    increase plays by 1
ending done "four plays": players with the highest score win when plays = 4
"""

HANDS = [("hand", ["5♣", "9♥"], 0), ("hand", ["2♦", "K♠"], 1)]


@pytest.fixture(scope="module")
def tally(tmp_path_factory):
    path = tmp_path_factory.mktemp("shown") / "tally.rules"
    path.write_text(TALLY, encoding="utf-8")
    return path


def table_lines(game, st, seat) -> list[str]:
    console = Console(width=100, record=True, file=io.StringIO(), color_system=None)
    for part in table_parts(game, st, seat):
        console.print(part)
    return [line.rstrip() for line in console.export_text().splitlines()]


def standing(teller, st) -> list[str]:
    return [line.strip() for line in teller.lines(st.record) if line.lstrip().startswith("=")]


def test_the_table_shows_a_face_up_score_to_all_and_a_hand_value_to_its_owner(tally):
    game = ruleforge.load(tally)
    st = play(new_arranged(game, 1, HANDS), "lay(card=5♣)")
    assert table_lines(game, st, 0) == [
        "Tally · turn 2 · you are player 1",
        "the deck             48 cards",
        "hand of player 1     9♥",
        "tableau of player 1  5♣",
        "hand of player 2     ▒ ▒",
        "score                player 1 5 · player 2 0",
        "held                 player 1 9 · player 2 ?",
        "  plays 1 · left 48"]
    assert table_lines(game, st, 1)[5:] == [
        "score                player 1 5 · player 2 0",
        "held                 player 1 ? · player 2 15",
        "  plays 1 · left 48"]
    # laid face up, the K♠ counts for all; the 2♦ still in hand is player 2's own
    play(st, "lay(card=K♠)")
    assert table_lines(game, st, 0)[-3:] == ["score                player 1 5 · player 2 13",
                                              "held                 player 1 9 · player 2 ?", "  plays 2 · left 48"]
    assert table_lines(game, st, 1)[-2] == "held                 player 1 ? · player 2 2"
    # an empty hand reads no card: its value is everyone's
    play(st, "lay(card=9♥)")
    assert table_lines(game, st, 0)[-3:] == ["score                player 1 14 · player 2 13",
                                              "held                 player 1 0 · player 2 ?", "  plays 3 · left 48"]


def test_the_line_of_where_things_stand_hides_a_value_from_a_seat_that_did_not_know_its_cards(tally):
    game = ruleforge.load(tally)
    st = play(new_arranged(game, 1, HANDS, record=True), "lay(card=5♣)")
    line = "= plays 1 · score of player 1 5 · score of player 2 0 · held of player 1 {} · held of player 2 {} · left 48"
    assert standing(Narrator(game, None, st), st)[-1] == line.format(9, 15)  # the designer's: every value
    assert standing(Narrator(game, 0, st), st)[-1] == line.format(9, "?")
    assert standing(Narrator(game, 1, st), st)[-1] == line.format("?", 15)
    assert standing(AllOf(game, [0, 1], st), st)[-1] == line.format("?", "?")  # a hot seat's shared end


def test_replay_as_a_seat_shows_only_its_own_hand_value(tally, ruleforge_cmd, tmp_path):
    log = tmp_path / "tally.jsonl"
    assert ruleforge_cmd("run", tally, "--seed", 4, "--log", log).code == 0
    mine = [line.strip() for line in ruleforge_cmd("replay", log, "--as", "1").out.splitlines()
            if line.lstrip().startswith("= ")]
    told = [line.strip() for line in ruleforge_cmd("replay", log).out.splitlines() if line.lstrip().startswith("= ")]
    assert len(mine) == len(told) == 5
    # player 2's hand holds a card until the last lay: its value is hidden from player 1 till then
    for k, (seat_line, all_line) in enumerate(zip(mine, told)):
        held1 = re.search(r"held of player 1 (\d+)", all_line).group(1)
        assert seat_line == re.sub(r"held of player 2 \d+", "held of player 2 ?" if k < 4 else r"\g<0>", all_line)
        assert f"held of player 1 {held1}" in seat_line and "?" not in all_line
    assert mine[-1].endswith("held of player 1 0 · held of player 2 0 · left 48")


def test_the_served_page_shows_each_seat_its_own_numbers(tally):
    game = ruleforge.load(tally)
    table = Table(game, 1, [0, 1], parse_agents(None, game), [])
    for zone, cards, owner in HANDS:
        arrange(table.st, zone, cards, owner)
    table.act(0, {"type": "act", "n": 0, "id": 0})  # player 1 lays 5♣, the first card of the menu
    pages = {seat: table.message(seat) for seat in (0, 1, None, HOT)}
    for seat, page in pages.items():
        assert page["numbers"] == ["plays 1", "left 48"]
        # the shared area, then the seat's own, then the other's (a spectator's: seat order)
        assert [a["owner"] for a in page["areas"]] == [None, "player 2", "player 1"] if seat == 1 else \
            [None, "player 1", "player 2"]
        assert page["areas"][0]["numbers"] == []
    numbers = {seat: [a["numbers"] for a in sorted(page["areas"][1:], key=lambda a: a["seat"])]
               for seat, page in pages.items()}
    assert numbers == {0: [["score 5", "held 9"], ["score 0", "held ?"]],
                       1: [["score 5", "held ?"], ["score 0", "held 15"]],
                       None: [["score 5", "held ?"], ["score 0", "held ?"]],   # a spectator: what all seats know
                       HOT: [["score 5", "held ?"], ["score 0", "held ?"]]}    # the hot seat's: what both people know


def test_a_quantity_is_marked_shown_and_nothing_else_is(tmp_path, ruleforge_cmd):
    game = ruleforge.load(ROOT / "games" / "ufology.rules", players=3)
    assert [(name, per) for name, per, _ in game.shown_quantities] == [("score", True)]  # by its name alone
    bad = tmp_path / "bad.rules"
    bad.write_text(TALLY.replace("quantity hand_limit of p: 3", "define hand_limit of player p = 3, shown"),
                   encoding="utf-8")
    r = ruleforge_cmd("check", bad)
    assert r.code == 1
    assert r.out + r.err == (
        f"{bad}:10:34: error: a definition cannot be marked shown\n"
        "    define hand_limit of player p = 3, shown\n"
        "                                     ^^^^^^^\n"
        "  hint: only a counter or a quantity is shown (on the play screen and in narration): to show this value, "
        "declare it as 'quantity NAME: ...' or 'quantity NAME of p: ...'\n"
        f"1 error in {bad}\n")


def test_a_simulation_never_works_out_a_shown_quantity():
    spec = importlib.util.spec_from_file_location("bench_opcodes", ROOT / "bench" / "opcodes.py")
    opcodes = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(opcodes)
    game = ruleforge.load(ROOT / "games" / "ufology.rules", players=4)
    assert "def qS_score(" in game.source
    counted, _ = opcodes.count_games(game, 2)
    ran = {name for _, name in counted.by_function}
    assert "q_score" in ran and not any(name.startswith("qS_") for name in ran)


# A definition of two values was called as it is from a said text or a shown quantity,
# not in its told variant: it noted no card it read, so every seat was told a hidden
# hand's property (a fresh designer's Love Letter, 2026-12-06: `two: player 2 high: yes`
# on player 1's screen). A definition of one value was always told right.
HIGH = TALLY.replace("quantity left: count of deck, shown", """\
quantity left: count of deck, shown
define high1 of p = sum of c.value for each c in hand of p > 12
define high2 of player p, number n = sum of c.value for each c in hand of p > n
quantity high_two of p: (if high2 of (p, 14) then 1 else 0), shown""").replace("""\
    current takes an action
    increase plays by 1""", """\
    say "one: {high1 of the player after current}"
    say "two: {high2 of (the player after current, 14)}"
    if high2 of (the player after current, 14):
        say "two, tested: high"
    current takes an action
    increase plays by 1""")


def test_a_definition_of_two_values_tells_a_hidden_hand_only_to_who_knows_it(tmp_path):
    path = tmp_path / "high.rules"
    path.write_text(HIGH, encoding="utf-8")
    game = ruleforge.load(path)
    st = new_arranged(game, 1, HANDS, record=True)
    # player 2's 2♦ and K♠ (15) are high, player 1's 5♣ and 9♥ (14) not; neither knows the other's
    assert table_lines(game, st, 0)[-2] == "high_two          player 1 0 · player 2 ?"
    assert table_lines(game, st, 1)[-2] == "high_two          player 1 ? · player 2 1"
    says = [line.strip() for line in Narrator(game, 0, st).lines(st.record) if "—" in line]
    assert says == ["— one: hidden", "— two: hidden", "— two, tested: high"]
    says = [line.strip() for line in Narrator(game, 1, st).lines(st.record) if "—" in line]
    assert says == ["— one: yes", "— two: yes", "— two, tested: high"]


def test_check_deep_warns_of_a_test_through_a_definition_of_two_values(tmp_path, ruleforge_cmd):
    path = tmp_path / "high.rules"
    path.write_text(HIGH, encoding="utf-8")
    done = ruleforge_cmd("check", "--deep", str(path))
    assert done.code == 0, done.err
    warned = [line for line in (done.out + done.err).splitlines() if "warning" in line]
    assert any(line.startswith(f"{path}:25:9: warning: whether 'two, tested: high' is said here hangs on the test "
                               "at line 24, column 8") for line in warned), warned


def test_check_deep_names_the_base_file_of_a_warning_about_a_variants_inherited_say(tmp_path, ruleforge_cmd):
    # The variant has 3 lines: its warnings named it with the base's line numbers
    # (a fresh designer's Love Letter variant, 2026-12-06: 'variant.rules:110:17').
    (tmp_path / "high.rules").write_text(HIGH, encoding="utf-8")
    variant = tmp_path / "variant.rules"
    variant.write_text('extends "high.rules"\n# two plays, not four\n'
                       'ending done "two plays": players with the highest score win when plays = 2\n', encoding="utf-8")
    done = ruleforge_cmd("check", "--deep", str(variant))
    assert done.code == 0, done.err
    warned = [line.split(" which read")[0] for line in done.err.splitlines() if "warning" in line]
    base = tmp_path / "high.rules"
    assert warned == [
        f"{base}:22:5: warning: 'yes' in the text said here is worked out from cards player 1 did not know, so that "
        "seat is told 'one: hidden' (say it once the cards are known, after a reveal, if every player is to hear it)",
        # (each say of the kind at its own place: the second was hidden behind the first)
        f"{base}:23:5: warning: 'yes' in the text said here is worked out from cards player 1 did not know, so that "
        "seat is told 'two: hidden' (say it once the cards are known, after a reveal, if every player is to hear it)",
        f"{base}:25:9: warning: whether 'two, tested: high' is said here hangs on the test at line 24, column 8,"]


def test_a_warning_names_the_file_of_a_place_in_another_file_than_its_say():
    from ruleforge.drivers.deep_told import line_column
    assert line_column((24, 8), (25, 9)) == "line 24, column 8"
    assert line_column((24, 8, "base.rules"), (25, 9, "base.rules")) == "line 24, column 8"
    assert line_column((24, 8, "base.rules"), (3, 5)) == "line 24, column 8 of base.rules"
