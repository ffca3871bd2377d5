"""`ruleforge check`: every mistake in a rule file is reported once, where it is, with a hint.

The rule files here are variants of tests/data/gufo.rules, a snapshot of games/gufo.rules
kept so that the line and column numbers asserted below stay put while the real game
evolves. Every broken file must end in diagnostics and exit code 2, never a traceback.
"""

from __future__ import annotations

import random
import re
import sys
import textwrap
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ruleforge

DATA = Path(__file__).parent / "data"
GUFO = DATA / "gufo.rules"
GUFO_TEXT = GUFO.read_text(encoding="utf-8")
REAL_GUFO = Path(__file__).parents[1] / "games" / "gufo.rules"


# ---- helpers -------------------------------------------------------------------------



def variant(tmp_path: Path, *edits, name: str = "game.rules", append: str = "") -> Path:
    """tests/data/gufo.rules with each (old, new) replacement made once, written to a file."""
    text = GUFO_TEXT
    for old, new in edits:
        assert text.count(old) == 1, f"the snapshot should hold {old!r} exactly once"
        text = text.replace(old, new)
    path = tmp_path / name
    path.write_text(text + append, encoding="utf-8")
    return path


def expect(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


def test_the_snapshot_and_the_real_game_check(ruleforge_cmd):
    r = ruleforge_cmd("check", GUFO)
    assert (r.code, r.err) == (0, "")
    assert r.out == f"{GUFO}: ok: gUFO, 2 players, 4 actions, 5 endings, 4 invariants\n"
    r = ruleforge_cmd("check", REAL_GUFO)
    assert (r.code, r.err) == (0, "")
    assert r.out.startswith(f"{REAL_GUFO}: ok: gUFO, 2 players, ")


# ---- 1. three mistakes, three diagnostics ----------------------------------------------

THREE = DATA / "three_mistakes.rules"


def test_three_mistakes_give_three_diagnostics_in_line_order(ruleforge_cmd):
    r = ruleforge_cmd("check", THREE)
    assert r.code == 1
    assert r.out == ""
    assert r.err == expect(f"""
        {THREE}:85:12: error: unknown name 'reveal_cout'
                repeat reveal_cout times:
                       ^^^^^^^^^^^
          hint: did you mean 'reveal_count'?
        {THREE}:89:32: error: the amount to decrease by must be a number, not a yes/no condition
                decrease mover.altitude by true
                                           ^^^^
        {THREE}:107:31: error: unknown zone 'discrad'
                move cards in revealed to discrad
                                          ^^^^^^^
          hint: did you mean 'discard'?
        3 errors in {THREE}
        """)


def test_the_three_mistakes_are_the_only_ones(ruleforge_cmd, tmp_path):
    fixed = THREE.read_text(encoding="utf-8")
    for wrong, right in [("repeat reveal_cout times", "repeat reveal_count times"),
                         ("decrease mover.altitude by true", "decrease mover.altitude by 1"),
                         ("to discrad", "to discard")]:
        assert fixed.count(wrong) == 1
        fixed = fixed.replace(wrong, right)
    path = tmp_path / "fixed.rules"
    path.write_text(fixed, encoding="utf-8")
    r = ruleforge_cmd("check", path)
    assert r.code == 0, r.err


def test_a_text_compared_with_a_number(ruleforge_cmd, tmp_path):
    f = variant(tmp_path, ("if exhaustions >= exhaustions_to_lose", 'if exhaustions >= "two"'))
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    assert r.err == expect(f"""
        {f}:158:23: error: each side of '>=' must be a number, not a text
                if exhaustions >= "two" or discard is empty:
                                  ^^^^^
        1 error in {f}
        """)


# ---- 2. files that are not rule files at all ---------------------------------------------

def test_truncated_in_the_middle_of_a_line(ruleforge_cmd, tmp_path):
    cut = GUFO_TEXT.index('ending owl_shot "the Radar Operator') + len('ending owl_shot "the Radar Operator')
    f = tmp_path / "cut.rules"
    f.write_text(GUFO_TEXT[:cut], encoding="utf-8")
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    assert r.err == expect(f"""
        {f}:171:17: error: unexpected character '"'
            ending owl_shot "the Radar Operator
                            ^
          hint: a quoted text must end on the same line
        1 error in {f}
        """)


def test_truncated_in_the_middle_of_a_turn_reports_only_the_cut(ruleforge_cmd, tmp_path):
    # no "the file has no turn rules" for the turn that could not be read
    cut = GUFO_TEXT.index("        if next.value >") + len("        if next.value >")
    f = tmp_path / "cut.rules"
    f.write_text(GUFO_TEXT[:cut], encoding="utf-8")
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    assert r.headers == [f"{f}:94:24: error: this line ends too early"]
    assert r.err.startswith(expect(f"""
        {f}:94:24: error: this line ends too early
                    if next.value >
                                   ^
          hint: expected '(', """))
    assert r.err.endswith(f"\n1 error in {f}\n")


def test_truncated_in_the_only_action_does_not_claim_there_are_no_actions(ruleforge_cmd, tmp_path):
    marker = "    allowed if (sky slot altitude is face up"
    f = tmp_path / "cut.rules"
    f.write_text(GUFO_TEXT[:GUFO_TEXT.index(marker) + len(marker)], encoding="utf-8")
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    assert not any("no actions are declared" in h for h in r.headers), r.err


def test_truncated_inside_parentheses_points_at_the_end(ruleforge_cmd, tmp_path):
    marker = "    allowed if (sky slot altitude is face up"
    f = tmp_path / "cut.rules"
    f.write_text(GUFO_TEXT[:GUFO_TEXT.index(marker) + len(marker)], encoding="utf-8")
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    # at the end of the line (column 45), or at the '(' left open (column 16)
    at_121 = [h for h in r.headers if h.startswith(f"{f}:121:")]
    assert len(at_121) == 1 and re.match(rf"{re.escape(str(f))}:121:(45|16): error: ", at_121[0]), r.err
    assert "block ends too early" not in r.err


def test_empty_file(ruleforge_cmd, tmp_path):
    f = tmp_path / "empty.rules"
    f.write_bytes(b"")
    r = ruleforge_cmd("check", f)
    assert (r.code, r.out) == (1, "")
    assert r.err == expect(f"""
        {f}:1:1: error: the file declares no cards
          hint: add 'cards: standard deck in ZONE'
        {f}:1:1: error: the file says nothing about players
          hint: add a line such as 'players 2' or 'players 2 to 6'
        2 errors in {f}
        """)


def test_listed_cards_without_a_cards_line_is_one_mistake(ruleforge_cmd, tmp_path):
    # before, also "the file declares no cards" at 1:1, while it declares one
    f = tmp_path / "echo.rules"
    f.write_text('game "Echo"\nplayers 2\nzone deck "the deck": pile\ncard "Echo":\n    copies: 2\n'
                 'turn:\n    move top of deck to deck\nending done "x": nobody wins when deck is empty\n')
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    assert r.err == expect(f"""
        {f}:4:1: error: cards are listed but nothing says where they start
            card "Echo":
            ^
          hint: add 'cards: listed in ZONE'
        1 error in {f}
        """)


def test_only_comments(ruleforge_cmd, tmp_path):
    f = tmp_path / "comments.rules"
    f.write_text("# a rule file still to be written\n\n    # an indented comment\n#\n", encoding="utf-8")
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    assert r.err == expect(f"""
        {f}:1:1: error: the file declares no cards
            # a rule file still to be written
            ^
          hint: add 'cards: standard deck in ZONE'
        {f}:1:1: error: the file says nothing about players
            # a rule file still to be written
            ^
          hint: add a line such as 'players 2' or 'players 2 to 6'
        2 errors in {f}
        """)


def test_every_byte_value(ruleforge_cmd, tmp_path):
    f = tmp_path / "bytes.rules"
    f.write_bytes(bytes(range(256)))
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    # byte 0x80 is at offset 128; the line after b"\n" (offset 10) starts at offset 11
    assert r.err == expect(f"""
        {f}:2:118: error: not a text file: byte 0x80 is not UTF-8
          hint: a rule file is plain UTF-8 text
        1 error in {f}
        """)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_bytes(ruleforge_cmd, tmp_path, seed):
    f = tmp_path / "noise.rules"
    f.write_bytes(random.Random(seed).randbytes(20_000))
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    assert re.fullmatch(rf"{re.escape(str(f))}:\d+:\d+: error: not a text file: "
                        rf"(byte 0x[0-9a-f]{{2}} is not UTF-8|it contains a NUL byte)\n"
                        rf"  hint: a rule file is plain UTF-8 text\n1 error in {re.escape(str(f))}\n", r.err), r.err


def test_a_nul_byte(ruleforge_cmd, tmp_path):
    f = tmp_path / "nul.rules"
    f.write_bytes(GUFO_TEXT.replace("players 2\n", "players 2\0\n").encode())
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    assert r.err == expect(f"""
        {f}:9:10: error: not a text file: it contains a NUL byte
          hint: a rule file is plain UTF-8 text
        1 error in {f}
        """)


def test_old_mac_line_endings_are_named(ruleforge_cmd, tmp_path):
    # read as one line, such a file was "declares no cards" and "says nothing about players"
    f = tmp_path / "cr.rules"
    f.write_bytes(GUFO_TEXT.replace("\n", "\r").encode())
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    assert r.err == expect(f"""
        {f}:1:1: error: every line of this file ends in a carriage return alone (the line endings of old Macs)
          hint: save it with LF (or CRLF) line endings
        1 error in {f}
        """)
    f.write_bytes(GUFO_TEXT.replace("\n", "\r\n").encode())  # Windows line endings are fine
    assert ruleforge_cmd("check", f).code == 0


def test_deeply_nested_parentheses(ruleforge_cmd, tmp_path):
    f = variant(tmp_path, ("counter exhaustions = 0\n",
                           "counter exhaustions = 0\ndefine deep = " + "(" * 5000 + "1" + ")" * 5000 + "\n"))
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    shown = "    " + ("define deep = " + "(" * 5000)[:160]  # long lines are cut to 160 characters
    assert r.err == expect(f"""
        {f}:50:1: error: this item is nested too deeply to read
        {shown}
            ^
          hint: split the expression with 'define' or 'let'
        1 error in {f}
        """)


@pytest.mark.parametrize("expr", ["not " * 5000 + "true", "- " * 5000 + "1", " + ".join(["1"] * 5000)],
                         ids=["not", "minus", "plus"])
def test_deeply_nested_operators(ruleforge_cmd, tmp_path, expr):
    f = variant(tmp_path, ("counter exhaustions = 0\n", f"counter exhaustions = 0\ndefine deep = {expr}\n"))
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    assert r.headers == [f"{f}:50:1: error: this item is nested too deeply to read"]
    assert r.err.endswith("  hint: split the expression with 'define' or 'let'\n1 error in " + str(f) + "\n")


def test_five_thousand_unclosed_parentheses(ruleforge_cmd, tmp_path):
    f = tmp_path / "open.rules"
    f.write_text("define x = " + "(" * 5000 + "\n", encoding="utf-8")
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    # issue 12: an item cut short by a bracket left open is reported at the bracket
    assert r.headers == [f"{f}:1:5011: error: this '(' is never closed (and 4,999 more before it)"]
    assert "  hint: close it with ')'; until it is, every line up to the next item reads as part of it\n" in r.err


def test_too_deep_to_check_points_at_the_item(tmp_path):
    # Somewhere in this range the parser still copes and the checker does not; every
    # "too deep" diagnostic must point at the invariant appended as line 187.
    for depth in range(250, 600, 10):
        f = variant(tmp_path, append='invariant deep "deep": 0 = ' + " + ".join(["0"] * depth) + "\n")
        try:
            ruleforge.load(f)
        except ruleforge.RuleFileError as e:
            for d in e.diagnostics:
                if "too deep" in d.message:
                    assert d.span.line == 187, (depth, d)


def test_an_enormous_file(ruleforge_cmd, tmp_path):
    f = tmp_path / "huge.rules"
    data = (GUFO_TEXT + "# padding\n" * 250_000).encode()
    assert len(data) > 2_000_000
    f.write_bytes(data)
    r = ruleforge_cmd("check", f)
    assert r.code == 2
    assert r.err == expect(f"""
        {f}:1:1: error: file is too large for a rule file ({len(data):,} bytes)
          hint: rule files are limited to 2,000,000 bytes
        1 error in the command line
        """)


def test_a_file_that_does_not_exist(ruleforge_cmd, tmp_path):
    f = tmp_path / "missing.rules"
    r = ruleforge_cmd("check", f)
    assert r.code == 2
    assert r.err == f"{f}: error: cannot read the file: No such file or directory\n1 error in the command line\n"


def test_a_directory(ruleforge_cmd, tmp_path):
    r = ruleforge_cmd("check", tmp_path)
    assert r.code == 2
    assert r.err.endswith(f"Error: Invalid value for 'FILE...': File '{tmp_path}' is a directory.\n")


def test_crlf_line_endings_keep_line_numbers(ruleforge_cmd, tmp_path):
    f = tmp_path / "crlf.rules"
    f.write_bytes(THREE.read_bytes().replace(b"\n", b"\r\n"))
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    assert r.headers == [f"{f}:85:12: error: unknown name 'reveal_cout'",
                         f"{f}:89:32: error: the amount to decrease by must be a number, not a yes/no condition",
                         f"{f}:107:31: error: unknown zone 'discrad'"]


@pytest.mark.parametrize("odd", ["\x0c", "\u2028"], ids=["form-feed", "line-separator"])
def test_form_feed_and_line_separator_in_a_comment(ruleforge_cmd, tmp_path, odd):
    f = variant(tmp_path, ("# ---- Turns ---", f"# ---- Turns {odd}---"),
                ("move cards in revealed to discard", "move cards in revealed to discrad"))
    r = ruleforge_cmd("check", f)
    assert r.headers == [f"{f}:107:31: error: unknown zone 'discrad'"], r.err


def test_the_command_line_entry_point_in_a_subprocess(tmp_path):
    """The real entry point, in a fresh interpreter: no traceback for garbage either."""
    import subprocess
    f = tmp_path / "bytes.rules"
    f.write_bytes(bytes(range(256)))
    proc = subprocess.run([sys.executable, "-c", "from ruleforge.cli import main; main()", "check", str(f)],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1
    assert proc.stdout == ""
    assert proc.stderr == f"{f}:2:118: error: not a text file: byte 0x80 is not UTF-8\n" \
                          f"  hint: a rule file is plain UTF-8 text\n1 error in {f}\n"


# ---- 3. syntax errors ----------------------------------------------------------------------

def test_syntax_errors_in_four_items_are_all_reported(ruleforge_cmd, tmp_path):
    f = variant(tmp_path,
                ("slots cloudy_altitudes face down", "slots cloudy_altitudes face sideways"),
                ("rank not in [A, K] to deck", "rank not in [A, K to deck"),
                ('ending exhausted "the invasion deck ran out": radar wins',
                 'ending exhausted "the invasion deck ran out" radar wins'),
                ('invariant one_alien "exactly one Alien": count', 'invariant one_alien "exactly one Alien" count'))
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    assert r.err == expect(f"""
        {f}:40:75: error: unexpected name sideways
            zone sky "altitude": row of 8 slots, face up, slots cloudy_altitudes face sideways
                                                                                      ^^^^^^^^
          hint: expected 'down'
        {f}:61:66: error: unexpected 'to'
                move cards in box where suit != hearts and rank not in [A, K to deck
                                                                             ^^
          hint: expected ',', ']'
        {f}:169:46: error: unexpected name radar
            ending exhausted "the invasion deck ran out" radar wins
                                                         ^^^^^
          hint: expected ':'
        {f}:177:41: error: unexpected 'count'
            invariant one_alien "exactly one Alien" count of alien of invader = 1
                                                    ^^^^^
          hint: expected ':'
        4 errors in {f}
        """)


def test_misspelt_declaration_keyword(ruleforge_cmd, tmp_path):
    f = variant(tmp_path, ('zone removed "removed from the game": pile, face up\n',
                           'zone removed "removed from the game": pile, face up\n'
                           'zoen graveyard "the graveyard": pile, face up\n'))
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    assert r.err == expect(f"""
        {f}:37:1: error: unknown declaration 'zoen'
            zoen graveyard "the graveyard": pile, face up
            ^^^^
          hint: did you mean 'zone'?
        1 error in {f}
        """)


def test_misspelt_statement_keyword_in_a_block(ruleforge_cmd, tmp_path):
    f = variant(tmp_path, ("    move card to removed\n", "    mvoe card to removed\n"))
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    assert r.err == expect(f"""
        {f}:131:5: error: unknown statement 'mvoe'
                mvoe card to removed
                ^^^^
          hint: did you mean 'move'?
        1 error in {f}
        """)


def test_misspelt_declaration_keyword_does_not_cascade(ruleforge_cmd, tmp_path):
    f = variant(tmp_path, ('zone removed "removed from the game": pile, face up\n',
                           'zoen removed "removed from the game": pile, face up\n'))
    r = ruleforge_cmd("check", f)
    assert r.headers == [f"{f}:36:1: error: unknown declaration 'zoen'"], r.err


def test_misspelt_statement_in_a_turn_does_not_cascade(ruleforge_cmd, tmp_path):
    # the turn that could not be read is not reported missing ("no turn rules for role")
    f = variant(tmp_path, ("    move gone to removed\n", "    mvoe gone to removed\n"))
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    assert r.err == expect(f"""
        {f}:106:5: error: unknown statement 'mvoe'
                mvoe gone to removed
                ^^^^
          hint: did you mean 'move'?
        1 error in {f}
        """)


@pytest.mark.parametrize("word", ["top", "count"])
def test_a_keyword_as_a_zone_name(ruleforge_cmd, tmp_path, word):
    # lark's contextual lexer reads a keyword as a name where only a name fits, but such
    # a zone could never be named in an expression: the declaration is the mistake
    f = variant(tmp_path, ('zone removed "removed from the game": pile, face up\n',
                           'zone removed "removed from the game": pile, face up\n'
                           f'zone {word} "a pile": pile, face up\n'))
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    caret = "^" * len(word)
    assert r.err == expect(f"""
        {f}:37:6: error: '{word}' is a word of the language and cannot name a zone
            zone {word} "a pile": pile, face up
                 {caret}
          hint: choose another name
        1 error in {f}
        """)


def test_a_keyword_declared_as_a_counter_is_said_so_at_each_use(ruleforge_cmd, tmp_path):
    # (each use was "unexpected 'to'", hint "expected 'of'": the parser read the word; a
    # fresh reader's `counter count` gave one clear error and four misleading ones)
    f = tmp_path / "count.rules"
    f.write_text('game "Count"\nplayers 2\ncards: standard deck in deck\nzone deck "the deck": pile, face down\n'
                 "counter count = 0\n\nturn:\n    set count to count + 1\n\n"
                 "ending done: nobody wins when count + 1 = 3\n", encoding="utf-8")
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    assert r.err == expect(f"""
        {f}:5:9: error: 'count' is a word of the language and cannot name a counter
            counter count = 0
                    ^^^^^
          hint: choose another name
        {f}:8:9: error: 'count' is read as the language's word here, not as a counter: a word of the language cannot name one
                set count to count + 1
                    ^^^^^
          hint: rename the counter 'count' and its uses
        {f}:10:31: error: 'count' is read as the language's word here, not as a counter: a word of the language cannot name one
            ending done: nobody wins when count + 1 = 3
                                          ^^^^^
          hint: rename the counter 'count' and its uses
        3 errors in {f}
        """)


def test_an_indented_first_line(ruleforge_cmd, tmp_path):
    f = variant(tmp_path, ('game "gUFO"\n', '  game "gUFO"\n'))
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    assert r.err == expect(f"""
        {f}:7:1: error: this line is indented but belongs to nothing
              game "gUFO"
            ^
          hint: only lines inside a block (after a line ending in ':') are indented
        1 error in {f}
        """)


def test_an_indented_top_level_line_is_reported_where_it_is(ruleforge_cmd, tmp_path):
    f = variant(tmp_path, ("players 2\n", "  players 2\n"))
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    assert r.err == expect(f"""
        {f}:9:1: error: unexpected indentation
              players 2
            ^
          hint: indent only the lines of a block, after a line ending in ':'
        1 error in {f}
        """)


def test_a_quote_left_open(ruleforge_cmd, tmp_path):
    f = variant(tmp_path, ('ending alien_shot "the Radar Operator shot the Alien"',
                           'ending alien_shot "the Radar Operator shot the Alien'))
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    assert r.err == expect(f"""
        {f}:170:19: error: unexpected character '"'
            ending alien_shot "the Radar Operator shot the Alien: radar wins
                              ^
          hint: a quoted text must end on the same line
        1 error in {f}
        """)


# ---- 4. semantic errors and --set ------------------------------------------------------

def test_unknown_role_in_turn_of(ruleforge_cmd, tmp_path):
    f = variant(tmp_path, ("turn of radar:", "turn of radr:"))
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    assert r.err == expect(f"""
        {f}:83:1: error: no turn rules for role 'radar'
            turn of invader:
            ^
          hint: add 'turn of radar:' or a 'turn:' for every player
        {f}:109:9: error: unknown role 'radr'
            turn of radr:
                    ^^^^
          hint: did you mean 'radar'?
        2 errors in {f}
        """)


def test_duplicate_declarations(ruleforge_cmd, tmp_path):
    f = variant(tmp_path, append='\nzone discard "a second discard pile": pile, face up\n'
                                 'parameter reveal_count = 3\n'
                                 'action shoot "Shoot again" by radar:\n'
                                 '    end the game with owl_shot\n')
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    assert r.err == expect(f"""
        {f}:188:6: error: 'discard' is already declared as a zone at line 35
            zone discard "a second discard pile": pile, face up
                 ^^^^^^^
          hint: each name may be declared once
        {f}:189:11: error: 'reveal_count' is already declared as a parameter at line 16
            parameter reveal_count = 3
                      ^^^^^^^^^^^^
          hint: each name may be declared once
        {f}:190:8: error: 'shoot' is already declared as an action at line 144
            action shoot "Shoot again" by radar:
                   ^^^^^
          hint: each name may be declared once
        3 errors in {f}
        """)


HAND_ACTION = """\
game "Z"
players 2
cards: standard deck in deck
zone deck: pile
zone hand per player: hand
setup:
    for each p in players:
        move top 3 cards of deck to hand of p
action hand "Hand":
    move top of deck to deck at bottom
action other "Other":
    move top of deck to deck at bottom
actions both: hand, other
turn:
    TAKES
ending e: nobody wins when deck is empty
"""


@pytest.mark.parametrize("takes", ["current takes an action", "current takes one of hand, other",
                                   "current takes one of both"])
def test_an_action_named_like_a_zone_is_said_once(ruleforge_cmd, tmp_path, takes):
    # "no actions are declared" (or "unknown action or action group 'hand'") came too, at the turn
    f = tmp_path / "z.rules"
    f.write_text(HAND_ACTION.replace("TAKES", takes), encoding="utf-8")
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    assert r.err == expect(f"""
        {f}:9:8: error: 'hand' is already declared as a zone at line 5
            action hand "Hand":
                   ^^^^
          hint: each name may be declared once
        1 error in {f}
        """)


def test_set_of_the_wrong_type_points_at_the_parameter(ruleforge_cmd):
    r = ruleforge_cmd("check", GUFO, "--set", "reveal_count=abc")
    assert (r.code, r.out) == (2, "")
    assert r.err == expect(f"""
        {GUFO}:16:11: error: --set reveal_count=abc: 'reveal_count' takes a number
            parameter reveal_count = 2
                      ^^^^^^^^^^^^
          hint: write a whole number, such as 3
        1 error in the command line
        """)


def test_set_of_a_list_parameter(ruleforge_cmd):
    r = ruleforge_cmd("check", GUFO, "--set", "cloudy_altitudes=5,x")
    assert r.code == 2
    assert r.err == expect(f"""
        {GUFO}:19:11: error: --set cloudy_altitudes=5,x: 'cloudy_altitudes' takes a list of numbers
            parameter cloudy_altitudes = [5, 7]
                      ^^^^^^^^^^^^^^^^
          hint: write numbers separated by commas, such as 5,7
        1 error in the command line
        """)
    for good in ("cloudy_altitudes=3,4", "cloudy_altitudes=[3, 4]", "cloudy_altitudes="):
        assert ruleforge_cmd("check", GUFO, "--set", good).code == 0, good


def test_set_out_of_range_says_where_the_value_came_from(ruleforge_cmd):
    r = ruleforge_cmd("check", GUFO, "--set", "cloudy_altitudes=9")
    assert r.code == 1
    assert r.headers == [f"{GUFO}:40:53: error: face-down slots must be numbers from 1 to 8, not 9"]
    assert "--set cloudy_altitudes=9" in r.err


def test_set_of_an_unknown_parameter(ruleforge_cmd):
    r = ruleforge_cmd("check", GUFO, "--set", "reveal_cout=3")
    assert r.code == 2
    assert r.err == expect(f"""
        {GUFO}: error: --set reveal_cout=3: there is no parameter 'reveal_cout'
          hint: did you mean 'reveal_count'?
        1 error in the command line
        """)


def test_set_of_an_unknown_parameter_far_from_any(ruleforge_cmd):
    r = ruleforge_cmd("check", GUFO, "--set", "speed=3")
    assert r.code == 2
    assert r.err == expect(f"""
        {GUFO}: error: --set speed=3: there is no parameter 'speed'
          hint: the parameters are: reveal_count, cloudy_altitudes, exhaustions_to_lose, radar_hand_size, start_altitude
        1 error in the command line
        """)


@pytest.mark.parametrize("arg", ["reveal_count", "=3"])
def test_set_without_name_and_value(ruleforge_cmd, arg):
    r = ruleforge_cmd("check", GUFO, "--set", arg)
    assert (r.code, r.out) == (2, "")
    assert r.err == expect(f"""
        Usage: ruleforge check [OPTIONS] FILE...
        Try 'ruleforge check --help' for help.

        Error: Invalid value for '--set': '{arg}' is not NAME=VALUE
        """)


def test_end_the_game_with_an_unknown_ending(ruleforge_cmd, tmp_path):
    f = variant(tmp_path, ("end the game with owl_shot", "end the game with nonexistent"))
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    assert r.err == expect(f"""
        {f}:149:27: error: unknown ending 'nonexistent'
                    end the game with nonexistent
                                      ^^^^^^^^^^^
        1 error in {f}
        """)


def test_end_the_game_with_two_endings(ruleforge_cmd, tmp_path):
    f = variant(tmp_path, ("end the game with owl_shot", "end the game with owl_shot and alien_shot"))
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    assert r.err == expect(f"""
        {f}:149:36: error: unexpected 'and'
                    end the game with owl_shot and alien_shot
                                               ^^^
          hint: expected the end of the line
        1 error in {f}
        """)


def test_a_local_value_shadowing_an_attribute_in_where(ruleforge_cmd, tmp_path):
    f = variant(tmp_path, ("    move card to removed\n",
                           "    move card to removed\n    let low = ufo where altitude < 3\n"))
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    assert r.err == expect(f"""
        {f}:132:25: error: 'altitude' names both a local value and an attribute of the ufo being tested
                let low = ufo where altitude < 3
                                    ^^^^^^^^
          hint: write 'it.altitude' for the attribute, or rename the local value
        1 error in {f}
        """)


def test_comparing_a_rank_with_a_number(ruleforge_cmd, tmp_path):
    f = variant(tmp_path, ("where suit = hearts and rank = A to", "where suit = hearts and rank = 1 to"),
                ("rank not in [A, K]", "rank not in [1, 13]"))
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    lines = r.err.splitlines()
    assert lines[:3] == [
        f"{f}:58:50: error: cannot compare a rank with a number",
        "        move the card in box where suit = hearts and rank = 1 to sky slot 1",
        "                                                     ^^^^^^^^"]
    assert lines[4:7] == [
        f"{f}:61:48: error: cannot look for a rank in a list of numbers",
        "        move cards in box where suit != hearts and rank not in [1, 13] to deck",
        "                                                   ^^^^^^^^^^^^^^^^^^^"]
    assert lines[8:] == [f"2 errors in {f}"]
    for hint in (lines[3], lines[7]):  # each says what to compare instead
        assert hint.startswith("  hint: ") and "the card's value" in hint, hint


# ---- 6. no input makes the loader raise anything but RuleFileError ---------------------------

FUZZ = settings(max_examples=50, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow])
REAL_TEXT = REAL_GUFO.read_text(encoding="utf-8")
REAL_LINES = REAL_TEXT.splitlines(keepends=True)


def _load_cleanly(path: Path, data: bytes) -> None:
    path.write_bytes(data)
    try:
        ruleforge.load(path)
    except ruleforge.RuleFileError as e:
        shown = e.render()
        assert shown.endswith(f"in {path}")
        assert "Traceback" not in shown
        assert e.diagnostics, "a RuleFileError always carries a diagnostic"


@pytest.fixture(scope="module")
def fuzz_file(tmp_path_factory):
    return tmp_path_factory.mktemp("fuzz") / "fuzz.rules"


@FUZZ
@given(st.text())
def test_any_text_loads_or_raises_rule_file_error(fuzz_file, text):
    _load_cleanly(fuzz_file, text.encode("utf-8"))


@FUZZ
@given(st.binary(max_size=4096))
def test_any_bytes_load_or_raise_rule_file_error(fuzz_file, data):
    _load_cleanly(fuzz_file, data)


@FUZZ
@given(st.integers(0, len(REAL_LINES) - 1))
def test_gufo_without_one_line(fuzz_file, i):
    _load_cleanly(fuzz_file, "".join(REAL_LINES[:i] + REAL_LINES[i + 1:]).encode())


@FUZZ
@given(st.integers(0, len(REAL_TEXT) - 1), st.integers(1, 300))
def test_gufo_without_a_range_of_characters(fuzz_file, start, length):
    _load_cleanly(fuzz_file, (REAL_TEXT[:start] + REAL_TEXT[start + length:]).encode())


def test_current_in_setup_is_a_mistake_found_by_check(ruleforge_cmd, tmp_path):
    # passed check, then every game stopped: "there is no current player during setup"
    f = tmp_path / "s.rules"
    f.write_text('game "S"\nplayers 2\ncards: standard deck in deck\nzone deck "the deck": pile\n'
                 'zone hand per player: hand\nsetup:\n    shuffle deck\n    if count of hand of current = 0:\n'
                 '        move top of deck to hand of current\nturn:\n    current takes an action\n'
                 'action draw "Draw":\n    move top of deck to hand of current\n'
                 'ending done "e": nobody wins when deck is empty\n')
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    assert r.headers == [f"{f}:8:25: error: there is no current player during setup",
                         f"{f}:9:37: error: there is no current player during setup"]


@pytest.mark.parametrize("setting, words", [
    # a long word was "too large" before: only digits are a number
    ("reveal_count=three_hundred_and_twelve", "'reveal_count' takes a number"),
    ("cloudy_altitudes=[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]", "'cloudy_altitudes' takes a list of numbers"),
    ("reveal_count=1234567890123456789012", "this number is too large"),
])
def test_a_set_value_that_is_no_number_says_so_whatever_its_length(ruleforge_cmd, setting, words):
    r = ruleforge_cmd("check", GUFO, "--set", setting)
    assert r.code == 2 and f"error: --set {setting}: {words}" in r.headers[0]


SLIP = """\
game "t"
players 2
cards: standard deck in box
zone box: pile, face down
zone hand per player: hand
ending done: nobody wins
action play:
{action}
    move c to box
turn:
{turn}
"""


def checked_slip(ruleforge_cmd, path, turn, action="    with c in hand of current", zones=""):
    """`ruleforge check` of SLIP with this turn (and action, and more zones): the rule
    file, and the lines of its report (the file has mistakes)."""
    path.write_text(SLIP.replace("zone box: pile, face down\n", "zone box: pile, face down\n" + zones)
                    .format(action=action, turn=turn))
    r = ruleforge_cmd("check", path)
    assert r.code == 1
    return path, r.err.splitlines()


@pytest.mark.parametrize("action, turn, want", [
    # a verb of another rulebook: what the language says instead
    ("    with c in hand of current", "    draw 2 cards",
     ["11:5: error: unknown statement 'draw 2 cards'", "    draw 2 cards", "    ^^^^",
      "  hint: to draw, move cards: move top 2 cards of box to hand of current"]),
    # a player's name and a verb the language does not know: every way a statement starts
    ("    with c in hand of current", "    current shoots twice",
     ["11:5: error: unknown statement 'current shoots twice'", "    current shoots twice", "    ^^^^^^^",
      "  hint: a statement starts with move, reveal, flip, swap, shuffle, deal, set, increase, decrease, let, "
      "say, if, repeat, for each, resolve, eliminate or end, or names a player: current chooses a card in hand "
      "of current, current takes an action, p looks at c, p finishes"]),
    # the number drawn as written (the hint said 2 cards whatever was written), from the zone
    # the cards start in (it said "deck", which the game does not have)
    ("    with c in hand of current", "    draw 5 cards",
     ["11:5: error: unknown statement 'draw 5 cards'", "    draw 5 cards", "    ^^^^",
      "  hint: to draw, move cards: move top 5 cards of box to hand of current"]),
    ("    with c in hand of current", "    draw a card",
     ["11:5: error: unknown statement 'draw a card'", "    draw a card", "    ^^^^",
      "  hint: to draw, move cards: move top of box to hand of current"]),
    # `add` is a card modifier's word: in a rule it was "unexpected number 3", its hint
    # never shown
    ("    with c in hand of current", "    add 3 to score of current",
     ["11:5: error: 'add' changes a quantity from a card's modifier; a rule changes a number with 'increase'",
      "    add 3 to score of current", "    ^^^", "  hint: write: increase score of current by 3"]),
    # a two-answer choice after `not` or `or` read as `(not current) chooses`: two errors,
    # "who chooses must be a player, not a yes/no condition" and one about 'not'
    ("    with c in hand of current", '    if not current chooses "a" over "b":\n        end turn',
     ["11:8: error: a choice between two answers cannot follow 'not'",
      '    if not current chooses "a" over "b":', "       ^^^^^^^^^^^",
      "  hint: swap the two answers to ask it the other way round"]),
    ("    with c in hand of current", '    if box is empty or current chooses "a" over "b":\n        end turn',
     ["11:8: error: a choice between two answers cannot follow 'or'",
      '    if box is empty or current chooses "a" over "b":', "       ^^^^^^^^^^^^^^^^^^^^^^^",
      "  hint: a choice is the whole condition, or comes after 'CONDITION and'"]),
    # a choice inside a `set` or an if-then-else (a fresh reader's 6 nimmt!: "expected the end
    # of the line", "expected 'else'")
    ("    with c in hand of current", '    let k = (if box is empty then current chooses one of [1, 2] "row" else 1)',
     ["11:43: error: unexpected 'chooses'",
      '    let k = (if box is empty then current chooses one of [1, 2] "row" else 1)',
      " " * 42 + "^^^^^^^",
      "  hint: a choice stands alone, or as the whole value of a 'let': let chosen = PLAYER chooses one of LIST "
      '"PROMPT", then use chosen (set k to chosen)']),
    # a comparison chained as in mathematics
    ("    with c in hand of current", "    if 1 <= count of box <= 3:\n        end turn",
     ["11:26: error: unexpected '<='", "    if 1 <= count of box <= 3:", "                         ^^",
      "  hint: comparisons do not chain: write 'A <= B and B <= C', or 'B between A and C'"]),
    # `top of box.value` reads as top of (box.value)
    ("    with c in hand of current", '    say "{top of box.value}"',
     ["11:22: error: 'top of box.value' reads as 'top of (box.value)', and a zone has no attributes",
      '    say "{top of box.value}"', "                     ^^^^^", "  hint: write (top of box).value"]),
    # `eliminate` is a statement word like the others: a slip after it is shown where it
    # is, and a misspelling of it gets its hint
    ("    with c in hand of current", "    eliminate ,",
     ["11:15: error: unexpected ','", "    eliminate ,", "              ^",
      "  hint: expected '(', '-', '[', 'all', 'any', 'bottom', 'cards', 'count', ..."]),
    ("    with c in hand of current", "    elimnate current",
     ["11:5: error: unknown statement 'elimnate'", "    elimnate current", "    ^^^^^^^^",
      "  hint: did you mean 'eliminate'?"]),
    # `while` for `repeat while`
    ("    with c in hand of current", "    while count of box > 3:\n        move top of box to hand of current",
     ["11:5: error: a loop is written 'repeat while CONDITION:'", "    while count of box > 3:", "    ^^^^^",
      "  hint: write: repeat while count of box > 3:"]),
    # `allowed if` before the `with` lines
    ("    allowed if count of box > 0\n    with c in hand of current", "    current takes an action",
     ["9:5: error: an action's 'with' lines come before its 'allowed if'", "    with c in hand of current",
      "    ^^^^", "  hint: move the 'allowed if' line below the last 'with' line"]),
])
def test_a_common_slip_is_named_with_what_to_write(ruleforge_cmd, tmp_path, action, turn, want):
    f, lines = checked_slip(ruleforge_cmd, tmp_path / "slip.rules", turn, action)
    assert lines[0] == f"{f}:{want[0]}"
    assert [line.rstrip() for line in lines[1:4]] == ["    " + want[1], "    " + want[2], want[3]]


def test_every_statement_word_is_known_to_the_slip_messages():
    """The list behind "unknown statement" and its "did you mean" holds every word a
    statement starts with (`eliminate` was missing: a slip after it read as an unknown
    statement, and a misspelling of it got no hint)."""
    from ruleforge.lang import parse
    assert sorted(parse.STATEMENT_WORDS - set(parse.STATEMENT_STARTS)) == []


@pytest.mark.parametrize("line, column, name, hint", [
    # the element of a `for each c in ... where` is named: the hint said "did you mean
    # 'south'?" or "use it inside 'where'" (it was inside one)
    ("    for each c in hand of current where suit = hearts:\n        say \"{c}\"", 41, "suit",
     "in 'for each c in ... where', the element is named 'c': write 'c.suit'"),
    ("    for each c in hand of current where it.value > 3:\n        say \"{c}\"", 41, "it",
     "in 'for each c in ... where', the element is named 'c': write 'c'"),
    ("    let t = sum of c.value for each c in hand of current where value > 3", 64, "value",
     "in 'for each c in ... where', the element is named 'c': write 'c.value'"),
])
def test_a_bare_attribute_in_a_named_loops_condition_says_the_elements_name(ruleforge_cmd, tmp_path, line, column,
                                                                              name, hint):
    f, lines = checked_slip(ruleforge_cmd, tmp_path / "named.rules", line)
    assert lines[0] == f"{f}:11:{column}: error: unknown name '{name}'"
    assert lines[3] == f"  hint: {hint}"


def test_changing_a_value_of_the_turn_says_it_is_given_again(ruleforge_cmd, tmp_path):
    # it said "unknown counter 'bid'", of a name the turn had just given
    f, lines = checked_slip(ruleforge_cmd, tmp_path / "bid.rules",
                            "    let bid = 3 for the turn\n    increase bid by 1\n    set bid to 4")
    assert [lines[0], lines[3], lines[4], lines[7]] == [
        f"{f}:12:14: error: 'bid' is a value of the turn: it is given again, not changed",
        "  hint: write: let bid = NEW VALUE for the turn",
        f"{f}:13:9: error: 'bid' is a value of the turn: it is given again, not changed",
        "  hint: write: let bid = NEW VALUE for the turn"]


def test_a_zone_joined_to_a_list_is_one_mistake_with_the_fix(ruleforge_cmd, tmp_path):
    # `+` joins lists: a zone on one side gave two errors, the second that each side of
    # '+' must be a number (a list is a side too)
    f, lines = checked_slip(ruleforge_cmd, tmp_path / "plus.rules", '    say "{count of (hand of current + cards in box)}"')
    assert lines == [
        f"{f}:11:21: error: a zone is not a list: '+' joins lists",
        '        say "{count of (hand of current + cards in box)}"',
        "                        ^^^^^^^^^^^^^^^",
        "  hint: write: cards in hand of current",
        f"1 error in {f}"]


def test_a_slot_of_a_row_per_player_must_say_whose(ruleforge_cmd, tmp_path):
    # `board slot 2` of a row per player quietly read the first player's row
    f, lines = checked_slip(ruleforge_cmd, tmp_path / "board.rules", '    say "{the card in board slot 2}"',
                            zones="zone board per player: row of 3 slots\n")
    assert lines[:4] == [
        f"{f}:12:23: error: 'board' is a row per player: 'board slot N' cannot say whose row it is",
        '        say "{the card in board slot 2}"', "                          ^^^^^^^^^^^^",
        "  hint: moving cards to one player's row works: 'move CARDS to board of PLAYER slots N to N'; to read a "
        "slot, keep the row shared or of a role (a slot of a per-player row cannot be named yet)"]


def test_a_slot_plus_a_number_says_where_the_parentheses_go(ruleforge_cmd, tmp_path):
    # `table slot 1 + 1` reads as (table slot 1) + 1: the error had no hint
    f, lines = checked_slip(ruleforge_cmd, tmp_path / "slot.rules", '    say "{table slot 1 + 1}"',
                            zones="zone table: row of 3 slots\n")
    assert lines[:4] == [
        f"{f}:12:11: error: each side of '+' must be a number, not a zone",
        '        say "{table slot 1 + 1}"', "              ^^^^^^^^^^^^",
        "  hint: for the slot numbered by a sum, write table slot (... + ...)"]


NAMED_FILTER = """game "Named filters"
players 2
cards: standard deck in deck
zone deck "the deck": pile, face down
zone hand per player "hand": hand
zone table per player "table": pile, face up
setup:
    shuffle deck
    deal 5 cards from deck to hand of each player
action play "Play":
    with card in hand of current
    allowed if no e in table of current where {filter} has e.value > card.value
    move card to table of current
action draw "Draw":
    move top of deck to hand of current
turn:
    current takes one of play, draw
ending done "done": nobody wins when count of deck < 20
"""


@pytest.mark.parametrize("filter_", ["e.suit = card.suit", "suit = card.suit", "e.suit = card.suit and value > 0"])
def test_a_quantifiers_filter_may_name_its_element(tmp_path, filter_):
    """`no e in C where e.suit = x has ...` names the element in the filter, as `for each
    e in C where e.suit = x` does (it was "unknown name 'e'", while attributes alone
    worked): both ways, the same actions as worked out here from the rule's words."""
    path = tmp_path / "named.rules"
    path.write_text(NAMED_FILTER.format(filter=filter_))
    g = ruleforge.load(str(path))
    attrs = [c.attrs for c in g.cards]
    table = [g.zone_lookup[("table", p, None)] for p in range(2)]
    hand = [g.zone_lookup[("hand", p, None)] for p in range(2)]
    refused = 0
    for seed in range(12):
        st = g.new(seed)
        rng = random.Random(seed)
        while not st.is_over:
            p = st.current_player
            want = sorted(c for c in st.zones[hand[p]]
                          if not any(attrs[e]["suit"] == attrs[c]["suit"] and attrs[e]["value"] > attrs[c]["value"]
                                     for e in st.zones[table[p]]))
            refused += len(st.zones[hand[p]]) - len(want)
            actions = st.legal_actions()
            assert sorted(a.args[0][1].index for a in actions if a.name == "play") == want
            st.apply(rng.choice(actions))
    assert refused > 0  # (the rule refused some cards: the filter was tested)


@pytest.mark.parametrize("line, column, word", [
    # a fresh reader's bid: the hint "expected 'in'" led to "unexpected 'to'", and no further
    ('    let b = current chooses a number from 0 to 5 "your bid"', 38, "from"),
    ('    let b = current chooses one of 0 to 5 "your bid"', 38, "to"),
    ('    let b = current chooses a number in 0 to count of box "your bid"', 43, "to"),
])
def test_choosing_a_number_from_a_range_says_how(ruleforge_cmd, tmp_path, line, column, word):
    f, lines = checked_slip(ruleforge_cmd, tmp_path / "bid.rules", line)
    assert lines[0] == f"{f}:11:{column}: error: unexpected '{word}'"
    assert lines[3] == ("  hint: a player chooses among a zone or a list, as in 'chooses one of [0, 1, 2, 3]'; to "
                        "choose a number up to one worked out during play, give an action a parameter, 'with NAME "
                        "from LOW to HIGH', and let the player take it")


def test_arithmetic_swallowed_by_a_for_each_where_says_to_bracket_the_sum(ruleforge_cmd, tmp_path):
    # a fresh reader's expedition score: only "cannot compare a suit with a number", and
    # "each side of '-' must be a number", though language.md warns that 'where' takes it all
    f, lines = checked_slip(ruleforge_cmd, tmp_path / "sum.rules",
                            "    let t = sum of c.value for each c in hand of current where c.suit = hearts - 20")
    assert lines[:4] == [
        f"{f}:11:64: error: cannot compare a suit with a number",
        "        let t = sum of c.value for each c in hand of current where c.suit = hearts - 20",
        " " * 67 + "^" * len("c.suit = hearts - 20"),
        "  hint: the 'where' takes everything after it, '- 20' too: put what it belongs to in parentheses, as in "
        "(sum of ... for each ... where ...) - 20"]
