"""check --deep warns of a counter every seat reads, changed under a test or to a value that
read cards some seat did not know then or by the next decision (runtime/countertold.py,
codegen/countertold.py, drivers/deep_counter.py): every view lists the counter, so the
change tells every seat what the `say` warnings' texts would (test_say.py, test_said_from.py)."""

from __future__ import annotations

import pytest


# a hand each, a face-up table; the deck unshuffled: player 1 draws K♠, player 2 Q♠
TINY = """\
game "tally"
players 2
cards: standard deck in deck
zone deck "the deck": pile
zone table "the table": pile, face up
zone hand per player: hand
counter n = 0
counter spades_seen = 0
counter tally per player = 0, shown
counter last_value = 0
counter last_card: card
counter mark per card = 0
pieces pawn: one for each suit in [clubs, spades]
    step from 0 to 10, starting at 0
turn:
    move top of deck to hand of current
{line}
    increase n by 1
ending done "two turns": nobody wins when n = 2
"""
CALLED = TINY + "rule count_it:\n    increase tally of current by 1\n"
MARKED = TINY.replace("counter mark per card = 0", "counter mark per card = 0, shown")
TOP = "(top of hand of current)"
FIX = ("every seat sees the counter, so {tells} (change it after a reveal, once the cards are known; keep it only if "
       "the rulebook has it announced)")
UNDER = ("'{name}' is changed here under the test at line {test}, which read cards player 2 did not know, then or by "
         "the next decision: " + FIX.format(tells="its change tells that seat something of them"))
VALUE = ("'{name}' is {how} a value worked out at line {value} from cards player 2 did not know, then or by the next "
         "decision: " + FIX.format(tells="it tells that seat the value"))


def deep(ruleforge_cmd, tmp_path, line, text=TINY):
    path = tmp_path / "tally.rules"
    path.write_text(text.format(line=line))
    return path, ruleforge_cmd("check", "--deep", path, "--examples", 2)


@pytest.mark.parametrize("line, at, warning, text", [
    # a global counter: "spades_seen: 0 → 1" on every screen told player 2 the K♠'s suit
    (f"    if {TOP}.suit = spades:\n        increase spades_seen by 1", "18:9",
     UNDER.format(name="spades_seen", test="17, column 8"), TINY),
    # a counter per player, shown
    (f"    if {TOP}.suit = spades:\n        increase tally of current by 1", "18:9",
     UNDER.format(name="tally of player 1", test="17, column 8"), TINY),
    # set, in an else (under the test before it), in a rule called by name
    (f"    if {TOP}.suit = hearts:\n        say \"hearts\"\n    else:\n        count_it", "24:5",
     UNDER.format(name="tally of player 1", test="17, column 8"), CALLED),
    # a piece's number is in every view too
    (f"    if {TOP}.suit = spades:\n        increase (pawn of clubs).step by 2", "18:9",
     UNDER.format(name="clubs pawn step", test="17, column 8"), TINY),
    # a per-card counter's change is narrated to every seat (its card hidden: "mark of a card")
    (f"    if {TOP}.suit = spades:\n        increase {TOP}.mark by 1", "18:9",
     UNDER.format(name="mark of a card", test="17, column 8"), MARKED),
    # a hidden card's value, set and added
    (f"    set last_value to {TOP}.value", "17:5",
     VALUE.format(name="last_value", how="set here to", value="17, column 23"), TINY),
    (f"    let v = {TOP}.value + 1\n    decrease tally of current by v", "18:5",
     VALUE.format(name="tally of player 1", how="decreased here by", value="17, column 13"), TINY),
])
def test_a_counter_changed_from_hidden_cards_is_a_warning_at_the_change(ruleforge_cmd, tmp_path, line, at, warning,
                                                                       text):
    path, r = deep(ruleforge_cmd, tmp_path, line, text)
    assert r.code == 0
    assert r.out.splitlines()[-1].endswith("views and replay: all hold, 1 warning")
    assert r.err == f"{path}:{at}: warning: {warning}\n"


@pytest.mark.parametrize("line", [
    # the test read a face-up card: every seat could follow it
    "    move top of deck to table\n    if (top of table).suit = spades:\n        increase tally of current by 1",
    # the rule shows the card before the next decision
    f"    if {TOP}.suit = spades:\n        increase tally of current by 1\n    reveal {TOP}",
    f"    reveal {TOP}\n    set last_value to {TOP}.value",
    # a count of a hand reads no card
    "    set last_value to count of hand of current",
    # a counter that holds a card shows it only to the seats that know it
    f"    set last_card to {TOP}",
    # a per-card counter the narration leaves out (the file marks others `shown`) no seat reads
    f"    if {TOP}.suit = spades:\n        increase {TOP}.mark by 1",
    # a local is not a counter (its say, if any, is warned of: test_said_from.py)
    f"    let k = 0\n    if {TOP}.suit = spades:\n        increase k by 1",
])
def test_a_counter_every_seat_could_follow_is_not_warned_of(ruleforge_cmd, tmp_path, line):
    path, r = deep(ruleforge_cmd, tmp_path, line)
    assert r.code == 0 and r.err == "" and r.out.endswith("views and replay: all hold\n")


