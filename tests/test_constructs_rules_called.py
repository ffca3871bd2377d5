"""Rules called by name (`rule NAME:`, `rule NAME of KIND p, ...:`, and the name alone on a
line): what fresh readers of Love Letter, Sushi Go and Cribbage wanted, to write "score the
round" or "a player is knocked out" once and use it from several places.

Each test runs a small rule file on a stacked deck with fixed choices and asserts the exact
state, or checks a wrong use and asserts the exact diagnostics (line, column, text, hint)."""

from __future__ import annotations

import pytest

import ruleforge
from ruleforge import RuleError, RuleFileError
from ruleforge.drivers.deep import actions_leak
from ruleforge.drivers.narrate import Narrator
from ruleforge.lang.limits import MAX_BLOCK_DEPTH
from ruleforge.load import check_source
from ruleforge.runtime.determinize import determinize
from ruleforge.testing import arrange, check_properties, new_arranged, play

BASE = """\
game "t"
players 2
cards: standard deck in deck
zone deck: pile, face down
zone discard: pile, face up
zone hand per player: hand
counter score per player = 0
counter n = 0
"""
DEAL = """\
setup:
    for each p in players:
        move top 3 cards of deck to hand of p
"""


def make(tmp_path, text, base=BASE):
    path = tmp_path / "t.rules"
    path.write_text(base + text)
    return ruleforge.load(path)


def errors(text, base=BASE):
    with pytest.raises(RuleFileError) as e:
        check_source("t.rules", (base + text).encode())
    return [(d.span.line, d.span.column, d.message, d.hint) for d in e.value.diagnostics]


def said(st) -> list[str]:
    return [line.strip()[2:] for line in Narrator(st.game).lines(st.record) if line.strip().startswith("— ")]


def legal(st) -> list[str]:
    return [str(a) for a in st.legal_actions()]


def scores(st) -> list[int]:
    return [st.counter("score", p) for p in range(2)]


# ---- one rule, called from two places -------------------------------------------------------

SCORE_ROUND = """\
rule score_round:
    for each p in players:
        increase score of p by count of hand of p
    say "scored {score of player 1} to {score of player 2}"
action draw:
    move top of deck to hand of current
    score_round
turn:
    current takes an action
    increase n by 1
when the round ends:
    score_round
ending done: players with the highest score win when n = 4
"""


def test_a_rule_called_from_an_action_and_the_round_end(tmp_path):
    st = make(tmp_path, SCORE_ROUND).new(1, record=True)
    arrange(st, "deck", ["4♣", "Q♥", "2♦", "7♠"])
    play(st, "draw")
    assert st.cards_in("hand", 0) == ["7♠"] and scores(st) == [1, 0]
    play(st, "draw")
    # the action's call, then the round end's: both hands counted twice
    assert st.cards_in("hand", 1) == ["2♦"] and scores(st) == [3, 2]
    assert said(st) == ["scored 1 to 0", "scored 2 to 1", "scored 3 to 2"]
    play(st, "draw", "draw")
    # the ending holds after the last turn's 'increase n', before the round's end runs
    assert st.is_over and scores(st) == [7, 5] and st.result.winners == (0,)
    assert said(st)[3:] == ["scored 5 to 3", "scored 7 to 5"]


# ---- parameters: bound to the values given, worked out once at the call -------------------

KEEP = DEAL + """\
rule keep of player p, number k:
    move cards in hand of p to discard
    increase score of p by k * 10 + count of hand of p
    say "{p} keeps {k}"
turn:
    move top of deck to hand of current
    keep of (current, count of hand of current)
    end the game with done
ending done: nobody wins
"""


def test_a_rule_with_parameters_reads_the_values_as_they_were_at_the_call(tmp_path):
    st = new_arranged(make(tmp_path, KEEP), 1, [("hand", ["2♣", "5♥", "9♠"], 0), ("deck", ["K♦"])], record=True)
    # k is the hand counted at the call (4 cards), not after the rule emptied it (0)
    assert st.is_over and scores(st) == [40, 0]
    assert st.cards_in("discard") == ["2♣", "5♥", "9♠", "K♦"] and st.cards_in("hand", 0) == []
    assert said(st) == ["player 1 keeps 4"]


