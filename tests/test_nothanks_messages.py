"""Messages a fresh designer met writing No Thanks! and Lost Cities from the docs alone:
each line as they wrote it (extending their No Thanks!, tests/data/nothanks.rules, or a
few lines of Lost Cities) is said as what the language has instead, with what to write."""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parent / "data"


def variant(tmp_path: Path, body: str) -> Path:
    """A file extending the designer's No Thanks!, written beside a copy of it."""
    shutil.copy(DATA / "nothanks.rules", tmp_path / "nothanks.rules")
    path = tmp_path / "v.rules"
    path.write_text('extends "nothanks.rules"\n' + textwrap.dedent(body).lstrip("\n"), encoding="utf-8")
    return path


def report(path: Path, text: str) -> str:
    return textwrap.dedent(text).lstrip("\n").replace("FILE", str(path))


def test_the_designers_game_checks(ruleforge_cmd, tmp_path):
    r = ruleforge_cmd("check", variant(tmp_path, ""))
    assert r.code == 0, r.err


# ---- a counter only its owner sees ----------------------------------------------------------

PUBLIC = ("counters are public: every seat sees every counter ('shown' only picks the ones the narration and "
          "the play screen print), so a number only its owner may know cannot be a counter")
SECRET_HINT = ("only cards are secret: a quantity worked out from the cards of a private hand shows its value to "
               "the hand's owner alone, and '?' to the others (quantity NAME of p: sum of c.value for each c in "
               "hand of p), though every seat sees how many cards a hand holds (docs/language.md, Counters)")


@pytest.mark.parametrize("written, at, marks", [
    # it said "unexpected name hidden / hint: expected 'shown'": as if `shown` were the switch
    ("counter chips per player = 0, hidden", 31, "^^^^^^"),
    ("counter chips per player = 0, private", 31, "^^^^^^^"),
    # it said "unexpected 'to' / hint: expected the end of the line"
    ("counter chips per player = 0, shown to owner", 37, "^^^^^^^^"),
    ("counter chips per player = 0, shown, secret  # the rulebook hides them", 36, "^^^^^^^^"),
    ("counter last_taken: card, hidden", 27, "^^^^^^"),
])
def test_a_counter_made_secret_is_told_counters_are_public(ruleforge_cmd, tmp_path, written, at, marks):
    path = variant(tmp_path, written)
    r = ruleforge_cmd("check", path)
    assert (r.code, r.err) == (1, report(path, f"""
        FILE:2:{at}: error: {PUBLIC}
            {written}
            {" " * (at - 1)}{marks}
          hint: {SECRET_HINT}
        1 error in FILE
    """))


def test_the_hint_names_the_files_own_private_hand(ruleforge_cmd, tmp_path):
    path = variant(tmp_path, 'zone stash per player "chips": hand\ncounter chips per player = 0, hidden\n')
    r = ruleforge_cmd("check", path)
    assert r.code == 1 and "for each c in stash of p)" in r.err


def test_a_slip_of_shown_is_still_told_to_write_shown(ruleforge_cmd, tmp_path):
    path = variant(tmp_path, "counter chips per player = 0, show")
    r = ruleforge_cmd("check", path)
    assert (r.code, r.err) == (1, report(path, """
        FILE:2:31: error: unexpected name show
            counter chips per player = 0, show
                                          ^^^^
          hint: expected 'shown'
        1 error in FILE
    """))


# ---- a number looked for in a zone ------------------------------------------------------------

RUNS = "define card_points of p = sum of c.value for each c in taken of p where {test}"


def test_a_number_not_in_a_zone_is_told_to_ask_about_its_cards(ruleforge_cmd, tmp_path):
    path = variant(tmp_path, RUNS.format(test="(c.value - 1) not in taken of p"))
    r = ruleforge_cmd("check", path)
    assert (r.code, r.err) == (1, report(path, """
        FILE:2:73: error: cannot look for a number in a zone
            define card_points of p = sum of c.value for each c in taken of p where (c.value - 1) not in taken of p
                                                                                    ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
          hint: a zone holds cards, not numbers: to ask whether one of its cards has that value, write no d in taken of p has d.value = c.value - 1
        1 error in FILE
    """))


