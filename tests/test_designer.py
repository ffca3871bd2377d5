"""What a designer meets first: warnings for variant items that replace nothing and for
parameters nothing reads; parameter ranges checked against --set, --sweep and variants."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import ruleforge
from ruleforge.load import check_source, read_source

ROOT = Path(__file__).parents[1]
GUFO = ROOT / "games" / "gufo.rules"
SHIPPED = sorted((ROOT / "games").glob("*.rules")) + sorted((ROOT / "games" / "variants").glob("*.rules")) \
    + sorted((ROOT / "examples").glob("*.rules"))

BASE = '''game "Shore"
players 2
parameter shore = 3
cards: standard deck in deck
zone deck: pile
zone hand per player: hand
turn:
    current takes an action
action draw "Draw":
    repeat shore times:
        move top of deck to hand of current
ending dry "the deck is empty": nobody wins when deck is empty
'''


def checked(path: Path, **sets):
    return check_source(*read_source(path), {k: str(v) for k, v in sets.items()})[1]


def write(tmp_path: Path, name: str, text: str) -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


# ---- warnings ------------------------------------------------------------------------

def test_a_misspelt_variant_parameter_is_a_warning_with_did_you_mean(ruleforge_cmd, tmp_path):
    write(tmp_path, "base.rules", BASE)
    v = write(tmp_path, "v.rules", 'extends "base.rules"\n\nparameter shroe = 40\n')
    ran = ruleforge_cmd("check", v)
    assert ran.code == 0
    assert ran.out == f"{v}: ok: Shore, 2 players, 1 action, 1 ending, 0 invariants, 1 warning\n"
    assert ran.err == (
        f"{v}:3:11: warning: parameter 'shroe' replaces nothing in base.rules: it is added as a new parameter\n"
        "    parameter shroe = 40\n"
        "              ^^^^^\n"
        "  hint: did you mean 'shore'? (a variant's parameter replaces the base's parameter of the same name)\n")


def test_a_misspelt_variant_action_is_a_warning_and_a_new_one_is_not(tmp_path):
    write(tmp_path, "base.rules", BASE)
    v = write(tmp_path, "v.rules", 'extends "base.rules"\n\naction drwa "Draw":\n    move top of deck to hand of current\n'
                                   'action pass_turn "Pass":\n    end turn\n')
    ch = checked(v)
    assert [(d.severity, d.span.line, d.span.column, d.message, d.hint) for d in ch.warnings] == [
        ("warning", 3, 8, "action 'drwa' replaces nothing in base.rules: it is added as a new action",
         "did you mean 'draw'? (a variant's action replaces the base's action of the same name)")]
    assert set(ch.actions) == {"draw", "drwa", "pass_turn"}  # still added: a warning, not an error


def test_a_new_item_beside_the_one_it_resembles_replaced_is_not_a_warning(tmp_path):
    write(tmp_path, "base.rules", BASE)
    v = write(tmp_path, "v.rules", 'extends "base.rules"\n\naction draw "Draw":\n    repeat shore times:\n'
                                   '        move top of deck to hand of current\n'
                                   'action draw2 "Draw two":\n    repeat 2 times:\n'
                                   '        move top of deck to hand of current\n')
    assert checked(v).warnings == []


def test_two_variant_items_that_replace_one_base_item_are_reported(tmp_path):
    # both replaced the base's `draw` in turn: the first was dropped without a word
    write(tmp_path, "base.rules", BASE)
    v = write(tmp_path, "v.rules", 'extends "base.rules"\n\naction draw "Draw":\n    end turn\n'
                                   'action draw "Draw again":\n    end turn\n')
    with pytest.raises(ruleforge.RuleFileError) as e:
        checked(v)
    assert [(d.span.line, d.span.column, d.message, d.hint) for d in e.value.diagnostics] == [
        (5, 8, "'draw' is already declared as an action at line 3", "each name may be declared once")]


def test_a_parameter_nothing_reads_is_a_warning(ruleforge_cmd, tmp_path):
    f = write(tmp_path, "g.rules", BASE.replace("parameter shore = 3\n", "parameter shore = 3\nparameter spare = 1\n"))
    ran = ruleforge_cmd("check", f)
    assert ran.code == 0 and ran.out.endswith(", 1 warning\n")
    assert ran.err == (f"{f}:4:11: warning: nothing reads the parameter 'spare'\n"
                       "    parameter spare = 1\n"
                       "              ^^^^^\n"
                       "  hint: use it in a rule, or remove it\n")


def test_a_parameter_read_only_by_another_parameter_is_read(tmp_path):
    f = write(tmp_path, "g.rules", BASE.replace("parameter shore = 3\n", "parameter base = 1\nparameter shore = base + 2\n"))
    assert checked(f).warnings == []


def test_a_warning_in_the_base_points_into_the_base(tmp_path):
    base = write(tmp_path, "base.rules", BASE.replace("parameter shore = 3\n", "parameter shore = 3\nparameter spare = 1\n"))
    v = write(tmp_path, "v.rules", 'extends "base.rules"\n\nparameter shore = 4\n')
    [w] = checked(v).warnings
    assert (w.span.file, w.span.line, w.message) == (str(base), 4, "nothing reads the parameter 'spare'")


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_every_shipped_rule_file_checks_without_a_warning(path):
    assert checked(path).warnings == []


def test_run_shows_the_warnings_once(ruleforge_cmd, tmp_path):
    write(tmp_path, "base.rules", BASE)
    v = write(tmp_path, "v.rules", 'extends "base.rules"\n\nparameter shroe = 40\n')
    ran = ruleforge_cmd("run", v, "--games", 3, "--seed", 1, "--jobs", 1)
    assert ran.code == 0 and ran.err.count("warning: parameter 'shroe' replaces nothing") == 1


# ---- ranges --------------------------------------------------------------------------

def test_set_outside_a_range_names_the_parameter_the_range_and_where(ruleforge_cmd):
    ran = ruleforge_cmd("check", GUFO, "--set", "radar_hand_size=20")
    assert ran.code != 0  # 1 or 2: the exit codes of rule-file problems are another part's
    assert ran.err == (
        f"{GUFO}:23:34: error: --set radar_hand_size=20: 'radar_hand_size' is from 0 to 5, as declared here\n"
        "    parameter radar_hand_size = 3 in 0 to 5\n"
        "                                     ^^^^^^\n"
        "  hint: give a value from 0 to 5, or widen the range in the rule file\n"
        "1 error in the command line\n")


def test_a_default_computed_from_a_set_value_and_out_of_its_range_names_the_set(ruleforge_cmd, tmp_path):
    # "the default of 'double_target' is 140": but the file's default is 80; the 140 came
    # from --set target=70, which the message did not say
    f = write(tmp_path, "double.rules", BASE.replace("parameter shore = 3\n", "parameter shore = 3\nparameter target = 40\n"
                                               "parameter double_target = target * 2 in 0 to 100\n")
              + "ending far: nobody wins when double_target < 0\n")
    assert ruleforge_cmd("check", f).code == 0
    ran = ruleforge_cmd("check", f, "--set", "target=70")
    assert ran.code == 1
    assert ran.err.splitlines()[0] == f"{f}:5:27: error: the default of 'double_target' is 140, outside its range, 0 to 100"
    assert ran.err.splitlines()[3] == "  hint: target is 70 from --set target=70"


def test_load_checks_the_range_too():
    with pytest.raises(ruleforge.RuleFileError) as e:
        ruleforge.load(GUFO, cloudy_altitudes=[1, 5])
    [d] = e.value.diagnostics
    assert (d.span.line, d.message) == (
        19, "ruleforge.load's cloudy_altitudes=[1, 5]: 'cloudy_altitudes' holds numbers from 2 to 8, as declared here")
    # (it said "--set": a keyword argument is not a command line's flag; the value as Python writes it)
    assert ruleforge.load(GUFO, radar_hand_size=5).params["radar_hand_size"] == 5  # the bounds are in it


def test_sweep_outside_a_range_is_refused_before_any_game(ruleforge_cmd):
    ran = ruleforge_cmd("run", GUFO, "--sweep", "reveal_count=1,2,40", "--games", 2)
    assert ran.code == 2
    assert ran.err.endswith("Error: Invalid value for '--sweep': reveal_count=40 is outside the range of "
                            f"'reveal_count', 1 to 33, declared at {GUFO}:16\n")


def test_a_range_made_of_another_parameter_follows_both_sets(ruleforge_cmd):
    # UFO*logy's deal_size is 'in 0 to hand_size': `--set deal_size=4 --set hand_size=4`
    # was refused for deal_size's default of 5, which neither run uses
    ufology = GUFO.parent / "ufology.rules"
    assert ruleforge_cmd("check", ufology, "--set", "deal_size=4", "--set", "hand_size=4").code == 0
    ran = ruleforge_cmd("check", ufology, "--set", "hand_size=4")
    assert ran.code == 1 and ran.err.splitlines()[3] == (
        "  hint: its range comes from --set hand_size=4: give 'deal_size' a value in it too (--set deal_size=N)")
    ran = ruleforge_cmd("check", ufology, "--set", "hand_size=4", "--set", "deal_size=5")  # = the default: checked
    assert ran.code == 2 and ": error: --set deal_size=5: 'deal_size' is from 0 to 4, as declared here" in ran.err


def test_a_variant_value_is_checked_against_its_base_range(tmp_path):
    base = write(tmp_path, "base.rules", GUFO.read_text(encoding="utf-8"))
    v = write(tmp_path, "v.rules", 'extends "base.rules"\n\nparameter reveal_count = 40\n')
    with pytest.raises(ruleforge.RuleFileError) as e:
        checked(v)
    [d] = e.value.diagnostics
    assert (d.span.file, d.span.line, d.span.column) == (None, 3, 26)
    assert d.message == f"'reveal_count' = 40 is outside its range, 1 to 33, declared at {base}:16"
    assert d.hint == "a variant may declare a range of its own: parameter reveal_count = ... in LOW to HIGH"
    wider = write(tmp_path, "w.rules", 'extends "base.rules"\n\nparameter reveal_count = 40 in 1 to 50\n')
    assert checked(wider).params["reveal_count"] == 40


def test_a_range_may_use_a_parameter_declared_above():
    big = ROOT / "games" / "variants" / "ufology-big-hands.rules"
    assert checked(big).param_ranges["deal_size"].high == 6  # the variant's hand_size
    with pytest.raises(ruleforge.RuleFileError) as e:
        checked(big, deal_size=7)
    assert e.value.diagnostics[0].message == "--set deal_size=7: 'deal_size' is from 0 to 6, as declared here"


@pytest.mark.parametrize("line, where, message", [
    ("parameter p = 9 in 1 to 5", (4, 15), "the default of 'p' is 9, outside its range, 1 to 5"),
    ("parameter p = [1, 9] in 1 to 5", (4, 15), "the default of 'p' holds 9, outside its range, 1 to 5"),
    ("parameter p = 3 in 5 to 1", (4, 20), "the range of 'p' is empty: 5 is above 1"),
    ("parameter p = true in 0 to 1", (4, 23), "'p' is a yes/no condition: only a number or a list of numbers has a range"),
    ("parameter p = 3 in 1 to q", (4, 25), "'q' is not a parameter"),
])
def test_wrong_ranges(tmp_path, line, where, message):
    f = write(tmp_path, "g.rules", BASE.replace("parameter shore = 3\n", f"parameter shore = 3\n{line}\n"))
    with pytest.raises(ruleforge.RuleFileError) as e:
        checked(f)
    assert [((d.span.line, d.span.column), d.message) for d in e.value.diagnostics] == [(where, message)]


def test_a_misspelt_card_title_is_a_warning(tmp_path):
    shutil.copy(ROOT / "games" / "ufology.rules", tmp_path / "ufology.rules")
    v = write(tmp_path, "v.rules", 'extends "ufology.rules"\n\ncard "Weather Baloon":\n    type: mirage\n'
                                   '    value: -2\n    text: "Archive: nothing."\n')
    [w] = checked(v).warnings
    assert (w.span.line, w.span.column, w.message, w.hint) == (
        3, 1, 'card "Weather Baloon" replaces nothing in ufology.rules: it is added as a new card',
        "did you mean 'Weather Balloon'? (a variant's card replaces the base's card of the same name)")


def test_the_misspelling_search_is_bounded(tmp_path, monkeypatch):
    from ruleforge.lang import lint
    write(tmp_path, "base.rules", BASE)
    v = write(tmp_path, "v.rules", 'extends "base.rules"\n\nparameter shroe = 40\n')
    monkeypatch.setattr(lint, "MAX_NAME_PAIRS", 0)  # past the bound: not searched, only unread
    assert [w.message for w in checked(v).warnings] == ["nothing reads the parameter 'shroe'"]


@pytest.mark.parametrize("padding", [0, 90])
def test_a_variants_card_list_is_its_bases(ruleforge_cmd, tmp_path, padding):
    """`ruleforge cards` on a variant shows the cards it inherits as the base file wrote
    them. The text of a rule-valued attribute was cut from the variant's own text at the
    base's positions: a short variant stopped on an IndexError, a long one showed pieces
    of its own lines."""
    variant = tmp_path / "v.rules"
    variant.write_text("# a comment line\n" * padding + f'extends "{ROOT / "games" / "ufology.rules"}"\n'
                       "parameter hand_size = 6\n", encoding="utf-8")
    base = ruleforge_cmd("cards", ROOT / "games" / "ufology.rules", "--markdown")
    ran = ruleforge_cmd("cards", variant, "--markdown")
    assert (ran.code, ran.err) == (0, "")
    assert ran.out == base.out
    assert "| Lights in the Sky | CE1 |  | `this.order` | 7 | " in ran.out
    assert "| The Truth Is Out There | CE5 | `complete of owner` | " in ran.out  # (the base's goal rule, too)


def test_the_card_list_shows_every_attribute_the_file_gives(ruleforge_cmd, tmp_path):
    """A fresh reader's expedition cards have a `colour` and a `kind`: the card list showed
    an empty Type column and neither (only `type`, `value` and `text` were shown)."""
    f = write(tmp_path, "lc.rules", 'game "L"\nplayers 2\nattribute colour: red, blue\nattribute kind: wager, number\n'
              'cards: listed in deck\nzone deck: pile\n'
              'cards "{colour} wager" for each colour in [red, blue]:\n    kind: wager\n    copies: 2\n'
              'cards "{colour} {value}" for each colour in [red, blue] and value from 2 to 3:\n    kind: number\n'
              'turn:\n    move top of deck to deck\nending e: nobody wins when deck is empty\n')
    r = ruleforge_cmd("cards", f, "--markdown")
    assert (r.code, r.out.splitlines()) == (0, [
        "| Name | Colour | Kind | Value | Copies |", "|---|---|---|---|---:|",
        "| red wager | red | wager |  | 2 |", "| blue wager | blue | wager |  | 2 |",
        "| red 2 | red | number | `2` | 1 |", "| red 3 | red | number | `3` | 1 |",
        "| blue 2 | blue | number | `2` | 1 |", "| blue 3 | blue | number | `3` | 1 |"])


NO_VALUES = ('game "L"\nplayers 2\nattribute colour: red, blue\ncards: listed in deck\nzone deck: pile\n'
             'cards "{colour} wager" for each colour in [red, blue]:\n    copies: 2\n'
             'turn:\n    move top of deck to deck\nending e: nobody wins when deck is empty\n')


def test_the_card_list_leaves_out_a_value_column_no_card_fills(ruleforge_cmd, tmp_path, monkeypatch):
    # an empty Value column was printed, though an empty attribute's or Text column is not
    monkeypatch.setenv("COLUMNS", "80")
    f = write(tmp_path, "nv.rules", NO_VALUES)
    r = ruleforge_cmd("cards", f, "--markdown")
    assert (r.code, r.out.splitlines()) == (0, [
        "| Name | Colour | Copies |", "|---|---|---:|", "| red wager | red | 2 |", "| blue wager | blue | 2 |"])
    r = ruleforge_cmd("cards", f)
    assert (r.code, r.out.splitlines()) == (0, [
        "           L: 4 cards           ",
        "┏━━━━━━━━━━━━┳━━━━━━━━┳━━━━━━━━┓",
        "┃ Name       ┃ Colour ┃ Copies ┃",
        "┡━━━━━━━━━━━━╇━━━━━━━━╇━━━━━━━━┩",
        "│ red wager  │ red    │      2 │",
        "│ blue wager │ blue   │      2 │",
        "└────────────┴────────┴────────┘"])


def test_a_coloured_card_list_leaves_out_an_empty_value_column_too(tmp_path):
    import os
    import subprocess
    import sys
    f = write(tmp_path, "nv.rules", NO_VALUES)
    env = dict(os.environ, FORCE_COLOR="1", TERM="xterm-256color", COLUMNS="80")
    env.pop("NO_COLOR", None)
    out = subprocess.run([sys.executable, "-m", "ruleforge", "cards", f], capture_output=True, text=True,
                         env=env, check=True).stdout
    assert "Copies" in out and "Value" not in out


def test_a_default_reading_a_parameter_declared_further_down_says_so(ruleforge_cmd, tmp_path):
    # it said "'hand_size' is not a parameter", hinting at what a default may hold
    f = tmp_path / "order.rules"
    f.write_text(BASE.replace("players 2\n", "players 2\nparameter target = hand_size * 10\nparameter hand_size = 5\n", 1)
                 + "ending far: nobody wins when target < 0\n")
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    assert r.err.splitlines()[0] == (f"{f}:3:20: error: 'hand_size' is declared further down (line 4): a parameter's "
                                     "default may use only the parameters above it")
    assert r.err.splitlines()[3] == "  hint: move 'parameter hand_size' above this line"


def test_a_variant_names_the_file_of_what_it_clashes_with_and_counts_its_base_s_mistakes(ruleforge_cmd, tmp_path):
    # "'reveal_count' is already declared (line 16)": line 16 of the base, not the variant;
    # and a mistake in the base was counted for the base ("1 error in base.rules"), a
    # type mistake there for the variant
    v = write(tmp_path, "clash.rules", f'extends "{GUFO}"\ncounter reveal_count = 0\n')
    r = ruleforge_cmd("check", v)
    assert r.code == 1
    assert r.err.splitlines()[0] == f"{v}:2:9: error: 'reveal_count' is already declared as a parameter at gufo.rules:16"
    base = write(tmp_path, "base.rules", 'game "y"\nplayers 2\nbogus line here\n')
    v = write(tmp_path, "v.rules", 'extends "base.rules"\n')
    r = ruleforge_cmd("check", v)
    assert r.code == 1
    assert r.err.splitlines()[0] == f"{base}:3:1: error: unexpected name bogus"
    assert r.err.splitlines()[-1] == f"1 error in {v}"


def test_a_single_cards_text_with_braces_is_a_warning(ruleforge_cmd, tmp_path):
    # `ruleforge cards` printed "Worth {value}." as written: only a card list fills braces in
    f = write(tmp_path, "braces.rules", 'game "B"\nplayers 2\nattribute type: a, b\ncards: listed in deck\n'
              'zone deck: pile\ncard "X":\n    type: a\n    value: 3\n    text: "Worth {value}."\n'
              'cards "Big {value}" for each value from 2 to 3:\n    type: b\n    text: "Worth {value}."\n'
              "turn:\n    move top of deck to deck at bottom\nending e: nobody wins when deck is empty\n")
    ran = ruleforge_cmd("check", f)
    assert ran.code == 0
    assert ran.err.splitlines() == [
        f"{f}:9:11: warning: this card's text is shown as written, braces and all",
        '        text: "Worth {value}."', "              ^^^^^^^^^^^^^^^^",
        "  hint: only a card list ('cards \"...\" for each ...') fills in {NAME}; write the value itself here"]
    assert ran.out == f"{f}: ok: B, 2 players, 0 actions, 1 ending, 0 invariants, 1 warning\n"


def test_a_range_that_lets_a_parameter_take_a_value_its_use_refuses_is_reported(ruleforge_cmd, tmp_path):
    # `--set n=0` is inside the declared range, yet refused as a number of copies: the
    # range itself is the mistake, shown before anyone tries it
    f = write(tmp_path, "copies.rules", 'game "C"\nplayers 2\nattribute type: a\nparameter n = 3 in 0 to 5\n'
              'cards: listed in deck\nzone deck: pile\ncard "X":\n    type: a\n    copies: n\n'
              "turn:\n    move top of deck to deck at bottom\nending e: nobody wins when deck is empty\n")
    ran = ruleforge_cmd("check", f)
    assert ran.code == 1
    assert ran.err.splitlines()[0] == (f"{f}:9:13: error: 'n' may be 0 (its range is 0 to 5, line 4), but the number "
                                       "of copies must be from 1 to 1,000")
    assert ran.err.splitlines()[3] == "  hint: narrow its range to 1 to 5"
    f.write_text(f.read_text().replace("in 0 to 5", "in 1 to 5"))
    assert ruleforge_cmd("check", f).code == 0