# ---- a decision inside a called rule -----------------------------------------------------

DISCARD_ONE = DEAL + """\
rule discard_one of p:
    let c = p chooses a card in hand of p "to discard"
    move c to discard
    increase score of p by c.value
    say "{p} discards {c}"
turn:
    discard_one of current
    discard_one of current
    increase n by 1
ending done: players with the highest score win when n = 2
"""


def test_a_called_rule_stops_at_its_decision_and_clones(tmp_path):
    st = make(tmp_path, DISCARD_ONE).new(1, record=True)
    arrange(st, "hand", ["2♣", "5♥", "9♠"], 0)
    arrange(st, "hand", ["3♦", "K♣", "7♥"], 1)
    assert legal(st) == ["2♣", "5♥", "9♠"] and st.prompt == "to discard" and st.current_player == 0
    play(st, "5♥")
    # the second call asks again, the statement after it has not run
    assert legal(st) == ["2♣", "9♠"] and st.counter("n") == 0 and scores(st) == [5, 0]
    other = st.clone()
    play(st, "9♠")
    play(other, "2♣")
    assert scores(st) == [14, 0] and scores(other) == [7, 0]
    assert st.cards_in("hand", 0) == ["2♣"] and other.cards_in("hand", 0) == ["9♠"]
    assert st.counter("n") == 1 and st.current_player == 1 and legal(st) == ["K♣", "3♦", "7♥"]
    play(st, "K♣", "7♥")
    assert st.is_over and scores(st) == [14, 20] and st.result.winners == (1,)
    assert said(st) == ["player 1 discards 5♥", "player 1 discards 9♠", "player 2 discards K♣",
                        "player 2 discards 7♥"]


GAMBLE = """\
rule gamble of card c, player p:
    if p chooses "keep" over "pass":
        move c to hand of p
    else:
        move c to discard
turn:
    gamble of (top of deck, current)
    increase n by 1
ending done: nobody wins when n = 2
"""


def test_a_hidden_card_held_by_a_parameter_across_a_decision(tmp_path):
    """The card parameter lives in the frame's list while the rule waits: a world sampled
    for a seat that cannot see it holds the card that world has at its place."""
    st = new_arranged(make(tmp_path, GAMBLE), 1, [("deck", ["8♣", "J♦"])])
    assert legal(st) == ["keep", "pass"]
    for seed in range(4):
        world = determinize(st, 1, seed)
        assert actions_leak(st, world) is None
        top = world.cards_in("deck")[-1]
        play(world, "pass")
        assert world.cards_in("discard") == [top]
    play(st, "pass")
    assert st.cards_in("discard") == ["J♦"] and st.current_player == 1
    play(st, "keep")
    assert st.cards_in("hand", 1) == ["8♣"] and st.is_over


# ---- nested calls, and statements that act where the rule is written out -----------------

NESTED = DEAL + """\
rule bonus of player p, number k:
    increase score of p by k
    say "{p} gets {k}"
rule score_hand of p:
    for each c in hand of p where c.suit = hearts:
        bonus of (p, c.value)
    bonus of (p, 1)
turn:
    score_hand of current
    increase n by 1
    end the game with done
ending done: nobody wins
"""


def test_a_called_rule_calls_another(tmp_path):
    st = new_arranged(make(tmp_path, NESTED), 1, [("hand", ["5♥", "2♣", "9♥"], 0)], record=True)
    assert st.is_over and scores(st) == [15, 0] and st.counter("n") == 1
    assert said(st) == ["player 1 gets 5", "player 1 gets 9", "player 1 gets 1"]