# picks made face down, revealed together at the round's end (a Sushi Go! of three cards)
PICKS = """\
game "picks"
players 2
cards: standard deck in deck
zone deck "the deck": pile
zone hand per player: hand
zone picked per player "picked, face down": hand
zone played per player: pile, face up
counter spades_picked per player = 0, shown
counter rounds = 0
setup:
    deal 3 cards from deck to hand of each player
turn:
    current takes an action
action pick "Pick a card":
    with card in hand of current
    move card to picked of current
{at_pick}
when the round ends (reveal):
    for each p in players:
        for each c in cards in picked of p:
            reveal c to played of p
{at_reveal}
    increase rounds by 1
ending done "three rounds": nobody wins when rounds = 3 at round end
"""


def test_a_pick_counted_while_face_down_is_warned_of_and_one_counted_at_the_reveal_is_not(ruleforge_cmd, tmp_path):
    # the designer's report: every screen showed 'spades_picked of player 1: 0 → 1' while
    # the pick lay face down, and check --deep said all hold
    count = "increase spades_picked of {who} by 1"
    path = tmp_path / "picks.rules"
    path.write_text(PICKS.format(at_pick=f"    if card.suit = spades:\n        {count.format(who='current')}",
                                 at_reveal=""))
    r = ruleforge_cmd("check", "--deep", path, "--examples", 5)
    assert r.code == 0 and r.out.splitlines()[-1].endswith("all hold, 1 warning")
    assert r.err == f"{path}:18:9: warning: " + UNDER.format(name="spades_picked of player 1", test="17, column 8") + "\n"
    path.write_text(PICKS.format(at_pick="", at_reveal=f"            if c.suit = spades:\n"
                                                       f"                {count.format(who='p')}"))
    r = ruleforge_cmd("check", "--deep", path, "--examples", 5)
    assert r.code == 0 and r.err == "" and r.out.endswith("views and replay: all hold\n")


def test_only_check_deep_compiles_the_notes(ruleforge_cmd, tmp_path):
    from ruleforge.load import check_source
    from ruleforge.runtime.codegen import compile_game
    path = tmp_path / "tally.rules"
    path.write_text(TINY.format(line=f"    if {TOP}.suit = spades:\n        increase tally of current by 1\n"
                                     f"    set last_value to {TOP}.value"))
    plain = ruleforge_cmd("compile", path).out
    assert "counter_seen" not in plain and "cond_seen" not in plain
    _, checked = check_source(str(path), path.read_bytes(), {})
    deep = compile_game(checked, 2, str(path), deep=True).source
    assert [line.strip() for line in deep.splitlines() if "_seen(st" in line] == [
        "if st.observer is not None: cond_seen(st, 1, lambda R: (A_suit[seen_as(R, st, top_of(Z[(2, 3)"
        "[CUR[st.turn_pos]]]), 'suit')] == 'spades'))",
        "if st.observer is not None: counter_seen(st, lambda: 2 + CUR[st.turn_pos], (18, 9), ((1, 17, 8),), None, (), "
        "(18, 38), 'increase')",
        "if st.observer is not None: counter_seen(st, lambda: 4, (19, 5), (), lambda R: A_value[seen_as(R, st, "
        "top_of(Z[(2, 3)[CUR[st.turn_pos]]]), 'value')], (), (19, 23), 'set')"]


def test_each_change_that_tells_is_warned_of_at_its_own_place(ruleforge_cmd, tmp_path):
    # two changes that tell: the first the games met hid the second until it was fixed
    path, r = deep(ruleforge_cmd, tmp_path, f"    for each c in hand of current where c.suit = spades:\n"
                                            f"        increase spades_seen by 1\n    set last_value to {TOP}.value")
    assert r.code == 0 and r.out.splitlines()[-1].endswith("all hold, 2 warnings")
    assert r.err == (f"{path}:18:9: warning: " + UNDER.format(name="spades_seen", test="17, column 41") + "\n"
                     f"{path}:19:5: warning: " + VALUE.format(name="last_value", how="set here to",
                                                            value="19, column 23") + "\n")
