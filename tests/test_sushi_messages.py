"""Messages a designer met writing Sushi Go! (a drafting game, picks face down): a name
used in its own `where`, a `where` that swallowed arithmetic, card titles that read as
copy numbers. Each is reported where it is, with what to write instead."""

from __future__ import annotations

import pytest

from ruleforge import RuleFileError
from ruleforge.load import check_source

BASE = """\
game "t"
players 2 to 4
cards: standard deck in box
zone box: pile, face down
zone pile: pile, face up
zone hand per player: hand
counter score per player = 0
setup:
    deal 3 cards from box to hand of each player
turn:
    current takes an action
ending over: players with the highest score win when box is empty
"""


def diagnostics(text: str):
    with pytest.raises(RuleFileError) as e:
        check_source("t.rules", (BASE + text).encode())
    return [(d.span.line, d.span.column, d.message, d.hint) for d in e.value.diagnostics]


# ---- a name read inside the `where` of the line that binds it ----------------------------

def _own(name: str, form: str, line: str) -> str:
    return (f"the 'where' of '{form}' is read before '{name}' holds anything, so the element "
            f"it tests is 'it': write '{line}'")


def test_an_actions_choice_named_in_its_own_where_is_told_to_write_it():
    text = ("action two \"two\":\n    with first in hand of current\n"
            "    with second in hand of current where second != first\n    move first to pile\n")
    assert diagnostics(text) == [(15, 42, "unknown name 'second'", _own(
        "second", "with second in ...", "with second in hand of current where it != first"))]


def test_every_form_that_binds_a_name_before_its_where_says_the_same():
    text = ("action three \"three\":\n"
            "    with c in hand of current where c.value > 3 and c.value < 9\n"
            "    let d = current chooses one of hand of current where d.value > 3\n"
            "    for each e chosen by current from hand of current where e.value > 3 \"e to throw\":\n"
            "        move e to pile\n")
    fixed_c = "with c in hand of current where it.value > 3 and it.value < 9"
    assert diagnostics(text) == [
        (14, 37, "unknown name 'c'", _own("c", "with c in ...", fixed_c)),
        (14, 53, "unknown name 'c'", _own("c", "with c in ...", fixed_c)),
        (15, 58, "unknown name 'd'", _own("d", "let d = ... chooses ...",
                                          "let d = current chooses one of hand of current where it.value > 3")),
        (16, 61, "unknown name 'e'", _own("e", "for each e chosen by ... from ...",
                                          "for each e chosen by current from hand of current where it.value > 3 \"e to throw\"")),
    ]


def test_the_corrected_lines_check():
    text = ("action two \"two\":\n    with first in hand of current\n"
            "    with second in hand of current where it != first\n"
            "    let d = current chooses one of hand of current where it.value > 3\n"
            "    for each e chosen by current from hand of current where it.value > 3:\n"
            "        move e to pile\n")
    check_source("t.rules", (BASE + text).encode())


def test_a_name_bound_outside_stays_known_in_the_where():
    # `for each c in C where c.value` names its element: no hint, it checks
    text = "action one \"one\":\n    with c in hand of current\n    for each d in hand of current where d.value > c.value:\n        move d to pile\n"
    check_source("t.rules", (BASE + text).encode())


# ---- a `where` that took the arithmetic meant for its count ------------------------------

_SWALLOWED = "'where' takes everything after it as its condition, the arithmetic too: put the count in parentheses: "


@pytest.mark.parametrize("value, col, meant", [
    ("count of hand of p where suit = hearts / 2 * 5", 42, "(count of hand of p where suit = hearts) / 2 * 5"),
    ("count of hand of p where suit = hearts + 1", 42, "(count of hand of p where suit = hearts) + 1"),
    ("3 + count of hand of p where suit != hearts mod 2", 46, "(count of hand of p where suit != hearts) mod 2"),
])
def test_a_where_that_swallowed_arithmetic_says_to_put_the_count_in_parentheses(value, col, meant):
    text = f"define x of p = {value}\naction a \"a\":\n    increase score of current by x of current\n"
    assert diagnostics(text) == [(13, col, "cannot compare a suit with a number", f"{_SWALLOWED}'{meant}'")]
    # and the reading it names checks
    check_source("t.rules", (BASE + text.replace(value, value[:value.index("count")] + meant)).encode())