END_TURN = """\
rule finish of p:
    increase score of p by 1
    end turn
action go:
    finish of current
    increase score of current by 100
turn:
    current takes an action
    increase score of current by 1000
    increase n by 1
ending done: nobody wins when score of player 2 > 0
"""


def test_end_turn_in_a_called_rule_ends_the_turn_it_runs_in(tmp_path):
    st = make(tmp_path, END_TURN).new(1)
    play(st, "go")
    assert scores(st) == [1, 0] and st.counter("n") == 0 and st.current_player == 1


# ---- card effects ----------------------------------------------------------------------

LISTED = """\
game "t"
players 2
attribute kind: guard, baron, priest, king, princess
cards: listed in deck
zone deck: pile, face down
zone hand per player: hand
zone discards per player: pile, face up
counter out per player = 0

# Love Letter: "a player knocked out" is the same for every card that does it
rule knock_out of p:
    reveal cards in hand of p to discards of p
    say "{p} is out"
    set out of p to 1
rule boast:
    say "{owner} plays {this}"

card "Guard":
    kind: guard
    value: 1
    on play:
        boast
        knock_out of (the player after owner)
card "Baron":
    kind: baron
    value: 3
    on play:
        boast
        knock_out of owner
card "Priest":
    kind: priest
    value: 2
card "King":
    kind: king
    value: 6
card "Princess":
    kind: princess
    value: 8

action play:
    with c in hand of current
    move c to discards of current
    resolve play effect of c by current
setup:
    for each p in players:
        move top 2 cards of deck to hand of p
turn:
    current takes an action
ending done: players where out of it = 0 win when any p in players has out of p = 1
"""


@pytest.mark.parametrize("card, outs, discards, lines", [
    # the Guard knocks out the player after its owner, the Baron its owner
    ("Guard", [0, 1], (["Guard"], ["King", "Princess"]), ["player 1 plays Guard", "player 2 is out"]),
    ("Baron", [1, 0], (["Baron", "Guard"], []), ["player 1 plays Baron", "player 1 is out"]),
])
def test_a_rule_called_from_card_effects(tmp_path, card, outs, discards, lines):
    path = tmp_path / "t.rules"
    path.write_text(LISTED)
    st = ruleforge.load(path).new(1, record=True)
    arrange(st, "hand", ["Guard", "Baron"], 0)
    arrange(st, "hand", ["King", "Princess"], 1)
    play(st, f"play(c={card})")
    assert st.is_over and st.result.winners == (outs.index(0),)
    assert [st.counter("out", p) for p in range(2)] == outs
    assert (st.cards_in("discards", 0), st.cards_in("discards", 1)) == discards
    assert said(st) == lines


def test_a_rule_of_a_cards_own_words_is_called_only_from_a_cards_effect():
    text = LISTED.replace("    current takes an action\n", "    current takes an action\n    boast\n")
    assert errors(text, base="") == [
        (49, 5, "'boast' uses 'owner' (line 16), a card's own owner: a rule that uses it can be called only from "
                "a card's effect", "give the rule a parameter ('rule boast of p:'), and call it from the card as "
                                   "'boast of owner'"),
        (49, 5, "'boast' uses 'this' (line 16), a card's own self: a rule that uses it can be called only from a "
                "card's effect", "give the rule a parameter ('rule boast of card c:'), and call it from the card "
                                 "as 'boast of this'")]


@pytest.mark.parametrize("text", [BASE + DISCARD_ONE, BASE + GAMBLE, LISTED], ids=["decisions", "held card", "effects"])
def test_games_with_called_rules_hold_under_a_deep_check(tmp_path, text):
    """Random games of each: invariants, card conservation, the actions offered, every
    seat's view (nothing hidden leaks through a decision inside a called rule) and replay."""
    path = tmp_path / "t.rules"
    path.write_text(text)
    check_properties(ruleforge.load(path), examples=30)


# ---- variants ---------------------------------------------------------------------------