def test_the_quantifier_the_number_hint_offers_checks(ruleforge_cmd, tmp_path):
    path = variant(tmp_path, RUNS.format(test="no d in taken of p has d.value = c.value - 1"))
    r = ruleforge_cmd("check", path)
    assert r.code == 0, r.err


@pytest.mark.parametrize("test, hint", [
    # `in` asks with `any`; a name the expression uses is not the hint's
    ("c.value + d in taken of current", "any e in taken of current has e.value = c.value + d"),
    # a sum's side that is itself a sum keeps its brackets
    ("2 * (c.value - d) in offer", "any e in offer has e.value = 2 * (c.value - d)"),
    # the attribute read alone inside `has` would be the hint's card: a placeholder; `d`
    # is the action's own
    ("value - 1 in taken of current", "any c in taken of current has c.value = NUMBER"),
])
def test_the_number_hint_is_written_with_the_designers_words(ruleforge_cmd, tmp_path, test, hint):
    path = variant(tmp_path, f"""
        action peek "Peek":
            with d from 1 to 3
            allowed if any c in deck has {test}
            increase pot by d
    """.replace("any c in deck has value", "any deck has value"))
    r = ruleforge_cmd("check", path)
    assert r.code == 1
    assert r.err.splitlines()[3] == ("  hint: a zone holds cards, not numbers: to ask whether one of its cards has "
                                     f"that value, write {hint}")


# ---- a zone per player per colour -------------------------------------------------------------

LOST = """game "Expeditions"
players 2
attribute colour: yellow, blue, white
attribute kind: number
cards: listed in deck
cards "{{colour}} {{value}}" for each colour in [yellow, blue, white] and value from 2 to 4:
    kind: number
zone deck "the deck": pile, face down
zone hand per player "hand": hand
{zone}

turn:
    current takes an action

action lay "Lay":
    with card in hand of current
    move card to {move}

ending done "the deck is used up": nobody wins when deck is empty
"""


@pytest.mark.parametrize("zone, at, marks, message, hint", [
    # it said "unexpected 'per' / hint: expected ':', a quoted text"
    ("zone expedition per player per colour: pile, face up", 28, "^^^^^^^^^^",
     "a zone is one, or one per player, or one of a role: it cannot also be one per colour",
     "declare one zone for each colour (zone yellow_expedition per player: ...) and pick one with a definition "
     "that gives a zone: define expedition of player p, colour c = (if c = yellow then yellow_expedition of p "
     "else if c = blue then blue_expedition of p else ...), then move card to expedition of (current, "
     "card.colour) (docs/language.md, 'if ... then ... else')"),
    ("zone discards per colour: pile, face up", 19, "^^^^^^",
     "a zone is one, or one per player, or one of a role: it cannot be one per colour",
     "declare one zone for each colour (zone yellow_discards: ...) and pick one with a definition that gives a "
     "zone: define discards of colour c = (if c = yellow then yellow_discards else if c = blue then blue_discards "
     "else ...), then move card to discards of card.colour (docs/language.md, 'if ... then ... else')"),
])
def test_a_zone_per_colour_is_told_to_declare_one_a_colour_and_pick_with_a_definition(
        ruleforge_cmd, tmp_path, zone, at, marks, message, hint):
    path = tmp_path / "lost.rules"
    path.write_text(LOST.format(zone=zone, move="deck"), encoding="utf-8")
    r = ruleforge_cmd("check", path)
    assert r.code == 1
    assert r.err.splitlines()[:4] == [f"{path}:10:{at}: error: {message}", f"    {zone}",
                                      f"    {' ' * (at - 1)}{marks}", f"  hint: {hint}"]


def test_the_zones_and_definition_the_hint_offers_check(ruleforge_cmd, tmp_path):
    zones = "\n".join(f'zone {c}_expedition per player "{c} expedition": pile, face up'
                      for c in ("yellow", "blue", "white"))
    zones += ("\ndefine expedition of player p, colour c = (if c = yellow then yellow_expedition of p "
              "else if c = blue then blue_expedition of p else white_expedition of p)")
    path = tmp_path / "lost.rules"
    path.write_text(LOST.format(zone=zones, move="expedition of (current, card.colour)"), encoding="utf-8")
    r = ruleforge_cmd("check", path)
    assert r.code == 0, r.err
