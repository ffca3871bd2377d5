"""check --deep warns of a `say` that writes a local or a value of the turn worked out from
cards some seat did not know (runtime/toldfrom.py, codegen/saidfrom.py)."""

from __future__ import annotations

import pytest

import ruleforge
from ruleforge.drivers.narrate import Narrator
from ruleforge.runtime.events import Said

from test_say import SMILES as TOTAL  # (the same small game: a hand each, a face-up table)

TOLD = ("tells every seat '{name}', worked out at line {at} from cards player 2 did not know, then or by the next "
        "decision (write the cards' attribute itself in the text to tell it only to the seats that know them, or "
        "say it after a reveal; if the rulebook has it announced, write 'announce' for 'say')")
SUM = '    let total = sum of c.value for each c in hand of current\n    say "{current} holds {total}"'


def test_a_said_sum_of_a_hidden_hand_is_told_to_every_seat(tmp_path):
    # what the warning is about: player 2 is told the value of player 1's hidden K♠
    path = tmp_path / "total.rules"
    path.write_text(TOTAL.format(line=SUM))
    game = ruleforge.load(path)
    st = game.new(0, record=True)  # the deck unshuffled: player 1 draws K♠, player 2 Q♠
    said = [e for e in st.record if isinstance(e, Said)]
    assert Narrator(game, 1, st).lines(said) == ["    — player 1 holds 13", "    — player 2 holds 12"]


@pytest.mark.parametrize("line, at, said, name, worked_out", [
    # `say "{total}"` told every seat a sum over a hidden hand, and nothing warned
    (SUM, "11:5", "player 1 holds 13", "total", "10, column 17"),
    # a sum built in a loop: each pass's card, and the old value
    ('    let total = 0\n    for each c in hand of current:\n        increase total by c.value\n'
     '    say "{current} holds {total}"', "13:5", "player 1 holds 13", "total", "12, column 27"),
    # a value of the turn, read by a local said: where the hidden card was read
    ('    let t = (top of hand of current).value for the turn\n    let w = t + 1\n    say "{current} holds {w}"',
     "12:5", "player 1 holds 14", "w", "10, column 13"),
    # said under a decision: the value is noted when it is worked out, not when said
    ('    let v = (top of hand of current).value\n    let ok = current chooses one of [1, 2] "to go on"\n'
     '    say "{current} had {v}"', "12:5", "player 1 had 13", "v", "10, column 13"),
])
def test_a_said_value_worked_out_from_hidden_cards_is_a_warning_at_its_say(tmp_path, ruleforge_cmd, line, at, said,
                                                                         name, worked_out):
    path = tmp_path / "total.rules"
    path.write_text(TOTAL.format(line=line))
    r = ruleforge_cmd("check", "--deep", path, "--examples", 2)
    assert r.code == 0
    assert r.out.splitlines()[-1].endswith("views and replay: all hold, 1 warning")
    assert r.err == f"{path}:{at}: warning: '{said}' {TOLD.format(name=name, at=worked_out)}\n"


@pytest.mark.parametrize("line", [
    # a face-up card: every seat knew it
    '    move top of deck to table\n    let v = (top of table).value\n    say "the table shows {v}"',
    # the rule shows the cards before the next decision, or before it works the value out
    SUM + '\n    reveal top of hand of current',
    '    reveal top of hand of current\n' + SUM,
    # a value that reads no card (a count of a hand is seen by all)
    '    let k = count of hand of current\n    say "{current} holds {k} cards"',
    # a card itself is told only to the seats that know it
    '    let c = top of hand of current\n    say "{current} holds {c}"',
])
def test_a_said_value_every_seat_knew_is_not_warned_of(tmp_path, ruleforge_cmd, line):
    path = tmp_path / "total.rules"
    path.write_text(TOTAL.format(line=line))
    r = ruleforge_cmd("check", "--deep", path, "--examples", 2)
    assert r.code == 0 and r.err == "" and r.out.endswith("views and replay: all hold\n")


def test_a_card_attribute_written_in_the_text_has_only_its_own_warning(tmp_path, ruleforge_cmd):
    path = tmp_path / "total.rules"
    path.write_text(TOTAL.format(line='    say "{current} holds {(top of hand of current).value}"'))
    r = ruleforge_cmd("check", "--deep", path, "--examples", 2)
    assert r.code == 0
    assert r.err == (f"{path}:10:5: warning: '13' in the text said here is worked out from cards player 2 did not "
                     "know, so that seat is told 'player 1 holds a hidden value' (say it once the cards are known, "
                     "after a reveal, if every player is to hear it)\n")


def test_only_check_deep_compiles_the_notes(tmp_path, ruleforge_cmd):
    from ruleforge.load import check_source
    from ruleforge.runtime.codegen import compile_game
    path = tmp_path / "total.rules"
    path.write_text(TOTAL.format(line=SUM + '\n    let k = count of hand of current\n    say "{k} cards"'))
    plain = ruleforge_cmd("compile", path).out
    assert "value_seen" not in plain and "told_from" not in plain
    _, checked = check_source(str(path), path.read_bytes(), {})
    deep = compile_game(checked, 2, str(path), deep=True).source
    assert [line.strip() for line in deep.splitlines() if "value_seen(" in line or "told_from=" in line] == [
        "if st.observer is not None: value_seen(st, 1, lambda R: sum([A_value[seen_as(R, st, e2, 'value')] "
        "for e2 in Z[(2, 3)[CUR[st.turn_pos]]]]), (), (10, 17))",
        "if st.observer is not None: say(st, lambda: said_text((lambda: STITLE[CUR[st.turn_pos]], ' holds ', "
        "lambda: str(total_3),)), (11, 5), told_from=((1, 'total'),))",
        # (a count reads no card, but derived.Taint counts it: noted as read from none)
        "if st.observer is not None: value_seen(st, 2, None, (), (12, 13))",
        "if st.observer is not None: say(st, lambda: said_text((lambda: str(k_6), ' cards',)), (13, 5), "
        "told_from=((2, 'k'),))"]