def test_a_variants_rule_replaces_the_bases(tmp_path):
    (tmp_path / "base.rules").write_text(BASE + SCORE_ROUND)
    (tmp_path / "double.rules").write_text(
        'extends "base.rules"\n'
        "rule score_round:\n"
        "    for each p in players:\n"
        "        increase score of p by 2 * count of hand of p\n")
    base = ruleforge.load(tmp_path / "base.rules").new(1)
    double = ruleforge.load(tmp_path / "double.rules")
    assert double.warnings == []
    st = double.new(1)
    for s in (base, st):
        arrange(s, "deck", ["4♣", "Q♥", "2♦", "7♠"])
        play(s, "draw", "draw")
    assert scores(base) == [3, 2] and scores(st) == [6, 4]


# ---- mistakes, each said where it is ------------------------------------------------------

TURN = "turn:\n    move top of deck to hand of current\n"
END = "ending done: nobody wins when n = 1\n"


def test_a_rule_that_calls_itself_is_said_at_the_call_that_closes_the_loop():
    assert errors("rule a:\n"          # line 9
                  "    say \"a\"\n"
                  "    b\n"
                  "rule b:\n"
                  "    if n > 0:\n"
                  "        a\n"       # line 14
                  "rule c:\n"
                  "    c\n"           # line 16
                  "turn:\n"
                  "    a\n" + END) == [
        (14, 9, "rule 'a' calls itself ('a' calls 'b', which calls 'a')",
         "a rule is written out where it is called, so one that calls itself would never end: repeat its "
         "statements with 'repeat' or 'for each' instead"),
        (16, 5, "rule 'c' calls itself",
         "a rule is written out where it is called, so one that calls itself would never end: repeat its "
         "statements with 'repeat' or 'for each' instead")]


def test_a_call_names_a_declared_rule_with_its_values():
    assert errors("rule score_round:\n"
                  "    increase n by 1\n"
                  "rule pay of player p, number k:\n"
                  "    increase score of p by k\n"
                  "rule knock of p:\n"
                  "    set score of p to 0\n"
                  "turn:\n"
                  "    scroe_round\n"                 # 16
                  "    score_round of current\n"
                  "    pay of (current, 1, 2)\n"
                  "    pay of current\n"
                  "    pay\n"                         # 20
                  "    pay of (3, current)\n"
                  "    knock\n"
                  "    let x = score_round\n" + END) == [
        (16, 5, "unknown rule 'scroe_round'", "did you mean 'score_round'?"),
        (17, 5, "'score_round' takes no values", "write 'score_round' alone"),
        (18, 5, "'pay' takes 2 values (p, k), not 3", None),
        (19, 5, "'pay' takes 2 values: write 'pay of (PLAYER, NUMBER)'", None),
        (20, 5, "'pay' takes 2 values", "write 'pay of (PLAYER, NUMBER)'"),
        (21, 13, "'p' of 'pay' must be a player, not a number", None),
        (21, 16, "'k' of 'pay' must be a number, not a player", None),
        (22, 5, "'knock' takes a player", "write 'knock of current'"),
        (23, 13, "'score_round' is a rule: it runs statements and has no value",
         "write 'score_round' alone on a line to run it")]


def test_a_rules_heading_is_held_to_the_kinds_and_names_of_the_language():
    assert errors("rule move:\n    increase n by 1\n"
                  "rule count:\n    increase n by 1\n"
                  "rule pick of colur c:\n    increase n by 1\n"
                  "rule hand:\n    increase n by 1\n" + TURN + END) == [
        (9, 6, "'move' is a word of the language and cannot name a rule", "choose another name"),
        (11, 6, "'count' is a word of the language and cannot name a rule", "choose another name"),
        (13, 20, "'colur' is not a kind of value, so 'c' cannot be one", "did you mean 'color'?"),
        (15, 6, "'hand' is already declared as a zone at line 6", "each name may be declared once")]


