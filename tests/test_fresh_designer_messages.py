"""Messages a fresh designer met writing Love Letter from the docs alone: each mistake of
theirs, as they wrote it (extending their file, tests/data/loveletter.rules), is reported
where it is with what to write instead."""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"


def variant(tmp_path: Path, body: str) -> Path:
    """A file extending the designer's game, written beside a copy of it."""
    shutil.copy(DATA / "loveletter.rules", tmp_path / "loveletter.rules")
    path = tmp_path / "v.rules"
    path.write_text('extends "loveletter.rules"\n' + textwrap.dedent(body).lstrip("\n"), encoding="utf-8")
    return path


def report(path: Path, text: str) -> str:
    return textwrap.dedent(text).lstrip("\n").replace("FILE", str(path))


def test_the_designers_game_checks(ruleforge_cmd, tmp_path):
    r = ruleforge_cmd("check", variant(tmp_path, ""))
    assert r.code == 0, r.err


# ---- a list indexed with [...] ------------------------------------------------------------

def test_a_list_indexed_by_an_expression_is_written_out_with_its_items(ruleforge_cmd, tmp_path):
    path = variant(tmp_path, """
        parameter tokens_needed = [7, 5, 4]
        define goal = tokens_needed[count of players - 1]
        ending x "x": players win when goal = 0
    """)
    r = ruleforge_cmd("check", path)
    assert (r.code, r.err) == (1, report(path, """
        FILE:3:28: error: a list cannot be indexed with [...] in this language
            define goal = tokens_needed[count of players - 1]
                                       ^^^^^^^^^^^^^^^^^^^^^^
          hint: pick the item with if ... then ... else, counting from 1: `if count of players - 1 = 1 then 7 else if count of players - 1 = 2 then 5 else 4`
        1 error in FILE
    """))


def test_the_written_out_pick_checks(ruleforge_cmd, tmp_path):
    path = variant(tmp_path, """
        parameter tokens_needed = [7, 5, 4]
        define goal = if count of players - 1 = 1 then 7 else if count of players - 1 = 2 then 5 else 4
        ending x "x": players win when goal = 0
    """)
    r = ruleforge_cmd("check", path)
    assert r.code == 0 and "error" not in r.out + r.err


def test_a_list_indexed_by_a_number_is_told_the_item(ruleforge_cmd, tmp_path):
    path = variant(tmp_path, """
        parameter tokens_needed = [7, 5, 4]
        define goal = tokens_needed[2]
    """)
    r = ruleforge_cmd("check", path)
    assert r.err.splitlines()[:4] == report(path, """
        FILE:3:28: error: a list cannot be indexed with [...] in this language
            define goal = tokens_needed[2]
                                       ^^^
          hint: write the item itself: 5 (item 2 of [7, 5, 4], counting from 1)
    """).splitlines()


def test_a_list_of_unknown_items_indexed_is_shown_the_pattern(ruleforge_cmd, tmp_path):
    path = variant(tmp_path, """
        define goal = (cards in deck)[count of players]
    """)
    r = ruleforge_cmd("check", path)
    assert r.err.splitlines()[:4] == report(path, """
        FILE:2:30: error: a list cannot be indexed with [...] in this language
            define goal = (cards in deck)[count of players]
                                         ^^^^^^^^^^^^^^^^^^
          hint: pick the item with if ... then ... else, counting from 1: `if count of players = 1 then A else if count of players = 2 then B else C`; a definition can hold it: `define item_at of number i = if i = 1 then A else ...`
    """).splitlines()


def test_a_list_written_in_brackets_and_indexed_is_written_out_with_all_its_items(ruleforge_cmd, tmp_path):
    # Its four items were three placeholders (A, B, C): the hint only knew parameters' lists.
    path = variant(tmp_path, """
        define hand_size = [10, 9, 8, 7][count of players - 1]
    """)
    r = ruleforge_cmd("check", path)
    assert (r.code, r.err) == (1, report(path, """
        FILE:2:33: error: a list cannot be indexed with [...] in this language
            define hand_size = [10, 9, 8, 7][count of players - 1]
                                            ^^^^^^^^^^^^^^^^^^^^^^
          hint: pick the item with if ... then ... else, counting from 1: `if count of players - 1 = 1 then 10 else if count of players - 1 = 2 then 9 else if count of players - 1 = 3 then 8 else 7`
        1 error in FILE
    """))


