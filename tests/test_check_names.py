"""Names a fresh reader misused, found writing Love Letter and Sushi Go from the docs: a
rule's name alone on a line, as if to call it; a declaration named like a card's symbol,
which hid the symbol; texts compared with '<='. Each is said where the mistake is, with
what to write."""

from __future__ import annotations

import pytest

import ruleforge

NAMES = """\
game "t"
players 2
attribute kind: gem, rock
cards: listed in box
zone box: pile, face down
zone hand per player: hand
counter score per player = 0
define score_round = 3
ending done: nobody wins
action play:
    with c in hand of current
    move c to box
turn:
    current takes an action
when the round ends:
{line}
card "Gem":
    kind: gem
    value: 1
    on play:
        say "a gem"
card "Pebble":
    kind: rock
    value: 2
    on polish:
        say "shiny"
"""

STARTS = ("a statement starts with move, reveal, flip, swap, shuffle, deal, set, increase, decrease, let, say, if, "
          "repeat, for each, resolve, eliminate or end, or names a player: current chooses a card in hand of "
          "current, current takes an action, p looks at c, p finishes")
SHARED = "to share statements between rules, declare them once with 'rule NAME:' and write NAME where they run"


@pytest.mark.parametrize("line, message, hint", [
    # the reader's: "this line ends too early", "expected 'finishes', 'looks', 'takes'"
    # (the name read as a player starting `p takes ...`)
    ("    score_round", "'score_round' is a definition: a rule cannot call it by its name",
     "a definition gives a value, not statements: use it inside a statement (if, set, say...), and write the "
     f"statements themselves here; {SHARED}"),
    ("    play  # score it", "'play' is an action: a rule cannot call it by its name",
     "a player takes it: write 'PLAYER takes play' (or 'takes an action'); to run its statements without a "
     f"player's choice, write them here; {SHARED}"),
    ("    done", "'done' is an ending: a rule cannot call it by its name",
     "to end the game with it, write: end the game with done"),
    ("    polish", "'polish' is the trigger of a card's effect: a rule cannot call it by its name",
     "to run a card's effect, write: resolve polish effect of CARD by PLAYER"),
    ("    score", "'score' is a counter: a name alone is not a statement", STARTS),
    ("    hand", "'hand' is a zone: a name alone is not a statement", STARTS),
    ("    tally_up", "unknown rule 'tally_up'",
     f"declare it with 'rule tally_up:' and its statements in a block, or write the statements themselves here; "
     f"{STARTS}"),
    # a statement word misspelt, alone on its line: the hint of `uneliminate current`
    ("    uneliminate", "unknown statement 'uneliminate'", "did you mean 'eliminate'?"),
    ("    shufle", "unknown statement 'shufle'", "did you mean 'shuffle'?"),
])
def test_a_name_alone_on_a_line_is_no_statement(ruleforge_cmd, tmp_path, line, message, hint):
    f = tmp_path / "bare.rules"
    f.write_text(NAMES.format(line=line))
    r = ruleforge_cmd("check", f)
    name = line.split()[0]
    assert r.code == 1
    assert r.err.splitlines() == [f"{f}:16:5: error: {message}", "    " + line, "        " + "^" * len(name),
                                  f"  hint: {hint}", f"1 error in {f}"]


def test_a_player_alone_still_says_what_may_follow(ruleforge_cmd, tmp_path):
    # `current` is a player: what follows it is the hint, as before
    f = tmp_path / "bare.rules"
    f.write_text(NAMES.format(line="    current"))
    r = ruleforge_cmd("check", f)
    assert r.err.splitlines()[:4] == [f"{f}:16:12: error: this line ends too early", "        current",
                                      "               ^", "  hint: expected 'finishes', 'looks', 'takes'"]


CLASH = """\
game "t"
players 2
{before}
attribute kind: gem, pudding
cards: listed in box
zone box: pile, face down
zone desserts per player: pile, face up
{after}
ending done: nobody wins
turn:
    move top of box to desserts of current
card "Gem":
    kind: gem
    value: 1
card "Pudding":
    kind: pudding
    value: 0
    text: "a pudding"
"""