@pytest.mark.parametrize("body, call_site, message, hint", [
    ("    end turn\n", "setup:\n    r\n",
     "'r' uses 'end turn' (line 10), which cannot be used in setup rules",
     "call it from a turn or an action, or write 'end turn' after the call instead"),
    ("    end turn\n", "when the round ends:\n    r\n",
     "'r' uses 'end turn' (line 10), which cannot be used in event rules",
     "call it from a turn or an action, or write 'end turn' after the call instead"),
    ("    move top of deck to hand of current\n", "setup:\n    r\n",
     "'r' uses 'current' (line 10), and there is no current player during setup",
     "give the rule a parameter ('rule r of p:'), and name the player at the call: a role, or p in "
     "'for each p in players'"),
    ("    end the game with done\n", "when the game ends:\n    r\n",
     "'r' ends the game (line 10), and the game is already ending here", None),
    ("    let drawn = top of deck for the turn\n", "setup:\n    r\n",
     "'r' uses the value of the turn 'drawn' (line 10), which only the rules that run during a turn can use, "
     "not setup rules", "call it from a turn, an action, a card effect or an event"),
])
def test_what_a_rule_needs_of_its_place_is_said_at_each_call(body, call_site, message, hint):
    assert errors("rule r:\n" + body + call_site + TURN + END) == [(12, 5, message, hint)]


def test_what_a_rule_needs_is_said_through_the_rules_that_call_it():
    assert errors("rule inner:\n"
                  "    end turn\n"       # 10
                  "rule outer:\n"
                  "    inner\n"
                  "setup:\n"
                  "    outer\n" + TURN + END) == [
        (14, 5, "'outer' uses 'end turn' (line 10, in rule 'inner'), which cannot be used in setup rules",
         "call it from a turn or an action, or write 'end turn' after the call instead")]


def test_the_blocks_of_a_rule_written_out_are_held_to_the_depth_limit():
    inner = "".join("    " * k + "if n = 0:\n" for k in range(1, 10)) + "    " * 10 + "increase n by 1\n"
    outer = "".join("    " * k + "if n = 0:\n" for k in range(1, 8)) + "    " * 8 + "deep\n"
    assert errors("rule deep:\n" + inner + "turn:\n" + outer + END) == [
        (28, 33, f"'deep' written out here nests blocks 17 deep (this call's 8, with the rule's own): blocks nest "
                 f"at most {MAX_BLOCK_DEPTH} deep",
         "call it from a block nested less deeply, or nest fewer blocks in the rule; this is ruleforge's limit "
         "MAX_BLOCK_DEPTH; if a real game needs more, raise it in ruleforge/lang/limits.py (docs/limits.md)")]


def test_what_calls_write_out_is_held_to_a_limit():
    """Each rule calls the one before ten times: a few lines that would write out half a
    million parts of rules, refused at the call that does it, before anything is written."""
    rules = "rule r0:\n    increase n by 1\n" + "".join(
        f"rule r{k}:\n" + f"    r{k - 1}\n" * 10 for k in range(1, 6))
    assert errors(rules + "turn:\n    r5\n" + END) == [
        (67, 5, "calling 'r5' here writes out 522,220 parts of rules ('r5' and the rules it calls: statements, names, "
                "numbers, each character of a text...), 522,220 with the calls before it: the rules written out at "
                "their calls are limited to 100,000 parts",
         "this is ruleforge's limit MAX_WRITTEN_OUT; if a real game needs more, raise it in ruleforge/lang/limits.py "
         "(docs/limits.md)")]


def test_a_chain_of_calls_is_held_to_a_limit():
    """The compiler writes each rule out inside the one that calls it: 101 rules, each
    calling the next, would go past what it can nest."""
    rules = "rule r0:\n    increase n by 1\n" + "".join(f"rule r{k}:\n    r{k - 1}\n" for k in range(1, 101))
    assert errors(rules + "turn:\n    r100\n" + END) == [
        (212, 5, "'r100' calls rules 101 deep, itself counted (each written out inside the one that calls it): a "
                 "chain of calls is limited to 100",
         "this is ruleforge's limit MAX_CALL_DEPTH; if a real game needs more, raise it in ruleforge/lang/limits.py "
         "(docs/limits.md)")]
    check_source("t.rules", (BASE + rules + "turn:\n    r99\n" + END).encode())  # 100 deep: checks