def test_the_written_out_pick_of_a_bracketed_list_checks(ruleforge_cmd, tmp_path):
    path = variant(tmp_path, """
        define hand_size = if count of players - 1 = 1 then 10 else if count of players - 1 = 2 then 9 else if count of players - 1 = 3 then 8 else 7
        ending x "x": players win when hand_size = 0
    """)
    r = ruleforge_cmd("check", path)
    assert r.code == 0 and "error" not in r.out + r.err


def test_a_long_list_is_written_out_whole(ruleforge_cmd, tmp_path):
    # A list of seven items or more ended in `...`, which does not check when pasted in.
    path = variant(tmp_path, """
        parameter goals = [9, 8, 7, 6, 5, 4, 3, 2]  # one a player count
        define goal = goals[count of players]
    """)
    r = ruleforge_cmd("check", path)
    picks = " else ".join(f"if count of players = {n} then {10 - n}" for n in range(1, 8))
    assert r.err.splitlines()[3] == f"  hint: pick the item with if ... then ... else, counting from 1: `{picks} else 2`"


def test_a_defined_list_of_lists_is_split_at_its_own_commas(ruleforge_cmd, tmp_path):
    path = variant(tmp_path, """
        define rows = [[1, 2], [3], [4, 5]]
        define row = rows[count of players]
    """)
    r = ruleforge_cmd("check", path)
    assert r.err.splitlines()[3] == ("  hint: pick the item with if ... then ... else, counting from 1: "
                                     "`if count of players = 1 then [1, 2] else if count of players = 2 then [3] else [4, 5]`")


def test_a_list_of_texts_is_not_split_inside_a_text(ruleforge_cmd, tmp_path):
    path = variant(tmp_path, """
        define names = ["a, b", "c]", "d"]
        define name = names[count of players]
    """)
    r = ruleforge_cmd("check", path)
    assert r.err.splitlines()[3] == ("  hint: pick the item with if ... then ... else, counting from 1: "
                                     '`if count of players = 1 then "a, b" else if count of players = 2 then "c]" '
                                     'else "d"`')


def test_two_lists_joined_then_indexed_are_shown_the_pattern(ruleforge_cmd, tmp_path):
    path = variant(tmp_path, """
        define goal = ([1, 2] + [3])[count of players]
    """)
    r = ruleforge_cmd("check", path)
    assert "`if count of players = 1 then A else if count of players = 2 then B else C`" in r.err.splitlines()[3]


# ---- swap with a zone on a side -----------------------------------------------------------

KING = """
    card "King":
        kind: king
        value: 6
        on play:
            let other = owner chooses one of targets of owner "to trade hands with"
            {line}
"""


def test_swapping_two_hands_says_how_to_swap_their_cards_or_trade_them(ruleforge_cmd, tmp_path):
    path = variant(tmp_path, KING.format(line="swap hand of owner with hand of other"))
    r = ruleforge_cmd("check", path)
    assert (r.code, r.err) == (1, report(path, """
        FILE:7:14: error: each side of a swap must be a card, not a zone
                    swap hand of owner with hand of other
                         ^^^^^^^^^^^^^
          hint: a swap trades two cards: write `the card in hand of owner` for the one card of a hand; to trade whole hands, move them through a pile set aside (declare one, such as `zone aside "set aside": pile`): move cards in hand of owner to aside, then move cards in hand of other to hand of owner, then move cards in aside to hand of other
        FILE:7:33: error: each side of a swap must be a card, not a zone
                    swap hand of owner with hand of other
                                            ^^^^^^^^^^^^^
          hint: a swap trades two cards: write `the card in hand of other` for the one card of a hand
        2 errors in FILE
    """))


def test_swapping_a_card_with_a_hand_names_the_hand_only(ruleforge_cmd, tmp_path):
    path = variant(tmp_path, KING.format(line="swap this with hand of other"))
    r = ruleforge_cmd("check", path)
    assert r.err.splitlines()[:4] == report(path, """
        FILE:7:24: error: each side of a swap must be a card, not a zone
                    swap this with hand of other
                                   ^^^^^^^^^^^^^
          hint: a swap trades two cards: write `the card in hand of other` for the one card of a hand
    """).splitlines()


def test_both_ways_the_swap_hint_offers_check(ruleforge_cmd, tmp_path):
    path = variant(tmp_path, KING.format(line="swap the card in hand of owner with the card in hand of other"))
    assert ruleforge_cmd("check", path).code == 0
    path = variant(tmp_path, 'zone aside "set aside": pile\n' + textwrap.dedent(KING.format(
        line="move cards in hand of owner to aside\n"
             "            move cards in hand of other to hand of owner\n"
             "            move cards in aside to hand of other")))
    r = ruleforge_cmd("check", path)
    assert r.code == 0, r.err