@pytest.mark.parametrize("before, after, line, column, message, kind", [
    # the reader's: three errors at the cards and rules that named the symbol ("'pudding'
    # takes a player", "hint: write 'pudding of current'"), none at the definition
    ("", "define pudding of p = count of desserts of p\ndefine most = pudding of current + 1", 8, 8,
     "'pudding' is already a symbol, a value of attribute 'kind' (line 4): a definition cannot have its name",
     "definition"),
    ("", "counter pudding per player = 0", 8, 9,
     "'pudding' is already a symbol, a value of attribute 'kind' (line 4): a counter cannot have its name", "counter"),
    ("", "zone pudding: pile", 8, 6,
     "'pudding' is already a symbol, a value of attribute 'kind' (line 4): a zone cannot have its name", "zone"),
    ("", "quantity pudding: 2", 8, 10,
     "'pudding' is already a symbol, a value of attribute 'kind' (line 4): a quantity cannot have its name",
     "quantity"),
    # declared above the attribute line: said at the symbol, the later of the two
    ("parameter pudding = 6", "", 4, 22,
     "'pudding' is already the name of a parameter (line 3): a symbol cannot have it", "parameter"),
    ("", "pieces pudding: one for each kind in [gem]\n    step from 0 to 3, starting at 0", 8, 8,
     "'pudding' is already a symbol, a value of attribute 'kind' (line 4): a set of pieces cannot have its name",
     "set of pieces"),
    ("role pudding\nrole north", "", 4, 22,
     "'pudding' is already the name of a role (line 2): a symbol cannot have it", "role"),
])
def test_a_declaration_named_like_a_symbol_is_said_once_where_the_second_is(ruleforge_cmd, tmp_path, before, after,
                                                                             line, column, message, kind):
    f = tmp_path / "clash.rules"
    text = CLASH.format(before=before, after=after)
    if before.startswith("role"):
        text = text.replace("players 2\n", "")
    f.write_text(text)
    r = ruleforge_cmd("check", f)
    lines = r.err.splitlines()
    assert r.code == 1
    assert lines[0] == f"{f}:{line}:{column}: error: {message}"
    assert lines[2] == " " * (column + 3) + "^" * len("pudding")
    assert lines[3] == f"  hint: written alone, 'pudding' would mean the {kind}, never the symbol: rename one of them"
    assert lines[4:] == [f"1 error in {f}"]


def test_a_declaration_named_like_a_standard_symbol_is_renamed(ruleforge_cmd, tmp_path):
    f = tmp_path / "hearts.rules"
    f.write_text('game "t"\nplayers 2\ncards: standard deck in box\nzone box: pile, face down\n'
                 "counter hearts per player = 0\nending done: nobody wins\nturn:\n"
                 "    if (top of box).suit = hearts:\n        increase hearts of current by 1\n")
    r = ruleforge_cmd("check", f)
    assert r.err.splitlines() == [
        f"{f}:5:9: error: 'hearts' is already a symbol of the standard deck, a suit (line 3): a counter cannot "
        "have its name", "    counter hearts per player = 0", "            ^^^^^^", "  hint: rename the counter",
        f"1 error in {f}"]


LOCAL = """\
game "t"
players 2
attribute kind: gem, pudding
cards: listed in box
zone box: pile, face down
zone hand per player: hand
define sweet of card c = c.kind = pudding
ending done: nobody wins when box is empty
action eat:
    with c in hand of current
    move c to box
turn:
{line}
card "Gem":
    kind: gem
card "Pudding":
    kind: pudding
"""


@pytest.mark.parametrize("line, column", [
    # `let pudding = ...` hid the symbol in the rest of the rule, in silence: `kind = pudding`
    # below it compared a card's kind with the card
    ("    let pudding = top of box\n    if (top of box).kind = pudding:\n        move pudding to box", 9),
    ("    for each pudding in cards in box:\n        move pudding to hand of current", 14),
    ("    let pudding = current chooses a card in box", 9),
    ("    move top of box to hand of current as pudding", 43),
])
def test_a_local_value_named_like_a_symbol_is_said_where_it_is_bound(ruleforge_cmd, tmp_path, line, column):
    f = tmp_path / "local.rules"
    f.write_text(LOCAL.format(line=line))
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    assert r.err.splitlines() == [
        f"{f}:13:{column}: error: 'pudding' is already a symbol, a value of attribute 'kind' (line 3): a local value "
        "cannot have its name", "    " + line.split("\n")[0], " " * (column + 3) + "^" * len("pudding"),
        "  hint: pick another name for it: written alone in this rule, 'pudding' would mean the local value, never "
        "the symbol", f"1 error in {f}"]


def test_an_action_parameter_or_a_definition_parameter_named_like_a_symbol_is_said_too(ruleforge_cmd, tmp_path):
    f = tmp_path / "params.rules"
    f.write_text('game "t"\nplayers 2\ncards: standard deck in box\nzone box: pile, face down\n'
                 "zone hand per player: hand\ndefine sweet of card red = red.value > 10\nending done: nobody wins\n"
                 "action eat:\n    with hearts in hand of current\n    move hearts to box\nturn:\n"
                 "    current takes an action\n")
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    assert [line for line in r.err.splitlines() if ": error: " in line] == [
        f"{f}:6:22: error: 'red' is already a symbol of the standard deck, a color (line 3): a local value cannot "
        "have its name",
        f"{f}:9:10: error: 'hearts' is already a symbol of the standard deck, a suit (line 3): a local value cannot "
        "have its name"]


