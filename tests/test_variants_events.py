"""Variants and the event rules: a named `when the round ends (NAME):` (and round-begin,
game-end) rule is replaced by a variant's rule of the same kind and name, in its place;
an unnamed one is added as before. Each test plays a stacked deal with scripted moves
and asserts the exact counters, or checks a mistake and asserts its exact diagnostic."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import ruleforge
from ruleforge import RuleFileError
from ruleforge.load import check_source, read_source
from ruleforge.testing import arrange, play

# "Each round both players lay a card; the higher card scores its value."
BASE = """\
game "Duel"
players 2
cards: standard deck in deck
zone deck: pile, face down
zone hand per player: hand
zone played per player: pile, face up
counter points per player = 0
counter rounds = 0
define top_value of p = (top of played of p).value
setup:
    for each p in players:
        move top 3 cards of deck to hand of p
action play "Play":
    with c in hand of current
    move c to played of current
turn:
    current takes an action
when the round ends (scoring):
    for each p in players with the highest top_value:
        increase points of p by top_value of p
when the round ends:
    increase rounds by 1
ending out "the hands are played": players with the highest points win when rounds = 3 at round end
"""

# player 1 lays 9, 5, 2; player 2 lays 3, 8, 4
MOVES = ("play(c=9♠)", "play(c=3♦)", "play(c=5♥)", "play(c=8♣)", "play(c=2♣)", "play(c=4♥)")


def write(tmp_path: Path, name: str, text: str) -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def played(tmp_path: Path, variant: str | None) -> tuple:
    """(points of player 1, of player 2, rounds, winners) after the scripted deal."""
    path = write(tmp_path, "duel.rules", BASE)
    if variant is not None:
        path = write(tmp_path, "v.rules", 'extends "duel.rules"\n\n' + variant)
    st = ruleforge.load(path).new(1)
    arrange(st, "hand", ["2♣", "5♥", "9♠"], 0)
    arrange(st, "hand", ["3♦", "8♣", "4♥"], 1)
    play(st, *MOVES)
    assert st.is_over
    return (st.counter("points", "player 1"), st.counter("points", "player 2"), st.counter("rounds"),
            st.result.winners)


def warnings(tmp_path: Path, variant: str) -> list[tuple]:
    write(tmp_path, "duel.rules", BASE)
    v = write(tmp_path, "v.rules", 'extends "duel.rules"\n\n' + variant)
    return [(d.severity, d.span.line, d.span.column, d.message, d.hint)
            for d in check_source(*read_source(v))[1].warnings]


def errors(tmp_path: Path, variant: str | None, base: str = BASE) -> list[tuple]:
    path = write(tmp_path, "duel.rules", base)
    if variant is not None:
        path = write(tmp_path, "v.rules", 'extends "duel.rules"\n\n' + variant)
    with pytest.raises(RuleFileError) as e:
        check_source(*read_source(path))
    return [(Path(d.span.file).name if d.span.file else None, d.span.line, d.span.column, d.message, d.hint)
            for d in e.value.diagnostics]


def test_a_variant_replaces_a_named_round_end_rule(tmp_path):
    # 9 > 3, 5 < 8, 2 < 4: the higher card scores 9 for player 1, 8 + 4 for player 2
    assert played(tmp_path, None) == (9, 12, 3, (1,))
    # "The lower card scores instead": 3 for player 2, 5 + 2 for player 1
    lower = ("when the round ends (scoring):\n    for each p in players with the lowest top_value:\n"
             "        increase points of p by top_value of p\n")
    assert played(tmp_path, lower) == (7, 3, 3, (0,))


def test_the_replacing_rule_runs_in_the_place_of_the_one_it_replaces(tmp_path):
    # the base counts the round after scoring it: in its place, the variant's rule reads
    # 0, 1, 2 rounds played; added after the base's rules (unnamed), it would read 1, 2, 3
    in_place = ("when the round ends (scoring):\n    for each p in players:\n"
                "        increase points of p by rounds\n")
    assert played(tmp_path, in_place)[:3] == (3, 3, 3)
    added = in_place.replace(" (scoring)", "")
    # (the base's scoring still runs too: 9 and 12, and 1 + 2 + 3 each)
    assert played(tmp_path, added)[:3] == (9 + 6, 12 + 6, 3)


def test_an_unnamed_variant_rule_is_added_and_named_and_unnamed_rules_of_other_kinds_are_apart(tmp_path):
    # a `when the game ends (scoring)` is another rule than the round's `scoring`: added
    game_end = "when the game ends (scoring):\n    increase points of player 1 by 100\n"
    assert played(tmp_path, game_end) == (109, 12, 3, (0,))
    assert warnings(tmp_path, game_end) == []


def test_a_misspelt_rule_name_is_a_warning_at_the_name(tmp_path):
    variant = ("when the round ends (scorign):\n    for each p in players:\n"
               "        increase points of p by 1\n")
    assert warnings(tmp_path, variant) == [(
        "warning", 3, 22,
        "'when the round ends (scorign)' replaces nothing in duel.rules: it is added, to run after the base's "
        "'when the round ends' rules",
        "did you mean 'scoring'? (a variant's 'when the round ends' rule replaces the base's rule of the same name)")]
    # and the base's scoring still runs: 9 and 12, and 1 a round each
    assert played(tmp_path, variant) == (12, 15, 3, (1,))


def test_a_name_used_twice_in_one_file_is_reported_at_the_second(tmp_path):
    twice = BASE + "when the round ends (scoring):\n    increase rounds by 0\n"
    assert errors(tmp_path, None, twice) == [(
        None, 24, 22, "'scoring' already names a 'when the round ends' rule (line 18)",
        "give each rule a name of its own")]
    # in a variant: both of its rules would replace the base's one, so the second is
    # reported, pointing at the first in the variant
    variant = "when the round ends (scoring):\n    increase rounds by 0\n" * 2
    assert errors(tmp_path, variant) == [(
        None, 5, 22, "'scoring' already names a 'when the round ends' rule (line 3)",
        "give each rule a name of its own")]


# ---- without: a variant takes a base's item out ---------------------------------------

def test_a_variant_takes_a_named_round_end_rule_out(tmp_path):
    # nobody scores; the unnamed rule still counts the rounds, and the tie makes both win
    assert played(tmp_path, "without when the round ends (scoring)\n") == (0, 0, 3, (0, 1))
    # taken out, then a new rule of another name added: it runs after the base's unnamed one
    again = ("without when the round ends (scoring)\nwhen the round ends (tally):\n    for each p in players:\n"
             "        increase points of p by rounds\n")
    assert played(tmp_path, again) == (6, 6, 3, (0, 1))


def test_a_variant_takes_an_action_an_ending_and_an_invariant_out(tmp_path):
    extra = ('action fold "Fold":\n    end the game with folded\nending folded "a player folded": nobody wins\n'
             'invariant some "cards are left": count of deck > 0\n')
    write(tmp_path, "duel.rules", BASE + extra)
    st = ruleforge.load(tmp_path / "duel.rules").new(1)
    arrange(st, "hand", ["2♣", "5♥", "9♠"], 0)
    assert [str(a) for a in st.legal_actions()] == ["fold", "play(c=2♣)", "play(c=5♥)", "play(c=9♠)"]
    v = write(tmp_path, "v.rules", 'extends "duel.rules"\n\nwithout action fold\nwithout ending folded\n'
                                   'without invariant some\n')
    g = ruleforge.load(v)
    st = g.new(1)
    arrange(st, "hand", ["2♣", "5♥", "9♠"], 0)
    assert [str(a) for a in st.legal_actions()] == ["play(c=2♣)", "play(c=5♥)", "play(c=9♠)"]
    ch = check_source(*read_source(v))[1]
    assert (list(ch.actions), list(ch.endings), ch.invariants) == (["play"], ["out"], [])


def test_a_variant_takes_a_card_out(tmp_path):
    base = ('game "C"\nplayers 2\nattribute kind: coin\ncards: listed in deck\nzone deck: pile\n'
            'card "Gold":\n    kind: coin\ncard "Silver":\n    kind: coin\n    copies: 2\ncard "Lead":\n    kind: coin\n'
            'turn:\n    move top of deck to deck at bottom\nending e: nobody wins when deck is empty\n')
    write(tmp_path, "coins.rules", base)
    v = write(tmp_path, "v.rules", 'extends "coins.rules"\nwithout card "Silver"\n')
    assert [c.title for c in check_source(*read_source(v))[1].card_decls] == ["Gold", "Lead"]


def test_taking_out_what_a_kept_rule_uses_names_the_without_line(ruleforge_cmd, tmp_path):
    write(tmp_path, "duel.rules", BASE)
    v = write(tmp_path, "v.rules", 'extends "duel.rules"\n\nwithout action play\nwithout ending out\n'
                                   'turn:\n    current takes play\n')
    ran = ruleforge_cmd("check", v)
    assert ran.code == 1
    assert ran.err == (
        f"{v}:6:19: error: unknown action or action group 'play': 'without action play' takes it out (line 3)\n"
        "        current takes play\n"
        "                      ^^^^\n"
        "  hint: a variant can take out only what no rule uses: replace the rules that use it too\n"
        f"1 error in {v}\n")


def test_a_use_in_the_base_of_what_the_variant_took_out_points_into_the_base(tmp_path):
    extra = 'ending folded "a player folded": nobody wins\naction fold "Fold":\n    end the game with folded\n'
    assert errors(tmp_path, "without ending folded\n", BASE + extra) == [(
        "duel.rules", 26, 23,
        "unknown ending 'folded': 'without ending folded' takes it out (line 3 of the variant)",
        "a variant can take out only what no rule uses: replace the rules that use it too")]


def test_a_without_line_that_names_nothing_of_the_base_is_an_error_with_did_you_mean(tmp_path):
    assert errors(tmp_path, "without when the round ends (scorign)\nwithout action pley\n") == [
        (None, 3, 30, "duel.rules has no 'when the round ends (scorign)' rule to take out",
         "did you mean 'scoring'?"),
        (None, 4, 16, "duel.rules has no action 'pley' to take out", "did you mean 'play'?")]


def test_an_event_rule_is_taken_out_by_its_name_only(tmp_path):
    assert errors(tmp_path, "without when the round ends\n") == [(
        None, 3, 1, "'without when the round ends' needs the rule's name: a game may have several "
                    "'when the round ends' rules",
        "write 'without when the round ends (scoring)'")]


def test_without_twice_beside_the_variants_own_item_and_outside_a_variant_are_errors(tmp_path):
    variant = ('without when the round ends (scoring)\nwithout when the round ends (scoring)\nwithout action play\n'
               'action play "Play":\n    with c in hand of current\n    move c to played of current\n')
    assert errors(tmp_path, variant) == [
        (None, 4, 30, "'when the round ends (scoring)' is taken out already (line 3)", "keep one 'without' line"),
        (None, 5, 16, "this variant also declares action 'play' (line 6), which replaces the base's",
         "keep one of the two: the 'without' line or the variant's own")]
    assert errors(tmp_path, None, BASE + "without action play\n") == [(
        None, 24, 1, "'without action play' takes an item out of the file a variant extends, and this file "
                     "extends none",
        "a variant starts with 'extends \"BASE.rules\"'; in a game's own file, delete the item instead")]


TAKES_OUT = ("'without' takes out only an action, an action group, an ending, an invariant, a card, a card list or "
             "an event's rule: without action NAME, actions NAME, ending NAME, invariant NAME, card \"TITLE\", "
             "cards \"TITLE\", when ZONE runs out, when the round ends (NAME)...")


@pytest.mark.parametrize("line, message, hint", [
    # it said "unexpected 'parameter'", expected 'action', 'actions', 'card'...
    ("without parameter rounds", "'without' cannot take out a parameter",
     "a variant changes a parameter's value by giving it again, 'parameter rounds = VALUE' (a run, with "
     "'--set rounds=VALUE'); " + TAKES_OUT),
    ("without zone hand", "'without' cannot take out a zone",
     "a variant replaces a zone by declaring one of the same name ('zone hand ...'); " + TAKES_OUT),
    ("without define top_value", "'without' cannot take out a definition",
     "a variant replaces a definition by declaring one of the same name ('define top_value ...'); " + TAKES_OUT),
    ("without setup", "'without' cannot take out the 'setup:' of the base",
     "a variant replaces it by giving its own 'setup:'; " + TAKES_OUT),
    ("without actoin play", "'without' cannot take out 'actoin'", "did you mean 'action'? " + TAKES_OUT),
])
def test_without_an_item_that_cannot_be_taken_out_says_what_can(tmp_path, line, message, hint):
    assert errors(tmp_path, line + "\n") == [(None, 3, 9, message, hint)]


def test_a_variant_sees_its_bases_symbols_when_it_names_a_declaration(tmp_path):
    # the clash of a declaration with a card's symbol is found across the two files
    base = ('game "C"\nplayers 2\nattribute kind: coin, pudding\ncards: listed in deck\nzone deck: pile\n'
            'card "Gold":\n    kind: pudding\nturn:\n    move top of deck to deck at bottom\n'
            'ending e: nobody wins when deck is empty\n')
    write(tmp_path, "coins.rules", base)
    v = write(tmp_path, "v.rules", 'extends "coins.rules"\ndefine pudding of p = 1\n')
    with pytest.raises(RuleFileError) as e:
        check_source(*read_source(v))
    assert [(d.span.line, d.span.column, d.message) for d in e.value.diagnostics] == [
        (2, 8, "'pudding' is already a symbol, a value of attribute 'kind' (coins.rules:3): a definition cannot "
               "have its name")]


# ---- the reference's variant examples ------------------------------------------------

PAGE = Path(__file__).parents[1] / "docs" / "language.md"


def test_the_variant_examples_of_the_reference_check_and_play_as_a_chain(tmp_path):
    # tests/test_language_examples.py leaves out blocks that extend a file: here each is
    # written under the name the paragraph before it gives it (`lucky-bonus.rules`)
    md = PAGE.read_text(encoding="utf-8")
    names = []
    for m in re.finditer(r"```rules\n(.*?)```", md, re.S):
        text = m.group(1)
        if text.startswith("# Lucky Sevens: a small"):
            write(tmp_path, "lucky.rules", text)
        elif 'extends "' in text:
            paragraph = md[:m.start()].rstrip().rsplit("\n\n", 1)[-1]
            names.append(re.search(r"`([\w-]+\.rules)`", paragraph).group(1))
            write(tmp_path, names[-1], text)
    assert names == ["lucky-long.rules", "lucky-bonus.rules", "lucky-catch-up.rules"]
    for name in names:
        assert check_source(*read_source(tmp_path / name))[1].warnings == []
    g = ruleforge.load(tmp_path / "lucky-catch-up.rules")
    assert (list(g.actions), [p.name for p in g.round_end_procs], list(g.runs_out)) == (
        ["draw", "play"], ["when the round ends (bonus)"], [])