# ---- a symbol looked for in a zone --------------------------------------------------------

GUARD = """
    card "Guard":
        kind: guard
        copies: 5
        value: 1
        on play:
            let suspect = owner chooses one of targets of owner "to question"
            let guess = owner chooses one of [priest, baron, handmaid, prince, king, countess, princess] "to name"
            if {test}:
                knock_out of suspect
"""


def test_a_kind_looked_for_in_a_hand_is_told_to_ask_about_its_cards(ruleforge_cmd, tmp_path):
    path = variant(tmp_path, GUARD.format(test="guess in hand of suspect"))
    r = ruleforge_cmd("check", path)
    assert (r.code, r.err) == (1, report(path, """
        FILE:9:12: error: cannot look for a kind in a zone
                    if guess in hand of suspect:
                       ^^^^^^^^^^^^^^^^^^^^^^^^
          hint: a zone holds cards, not kinds: to ask whether a card of that kind is there, write any c in hand of suspect has c.kind = guess
        1 error in FILE
    """))


def test_a_symbol_not_in_a_hand_is_told_the_negation(ruleforge_cmd, tmp_path):
    path = variant(tmp_path, GUARD.format(test="king not in hand of suspect"))
    r = ruleforge_cmd("check", path)
    assert r.code == 1 and "\n  hint: a zone holds cards, not kinds: to ask whether a card of that kind is there, write " \
        "any c in hand of suspect has c.kind = king (negated: no ... has ...)\n" in r.err


def test_the_quantifier_the_hint_offers_checks(ruleforge_cmd, tmp_path):
    path = variant(tmp_path, GUARD.format(test="any c in hand of suspect has c.kind = guess"))
    r = ruleforge_cmd("check", path)
    assert r.code == 0 and "error" not in r.err


# ---- an action with no statement ----------------------------------------------------------

def test_an_action_with_only_allowed_if_says_a_statement_is_missing(ruleforge_cmd, tmp_path):
    path = variant(tmp_path, """
        action nothing "Nothing":
            allowed if count of deck > 100
        ending done "six turns": nobody wins when count of deck = 0
    """)
    r = ruleforge_cmd("check", path)
    assert (r.code, r.err) == (1, report(path, """
        FILE:3:5: error: an action needs at least one statement after its 'allowed if'
                allowed if count of deck > 100
                ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
          hint: write below it what taking the action does (a knock sets a counter that the turn or an ending reads: set knocked to current); a player who may do nothing passes: 'current takes an action or passes' in the turn
        1 error in FILE
    """))


def test_an_action_with_only_with_lines_at_the_end_of_the_file(ruleforge_cmd, tmp_path):
    path = variant(tmp_path, """
        action nothing "Nothing":
            with c in hand of current
            # nothing yet
    """)
    r = ruleforge_cmd("check", path)
    assert r.err.splitlines()[:3] == report(path, """
        FILE:3:5: error: an action needs at least one statement after its 'with' lines
                with c in hand of current
                ^^^^^^^^^^^^^^^^^^^^^^^^^
    """).splitlines()


# ---- a block cut short before the next item ------------------------------------------------

def test_an_empty_if_before_the_next_item_does_not_say_the_file_ends(ruleforge_cmd, tmp_path):
    # "the file ends in the middle of this item" was said of any item cut short, even
    # with the file going on: what ended it is the next line, not indented
    path = variant(tmp_path, """
        rule check_deck:
            if count of deck > 100:
        ending done "six turns": nobody wins when count of deck = 0
    """)
    r = ruleforge_cmd("check", path)
    assert (r.code, r.err) == (1, report(path, """
        FILE:3:28: error: this item ends in the middle: the next line of code is not indented, so it starts another item
                if count of deck > 100:
                                       ^
          hint: expected an indented block
        1 error in FILE
    """))


def test_an_empty_if_at_the_end_of_the_file_says_the_file_ends(ruleforge_cmd, tmp_path):
    path = variant(tmp_path, """
        rule check_deck:
            if count of deck > 100:
        # a comment after it is no item
    """)
    r = ruleforge_cmd("check", path)
    assert r.err.splitlines()[0] == f"{path}:3:28: error: the file ends in the middle of this item"