def test_a_symbol_listed_twice_is_said_at_its_second_listing(ruleforge_cmd, tmp_path):
    # `pudding` in two attribute lines meant the first's value alone, wherever written: a
    # card given `flavour: pudding` was told its flavour is not a flavour
    f = tmp_path / "twice.rules"
    f.write_text(LOCAL.format(line="    current takes an action").replace(
        "attribute kind: gem, pudding\n", "attribute kind: gem, pudding, gem\nattribute flavour: mint, pudding\n"))
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    assert r.err.splitlines() == [
        f"{f}:3:31: error: 'gem' is listed twice in attribute 'kind'", "    attribute kind: gem, pudding, gem",
        " " * 34 + "^^^", "  hint: list each value once",
        f"{f}:4:26: error: 'pudding' is already a value of attribute 'kind' (line 3): attribute 'flavour' cannot "
        "list it too", "    attribute flavour: mint, pudding", " " * 29 + "^" * 7,
        "  hint: written alone, 'pudding' would mean the kind, never the flavour: rename one of them",
        f"2 errors in {f}"]
    f.write_text('game "t"\nplayers 2\nattribute mood: calm, hearts\ncards: standard deck in box\n'
                 "zone box: pile, face down\nending done: nobody wins\nturn:\n    move top of box to box\n")
    r = ruleforge_cmd("check", f)
    assert r.err.splitlines() == [
        f"{f}:3:23: error: 'hearts' is already a symbol of the standard deck, a suit (line 4): attribute 'mood' "
        "cannot list it", "    attribute mood: calm, hearts", " " * 26 + "^" * 6,
        "  hint: rename it: a symbol is the value of one attribute", f"1 error in {f}"]


PAIR = """\
game "t"
players 2
attribute kind: gem, rock
cards: listed in box
zone box: pile, face down
zone hand per player: hand
ending done: nobody wins when box is empty
setup:
    deal 3 cards from box to hand of each player
action swap_two:
{params}
    move {moved} to box
turn:
    current takes an action
card "Gem":
    kind: gem
    copies: 4
    value: 1
card "Pebble":
    kind: rock
    copies: 4
    value: 2
"""
# the reader's: a pair of cards taken once, in either order, by ordering their names
ORDERED = ("    with first in hand of current\n    with second in hand of current where it != first\n"
           "    allowed if first.name <= second.name")
TEXTS_HINT = ("texts have no order ('=' and '!=' compare them); to choose two cards once, whatever their order, "
              "choose a set of two: with pair some of {zone} where count of pair = 2")


def test_texts_put_in_order_are_told_to_choose_a_set(ruleforge_cmd, tmp_path):
    # it was "each side of '<=' must be a number, not a text", twice (once a side), with no hint
    f = tmp_path / "pair.rules"
    f.write_text(PAIR.format(params=ORDERED, moved="first"))
    r = ruleforge_cmd("check", f)
    assert r.err.splitlines() == [
        f"{f}:13:16: error: each side of '<=' must be a number, not a text",
        "        allowed if first.name <= second.name", "                   ^^^^^^^^^^",
        "  hint: " + TEXTS_HINT.format(zone="hand of current"), f"1 error in {f}"]
    # the hint's own line checks, and offers each pair once
    hinted = "    with pair some of hand of current where count of pair = 2"
    f.write_text(PAIR.format(params=hinted, moved="pair"))
    assert ruleforge_cmd("check", f).code == 0
    game = ruleforge.load(str(f))
    names = sorted(str(a) for a in game.new(1).legal_actions())
    assert len(names) == 3 and len(set(names)) == 3  # (3 cards in hand: 3 pairs)


@pytest.mark.parametrize("condition, errors", [
    # no action's card to choose from: the zone is a placeholder
    ('"a" >= "b"', [(8, "each side of '>=' must be a number, not a text", TEXTS_HINT.format(zone="ZONE"))]),
    # a text and a number: no order of texts meant, no hint (as before)
    ('"a" > count of box', [(8, "each side of '>' must be a number, not a text", None)]),
    ('true < "b"', [(8, "each side of '<' must be a number, not a yes/no condition", None),
                    (15, "each side of '<' must be a number, not a text", None)]),
])
def test_a_text_in_order_outside_an_action(ruleforge_cmd, tmp_path, condition, errors):
    f = tmp_path / "texts.rules"
    f.write_text(PAIR.format(params="    with c in hand of current", moved="c")
                 .replace("    current takes an action", f"    if {condition}:\n        end turn\n"
                                                           "    current takes an action"))
    lines = ruleforge_cmd("check", f).err.splitlines()
    said = [(line, lines[i + 3] if lines[i + 3].startswith("  hint: ") else None)
            for i, line in enumerate(lines) if ": error: " in line]
    assert said == [(f"{f}:14:{column}: error: {message}", hint and f"  hint: {hint}")
                    for column, message, hint in errors]