@pytest.mark.parametrize("value", [
    "count of hand of p where suit = 3 / 2",            # a number there reads the same in parentheses
    "count of hand of p where suit = hearts + clubs",   # the meant reading would not check either
    "count of (hand of p where suit = hearts / 2)",     # the designer put the filter's end there
])
def test_no_parentheses_hint_when_that_reading_would_not_check(value):
    text = f"define x of p = {value}\naction a \"a\":\n    increase score of current by x of current\n"
    assert all(hint is None for *_, hint in diagnostics(text))


# ---- a card title that reads as a copy's number ------------------------------------------

CARDS = """\
game "t"
players 2 to 4
parameter rolls = 8 in 1 to 9
cards: listed in box
zone box: pile, face down
zone hand per player: hand
counter score per player = 0
card "Maki Roll (2)":
    copies: 12
card "Maki Roll (3)":
    copies: rolls
card "Salmon (1)":
    copies: 1
card "Squid Nigiri":
    copies: 5
setup:
    deal 3 cards from box to hand of each player
turn:
    increase score of current by 1
ending over: players with the highest score win when box is empty
"""


def test_a_title_ending_in_a_bracketed_number_on_a_card_with_copies_is_warned_of():
    _, checked = check_source("t.rules", CARDS.encode())
    assert [(w.severity, w.span.line, w.span.column, w.span.end_column, w.message, w.hint)
            for w in checked.warnings] == [
        ("warning", 8, 6, 21, "the title 'Maki Roll (2)' ends in a number in brackets, as copies of a card "
                              "are told apart: its copies read 'Maki Roll (2) (2nd copy)'",
         "write the number another way, such as 'Maki Roll x2' or 'Maki Roll, 2 icons'"),
        ("warning", 10, 6, 21, "the title 'Maki Roll (3)' ends in a number in brackets, as copies of a card "
                               "are told apart: its copies read 'Maki Roll (3) (2nd copy)'",
         "write the number another way, such as 'Maki Roll x3' or 'Maki Roll, 3 icons'"),
    ]


def test_the_title_warning_as_check_prints_it(ruleforge_cmd, tmp_path):
    path = tmp_path / "t.rules"
    path.write_text(CARDS.replace('card "Maki Roll (3)"', 'card "Maki Roll x3"'))
    r = ruleforge_cmd("check", path)
    assert (r.code, r.out, r.err) == (0, f"{path}: ok: t, 2 to 4 players, 0 actions, 1 ending, 0 invariants, "
                                         "1 warning\n", (
        f"{path}:8:6: warning: the title 'Maki Roll (2)' ends in a number in brackets, as copies of a card "
        "are told apart: its copies read 'Maki Roll (2) (2nd copy)'\n"
        '    card "Maki Roll (2)":\n'
        "         ^^^^^^^^^^^^^^^\n"
        "  hint: write the number another way, such as 'Maki Roll x2' or 'Maki Roll, 2 icons'\n"))


# ---- compare's progress lines name the file and the bots ---------------------------------

def test_compares_progress_lines_name_the_file_and_the_bots(ruleforge_cmd, tmp_path, monkeypatch):
    import time
    from ruleforge.cli import common
    base = tmp_path / "base.rules"
    base.write_text(BASE + "action a \"a\":\n    increase score of current by 1\n    move top of box to pile\n")
    variant = tmp_path / "more.rules"
    variant.write_text('extends "base.rules"\ngame "t, more"\n')
    monkeypatch.setattr(common, "PROGRESS_EVERY", 0.0)  # a line at every game, as a minute would
    monkeypatch.setattr(time, "monotonic", lambda: 1000.0)
    monkeypatch.setattr("sys.stdout.isatty", lambda: False, raising=False)
    r = ruleforge_cmd("compare", base, variant, "--games", 3, "--agents", "random", "--seed", 1, "--jobs", 1)
    assert r.code == 0, r.err
    assert [x for x in r.err.splitlines() if " of 3 games in " in x] == [
        "base.rules, random: 1 of 3 games in 0 s", "base.rules, random: 2 of 3 games in 0 s",
        "more.rules, random: 1 of 3 games in 0 s", "more.rules, random: 2 of 3 games in 0 s"]


def test_runs_progress_lines_stay_as_they_were(monkeypatch, capsys):
    from ruleforge.cli import common
    clock = iter([1000.0, 1061.0])
    monkeypatch.setattr("time.monotonic", lambda: next(clock))
    monkeypatch.setattr("sys.stdout.isatty", lambda: False, raising=False)
    advance, stop = common.progress(10)
    advance(3)
    stop()
    assert capsys.readouterr().err == "playing: 3 of 10 games in 61 s\n"