# ---- warnings, the compiled source, errors in play ----------------------------------------

def test_a_rule_nothing_calls_is_a_warning():
    _, checked = check_source("t.rules", (BASE + "rule spare:\n    increase n by 1\n" + TURN + END).encode())
    assert [(w.span.line, w.span.column, w.message, w.hint) for w in checked.warnings] == [
        (9, 6, "nothing calls the rule 'spare'", "write 'spare' on a line of the rules where it should run, or "
                                                 "remove it")]


def test_a_rule_only_rules_that_never_run_call_is_a_warning_naming_them():
    # 'b' and 'c' were silent: a rule calls each, though nothing that runs reaches them
    text = ("rule a:\n    b\n    c\n"                      # lines 9-11
            "rule b:\n    c\n"                             # lines 12-13
            "rule c:\n    increase n by 1\n"               # lines 14-15
            "rule d:\n    c\n"                             # lines 16-17
            "rule used:\n    e\n"                          # lines 18-19
            "rule e:\n    increase n by 1\n"               # lines 20-21
            "turn:\n    used\n    move top of deck to hand of current\n")
    _, checked = check_source("t.rules", (BASE + text + END).encode())
    assert [(w.span.line, w.span.column, w.message, w.hint) for w in checked.warnings] == [
        (9, 6, "nothing calls the rule 'a'", "write 'a' on a line of the rules where it should run, or remove it"),
        (12, 6, "the rule 'b' never runs: only 'a' calls it, and nothing calls 'a'",
         "write 'a' on a line of the rules where it should run, or remove the rules that never run"),
        (14, 6, "the rule 'c' never runs: only 'a', 'b' and 'd' call it, and they never run (nothing calls 'a' or "
                "'d')", "write 'a' or 'd' on a line of the rules where it should run, or remove the rules that "
                        "never run"),
        (16, 6, "nothing calls the rule 'd'", "write 'd' on a line of the rules where it should run, or remove it")]
    # a chain hung from one rule: the one that calls it never runs, and the root is named
    text = "rule x:\n    y\nrule y:\n    z\nrule z:\n    increase n by 1\n" + TURN
    _, checked = check_source("t.rules", (BASE + text + END).encode())
    assert [(w.span.line, w.message) for w in checked.warnings] == [
        (9, "nothing calls the rule 'x'"), (11, "the rule 'y' never runs: only 'x' calls it, and nothing calls 'x'"),
        (13, "the rule 'z' never runs: only 'y' calls it, which never runs (nothing calls 'x')")]


def test_compile_shows_the_rule_written_out_at_its_call(ruleforge_cmd, tmp_path):
    path = tmp_path / "t.rules"
    path.write_text(BASE + KEEP)
    r = ruleforge_cmd("compile", path)
    assert r.code == 0
    lines = r.out.splitlines()
    at = lines.index("    # rule 'keep' (line 12)")
    # the values first, under names of their own, then the rule's statements
    assert lines[at + 1:at + 4] == ["    p_2 = CUR[st.turn_pos]", "    k_3 = len(Z[(2, 3)[CUR[st.turn_pos]]])",
                                    "    z4 = (2, 3)[p_2]"]


def test_an_error_in_a_called_rule_names_the_rule_and_its_call(tmp_path):
    text = ("rule bad of p:\n"
            "    increase score of p by (the card in deck).value\n"   # line 10
            "turn:\n"
            "    move top of deck to hand of current\n"
            "    bad of current\n" + END)                          # line 13
    with pytest.raises(RuleError) as e:
        make(tmp_path, text).new(1)
    assert e.value.message == "'the card in' found 51 cards where one was expected"
    assert e.value.where() == "in rule 'rule bad' (line 10), reached from 'turn' (line 13)"
